"""The seventh round of speed on the consistency checks (issue #15, "Speed") keeps what the
checks read: the shortcuts below give what the plain code they replace gave, on the real
content. (The findings themselves are compared by tests/test_checks_speed6.py's goldens.)"""
from __future__ import annotations

from mayhem.compiler import render_text
from mayhem.compiler.checks import placement
from mayhem.compiler.checks.collection import Collection
from mayhem.compiler.ir_ops import child_bodies


def _walk(comp):  # Collection.walk as it was: one generator per level
    yield comp
    for child in comp["children"]:
        yield from _walk(child)


def test_collection_walk_is_depth_first_each_component_before_its_children(ir):
    col = Collection(ir)
    nested = 0
    for comp in col.top:
        got = list(col.walk(comp))
        assert [id(c) for c in got] == [id(c) for c in _walk(comp)]
        nested += len(got) > 2
    assert nested > 10


def _mentions(body, keywords, depth=0):  # render_text.mentions as it was, through child_bodies
    import re
    out = []
    for s in body:
        if s["op"] == "keyword":
            kw = keywords.get(s["keyword"])
            if kw is not None:
                rendered, number = render_text.keyword_text(kw, s["args"])
                words = re.sub(r"\s+", " ", re.sub(r"\bX\b", "", (kw["name"] or kw["id"])).lower()).strip()
                out.append(render_text.Mention(s["keyword"], words, number, rendered))
        if depth < 8:
            for inner in child_bodies(s):
                out.extend(_mentions(inner, keywords, depth + 1))
    return out


def test_mentions_are_the_keywords_the_bodies_call_with_their_words_and_numbers(ir):
    col = Collection(ir)
    seen = 0
    for comp in col.by_qid.values():
        body = [s for eff in comp["effects"].values() for s in eff["body"]] + comp["triggers"]
        got = render_text.mentions(body, col.keywords)
        assert got == _mentions(body, col.keywords)
        seen += len(got)
    assert seen > 50


def test_c409_keyword_visits_kept_per_run_find_what_a_visit_per_call_finds(ir):
    col = Collection(ir)
    memo: dict = {}
    compared = 0
    for _qid, comp in col.in_order():
        for eff in comp["effects"].values():
            plain: list = []
            kept: list = []
            placement._visit(col, eff["body"], {}, None, plain)
            placement._visit(col, eff["body"], {}, None, kept, memo)
            assert [(t, k, id(w) if isinstance(w, dict) else w, id(n), h, *v) for t, k, w, n, h, *v in kept] == \
                [(t, k, id(w) if isinstance(w, dict) else w, id(n), h, *v) for t, k, w, n, h, *v in plain]
            compared += len(plain)
    assert compared > 20
    assert memo  # the keywords' visits were kept
