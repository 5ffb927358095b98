"""One registry of IR statement ops and expression forms (compiler/ir_ops.py): the compiler
emits nothing else, the schema allows nothing else, the registry knows where every op's
children are, and every walker (the rules kernel's compiler, the bots, the text rendering,
the site) handles each registered op or says that it ignores it. The kernel's compiler
(runtime/kernel/compile_exprs.py, compile_stmts.py, compile_made.py) dispatches on the
registry, and an op or form it has no emitter for is an error at load, naming it, its span
and its component (compile_check.py), never an error in the middle of a game."""
from __future__ import annotations

import json

from markupsafe import Markup
import pytest

from mayhem.compiler import ir_ops
from mayhem.compiler.ir_ops import EXPRESSIONS, STATEMENTS, dispatch, walk_expressions, walk_statements
# the walkers register themselves when they are imported
import mayhem.compiler.render_expr  # noqa: F401
import mayhem.compiler.render_text  # noqa: F401
from mayhem.runtime import make_bot  # noqa: F401  (its module registers the greedy bot's walker)
from mayhem.runtime.kernel import KernelError, load_game_rules
from mayhem.runtime.kernel import compile_exprs, compile_stmts  # the kernel compiler's walkers
import mayhem.site.effects  # noqa: F401

from conftest import REPO


def effect_bodies(ir):
    """Every statement list of the IR: effect slots, triggers, keyword bodies, at any depth of
    components."""
    def comps(c):
        yield c
        for child in c["children"]:
            yield from comps(child)

    for top in ir["components"]:
        for c in comps(top):
            for eff in c["effects"].values():
                yield eff["body"]
            yield c["triggers"]


def every_dict(node):
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from every_dict(v)
    elif isinstance(node, list):
        for v in node:
            yield from every_dict(v)


def test_every_op_and_form_the_compiler_emits_is_registered(ir):
    ops, forms = set(), set()
    for node in every_dict(ir["components"]):
        if "e" in node:
            forms.add(node["e"])
        elif "op" in node and "span" in node:
            ops.add(node["op"])
    assert ops and ops <= set(STATEMENTS), ops - set(STATEMENTS)
    assert forms and forms <= set(EXPRESSIONS), forms - set(EXPRESSIONS)
    # the content uses every statement op: a walker's handler for each is exercised by the games
    assert ops == set(STATEMENTS)


def test_the_schema_allows_exactly_the_registered_ops_and_forms():
    schema = json.loads((REPO / "compiler" / "schema" / "ir-1.0.schema.json").read_text(encoding="utf-8"))
    enums = [node["enum"] for node in every_dict(schema) if isinstance(node.get("enum"), list)]
    assert sorted(STATEMENTS) in [sorted(e) for e in enums]
    assert sorted(EXPRESSIONS) in [sorted(e) for e in enums]


def test_the_registry_knows_where_every_child_is(ir):
    """Walking by the registry reaches every statement and expression a blind walk of the
    dictionaries finds: no op keeps a child in a field the registry does not name."""
    for body in effect_bodies(ir):
        stmts = list(walk_statements(body))
        blind_stmts = [d for d in every_dict(body) if "op" in d and "e" not in d and "span" in d]
        assert sorted(map(id, stmts)) == sorted(map(id, blind_stmts))
        exprs = [e for s in stmts for e in walk_expressions(s)]
        blind_exprs = [d for d in every_dict(body) if "e" in d]
        assert sorted(map(id, exprs)) == sorted(map(id, blind_exprs))


def test_every_walker_handles_or_ignores_every_registered_op():
    names = {w.name for w in ir_ops.WALKERS}
    assert {"bots: the greedy bot's values", "text rendering: phrases", "site: statements as phrases and steps",
            "text: expressions as the DSL writes them (diff, site)", "kernel-expressions", "kernel-statements"} <= names
    for w in ir_ops.WALKERS:
        assert w.handles | w.ignores == set(w.forms), (w.name, set(w.forms) - w.handles - w.ignores)
        assert not w.handles & w.ignores, (w.name, w.handles & w.ignores)


def test_a_walker_without_a_handler_or_with_a_stale_one_is_refused():
    class Forgetful:
        def stmt_primitive(self):
            pass

    with pytest.raises(TypeError, match=r"no handler for \['keyword'"):
        dispatch(Forgetful, "stmt_", STATEMENTS)
    table = dispatch(Forgetful, "stmt_", STATEMENTS, ignores=set(STATEMENTS) - {"primitive"})
    assert list(table) == ["primitive"]

    class Stale(Forgetful):
        def stmt_goto(self):
            pass

    with pytest.raises(TypeError, match=r"handlers for no form \['stmt_goto'\]"):
        dispatch(Stale, "stmt_", STATEMENTS, ignores=set(STATEMENTS) - {"primitive"})


def test_the_site_renders_every_op_and_form_the_content_uses(ir):
    """The site's phrases (site/effects.py) fall back to the bare op name for an op they do not
    know; none of the content's ops and forms gets that fallback."""
    from mayhem.site.effects import Phrases

    class Model:
        by_qid = {}

    phrases = Phrases(Model(), lambda qid, label: Markup(label))
    seen_ops, seen_forms = set(), set()
    for body in effect_bodies(ir):
        for s in walk_statements(body):
            if s["op"] not in seen_ops:
                seen_ops.add(s["op"])
                assert str(phrases.stmt(s)) != s["op"], s["op"]
            for e in walk_expressions(s):
                if e["e"] not in seen_forms and e.get("name") != e["e"]:
                    seen_forms.add(e["e"])
                    assert str(phrases.expr(e)) != e["e"], e["e"]
    assert seen_ops == set(STATEMENTS)
    assert len(seen_forms) > len(EXPRESSIONS) // 2


def test_the_kernels_compiler_has_an_emitter_for_every_op_and_form_or_says_why_not():
    """The kernel compiles every statement op, and every expression form but those it names
    with the reason (a relation is read by its `is`); its tables are the registry's dispatch,
    so an op added to the registry and not to the kernel, or an emitter taken away, stops the
    kernel from being imported at all."""
    assert set(compile_stmts.EMIT) == set(STATEMENTS)
    assert set(compile_exprs.EMIT) == set(EXPRESSIONS) - set(compile_exprs.IGNORED)
    assert set(compile_exprs.IGNORED) == {"relation", "unresolved"}
    grown = {**STATEMENTS, "goto": ir_ops.Form("goto", "a jump")}
    with pytest.raises(TypeError, match=r"Statements: no handler for \['goto'\]"):
        dispatch(compile_stmts.Statements, "stmt_", grown)

    class Forgetful(compile_exprs.Forms):
        form_not = None  # an emitter taken away

    with pytest.raises(TypeError, match=r"no handler for \['not'\]"):
        dispatch(Forgetful, "form_", EXPRESSIONS, ignores=compile_exprs.IGNORED)


KEYWORD_GAME = """in box tally

box tally "Tally" {
  source authored
  game tally
  players 2
}

game tally "Tally" {
  source authored
  seats 2
  counter score "Score" {
    per player
    start 0
  }
  action add "Add" {
    effect {
      score-up(2)
      end-turn()
    }
  }
  end when value(score, of: first(players)) >= 5 {
    win(first(players))
  }
}

keyword score-up "Score up" (n) {
  source authored
  text "Gain N score."
  effect {
    gain(score, n)
  }
}
"""


@pytest.fixture(scope="module")
def tally_ir(tmp_path_factory):
    from mayhem.compiler import driver
    root = tmp_path_factory.mktemp("tally")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "tally.mh").write_text(KEYWORD_GAME)
    result = driver.compile_paths([root])
    assert result.ok, [d.message for d in result.diagnostics.items]
    return result.ir


def _component(ir, kind):
    tops = [c for top in ir["components"] for c in [top] + top["children"]]
    return next(c for c in tops if c["kind"] == kind)


def test_an_op_or_form_the_kernel_cannot_compile_is_an_error_at_load_naming_it_its_span_and_component(tally_ir):
    """A hand-made IR with an op no emitter writes, in a keyword's body (compiled at its first
    call, in the middle of a game, were it not read at load), fails when the game is loaded:
    the op, its span and its keyword named; so does a form in an action's body, and a
    relation alone (`is` reads one, nothing else does); with a list to collect them, each is
    a reason of its kind."""
    import copy
    assert load_game_rules(tally_ir, "tally").keywords  # the game loads as written
    broken = copy.deepcopy(tally_ir)
    keyword = _component(broken, "keyword")
    keyword["effects"]["effect"]["body"].append({"op": "goto", "label": "top", "span": "tally.mh:33:5"})
    with pytest.raises(KernelError, match=r"^tally.mh:33:5: keyword '[^']*score-up': the statement 'goto' is not "
                                          r"supported in kernel games: no op of the IR's registry .*compile the content again"):
        load_game_rules(broken, "tally")
    reasons = []
    load_game_rules(broken, "tally", collect=reasons)
    assert [(r["kind"], r["word"], r["where"]) for r in reasons if r["word"] == "goto"] == [
        ("statement", "goto", "tally.mh:33:5")]

    broken = copy.deepcopy(tally_ir)
    action = _component(broken, "action")
    action["effects"]["effect"]["body"].insert(0, {"op": "let", "name": "x", "span": "tally.mh:18:7",
                                                   "value": {"e": "lambda", "span": "tally.mh:18:15"}})
    with pytest.raises(KernelError, match=r"^tally.mh:18:15: action '[^']*add': the expression form 'lambda' is not "
                                          r"supported in kernel games: no form of the IR's registry"):
        load_game_rules(broken, "tally")
    action["effects"]["effect"]["body"][0]["value"] = {"e": "relation", "name": "friend", "span": "tally.mh:18:15"}
    with pytest.raises(KernelError, match=r"action '[^']*add': the expression form 'relation' is not supported in "
                                          r"kernel games: read by `is`"):
        load_game_rules(broken, "tally")
