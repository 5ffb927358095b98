"""site/escape.py's `doc` at the edges of a code span: a backtick that opens or closes
nothing is text, shown as written (a mutant of bench/mutation.py, seed 2026, read a lone
leading or trailing backtick as a code span and dropped the word)."""
from __future__ import annotations

from mayhem.site import escape


def test_a_backtick_that_opens_nothing_is_text():
    assert str(escape.doc("`place")) == "&#96;place"
    assert str(escape.doc("place`")) == "place&#96;"
    assert str(escape.doc("`x` and `y")) == "<code>x</code> and &#96;y"
