"""The site's escaper (site/escape.py), character by character: every character that
means something to HTML or Markdown becomes an entity, list markers only at the start,
newlines become <br>, Markup passes through, plain text is one line.

Public API relied on: `text`, `plain`, `html`, `doc` of mayhem.site.escape."""
from __future__ import annotations

import html as std_html

import pytest
from markupsafe import Markup

from mayhem.site import escape

HTML_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
MARKDOWN = "\\`*_{}[]#|~^="


@pytest.mark.parametrize("char,entity", sorted(HTML_ENTITIES.items()))
def test_html_characters(char, entity):
    assert str(escape.text(f"a{char}b")) == f"a{entity}b"
    assert str(escape.html(f"a{char}b")) == f"a{entity}b"


@pytest.mark.parametrize("char", list(MARKDOWN))
def test_markdown_characters_become_numeric_entities(char):
    assert str(escape.text(f"a{char}b")) == f"a&#{ord(char)};b"


@pytest.mark.parametrize("char", list(MARKDOWN))
def test_html_escaping_leaves_markdown_characters(char):
    # inside <code> or <pre> Markdown does not read them
    assert str(escape.html(f"a{char}b")) == f"a{char}b"


def test_ordinary_characters_are_kept():
    value = "Robin's Bo-Staff (2) + 3. é ü: ok!"
    out = str(escape.text(value))
    assert std_html.unescape(out) == value
    assert "Bo-Staff (2) + 3. é ü: ok!" in out


def test_newlines_become_breaks_and_carriage_returns_go():
    assert str(escape.text("one\r\ntwo\nthree")) == "one<br>two<br>three"


@pytest.mark.parametrize("value,expected", [
    ("- item", "&#45; item"),
    ("+ item", "&#43; item"),
    ("12. item", "1&#50;. item"),
    ("3) item", "&#51;) item"),
    ("7 dice", "7 dice"),        # a number not followed by . or ) is no list marker
    ("a - b", "a - b"),          # markers count only at the start
    ("-", "&#45;"),
])
def test_list_markers_at_the_start(value, expected):
    assert str(escape.text(value)) == expected
    assert std_html.unescape(expected) == value


def test_markup_and_none():
    kept = Markup("<b>kept</b>")
    assert escape.text(kept) is kept
    assert escape.html(kept) is kept
    assert escape.text(None) == Markup("") and isinstance(escape.text(None), Markup)
    assert isinstance(escape.text("x"), Markup) and isinstance(escape.html("x"), Markup)
    assert str(escape.text(12)) == "12"


def test_plain_is_one_line_of_single_spaces():
    assert escape.plain("  a\n b\t\tc  ") == "a b c"
    assert escape.plain(7) == "7"
    assert escape.plain("<b>") == "<b>"  # the place escapes it itself


def test_doc_turns_code_spans_into_code_elements():
    out = str(escape.doc("Use `place(x, 1)` or `*y*`, not *z*."))
    assert out == "Use <code>place(x, 1)</code> or <code>&#42;y&#42;</code>, not &#42;z&#42;."
    # an empty pair of backquotes is no code span, and a lone backquote stays text
    assert str(escape.doc("a `` b")) == "a &#96;&#96; b"
    assert str(escape.doc("a ` b")) == "a &#96; b"
    assert str(escape.doc("`x`")) == "<code>x</code>"
    assert isinstance(escape.doc("x"), Markup)
