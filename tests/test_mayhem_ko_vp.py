"""A KO gives 1 VP by a rule written in content (issue #11, migration step 3): the trigger
`on ko` of the game `mayhem` (content/shared/game.mh); the runtime only announces the KO.

The rulebooks: "Whenever a Character is KO'ed, the opposing player gains 1 VP, taking a VP
token of their Team's color." (Teen Titans GO! Mayhem, KO) "Whenever a Toon is KO'ed, the
opposing player gains 1 VP, taking a VP token of their Team's color." (Looney Tunes Mayhem,
KO) "Teams do not gain Victory Point in this mode" (Free-For-All Mayhem).

The KOs are the scenarios' (tests/scenarios/), played on the content and on a copy edited."""
from __future__ import annotations

import copy
from pathlib import Path

from mayhem.runtime import load_rules, run_scenario

from test_mayhem_zones import game_comp


def ko_rule(ir: dict) -> dict:
    return next(c for c in game_comp(ir)["children"] if c["kind"] == "rule" and c["id"] == "ko-vp")


def test_the_ko_rule_is_a_named_rule_of_the_shared_game(ir):
    triggers = ko_rule(ir)["triggers"]
    assert [t["event"] for t in triggers] == ["ko"]
    gain = triggers[0]["body"][0]  # the kernel's counter word: gain(vp, 1, on: opposing-team)
    assert (gain["name"], gain["args"]["counter"]["name"]) == ("gain", "vp")


SCENARIOS = Path(__file__).resolve().parent / "scenarios"
# a Toon KO'ed by a Location's Damage: Black gains the KO's VP (`teams.black.vp` = 1, a `vp` line)
KO_VP = SCENARIOS / "looney-tunes" / "ko-by-location-gives-opponent-vp.toml"
# Free-For-All: Robin KO'ed, out for good, no VP (`teams.p1.vp` = 0, no `vp` line)
FFA_KO = SCENARIOS / "modes" / "ffa-permanent-ko.toml"


def played(ir: dict, path, *expect: str, tmp_path=None):
    """The scenario played on the rules of `ir`: its failures.
    `expect`: lines added to its [expect] (a copy written to tmp_path)."""
    if expect:
        text = path.read_text(encoding="utf-8")
        assert "\n[expect]\n" in text
        path = tmp_path / path.name
        path.write_text(text.replace("\n[expect]\n", "\n[expect]\n" + "".join(e + "\n" for e in expect)), encoding="utf-8")
    return run_scenario(load_rules(ir), path).failures


def test_a_ko_gives_the_other_team_1_vp(ir):
    assert played(ir, KO_VP) == []


def test_without_the_rule_a_ko_gives_nothing(ir):
    doc = copy.deepcopy(ir)
    game_comp(doc)["children"].remove(ko_rule(doc))
    failures = played(doc, KO_VP)
    assert any("teams.black.vp" in f for f in failures), failures
    assert any("vp" in f and "black" in f and "total" in f for f in failures), failures  # no `vp` line
    assert not any("teams.white.vp" in f for f in failures), failures  # the Location's VP is not the rule's


def test_free_for_all_gains_no_vp_from_a_ko(ir):
    assert played(ir, FFA_KO) == []
