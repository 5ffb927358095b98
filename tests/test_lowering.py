"""The parser lowers to dsl.ast as it reduces (dsl/lowering.py), with no Lark tree between: its
nodes stand where Lark's own tree builder, with `propagate_positions`, puts the same rules."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.parser import lark_parser, parse_source
from mayhem.dsl.spans import SourceFile, Span

REPO = Path(__file__).resolve().parent.parent
FILES = sorted((REPO / "content").rglob("*.mh")) + sorted((REPO / "tests" / "fixtures" / "kernel").rglob("*.mh"))

# the rules that make exactly one node of one class (a prop's values and a positional
# argument are nodes made from tokens, with the token's span, so those classes are left out)
RULE_CLASS = {
    "in_box": ast.InBox, "use": ast.Use, "param": ast.Param, "decl": ast.Decl, "prop": ast.Prop,
    "slot": ast.Slot, "trigger": ast.Trigger, "block": ast.Block, "call": ast.Call, "may": ast.May,
    "choose": ast.Choose, "option": ast.Option, "if_": ast.If, "repeat": ast.Repeat, "let": ast.Let,
    "for_each": ast.ForEach, "as_": ast.As, "until": ast.Until, "or_": ast.BoolOp, "and_": ast.BoolOp,
    "negation": ast.Not, "compare": ast.Compare, "is_": ast.Is, "is_not": ast.Is, "neg": ast.Neg,
    "call_expr": ast.CallExpr, "selector": ast.Selector, "selector_up_to": ast.Selector, "range": ast.Range,
}
CLASSES = set(RULE_CLASS.values())


def _tree_spans(name: str, text: str) -> Counter:
    tree = lark_parser().parse(text)
    return Counter((RULE_CLASS[t.data].__name__, Span(name, t.meta.line, t.meta.column, t.meta.end_line,
                                                      t.meta.end_column))
                   for t in tree.iter_subtrees() if t.data in RULE_CLASS)


def _ast_spans(node: ast.File) -> Counter:
    return Counter((type(n).__name__, n.span) for n in node.walk() if type(n) in CLASSES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_nodes_stand_where_lark_puts_them(path):
    name = path.relative_to(REPO).as_posix()
    text = path.read_text(encoding="utf-8")
    diags = Diagnostics()
    tree = parse_source(SourceFile(name, text), diags)
    assert tree is not None, [str(d) for d in diags.items]
    expected = _tree_spans(name, text)
    assert sum(expected.values()) > 0
    assert _ast_spans(tree) == expected


def test_brackets_and_keywords_belong_to_the_node():
    text = 'in box b\nkeyword k "K" {\n  effect {\n    if (mayhem-die >= 2) and not x {\n      move\n    }\n  }\n}\n'
    tree = parse_source(SourceFile("k.mh", text), Diagnostics())
    stmt = tree.decls[0].members[0].body.stmts[0]
    assert isinstance(stmt, ast.If) and stmt.span == Span("k.mh", 4, 5, 6, 6)  # from `if` to its `}`
    cond = stmt.cond
    assert isinstance(cond, ast.BoolOp) and cond.span == Span("k.mh", 4, 8, 4, 35)  # from the `(`
    assert cond.items[0].span == Span("k.mh", 4, 9, 4, 24)  # the comparison, without its brackets
    assert cond.items[1].span == Span("k.mh", 4, 30, 4, 35)  # `not x`, with its `not`


def test_over_deep_expression_is_reported_not_built():
    text = 'in box b\nkeyword k "K" {\n  effect {\n    repeat ' + " + ".join(["1"] * 250) + " {\n      move\n    }\n  }\n}\n"
    diags = Diagnostics()
    assert parse_source(SourceFile("deep.mh", text), diags) is None
    assert [d.code for d in diags.items] == ["E105"]
    assert diags.items[0].span.line == 4


def test_threads_parse_at_once_each_its_own_file():
    # the language server parses a buffer while a worker thread checks the whole root
    import threading

    texts = {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8") for p in FILES[:6]}
    expected = {name: parse_source(SourceFile(name, text), Diagnostics()) for name, text in texts.items()}
    wrong = []

    def work(name: str) -> None:
        for _ in range(15):
            got = parse_source(SourceFile(name, texts[name]), Diagnostics())
            if got != expected[name]:
                wrong.append(name)

    threads = [threading.Thread(target=work, args=(name,)) for name in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong
