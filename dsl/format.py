"""The canonical layout of `.mh` files (`mayhem fmt`): from the syntax tree, keeping every comment.

The formatter parses with the project's grammar (all tokens kept, comments collected by a
lexer callback, since the parser itself drops them) and prints the tree again:

- two spaces of indentation per level of `{ }`; every member and statement on its own
  line; `} else {` on one line;
- one space between tokens, none inside `( )` and `[ ]`, before `,` and `:`, around
  `..`, after a unary `-`, or between a call's name and its `(`;
- one blank line around every declaration; other blank lines kept where the author put
  them (runs of them become one), none after `{` or before `}`;
- the properties of a declaration first, in the order its kind lists them in
  dsl/schema.py (properties that kind does not list keep their order, after the listed
  ones), then its effect slots, triggers and nested declarations in the author's order;
- comments stay with what they precede or end the line of; a comment inside a bracket
  that the layout joins onto one line moves above that line.

The kind of a declaration is its first word, whatever it is: the formatter knows no list
of kinds (a kind dsl/schema.py does not describe, a card type content declares, puts the
properties every card has first: `named`, `source`, `text`, `copies`). Long `text`
strings are left as they are: a string is one token and the language has no way to
continue one on the next line without changing it.

>>> print(format_text('in box b\\nuse "shared/core.mh"\\ncharacter x "X" {  life 10 ; source authored }\\n'
...                   .replace(" ; ", "\\n")), end="")
in box b
use "shared/core.mh"
<BLANKLINE>
character x "X" {
  source authored
  life 10
}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import threading

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from .diagnostics import Diagnostics
from .lexer import NewlinePostLex
from .parser import GRAMMAR_PATH, parse_source
from .schema import KINDS, UNIVERSAL_PROPS
from .spans import SourceFile

INDENT = "  "
# a line longer than this is wrapped at a space inside ( ) or [ ], where a new line means
# nothing; a line with nothing to wrap at (a long `text`) stays long
WIDTH = 100
# tokens never followed by a space, and tokens never preceded by one
_GLUE_AFTER = {"(", "[", ".."}
_GLUE_BEFORE = {")", "]", ",", ":", ".."}
# trees whose `{ ... }` hold members, one per line
_CONTAINERS = {"body", "block", "choose"}

_comments = threading.local()


def _collect_comment(tok: Token) -> Token:
    _comments.found.append(tok)
    return tok


@lru_cache(maxsize=None)
def format_parser() -> Lark:
    """The project's grammar, keeping every token (keywords and brackets included) and
    handing comments, which the grammar ignores, to a callback."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=NewlinePostLex(), propagate_positions=True, maybe_placeholders=False,
                keep_all_tokens=True, lexer_callbacks={"COMMENT": _collect_comment}, cache=False)


def parse_with_comments(text: str) -> tuple[Tree, list[Token]]:
    """The full syntax tree and the comments, in source order. Raises Lark's errors: call
    it on text that dsl.parser has accepted."""
    _comments.found = []
    try:
        tree = format_parser().parse(text)
        return tree, sorted(_comments.found, key=lambda t: t.start_pos)
    finally:
        _comments.found = []


def format_text(text: str) -> str:
    """The canonical layout of a file's text, which must parse (see dsl.parser)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    tree, comments = parse_with_comments(text)
    blank = {i + 1 for i, line in enumerate(text.split("\n")) if not line.strip()}
    printer = _Printer(blank)
    printer.container(tree, _real_children(tree), comments, depth=0, top=True)
    return printer.result()


# ---- the tree ------------------------------------------------------------------------

def _real_children(tree: Tree) -> list:
    return [c for c in tree.children if not (isinstance(c, Token) and c.type == "_NL")]


def _leaves(node):
    if isinstance(node, Token):
        if node.type != "_NL":
            yield node
        return
    for child in node.children:
        yield from _leaves(child)


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
    toks = list(_leaves(tree))
    return _Member(tree, toks[0].start_pos, toks[-1].end_pos, toks[0].line, toks[-1].end_line)


def _first_word(tree: Tree) -> str:
    return str(next(_leaves(tree)))


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

    def rank(indexed: tuple[int, _Member]) -> tuple:
        i, m = indexed
        if m.tree.data != "prop":
            return (1, 0, i)
        return (0, order.get(_first_word(m.tree), unknown), i)
    return rank


@dataclass(frozen=True)
class _Part:
    """A token of a line: its text, whether a space goes before it, how many brackets are
    open before it, and the break it allows, if any."""

    text: str
    space: bool
    depth: int
    brk: "_Break | None" = None
    starts: tuple = ()  # ids of the syntax trees whose first token it is


@dataclass(frozen=True)
class _Break:
    """Where a long line may break. Every break of one group (an `and` chain, the commas of
    one call) is taken together; the group with the smallest key, outside the fewest brackets
    and highest in the syntax tree, is the outermost and breaks first."""

    group: int  # id of the syntax tree that owns the break
    key: tuple[int, int]  # (brackets open, depth in the syntax tree)
    after: bool  # the line breaks after the token (`and`, `+`, `,`), or before it (`where`)
    fill: bool  # a comma list fills each line; a chain of operators puts one operand per line


def _width(parts: list[_Part]) -> int:
    """Columns of parts on one line, the first one's space left out (it starts the piece)."""
    return sum(len(p.text) + p.space for p in parts) - (parts[0].space if parts else 0)


def _wrap(parts: list[_Part], indent: str) -> str:
    """The tokens of one line, joined, and wrapped where the line would pass WIDTH: at its
    outermost chain of `and`/`or` first (each line ending with the operator), then inside
    brackets at the next level (a comma list filling its lines, a chain of operators one
    operand per line, `where` starting one). Outside brackets the continuation lines are
    indented two levels deeper than the line; inside a bracket a chain's lines start under
    its first operand, a list's under the bracket's first token. A piece with no break in
    it (a long `text`) stays long."""
    lines = _split(parts, len(indent), len(indent), len(indent) + 2 * len(INDENT), frozenset())
    out = []
    for i, (col, piece) in enumerate(lines):
        text = "".join((" " if p.space and k else "") + p.text for k, p in enumerate(piece))
        out.append((indent if i == 0 else " " * col) + text)
    return "\n".join(out)


def _split(parts: list[_Part], col: int, cont: int, hanging: int, done: frozenset) -> list[tuple[int, list]]:
    """`parts` laid out from column `col`: (start column, parts) per line. `cont` is where a
    continuation line starts inside the bracket the parts began in, `hanging` where one
    starts outside every bracket; groups in `done` are already broken (a filled list)."""
    if col + _width(parts) <= WIDTH:
        return [(col, parts)]
    breaks = [(k, p.brk) for k, p in enumerate(parts) if p.brk is not None and p.brk.group not in done
              and (k < len(parts) - 1 if p.brk.after else k > 0)]
    if not breaks:
        return [(col, parts)]
    outer = min(breaks, key=lambda kb: kb[1].key)[1]
    cuts = [k + 1 if b.after else k for k, b in breaks if b.group == outer.group]
    pieces = [parts[a:b] for a, b in zip([0] + cuts, cuts + [len(parts)])]
    at = _bracket_column(parts, cuts[0], col, cont) if outer.key[0] else hanging
    if not outer.fill and outer.key[0]:  # under the chain's first operand
        first = next((k for k, p in enumerate(parts) if outer.group in p.starts), None)
        at = at if first is None else col + _width(parts[:first + 1]) - len(parts[first].text)
    if not outer.fill:
        out = _split(pieces[0], col, at, hanging, done)
        for piece in pieces[1:]:
            out += _split(piece, at, at, hanging, done)
        return out
    done = done | {outer.group}
    out, line, start = [], pieces[0], col
    for piece in pieces[1:]:
        if start + _width(line) + 1 + _width(piece) <= WIDTH or at + _width(piece) > WIDTH:
            line = line + piece  # it fits, or would not fit on a line of its own either
        else:
            out += _split(line, start, at, hanging, done)
            line, start = piece, at
    return out + _split(line, start, at, hanging, done)


def _bracket_column(parts: list[_Part], cut: int, col: int, cont: int) -> int:
    """The column just after the bracket that holds the break at `cut`: found among `parts`
    laid out from `col`, or `cont` when it opened before them."""
    depth = parts[cut - 1].depth if cut else parts[0].depth
    for k in range(cut - 1, -1, -1):
        if parts[k].text in ("(", "[") and parts[k].depth == depth - 1:
            return col + _width(parts[:k + 1])
    return cont


# ---- the printer ---------------------------------------------------------------------

@dataclass
class _Line:
    depth: int
    parts: list = field(default_factory=list)  # rendered tokens
    last_line: int = 0  # source line of the last token
    glue: bool = True  # no space before the next token
    open: int = 0  # brackets open at the end of the line so far
    comments: list = field(default_factory=list)


class _Printer:
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
        text = _wrap(line.parts, indent)
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
        line.parts.append(_Part(text, space, line.open, self.break_at(text, parent, line.open),
                                tuple(self.starting)))
        self.starting.clear()
        line.open += (text in ("(", "[")) - (text in (")", "]"))
        line.last_line = tok.end_line
        line.glue = text in _GLUE_AFTER or (text == "-" and parent.data == "neg")

    def break_at(self, text: str, parent: Tree, open_: int) -> _Break | None:
        """Where a wrapped line may break: after `and`, `or` (anywhere: the lexer reads on
        after them); inside brackets, also after a comma or an arithmetic operator, and
        before a selector's `where`."""
        key = (open_, self.nesting)
        if text in ("and", "or") and parent.data in ("and_", "or_"):
            return _Break(id(parent), key, after=True, fill=False)
        if open_ and parent.data in ("sum", "product") and text in ("+", "-", "*"):
            return _Break(id(parent), key, after=True, fill=False)
        if text == "," and open_:
            return _Break(id(parent), key, after=True, fill=True)
        if text == "where" and open_:
            return _Break(id(parent), key, after=False, fill=False)
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
        children = _real_children(node)
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



# ---- files ---------------------------------------------------------------------------

class FormatError(Exception):
    """The formatter would change more than the layout: a bug, reported instead of written."""


def _words(text: str) -> list[tuple[str, str]]:
    """Every token and comment of a text, as a sorted multiset: the layout may reorder
    members and move comments, but never add, drop or change one."""
    tree, comments = parse_with_comments(text)
    return sorted([(t.type, str(t)) for t in _leaves(tree)] + [("COMMENT", str(c).rstrip()) for c in comments])


def format_source(src: SourceFile, diags: Diagnostics) -> str | None:
    """The canonical layout of a file; None, with positioned errors in `diags`, when it does
    not parse (a file that does not parse is never rewritten). Raises FormatError if the
    layout would not keep every token and comment of the file (it never should)."""
    syntax = Diagnostics()
    if parse_source(src, syntax) is None:
        diags.extend(syntax)
        return None
    # errors of meaning that the parser finds (a second `in box`) are `mayhem check`'s
    # to report: the layout of such a file is still well defined
    out = format_text(src.text)
    try:
        same = _words(out) == _words(src.text)
    except UnexpectedInput:
        same = False
    if not same:
        raise FormatError(f"{src.name}: the layout would change the content, so the file is left as it is; "
                          "please report this as a bug of `mayhem fmt`")
    return out
