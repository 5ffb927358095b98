"""One minimal bad content folder per diagnostic code, and the exact text `mayhem check` prints.

Each folder under tests/fixtures/errors/<CODE>/ (and <CODE>-<what>/ for one more way to
get the same code, with another message or hint) is a content root (it holds a
`mayhem.toml`) with a few .mh files and `expected.txt`, the output of `mayhem check`
run inside the folder: the message, position, source line and hint of every error. An optional `args.txt` replaces the default argument `.`;
an optional `command.txt` replaces `check` and its arguments (team lists are checked
by `mayhem team check`, against the collection of tests/fixtures/checks/base, which
the test copies to `collection/`).
Run with MAYHEM_UPDATE_GOLDEN=1 to rewrite the expected files after a deliberate
change of wording; review the diff before committing it.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mayhem.cli import main
from mayhem.dsl.codes import CODES

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "errors"
UPDATE = os.environ.get("MAYHEM_UPDATE_GOLDEN") == "1"
CASES = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())
NOT_CONTENT = ("expected.txt", "args.txt", "command.txt")
COLLECTION = Path(__file__).resolve().parent / "fixtures" / "checks" / "base"


def _write_huge_file(root: Path) -> None:
    # Over the 4 MB limit; a fixed size keeps the message ("5.0 MB") stable.
    line = b"# padding that no content file would ever need\n"
    data = line * (5_000_000 // len(line))
    (root / "huge.mh").write_bytes(data + b"#" * (5_000_000 - len(data)))


# Files too big to keep in the repository are written by the test into its copy.
GENERATED = {"E106": _write_huge_file}


def code_of(case: str) -> str:
    return case.split("-", 1)[0]


def run_check(case: str, tmp_path: Path, monkeypatch) -> tuple[int, str]:
    src = FIXTURES / case
    work = tmp_path / case
    shutil.copytree(src, work, ignore=shutil.ignore_patterns(*NOT_CONTENT))
    if case in GENERATED:
        GENERATED[case](work)
    args_file = src / "args.txt"
    args = ["check", *(args_file.read_text(encoding="utf-8").split() if args_file.exists() else ["."])]
    command_file = src / "command.txt"
    if command_file.exists():
        args = command_file.read_text(encoding="utf-8").split()
        shutil.copytree(COLLECTION, work / "collection")
    monkeypatch.chdir(work)
    result = CliRunner().invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    # a message that names an absolute path names the test's copy; the golden file says <fixture>
    return result.exit_code, result.output.replace(str(work.resolve()), "<fixture>")


@pytest.mark.parametrize("case", CASES)
def test_error_fixture(case, tmp_path, monkeypatch):
    code, output = run_check(case, tmp_path, monkeypatch)
    expected_file = FIXTURES / case / "expected.txt"
    if UPDATE:
        expected_file.write_text(output, encoding="utf-8")
    assert code == 1, output
    assert f"error[{code_of(case)}]" in output
    assert output == expected_file.read_text(encoding="utf-8")


def test_every_code_has_a_fixture_and_every_fixture_a_code():
    assert sorted(CODES) == sorted({code_of(c) for c in CASES})
    assert all(c in CODES for c in CASES if "-" not in c)


@pytest.mark.parametrize("case", CASES)
def test_fixture_is_a_content_root(case):
    folder = FIXTURES / case
    assert (folder / "mayhem.toml").is_file()
    assert (folder / "expected.txt").is_file()
    assert list(folder.glob("*.mh")) or (folder / "args.txt").is_file() or case in GENERATED


@pytest.mark.parametrize("code", sorted(CODES))
def test_explain(code):
    result = CliRunner().invoke(main, ["explain", code.lower()])
    assert result.exit_code == 0, result.output
    doc = CODES[code]
    assert result.output.startswith(f"{code}: {doc.title}\n")
    assert doc.explanation in result.output


def test_explain_lists_every_code():
    result = CliRunner().invoke(main, ["explain"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.splitlines()]
    from mayhem.compiler.checks import CHECKS
    assert listed == list(CODES) + list(CHECKS)  # compiler errors, then the consistency checks


def test_explain_unknown_code_is_a_usage_error():
    result = CliRunner().invoke(main, ["explain", "E999"])
    assert result.exit_code == 2
    assert "no diagnostic code 'E999'" in result.output


# ---- every hint the compiler and the checks can give is in some golden file ------------------

REPO = Path(__file__).resolve().parent.parent
GOLDEN_DIRS = (FIXTURES, COLLECTION.parent)  # tests/fixtures/errors and tests/fixtures/checks
WILD = None  # a part of a hint computed at run time (a name, a list)


def _hint_forms(node) -> list[list]:
    """The literal shapes a hint expression can take: each a list of strings and WILD."""
    import ast
    if isinstance(node, ast.Constant):
        return [[node.value]] if isinstance(node.value, str) else []
    if isinstance(node, ast.JoinedStr):
        return [[v.value if isinstance(v, ast.Constant) else WILD for v in node.values]]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in (_hint_forms(node.left) or [[WILD]]) for b in (_hint_forms(node.right) or [[WILD]])]
    if isinstance(node, ast.IfExp):
        return _hint_forms(node.body) + _hint_forms(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [form for value in node.values for form in _hint_forms(value)]
    return [[WILD]]


def literal_hints() -> list[tuple[str, int, list]]:
    """(file, line, form) of every hint written in compiler/ and compiler/checks/: `hint=...`
    arguments, `hint = ...` assignments and a Diagnostic's fifth argument."""
    import ast
    out = []
    for path in sorted((REPO / "compiler").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            exprs = []
            if isinstance(node, ast.Call):
                exprs += [k.value for k in node.keywords if k.arg == "hint"]
                if isinstance(node.func, ast.Name) and node.func.id == "Diagnostic" and len(node.args) >= 5:
                    exprs.append(node.args[4])
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "hint" for t in node.targets):
                exprs.append(node.value)
            for expr in exprs:
                for form in _hint_forms(expr):
                    if any(part is not WILD and part.strip() for part in form):
                        out.append((str(path.relative_to(REPO)), expr.lineno, form))
    return out


def golden_hints() -> list[str]:
    out = []
    for folder in GOLDEN_DIRS:
        for expected in folder.rglob("expected.txt"):
            out += [line.split("= hint: ", 1)[1] for line in expected.read_text(encoding="utf-8").splitlines()
                    if "= hint: " in line]
    return out


def test_the_hint_finder_finds_hints():
    forms = literal_hints()
    assert len(forms) > 60
    assert any(form == ["a collection holds one set of each name, and one file of each name: remove a copy of a "
                        "set you depend on, or keep each box's files in a folder of its own"]
               for _f, _l, form in forms)
    assert any(form[:1] == ["write: use \""] for _f, _l, form in forms)


# Hints no input can bring out, with the reason; each must still be written in the code.
UNREACHABLE = {
    "… declaration needs an id, a name and a body":
        "the grammar reads every kind name as the start of a declaration, never as a property (E102 first)",
}


def test_unreachable_hints_are_still_in_the_code():
    written = {"".join("…" if p is WILD else p for p in form) for _f, _l, form in literal_hints()}
    assert set(UNREACHABLE) <= written


def test_every_literal_hint_is_in_a_golden_file():
    """A hint dropped or reworded changes a golden file; a hint no golden file shows is a hint
    no test would miss."""
    import re
    golden = golden_hints()
    missing = []
    for file, line, form in literal_hints():
        if "".join("…" if p is WILD else p for p in form) in UNREACHABLE:
            continue
        pattern = re.compile("".join(".*?" if part is WILD else re.escape(part) for part in form))
        if not any(pattern.search(hint) for hint in golden):
            missing.append(f"{file}:{line}: " + "".join("…" if p is WILD else p for p in form))
    assert missing == []
