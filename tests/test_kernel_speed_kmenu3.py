"""The menus and board queries of the Mayhem rules on the kernel, third pass (docs/kernel.md, "Menus kept
across decisions"): a menu's env holding `here` and `my-team`, `open` and `has-icon` reading the tiles'
printed facts once per rules, the bots' `bots-wait-for` read in the joined texts, a piece's
controller without a call per player: each the same answers as the plain reading it replaces."""
from __future__ import annotations

import random

from mayhem.runtime.kernel.effects import Run

from kernel_speed_common import at_first_die, titans  # noqa: F401 - titans: a fixture


def _played(rules, seed: int, decisions: int):
    """A game of `rules` played `decisions` decisions on from its first die (seeded answers), and
    every state on the way (clones) with its decision's actions."""
    game, decision = at_first_die(rules, seed)
    rng, seen = random.Random(seed), []
    for _ in range(decisions):
        if game.state.result is not None or not decision.actions:
            break
        seen.append((game.state.clone(), list(decision.actions)))
        decision = game.act(rng.choice(decision.actions))
    return game, seen


def _plain_open(run, space) -> bool:
    """layout.has_room as it was: the capacity through tile_property, the figures counted (a figure
    that stands for a piece, a Monster, fills no place: kcomp2's rule)."""
    from mayhem.runtime.kernel.layout import tile_property
    layout = run.rules.layout
    if layout.printed.get(space) is None or layout.capacity is None:
        return True
    cap = tile_property(run, space, layout.capacity)
    return cap is None or sum(1 for f in run.state.figures.values()
                                  if f["space"] == space and "piece" not in f) < cap


def _plain_icon(run, space, icon: str) -> bool:
    from mayhem.runtime.kernel.layout import tile_property
    layout = run.rules.layout
    if space not in layout.printed:
        return False
    return icon.split(":")[-1] in (tile_property(run, space, layout.icons) or ())


def test_open_and_has_icon_answer_as_the_tiles_printed_properties_face_up_and_face_down(titans):
    """`open(space)` and `has-icon(space, icon)` read each tile's printed capacity and icons once
    per rules (kept on the Layout): at states of a seeded game, and with the board laid face down
    (a capacity for every tile, no icon), every tile answers as tile_property's reading."""
    from mayhem.runtime.kernel.layout import open_space
    from mayhem.runtime.kernel.vocabulary import has_icon
    game, seen = _played(titans, 3, 30)
    layout = titans.layout
    icons = sorted({i for card in layout.printed.values() for i in (card.props.get(layout.icons) or ())})
    assert icons and layout.capacity is not None
    checked = 0
    for state, _actions in seen[::5]:
        for down in (None, 1):
            if down is not None:
                state = state.clone()
                state.board["down"] = down
            run = Run(game, [])
            run.state = state
            for space in [*layout.printed, "no-such-space", None]:
                assert open_space(run, None, space) == _plain_open(run, space), (space, down)
                assert open_space(run, None, where=space) == open_space(run, None, space)
                for icon in icons:
                    qid = f"box:icon:{icon}"
                    assert has_icon(run, None, qid, space=space) == _plain_icon(run, space, qid), (space, icon)
                    checked += 1
    assert checked > 100 and isinstance(layout.caps_printed, dict) and isinstance(layout.icons_printed, dict)


def test_a_menu_in_its_base_env_lists_what_the_plain_env_lists(titans):
    """actions._base puts `here` (the Active figure's space) and `my-team` in the env every verb
    of the menu is asked in: at each decision of two seeded games, the generated menu asked with
    the plain env (`me` alone) lists the same actions, in the same order, with the same texts."""
    from mayhem.runtime.kernel import actions
    from mayhem.runtime.kernel.menus import menu_of
    compared = 0
    for seed in (1, 6):
        game, seen = _played(titans, seed, 40)
        for state, _actions in seen:
            game.state = state
            run = Run(game, [])
            based = actions._base(state)
            assert based["ctx:me"] == state.active and "_my-team" in based
            if "ctx:here" in based:
                assert based["ctx:here"] == state.figures[state.active_figure]["space"]
            menus = []
            for env in (based, {"ctx:me": state.active}):
                texts, out = [], []
                menu_of(game)(game, run, env, set(), texts, out)
                menus.append((texts, out))
            assert menus[0] == menus[1]
            compared += bool(menus[0][0])
    assert compared > 40


def test_a_bot_waits_as_the_plain_filter_of_each_action_says():
    """waits.waiting reads whether a verb is offered in the actions' texts joined once: a verb
    alone or followed by its arguments, not a verb that only begins alike."""
    from mayhem.runtime.kernel.waits import waiting

    def plain(waits, actions):
        def of(text, verb):
            return text == verb or text.startswith(verb + " ")
        out = actions
        for verb, until in waits:
            if any(of(a, v) for a in actions for v in until):
                out = [a for a in out if not of(a, verb)]
        return out if out else actions

    waits = (("end-turn", ("resolve",)),)
    cases = [["move x l1", "resolve x/a", "end-turn"], ["resolved-x", "end-turn"], ["resolve", "end-turn"],
             ["end-turn"], ["resolve x/a"], ["end-turn x", "end-turnx", "resolve q", "play 3"], []]
    for actions in cases:
        assert waiting(waits, actions) == plain(waits, actions), actions
    assert waiting(waits, cases[1]) is cases[1]  # nothing to wait for: the same list
    assert waiting(waits, cases[0]) == ["move x l1", "resolve x/a"]


def test_a_pieces_controller_is_the_plain_reading_for_every_figure_and_team(titans):
    """spaces.controller finds a Team's first player still in without state.in_game() and a
    team_of() per player: the same player for every figure and Team, whoever is in turn or out."""
    from mayhem.runtime.kernel.spaces import controller

    def plain(state, kind, holder):
        owner = state.figures[holder]["owner"] if kind == "figure" else holder
        if owner is None or owner in state.players:
            return owner if owner is not None else state.active
        if state.active is not None and state.team_of(state.active) == owner:
            return state.active
        members = [p for p in state.in_game() if state.team_of(p) == owner]
        return members[0] if members else state.active

    game, _decision = at_first_die(titans, 2)
    state = game.state.clone()
    asked = 0
    for active in [*state.players, None]:
        for out in ([], state.players[:1]):
            state.active, state.out = active, out
            for figure in state.figures:
                assert controller(state, "figure", figure) == plain(state, "figure", figure)
                asked += 1
            for team in state.teams:
                assert controller(state, "team", team) == plain(state, "team", team)
    assert asked > 10 and state.teams


def test_the_figures_of_a_relation_are_those_related_says(titans):
    """relations.figures_in works out each owner's side once per call, not a test call per figure:
    for every kind, with and without a set, for each player acting and each Active figure of a
    seeded game's states, the figures `related`'s test keeps, in order."""
    from mayhem.runtime.kernel.relations import figures_in, related
    game, seen = _played(titans, 5, 24)
    kinds = ("figure", "player-figure", "friend", "teammate", "opponent", "foe")
    compared = 0
    for state, _actions in seen[::3]:
        run = Run(game, [])
        run.state = state
        spaces = sorted({x["space"] for x in state.figures.values() if x["space"] is not None})
        for me in state.players:
            env = {"ctx:me": me}
            for kind in kinds:
                test = related(run, env, kind)
                for values in (None, spaces[:2], [next(iter(state.figures)), *spaces[-1:]], []):
                    every = None if values is None else values
                    plain = [f for f, x in state.figures.items()
                             if (x["space"] is not None if every is None else
                                 f in every or (x["space"] is not None and x["space"] in every)) and test(f)]
                    assert figures_in(run, env, kind, values) == plain, (kind, values)
                    compared += bool(plain)
    assert compared > 50


def test_a_walk_asks_a_levels_guard_before_it_lists_the_domain(titans, monkeypatch):
    """`move (location = adjacent)` guarded by `free-move-available and can-move(self) and
    open(location)`: the parts that read no parameter are asked first, so once the Active figure
    has moved, the menu lists no adjacent space at all (relations' `adjacent` is not called);
    before it moves, it does, and offers the moves."""
    from mayhem.runtime.kernel import relations
    game, decision = at_first_die(titans, 0)
    decision = game.act(next(a for a in decision.actions if a.startswith("place-die")))
    calls = []
    plain = relations.CONTEXT["adjacent"]
    monkeypatch.setitem(relations.CONTEXT, "adjacent", lambda run, env: calls.append(1) or plain(run, env))
    from mayhem.runtime.kernel.actions import menu
    texts = menu(game)[1]
    assert calls and any(t.startswith("move ") for t in texts)
    decision = game.act(next(t for t in texts if t.startswith("move ")))
    calls.clear()
    texts = menu(game)[1]
    assert not calls and not any(t.startswith("move ") for t in texts) and "end-turn" in texts
