"""The checks for authoring mistakes (issue 13, items 1-7): golden fixtures, one runner.

Each fixture under tests/fixtures/checks/golden/ is one more file of the small checks
box (tests/fixtures/checks/base); its first line names the codes it is about
(`# codes: C307`). The runner checks the box with it and compares every finding of
those codes, anywhere, with the fixture's `.json` twin: code, severity, file:line:col,
message and hint, and so their number. A `-good` fixture expects none.

    MAYHEM_UPDATE_GOLDEN=1 pytest tests/test_checks_authoring.py   # rewrite the .json twins
"""
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

BASE = FIXTURES / "checks" / "base"
GOLDEN = FIXTURES / "checks" / "golden"
FIXTURE_FILES = sorted(GOLDEN.glob("*.mh"))
# the codes this suite owns: new checks, and the checks it extends (C402, C405)
COVERED = {"C304", "C305", "C306", "C307", "C402", "C405", "C407", "C408", "C409"}


def codes_of(fixture: Path) -> set[str]:
    first = fixture.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# codes: ([C0-9 ]+)", first)
    assert m, f"{fixture.name} must start with '# codes: C...'"
    return set(m.group(1).split())


def check_with(tmp_path: Path, fixture: Path):
    root = tmp_path / "content"
    shutil.copytree(BASE, root)
    shutil.copy(fixture, root / fixture.name)
    comp = driver.check([root])
    errors = [f"{d.span}: {d.code} {d.message}" for d in comp.diagnostics.items if d.code.startswith("E")]
    assert not errors, errors
    return root, comp


def as_records(diags, codes: set[str]) -> list[dict]:
    out = [{"code": d.code, "severity": d.severity, "at": f"{d.span.file}:{d.span.line}:{d.span.col}",
            "message": d.message, "hint": d.hint} for d in diags if d.code in codes]
    return sorted(out, key=lambda r: (r["at"].split(":")[0], *map(int, r["at"].split(":")[1:]), r["code"]))


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=[f.stem for f in FIXTURE_FILES])
def test_golden_fixture(tmp_path, fixture):
    _root, comp = check_with(tmp_path, fixture)
    got = as_records(comp.diagnostics.items, codes_of(fixture))
    expected_file = fixture.with_suffix(".json")
    if os.environ.get("MAYHEM_UPDATE_GOLDEN"):
        expected_file.write_text(json.dumps(got, indent=2) + "\n", encoding="utf-8")
    expected = json.loads(expected_file.read_text(encoding="utf-8"))
    assert got == expected
    if fixture.stem.endswith("-good"):
        assert expected == []
    else:
        assert expected, "a bad fixture expects findings"
        for record in expected:
            assert record["at"].startswith(fixture.name + ":"), "a finding points into the fixture"
            assert record["severity"] == CHECKS[record["code"]].severity and record["hint"]


def test_every_covered_code_has_a_bad_and_a_good_fixture():
    for code in COVERED:
        names = [f.stem for f in FIXTURE_FILES if code in codes_of(f)]
        assert any(n.startswith(code) and "-bad" in n for n in names), code
        assert any(n.startswith(code) and n.endswith("-good") for n in names), code


@pytest.mark.parametrize("code", sorted(COVERED))
def test_explain_page(code):
    result = CliRunner().invoke(main, ["explain", code])
    chk = CHECKS[code]
    assert result.exit_code == 0
    assert result.output.startswith(f"{code} ({chk.name}, {chk.severity}")
    assert chk.doc in result.output and "Example:" in result.output and "Fix:" in result.output
    assert f'silence "{code}"' in result.output


def test_the_real_content_raises_none_of_them():
    comp = driver.check([CONTENT])
    mine = [f"{d.span}: {d.code} {d.message}" for d in comp.diagnostics.items if d.code in COVERED]
    assert mine == []
    # every silence of these codes in content/ carries a written reason
    assert all(reason.strip() for d, reason in comp.silenced if d.code in COVERED)


def test_a_finding_can_be_silenced_with_a_reason(tmp_path):
    fixture = tmp_path / "C305-bad.mh"
    text = (GOLDEN / "C305-bad.mh").read_text(encoding="utf-8")
    text = text.replace('    text "Once per turn: Shield."\n',
                        '    text "Once per turn: Shield."\n    silence "C305" "printed so; the errata adds the limiter"\n')
    fixture.write_text(text, encoding="utf-8")
    _root, comp = check_with(tmp_path / "box", fixture)
    shown = [d.message for d in comp.diagnostics.items if d.code == "C305"]
    quiet = [(d.message, reason) for d, reason in comp.silenced if d.code == "C305"]
    assert len(shown) == 2 and not any("'brace'" in m for m in shown)
    assert quiet == [("the text of special-ability 'brace' says \"Once per turn\", but it has no `once per turn`",
                      "printed so; the errata adds the limiter")]


def test_the_report_page_lists_the_findings(tmp_path):
    root, _comp = check_with(tmp_path, GOLDEN / "C307-bad-cards.mh")
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["check", str(root), "--report", str(out)])
    page = (out / "consistency.md").read_text(encoding="utf-8")
    assert result.exit_code == 1  # the fixture box has manifest errors besides
    assert "### C307 numbers-vs-text (warning): 7 findings" in page
    assert "`C307-bad-cards.mh:7:3` the text of mayhem-card 'jolt' says \"2 Damage\", but its effect deals 1 Damage" in page
    for code in COVERED - {"C307"}:
        assert f"### {code} {CHECKS[code].name} ({CHECKS[code].severity}): passes" in page
