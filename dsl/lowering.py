"""Lowering: the LALR parser's reductions straight to dsl.ast nodes with their spans, no parse tree between.

Lark's LALR parser calls one function per reduced rule (its `callbacks`); dsl.reductions writes
those functions, which shape the rule's children as Lark's tree builder would and call the
rule's `rule_<name>` below with them and the node's span: the typed syntax tree is built at
once, instead of a Lark `Tree` with position metadata that a second pass would walk.
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

