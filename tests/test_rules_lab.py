"""The rules the real boxes never exercise, played on the lab box of
tests/fixtures/runtime/lab (the mini box, plus a Location that hears every event,
a Location that moves a figure on, and authored statuses): each scenario file of
tests/fixtures/runtime/lab/scenarios/ (docs/scenarios.md) played against it."""
from pathlib import Path
import re
import shutil

import pytest

from mayhem.compiler import builtins as B
from mayhem.compiler import driver
from mayhem.runtime import scenario as sc
from mayhem.runtime.rules import load_rules

LAB = Path(__file__).resolve().parent / "fixtures" / "runtime" / "lab"
CONTENT = Path(__file__).resolve().parent.parent / "content"
FILES = sorted((LAB / "scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def lab_rules(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab-content")
    shutil.copytree(CONTENT / "shared", root / "shared")
    shutil.copy(CONTENT / "mayhem.toml", root / "mayhem.toml")
    (root / "lab").mkdir()
    shutil.copy(LAB / "box.mh", root / "lab" / "box.mh")
    result = driver.compile_paths([root])
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    return load_rules(result.ir)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lab_scenario(lab_rules, path):
    result = sc.run(lab_rules, path)
    assert result.ok, "\n".join([result.name, *result.failures])


def test_the_beacon_listens_to_every_event():
    """The Location-events scenario covers each event of compiler/builtins.py: a new
    event needs its trigger on the Beacon (and its expectation in the scenario)."""
    text = (LAB / "box.mh").read_text(encoding="utf-8")
    beacon = text[text.index('location beacon'):text.index("\n}\n", text.index('location beacon'))]
    assert set(re.findall(r"^  on ([a-z-]+) ", beacon, re.M)) == set(B.EVENTS)
    expected = (LAB / "scenarios" / "location-hears-every-event.toml").read_text(encoding="utf-8")
    for event in B.EVENTS:
        assert event == "update" or f"heard-{event}\"" in expected, event
