"""One minimal bad content folder per diagnostic code, and the exact text `mayhem check` prints.

Each folder under tests/fixtures/errors/<CODE>/ is a content root (it holds a
`mayhem.toml`) with a few .mh files and `expected.txt`, the output of `mayhem check`
run inside the folder. An optional `args.txt` replaces the default argument `.`;
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
    return result.exit_code, result.output


@pytest.mark.parametrize("case", CASES)
def test_error_fixture(case, tmp_path, monkeypatch):
    code, output = run_check(case, tmp_path, monkeypatch)
    expected_file = FIXTURES / case / "expected.txt"
    if UPDATE:
        expected_file.write_text(output, encoding="utf-8")
    assert code == 1, output
    assert f"error[{case}]" in output
    assert output == expected_file.read_text(encoding="utf-8")


def test_every_code_has_a_fixture_and_every_fixture_a_code():
    assert sorted(CODES) == CASES


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
