"""Fewer Python calls in a compiled effect (issue #11, speed), each held to what it replaces:
a selector is one generated function (runtime/compiled_selectors.py), the commonest runtime
functions and `here` are written into a joined expression (runtime/functions.py, INLINE), and a
primitive written over its evaluated arguments (`@evaluated`) is called with the arguments of
its call site's compiled function (runtime/compiled.py, `Args.now`).

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's generated functions: tests/test_kernel_speed*.py."""
from __future__ import annotations

import itertools

import pytest

from mayhem.runtime import functions as F
from mayhem.runtime.effects import Env
from mayhem.runtime.expressions import FN_PARAMS, context, relation_test
from mayhem.runtime.state import Figure

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)

SPAN = "test.mh:1:1-1:9"


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": SPAN}


def fn(name: str, *args: dict) -> dict:
    return {"e": "fn", "name": name, "args": dict(zip(FN_PARAMS[name], args)), "span": SPAN}


def select(kind: str, where: dict | None = None, within: dict | None = None, quant: str = "all") -> dict:
    return {"e": "select", "quant": quant, "count": None, "kind": kind, "in": within, "where": where, "span": SPAN}


def value(eng, expr: dict, env: Env):
    f, asks = eng.code.expr(expr)
    assert not asks
    return f(eng, env)


@pytest.fixture(scope="module")
def game(rules):
    return everyone_on_the_board(rules)


def envs(game) -> list[Env]:
    """An Env for each figure on the board (its Team, itself), and a Team's without a figure."""
    st = game.state
    out = [Env(f.player, f.team, f) for f in st.figures.values() if f.location is not None]
    return out + [Env(None, st.order[0]), Env(None, None)]


def places(game) -> list:
    """Every value an `in` may give: none, each Location, a figure, a list of them."""
    st = game.state
    locs = [loc.index for loc in st.board.locations]
    figs = [f for f in st.figures.values()]
    return [None, *locs, figs[0], [locs[0], figs[-1]], []]


def test_the_written_in_functions_give_the_closures_values(game):
    st, eng = game.state, game.engine
    full = next(loc for loc in st.board.locations[2:] if loc.figures)  # a Location made full, one removed
    st.board.locations[1].removed, removed, full.slots, slots = True, st.board.locations[1].removed, \
        len(full.figures), full.slots
    try:
        env = Env("p1", st.order[0], next(iter(st.figures.values())))
        token = next(iter(game.rules.tokens))
        icon = {"e": "icon", "name": "gift-spot", "span": SPAN}
        values = [None, *range(len(st.board.locations)), *st.figures.values(), st.order[0], token, [1, 2], []]
        checks = 0
        for x in values:
            env.locals = {"x": x, "t": token, "team": st.order[0]}
            if x is None or isinstance(x, int):
                assert value(eng, fn("open", var("x")), env) == F._open(eng, env, x)
                assert value(eng, fn("has-icon", var("x"), icon), env) == F._has_icon(eng, env, x, "gift-spot")
                checks += 2
            assert value(eng, fn("location-of", var("x")), env) == (x.location if isinstance(x, Figure) else None)
            assert value(eng, fn("team-of", var("x")), env) == F._team_of(eng, env, x)
            if x is None or isinstance(x, (list, str)):
                assert value(eng, fn("count", var("x")), env) == F._count(eng, env, x, None, None)
            if isinstance(x, (Figure, int)) or x == st.order[0]:
                got = value(eng, fn("count", var("t"), var("x"), var("team")), env)
                assert got == F._count(eng, env, token, x, st.order[0])
                checks += 1
        assert checks > 10
    finally:
        st.board.locations[1].removed, full.slots = removed, slots


def test_here_and_adjacent_written_in_read_what_the_closures_read(game):
    st, eng = game.state, game.engine
    figs = list(st.figures.values())
    on_board = next(f for f in figs if f.location is not None)
    here, adjacent = context("here"), context("adjacent")
    for here_value, me, holder in itertools.product([None, 0, 2], [None, on_board], [None, figs[-1]]):
        env = Env("p1", st.order[0], me, holder=holder, here=here_value)
        assert value(eng, {"e": "ctx", "name": "here", "span": SPAN}, env) == here(eng, env)
        assert value(eng, {"e": "ctx", "name": "adjacent", "span": SPAN}, env) == adjacent(eng, env)


@pytest.mark.parametrize("kind", ["figure", "character", "opponent", "friend", "teammate", "foe", "location",
                                  "team"])
def test_a_generated_selector_picks_what_the_walk_picks(game, kind):
    """`all KIND in X where COND`, generated, against the engine's candidates and a condition
    evaluated per candidate, for every Env and place; the scope is given back as it was."""
    eng = game.engine
    cond = {"e": "cmp", "op": "!=", "l": fn("team-of", {"e": "it", "name": "it", "span": SPAN}),
            "r": var("who"), "span": SPAN}
    if kind in ("location", "team"):
        cond = {"e": "not", "x": {"e": "cmp", "op": "==", "l": {"e": "it", "name": "it", "span": SPAN},
                                  "r": var("who"), "span": SPAN}, "span": SPAN}
    for env, where in itertools.product(envs(game), places(game)):
        env.locals = {"who": env.team, "w": where}
        within = var("w")
        expect_all = eng.candidates(kind, eng.places(where), env)
        if kind not in ("location", "team"):
            test = relation_test(kind)
            expect_all = [f for f in game.state.figures.values() if f.location is not None
                          and (eng.places(where) is None or f.location in eng.places(where)) and test(f, env)]
        assert value(eng, select(kind, None, within), env) == expect_all
        expect = [x for x in expect_all
                  if ((F._team_of(eng, env, x) != env.team) if kind not in ("location", "team") else x != env.team)]
        assert value(eng, select(kind, cond, within), env) == expect
        assert env.locals == {"who": env.team, "w": where}  # no `it` left behind


def test_count_of_a_selector_is_its_length(game):
    eng = game.engine
    env = Env("p1", game.state.order[0])
    expr = fn("count", select("character"))
    assert eng.code.expr(expr)[0].src.startswith("len(")
    assert value(eng, expr, env) == len([f for f in game.state.figures.values()
                                         if f.location is not None and f.kind == "character"])


def test_an_evaluated_primitive_is_called_with_its_arguments_compiled_for_its_call(rules):
    """`remove-damage(self, 2)`: the compiled statement calls the body with the arguments of its
    call site's function, without the generator of `p_remove_damage`; both ways heal alike."""
    from mayhem.runtime.engine import Engine
    with_values = Engine.p_remove_damage.with_values
    assert with_values[0].__name__ == "p_remove_damage" and with_values[1] is False  # it cannot ask
    assert Engine.p_damage.with_values[1] is True  # deal_damage may ask (a Reaction)
    stmt = {"op": "primitive", "name": "remove-damage", "span": SPAN,
            "args": {"target": {"e": "ctx", "name": "self", "span": SPAN}, "amount": {"e": "num", "v": 2}}}
    healed = []
    for how in ("compiled", "interface"):
        game = everyone_on_the_board(rules)
        eng = game.engine
        fig = next(f for f in game.state.figures.values() if f.kind == "character" and f.location is not None)
        fig.damage = 3
        env = Env(fig.player, fig.team, fig)
        args = eng.code.args("remove-damage", stmt["args"])
        assert args.now(eng, env) == {"target": fig, "amount": 2}
        if how == "compiled":
            assert list(eng.code.stmt(stmt)(eng, env)) == []
        else:
            assert list(eng.p_remove_damage(stmt["args"], env, stmt)) == []
        healed.append(fig.damage)
    assert healed == [1, 1]


@pytest.mark.parametrize("rel", ["figure", "character", "opponent", "friend", "teammate", "foe", "no-such"])
def test_an_is_test_of_a_relation_written_in_gives_the_test_of_before(game, rel):
    from mayhem.runtime.expressions import is_test
    eng = game.engine
    relation = {"e": "relation", "name": rel, "span": SPAN}
    seen = set()
    for env in envs(game):
        for x in [None, 3, "t1", *game.state.figures.values()]:
            env.locals = {"x": x}
            for negated in (False, True):
                expr = {"e": "is", "negated": negated, "l": var("x"), "r": relation, "span": SPAN}
                want = is_test(eng, x, ("relation", rel), env)
                assert value(eng, expr, env) is ((not want) if negated else want)
                seen.add(want)
    assert seen == ({False} if rel == "no-such" else {True, False})


def _heal(n: int) -> dict:
    return {"op": "primitive", "name": "remove-damage", "span": SPAN,
            "args": {"target": {"e": "ctx", "name": "self", "span": SPAN}, "amount": {"e": "num", "v": n}}}


@pytest.mark.parametrize("generated", [True, False])
def test_a_generated_body_runs_as_its_closures_do(rules, generated):
    """`let x = 1; remove-damage(self, 1); remove-damage(self, 2)` written as one function (the
    engine's class) and as closures (another class): the same healing, the same local, nothing
    once the game is over, and Stop when the Active Character has left the board."""
    from mayhem.runtime.effects import Stop
    from mayhem.runtime.engine import Engine

    class Other(Engine):  # an engine of another class runs the closures
        pass

    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    if not generated:
        eng.__class__ = Other
    lead = {"op": "primitive", "name": "lead", "span": SPAN, "args": {"who": {"e": "str", "v": st.order[-1]}}}
    body = [{"op": "let", "name": "x", "value": {"e": "num", "v": 1}, "span": SPAN}, _heal(1), _heal(2), lead]
    run = eng.code.body(body)
    # the evaluated primitive's arguments written in; `lead` (self.args) called with its IR
    assert hasattr(run, "body_src") and "B1(eng, {" in run.body_src and "I3(eng, R3, env, S3)" in run.body_src
    assert "raise STOP()" in run.body_src
    fig = next(f for f in st.figures.values() if f.kind == "character" and f.location is not None)
    fig.damage, st.lead = 5, st.order[0]
    env = Env(fig.player, fig.team, fig)
    assert list(run(eng, env)) == [] and fig.damage == 2 and env.locals == {"x": 1} and st.lead == st.order[-1]
    st.winners = []  # the game is over: nothing more happens
    assert list(run(eng, Env(fig.player, fig.team, fig))) == [] and fig.damage == 2
    st.winners = None
    st.active = type("Active", (), {"figure": fig.key})()
    fig.location, where = None, fig.location
    with pytest.raises(Stop):
        list(run(eng, Env(fig.player, fig.team, fig)))
    fig.location = where


def test_an_is_test_of_self_or_holder_written_in_gives_the_test_of_before(game):
    from mayhem.runtime.expressions import is_test
    eng = game.engine
    figs = list(game.state.figures.values())
    seen = set()
    for who in ("self", "holder"):
        for me, x in itertools.product([None, figs[0], figs[1]], [None, 3, figs[0], figs[1]]):
            env = Env("p1", game.state.order[0], me if who == "self" else None, holder=me if who == "holder" else None)
            env.locals = {"x": x}
            for negated in (False, True):
                expr = {"e": "is", "negated": negated, "l": var("x"), "r": {"e": "ctx", "name": who, "span": SPAN},
                        "span": SPAN}
                want = is_test(eng, x, me, env)
                assert value(eng, expr, env) is ((not want) if negated else want)
                seen.add(want)
    assert seen == {True, False}


def test_a_one_selector_offers_the_candidates_a_generated_walk_keeps(game):
    """`one KIND in X where COND` whose place and condition ask nothing takes its candidates
    from the generated walk: the decision offers exactly those; one candidate is taken unasked."""
    eng = game.engine
    it = {"e": "it", "name": "it", "span": SPAN}
    for kind, cond in (("location", fn("open", it)), ("character", None)):
        expr = select(kind, cond, None, quant="one")
        f, asks = eng.code.expr(expr)
        assert asks
        env = Env("p1", game.state.order[0])
        want = [x for x in eng.candidates(kind, None, env)
                if cond is None or F._open(eng, env, x)]
        assert len(want) >= 2
        gen = f(eng, env)
        decision = next(gen)
        assert decision.actions == [f"target {x.key if isinstance(x, Figure) else eng.label(x)}" for x in want]
        with pytest.raises(StopIteration) as stop:
            gen.send(decision.actions[-1])
        assert stop.value.value == want[-1]
    only = game.state.board.locations[0].index  # `one location in L1`: taken unasked
    f, _asks = eng.code.expr(select("location", None, {"e": "num", "v": only}, quant="one"))
    with pytest.raises(StopIteration) as stop:
        next(f(eng, Env("p1", game.state.order[0])))
    assert stop.value.value == only
