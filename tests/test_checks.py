"""The consistency checks, against golden files: every finding's message, hint, span and
count, as `mayhem check` prints them.

tests/fixtures/checks/base/ is a small clean content set (box "tiny"). Every other folder
two levels down, tests/fixtures/checks/<GROUP>/<CASE>/, is a case: the files it holds
replace or add to base's (a case with its own `mayhem.toml` is a whole content root
instead), and `expected.txt` is the exact output of `mayhem check .` run in it. A group
named after a check code (C703) holds that check's cases: names starting with `bad` must
raise it, names starting with `good` must not. The base set is every check's good case
too. Run with MAYHEM_UPDATE_GOLDEN=1 to rewrite the expected files after a deliberate
change of wording; review the diff before committing it."""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mayhem.cli import main
from mayhem.compiler import driver
from mayhem.compiler.checks import CHECKS

from conftest import CONTENT, FIXTURES

ROOT = FIXTURES / "checks"
BASE = ROOT / "base"
UPDATE = os.environ.get("MAYHEM_UPDATE_GOLDEN") == "1"
NOT_CONTENT = ("expected.txt", "args.txt", "README.md")
CASES = sorted(f"{g.name}/{c.name}" for g in ROOT.iterdir() if g.is_dir() and g.name != "base"
               for c in g.iterdir() if c.is_dir())
CODE = re.compile(r"^C\d{3}$")


def build(case: str, dest: Path) -> Path:
    """The content root of a case, written to dest."""
    src = ROOT / case
    if not (src / "mayhem.toml").exists():
        shutil.copytree(BASE, dest)
    shutil.copytree(src, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*NOT_CONTENT))
    return dest


def run(case: str, tmp_path: Path, monkeypatch) -> tuple[int, str]:
    root = build(case, tmp_path / "content")
    args_file = ROOT / case / "args.txt"
    args = ["check", *(args_file.read_text(encoding="utf-8").split() if args_file.exists() else ["."])]
    monkeypatch.chdir(root)
    result = CliRunner().invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def kind_of(case: str) -> tuple[str | None, str]:
    group, name = case.split("/")
    return (group if CODE.match(group) else None), ("bad" if name.startswith("bad")
                                                    else "good" if name.startswith("good") else "")


@pytest.mark.parametrize("case", CASES)
def test_check_fixture(case, tmp_path, monkeypatch):
    exit_code, output = run(case, tmp_path, monkeypatch)
    expected_file = ROOT / case / "expected.txt"
    if UPDATE:
        expected_file.write_text(output, encoding="utf-8")
    code, kind = kind_of(case)
    assert "Traceback" not in output
    assert not re.search(r"error\[E\d+\]", output), "a check case must compile: " + output
    if code is not None and kind == "bad":
        severity = CHECKS[code].severity
        assert f"{severity}[{code}]" in output, output
        # a warning's case exits 1 only when something else in it is an error (a case that
        # adds cards to the tiny box also breaks its manifest counts, C101)
        assert exit_code == (1 if severity == "error" or "error[" in output else 0), output
    if code is not None and kind == "good":
        assert f"[{code}]" not in output, output
    assert output == expected_file.read_text(encoding="utf-8")


def test_the_base_set_is_clean(monkeypatch):
    monkeypatch.chdir(BASE)
    result = CliRunner().invoke(main, ["check", "."])
    assert result.exit_code == 0 and result.output == "checked 5 files, 21 components: no problems\n", result.output


def test_every_check_has_documentation_and_a_bad_case():
    bad = {kind_of(c)[0] for c in CASES if kind_of(c)[1] == "bad"}
    assert sorted(set(CHECKS) - bad) == []
    for chk in CHECKS.values():
        assert chk.doc and chk.severity in ("error", "warning", "note") and chk.name
    for case in CASES:
        code, kind = kind_of(case)
        assert code is None or code in CHECKS, f"{case}: no check {code}"
        assert kind, f"{case}: a case's name starts with 'bad' or 'good'"


def test_every_case_has_a_golden_file():
    assert [c for c in CASES if not (ROOT / c / "expected.txt").is_file()] == []


@pytest.mark.parametrize("code", ["C303", "C403", "C406"])
def test_a_check_can_be_silenced_on_one_component_with_a_reason(tmp_path, code):
    root = build(f"{code}/bad", tmp_path / "content")
    comp = driver.check([root])
    target = next(d for d in comp.diagnostics.items if d.code == code)
    path = root / target.span.file
    lines = path.read_text().splitlines()
    # add the silence as the first member of the declaration the finding points into
    k = target.span.line - 1
    while "{" not in lines[k]:
        k -= 1
    indent = " " * (len(lines[k + 1]) - len(lines[k + 1].lstrip()))
    lines.insert(k + 1, f'{indent}silence "{code}" "checked by hand"')
    path.write_text("\n".join(lines) + "\n")
    again = driver.check([root])
    assert code not in [d.code for d in again.diagnostics.items]
    assert [(d.code, reason) for d, reason in again.silenced] == [(code, "checked by hand")]


def test_check_output_formats_and_report(tmp_path):
    root = build("C403/bad", tmp_path / "content")
    runner = CliRunner()
    text = runner.invoke(main, ["check", str(root)])
    assert text.exit_code == 1 and "error[C403]" in text.output
    js = json.loads(runner.invoke(main, ["check", str(root), "--format", "json"]).output)
    found = [d for d in js["diagnostics"] if d["code"] == "C403"]
    assert len(found) == 1 and found[0]["hint"]
    sarif = json.loads(runner.invoke(main, ["check", str(root), "--format", "sarif"]).output)
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]].count("C403") == 1
    out = tmp_path / "report"
    runner.invoke(main, ["check", str(root), "--report", str(out)])
    page = (out / "consistency.md").read_text()
    assert re.search(r"### C403 slot-off-the-die \(error\): 1 finding\n", page)
    assert re.search(r"### C402 \S+ \(\w+\): passes\n", page)
    explained = runner.invoke(main, ["explain", "C403"])
    assert explained.exit_code == 0 and "slot threshold" in explained.output


def test_the_report_lists_every_check_once():
    from mayhem.compiler.checks.report import markdown
    page = markdown([], [])
    assert re.findall(r"^### (C\d{3}) ", page, re.M) == sorted(CHECKS)
    assert page.startswith("# Consistency report\n\n0 errors, 0 warnings, 0 notes, 0 silenced.")


def test_warnings_do_not_fail_check(tmp_path):
    root = build("C302/bad", tmp_path / "content")
    result = CliRunner().invoke(main, ["check", str(root)])
    assert result.exit_code == 0 and "warning[C302]" in result.output


def test_the_content_has_no_unsilenced_error_or_warning_finding():
    comp = driver.check([CONTENT])
    assert [(d.code, d.message) for d in comp.diagnostics.items if d.severity != "note"] == []


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_explain_page_of_every_check(code):
    chk = CHECKS[code]
    result = CliRunner().invoke(main, ["explain", code])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{code} ({chk.name}, {chk.severity}, {chk.family} check)\n")
    assert chk.doc in result.output.replace("\n", " ") or chk.doc in result.output
    assert chk.example and chk.example.splitlines()[0] in result.output
    assert f'silence "{code}" "the reason"' in result.output
