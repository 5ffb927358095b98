"""docs/rules-coverage.md, the rules of the rulebooks beside the scenarios and tests that hold
them, cannot rot: every scenario, test and fixture it names exists, every scenario under
tests/scenarios/ is named there, and every rule row outside its last section ("Rules no test
holds yet") names at least one holder."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules-coverage.md"
NOT_HELD = "## Rules no test holds yet"
HOLDER = re.compile(r"`(tests/[^`]+)`")


def _sections() -> tuple[str, str]:
    text = PAGE.read_text(encoding="utf-8")
    assert NOT_HELD in text, f"{PAGE.name} lost its section '{NOT_HELD}'"
    held, _, gaps = text.partition(NOT_HELD)
    return held, gaps


def _rows(text: str) -> list[str]:
    """The body rows of the page's tables: lines starting with `|` that are neither a header
    nor a separator."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("| ") or set(line) <= set("|- "):
            continue
        if line.startswith("| Rule |"):
            continue
        rows.append(line)
    return rows


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _holders() -> list[str]:
    return HOLDER.findall(PAGE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("holder", sorted(set(_holders())))
def test_every_holder_the_page_names_exists(holder):
    path, _, test = holder.partition("::")
    target = ROOT / path
    assert target.exists(), f"{PAGE.name} names {path}, which does not exist"
    if test:
        assert target.suffix == ".py", holder
        assert test in _test_names(target), f"{PAGE.name} names {holder}: no test '{test}' in {path}"


def test_every_scenario_is_named_on_the_page():
    named = {h for h in _holders() if h.startswith("tests/scenarios/")}
    scenarios = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "scenarios").rglob("*.toml")}
    missing = sorted(scenarios - named)
    assert missing == [], f"scenarios that docs/{PAGE.name} does not list (add a row for the rule each holds): {missing}"


def test_every_rule_row_names_a_holder_or_says_why_not():
    held, gaps = _sections()
    rows = _rows(held)
    assert len(rows) >= 80  # the page lists the rules, not a sample
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert len(cells) == 3, row
        assert cells[0].startswith('"'), f"a rule is quoted from its rulebook: {row}"
        assert HOLDER.search(cells[2]), f"a rule row with no holder belongs under '{NOT_HELD}': {row}"
    for row in _rows(gaps):
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert len(cells) == 3 and len(cells[2]) > 40, f"a rule not held says why: {row}"


def test_the_checks_fail_on_a_page_that_has_rotted(tmp_path, monkeypatch):
    """The checks above catch a renamed scenario and a row with no holder."""
    text = PAGE.read_text(encoding="utf-8")
    rotted = tmp_path / "rules-coverage.md"
    rotted.write_text(text.replace("tests/scenarios/core/teleport.toml", "tests/scenarios/core/teleports.toml")
                      .replace("| `tests/scenarios/core/mayhem-card-finish-turn.toml` |", "| |"), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PAGE", rotted)
    assert not (ROOT / "tests/scenarios/core/teleports.toml").exists()
    assert "tests/scenarios/core/teleports.toml" in _holders()
    with pytest.raises(AssertionError, match="does not list"):
        test_every_scenario_is_named_on_the_page()
    with pytest.raises(AssertionError, match="belongs under"):
        test_every_rule_row_names_a_holder_or_says_why_not()
