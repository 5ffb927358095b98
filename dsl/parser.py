"""Parsing: source text to the typed syntax tree of dsl.ast, or positioned diagnostics."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
import re

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast
from .diagnostics import Diagnostics, Related, did_you_mean
from .lexer import MAX_NESTING, NestingTooDeep, NewlinePostLex
from .spans import SourceFile, Span

GRAMMAR_PATH = Path(__file__).with_name("mayhem.lark")

# Content files are small; anything this big is a mistake, and parsing it would
# take minutes and gigabytes. The limit is reported as an error, never silently.
MAX_FILE_BYTES = 4 * 1024 * 1024
# Operators chain without brackets (`not not not ...`); past this depth later
# passes would run out of Python stack, so the parser reports it instead.
MAX_EXPR_DEPTH = 100


@lru_cache(maxsize=None)
def lark_parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=NewlinePostLex(), propagate_positions=True, maybe_placeholders=True,
                cache=False)


@lru_cache(maxsize=None)
def terminal_texts() -> dict[str, str]:
    """Terminal name -> what a person would type ("LBRACE" -> "{")."""
    texts = {}
    for term in lark_parser().terminals:
        pattern = term.pattern
        if pattern.type == "str":
            texts[term.name] = pattern.value
    texts.update({"ID": "a name", "INT": "a number", "SIGNED_INT": "a signed number",
                  "STRING": "a string", "_NL": "a new line", "$END": "the end of the file",
                  "COMPARE": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*'"})
    return texts


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
    try:
        tree = lark_parser().parse(src.text)
    except (UnexpectedInput, NestingTooDeep) as first:
        found = 0
        line_offset = 0
        previous = 0
        for start, end in _top_level_chunks(src.text):
            line_offset += src.text.count("\n", previous, start)
            previous = start
            try:
                lark_parser().parse(src.text[start:end])
            except (UnexpectedInput, NestingTooDeep) as exc:
                _shift_error(exc, line_offset, start)
                _report_syntax_error(exc, src, diags)
                found += 1
        if not found:
            _report_syntax_error(first, src, diags)
        return None
    return Lowering(src, diags).lower(tree)


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
    postlex = lark_parser().options.postlex
    for tok in getattr(postlex, "open_stack", []):
        shift(tok)


def _token_text(tok: Token) -> str:
    if tok.type == "$END":
        return "end of file"
    if tok.type == "_NL":
        return "end of line"
    value = str(tok)
    if len(value) > 30:
        value = value[:27] + "..."
    return f"'{value}'"


def _expected_text(expected: set[str]) -> str:
    texts = terminal_texts()
    shown = sorted({texts.get(e, e) for e in expected if not e.startswith("__")})
    if not shown:
        return ""
    quoted = [s if s.startswith(("a ", "the ", "'")) else f"'{s}'" for s in shown]
    if len(quoted) > 8:
        return "expected one of " + ", ".join(quoted[:8]) + f", ... ({len(quoted) - 8} more)"
    if len(quoted) == 1:
        return "expected " + quoted[0]
    return "expected one of " + ", ".join(quoted)


def _report_syntax_error(exc: Exception, src: SourceFile, diags: Diagnostics) -> None:
    name = src.name
    if isinstance(exc, NestingTooDeep):
        tok = exc.token
        diags.error("E105", "blocks and brackets are nested too deeply "
                    f"(more than {MAX_NESTING} levels)",
                    Span(name, tok.line, tok.column, tok.line, tok.column + 1),
                    hint="content never needs this depth; look for a generated or corrupted file")
        return
    postlex = lark_parser().options.postlex
    open_stack = list(getattr(postlex, "open_stack", []))
    if isinstance(exc, UnexpectedCharacters):
        char = src.text[exc.pos_in_stream] if exc.pos_in_stream < len(src.text) else ""
        span = Span(name, exc.line, exc.column, exc.line, exc.column + 1)
        if char == '"':
            diags.error("E104", "unterminated string", span,
                        hint="close the string with '\"' on the same line")
        elif char == "=":
            diags.error("E110", "'=' is not an operator here", span,
                        hint="compare with '==', or bind a name with 'let NAME = ...'")
        elif char.isascii() and char.isupper():
            word = re.match(r"[A-Za-z0-9_-]+", src.text[exc.pos_in_stream:]).group(0)
            diags.error("E101", f"unexpected character '{char}'", span,
                        hint=f"names are lower-case with dashes: write '{_kebab(word)}'")
        else:
            shown = repr(char)[1:-1] if char else "end of file"
            diags.error("E101", f"unexpected character '{shown}'", span,
                        hint=_expected_hint(exc.allowed))
        return
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        span = src.end_span()
        related = []
        if open_stack:
            opener = open_stack[-1]
            related.append(Related(Span(name, opener.line, opener.column, opener.line, opener.column + 1),
                                   f"the '{opener}' opened here is never closed"))
            closer = {"{": "}", "(": ")", "[": "]"}[str(opener)]
            hint = f"add the missing '{closer}'"
        else:
            hint = _expected_hint(getattr(exc, "expected", set()))
        diags.error("E103", "unexpected end of file", span, hint=hint, related=related)
        return
    assert isinstance(exc, UnexpectedToken)
    tok = exc.token
    width = max(len(str(tok)), 1) if tok.type != "_NL" else 1
    span = Span(name, tok.line, tok.column, tok.line, tok.column + width)
    expected = set(exc.expected)
    message = f"unexpected {_token_text(tok)}"
    hint = None
    related = []
    if tok.type == "ID" and expected:
        keywords = [terminal_texts()[e] for e in expected if e in terminal_texts()
                    and re.fullmatch(r"[a-z-]+", terminal_texts()[e])]
        hint = did_you_mean(str(tok), keywords)
    else_word = _else_before(tok, src.text)
    if tok.type == "ELSE" or else_word is not None:
        # Where a statement may start, the contextual lexer reads `else` as a name (a
        # call), so the error surfaces at the `{` or `if` after it.
        code = "E115"
        message = "'else' must be on the line of the '}' before it"
        hint = "write `} else {`"
        if else_word is not None:
            span = Span(name, tok.line, else_word, tok.line, else_word + 4)
    elif tok.type == "EQUAL":
        # `=` lexes as the token of `let x = ...`, so it is an unexpected token, not
        # an unexpected character.
        code = "E110"
        message = "'=' is not an operator here"
        hint = "compare with '==', or bind a name with 'let NAME = ...'"
    elif tok.type == "_NL" and "RBRACE" not in expected and "LBRACE" in expected:
        code = "E111"
        message = "a block '{' must open on the same line"
        hint = "put '{' at the end of the line"
    elif tok.type == "RBRACE" and open_stack and str(open_stack[-1]) in "([":
        code = "E112"
        opener = open_stack[-1]
        message = f"'}}' closes a block, but the '{opener}' opened before it is still open"
        related.append(Related(Span(name, opener.line, opener.column, opener.line, opener.column + 1),
                               f"'{opener}' opened here"))
        hint = f"close it with '{ {'(': ')', '[': ']'}[str(opener)] }' first"
    else:
        code = "E102"
    if hint is None:
        hint = _expected_hint(expected)
    diags.error(code, message, span, hint=hint, related=related)


def _else_before(tok: Token, text: str) -> int | None:
    """The column of an `else` that stands alone before `tok` at the start of its line."""
    if tok.type not in ("LBRACE", "IF") or tok.start_pos is None:
        return None
    line_start = text.rfind("\n", 0, tok.start_pos) + 1
    before = text[line_start:tok.start_pos]
    if before.strip() != "else":
        return None
    return before.index("else") + 1


def _expected_hint(expected) -> str | None:
    text = _expected_text(set(expected or ()))
    return text or None


def _kebab(word: str) -> str:
    word = re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", word)
    return word.replace("_", "-").lower()


# ---- lowering: Lark tree -> dsl.ast -----------------------------------------

def _unescape(raw: str) -> str:
    body = raw[1:-1]
    if "\\" not in body:
        return body
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


class Lowering:
    """Turns Lark's parse tree into dsl.ast nodes, iteratively (no recursion), and
    reports over-deep expressions."""

    def __init__(self, src: SourceFile, diags: Diagnostics) -> None:
        self.src = src
        self.name = src.name
        self.diags = diags

    def span_of(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.name, 1, 1, 1, 1)
        return Span(self.name, meta.line, meta.column, meta.end_line, meta.end_column)

    def tok_span(self, tok: Token) -> Span:
        return Span(self.name, tok.line, tok.column, tok.end_line, tok.end_column)

    def lower(self, tree: Tree) -> ast.File | None:
        out: list = []
        depths: list[int] = []
        work: list = [(False, tree)]
        too_deep = None
        while work:
            done, node = work.pop()
            if isinstance(node, Token) or node is None:
                out.append(node)
                depths.append(0)
                continue
            if not done:
                work.append((True, node))
                for child in reversed(node.children):
                    work.append((False, child))
                continue
            n = len(node.children)
            args = out[len(out) - n:] if n else []
            # `1 + 1 + ... + 1` is one flat Lark node but a left-nested chain of BinOps,
            # one level per operator, and later passes recurse over that chain
            levels = (n - 1) // 2 if node.data in ("sum", "product") else 1
            depth = levels + max(depths[len(depths) - n:], default=0)
            if n:
                del out[len(out) - n:]
                del depths[len(depths) - n:]
            if depth > MAX_EXPR_DEPTH and too_deep is None:
                too_deep = self.span_of(node.meta)
            handler = getattr(self, "rule_" + node.data, None)
            if handler is None:  # pragma: no cover - grammar and lowering out of step
                raise AssertionError(f"no lowering for rule {node.data!r}")
            out.append(handler(args, node.meta))
            depths.append(depth)
        if too_deep is not None:
            self.diags.error("E105", f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)",
                             too_deep, hint="split it with 'let', or simplify the condition")
            return None
        return out[0]

    # headers and declarations

    def rule_start(self, c, meta):
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

    def rule_in_box(self, c, meta):
        return ast.InBox(str(c[0]), self.span_of(meta))

    def rule_use(self, c, meta):
        return ast.Use(_unescape(str(c[0])), self.span_of(meta))

    def rule_params(self, c, meta):
        return [p for p in c if p is not None]

    def rule_param(self, c, meta):
        return ast.Param(str(c[0]), c[1], self.span_of(meta))

    def rule_body(self, c, meta):
        return ([m for m in c if m is not None], self.span_of(meta))

    def rule_decl(self, c, meta):
        kind, ident, name, params, (members, body_span) = c
        return ast.Decl(str(kind), str(ident), _unescape(str(name)) if name is not None else None,
                        params or [], members, self.span_of(meta), self.tok_span(ident), body_span,
                        self.tok_span(kind))

    def rule_prop(self, c, meta):
        return ast.Prop(str(c[0]), [self.value(v) for v in c[1:]], self.span_of(meta), self.tok_span(c[0]))

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

    def rule_range(self, c, meta):
        return ast.Range(int(c[0]), int(c[1]), self.span_of(meta))

    def rule_list(self, c, meta):
        return ast.ListExpr([self.value(v) for v in c if v is not None], self.span_of(meta))

    def rule_slot(self, c, meta):
        return ast.Slot(str(c[0]), c[1], c[2], self.span_of(meta), self.tok_span(c[0]))

    def rule_trigger(self, c, meta):
        event, cond, block = c
        return ast.Trigger(str(event), cond, block, self.span_of(meta), self.tok_span(event))

    # statements

    def rule_block(self, c, meta):
        return ast.Block([s for s in c if s is not None], self.span_of(meta))

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

    def rule_call(self, c, meta):
        return ast.Call(str(c[0]), self.args(c[1:]), self.span_of(meta), self.tok_span(c[0]))

    def rule_named_arg(self, c, meta):
        return ast.Arg(str(c[0]), c[1], self.span_of(meta))

    def rule_may(self, c, meta):
        label, block = c
        return ast.May(_unescape(str(label)) if label is not None else None, block, self.span_of(meta))

    def rule_choose(self, c, meta):
        return ast.Choose([o for o in c if o is not None], self.span_of(meta))

    def rule_option(self, c, meta):
        return ast.Option(_unescape(str(c[0])), c[1], self.span_of(meta))

    def rule_if_(self, c, meta):
        return ast.If(c[0], c[1], c[2], self.span_of(meta))

    def rule_repeat(self, c, meta):
        return ast.Repeat(c[0], c[1], self.span_of(meta))

    def rule_let(self, c, meta):
        return ast.Let(str(c[0]), c[1], self.span_of(meta))

    def rule_for_each(self, c, meta):
        return ast.ForEach(str(c[0]), c[1], c[2], self.span_of(meta))

    def rule_as_(self, c, meta):
        return ast.As(c[0], c[1], self.span_of(meta))

    def rule_until(self, c, meta):
        return ast.Until(str(c[0]), c[1], self.span_of(meta), self.tok_span(c[0]))

    # expressions

    def rule_or_(self, c, meta):
        return ast.BoolOp("or", list(c), self.span_of(meta))

    def rule_and_(self, c, meta):
        return ast.BoolOp("and", list(c), self.span_of(meta))

    def rule_negation(self, c, meta):
        return ast.Not(c[0], self.span_of(meta))

    def rule_compare(self, c, meta):
        return ast.Compare(str(c[1]), c[0], c[2], self.span_of(meta))

    def rule_is_(self, c, meta):
        return ast.Is(c[0], c[1], False, self.span_of(meta))

    def rule_is_not(self, c, meta):
        return ast.Is(c[0], c[1], True, self.span_of(meta))

    def _chain(self, c, meta):
        left = c[0]
        for i in range(1, len(c), 2):
            right = c[i + 1]
            left = ast.BinOp(str(c[i]), left, right, left.span.merge(right.span))
        return left

    rule_sum = _chain
    rule_product = _chain

    def rule_neg(self, c, meta):
        return ast.Neg(c[0], self.span_of(meta))

    def rule_number(self, c, meta):
        return ast.Number(int(c[0]), self.span_of(meta))

    def rule_string(self, c, meta):
        return ast.String(_unescape(str(c[0])), self.span_of(meta))

    def rule_name(self, c, meta):
        return ast.Name(str(c[0]), self.span_of(meta))

    def rule_call_expr(self, c, meta):
        return ast.CallExpr(str(c[0]), self.args(c[1:]), self.span_of(meta), self.tok_span(c[0]))

    def rule_list_expr(self, c, meta):
        return ast.ListExpr([x for x in c if x is not None], self.span_of(meta))

    def rule_quant(self, c, meta):
        return str(c[0])

    def rule_selector(self, c, meta):
        quant, kind, place, where = c
        return ast.Selector(quant, None, str(kind), place, where, self.span_of(meta), self.tok_span(kind))

    def rule_selector_up_to(self, c, meta):
        count, kind, place, where = c
        return ast.Selector("up-to", count, str(kind), place, where, self.span_of(meta), self.tok_span(kind))
