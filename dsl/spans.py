"""Source files and the spans that point into them."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


# Not frozen, though no one changes a span once made: a frozen dataclass sets each field through
# object.__setattr__, which made a span four times as long to build (the parser builds 400,000
# for 10,000 cards). Equal spans hash alike, as frozen ones do.
@dataclass(slots=True, unsafe_hash=True)
class Span:
    """A region of a source file; lines and columns count from 1."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "col": self.col,
                "end_line": self.end_line, "end_col": self.end_col}

    @classmethod
    def from_json(cls, data: dict) -> "Span":
        return cls(data["file"], data["line"], data["col"], data["end_line"], data["end_col"])

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def merge(self, other: "Span") -> "Span":
        """The smallest span covering both (same file), whichever comes first:

        >>> a, b = Span("robin.mh", 3, 5, 3, 9), Span("robin.mh", 1, 2, 1, 4)
        >>> str(a.merge(b)), a.merge(b) == b.merge(a)
        ('robin.mh:1:2', True)
        >>> a.merge(b).end_line, a.merge(b).end_col
        (3, 9)
        """
        start = min((self.line, self.col), (other.line, other.col))
        end = max((self.end_line, self.end_col), (other.end_line, other.end_col))
        return Span(self.file, start[0], start[1], end[0], end[1])


@dataclass(slots=True)
class SourceFile:
    """The text of one content file, named by its path relative to the content root."""

    name: str
    text: str
    path: Path | None = None
    _lines: list[str] | None = field(default=None, repr=False, compare=False)

    def lines(self) -> list[str]:
        r"""The lines as the parser counts them: split at '\n' only (str.splitlines also
        splits at form feeds, '\x1c'..'\x1e', U+2028 ..., which would show the wrong
        line under an error), without the '\r' of CRLF files.

        >>> SourceFile("a.mh", "life 10\r\ntext 'x\x0cy'\r\n").lines()
        ['life 10', "text 'x\x0cy'"]
        >>> SourceFile("a.mh", "one\ntwo").line_text(2), SourceFile("a.mh", "one").line_text(5)
        ('two', '')
        """
        if self._lines is None:
            lines = self.text.split("\n")
            if len(lines) > 1 and lines[-1] == "":
                lines.pop()
            self._lines = [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
        return self._lines

    def line_text(self, line: int) -> str:
        lines = self.lines()
        if 1 <= line <= len(lines):
            return lines[line - 1]
        return ""

    def span_at(self, line: int, col: int, length: int = 1) -> Span:
        return Span(self.name, line, col, line, col + max(length, 1))

    def end_span(self) -> Span:
        lines = self.lines()
        return Span(self.name, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 2)
