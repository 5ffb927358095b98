"""A KO that removes a figure for good is a mode's own rule (issue #11, step 8), not the flag
`permanent-ko`: Free-For-All declares `rule ko-out { on ko when figure is character {
remove-from-game(figure) } }`, quoting "When a Character is KO'ed, they are permanently removed
from the game and do not return during the next Recovery phase." (Free-For-All Mayhem, How to
Play), in place of the game's KO rule (`without rule ko-vp`). The KOs are the scenarios'
(test_mayhem_ko_vp.py `played`)."""
from __future__ import annotations

import copy

from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.rules import load_rules
from mayhem.runtime.switch import kernel_ir

from game_helpers import content_copy
from test_mayhem_ko_vp import FFA_KO, KO_VP, played
from test_mayhem_modes_overrides import mode_comp


def ko_out(doc: dict) -> dict:
    return next(c for c in mode_comp(doc, "free-for-all")["children"] if c["id"] == "ko-out")


def test_free_for_all_declares_its_ko_rule(ir, rules):
    rule = ko_out(ir)
    assert (rule["kind"], rule["name"]) == ("rule", "A KO'ed Character is out of the game")
    assert [t["event"] for t in rule["triggers"]] == ["ko"]
    assert rule["triggers"][0]["body"][0]["name"] == "remove-from-game"
    assert "permanent-ko" not in mode_comp(ir, "free-for-all")["props"]  # the flag is gone
    def ko_rules(mode):  # the rules the kernel hears a KO by, in the mode
        return [t["rule"] for t in load_game_rules(kernel_ir(ir), "teen-titans-go", mode=mode).rules if t["event"] == "ko"]
    assert ko_rules("free-for-all") == ["ko-out"]  # `without rule ko-vp`
    assert ko_rules("standard") == ["ko-vp"]


def test_a_kod_character_of_free_for_all_is_out_for_good(ir):
    """ffa-permanent-ko.toml: Robin KO'ed is out for good (`figures.robin.eliminated`)."""
    assert played(ir, FFA_KO) == []


def test_without_the_modes_rule_a_kod_character_is_not_out(ir):
    doc = copy.deepcopy(ir)
    comp = mode_comp(doc, "free-for-all")
    comp["children"] = [c for c in comp["children"] if c["id"] != "ko-out"]
    failures = played(doc, FFA_KO)
    assert any("figures.robin.eliminated" in f for f in failures), failures


def test_the_rule_given_to_the_standard_game_takes_its_kod_out(ir, tmp_path):
    """Daffy KO'ed by a Location (ko-by-location-gives-opponent-vp.toml) stays in the game, but
    for good out of it once the standard mode has the rule; the game's own KO rule still gives
    its VP (the scenario's `teams.black.vp` = 1)."""
    out = '"figures.daffy-duck.eliminated" = true'
    assert any("figures.daffy-duck.eliminated" in f for f in played(ir, KO_VP, out, tmp_path=tmp_path))
    doc = copy.deepcopy(ir)
    mode_comp(doc, "standard").setdefault("children", []).append(copy.deepcopy(ko_out(doc)))
    assert played(doc, KO_VP, out, tmp_path=tmp_path) == []


def test_the_switch_loads_the_standard_mode_the_box_declares(ir):
    """The kernel game of a Mayhem box (the IR naming the shared game: runtime/switch.py
    `kernel_ir`) is the game in its `standard` mode, as declared in content/shared/modes.mh, not
    the game without a mode: a rule given to the standard mode is among its rules."""
    def kernel_rules(doc, box, mode):
        return load_game_rules(kernel_ir(doc), box, mode=mode)
    doc = copy.deepcopy(ir)
    mode_comp(doc, "standard").setdefault("children", []).append(copy.deepcopy(ko_out(doc)))
    krules = kernel_rules(doc, "teen-titans-go", "standard")
    assert krules.mode is not None and krules.mode.id == "standard"
    assert [t["rule"] for t in krules.rules if t["event"] == "ko"] == ["ko-vp", "ko-out"]
    assert [t["rule"] for t in kernel_rules(ir, "teen-titans-go", "standard").rules if t["event"] == "ko"] == ["ko-vp"]


def test_remove_from_game_is_a_word_of_the_rules_context(tmp_path):
    result = content_copy(tmp_path / "c", modes=(("remove-from-game(figure)", "remove-from-gam(figure)"),))
    [err] = [d for d in result.diagnostics.items if d.severity == "error"]
    assert err.code == "E301" and "unknown effect 'remove-from-gam'" in err.message
    assert "remove-from-game" in err.hint and err.span.file.endswith("shared/modes.mh")
