"""Expressions printed from the IR keep their meaning: the site's effect phrases
(site/effects.py) and `mayhem diff`'s words (compiler/render_expr.py, the printer of both) put brackets where
the grammar's precedence needs them (`a and (b or c)`), and nowhere else. Property: a
generated and/or/not/comparison/arithmetic tree, printed, parsed again by the DSL's
parser and evaluated, gives what the tree itself gives, under any values of its names."""
from __future__ import annotations

import html
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st
from markupsafe import Markup

from mayhem.compiler.render_expr import expression_text as diff_words
from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.parser import parse_source
from mayhem.dsl.spans import SourceFile
from mayhem.site.effects import Phrases

INTS = ("a", "b", "c")
BOOLS = ("p", "q", "r")


def site_words(e: dict) -> str:
    phrases = Phrases(SimpleNamespace(by_qid={}), lambda qid, label: Markup(label))
    return html.unescape(str(phrases.expr(e))).replace("\u2212", "-")


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": None}


def num(v: int) -> dict:
    return {"e": "num", "v": v, "span": None}


ints = st.recursive(
    st.one_of(st.sampled_from(INTS).map(var), st.integers(0, 9).map(num)),
    lambda sub: st.one_of(
        st.builds(lambda op, l, r: {"e": "bin", "op": op, "l": l, "r": r, "span": None},
                  st.sampled_from(["+", "-", "*"]), sub, sub),
        sub.map(lambda x: {"e": "neg", "x": x, "span": None})),
    max_leaves=6)

bools = st.recursive(
    st.one_of(st.sampled_from(BOOLS).map(var),
              st.builds(lambda op, l, r: {"e": "cmp", "op": op, "l": l, "r": r, "span": None},
                        st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), ints, ints)),
    lambda sub: st.one_of(
        st.builds(lambda k, items: {"e": k, "items": items, "span": None},
                  st.sampled_from(["and", "or"]), st.lists(sub, min_size=2, max_size=3)),
        sub.map(lambda x: {"e": "not", "x": x, "span": None})),
    max_leaves=8)

CMP = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
       "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
BIN = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def eval_ir(e: dict, env: dict):
    k = e["e"]
    if k == "var":
        return env[e["name"]]
    if k == "num":
        return e["v"]
    if k == "bin":
        return BIN[e["op"]](eval_ir(e["l"], env), eval_ir(e["r"], env))
    if k == "neg":
        return -eval_ir(e["x"], env)
    if k == "cmp":
        return CMP[e["op"]](eval_ir(e["l"], env), eval_ir(e["r"], env))
    if k == "not":
        return not eval_ir(e["x"], env)
    values = [eval_ir(i, env) for i in e["items"]]
    return all(values) if k == "and" else any(values)


def eval_ast(n, env: dict):
    if isinstance(n, ast.Name):
        return env[n.id]
    if isinstance(n, ast.Number):
        return n.value
    if isinstance(n, ast.BinOp):
        return BIN[n.op](eval_ast(n.left, env), eval_ast(n.right, env))
    if isinstance(n, ast.Neg):
        return -eval_ast(n.operand, env)
    if isinstance(n, ast.Compare):
        return CMP[n.op](eval_ast(n.left, env), eval_ast(n.right, env))
    if isinstance(n, ast.Not):
        return not eval_ast(n.operand, env)
    assert isinstance(n, ast.BoolOp), n
    values = [eval_ast(i, env) for i in n.items]
    return all(values) if n.op == "and" else any(values)


def reparse(text: str):
    """The expression `text` as the DSL's parser reads it (in a `let`)."""
    src = SourceFile("expr.mh", f"keyword k {{\n  effect {{\n    let v = {text}\n  }}\n}}\n")
    diags = Diagnostics()
    tree = parse_source(src, diags)
    assert tree is not None, (text, [d.message for d in diags.items])
    (decl,) = tree.decls
    (slot,) = [m for m in decl.members if isinstance(m, ast.Slot)]
    (let,) = slot.body.stmts
    return let.value


envs = st.fixed_dictionaries({**{n: st.integers(-3, 3) for n in INTS}, **{n: st.booleans() for n in BOOLS}})


@settings(max_examples=300, deadline=None)
@given(e=st.one_of(bools, ints), env=envs)
def test_printed_expression_reads_back_with_its_meaning(e, env):
    for render in (site_words, diff_words):
        text = render(e)
        assert eval_ast(reparse(text), env) == eval_ir(e, env), text


A, B, C = var("a"), var("b"), var("c")
P, Q, R = var("p"), var("q"), var("r")


def test_brackets_where_precedence_needs_them():
    cases = {
        "p and (q or r)": {"e": "and", "items": [P, {"e": "or", "items": [Q, R]}]},
        "p or q and r": {"e": "or", "items": [P, {"e": "and", "items": [Q, R]}]},
        "not (p and q)": {"e": "not", "x": {"e": "and", "items": [P, Q]}},
        "not a == b": {"e": "not", "x": {"e": "cmp", "op": "==", "l": A, "r": B}},
        "(a + b) * c": {"e": "bin", "op": "*", "l": {"e": "bin", "op": "+", "l": A, "r": B}, "r": C},
        "a + b * c": {"e": "bin", "op": "+", "l": A, "r": {"e": "bin", "op": "*", "l": B, "r": C}},
        "a - (b - c)": {"e": "bin", "op": "-", "l": A, "r": {"e": "bin", "op": "-", "l": B, "r": C}},
        "a - b - c": {"e": "bin", "op": "-", "l": {"e": "bin", "op": "-", "l": A, "r": B}, "r": C},
        "-(a + b)": {"e": "neg", "x": {"e": "bin", "op": "+", "l": A, "r": B}},
        "a + b < c": {"e": "cmp", "op": "<", "l": {"e": "bin", "op": "+", "l": A, "r": B}, "r": C},
    }
    for expected, e in cases.items():
        assert site_words(e) == expected
        assert diff_words(e) == expected


def test_site_page_prints_the_brackets_of_a_condition():
    """The HTML of a phrase, as the site writes it into a page."""
    phrases = Phrases(SimpleNamespace(by_qid={}), lambda qid, label: Markup(label))
    cond = {"e": "and", "items": [P, {"e": "or", "items": [Q, {"e": "not", "x": R}]}]}
    stmt = {"op": "if", "cond": cond, "then": [], "else": None}
    assert str(phrases.stmt(stmt)).startswith("<em>if</em> p and (q or not r): ")
