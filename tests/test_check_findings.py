"""Every finding of every consistency check on its bad content set, in full: code,
severity, message, hint, span and how many (golden files in
tests/fixtures/check_findings/, one per check).

test_checks.py proves that each check fires on its bad set; this proves what it says, where
and how often, so that a check that reports the wrong component, a count off by one, a
dropped hint or a second finding for the same fault fails a test. After a deliberate
change of wording, rewrite the golden files with `MAYHEM_UPDATE_GOLDEN=1 pytest
tests/test_check_findings.py` and read the diff.

Relies on `CASES`, `make` and `findings` of tests/test_checks.py and on
`mayhem.compiler.driver.check` through them."""
from __future__ import annotations

import json
import os

import pytest

from conftest import FIXTURES
from test_checks import CASES, findings, make

GOLDEN = FIXTURES / "check_findings"


def described(root) -> list[dict]:
    out = []
    for d in findings(root).diagnostics.items:
        out.append({
            "code": d.code,
            "severity": d.severity,
            "message": d.message,
            "hint": d.hint,
            "span": None if d.span is None else f"{d.span.file}:{d.span.line}:{d.span.col}",
            "related": [str(r.message) for r in (getattr(d, "related", None) or [])],
        })
    return out


@pytest.mark.parametrize("code", sorted(CASES))
def test_findings_of_the_bad_set(tmp_path, code):
    got = described(make(tmp_path, CASES[code][0]))
    path = GOLDEN / f"{code}.json"
    if os.environ.get("MAYHEM_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert got == expected
    # the check under test reports its fault once per faulty thing, never zero times
    assert sum(1 for f in got if f["code"] == code) >= 1
    assert all(f["hint"] for f in got)
