"""The rules the real boxes never exercise, played on the lab box of
tests/fixtures/runtime/lab (the mini box, plus a Location that hears every event,
a Location that moves a figure on, and authored statuses): each scenario file of
tests/fixtures/runtime/lab/scenarios/ (docs/scenarios.md) played against it."""
from pathlib import Path
import re
import shutil

import pytest

from mayhem.compiler.mayhem_events import shipped
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
    """The Location-events scenario covers each event `game mayhem` declares: a new
    event needs its trigger on the Beacon (and its expectation in the scenario)."""
    text = (LAB / "box.mh").read_text(encoding="utf-8")
    beacon = text[text.index('location beacon'):text.index("\n}\n", text.index('location beacon'))]
    assert set(re.findall(r"^  on ([a-z-]+) ", beacon, re.M)) == set(shipped()[0])
    expected = (LAB / "scenarios" / "location-hears-every-event.toml").read_text(encoding="utf-8")
    for event in shipped()[0]:
        assert event == "update" or f"heard-{event}\"" in expected, event


def _compile_lab_with(tmp_path, extra: str):
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "shared", root / "shared")
    shutil.copy(CONTENT / "mayhem.toml", root / "mayhem.toml")
    (root / "lab").mkdir()
    shutil.copy(LAB / "box.mh", root / "lab" / "box.mh")
    (root / "lab" / "extra.mh").write_text('in box lab\nuse "shared/core.mh"\n\n' + extra, encoding="utf-8")
    return driver.compile_paths([root])


def test_until_next_turn_end_needs_a_character(tmp_path):
    """`until next-turn-end` is the end of the next turn of `self`: a Location has none."""
    result = _compile_lab_with(tmp_path, '''location bell "Bell" {
  source authored
  slots 2
  on enter {
    until next-turn-end {
      on damage {
        prevent(1)
      }
    }
  }
}
''')
    found = [(d.code, str(d.span), d.message) for d in result.diagnostics.items if d.severity == "error"]
    assert [(c, s) for c, s, _m in found] == [("E403", "lab/extra.mh:8:11")], found
    assert "next turn of 'self'" in found[0][2]


def test_restricts_names_known_restrictions_once(tmp_path):
    result = _compile_lab_with(tmp_path, '''token sleepy "Sleepy" {
  source authored
  text "Zzz."
  placed-on character
  restricts no-move no-nap
}
''')
    found = [(d.code, str(d.span), d.message, d.hint) for d in result.diagnostics.items if d.severity == "error"]
    # the names are the restrictions the shared rules declare (content/shared/game.mh)
    assert found == [("E301", "lab/extra.mh:8:21", "unknown restriction 'no-nap': a token restricts what game "
                      "'mayhem' declares", "restrictions of game 'mayhem': move-or-ability, no-move, no-ability, "
                      "no-attack, no-special")], found
