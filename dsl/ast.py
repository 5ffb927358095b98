"""The typed syntax tree of a content file; every node carries its source span."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Iterator, Union

from .spans import Span


class Node:
    """Base of all syntax nodes. Subclasses are dataclasses; `span` is always last."""

    __slots__ = ()
    span: Span

    def children(self) -> Iterator["Node"]:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Node):
                yield value
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, Node):
                        yield item

    def walk(self) -> Iterator["Node"]:
        """This node and all below it, depth first, without recursion."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(node.children())))


class NodeVisitor:
    """Dispatches on `visit_<ClassName>`; `generic_visit` walks the children."""

    def visit(self, node: Node, *args, **kw):
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            return self.generic_visit(node, *args, **kw)
        return method(node, *args, **kw)

    def generic_visit(self, node: Node, *args, **kw):
        for child in node.children():
            self.visit(child, *args, **kw)
        return None


# ---- expressions -----------------------------------------------------------

@dataclass(slots=True)
class Number(Node):
    value: int
    span: Span


@dataclass(slots=True)
class String(Node):
    value: str
    span: Span


@dataclass(slots=True)
class Name(Node):
    id: str
    span: Span


@dataclass(slots=True)
class Range(Node):
    low: int
    high: int
    span: Span


@dataclass(slots=True)
class ListExpr(Node):
    items: list["Expr"]
    span: Span


@dataclass(slots=True)
class Arg(Node):
    name: str | None
    value: "Expr"
    span: Span


@dataclass(slots=True)
class CallExpr(Node):
    name: str
    args: list[Arg]
    span: Span
    name_span: Span


@dataclass(slots=True)
class BinOp(Node):
    op: str
    left: "Expr"
    right: "Expr"
    span: Span


@dataclass(slots=True)
class Neg(Node):
    operand: "Expr"
    span: Span


@dataclass(slots=True)
class Compare(Node):
    op: str
    left: "Expr"
    right: "Expr"
    span: Span


@dataclass(slots=True)
class Is(Node):
    left: "Expr"
    right: "Expr"
    negated: bool
    span: Span


@dataclass(slots=True)
class BoolOp(Node):
    op: str  # "and" | "or"
    items: list["Expr"]
    span: Span


@dataclass(slots=True)
class Not(Node):
    operand: "Expr"
    span: Span


@dataclass(slots=True)
class Selector(Node):
    """`one opponent in here where ...`, `all character in adjacent`, `up-to 2 location`."""

    quant: str  # "one" | "all" | "up-to"
    count: "Expr | None"
    kind: str
    place: "Expr | None"
    where: "Expr | None"
    span: Span
    kind_span: Span


Expr = Union[Number, String, Name, ListExpr, CallExpr, BinOp, Neg, Compare, Is, BoolOp, Not, Selector]


# ---- statements --------------------------------------------------------------

@dataclass(slots=True)
class Block(Node):
    stmts: list["Stmt"]
    span: Span


@dataclass(slots=True)
class Call(Node):
    name: str
    args: list[Arg]
    span: Span
    name_span: Span


@dataclass(slots=True)
class May(Node):
    label: str | None
    body: Block
    span: Span


@dataclass(slots=True)
class Option(Node):
    label: str
    body: Block
    span: Span


@dataclass(slots=True)
class Choose(Node):
    options: list[Option]
    span: Span


@dataclass(slots=True)
class If(Node):
    cond: Expr
    then: Block
    orelse: "Block | If | None"
    span: Span


@dataclass(slots=True)
class Repeat(Node):
    count: Expr
    body: Block
    span: Span


@dataclass(slots=True)
class Let(Node):
    name: str
    value: Expr
    span: Span


@dataclass(slots=True)
class ForEach(Node):
    var: str
    source: Expr
    body: Block
    span: Span


@dataclass(slots=True)
class As(Node):
    who: Expr
    body: Block
    span: Span


@dataclass(slots=True)
class Until(Node):
    event: str
    body: Block
    span: Span
    event_span: Span


@dataclass(slots=True)
class Trigger(Node):
    event: str
    cond: Expr | None
    body: Block
    span: Span
    event_span: Span


Stmt = Union[Call, May, Choose, If, Repeat, Let, ForEach, As, Until, Trigger]


# ---- declarations ------------------------------------------------------------

@dataclass(slots=True)
class Prop(Node):
    name: str
    values: list[Node]
    span: Span
    name_span: Span


@dataclass(slots=True)
class Slot(Node):
    name: str
    guard: Expr | None
    body: Block
    span: Span
    name_span: Span


@dataclass(slots=True)
class Param(Node):
    name: str
    default: Expr | None
    span: Span


@dataclass(slots=True)
class Decl(Node):
    kind: str
    id: str
    name: str | None
    params: list[Param]
    members: list[Node]  # Prop | Slot | Trigger | Decl
    span: Span
    id_span: Span
    body_span: Span
    kind_span: Span | None = None


@dataclass(slots=True)
class InBox(Node):
    box: str
    span: Span


@dataclass(slots=True)
class Use(Node):
    path: str
    span: Span


@dataclass(slots=True)
class File(Node):
    name: str
    in_box: InBox | None
    uses: list[Use]
    decls: list[Decl]
    span: Span
    headers_after_decls: list[Node] = field(default_factory=list)
