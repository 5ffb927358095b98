"""Counts in the checks' messages, in plain English: `1 character`, `2 characters`.

>>> counted(1, "character"), counted(3, "character"), counted(0, "copy", "copies")
('1 character', '3 characters', '0 copies')
>>> counted("1 and 2", "Victory Point")
'1 and 2 Victory Points'
"""
from __future__ import annotations


def counted(n, one: str, many: str | None = None) -> str:
    """`n` and the noun that agrees with it; `many` when the plural is not `one` + "s". A
    number given as words ("1 and 2", "no") takes the plural."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
