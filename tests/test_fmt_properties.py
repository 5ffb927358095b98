"""Property test of `mayhem fmt` over the fuzzed content of tests/test_fuzz.py: on any text
that parses, fmt keeps the meaning (the same syntax tree, properties in any order, no
positions) and every comment, and fmt(fmt(x)) == fmt(x); any text that does not parse is
refused with positioned errors."""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings, strategies as st

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.format import format_source, parse_with_comments
from mayhem.dsl.parser import parse_source
from mayhem.dsl.spans import SourceFile

from conftest import CONTENT
from test_fuzz import EXAMPLES, FILES, MUTATION, mutate


def meaning(node):
    """A syntax tree without its positions, the properties of every declaration sorted by
    name (the layout orders them; a repeated property keeps its order)."""
    if isinstance(node, list):
        return [meaning(n) for n in node]
    if not isinstance(node, ast.Node):
        return node
    out = {"node": type(node).__name__}
    for f in dataclasses.fields(node):
        if f.name.endswith("span") or f.name == "name" and isinstance(node, ast.File):
            continue
        out[f.name] = meaning(getattr(node, f.name))
    if isinstance(node, ast.Decl):
        members = out["members"]
        props = sorted((m for m in members if m["node"] == "Prop"), key=lambda m: m["name"])
        out["members"] = props + [m for m in members if m["node"] != "Prop"]
    return out


def comments(text: str) -> list[str]:
    return sorted(str(c).rstrip() for c in parse_with_comments(text)[1])


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(name=st.sampled_from(FILES), mutations=st.lists(MUTATION, min_size=0, max_size=3))
def test_fmt_keeps_meaning_and_comments_and_is_idempotent(name, mutations):
    text = (CONTENT / name).read_text(encoding="utf-8")
    for m in mutations:
        text = mutate(text, m)
    src = SourceFile(name, text)
    diags = Diagnostics()
    tree = parse_source(src, Diagnostics())
    out = format_source(src, diags)
    if tree is None:
        assert out is None
        assert diags.has_errors() and all(d.span is not None and d.span.file == name for d in diags.errors)
        return
    assert out is not None and not diags.items
    again = parse_source(SourceFile(name, out), Diagnostics())
    assert again is not None, out
    assert meaning(again) == meaning(tree)
    assert comments(out) == comments(text)
    assert format_source(SourceFile(name, out), Diagnostics()) == out
