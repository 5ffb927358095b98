"""Syntax errors: Lark's parse errors as positioned diagnostics with a message and a hint people can act on."""
from __future__ import annotations

import re

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from .diagnostics import Diagnostics, Related, did_you_mean
from .grammar import terminal_texts
from .lexer import MAX_NESTING, NestingTooDeep
from .spans import SourceFile, Span


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


def report_syntax_error(exc: Exception, src: SourceFile, diags: Diagnostics, open_stack: list[Token]) -> None:
    """Report a parse error of `src`; `open_stack` holds the brackets open where it happened
    (the post-lexer's)."""
    name = src.name
    if isinstance(exc, NestingTooDeep):
        tok = exc.token
        diags.error("E105", "blocks and brackets are nested too deeply "
                    f"(more than {MAX_NESTING} levels)",
                    Span(name, tok.line, tok.column, tok.line, tok.column + 1),
                    hint="content never needs this depth; look for a generated or corrupted file")
        return
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
