"""Modes as overrides of the game (issue #11, step 8): a `mode` says what it leaves out of the
game the Mayhem boxes share (`without counter vp`, `without rule ko-vp`), and the runtime plays
the game less those declarations, instead of branching on a flag.

Free-For-All Mayhem: "Teams do not gain Victory Point in this mode" (Setup, step 4): it leaves
out the `vp` counter and the KO rule of content/shared/game.mh ("Whenever a Character is KO'ed,
the opposing player gains 1 VP, taking a VP token of their Team's color.", KO).

The KOs and wins are the scenarios' (played here on edited copies, test_mayhem_ko_vp.py
`played`); also held: a mode leaving out a counter or a rule, tests/test_kernel_modes.py
test_a_mode_leaves_zones_counters_rules_and_their_pools_out; the KO's VP in a standard game,
ko-by-location-gives-opponent-vp; the draw, recovery-both-five-vp-draw; Free-For-All's own
end, ffa-shrink-last-player-kod."""
from __future__ import annotations

import copy
from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.switch import kernel_ir
from mayhem.site.words import mode_label, mode_value

from test_mayhem_ko_vp import FFA_KO, played
from test_mayhem_zones import game_comp

CONTENT = Path(__file__).resolve().parent.parent / "content"


def mode_comp(ir: dict, mode_id: str) -> dict:
    return next(c for c in ir["components"] if c["kind"] == "mode" and c["id"] == mode_id)


def kernel_rules(ir: dict, mode: str):
    """The kernel's rules of Teen Titans GO! in `mode` (the IR naming the shared game)."""
    return load_game_rules(kernel_ir(ir), "teen-titans-go", mode=mode)


def ko_rules(krules) -> list[str]:
    return [t["rule"] for t in krules.rules if t["event"] == "ko"]


def test_free_for_all_leaves_out_the_vp_counter_and_the_ko_rule(ir):
    props = mode_comp(ir, "free-for-all")["props"]
    assert props["without"]["value"][:2] == [["counter", "vp"], ["rule", "ko-vp"]]
    assert "no-victory-points" not in props  # the flag is gone: the override says it
    for other in ("standard", "three-players", "four-players", "competitive"):
        assert "without" not in mode_comp(ir, other)["props"]


def test_the_rules_of_a_mode_are_the_game_less_its_overrides(ir):
    standard, ffa = kernel_rules(ir, "standard"), kernel_rules(ir, "free-for-all")
    # the standard game hears the KO rule (a `rule` of the game) and keeps the Teams' VP
    assert ko_rules(standard) == ["ko-vp"] and "vp" in standard.counters
    assert "vp" not in ffa.counters
    # the game's KO rule is left out; the KO rule heard is the mode's own (tests/test_mayhem_modes_ko.py)
    assert ko_rules(ffa) == ["ko-out"]
    # the rest of the game is the same
    assert set(ffa.counters) == set(standard.counters) - {"vp"}
    assert set(ffa.zones) == set(standard.zones) - {"go-deck", "token-pile"}  # tests/test_mayhem_modes_zones.py


def test_removing_the_overrides_from_free_for_all_brings_the_counter_and_the_ko_rule_back(ir):
    """Free-For-All without its `without` plays the game's `vp` counter and hears its KO rule
    beside its own. (A KO in ffa-permanent-ko.toml still gives no VP then: Robin is KO'ed by no
    foe, and three Teams have no one `opposing-team`.)"""
    doc = copy.deepcopy(ir)
    del mode_comp(doc, "free-for-all")["props"]["without"]
    krules = kernel_rules(doc, "free-for-all")
    assert "vp" in krules.counters and ko_rules(krules) == ["ko-vp", "ko-out"]


def test_leaving_out_only_the_ko_rule_keeps_the_counter_which_the_mode_cannot_hold(ir):
    # Free-For-All's Teams t1 to t3 have no pieces of the VP pool (counted black and white): the
    # counter kept in is refused at set-up, at the mode's declaration, not a VP silently 0
    doc = copy.deepcopy(ir)
    mode_comp(doc, "free-for-all")["props"]["without"]["value"] = [["rule", "ko-vp"]]
    krules = kernel_rules(doc, "free-for-all")
    assert "vp" in krules.counters and ko_rules(krules) == ["ko-out"]  # the Teams still keep VP ...
    [problem] = played(doc, FFA_KO)  # ... which the mode cannot hold
    assert "shared/modes.mh:" in problem and "mode 'free-for-all' keeps the counter 'vp'" in problem


# ---- the compiler: an override names a declaration of the game -----------------------------

@pytest.fixture(scope="module")
def content_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("content")
    shutil.copytree(CONTENT, root / "content")
    return root / "content"


def compile_with_modes(content: Path, old: str, new: str):
    modes = content / "shared" / "modes.mh"
    original = (CONTENT / "shared" / "modes.mh").read_text(encoding="utf-8")
    assert old in original
    modes.write_text(original.replace(old, new), encoding="utf-8")
    return driver.compile_paths([content]), new


def errors_of(result) -> list:
    return [d for d in result.diagnostics.items if d.severity == "error"]


def test_an_override_naming_no_rule_is_a_positioned_error_with_a_did_you_mean(content_copy):
    result, _ = compile_with_modes(content_copy, "without rule ko-vp", "without rule ko-vpp")
    [err] = errors_of(result)
    assert err.code == "E301"
    assert "unknown rule 'ko-vpp'" in err.message and "'mayhem'" in err.message
    assert err.hint == "did you mean 'ko-vp'?"
    line = next(i for i, text in enumerate((content_copy / "shared" / "modes.mh").read_text().splitlines(), 1)
                if "ko-vpp" in text)
    assert (err.span.file.endswith("shared/modes.mh"), err.span.line, err.span.col) == (True, line, 16)


def test_an_override_naming_no_counter_lists_the_counters(content_copy):
    result, _ = compile_with_modes(content_copy, "without counter vp", "without counter victory")
    [err] = errors_of(result)
    assert err.code == "E301" and "unknown counter 'victory'" in err.message
    assert err.hint == "the counters of the game: damage, hand-limit, life, vp"


@pytest.mark.parametrize("written, shown", [
    ("without counter", "'without' takes a kind (counter, rule or zone)"),
    ("without spell vp", "'without' takes a kind (counter, rule or zone)"),
    ("without rule ko-vp\n  without rule ko-vp", "'without rule ko-vp' is given twice"),
])
def test_a_malformed_override_is_an_error(content_copy, written, shown):
    result, _ = compile_with_modes(content_copy, "without rule ko-vp", written)
    errors = errors_of(result)
    assert [e.code for e in errors] in (["E204"], ["E203"])
    assert shown in errors[0].message
    if errors[0].code == "E204":
        assert errors[0].hint.startswith("for example: `without counter vp`")


def test_the_site_says_an_override_in_words():
    assert mode_label("without") == "Left out of the game"
    assert mode_value("without", [["counter", "vp"], ["rule", "ko-vp"]]) == \
        "the counter `vp` and the rule `ko-vp`"


# ---- the win check is the game's `end when`; a mode's replaces it -----------------------------

WIN_FIVE_VP = Path(__file__).resolve().parent / "scenarios" / "core" / "win-five-vp.toml"


def test_the_win_is_the_end_when_of_the_shared_game(rules):
    """"The 1st Team to collect 5 Victory Points ... immediately wins" (How to Win): the game's
    `end when`, which win-five-vp.toml plays."""
    end = game_comp(rules.ir)["effects"]["end"]
    assert end["span"].startswith("shared/game.mh:")
    assert "win-vp" in str(end["when"]) and "all-ko-this-round" in str(end["when"])
    assert played(rules.ir, WIN_FIVE_VP) == []


def test_without_its_end_when_the_game_does_not_end_on_vp(ir):
    doc = copy.deepcopy(ir)
    del game_comp(doc)["effects"]["end"]
    failures = played(doc, WIN_FIVE_VP)
    assert any('"over"' in f or "over" in f.split(":")[0] for f in failures), failures
    assert any("winners" in f for f in failures), failures
