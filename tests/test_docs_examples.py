"""The examples of the language guide are the content itself (docs/language.md, "Two games,
worked through"): every block marked `<!-- excerpt: FILE -->` is found in FILE, its words in
order (lines left out, `...`, short blocks written on one line and comments aside), and FILE
is compiled with the rest of the content; and the guide shows each kind of declaration of
both games that way."""
from __future__ import annotations

from pathlib import Path
import re

import pytest

from conftest import REPO

GUIDE = REPO / "docs" / "language.md"
MARK = re.compile(r"^ *<!-- excerpt: (\S+) -->$")
# the words of the DSL: strings, names, numbers, operators and brackets (`...` leaves some out)
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\.\.\.|\.\.|[A-Za-z_][\w-]*|\d+|==|!=|<=|>=|[{}()\[\],=<>+*/:.-]')


def excerpts(text: str) -> list[tuple[int, str, str]]:
    """(line, file, block) of every fenced block marked as an excerpt."""
    out, lines = [], text.split("\n")
    for i, line in enumerate(lines):
        m = MARK.match(line)
        if m is None:
            continue
        start = next(j for j in range(i + 1, len(lines)) if lines[j].strip())
        assert lines[start].strip().startswith("```"), f"docs/language.md:{i + 1}: the mark is not before a block"
        end = next(j for j in range(start + 1, len(lines)) if lines[j].strip() == "```")
        out.append((start + 1, m.group(1), "\n".join(lines[start + 1:end])))
    return out


def words(source: str) -> list[str]:
    """The DSL words of a text, without its comments and without `...`."""
    out = []
    for line in source.split("\n"):
        code, quoted = [], False
        for ch in line:
            if ch == '"':
                quoted = not quoted
            if ch == "#" and not quoted:
                break
            code.append(ch)
        out.extend(t for t in TOKEN.findall("".join(code)) if t != "...")
    return out


def first_missing(block: list[str], file: list[str]) -> int | None:
    """The index of the first word of `block` not found, in order, in `file` (None: all are)."""
    rest = iter(file)
    for i, word in enumerate(block):
        if not any(w == word for w in rest):
            return i
    return None


EXCERPTS = excerpts(GUIDE.read_text(encoding="utf-8"))


def test_the_guide_marks_its_excerpts():
    assert len(EXCERPTS) >= 14


@pytest.mark.parametrize("line, file, block", EXCERPTS, ids=[f"line-{e[0]}" for e in EXCERPTS])
def test_an_excerpt_is_in_the_file_it_comes_from(line, file, block):
    shown = words(block)
    source = words((REPO / file).read_text(encoding="utf-8"))
    missing = first_missing(shown, source)
    assert missing is None, (f"docs/language.md:{line}: not in {file} from the word {shown[missing]!r} on: "
                             + " ".join(shown[max(0, missing - 8):missing + 4]))


def test_the_files_excerpted_are_compiled(compiled):
    files = {file for _line, file, _block in EXCERPTS}
    content = {f for f in files if f.startswith("content/")}
    assert content and content <= {f"content/{name}" for name in compiled.sources}  # compiled.ok: conftest
    from mayhem.compiler import driver
    for lab in files - content:  # the kernel's lab game, compiled on its own
        assert driver.compile_paths([(REPO / lab).parent]).ok, lab


# what each game's excerpts must declare, at the start of a line: the worked examples
DECLARED = {
    "content/shared/": ["game", "zone", "counter", "card-type", "action", "setup", "phase", "round", "round-end",
                        "mode"],
    "content/marvel-mayhem/": ["game", "zone", "counter", "card-type", "deck", "action", "setup", "turn",
                               "turn-end", "end"],
}


@pytest.mark.parametrize("folder", sorted(DECLARED))
def test_the_guide_works_through_every_declaration_of_both_games(folder):
    starts = {m.group(1) for _line, file, block in EXCERPTS if file.startswith(folder)
              for m in re.finditer(r"^\s*([a-z-]+)\b", block, re.M)}
    assert [d for d in DECLARED[folder] if d not in starts] == []


def test_a_changed_excerpt_is_caught():
    source = words('counter hp "Hit points" {\n  per player\n  start 10 rulebook "X"\n  max 10\n}\n')
    assert first_missing(words('counter hp "Hit points" { per player  start 10 ... }'), source) is None
    assert first_missing(words('counter hp "Hit points" { start 10  per player }'), source) == 6
    assert first_missing(words('counter hp "Life" { per player }'), source) == 2
    assert words('max 10   # "a comment" with words\nmin 0') == ["max", "10", "min", "0"]
