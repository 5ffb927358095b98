"""`all team in X where ...` ranges over the Teams of X, not every Team: the Initiative of the
shared rules (content/shared/game.mh) picks its leaders with `all team in playing where
dice-total(it) == low`, where `playing` are the Teams with a Character still in the game.

"The player with the lowest total gets the Initiative. ... In the case of a tie, toss the
Initiative token to decide." (Round Start) A Team that is out of the game (Free-For-All: a
KO'ed Character "is permanently removed from the game") is no candidate, even when its dice
would tie.

Engine only (`engine_only`, the whole file): it reads the Mayhem engine's own state and methods,
which go with it; the kernel's Initiative among the Teams still playing: the scenarios initiative-lowest-total, ffa-initiative-rotates and ffa-shrink-last-player-kod."""
from __future__ import annotations

import pytest

from mayhem.runtime.effects import Env

from game_helpers import after_setup

pytestmark = pytest.mark.engine_only  # the engine's own state and methods (the docstring)

SPAN = "test.mh:1:1-1:9"


def _num(v: int) -> dict:
    return {"e": "num", "v": v, "span": SPAN}


def _dice_total(x: dict) -> dict:
    return {"e": "fn", "name": "dice-total", "args": {"of": x}, "span": SPAN}


def _teams_in(place: dict, where: dict | None) -> dict:
    return {"e": "select", "quant": "all", "count": None, "kind": "team", "in": place, "where": where, "span": SPAN}


def _value(eng, expr: dict, env: Env):
    fn, asks = eng.code.expr(expr)
    assert not asks
    return fn(eng, env)


def _three_players_one_out(rules):
    game = after_setup(rules, mode="free-for-all")
    st = game.state
    assert st.order == ["p1", "p2", "p3"]
    for key in st.teams["p2"].characters:  # p2's Character is KO'ed for good
        st.figures[key].eliminated = True
    for colour, dice in (("p1", [3]), ("p2", [2]), ("p3", [2])):  # p2's die would tie p3's
        st.teams[colour].dice = dice
        st.teams[colour].placed = [False]
    return game


def test_all_team_in_a_set_keeps_only_the_teams_of_the_set(rules):
    game = _three_players_one_out(rules)
    eng = game.engine
    env = Env(None, None, None, locals={"playing": ["p1", "p3"]})
    playing = {"e": "var", "name": "playing", "span": SPAN}
    assert _value(eng, _teams_in(playing, None), env) == ["p1", "p3"]
    # the Initiative's leaders: p2 ties p3's total but is out of the game
    leaders = _teams_in(playing, {"e": "cmp", "op": "==", "l": _dice_total({"e": "it", "name": "it", "span": SPAN}),
                                  "r": _num(2), "span": SPAN})
    assert _value(eng, leaders, env) == ["p3"]


def test_all_team_without_in_is_every_team_in_seat_order(rules):
    game = _three_players_one_out(rules)
    assert _value(game.engine, _teams_in(None, None), Env(None, None, None)) == ["p1", "p2", "p3"]


def test_a_one_team_selector_offers_only_the_teams_of_the_set(rules):
    game = _three_players_one_out(rules)
    eng = game.engine
    assert eng.candidates("team", eng.places(["p2", "p3"]), Env(None, None, None)) == ["p2", "p3"]
