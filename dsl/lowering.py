"""Lowering: the LALR parser's reductions straight to dsl.ast nodes with their spans, no parse tree between.

Lark's LALR parser calls one function per reduced rule (its `callbacks`); `reductions()` gives it
functions that build the typed syntax tree at once, instead of a Lark `Tree` with position
metadata that a second pass would walk. They shape the children as Lark's tree builder does
for this grammar (`_rule`s inlined, anonymous tokens dropped, `[x]` absent as None, a `?rule`
with one child replaced by it) and place a node where Lark's `propagate_positions` would: from
the first to the last token of everything its rule matched, the dropped keywords and brackets
included (`tests/test_lowering.py` compares both on every content file).

Every value on the parser's stack for a rule is a tuple (value, depth, first token, last
token): the depth counts the syntax-tree levels below the node, so that an over-deep
expression is reported (E105) before later passes recurse over it.
"""
from __future__ import annotations

import re

from lark import Token

from . import ast
from .diagnostics import Diagnostics, Related
from .spans import SourceFile, Span

# Operators chain without brackets (`not not not ...`); past this depth later
# passes would run out of Python stack, so the parser reports it instead.
MAX_EXPR_DEPTH = 100


def _unescape(raw: str) -> str:
    body = raw[1:-1]
    if "\\" not in body:
        return body
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


class Lowering:
    """The node built for each rule of the grammar (`rule_<name>(children, span)`), for one
    file at a time: `begin` names the file and where its errors go, `end` reports an
    over-deep expression and gives the file's node."""

    def __init__(self) -> None:
        self.begin(SourceFile("<text>", ""), Diagnostics())

    def begin(self, src: SourceFile, diags: Diagnostics) -> None:
        self.src = src
        self.name = src.name
        self.diags = diags
        self.too_deep: Span | None = None

    def end(self, result) -> ast.File | None:
        if self.too_deep is not None:
            self.diags.error("E105", f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)",
                             self.too_deep, hint="split it with 'let', or simplify the condition")
            return None
        return result[0]

    def tok_span(self, tok: Token) -> Span:
        return Span(self.name, tok.line, tok.column, tok.end_line, tok.end_column)

    # headers and declarations

    def rule_start(self, c, span):
        in_box = None
        uses = []
        decls = []
        late = []
        for item in c:
            if isinstance(item, ast.InBox):
                if in_box is not None:
                    self.diags.error("E113", f"a file belongs to one box; it already said 'in box {in_box.box}'",
                                     item.span, related=[Related(in_box.span, "first said here")],
                                     hint="split the file in two")
                else:
                    in_box = item
                if decls:
                    late.append(item)
            elif isinstance(item, ast.Use):
                uses.append(item)
                if decls:
                    late.append(item)
            else:
                decls.append(item)
        for item in late:
            self.diags.error("E114", "'in box' and 'use' go at the top of the file, before any declaration",
                             item.span, hint="move this line above the first declaration")
        span = Span(self.name, 1, 1, max(self.src.text.count("\n"), 0) + 1, 1)
        return ast.File(self.name, in_box, uses, decls, span, late)

    def rule_in_box(self, c, span):
        return ast.InBox(str(c[0]), span)

    def rule_use(self, c, span):
        return ast.Use(_unescape(str(c[0])), span)

    def rule_params(self, c, span):
        return [p for p in c if p is not None]

    def rule_param(self, c, span):
        return ast.Param(str(c[0]), c[1], span)

    def rule_body(self, c, span):
        return ([m for m in c if m is not None], span)

    def rule_decl(self, c, span):
        kind, ident, name, params, (members, body_span) = c
        return ast.Decl(str(kind), str(ident), _unescape(str(name)) if name is not None else None,
                        params or [], members, span, self.tok_span(ident), body_span,
                        self.tok_span(kind))

    def rule_prop(self, c, span):
        return ast.Prop(str(c[0]), [self.value(v) for v in c[1:]], span, self.tok_span(c[0]))

    def value(self, v):
        if isinstance(v, Token):
            span = self.tok_span(v)
            if v.type == "INT":
                return ast.Number(int(v), span)
            if v.type == "SIGNED_INT":
                return ast.Number(int(v), span)
            if v.type == "STRING":
                return ast.String(_unescape(str(v)), span)
            return ast.Name(str(v), span)
        return v

    def rule_range(self, c, span):
        return ast.Range(int(c[0]), int(c[1]), span)

    def rule_list(self, c, span):
        return ast.ListExpr([self.value(v) for v in c if v is not None], span)

    def rule_slot(self, c, span):
        return ast.Slot(str(c[0]), c[1], c[2], span, self.tok_span(c[0]))

    def rule_trigger(self, c, span):
        event, cond, block = c
        return ast.Trigger(str(event), cond, block, span, self.tok_span(event))

    # statements

    def rule_block(self, c, span):
        return ast.Block([s for s in c if s is not None], span)

    def args(self, items):
        out = []
        for item in items:
            if item is None:
                continue
            if isinstance(item, ast.Arg):
                out.append(item)
            else:
                out.append(ast.Arg(None, item, item.span))
        return out

    def rule_call(self, c, span):
        return ast.Call(str(c[0]), self.args(c[1:]), span, self.tok_span(c[0]))

    def rule_named_arg(self, c, span):
        return ast.Arg(str(c[0]), c[1], span)

    def rule_may(self, c, span):
        label, block = c
        return ast.May(_unescape(str(label)) if label is not None else None, block, span)

    def rule_choose(self, c, span):
        return ast.Choose([o for o in c if o is not None], span)

    def rule_option(self, c, span):
        return ast.Option(_unescape(str(c[0])), c[1], span)

    def rule_if_(self, c, span):
        return ast.If(c[0], c[1], c[2], span)

    def rule_repeat(self, c, span):
        return ast.Repeat(c[0], c[1], span)

    def rule_let(self, c, span):
        return ast.Let(str(c[0]), c[1], span)

    def rule_for_each(self, c, span):
        return ast.ForEach(str(c[0]), c[1], c[2], span)

    def rule_as_(self, c, span):
        return ast.As(c[0], c[1], span)

    def rule_until(self, c, span):
        return ast.Until(str(c[0]), c[1], span, self.tok_span(c[0]))

    # expressions

    def rule_or_(self, c, span):
        return ast.BoolOp("or", list(c), span)

    def rule_and_(self, c, span):
        return ast.BoolOp("and", list(c), span)

    def rule_negation(self, c, span):
        return ast.Not(c[0], span)

    def rule_compare(self, c, span):
        return ast.Compare(str(c[1]), c[0], c[2], span)

    def rule_is_(self, c, span):
        return ast.Is(c[0], c[1], False, span)

    def rule_is_not(self, c, span):
        return ast.Is(c[0], c[1], True, span)

    def _chain(self, c, span):
        left = c[0]
        for i in range(1, len(c), 2):
            right = c[i + 1]
            left = ast.BinOp(str(c[i]), left, right, left.span.merge(right.span))
        return left

    rule_sum = _chain
    rule_product = _chain

    def rule_neg(self, c, span):
        return ast.Neg(c[0], span)

    def rule_number(self, c, span):
        return ast.Number(int(c[0]), span)

    def rule_string(self, c, span):
        return ast.String(_unescape(str(c[0])), span)

    def rule_name(self, c, span):
        return ast.Name(str(c[0]), span)

    def rule_call_expr(self, c, span):
        return ast.CallExpr(str(c[0]), self.args(c[1:]), span, self.tok_span(c[0]))

    def rule_list_expr(self, c, span):
        return ast.ListExpr([x for x in c if x is not None], span)

    def rule_quant(self, c, span):
        return str(c[0])

    def rule_selector(self, c, span):
        quant, kind, place, where = c
        return ast.Selector(quant, None, str(kind), place, where, span, self.tok_span(kind))

    def rule_selector_up_to(self, c, span):
        count, kind, place, where = c
        return ast.Selector("up-to", count, str(kind), place, where, span, self.tok_span(kind))


# `1 + 1 + ... + 1` is one reduction but a left-nested chain of BinOps, one level per
# operator, and later passes recurse over that chain
_CHAINS = ("sum", "product")


def reductions(rules, lowering: Lowering) -> dict:
    """Lark's LALR callbacks (rule -> function of the matched children) that lower as they reduce."""
    return {rule: _reduction(rule, lowering) for rule in rules}


def _reduction(rule, lowering: Lowering):
    name = rule.alias or rule.origin.name
    expansion = rule.expansion
    keep_all = rule.options.keep_all_tokens
    # which children stay, as Lark's tree builder keeps them (maybe_placeholders=True):
    # (index, inlined, Nones before it) per child, and the Nones after the last one
    empty = rule.options.empty_indices
    nones = [len(ones) for ones in "".join(str(int(b)) for b in empty).split("0")] if empty \
        else [0] * (len(expansion) + 1)
    include = []
    pending = 0
    for i, sym in enumerate(expansion):
        pending += nones[i]
        if keep_all or not (sym.is_term and sym.filter_out):
            include.append((i, not sym.is_term and sym.name.startswith("_"), pending))
            pending = 0
    include = tuple(include)
    trailing = pending + nones[len(expansion)]
    inline = name.startswith("_")
    expand1 = rule.options.expand1 and not rule.alias
    handler = None if inline else getattr(lowering, "rule_" + name, None)
    chain = name in _CHAINS

    def reduce(raw: list):
        first = last = None
        for c in raw:
            first = c[2] if c.__class__ is tuple else c
            if first is not None:
                break
        for c in reversed(raw):
            last = c[3] if c.__class__ is tuple else c
            if last is not None:
                break
        vals = []
        depth = 0
        for i, inlined, before in include:
            if before:
                vals.extend([None] * before)
            c = raw[i]
            if c.__class__ is tuple:
                if inlined:
                    vals.extend(c[0])
                else:
                    vals.append(c[0])
                if c[1] > depth:
                    depth = c[1]
            else:
                vals.append(c)
        if trailing:
            vals.extend([None] * trailing)
        if inline:
            return (vals, depth, first, last)
        if expand1 and len(vals) == 1:
            return (vals[0], depth, first, last)
        if handler is None:  # pragma: no cover - grammar and lowering out of step
            raise AssertionError(f"no lowering for rule {name!r}")
        if first is None:
            span = Span(lowering.name, 1, 1, 1, 1)
        else:
            span = Span(lowering.name, first.line, first.column, last.end_line, last.end_column)
        depth += (len(vals) - 1) // 2 if chain else 1
        if depth > MAX_EXPR_DEPTH and lowering.too_deep is None:
            lowering.too_deep = span
        return (handler(vals, span), depth, first, last)

    return reduce
