"""Escaping of everything that comes from content, for Markdown text, raw HTML and HTML attributes.

Content is data: a card called `<script>alert(1)</script>` or `*bold* [x](y)` must
show those characters, never run or format them. One function serves every
context the pages write into: HTML's own characters become entities, and so does
every character that Markdown or its extensions (emphasis, links, emoji `:x:`,
tables `|`, marks `==`, ...) could read as syntax. Entities mean the same thing in
Markdown text, in raw HTML blocks and in quoted attributes.

>>> str(text("<script>alert(1)</script>"))
'&lt;script&gt;alert&#40;1&#41;&lt;/script&gt;'
>>> str(text("*bold* [x](y)"))
'&#42;bold&#42; &#91;x&#93;&#40;y&#41;'
>>> str(text(Markup("<b>kept</b>")))
'<b>kept</b>'
"""
from __future__ import annotations

import re

from markupsafe import Markup

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
# Markdown's backslash-escapable characters, and those of the pymdownx extensions.
_MARKDOWN = set("\\`*_{}[]()#+-.!|~^=:$%@")
_TABLE = str.maketrans({**_HTML, **{c: f"&#{ord(c)};" for c in _MARKDOWN}, "\n": "<br>", "\r": ""})


def text(value) -> Markup:
    """Content as inert text in Markdown, HTML or an attribute value. Markup passes through."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup("")
    return Markup(str(value).translate(_TABLE))


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
