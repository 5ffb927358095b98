"""A Pygments lexer for the Mayhem DSL, with its word lists taken from the grammar and the vocabulary.

Registered as the `pygments.lexers` entry point `mayhem` (aliases `mayhem`, `mh`;
files `*.mh`), so that any Pygments user, the site's code blocks included,
highlights `.mh` files:

>>> from pygments.lexers import get_lexer_by_name
>>> get_lexer_by_name("mh").name
'Mayhem'
>>> [t for t, v in MayhemLexer().get_tokens('life 10') if v.strip()]
[Token.Name.Attribute, Token.Literal.Number.Integer]
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
import re

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from mayhem.compiler import builtins as B
from mayhem.dsl import schema
from mayhem.dsl.schema import KINDS

_ID = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
# An id may hold dashes, so a word ends where neither a letter, a digit nor a dash follows.
_BEFORE, _AFTER = r"(?<![a-z0-9-])", r"(?![a-z0-9-])"


@lru_cache(maxsize=None)
def grammar_words() -> tuple[str, ...]:
    """The reserved words of the grammar: every quoted lower-case literal in dsl/mayhem.lark."""
    text = resources.files("mayhem.dsl").joinpath("mayhem.lark").read_text(encoding="utf-8")
    literals = set(re.findall(r'"([a-z][a-z-]*)"', text))
    return tuple(sorted(literals - set(KINDS)))


def _props() -> list[str]:
    names = {p.name for spec in KINDS.values() for p in spec.props}
    names.update(p.name for p in getattr(schema, "UNIVERSAL_PROPS", ()))
    return sorted(names)


def _slots() -> list[str]:
    return sorted({s.name for spec in KINDS.values() for s in spec.slots})


def _alt(names) -> str:
    return "|".join(re.escape(n) for n in sorted(set(names), key=lambda s: (-len(s), s)))


def _w(names) -> object:
    return words(sorted(set(names), key=lambda s: (-len(s), s)), prefix=_BEFORE, suffix=_AFTER)


class MayhemLexer(RegexLexer):
    """Mayhem content files: declarations, properties, effect blocks and expressions."""

    name = "Mayhem"
    aliases = ["mayhem", "mh"]
    filenames = ["*.mh"]
    mimetypes = ["text/x-mayhem"]
    url = "https://mayhem-toolchain.invalid/"

    tokens = {
        "root": [
            # member names stand first on their line: match them with their indentation
            (rf"^([ \t]*)({_alt(_slots())})(?=[ \t]*(?:\{{|when{_AFTER}))", bygroups(Whitespace, Name.Tag)),
            (rf"^([ \t]*)({_alt(KINDS)})([ \t]+)({_ID})",
             bygroups(Whitespace, Keyword.Declaration, Whitespace, Name.Class)),
            (rf"^([ \t]*)(in)([ \t]+)(box)([ \t]+)({_ID})",
             bygroups(Whitespace, Keyword.Namespace, Whitespace, Keyword.Namespace, Whitespace, Name.Namespace)),
            (r"^([ \t]*)(use)(?=[ \t]+\")", bygroups(Whitespace, Keyword.Namespace)),
            (rf"^([ \t]*)({_alt(_props())}){_AFTER}", bygroups(Whitespace, Name.Attribute)),
            (r"[ \t\f]+", Whitespace),
            (r"\r?\n", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            # `on EVENT`, `until EVENT`
            (rf"{_BEFORE}(on|until)([ \t]+)({_ID})", bygroups(Keyword, Whitespace, Name.Label)),
            (rf"{_BEFORE}(rulebook|authored){_AFTER}", Keyword.Pseudo),
            (rf"{_BEFORE}it{_AFTER}", Name.Builtin.Pseudo),
            (_w(grammar_words()), Keyword),
            (_w(B.PRIMITIVES), Name.Builtin),
            (_w(B.FUNCTIONS), Name.Function),
            (_w(B.CONTEXT_NAMES), Name.Variable.Magic),
            (_w(B.SELECTOR_KINDS), Keyword.Type),
            (r"[+-][0-9]+(?![0-9])", Number.Integer),
            (r"[0-9]+", Number.Integer),
            (r"\.\.", Operator),
            (r"==|!=|<=|>=|<|>|=|\+|-|\*", Operator),
            (r"[{}()\[\],:]", Punctuation),
            (_ID, Name),
            (r".", Text),
        ],
        "string": [
            (r'\\["\\nt]', String.Escape),
            (r'[^"\\\n]+', String.Double),
            (r'"', String.Double, "#pop"),
            (r"\n", String.Double, "#pop"),  # unterminated: the line ends it, as in the lexer
            (r"\\", String.Double),
        ],
    }
