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

from functools import lru_cache
import threading

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from .diagnostics import Diagnostics
from .format_printer import leaves, Printer, real_children
from .format_wrap import WIDTH  # noqa: F401 (the line width, part of the layout's contract)
from .lexer import NewlinePostLex
from .parser import GRAMMAR_PATH, parse_source
from .spans import SourceFile

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
    printer = Printer(blank)
    printer.container(tree, real_children(tree), comments, depth=0, top=True)
    return printer.result()

# ---- files ---------------------------------------------------------------------------

class FormatError(Exception):
    """The formatter would change more than the layout: a bug, reported instead of written."""


def _words(text: str) -> list[tuple[str, str]]:
    """Every token and comment of a text, as a sorted multiset: the layout may reorder
    members and move comments, but never add, drop or change one."""
    tree, comments = parse_with_comments(text)
    return sorted([(t.type, str(t)) for t in leaves(tree)] + [("COMMENT", str(c).rstrip()) for c in comments])


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
