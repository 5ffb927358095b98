"""Bound names as Python variables of a compiled body, and Envs only where a block binds a name
(issue #11, speed): each held to what the closures it replaces do (an engine of another class
runs the closures: runtime/compiled_bodies.py, `run_closures`).

- a `for each` whose block reads its item only in written-in source is a Python loop inside
  the body around it, the item its loop variable (runtime/compiled_bodies.py, loop_inline);
- a keyword without tags whose block reads only its parameters is written into the body that
  calls it, its parameters Python variables (keyword_inline);
- an `if` whose blocks bind no name is written into the body around it;
- an inner block that binds no name (no `let`, no `attack`) runs in its parent's Env, one that
  binds runs in a copy, and its names stay inside it (Code.binds);
- a selector whose condition reads `it` only in its written-in source binds nothing in the
  Env (runtime/compiled_selectors.py).

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime.effects import Env, Stop
from mayhem.runtime.engine import Engine

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"
HEAL = "shared/core:keyword:heal"


def num(v: int) -> dict:
    return {"e": "num", "v": v, "span": SPAN}


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": SPAN}


def ctx(name: str) -> dict:
    return {"e": "ctx", "name": name, "span": SPAN}


def select_all(kind: str, where: dict | None = None) -> dict:
    return {"e": "select", "quant": "all", "count": None, "kind": kind, "in": None, "where": where, "span": SPAN}


def heal(target: dict, n: dict) -> dict:
    return {"op": "primitive", "name": "remove-damage", "span": SPAN, "args": {"target": target, "amount": n}}


def for_each(name: str, source: dict, body: list) -> dict:
    return {"op": "for-each", "var": name, "source": source, "body": body, "span": SPAN}


def if_(cond: dict, then: list, other: list | None = None) -> dict:
    return {"op": "if", "cond": cond, "then": then, "else": other or [], "span": SPAN}


def let(name: str, value: dict) -> dict:
    return {"op": "let", "name": name, "value": value, "span": SPAN}


def keyword(qid: str, **args: dict) -> dict:
    return {"op": "keyword", "keyword": qid, "args": args, "span": SPAN}


class Other(Engine):  # an engine of another class runs the closures, as before
    pass


def played(rules, body: list, generated: bool, damage: int = 5):
    """Run `body` as the first character on the board's effect, every character damaged
    `damage` first: (the damage of each character after, the Env it ran in, its body's source)."""
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    if not generated:
        eng.__class__ = Other
    figs = [f for f in st.figures.values() if f.kind == "character" and f.location is not None]
    for f in figs:
        f.damage = damage
    run = eng.code.body(body)
    env = Env(figs[0].player, figs[0].team, figs[0])
    assert list(run(eng, env)) == []
    return {f.key: f.damage for f in figs}, env, getattr(run, "body_src", "")


def test_the_statements_ir_op_names_are_those_of_the_registry():
    """The IR built here is the compiler's: the op names this file writes are statements of the
    registry (else the tests below would test nothing)."""
    from mayhem.compiler.ir_ops import STATEMENTS
    assert {"for-each", "if", "let", "keyword", "primitive"} <= set(STATEMENTS)


@pytest.mark.parametrize("generated", [True, False])
def test_a_for_each_written_in_heals_each_item_as_the_closures_do(rules, generated):
    body = [for_each("f", select_all("character"), [heal(var("f"), num(2))])]
    damage, env, src = played(rules, body, generated)
    assert set(damage.values()) == {3}  # every character on the board healed 2, once
    assert env.locals == {}  # the item never reached the Env
    if generated:
        assert "for V0 in list(" in src and "'target': (V0)" in src and "env.locals" not in src


def test_a_for_each_whose_block_reads_the_env_keeps_its_closure(rules):
    """A block that binds a name (`let`) runs as the closure, an Env of its own per item: its
    names stay inside, and each item's block sees its own `x`."""
    body = [for_each("f", select_all("character"), [let("x", var("f")), heal(var("x"), num(1))])]
    damage, env, src = played(rules, body, True)
    assert set(damage.values()) == {4} and env.locals == {}
    assert "for V" not in src


def test_a_nested_for_each_reads_its_own_item_and_the_outer_one(rules):
    """`for each a in all character: for each b in [1, 2, 3]: remove-damage(a, b)`: each
    character healed 1 + 2 + 3 (the inner loop's variable does not hide the outer's); a loop
    whose items a selector's function gives (a closure called with the Env) is not written in."""
    items = {"e": "list", "items": [num(1), num(2), num(3)], "span": SPAN}
    body = [for_each("a", select_all("character"), [for_each("b", items, [heal(var("a"), var("b"))])])]
    for generated in (True, False):
        damage, env, src = played(rules, body, generated, damage=9)
        assert set(damage.values()) == {3} and env.locals == {}
        if generated:
            assert src.count("for V") == 2 and "'amount': (V1)" in src and "'target': (V0)" in src
    inner_selector = [for_each("a", select_all("character"), [for_each("b", select_all("character"),
                                                                      [heal(var("a"), num(1))])])]
    damage, _env, src = played(rules, inner_selector, True, damage=9)
    assert set(damage.values()) == {9 - len(damage)} and "for V0" not in src


def test_the_game_over_in_a_loop_written_in_stops_the_rest(rules):
    """Once the game is over, no more statements run, in the loop or after it."""
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    figs = [f for f in st.figures.values() if f.kind == "character" and f.location is not None]
    for f in figs:
        f.damage = 5
    body = [for_each("f", select_all("character"), [heal(var("f"), num(1))]), heal(ctx("self"), num(1))]
    run = eng.code.body(body)
    assert "for V0" in run.body_src
    st.winners = []
    assert list(run(eng, Env(figs[0].player, figs[0].team, figs[0]))) == []
    assert all(f.damage == 5 for f in figs)
    st.winners = None
    st.active = type("Active", (), {"figure": figs[0].key})()
    figs[0].location = None  # the Active Character left the board: Stop before the first item
    with pytest.raises(Stop):
        list(run(eng, Env(figs[0].player, figs[0].team, figs[0])))
    assert all(f.damage == 5 for f in figs)


@pytest.mark.parametrize("generated", [True, False])
def test_a_keyword_written_in_binds_its_parameter_as_the_closures_do(rules, generated):
    assert rules.keywords[HEAL]["params"][0]["name"] == "x"
    body = [keyword(HEAL, x=num(3)), keyword(HEAL, x=num(1))]
    damage, env, src = played(rules, body, generated)
    me = next(iter(damage))
    assert damage[me] == 1 and all(v == 5 for k, v in damage.items() if k != me)
    assert env.locals == {}  # the parameter stayed the keyword's
    if generated:
        assert "K0_0 = (3)" in src and "'amount': (K0_0)" in src


def test_a_keyword_does_not_see_the_callers_names(rules):
    """A keyword's block sees its parameters alone: the caller's `x` is not its `x` when the
    call gives none (None: no damage removed), written in or not."""
    body = [let("x", num(4)), keyword(HEAL)]
    for generated in (True, False):
        damage, env, _src = played(rules, body, generated)
        assert set(damage.values()) == {5} and env.locals == {"x": 4}


@pytest.mark.parametrize("generated", [True, False])
def test_an_if_written_in_runs_its_branch_in_the_parents_env(rules, generated):
    body = [if_({"e": "bool", "v": False, "span": SPAN}, [heal(ctx("self"), num(5))], [heal(ctx("self"), num(2))]),
            if_({"e": "bool", "v": True, "span": SPAN}, [let("y", num(1))]),
            heal(ctx("self"), var("y"))]
    damage, env, src = played(rules, body, generated)
    me = next(iter(damage))
    assert damage[me] == 3  # the else branch's 2; `y` bound inside the second `if` stays there
    assert env.locals == {}
    if generated:
        assert "    if False:" in src or "if (False):" in src


def test_code_binds_names_the_blocks_that_need_an_env_of_their_own(rules):
    game = everyone_on_the_board(rules)
    code = game.engine.code
    attack = {"op": "primitive", "name": "attack", "span": SPAN, "args": {"target": ctx("self"), "amount": num(1)}}
    assert code.binds([let("a", num(1))]) and code.binds([attack])
    assert not code.binds([heal(ctx("self"), num(1))]) and not code.binds([]) and not code.binds(None)
    assert not code.binds([if_({"e": "bool", "v": True, "span": SPAN}, [let("a", num(1))])])  # binds in its own block


def test_a_selector_reading_it_in_its_source_binds_nothing_in_the_env(rules):
    game = everyone_on_the_board(rules)
    eng = game.engine
    mine = {"e": "cmp", "op": "==", "l": {"e": "fn", "name": "team-of", "args": {"figure": var("it")}, "span": SPAN},
            "r": ctx("my-team"), "span": SPAN}
    fn, asks = eng.code.expr(select_all("character", mine))
    assert not asks and "L['it']" not in fn.selector_src and "env.locals" not in fn.selector_src
    fig = next(f for f in game.state.figures.values() if f.kind == "character" and f.location is not None)
    env = Env(fig.player, fig.team, fig)
    env.locals["it"] = "outer"
    got = fn(eng, env)
    assert got and all(f.team == fig.team for f in got) and env.locals == {"it": "outer"}


def test_a_list_of_statements_made_during_play_is_compiled_once(rules):
    """An Ability's sections joined again in the next game (a new list of the same statements)
    find the function compiled for the first list; another list of statements gets its own."""
    game = everyone_on_the_board(rules)
    code = game.engine.code
    a, b = heal(ctx("self"), num(1)), heal(ctx("self"), num(2))
    first = code.statements([a, b])
    assert code.statements([a, b]) is first
    assert code.statements([b, a]) is not first and code.statements([a]) is not first
