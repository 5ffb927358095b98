"""dsl/scanner.py's lexer gives the tokens and the errors of Lark's own contextual lexer."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput
import pytest

from mayhem.dsl.grammar import GRAMMAR_PATH
from mayhem.dsl.lexer import NewlinePostLex
from mayhem.dsl.scanner import FastContextualLexer

REPO = Path(__file__).resolve().parent.parent
FILES = sorted((REPO / "content").rglob("*.mh")) + sorted((REPO / "tests" / "fixtures" / "kernel").rglob("*.mh"))
FIELDS = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")


@lru_cache(maxsize=None)
def _parser(fast: bool) -> Lark:
    plugins = {"ContextualLexer": FastContextualLexer} if fast else {}
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=NewlinePostLex(), maybe_placeholders=True, keep_all_tokens=True, _plugins=plugins)


def _tokens(text: str, fast: bool) -> list[tuple]:
    tree = _parser(fast).parse(text)
    return [tuple(getattr(t, f) for f in FIELDS) for t in tree.scan_values(lambda v: isinstance(v, Token))]


def test_the_fast_lexer_is_the_one_plugged_in():
    assert type(_parser(True).parser.lexer.lexer) is FastContextualLexer
    assert type(_parser(False).parser.lexer.lexer) is not FastContextualLexer


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_same_tokens_as_lark(path):
    text = path.read_text(encoding="utf-8")
    fast = _tokens(text, True)
    assert fast and fast == _tokens(text, False)


@pytest.mark.parametrize("text", [
    'in box b\ncharacter x "X" {\n  life 1O\n}\n',  # a capital letter where a number goes
    'in box b\ncharacter x "X" {\n  text "no end\n}\n',  # an unterminated string
    'in box b\n\n# a comment\ncharacter x "X" {\n  life ~\n}\n',  # no terminal at all
    'in box b\ncharacter x "X" {\n  life = 3\n}\n',  # a terminal of another context
])
def test_same_errors_as_lark(text):
    errors = []
    for fast in (True, False):
        with pytest.raises(UnexpectedInput) as info:
            _parser(fast).parse(text)
        exc = info.value
        where = (exc.line, exc.column, getattr(exc, "pos_in_stream", None))
        extra = sorted(exc.allowed) if isinstance(exc, UnexpectedCharacters) else str(getattr(exc, "token", ""))
        errors.append((type(exc), where, extra))
    assert errors[0] == errors[1]
