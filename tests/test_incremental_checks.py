"""The consistency checks' shared walks, kept so that each is done once (per node, per
keyword, per component) and not once per check: what they give equals the plain walks
they replace, on the real content and on keywords that call each other in a circle."""
from __future__ import annotations

import copy

from mayhem.compiler.checks import Collection
from mayhem.compiler.ir_ops import STATEMENT_FIELDS, child_bodies


def plain_exprs(node):
    """The walk as it was: a recursive generator."""
    if isinstance(node, dict):
        if "e" in node:
            yield node
        for k, v in node.items():
            if k not in STATEMENT_FIELDS and isinstance(v, (dict, list)):
                yield from plain_exprs(v)
    elif isinstance(node, list):
        for v in node:
            yield from plain_exprs(v)


def plain_uses(col: Collection, comp: dict) -> dict:
    """What a component uses, each called keyword's bodies visited once per component."""
    used = {k: set() for k in ("primitive", "keyword", "token", "icon", "component", "select", "ctx", "fn", "tag")}
    seen: set[str] = set()

    def stmts(body):
        for s in body:
            yield s
            for inner in child_bodies(s):
                yield from stmts(inner)

    def collect(node):
        for e in plain_exprs(node):
            if e["e"] in ("token", "icon", "component", "ctx", "tag"):
                used[e["e"]].add(e["name"])
            elif e["e"] == "select":
                used["select"].add(e["kind"])
            elif e["e"] == "fn":
                used["fn"].add(e["name"])

    def visit(body):
        for s in stmts(body):
            if s["op"] == "primitive":
                used["primitive"].add(s["name"])
            elif s["op"] == "keyword":
                used["keyword"].add(s["keyword"])
                kw = col.keywords.get(s["keyword"])
                if kw is not None and s["keyword"] not in seen:
                    seen.add(s["keyword"])
                    for _l, body_, _s in col.bodies(kw):
                        visit(body_)
                    for p in kw.get("params", []):
                        if p["default"] is not None:
                            collect(p["default"])
            collect(s)

    for c in col.walk(comp):
        for _l, body, _s in col.bodies(c):
            visit(body)
            for s in body:
                if s["op"] == "trigger" and s.get("when"):
                    collect(s["when"])
        for eff in c["effects"].values():
            if eff["when"]:
                collect(eff["when"])
    return used


def test_every_expression_walk_and_every_use_equal_the_plain_walks(ir):
    col = Collection(ir)
    walked = 0
    for comp in col.top:
        for c in col.walk(comp):
            for _l, body, _s in col.bodies(c):
                for s in col.stmts(body):
                    assert col.exprs(s) == list(plain_exprs(s))
                    assert col.exprs(s) is col.exprs(s)  # kept, not walked again
                    walked += 1
        assert col.uses(comp) == plain_uses(col, comp), comp["qid"]
    assert walked > 400  # statements of content/, every box


def test_keywords_that_call_each_other_in_a_circle_are_followed_once(ir):
    """The compiler refuses such keywords (E501), but a Collection may be given any IR."""
    doc = copy.deepcopy(ir)
    col = Collection(doc)
    keywords = [c for c in col.keywords.values() if c["effects"]]
    a, b = keywords[0], keywords[1]
    call = {"op": "keyword", "keyword": None, "name": None, "args": {}, "node": None, "span": None}
    for kw, other in ((a, b), (b, a)):
        body = next(iter(kw["effects"].values()))["body"]
        body.append(dict(call, keyword=other["qid"], name=other["id"]))
    users = [c for c in col.top if a["qid"] in plain_uses(col, c)["keyword"]]
    assert users
    for comp in users + [a, b]:
        got = col.uses(comp)
        assert got == plain_uses(col, comp)
        assert {a["qid"], b["qid"]} <= got["keyword"]


def test_each_per_component_check_finds_about_a_component_alone_what_it_finds_over_everything(compiled):
    # a Workspace runs these checks over the components an edit changed (a View) and keeps
    # their findings about the others: on the real content, the findings of a View of each
    # top-level component are the full run's findings about that component
    from mayhem.compiler.checks import CHECKS, run_one
    from mayhem.compiler.checks.incremental import PER_COMPONENT, View, _by_owner
    from mayhem.compiler.checks.incremental_collection import _components

    assert set(PER_COMPONENT) <= set(CHECKS)
    col = Collection(compiled.ir, compiled.graph.g)
    tops = [c["qid"] for c in col.top]
    for code, spec in sorted(PER_COMPONENT.items()):
        everything = _by_owner(col, run_one(col, code))
        assert everything is not None, f"{code} found something about no component"
        for top in tops:
            qids = [c["qid"] for c in _components(col.by_qid[top])]
            alone = run_one(View(col, [top], qids, spec.iterates_kinds), code)
            assert [(f.code, f.message, f.qid, f.span) for f in alone] == \
                [(f.code, f.message, f.qid, f.span) for f in everything.get(top, [])], (code, top)


def test_a_collection_indexed_from_kept_parts_equals_a_fresh_one_in_order_too(ir):
    parts: dict = {}
    Collection(ir, parts=parts)
    kept = dict(parts)
    edited = dict(ir)
    components = list(ir["components"])
    at = next(i for i, c in enumerate(components) if c["children"])
    changed = copy.deepcopy(components[at])
    changed["props"]["silence"] = {"value": [["C999", "why"]], "span": changed["span"]}
    components[at] = changed
    del components[at + 1]
    edited["components"] = components
    col, fresh = Collection(edited, parts=parts), Collection(edited)
    for attr in ("by_qid", "parent", "keywords", "tokens"):
        assert list(getattr(col, attr).items()) == list(getattr(fresh, attr).items())
    assert col.silencing == fresh.silencing and changed in col.silencing
    assert parts.keys() == {c["qid"] for c in components}
    assert all(parts[c["qid"]] is kept[c["qid"]] for c in components if c is not changed)
    assert parts[changed["qid"]] is not kept[changed["qid"]]
