"""Where each key of a scenario file is written (line and column), for errors about a key.

tomllib gives values, not positions, so errors about a key (an unknown key, a wrong value)
find its line and column here.

The text has already been parsed by tomllib, so it is valid TOML; this scanner only
follows its structure (tables, arrays of tables, dotted and quoted keys, inline tables,
arrays, strings and comments) and records, for every key path, where the key is
written. A key path holds table keys and array indexes, as the parsed value does:

>>> pos = key_positions('[setup]\\nteams = { t1 = ["hero"] }\\n[[steps]]\\n[[steps]]\\nexpct = 1\\n')
>>> pos[("setup", "teams", "t1")]
(2, 11)
>>> pos[("steps", 1, "expct")]
(5, 1)
>>> position(pos, ("steps", 1, "expect", "figures.hero.damage"))  # not written: its step
(4, 3)
"""
from __future__ import annotations

import bisect
import tomllib

Path = tuple  # of str keys and int array indexes

_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.starts = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]
        self.found: dict[Path, tuple[int, int]] = {}
        self.arrays: dict[Path, int] = {}  # array-of-tables path -> its last index

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def peek(self, n: int = 1) -> str:
        return self.text[self.i:self.i + n]

    def skip(self, newlines: bool) -> None:
        """Blanks and comments (and line ends, inside arrays)."""
        text = self.text
        while self.i < len(text):
            ch = text[self.i]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self.i += 1
            elif ch == "#":
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else (end + 1 if newlines else end)
            else:
                break

    def record(self, path: Path, offset: int) -> None:
        self.found.setdefault(path, self.at(offset))

    def key(self) -> list[tuple[str, int]]:
        """A dotted key: its parts and where each starts."""
        parts = []
        while True:
            self.skip(False)
            start = self.i
            ch = self.peek()
            if ch in "\"'":
                quote = ch
                self.i += 1
                while self.i < len(self.text) and self.text[self.i] != quote:
                    self.i += 2 if quote == '"' and self.text[self.i] == "\\" else 1
                self.i += 1
                raw = self.text[start:self.i]
                name = tomllib.loads(f"k = {raw}")["k"]
            else:
                while self.i < len(self.text) and self.text[self.i] in _BARE:
                    self.i += 1
                name = self.text[start:self.i]
            parts.append((name, start))
            self.skip(False)
            if self.peek() != ".":
                return parts
            self.i += 1

    def value(self, path: Path) -> None:
        text = self.text
        self.skip(False)
        ch = self.peek()
        if self.peek(3) in ('"""', "'''"):
            quote = self.peek(3)
            self.i += 3
            while self.i < len(text) and text[self.i:self.i + 3] != quote:
                self.i += 2 if quote[0] == '"' and text[self.i] == "\\" else 1
            self.i += 3
            while self.peek() == quote[0]:  # up to two quotes end the content
                self.i += 1
        elif ch in "\"'":
            self.key()  # a one-line string reads like a quoted key
        elif ch == "[":
            self.i += 1
            index = 0
            while True:
                self.skip(True)
                if self.peek() in ("]", ""):
                    self.i += 1
                    return
                self.record(path + (index,), self.i)
                self.value(path + (index,))
                index += 1
                self.skip(True)
                if self.peek() == ",":
                    self.i += 1
        elif ch == "{":
            self.i += 1
            while True:
                self.skip(True)
                if self.peek() in ("}", ""):
                    self.i += 1
                    return
                self.pair(path)
                self.skip(True)
                if self.peek() == ",":
                    self.i += 1
        else:
            while self.i < len(text) and text[self.i] not in ",]}\n#":
                self.i += 1

    def pair(self, table: Path) -> None:
        path = table
        for name, start in self.key():
            path = path + (name,)
            self.record(path, start)
        self.skip(False)
        if self.peek() == "=":
            self.i += 1
            self.value(path)

    def header(self) -> Path:
        """`[a.b]` or `[[a.b]]`: the table that the following keys belong to."""
        many = self.peek(2) == "[["
        self.i += 2 if many else 1
        parts = self.key()
        self.i += 2 if many else 1
        path: Path = ()
        for k, (name, start) in enumerate(parts):
            path = path + (name,)
            last = k == len(parts) - 1
            if last and many:
                self.record(path, start)
                self.arrays[path] = self.arrays.get(path, -1) + 1
                path = path + (self.arrays[path],)
            elif path in self.arrays:
                path = path + (self.arrays[path],)
            self.record(path, start)
        return path

    def document(self) -> dict[Path, tuple[int, int]]:
        table: Path = ()
        while True:
            self.skip(True)
            if self.i >= len(self.text):
                return self.found
            if self.peek() == "[":
                table = self.header()
            else:
                self.pair(table)
            end = self.text.find("\n", self.i)  # the rest of the line is a comment at most
            self.i = len(self.text) if end < 0 else end


def key_positions(text: str) -> dict[Path, tuple[int, int]]:
    """(line, column) of every key path written in a valid TOML text."""
    return _Scanner(text).document()


def position(found: dict[Path, tuple[int, int]], path: Path) -> tuple[int, int]:
    """Where a key path is written, or else its nearest written parent (line 1 at worst)."""
    path = tuple(path)
    while path:
        if path in found:
            return found[path]
        path = path[:-1]
    return 1, 1


def dotted(path: Path) -> str:
    """A key path as a reader writes it: `steps[2].expect.events[0]`.

    >>> dotted(("steps", 1, "expect", "figures.hero.damage"))
    'steps[2].expect."figures.hero.damage"'
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            name = part if part and set(part) <= _BARE else f'"{part}"'
            out += f".{name}" if out else name
    return out
