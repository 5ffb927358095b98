"""The shape of the code (issue 11, "Shape of the code"): small modules, each opening with a
docstring whose first line says what it owns.

Every module of the toolchain's folders is at most LIMIT lines; every module of the runtime
opens with a one-line summary."""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FOLDERS = ("dsl", "compiler", "runtime", "site", "mayhem", "bench", "editors", "scripts")
LIMIT = 400  # lines of a module


def modules(*folders: str) -> list[Path]:
    found = [p for folder in folders for p in (REPO / folder).rglob("*.py")
             if "node_modules" not in p.parts and "vendor" not in p.parts]
    return sorted(found)


def name(path: Path, root: Path = REPO) -> str:
    return path.relative_to(root).as_posix()


def too_long(paths: list[Path], root: Path = REPO) -> dict[str, int]:
    """The modules over LIMIT lines, with their lengths."""
    out = {}
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT:
            out[name(path, root)] = lines
    return out


def summary_problem(source: str) -> str | None:
    """What is wrong with a module's opening docstring: missing, or a first line that does not
    hold a whole summary (it must end a sentence, or open a list with ':')."""
    doc = ast.get_docstring(ast.parse(source), clean=False)
    if not source.lstrip().startswith(('"""', "'''")) or not doc:
        return "no docstring"
    first = doc.strip().splitlines()[0].rstrip()
    if len(first.split()) < 3:
        return f"its first line says too little: {first!r}"
    if not first.endswith((".", ":")):
        return f"its summary runs past the first line: {first!r}"
    return None


def test_every_module_is_at_most_400_lines():
    paths = modules(*FOLDERS)
    assert len(paths) > 150  # every module of the folders was read
    assert too_long(paths) == {}, "split a long module by what it owns (docs/architecture.md)"


def test_the_length_check_catches_a_long_module(tmp_path):
    long = tmp_path / "long.py"
    long.write_text('"""A long module."""\n' + "x = 1\n" * LIMIT, encoding="utf-8")
    short = tmp_path / "short.py"
    short.write_text('"""A short module."""\n', encoding="utf-8")
    assert too_long([long, short], tmp_path) == {"long.py": LIMIT + 1}


def test_every_module_of_the_runtime_opens_with_a_docstring_that_says_what_it_owns():
    paths = modules("runtime")
    assert len(paths) > 60  # runtime/ and runtime/kernel/
    problems = {}
    for path in paths:
        found = summary_problem(path.read_text(encoding="utf-8"))
        if found:
            problems[name(path)] = found
    assert problems == {}


def test_the_docstring_check_catches_a_missing_or_wrapped_summary():
    assert summary_problem('"""The board: Locations and their adjacency."""\nx = 1\n') is None
    assert summary_problem('"""Setup: the steps, in order:\n\n- one\n"""\n') is None
    assert summary_problem("x = 1\n") == "no docstring"
    assert summary_problem('# a comment\nx = 1\n') == "no docstring"
    assert summary_problem('"""The board: Location tiles laid in rows, and\nthe rest."""\n').startswith(
        "its summary runs past")
    assert summary_problem('"""Helpers."""\n').startswith("its first line says too little")
