"""A selector's condition binds `it` in the Env it runs in, not in a copy of it (issue #11,
speed): the condition sees every local of that Env and `it`; a selector inside a condition
binds its own `it` and gives back the outer one; once the selector is done the Env's scope is
exactly what it was, whether it held an `it` before or not.

Engine only (`engine_only`, the whole file): it reads the Mayhem engine's own state and methods,
which go with it; the kernel's selectors: tests/test_kernel_language.py and test_kernel_relations.py."""
from __future__ import annotations

import pytest

from mayhem.runtime.effects import Env

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own state and methods (the docstring)

SPAN = "test.mh:1:1-1:9"


def it() -> dict:
    return {"e": "it", "name": "it", "span": SPAN}


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": SPAN}


def team_of(x: dict) -> dict:
    return {"e": "fn", "name": "team-of", "args": {"figure": x}, "span": SPAN}


def eq(a: dict, b: dict) -> dict:
    return {"e": "cmp", "op": "==", "l": a, "r": b, "span": SPAN}


def select(quant: str, where: dict | None, kind: str = "character") -> dict:
    return {"e": "select", "quant": quant, "count": None, "kind": kind, "in": None, "where": where, "span": SPAN}


def value(eng, expr: dict, env: Env):
    fn, asks = eng.code.expr(expr)
    assert not asks
    return fn(eng, env)


def test_a_selector_leaves_the_scope_as_it_was(rules):
    game = everyone_on_the_board(rules)
    eng = game.engine
    chars = sorted((f for f in game.state.figures.values() if f.kind == "character" and f.location is not None),
                   key=lambda f: f.key)
    mine = chars[0]
    # every character of the Team of the local `who`: the condition reads `it` and a local
    expr = select("all", eq(team_of(it()), team_of(var("who"))))
    env = Env("p1", mine.team, mine, locals={"who": mine})
    got = value(eng, expr, env)
    assert got == [f for f in game.state.figures.values() if f.kind == "character" and f.location is not None
                   and f.team == mine.team]
    assert env.locals == {"who": mine}  # no `it` left behind
    env.locals["it"] = "outer"
    assert value(eng, expr, env) == got
    assert env.locals == {"who": mine, "it": "outer"}  # the `it` it held, given back
    # nothing to select: the scope is untouched too
    nobody = select("all", eq(team_of(it()), {"e": "str", "v": "no-such-team", "span": SPAN}))
    assert value(eng, nobody, env) == [] and env.locals == {"who": mine, "it": "outer"}


def test_a_selector_inside_a_condition_binds_its_own_it_and_gives_back_the_outer_one(rules):
    game = everyone_on_the_board(rules)
    eng = game.engine
    on_board = [f for f in game.state.figures.values() if f.kind == "character" and f.location is not None]
    # the characters that are `self`, once some character has the Team of the local x
    inner = select("all", eq(team_of(it()), team_of(var("x"))))
    # the inner selector runs first: the outer `it` must be back when `it is self` reads it
    outer_where = {"e": "and", "items": [
        {"e": "cmp", "op": ">", "l": {"e": "fn", "name": "count", "span": SPAN,
                                       "args": {"what": inner, "on": None, "of": None}},
         "r": {"e": "num", "v": 0, "span": SPAN}, "span": SPAN},
        {"e": "is", "negated": False, "l": it(), "r": {"e": "ctx", "name": "self", "span": SPAN}, "span": SPAN}],
        "span": SPAN}
    me = on_board[0]
    env = Env("p1", me.team, me, locals={"x": me})
    assert value(eng, select("all", outer_where), env) == [me]
    assert env.locals == {"x": me}


@pytest.mark.parametrize("kind", ["figure", "character", "friend", "opponent", "foe", "teammate", "location", "team"])
def test_a_selector_of_all_picks_the_candidates_in_their_order(rules, kind):
    """`all KIND in X` is eng.candidates(KIND, eng.places(X)), in the same order, whatever X is
    (one Location, several, a figure, a Team; without `in`, anywhere): figures are picked
    without the call."""
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    me = next(f for f in st.figures.values() if f.kind == "character" and f.location is not None)
    env = Env("p1", me.team, me)
    full = next(i for i, loc in enumerate(st.board.locations) if loc.figures)
    forms = [None, {"e": "num", "v": full, "span": SPAN}, {"e": "num", "v": 0, "span": SPAN},
             {"e": "ctx", "name": "anywhere", "span": SPAN}, {"e": "ctx", "name": "self", "span": SPAN},
             {"e": "ctx", "name": "my-team", "span": SPAN}]
    picked = 0
    for where in forms:
        expr = {**select("all", None, kind), "in": where}
        places = eng.places(value(eng, where, env)) if where is not None else None  # no `in`: anywhere
        expected = eng.candidates(kind, places, env)
        assert value(eng, expr, env) == expected, where
        picked += len(expected)
    assert picked > 0
