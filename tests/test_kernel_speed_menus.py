"""The menus of the Mayhem rules generated (docs/kernel.md, "Menus of the Mayhem rules,
generated"), held to what they replace, in a Mayhem box naming `game mayhem`: the turn's menu
one function per set of actions it offers (menus.py) and a chained action's walk one function
per plan (walks.py), against menu()'s loop and chained_menu's walk as written; the figure's
parts read from their zones (figure_parts.py) against the parts listed; and the kept functions
changing with what they were made for (the Active figure, the game's plans)."""
from __future__ import annotations

import random

from mayhem.runtime.kernel import KernelConfig, KernelGame
from mayhem.runtime.kernel.effects import Run

from kernel_speed_common import at_first_die, titans  # noqa: F401 - titans: a fixture


def _walked(game, monkeypatch) -> tuple[list, list]:
    """actions.menu as written before menus.py and walks.py: the loop over the plans, the walk."""
    from mayhem.runtime.kernel import actions, chained
    with monkeypatch.context() as m:
        m.setattr(actions, "_GENERATED", [False])
        m.setattr(chained, "_GENERATED", [False])
        return actions.menu(game)


def test_the_generated_menus_are_the_walked_ones_at_every_choice_of_a_seeded_game(titans, monkeypatch):
    """At every choice of an action (a die placed, a Move, an Ability, a token, a card, the
    turn's end), the generated menu lists the same actions, values and strings in the same
    order as the loop and the walk; the generated functions were the ones asked."""
    from mayhem.runtime.kernel import actions
    game = KernelGame(titans, KernelConfig(players=2, seed=3))
    pick = random.Random(3)
    decision, compared, verbs = game.start(), 0, set()
    while decision is not None and compared < 80:
        if decision.kind == "action":
            legal, texts = actions.menu(game)
            walked = _walked(game, monkeypatch)
            with monkeypatch.context() as m:  # menus.menu_of's kept functions (the whole menu: kspeed7c's test)
                m.setattr(actions, "_WHOLE", [False])
                assert actions.menu(game)[1] == texts
            assert texts == walked[1] == decision.actions
            assert [(a.verb, a.args) for a in legal] == [(a.verb, a.args) for a in walked[0]]
            compared += 1
            verbs |= {a.verb for a in legal}
        decision = game.act(pick.choice(decision.actions))
    assert compared == 80 and {"place-die", "move", "resolve", "end-turn"} <= verbs
    made = game.__dict__["_menus"][1]  # the turn's menus, kept by (a figure Active, fallback)
    assert {(False, False), (True, False)} <= set(made)
    assert all("def menu" in fn.source for fn in made.values())
    assert "W" in made[(False, False)].source  # place-die: its walk, generated (walks.py)


def test_a_chained_action_s_walk_is_one_generated_function_of_nested_loops(titans):
    """place-die's walk: a loop per parameter, the dice listed once per menu, the guard's parts
    written in and asked at their level, the form's pieces joined as constants; made once per plan."""
    from mayhem.runtime.kernel.actions import _plan
    from mayhem.runtime.kernel.walks import walk_of
    action = titans.actions["place-die"]
    domains, keys, _once, _alone, guard = _plan(action)[:5]
    walk = walk_of("place-die", domains, keys, guard, action.cards, action)
    assert walk is walk_of("place-die", domains, keys, guard, action.cards, action)
    src = walk.source
    # the dice listed once per menu, first: none free, no walk at all
    assert src.count("for j") == 3 and " if not f2: return" in src and src.index("if not f2") < src.index("for j0")
    # the domains and the guard's parts written in, each with the env of its level; none per combination
    assert "  env = e1\n  if not (" in src and "   env = e2\n   if not (" in src and "env = e3" not in src
    # a level's guard before its domain is listed (`location-of(figure)` before `abilities-of(figure)`)
    assert src.index("  env = e1\n  if not (") < src.index("v1 = v if") < src.index("   env = e2\n   if not (")
    assert "D0(" not in src and "L1(" not in src and "G(run" not in src
    assert "S0 + b2[j2]" in src  # `{value:int} {figure}/{ability}`: the die's label first
    # labelled where a combination is printed, not where listed (no guard under the dice: just above
    # their loop, with the text's tail, kspeed8a); `activations(figure)` kept per figure
    assert src.index("v2 = f2") < src.index("b1 = labels(") < src.index("tl = ") < src.index("for j2") and "b1 = None" in src
    assert "t = S0 + b2[j2] + tl" in src
    assert "  m2_1 = ((True if (((_" in src and "if not m2_1: continue" in src and src.index("m2_1 = (") < src.index("for j1")


def test_the_menu_kept_for_the_turn_changes_when_a_figure_becomes_active(titans):
    """The menu function is the one of the actions that start a turn until a die is placed,
    then the Active figure's; a new game's plans get their own."""
    from mayhem.runtime.kernel.menus import menu_of
    game, decision = at_first_die(titans, 1)
    starting = menu_of(game)
    assert menu_of(game) is starting and starting.verbs == ("place-die",)
    decision = game.act(next(a for a in decision.actions if a.startswith("place-die")))
    active = menu_of(game)
    assert active is not starting and "end-turn" in active.verbs and "place-die" not in active.verbs
    other = KernelGame(titans, KernelConfig(players=2, seed=1))
    other.start()
    assert menu_of(other) is not starting


def test_a_figure_s_parts_read_from_their_zones_are_the_parts_listed(titans):
    """activated and activations by the zone a part lies in (state.places) answer as the parts
    listed (abilities-of) do, before and after a die is placed, for a figure, a part of another
    figure, a list of figures and a value that is no figure."""
    from mayhem.runtime.kernel import figure_parts as fp
    game, decision = at_first_die(titans, 2)

    def listed(run, figure, part=None):
        parts = fp.abilities_of(run, {}, figure)
        dice = run.state.dice.values()
        if part is None:
            return sum(1 for x in dice if x["on"] in set(parts))
        return part in parts and any(x["on"] == part for x in dice)

    for step in range(2):
        run = Run(game, [])
        figures = list(game.state.figures)
        parts = [p for f in figures for p in fp.abilities_of(run, {}, f)]
        assert parts
        for figure in figures + [figures[:2], "nobody", None]:
            assert fp.activations(run, {}, figure) == listed(run, figure)
            for part in parts:
                assert fp.activated(run, {}, figure, ability=part) == listed(run, figure, part)
        if step == 0:
            decision = game.act(next(a for a in decision.actions if a.startswith("place-die")))
    assert sum(fp.activations(run, {}, f) for f in game.state.figures) == 1
