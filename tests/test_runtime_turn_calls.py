"""The turn's shortcuts of issue #11 (fewer calls between two decisions) against the plain
forms they replace: a guard's `restricted()` asks one restriction without building the set
of them, `dice-of` of one Team reads its free dice in one pass, and a menu's actions walked
in one compiled function offer what each action's own walk offers.

Engine only (`engine_only`, the whole file): it reads the Mayhem engine's own state and methods,
which go with it; the kernel's menus: tests/test_kernel_speed_menus.py, test_kernel_speed_kmenu*.py and test_kernel_restrictions.py."""
from __future__ import annotations

from itertools import combinations

import pytest

from mayhem.runtime import declared_actions
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.turn_words import dice_of

pytestmark = pytest.mark.engine_only  # the engine's own state and methods (the docstring)


def _game(rules, seed: int = 3) -> Game:
    game = Game(rules, GameConfig("teen-titans-go", seed=seed))
    decision = game.start()
    while decision is not None and decision.kind != "turn":
        decision = game.act(decision.actions[0])
    return game


def test_restricts_is_membership_in_the_restriction_for_every_set_of_tokens(rules):
    """Each token type alone and in pairs, some with a count of 0 (kept in the Counter)."""
    eng = _game(rules).engine
    fig = next(f for f in eng.state.figures.values() if f.kind == "character")
    kinds = sorted(eng.rules.tokens)
    whats = {"no-move", "no-ability", "no-special", "move-or-ability", "nothing-of-the-kind"}
    for tok in kinds:
        whats.update(eng._restricted_by(tok))
    restricting = 0
    for n, held in enumerate([(t,) for t in kinds] + list(combinations(kinds, 2))):
        fig.tokens.clear()
        for i, tok in enumerate(held):  # every third pair holds none of its second token (a count of 0)
            fig.tokens[(tok, None, None)] = 0 if i == 1 and n % 3 == 0 else 1
        restriction = eng.restriction(fig)
        restricting += bool(restriction)
        for what in whats:
            assert eng.restricts(fig, what) == (what in restriction), (held, what)
    assert restricting > 0  # some token of the content restricts something


def test_dice_of_one_team_is_the_teams_free_faces_lowest_first_each_once(rules):
    eng = _game(rules).engine
    team = next(iter(eng.state.teams.values()))
    team.dice, team.placed = [5, 2, 5, 6, 2, 1], [False, False, False, True, True, False]
    env = declared_actions.team_env(eng, team.colour, team.players[0])
    assert dice_of(eng, env, None, None) == [1, 2, 5]
    assert dice_of(eng, env, team.colour, None) == [1, 2, 5]
    assert dice_of(eng, env, [team.colour], None) == [1, 2, 5]  # the general path, a list of Teams
    assert dice_of(eng, env, "no-such-team", None) == []


def test_a_menu_is_its_actions_own_walks_one_after_the_other(rules):
    """The one function of a menu (declared_plan.menu_function) against each declared action's
    own offer function, called in turn, at every turn menu of a seeded game."""
    game = Game(rules, GameConfig("looney-tunes", seed=6))
    eng = game.engine
    plans = declared_actions._plans(eng)
    decision, checked = game.start(), 0
    while decision is not None:
        st = eng.state
        if decision.kind in ("turn", "die"):
            fig = st.figures[st.active.figure] if decision.kind == "turn" else None
            group = decision.kind == "die"
            env = eng.fig_env(fig) if fig is not None else declared_actions.team_env(
                eng, _team_of(st, decision.player), decision.player)
            merged, _bound = declared_actions.menu(eng, fig, env, starts_turn=group)
            one_by_one = []
            inner = (eng.fig_env(fig) if fig is not None else env).child()
            for plan in plans[group]:  # each given its own empty `bound` (two verbs never offer one Action)
                plan.offer(eng, inner, inner.locals, fig.key if fig is not None else None, one_by_one, {})
            assert merged == one_by_one and [str(a) for a in merged] == decision.actions
            checked += 1
        decision = game.act(decision.actions[len(game.history) % len(decision.actions)])
    assert checked > 50


def _team_of(st, player: str) -> str:
    return next(colour for colour, team in st.teams.items() if player in team.players)
