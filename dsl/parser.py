"""Parsing: source text to the typed syntax tree of dsl.ast, or positioned diagnostics."""
from __future__ import annotations

from pathlib import Path

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import ast
from .diagnostics import Diagnostics
from .grammar import GRAMMAR_PATH, ast_parser, lark_parser, terminal_texts  # noqa: F401 (the parser's API)
from .lalr_loop import NotHere
from .lexer import NestingTooDeep
from .lowering import MAX_EXPR_DEPTH  # noqa: F401
from .spans import SourceFile, Span
from .syntax_errors import report_syntax_error

# Content files are small; anything this big is a mistake, and parsing it would
# take minutes and gigabytes. The limit is reported as an error, never silently.
MAX_FILE_BYTES = 4 * 1024 * 1024


def read_source(path: Path, name: str, diags: Diagnostics) -> SourceFile | None:
    """Read a content file, reporting size and encoding problems with a position."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        diags.error("E001", f"cannot read '{name}': {exc.strerror or exc}", None,
                    hint="check that the path exists and is readable")
        return None
    if size > MAX_FILE_BYTES:
        diags.error("E106", f"file is too large ({size / 1e6:.1f} MB; the limit is "
                    f"{MAX_FILE_BYTES / 1e6:.0f} MB)", Span(name, 1, 1, 1, 2),
                    hint="split the content into several files, one per component or per kind")
        return None
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        col = len(data[line_start:exc.start].decode("utf-8", errors="replace")) + 1
        diags.error("E107", f"invalid UTF-8: byte 0x{data[exc.start]:02x} cannot start or continue a character",
                    Span(name, line, col, line, col + 1),
                    hint="save the file as UTF-8")
        return None
    if text.startswith("\ufeff"):
        text = text[1:]
    return SourceFile(name, text, path)


def parse_source(src: SourceFile, diags: Diagnostics) -> ast.File | None:
    """Parse one file. On a syntax error every top-level declaration is parsed on its
    own, so that one file reports all its broken declarations, not just the first."""
    if "\x00" in src.text:
        pos = src.text.index("\x00")
        line = src.text.count("\n", 0, pos) + 1
        col = pos - (src.text.rfind("\n", 0, pos) + 1) + 1
        diags.error("E101", "unexpected NUL character: this looks like a binary file",
                    Span(src.name, line, col, line, col + 1), hint="content files are UTF-8 text")
        return None
    parser = ast_parser()
    lowering = parser.lowering
    found = Diagnostics()  # the lowering's findings (E113, E114), kept if the file parses
    lowering.begin(src, found)
    try:
        result = parser.loop.parse(src.text)
    except NotHere:
        pass  # not well-formed: Lark's own loop (below) says where and why
    else:
        tree = lowering.end(result)
        diags.extend(found)
        return tree
    lowering.begin(src, diags)
    try:
        result = parser.parse(src.text)
    except (UnexpectedInput, NestingTooDeep) as first:
        lowering.begin(src, Diagnostics())  # the pieces' nodes are not kept, nor their findings
        found = 0
        line_offset = 0
        previous = 0
        for start, end in _top_level_chunks(src.text):
            line_offset += src.text.count("\n", previous, start)
            previous = start
            try:
                parser.parse(src.text[start:end])
            except (UnexpectedInput, NestingTooDeep) as exc:
                _shift_error(exc, line_offset, start)
                report_syntax_error(exc, src, diags, _open_brackets())
                found += 1
        if not found:
            report_syntax_error(first, src, diags, _open_brackets())
        return None
    return lowering.end(result)


def _open_brackets() -> list[Token]:
    """The brackets the post-lexer saw open when the last parse stopped."""
    return list(getattr(ast_parser().options.postlex, "open_stack", []))


def _top_level_chunks(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the pieces of a file that begin where a line starts
    at column 1 outside any brace: one top-level declaration or header each."""
    starts = []
    depth = 0
    i = 0
    n = len(text)
    line_start = True
    while i < n:
        ch = text[i]
        if line_start and depth == 0 and ch.isalpha():
            starts.append(i)
        line_start = False
        if ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if ch == '"':
            i += 1
            while i < n and text[i] not in '"\n':
                i += 2 if text[i] == "\\" else 1
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(depth - 1, 0)  # a stray '}' closes nothing that comes later
        elif ch == "\n":
            line_start = True
        i += 1
    return [(start, starts[k + 1] if k + 1 < len(starts) else n) for k, start in enumerate(starts)]


def _shift_error(exc: Exception, lines: int, chars: int) -> None:
    """Move the positions of an error found in a piece of a file (parsed on its own, so
    that a file with many broken declarations costs linear, not quadratic, time) to
    where the piece stands in the file. A piece starts at column 1, so columns hold."""
    done: set[int] = set()  # the same token may be both the error's and an open bracket

    def shift(tok) -> None:
        if isinstance(tok, Token) and id(tok) not in done:
            done.add(id(tok))
            if tok.line is not None:
                tok.line += lines
            if tok.end_line is not None:
                tok.end_line += lines
            if tok.start_pos is not None:
                tok.start_pos += chars
            if tok.end_pos is not None:
                tok.end_pos += chars

    if isinstance(exc, NestingTooDeep):
        shift(exc.token)
        for tok in exc.opened:
            shift(tok)
    elif isinstance(exc, UnexpectedCharacters):
        exc.line += lines
        exc.pos_in_stream += chars
    elif isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        shift(exc.token)
    postlex = ast_parser().options.postlex
    for tok in getattr(postlex, "open_stack", []):
        shift(tok)
