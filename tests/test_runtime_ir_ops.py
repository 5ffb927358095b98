"""One registry of IR statement ops and expression forms (compiler/ir_ops.py): the compiler
emits nothing else, the schema allows nothing else, the registry knows where every op's
children are, and every walker (the bots, the text rendering, the site) handles each
registered op or says that it ignores it. (The rules kernel compiles the IR in
runtime/kernel/compile.py and compile_stmts.py, not through a registered walker: the 106
scenarios and the kernel's tests play its ops.)"""
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
            "text: expressions as the DSL writes them (diff, site)"} <= names
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
