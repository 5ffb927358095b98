"""The turn's menus with fewer opcodes, an eighth round (issue #11, speed; branch mspeed24), each
held to what it replaces: `can-play(card, T)` keeps what it reads of a card's printed
declaration by the card and asks the card's condition at every menu; `dice-of` written into a
joined expression gives its closure's value; the Team's menu sets `place-die`'s entries without
asking the menu first only while a dashboard's Ability ids differ; a character's own menu that
may offer nothing raises the empty menu's error itself (runtime/declared_plan.py,
runtime/declared_own.py, runtime/turn_words.py).

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

from itertools import product

import pytest

from mayhem.runtime import declared_actions, turn_words
from mayhem.runtime.declared_plan import menu_function
from mayhem.runtime.effects import Env
from mayhem.runtime.state import Activation

from game_helpers import everyone_on_the_board
from test_declared_plan import reference_menu

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"


@pytest.fixture(scope="module")
def looney(rules):
    return everyone_on_the_board(rules, "looney-tunes", None)


@pytest.fixture(scope="module")
def titans(rules):
    return everyone_on_the_board(rules)


def _card(eng, box: str, card_id: str) -> str:
    return next(q for q, c in eng.rules.by_qid.items() if c.get("kind") == "mayhem-card" and c["id"] == card_id
                and q.startswith(f"{box}/"))


def test_a_cards_condition_is_asked_at_every_menu_its_timing_kept(looney):
    """Luckiest Varmint (`timing activation`, `effect when active is friend`) is offered while
    the Activation is a friend's and not once it is an opponent's, between two menus of one
    character: its condition is not kept with its timing. Cards of another timing are never
    offered; every menu is the declarations walked naively."""
    game = looney
    eng, st = game.engine, game.state
    team = next(iter(st.teams.values()))
    fig = st.figures[team.characters[0]]
    foe = next(f for f in st.characters() if f.team != fig.team)
    lucky, other_timings = _card(eng, "looney-tunes", "luckiest-varmint"), \
        [_card(eng, "looney-tunes", "dice-guys"), _card(eng, "looney-tunes", "wrong-instructions")]
    player = fig.player
    saved = st.active, st.active_team, list(team.hands.get(player, [])), team.played_this_round

    def plays() -> list[str]:
        options, _bound = declared_actions.menu(eng, fig, eng.fig_env(fig))
        assert [str(a) for a in options] == reference_menu(eng, fig, eng.fig_env(fig), False)
        return [str(a) for a in options if a.verb == "play"]
    try:
        team.hands[player] = [lucky, *other_timings]
        team.played_this_round = False
        st.active_team = fig.team
        for _ in range(2):  # the second time from the kept table
            st.active = Activation(fig.key, eng.abilities(fig)[0]["id"], 6, 0)
            assert plays() == ["play luckiest-varmint"]
            st.active = Activation(foe.key, eng.abilities(foe)[0]["id"], 6, 0)
            assert plays() == []
        team.played_this_round = True
        st.active = Activation(fig.key, eng.abilities(fig)[0]["id"], 6, 0)
        assert plays() == []
    finally:
        st.active, st.active_team = saved[0], saved[1]
        team.hands[player] = saved[2]
        team.played_this_round = saved[3]


def test_dice_of_written_in_gives_the_closures_value(titans):
    """`dice-of` of the Env's Team, of a Team by colour, of an unknown colour and of a list of
    Teams, with dice placed and free: the joined source (no call for one Team) and the closure
    agree."""
    eng, st = titans.engine, titans.state
    f, asks = eng.code.expr({"e": "fn", "name": "dice-of", "span": SPAN,
                             "args": {"of": {"e": "var", "name": "x", "span": SPAN}}})
    assert not asks and "TW_COMPRESS(" in f.src
    teams = list(st.teams.values())
    saved = [(list(t.dice), list(t.placed)) for t in teams]
    try:
        for dice, placed in [([], []), ([3, 5, 3], [False, False, False]), ([6, 1, 2], [True, False, True]),
                             ([4, 4], [True, True])]:
            teams[0].dice, teams[0].placed = list(dice), list(placed)
            for x, team in product([None, teams[0].colour, teams[1].colour, "nobody", [t.colour for t in teams]],
                                   [teams[0].colour, teams[1].colour]):
                env = Env("p1", team)
                env.locals = {"x": x}
                assert f(eng, env) == turn_words.dice_of(eng, env, x, None), (dice, placed, x, team)
    finally:
        for t, (dice, placed) in zip(teams, saved):
            t.dice, t.placed = dice, placed


def test_the_teams_menu_offers_the_first_of_two_abilities_of_one_id(titans):
    """A dashboard with two Abilities of one id (the second a copy of the first): `place-die`
    prints both alike, so the first one's entry is kept, as the plain walk keeps it; on a
    dashboard whose ids differ, each Ability has its own action. The entries are set without
    asking the menu only in that second case (own_abilities' third part)."""
    eng, st = titans.engine, titans.state
    team = next(iter(st.teams.values()))
    fig = st.figures[team.characters[0]]
    first = eng.abilities(fig)[0]
    twin = {**fig.side, "qid": fig.side["qid"] + "-twin",
            "children": [*fig.side["children"], {**first, "name": "A second copy"}]}
    saved = fig.side, list(fig.activations), list(team.dice), list(team.placed)
    env = declared_actions.team_env(eng, team.colour, team.players[0])
    try:
        team.dice, team.placed = [3, 5], [False, False]
        fig.activations.clear()
        for side in (saved[0], twin, saved[0]):
            fig.side = side
            options, bound = declared_actions.menu(eng, None, env, starts_turn=True)
            assert [str(a) for a in options] == reference_menu(eng, None, env, True)
            mine = [a for a in options if str(a).startswith(f"place-die 3 {fig.key}/{first['id']}")]
            assert len(mine) == 1 and bound[mine[0]][1][1] is first
    finally:
        fig.side = saved[0]
        fig.activations[:] = saved[1]
        team.dice, team.placed = saved[2], saved[3]


def test_the_teams_menu_asks_the_second_activation_anew(titans):
    """`place-die`'s guard reads `figures-of(my-team)` from its domain's list (declared_plan.shared):
    a figure that activated once is offered again only while its Team's other character is off
    the board and has not activated, menu by menu."""
    eng, st = titans.engine, titans.state
    team = next(iter(st.teams.values()))
    fig, other = (st.figures[k] for k in team.characters[:2])
    saved = list(fig.activations), list(other.activations), other.location, list(team.dice), list(team.placed)
    env = declared_actions.team_env(eng, team.colour, team.players[0])
    second = eng.abilities(fig)[1]["id"]

    def offered() -> bool:
        options = [str(a) for a in declared_actions.menu(eng, None, env, starts_turn=True)[0]]
        assert options == reference_menu(eng, None, env, True)
        return f"place-die 3 {fig.key}/{second}" in options
    try:
        team.dice, team.placed = [3], [False]
        fig.activations[:] = [eng.abilities(fig)[0]["id"]]
        other.activations.clear()
        assert not offered()
        board = st.board.locations[other.location].figures
        board.remove(other.key)
        other.location = None
        assert offered()
        other.activations.append(eng.abilities(other)[0]["id"])
        assert not offered()
    finally:
        fig.activations[:] = saved[0]
        other.activations[:] = saved[1]
        if other.location is None:
            other.location = saved[2]
            st.board.locations[saved[2]].figures.append(other.key)
        team.dice, team.placed = saved[3], saved[4]


def test_a_characters_menu_that_may_offer_nothing_raises_its_error(titans):
    """A character's own menu without an action offered at every menu asks whether it offers
    nothing and raises the empty menu's error (declared_actions.no_action); with `end-turn` it
    never asks."""
    eng, st = titans.engine, titans.state
    fig = st.figures[next(iter(st.teams.values())).characters[0]]
    plans = declared_actions._plans(eng)[False]
    resolve = menu_function("menu test", [p.parts for p in plans if p.decl.verb == "resolve"], eng, fig,
                            declared_actions.no_action)
    whole = menu_function("menu test", [p.parts for p in plans], eng, fig, declared_actions.no_action)
    assert "EMPTY(" in resolve.src and "EMPTY(" not in whole.src
    saved = st.active
    try:
        st.active = None
        with pytest.raises(declared_actions.DeclarationError, match="offers no action"):
            resolve(eng, eng.fig_env(fig))
        assert [a.verb for a in whole(eng, eng.fig_env(fig))[0]][-1] == "end-turn"
    finally:
        st.active = saved
