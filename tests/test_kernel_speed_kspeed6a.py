"""The menus of the Mayhem rules on the kernel, sixth pass (docs/kernel.md, "Speed, sixth pass: the
menus"): `abilities-of` listing each part once, menu() reading its env and its kept function in
place, `special-of`'s zones kept per figure, a random bot's pick in one function: each against
the plain reading it replaces, over seeded games."""
from __future__ import annotations

import random

from mayhem.runtime.kernel import actions, figure_parts, primitives
from mayhem.runtime.kernel.draws import index_drawer
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.menus import menu_of
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.structure import KernelConfig
from mayhem.runtime.kernel.waits import drawn, index_of_waiting

from kernel_speed_common import at_first_die, digest, titans, titans_rules  # noqa: F401 - titans: a fixture


def _played(rules, seed: int, decisions: int):
    """Every state of a seeded game from its first die on (clones), up to `decisions` answers."""
    game, decision = at_first_die(rules, seed)
    rng, seen = random.Random(seed), []
    for _ in range(decisions):
        if game.state.result is not None or not decision.actions:
            break
        seen.append(game.state.clone())
        decision = game.act(rng.choice(decision.actions))
    return game, seen


def _parts_twice(run, env, figure) -> list:
    """abilities-of as it read before this pass (one figure): each zone of its card's parts in
    printed order, a type's zone as many times as the card has parts of it."""
    state = run.state
    fig = state.figures.get(figure)
    if fig is None or "card" not in fig:
        return []
    card = fig.get("side") or fig["card"]
    out = []
    for prefix in figure_parts._prefixes(run.rules).get(card, ()):
        out += state.zones.get(prefix + figure, [])
    return out


def test_abilities_of_lists_each_part_of_a_figure_once_in_printed_order(titans):
    """At states of a seeded game, every figure's `abilities-of` is the old reading with its
    repeats left out (first places kept), and some figure did list its Abilities twice."""
    game, seen = _played(titans, 2, 40)
    twice = checked = 0
    for state in seen[::4]:
        run = Run(game, [])
        run.state = state
        for figure in state.figures:
            old = _parts_twice(run, None, figure)
            assert figure_parts.abilities_of(run, None, figure) == list(dict.fromkeys(old)), figure
            twice += len(old) > len(set(old))
            checked += 1
        both = list(state.figures)[:2]
        assert figure_parts.abilities_of(run, None, both) == sorted(set().union(
            *(_parts_twice(run, None, f) for f in both)))
    assert checked > 20 and twice > 0


def test_the_seeded_games_are_the_same_with_each_ability_listed_twice(monkeypatch):
    """`place-die`'s menu offered each Ability once though `abilities-of` listed it twice (the
    copy printed alike): rules loaded with the old reading play the same seeded games, asking
    `activated` more often."""
    asked = {"new": 0, "old": 0}
    real = figure_parts.activated

    def counted(key):
        def activated(run, env, figure=None, **given):
            asked[key] += 1
            return real(run, env, figure, **given)
        return activated

    digests = {}
    for key, parts in (("new", figure_parts.abilities_of), ("old", _parts_twice)):
        monkeypatch.setitem(primitives.FUNCTIONS, "abilities-of", parts)
        monkeypatch.setitem(primitives.FUNCTIONS, "activated", counted(key))
        rules = titans_rules()  # compiled again: the words bound as the table has them now
        digests[key] = [digest(play_game(rules, KernelConfig(players=2, seed=seed, max_turns=200), ["random"]))
                        for seed in (0, 3)]
    assert digests["new"] == digests["old"]
    assert 0 < asked["new"] < asked["old"]


def test_menu_reads_its_env_and_kept_function_as_base_and_menu_of_make_them(titans):
    """menu() writes _base and menus.menu_of's kept function out: at each decision of two seeded
    games (the dice placed, the Active figure's actions, the fallback), the same actions and texts
    as the generated menu asked with _base's env, as menu_of gives it."""
    kinds = set()
    for seed in (1, 5):
        game, seen = _played(titans, seed, 60)
        for state in seen:
            game.state = state
            for fallback in (False, True):
                out, texts = actions.menu(game, fallback)
                run = Run(game, [])
                plain_texts, plain = [], []
                menu_of(game, fallback)(game, run, actions._base(state), set(), plain_texts, plain)
                if not plain and game.rules.turn_fallbacks and not fallback:
                    plain, plain_texts = actions.fallback_menu(game)
                assert (texts, out) == (plain_texts, plain), (seed, fallback)
                kinds.add((fallback, texts[0].split(" ")[0] if texts else None))
    assert {"place-die", "move", "forfeit"} <= {verb for _f, verb in kinds}


def test_special_of_keeps_each_figures_zones_by_its_card_and_figure(titans):
    """`special-of` reads the zones of a figure's `once` parts kept per (card, figure): the same
    part as the zones named anew at every state, and another card's when the figure plays a side."""
    from mayhem.runtime.kernel.specials import _specials, special_of
    game, seen = _played(titans, 4, 30)

    def plain(run, figure):
        fig = run.state.figures.get(figure)
        if fig is None or "card" not in fig:
            return None
        card = fig.get("side") or fig["card"]
        for ctype in _specials(run.rules, card):
            if run.state.zones.get(f"{ctype}/{figure}"):
                return run.state.zones[f"{ctype}/{figure}"][0]
        return None

    found = 0
    for state in seen[::3]:
        run = Run(game, [])
        run.state = state
        for figure in [*state.figures, "nobody"]:
            assert special_of(run, None, figure) == plain(run, figure), figure
            found += special_of(run, None, figure) is not None
    state = seen[-1].clone()
    run = Run(game, [])
    run.state = state
    figure = next(f for f in state.figures if special_of(run, None, f) is not None)
    before = special_of(run, None, figure)
    bare = next(qid for qid in titans.cards if qid not in titans.dash.parts)  # a card with no parts
    state.figures[figure]["side"] = bare  # played as another card: its (none) `once` parts read
    assert special_of(run, None, figure) == plain(run, figure) != before
    assert found > 10


def test_a_random_bots_pick_in_one_function_draws_as_waiting_and_the_index_drawer():
    """waits.drawn (waiting and the draw written out) gives the same places and draws the same
    bits as index_of_waiting(waits, index_drawer(gen)): menus where a verb waits and where none
    does, a count alone, a menu of only the waiting verb."""
    waits = (("end-turn", ("resolve",)), ("pass", ("bid", "raise")))
    menus = [["move a", "resolve x", "end-turn"], ["move a", "end-turn"], ["end-turn", "resolve x"],
             ["end-turn"], ["bid 2", "pass", "bid 3", "end-turn"], ["resolve", "end-turn", "pass"],
             ["end-turns", "resolve-all", "pass 2"], 5, 1, 17]
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        plain, fused = index_of_waiting(waits, index_drawer(a)), drawn(waits, b.getrandbits)
        for actions_ in menus * 3:
            assert fused(actions_) == plain(actions_), (seed, actions_)
        assert a.getstate() == b.getstate()
    draws = [drawn(waits, random.Random(1).getrandbits)(["move a", "resolve x", "end-turn"]) for _ in range(3)]
    assert 2 not in draws  # end-turn waits while resolve is offered


def test_a_walks_pure_last_guard_asked_before_printing_lists_the_same_menus(titans, monkeypatch):
    """walks.py asks a pure last guard (`can-use(special)`, `open(location)`) before it prints the
    combination: at each decision of two seeded games the same actions and texts as the walks
    that printed first, with fewer labels made."""
    from mayhem.runtime.kernel import labels as labels_module, walks
    made = {}
    real = labels_module.labels
    monkeypatch.setattr(actions, "_WHOLE", [False])  # the walks as functions (menus.whole_of writes them in)

    for first in (True, False):
        asked = [0]

        def counted(game, values, cards=True, asked=asked):
            asked[0] += 1
            return real(game, values, cards)

        monkeypatch.setattr(walks, "labels", counted)
        monkeypatch.setattr(walks, "_MADE", {})
        menus, labelled = [], 0
        walks._GUARD_FIRST[0] = first
        try:
            for seed in (3, 7):
                game, seen = _played(titans, seed, 50)
                game.__dict__.pop("_menus", None)  # the menus made again, with these walks
                asked[0] = 0  # the labels made by the menus below
                for state in seen:
                    game.state = state
                    menus.append(actions.menu(game))
                labelled += asked[0]
        finally:
            walks._GUARD_FIRST[0] = True
        made[first] = (menus, labelled)
    assert made[True][0] == made[False][0]
    assert sum(1 for out, _texts in made[True][0] if any(a.verb == "use" for a in out)) > 0
    assert made[True][1] < made[False][1]


def test_the_menus_hot_functions_make_no_cells(titans):
    """A comprehension or generator that reads a function's local makes it a cell: created at
    every call, read through it everywhere (Python 3.11). The menus' hot functions, a random
    bot's pick and the generated menus of a seeded game have none."""
    import random as _random
    from mayhem.runtime.kernel import labels, specials
    hot = [labels.labels, figure_parts.abilities_of, figure_parts.activations, figure_parts.activated,
           specials.special_of, specials.can_use, actions.menu, drawn((("end-turn", ("resolve",)),),
                                                                      _random.Random(0).getrandbits)]
    game, seen = _played(titans, 1, 30)
    made = [menu_of(game, False), menu_of(game, True), game._whole[1]]  # menu_of's, the whole menu (menus.whole_of)
    for fn in hot + made:
        assert fn.__code__.co_cellvars == (), (fn.__qualname__, fn.__code__.co_cellvars)
