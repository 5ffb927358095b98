"""The checks for authoring mistakes (issue 13, items 1-7) beyond their golden cases: the
explain pages, the real content, silences and the report page. Their golden cases are
under tests/fixtures/checks/<CODE>/ with every other check's (tests/test_checks.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mayhem.cli import main
from mayhem.compiler import driver
from mayhem.compiler.checks import CHECKS

from conftest import CONTENT, FIXTURES

BASE = FIXTURES / "checks" / "base"
CHECKS_FIXTURES = FIXTURES / "checks"
# the codes this suite owns: new checks, and the checks it extends (C402, C405)
COVERED = {"C304", "C305", "C306", "C307", "C402", "C405", "C407", "C408", "C409"}


def check_with(tmp_path: Path, fixture: Path):
    root = tmp_path / "content"
    shutil.copytree(BASE, root)
    shutil.copy(fixture, root / fixture.name)
    comp = driver.check([root])
    errors = [f"{d.span}: {d.code} {d.message}" for d in comp.diagnostics.items if d.code.startswith("E")]
    assert not errors, errors
    return root, comp


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
    text = (CHECKS_FIXTURES / "C305" / "bad" / "C305-bad.mh").read_text(encoding="utf-8")
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
    root, _comp = check_with(tmp_path, CHECKS_FIXTURES / "C307" / "bad-cards" / "C307-bad-cards.mh")
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["check", str(root), "--report", str(out)])
    page = (out / "consistency.md").read_text(encoding="utf-8")
    assert result.exit_code == 1  # the fixture box has manifest errors besides
    assert "### C307 numbers-vs-text (warning): 7 findings" in page
    assert "`C307-bad-cards.mh:7:3` the text of mayhem-card 'jolt' says \"2 Damage\", but its effect deals 1 Damage" in page
    for code in COVERED - {"C307"}:
        assert f"### {code} {CHECKS[code].name} ({CHECKS[code].severity}): passes" in page
