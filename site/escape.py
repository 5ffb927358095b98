"""Escaping of everything that comes from content, for Markdown text, raw HTML and HTML attributes.

Content is data: a card called `<script>alert(1)</script>` or `*bold* [x](y)` must
show those characters, never run or format them. One function serves every
context the pages write into: HTML's own characters become entities, and so does
every character that Markdown or its extensions (emphasis, links, emoji `:x:`,
tables `|`, marks `==`, ...) could read as syntax. Entities mean the same thing in
Markdown text, in raw HTML blocks and in quoted attributes.

>>> str(text("<script>alert(1)</script>"))
'&lt;script&gt;alert(1)&lt;/script&gt;'
>>> str(text("*bold* [x](y)"))
'&#42;bold&#42; &#91;x&#93;(y)'
>>> str(text("- not a list")), str(text("12. not a list either")), str(text("a-b"))
('&#45; not a list', '1&#50;. not a list either', 'a-b')
>>> str(text(Markup("<b>kept</b>")))
'<b>kept</b>'
"""
from __future__ import annotations

import re

from markupsafe import Markup

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
# Characters that Markdown reads as syntax wherever they stand: emphasis, code, links, attribute
# lists, headings, tables, and the marks of the pymdownx extensions. (A link needs its `[`, so
# parentheses are harmless on their own.)
_MARKDOWN = set("\\`*_{}[]#|~^=")
_TABLE = str.maketrans({**_HTML, **{c: f"&#{ord(c)};" for c in _MARKDOWN}, "\n": "<br>", "\r": ""})
# ... and at the start of a line only: list markers. A value never starts a line but its first
# character (newlines become <br>).
_LEADING = re.compile(r"^([-+]|\d+(?=[.)]))")


def text(value) -> Markup:
    """Content as inert text in Markdown, HTML or an attribute value. Markup passes through."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup("")
    out = str(value).translate(_TABLE)
    m = _LEADING.match(out)
    if m:
        lead = m.group(1)
        out = (f"&#{ord(lead)};" if not lead.isdigit() else lead[:-1] + f"&#{ord(lead[-1])};") + out[m.end():]
    return Markup(out)


def plain(value) -> str:
    """Content for a place that only takes plain text and escapes it itself (YAML, Mermaid)."""
    return " ".join(str(value).split())


def html(value) -> Markup:
    """HTML-only escaping, for text inside a code element or a <pre> (Markdown does not read it)."""
    if isinstance(value, Markup):
        return value
    return Markup("".join(_HTML.get(c, c) for c in str(value)))


def doc(value) -> Markup:
    """Documentation written in the project's code (schema, builtins, codes): escaped text whose
    `code spans` become <code> elements."""
    parts = re.split(r"(`[^`]+`)", str(value))
    return Markup("").join(Markup("<code>{}</code>").format(text(part[1:-1])) if len(part) > 1 and
                           part.startswith("`") and part.endswith("`") else text(part) for part in parts)
