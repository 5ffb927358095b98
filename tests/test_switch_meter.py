"""bench/switch.py, the meter of what the kernel lacks to play the Mayhem boxes: it counts what
the content says (the same primitives as the IR's own walk), reads the kernel's registries (a
word the kernel gains leaves the missing list) and leaves the kernel games' content out."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
import sys

import pytest

from mayhem.compiler import driver
from mayhem.compiler.ir_ops import ir_statements
from mayhem.compiler.shorthand import lowered

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import switch  # noqa: E402


@pytest.fixture(scope="module")
def ir() -> dict:
    return driver.compile_paths([ROOT / "content"]).ir


def _missing(result: dict, cat: str) -> dict[str, int]:
    return {w: n for w, n, _ in result["rows"][cat]["missing"]}


def test_the_primitives_counted_are_those_the_irs_walk_finds(ir):
    components = switch.mayhem_components(ir)
    game = next(c for c in components if c["kind"] == "game" and c["box"] is None)
    walked = Counter(lowered(s, game)["name"] for s in ir_statements(components) if s["op"] == "primitive")
    counted = Counter(w for cat, w, _ in switch.uses(components, game) if cat == "primitive")
    assert counted == walked and counted["damage"] > 0
    # shorthands are lowered: the content says `roll-mayhem-die` and `gain-vp`, the kernel plays `roll` and `gain`
    assert "roll-mayhem-die" not in counted and counted["roll"] > 0 and "gain-vp" not in counted


def test_a_word_the_kernel_gains_leaves_the_missing_list(monkeypatch):
    now = switch.measure(ROOT / "content")
    # the kernel's pieces take, its damage deals and heals (runtime/kernel/damage.py)
    assert not {"take", "damage", "remove-damage"} & set(_missing(now, "primitive"))
    # the kernel without the last primitive it gained (runtime/kernel/unowned.py): the word is missing
    word = "add-unowned-figure"
    assert word not in _missing(now, "primitive")
    monkeypatch.delitem(switch.kprims.PRIMITIVES, word)
    before = switch.measure(ROOT / "content")
    uses = _missing(before, "primitive")[word]
    assert uses > 0
    monkeypatch.undo()  # ... and with it, it leaves the missing list, its uses counted played
    after = switch.measure(ROOT / "content")
    assert word not in _missing(after, "primitive")
    row, was = after["rows"]["primitive"], before["rows"]["primitive"]
    assert (row["kernel"], row["kernel_uses"]) == (was["kernel"] + 1, was["kernel_uses"] + uses)


def test_the_kernel_games_content_is_left_out(ir):
    kernel_boxes = {c["box"] for c in ir["components"] if c["kind"] == "game" and c["box"] is not None}
    assert kernel_boxes  # Marvel Mayhem
    components = switch.mayhem_components(ir)
    assert components and not {c["box"] for c in components} & kernel_boxes
    # the kinds the kernel games' content uses are the kernel's: a Mayhem keyword is no missing
    # kind; a kind missing is neither a kernel kind nor one declared in content
    result = switch.measure(ROOT / "content")
    missing = _missing(result, "kind")
    assert "keyword" not in missing and "mayhem-card" not in missing
    assert missing and not set(missing) & switch.kernel_has(None)["kind"]


def test_the_kinds_a_kernel_module_loads_are_played(monkeypatch):
    """Pools (pieces.py) and modes (modes.py) are kinds the kernel's modules load, named by
    their `KINDS` and gathered in primitives.KINDS: the meter counts them played, and only so."""
    result = switch.measure(ROOT / "content")
    assert {"pool", "mode"} <= switch.kprims.KINDS
    assert not {"pool", "mode"} & set(_missing(result, "kind"))
    monkeypatch.setattr(switch.kprims, "KINDS", switch.kprims.KINDS - {"pool", "mode"})
    without = _missing(switch.measure(ROOT / "content"), "kind")
    # the boxes' pools; `mode` is played without KINDS too now: the DC box, a kernel game of its own,
    # declares modes (content/dc-teen-titans-go/modes.mh), and the kinds kernel boxes use count as played
    assert without["pool"] > 0 and "mode" not in without


def test_an_event_is_played_when_the_ir_declares_it_and_the_kernel_raises_it(ir):
    components = switch.mayhem_components(ir)
    game = next(c for c in components if c["kind"] == "game" and c["box"] is None)
    declared = {c["id"] for c in game["children"] if c["kind"] == "event"}
    raised = switch.raised_events(game, components)
    # named by a property for a kernel moment (damage.py), raised by the content, the structure's
    assert {"attack", "damage", "damaged", "ko"} <= raised and game["props"]["ko-event"]["value"] == "ko"
    assert "recovery" in switch.raised_by_content(components) and "recovery" in raised
    assert {"turn-end", "round-start", "turn-start"} <= raised
    # declared, and no moment of the kernel raises it (a fork's `teleport`): missing; a property
    # naming it makes it played; one naming an event the game does not declare does not
    teleport = {"kind": "event", "id": "teleport", "props": {}, "children": []}
    forked = {**game, "children": game["children"] + [teleport]}
    assert "teleport" not in switch.raised_events(forked, components)
    named = {**forked, "props": {**game["props"], "teleport-event": {"value": "teleport"},
                                 "vanish-event": {"value": "vanish"}}}
    assert "teleport" in switch.raised_events(named, components) and "vanish" not in switch.raised_events(named)
    # without the declarations in the IR, nothing but the structure is played
    bare = {**game, "children": [c for c in game["children"] if c["kind"] != "event"]}
    assert switch.raised_events(bare, components) == set(switch.STRUCTURE_EVENTS) | set(switch.K.KERNEL_EVENTS)
    missing = _missing(switch.measure(ROOT / "content"), "event")
    assert not set(missing) & raised and set(missing) <= declared
