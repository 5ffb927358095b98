"""A tile hears an event about a figure only while the figure stands on it: once an earlier
listener of the same event has moved the figure off the tile, the tile is not asked (the Mayhem
engine asked each Location's listener where the figure stood when its turn came; the kernel
found the tile once for the whole event: runtime/kernel/events.py `land`).

The lab box (tests/fixtures/runtime/lab) with one more token, Jitters: the figure holding it
Moves on when it is made Active. Pieces on a figure are heard before the tiles, so when Alpha,
on the Beacon (which marks every event about a figure standing on it), is made Active there,
Jitters moves him first and the Beacon, no longer his Location, marks no `activate`."""
from __future__ import annotations

from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime import load_rules, run_scenario

LAB = Path(__file__).resolve().parent / "fixtures" / "runtime" / "lab"
CONTENT = Path(__file__).resolve().parent.parent / "content"

JITTERS = '''
token jitters "Jitters" {
  source authored
  text "When the holder is made Active, it Moves on into an adjacent Location with an open Slot."
  placed-on character
  on activate when figure is holder {
    move-figure(holder, to: one location in adjacent-to(holder) where open(it))
  }
}
'''

SCENARIO = '''[scenario]
name = "A tile is asked again once an earlier listener moved the figure off it"
box = "lab"
source = "tests/test_kernel_tile_heard_again.py"

[setup]
teams = { black = ["alpha", "gamma"], white = ["beta", "delta"] }
board = ["base-b1", "mine", "base-w1", "base-b2", "beacon", "slide", "base-w2", "hill", "pit", "spa"]
phase = "round-start"
go_deck = []
rolls = ["1", "2", "3", "4", "3"]

[setup.figures.alpha]
location = "L5"
TOKENS
[setup.figures.gamma]
location = "L1"
[setup.figures.beta]
location = "L7"
[setup.figures.delta]
location = "L10"

[[steps]]
action = "place-die 1 alpha/punch"
EXPECT
'''


@pytest.fixture(scope="module")
def lab_rules(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab-jitters")
    shutil.copytree(CONTENT / "shared", root / "shared")
    shutil.copy(CONTENT / "mayhem.toml", root / "mayhem.toml")
    (root / "lab").mkdir()
    box = (LAB / "box.mh").read_text(encoding="utf-8")
    anchor = '  pool daze "Daze" {'
    assert box.count(anchor) == 1
    box = box.replace(anchor, '  pool jitters "Jitters" {\n    count 2\n  }\n' + anchor)
    (root / "lab" / "box.mh").write_text(box + JITTERS, encoding="utf-8")
    result = driver.compile_paths([root])
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    return load_rules(result.ir)


def _run(lab_rules, tmp_path, tokens: str, expect: str):
    path = tmp_path / "jitters.toml"
    path.write_text(SCENARIO.replace("TOKENS", tokens).replace("EXPECT", expect), encoding="utf-8")
    result = run_scenario(lab_rules, path)
    assert result.ok, "\n".join([result.name, *result.failures])


def test_the_beacon_hears_the_activation_of_a_figure_standing_on_it(lab_rules, tmp_path):
    """Without Jitters, Alpha stays: the Beacon marks his `activate` (the case's control)."""
    _run(lab_rules, tmp_path, "", 'expect = { "figures.alpha.location" = "L5", '
                                  '"locations.L5.tokens.heard-activate" = 1 }')


def test_a_tile_is_not_heard_once_an_earlier_listener_moved_the_figure_off(lab_rules, tmp_path):
    """With Jitters, Alpha Moves off the Beacon before the Beacon's turn to hear: no mark; the
    Move itself is about a figure that then stands elsewhere, so the Beacon marks no `move`."""
    _run(lab_rules, tmp_path, "tokens = { jitters = 1 }",
         'expect = { "decision.kind" = "target" }\n[[steps]]\naction = "target L2"\n'
         'expect = { "figures.alpha.location" = "L2", "locations.L5.tokens.heard-activate" = 0, '
         '"locations.L5.tokens.heard-move" = 0, "figures.alpha.tokens.jitters" = 1 }')
