"""The IR compiled once into closures (runtime/compiled.py, runtime/compiled_expressions.py):
every registered op and form has a compiled form, each node is compiled once per set of rules
and the closure is kept by the node's identity, an expression that cannot ask is a plain call
while one that may ask still asks through the decision protocol, and the compiled forms
shared by every game on the same rules carry nothing from one game to the next.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's compiled forms: tests/test_kernel_compiled.py and test_kernel_compiled_actions.py."""
from __future__ import annotations

import copy

import pytest

from mayhem.compiler.ir_ops import EXPRESSIONS, STATEMENTS, Form, dispatch, walk_expressions, walk_statements
from mayhem.runtime.compiled import STATEMENT_COMPILERS, Code, StatementCompiler, action, code_for
from mayhem.runtime.compiled_expressions import EXPRESSION_COMPILERS, ExpressionCompiler
from mayhem.runtime.decisions import Decision
from mayhem.runtime.effects import Env
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.rules import load_rules
from mayhem.runtime.simulate import play_one
from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def test_every_registered_op_and_form_has_a_compiled_form():
    assert set(STATEMENT_COMPILERS) == set(STATEMENTS)
    assert set(EXPRESSION_COMPILERS) == set(EXPRESSIONS)


def test_a_new_op_without_a_compiled_form_fails_at_import():
    """The compilers' tables are built by the registry's dispatch: an op added to the registry
    with no `compile_<op>` is refused, as for every other walker."""
    with_goto = {**STATEMENTS, "goto": Form("goto", "a jump")}
    with pytest.raises(TypeError, match=r"no handler for \['goto'\]"):
        dispatch(StatementCompiler, "compile_", with_goto)
    with_power = {**EXPRESSIONS, "pow": Form("pow", "l ** r", exprs=("l", "r"))}
    with pytest.raises(TypeError, match=r"no handler for \['pow'\]"):
        dispatch(ExpressionCompiler, "compile_", with_power)


def test_the_whole_content_compiles_and_each_node_once(ir):
    rules = load_rules(ir)
    code = Code(rules)
    compiled = code.compile_all()
    every = [s for c in rules.by_qid.values() for eff in c["effects"].values() for s in walk_statements(eff["body"])]
    assert compiled >= len({id(s) for s in every}) > 100
    # the same node gives the same closure, compiled once; an equal copy is a node of its own
    stmt = every[0]
    assert code.stmt(stmt) is code.stmt(stmt)
    assert code.stmt(copy.deepcopy(stmt)) is not code.stmt(stmt)
    exprs = [e for s in every for e in walk_expressions(s)]
    assert code.expr(exprs[0]) is code.expr(exprs[0])
    # every game on the same rules uses the same compiled forms
    assert code_for(rules) is code_for(rules) and code_for(rules) is not code


@pytest.fixture(scope="module")
def game(rules):
    return everyone_on_the_board(rules)


def env_of(game, key):
    fig = game.state.figures[key]
    return Env(fig.player, fig.team, fig)


def test_an_expression_that_cannot_ask_is_a_plain_call(game):
    expr = {"e": "cmp", "op": ">", "l": {"e": "bin", "op": "+", "l": {"e": "num", "v": 2}, "r": {"e": "num", "v": 3}},
            "r": {"e": "fn", "name": "count", "args": {"what": {"e": "select", "quant": "all", "count": None,
                                                                   "kind": "character", "in": None, "where": None}}}}
    fn, asks = game.engine.code.expr(expr)
    assert asks is False
    assert fn(game.engine, env_of(game, "robin")) is True  # 5 > the 4 characters on the board
    expr["l"]["r"]["v"] = 1  # the closure was made from the node as it was: compiled once
    assert fn(game.engine, env_of(game, "robin")) is True


def test_a_selector_that_lets_a_player_choose_asks_the_same_decision(game):
    expr = {"e": "select", "quant": "one", "count": None, "kind": "opponent", "in": None, "where": None,
            "span": "test.mh:1:1-1:9"}
    fn, asks = game.engine.code.expr(expr)
    assert asks is True
    env = env_of(game, "robin")
    gen = fn(game.engine, env)
    decision = next(gen)
    assert isinstance(decision, Decision)
    assert (decision.player, decision.kind, decision.prompt, decision.span) == \
        (env.controller, "target", "choose one opponent", "test.mh:1:1-1:9")
    assert sorted(decision.actions) == ["target cyborg", "target starfire"]
    with pytest.raises(StopIteration) as stop:
        gen.send("target starfire")
    assert stop.value.value is game.state.figures["starfire"]


def test_a_statement_that_asks_yields_its_decision_and_runs_the_answer(game):
    body = [{"op": "may", "label": "Heal up", "span": "test.mh:2:1-2:9",
             "body": [{"op": "let", "name": "healed", "value": {"e": "num", "v": 1}, "span": "test.mh:3:1-3:9"}]},
            {"op": "let", "name": "after", "value": {"e": "var", "name": "healed"}, "span": "test.mh:4:1-4:9"}]
    for answer, after in (("do heal-up", None), ("skip", None)):
        env = env_of(game, "robin")
        gen = game.engine.run(body, env)
        decision = next(gen)
        assert decision.kind == "optional" and decision.actions == ["do heal-up", "skip"]
        with pytest.raises(StopIteration):
            gen.send(answer)
        # the optional block binds its name in a block of its own: nothing leaks out
        assert env.locals == {"after": after}


def test_if_runs_its_block_in_an_inner_scope(game):
    stmt = {"op": "if", "cond": {"e": "bool", "v": True}, "span": "test.mh:5:1-5:9", "else": [],
            "then": [{"op": "let", "name": "x", "value": {"e": "num", "v": 7}, "span": "test.mh:6:1-6:9"}]}
    env = env_of(game, "robin")
    assert list(game.engine.run_stmt(stmt, env)) == []
    assert "x" not in env.locals


def test_env_child_copies_the_locals_and_changes_the_fields_given():
    parent = Env("p1", "black", locals={"n": 1}, event={"figure": None})
    child = parent.child(team="white")
    child.locals["n"] = 2
    assert (parent.team, child.team, parent.locals, child.controller) == ("black", "white", {"n": 1}, "p1")
    assert child.event is parent.event


def test_actions_are_interned_and_printed_once():
    a = action("move", ("robin", 2))
    assert a is action("move", ("robin", 2)) and str(a) == "move robin L3"
    assert a.__class__.__name__ == "Action" and a == a.parse("move robin L3")


def test_games_on_shared_compiled_rules_are_the_games_of_fresh_rules(ir):
    """The compiled forms are kept with the rules and shared by every game on them: a game
    played after others on the same rules is the game played first on freshly loaded rules."""
    shared = load_rules(ir)
    for seed in (1, 2):
        play_one(shared, GameConfig("teen-titans-go", seed=seed), ["random", "random"])
    for box, seed in (("teen-titans-go", 5), ("looney-tunes", 6)):
        warm = play_one(shared, GameConfig(box, seed=seed), ["random", "random"])
        cold = play_one(load_rules(ir), GameConfig(box, seed=seed), ["random", "random"])
        assert warm == cold
        assert warm["decisions"] > 20
