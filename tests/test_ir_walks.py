"""The registry's walks over a whole compiled collection (compiler/ir_ops.py: `ir_statements`,
`ir_expressions`), which tests and tools use instead of walking the IR's dictionaries blindly:
they reach every statement and every expression there is, and nothing else."""
from __future__ import annotations

from mayhem.compiler.ir_ops import component_bodies, ir_expressions, ir_statements


def every_dict(node):
    """The oracle: every dictionary of an IR subtree (a blind walk)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def test_the_walks_reach_every_statement_and_expression_of_the_collection(ir):
    components = ir["components"]
    stmts = list(ir_statements(components))
    exprs = list(ir_expressions(components))
    blind = list(every_dict(components))
    blind_stmts = [d for d in blind if "op" in d and "e" not in d and "span" in d and "node" in d]
    blind_exprs = [d for d in blind if "e" in d]
    assert len(stmts) > 400 and len(exprs) > 1000
    assert sorted(map(id, stmts)) == sorted(map(id, blind_stmts))  # each once, none missed
    assert sorted(map(id, exprs)) == sorted(map(id, blind_exprs))


def test_a_component_s_bodies_are_its_slots_then_its_triggers():
    say = {"op": "primitive", "name": "draw", "args": {}}
    hear = {"op": "trigger", "event": "turn-start", "when": None, "body": [say]}
    comp = {"effects": {"effect": {"body": [say], "when": None}}, "triggers": [hear], "children": []}
    assert list(component_bodies(comp)) == [[say], [hear]]
    parent = {"effects": {}, "triggers": [], "children": [comp],
              "params": [{"name": "x", "default": {"e": "num", "v": 2}}]}
    assert [s["op"] for s in ir_statements([parent])] == ["primitive", "trigger", "primitive"]
    assert [e["e"] for e in ir_expressions([parent])] == ["num"]


def test_the_site_and_the_expression_printer_dispatch_on_the_registry():
    """The site's statements (site/effects.py) and the one expression printer
    (compiler/render_expr.py, the site's and `mayhem diff`'s) handle every registered op and
    form: a new one cannot be forgotten by them."""
    from mayhem.compiler import ir_ops
    import mayhem.compiler.render_expr  # noqa: F401  (walkers register when imported)
    import mayhem.site.effects  # noqa: F401
    walkers = {w.name: w for w in ir_ops.WALKERS}
    site = walkers["site: statements as phrases and steps"]
    printer = walkers["text: expressions as the DSL writes them (diff, site)"]
    assert site.handles == set(ir_ops.STATEMENTS) and not site.ignores
    assert printer.handles == set(ir_ops.EXPRESSIONS) and not printer.ignores
