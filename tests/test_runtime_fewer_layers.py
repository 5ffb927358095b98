"""The effect interpreter's shortcuts (issue #11, speed) keep the rules they stand for:
an Env made without the dataclass's __init__ is the Env it would make, a body of one
statement still stops when the Active Character leaves the board and when the game is
over, a keyword whose parameters ask nothing runs its body in a scope of its own, and an
event no one hears runs nothing.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's effects: tests/test_kernel_mayhem_effects.py and tests/test_kernel_speed_kfx*.py."""
from __future__ import annotations

import copy

import pytest

from mayhem.runtime.effects import Env, Stop, make_env
from mayhem.runtime.state import Activation

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


@pytest.fixture
def game(rules):
    return everyone_on_the_board(rules)


def let(name: str, value: int) -> dict:
    return {"op": "let", "name": name, "value": {"e": "num", "v": value}, "span": "test.mh:1:1-1:9"}


def test_make_env_is_the_env_the_dataclass_makes(game):
    fig = next(iter(game.state.figures.values()))
    card = {"qid": "box/card"}
    for args, kw in [(("p1", "black"), {}),
                     (("p2", "white", fig), {"holder": fig, "owner": "white", "source": "x:token"}),
                     ((None, None), {"here": 3, "source": "loc", "locals": {"$stands": fig}}),
                     (("p1", "black"), {"owner": "black", "card": card, "source": "box/card"})]:
        made, plain = make_env(*args, **kw), Env(*args, **kw)
        # every field, in the dataclass's order (Env.child copies them by __dict__)
        assert list(vars(made).items()) == list(vars(plain).items())


def test_two_envs_made_alike_share_no_dictionary(game):
    a, b = make_env("p1", "black"), make_env("p1", "black")
    a.locals["x"] = 1
    a.event["y"] = 2
    assert b.locals == {} and b.event == {}


def test_a_body_of_one_statement_runs_it_in_the_callers_scope(game):
    env = Env("p1", "black", None)
    assert list(game.engine.run([let("x", 4)], env)) == []
    assert env.locals == {"x": 4}


def test_a_body_of_one_statement_stops_when_the_active_character_left_the_board(game):
    eng, st = game.engine, game.state
    fig = next(f for f in st.characters() if f.location is not None)
    saved = copy.copy(st.active)
    st.active = Activation(fig.key, None, 1, 0)
    fig_at, fig.location = fig.location, None
    try:
        env = Env(fig.player, fig.team, fig)
        with pytest.raises(Stop):
            list(eng.run([let("x", 1)], env))
        assert "x" not in env.locals
    finally:
        fig.location, st.active = fig_at, saved


def test_a_body_of_one_statement_runs_nothing_once_the_game_is_over(game):
    st = game.state
    env = Env("p1", "black", None)
    st.winners = ["black"]
    try:
        assert list(game.engine.run([let("x", 1)], env)) == []
        assert env.locals == {}
    finally:
        st.winners = None


def test_a_keyword_whose_parameters_ask_nothing_binds_them_in_its_own_scope(game):
    eng = game.engine
    name, kw = next((n, k) for n, k in eng.rules.keywords.items() if k["params"] and "effect" in k["effects"])
    stmt = {"op": "keyword", "keyword": name, "span": "test.mh:1:1-1:9",
            "args": {p["name"]: {"e": "num", "v": 0} for p in kw["params"]}}
    env = Env("p1", "black", None)
    it = eng.run_stmt(stmt, env)
    for _decision in it:  # a keyword body may ask (a `may`): the test needs none
        it.close()
        break
    # its parameters were bound in the keyword's scope, never in the caller's
    assert not set(p["name"] for p in kw["params"]) & set(env.locals)


def test_an_event_no_one_hears_runs_nothing(game):
    eng = game.engine
    event = "no-such-event"
    assert eng.hearing(event)["heard"] is False and not eng.hearing(event)["reactions"]
    assert list(eng.emit(event, {})) == []


def test_a_figures_env_is_the_env_the_dataclass_makes(game):
    eng = game.engine
    for fig in game.state.figures.values():
        for source in (None, "box/card"):
            made = eng.fig_env(fig, source)
            plain = Env(eng.controller_of(fig), fig.team, fig, source=source or fig.comp["qid"])
            assert list(vars(made).items()) == list(vars(plain).items())
            assert made.locals is not eng.fig_env(fig, source).locals  # each its own scope
