"""The printer of `mayhem fmt`: a file's syntax tree laid out again, line by line, with its comments."""
from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from .format_wrap import INDENT, Break, Part, wrap
from .schema import KINDS, UNIVERSAL_PROPS

# tokens never followed by a space, and tokens never preceded by one
_GLUE_AFTER = {"(", "[", ".."}
_GLUE_BEFORE = {")", "]", ",", ":", ".."}
# trees whose `{ ... }` hold members, one per line
_CONTAINERS = {"body", "block", "choose"}


# ---- the tree ------------------------------------------------------------------------

def real_children(tree: Tree) -> list:
    return [c for c in tree.children if not (isinstance(c, Token) and c.type == "_NL")]


def leaves(node):
    if isinstance(node, Token):
        if node.type != "_NL":
            yield node
        return
    for child in node.children:
        yield from leaves(child)


@dataclass
class _Member:
    tree: Tree
    start: int
    end: int
    line: int
    end_line: int
    leading: list = field(default_factory=list)  # own-line comments above it
    inner: list = field(default_factory=list)  # comments inside it or ending its last line


def _member(tree: Tree) -> _Member:
    toks = list(leaves(tree))
    return _Member(tree, toks[0].start_pos, toks[-1].end_pos, toks[0].line, toks[-1].end_line)


def _first_word(tree: Tree) -> str:
    return str(next(leaves(tree)))


def _property_rank(kind: str):
    """Sort key of the members of a declaration of this kind: properties first, in the
    order of dsl/schema.py, then the rest in the author's order."""
    spec = KINDS.get(kind)
    if spec is not None:
        props = spec.props
    else:  # a kind content declares (a card type): every card's own properties first
        from mayhem.compiler.card_types import CARD_PROPS
        props = CARD_PROPS
    order = {p.name: i for i, p in enumerate(props)}
    for p in UNIVERSAL_PROPS:
        order.setdefault(p.name, len(order))
    unknown = len(order)
    if spec is not None and spec.team_props:  # the counts per Team (a pool's `black 5 white 5`): after `count`
        unknown = order.get("count", unknown) + 0.5

    def rank(indexed: tuple[int, _Member]) -> tuple:
        i, m = indexed
        if m.tree.data != "prop":
            return (1, 0, i)
        return (0, order.get(_first_word(m.tree), unknown), i)
    return rank


# ---- the printer ---------------------------------------------------------------------

@dataclass
class _Line:
    depth: int
    parts: list = field(default_factory=list)  # rendered tokens
    last_line: int = 0  # source line of the last token
    glue: bool = True  # no space before the next token
    open: int = 0  # brackets open at the end of the line so far
    comments: list = field(default_factory=list)


class Printer:
    def __init__(self, blank_lines: set[int]) -> None:
        self.blank_lines = blank_lines
        self.out: list[str] = []
        self.line: _Line | None = None
        self.kinds: dict[int, str] = {}  # id of a declaration's body -> its kind
        self.nesting = 0  # depth in the syntax tree of the node being printed
        self.starting: list[int] = []  # trees entered since the last token: the next one starts them

    def result(self) -> str:
        self.end_line()
        while self.out and self.out[-1] == "":
            self.out.pop()
        return "\n".join(self.out) + "\n" if self.out else ""

    # -- lines
    def blank(self) -> None:
        """One blank line here, unless at the top of the file or of a block, or after one."""
        self.end_line()
        if self.out and self.out[-1] != "" and not self.out[-1].endswith("{"):
            self.out.append("")

    def start_line(self, depth: int) -> None:
        self.end_line()
        self.line = _Line(depth)

    def end_line(self) -> None:
        line, self.line = self.line, None
        if line is None:
            return
        indent = INDENT * line.depth
        trailing = None
        hoisted = line.comments
        if hoisted and hoisted[-1].line == line.last_line:
            trailing, hoisted = hoisted[-1], hoisted[:-1]
        for c in hoisted:
            self.out.append(indent + str(c).rstrip())
        text = wrap(line.parts, indent)
        if trailing is not None:
            text += "  " + str(trailing).rstrip()
        self.out.append(text)

    def own_line_comment(self, c: Token, depth: int) -> None:
        if c.line - 1 in self.blank_lines:
            self.blank()
        self.end_line()
        self.out.append(INDENT * depth + str(c).rstrip())

    def token(self, tok: Token, parent: Tree) -> None:
        text = str(tok)
        line = self.line
        space = bool(line.parts) and not line.glue and text not in _GLUE_BEFORE \
            and not (text == "(" and parent.data in ("call", "call_expr"))
        line.parts.append(Part(text, space, line.open, self.break_at(text, parent, line.open),
                                tuple(self.starting)))
        self.starting.clear()
        line.open += (text in ("(", "[")) - (text in (")", "]"))
        line.last_line = tok.end_line
        line.glue = text in _GLUE_AFTER or (text == "-" and parent.data == "neg")

    def break_at(self, text: str, parent: Tree, open_: int) -> Break | None:
        """Where a wrapped line may break: after `and`, `or` (anywhere: the lexer reads on
        after them); inside brackets, also after a comma or an arithmetic operator, and
        before a selector's `where`."""
        key = (open_, self.nesting)
        if text in ("and", "or") and parent.data in ("and_", "or_"):
            return Break(id(parent), key, after=True, fill=False)
        if open_ and parent.data in ("sum", "product") and text in ("+", "-", "*"):
            return Break(id(parent), key, after=True, fill=False)
        if text == "," and open_:
            return Break(id(parent), key, after=True, fill=True)
        if text == "where" and open_:
            return Break(id(parent), key, after=False, fill=False)
        return None

    # -- the tree
    def container(self, tree: Tree, members: list, comments: list[Token], depth: int, top: bool = False,
                  kind: str | None = None) -> None:
        """Print the members of a file, a body, a block or a `choose`, one per line at
        `depth`, each with the comments that belong to it."""
        ms = [_member(m) for m in members]
        rest: list[Token] = []
        for c in comments:
            owner = next((m for m in ms if m.start <= c.start_pos < m.end), None)
            if owner is None:
                before = [m for m in ms if m.end <= c.start_pos]
                if before and before[-1].end_line == c.line:
                    owner = before[-1]
            if owner is not None:
                owner.inner.append(c)
                continue
            after = next((m for m in ms if m.start > c.start_pos), None)
            (after.leading if after is not None else rest).append(c)
        order = list(enumerate(ms))
        if kind is not None:
            order.sort(key=_property_rank(kind))
        previous = None
        for _, m in order:
            is_decl = m.tree.data == "decl"
            first_line = m.leading[0].line if m.leading else m.line
            if previous is not None and (is_decl or previous.tree.data == "decl" or first_line - 1 in self.blank_lines):
                self.blank()
            for c in m.leading:
                self.own_line_comment(c, depth)
            if m.leading and m.line - 1 in self.blank_lines:
                self.blank()
            self.start_line(depth)
            pending = list(m.inner)
            self.walk(m.tree, pending, depth)
            if self.line is not None:
                self.line.comments.extend(pending)
            else:  # pragma: no cover - a member always ends on a line of its own
                for c in pending:
                    self.own_line_comment(c, depth)
            self.end_line()
            previous = m
        for c in rest:
            self.own_line_comment(c, depth)

    def walk(self, node: Tree, pending: list[Token], depth: int) -> None:
        """Print a member's tokens on the current line; a `{` opens a container whose
        members go on lines of their own, and its `}` starts a new line."""
        children = real_children(node)
        if node.data == "decl" and isinstance(children[-1], Tree):
            self.kinds[id(children[-1])] = _first_word(node)  # the kind is the first word
        i = 0
        while i < len(children):
            child = children[i]
            if isinstance(child, Tree):
                self.starting.append(id(child))
                self.nesting += 1
                self.walk(child, pending, depth)
                self.nesting -= 1
                i += 1
                continue
            while pending and pending[0].start_pos < child.start_pos:
                self.line.comments.append(pending.pop(0))
            if child.type == "LBRACE" and node.data in _CONTAINERS:
                close = next(k for k in range(i + 1, len(children))
                             if isinstance(children[k], Token) and children[k].type == "RBRACE")
                members = [c for c in children[i + 1:close] if isinstance(c, Tree)]
                inside = [c for c in pending if c.start_pos < children[close].start_pos]
                del pending[:len(inside)]
                self.token(child, node)
                if not members and not inside:
                    self.line.glue = True  # `{}`
                    self.token(children[close], node)
                    i = close + 1
                    continue
                while inside and inside[0].line == child.line:
                    self.line.comments.append(inside.pop(0))
                self.end_line()
                self.container(node, members, inside, depth + 1, kind=self.kinds.get(id(node)))
                self.start_line(depth)
                self.token(children[close], node)
                i = close + 1
                continue
            self.token(child, node)
            i += 1
