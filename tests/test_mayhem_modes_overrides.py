"""Modes as overrides of the game (issue #11, step 8): a `mode` says what it leaves out of the
game the Mayhem boxes share (`without counter vp`, `without rule ko-vp`), and the runtime plays
the game less those declarations, instead of branching on a flag.

Free-For-All Mayhem: "Teams do not gain Victory Point in this mode" (Setup, step 4): it leaves
out the `vp` counter and the KO rule of content/shared/game.mh ("Whenever a Character is KO'ed,
the opposing player gains 1 VP, taking a VP token of their Team's color.", KO).

Engine only (`engine_only`): these drive the engine's KO and counters by hand; the kernel's:
a mode leaving out a counter or a rule is tests/test_kernel_modes.py
test_a_mode_leaves_zones_counters_rules_and_their_pools_out, the KO's VP and its absence in
Free-For-All the scenarios ko-by-location-gives-opponent-vp, ffa-permanent-ko
(test_mayhem_ko_vp.py plays them on edited copies too), the win win-five-vp, the draw
recovery-both-five-vp-draw, Free-For-All's own end ffa-shrink-last-player-kod."""
from __future__ import annotations

import copy
from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.figures import GameOver
from mayhem.runtime.modes import load_mode, rules_for
from mayhem.runtime.rules import load_rules
from mayhem.site.words import mode_label, mode_value

from test_mayhem_ko_vp import ko_someone
from game_helpers import after_setup
from test_mayhem_zones import game_comp

CONTENT = Path(__file__).resolve().parent.parent / "content"


def mode_comp(ir: dict, mode_id: str) -> dict:
    return next(c for c in ir["components"] if c["kind"] == "mode" and c["id"] == mode_id)


def heard_events(rules) -> list[str]:
    return [t["event"] for t in rules.game["triggers"]]


def test_free_for_all_leaves_out_the_vp_counter_and_the_ko_rule(ir):
    props = mode_comp(ir, "free-for-all")["props"]
    assert props["without"]["value"][:2] == [["counter", "vp"], ["rule", "ko-vp"]]
    assert "no-victory-points" not in props  # the flag is gone: the override says it
    for other in ("standard", "three-players", "four-players", "competitive"):
        assert "without" not in mode_comp(ir, other)["props"]


def test_the_rules_of_a_mode_are_the_game_less_its_overrides(rules):
    standard = rules_for(rules, load_mode(rules, "standard"))
    ffa = rules_for(rules, load_mode(rules, "free-for-all"))
    # the standard game hears the KO rule (a `rule` of the game) and keeps the Teams' VP
    assert "ko" in heard_events(standard) and "vp" in standard.counters
    assert "vp" not in ffa.counters
    # the game's KO rule is left out; the KO rule heard is the mode's own (tests/test_mayhem_modes_ko.py)
    assert [c["qid"] for c in ffa.game["children"] if c["kind"] == "rule"] == ["shared/modes:mode:free-for-all/ko-out"]
    # the rest of the game is the same, and the shared rules are not changed
    assert set(ffa.counters) == set(standard.counters) - {"vp"}
    assert set(ffa.zones) == set(standard.zones) - {"go-deck", "token-pile"}  # tests/test_mayhem_modes_zones.py
    assert "vp" in rules.counters
    # one Rules per set of overrides: its compiled code is shared by the mode's games
    assert rules_for(rules, load_mode(rules, "free-for-all")) is ffa


@pytest.mark.engine_only
def test_free_for_all_gains_no_vp_without_a_flag(rules):
    game = after_setup(rules, mode="free-for-all")
    _fig, _other, _before = ko_someone(game)
    assert "vp" not in game.engine.kept_as_pieces
    assert {game.engine.counter_value("vp", c) for c in game.state.order} == {0}
    assert not any(e["event"] == "vp" for e in game.events)


@pytest.mark.engine_only
def test_removing_the_overrides_from_free_for_all_makes_kos_give_vp_again(ir):
    doc = copy.deepcopy(ir)
    del mode_comp(doc, "free-for-all")["props"]["without"]
    game = after_setup(load_rules(doc), mode="free-for-all")
    fig, other, before = ko_someone(game)
    assert "vp" in game.engine.kept_as_pieces
    assert game.engine.counter_value("vp", other) == before + 1
    ko, vp = [e for e in game.events if e["event"] in ("ko", "vp")][-2:]
    assert (ko["figure"], vp["event"], vp["team"]) == (fig.key, "vp", other)
    assert vp["span"].startswith("shared/game.mh:")  # given by the game's KO rule


@pytest.mark.engine_only
def test_leaving_out_only_the_ko_rule_keeps_the_counter(ir):
    doc = copy.deepcopy(ir)
    mode_comp(doc, "free-for-all")["props"]["without"]["value"] = [["rule", "ko-vp"]]
    game = after_setup(load_rules(doc), mode="free-for-all")
    ko_someone(game)
    assert "vp" in game.engine.kept_as_pieces  # the Teams still keep VP ...
    assert not any(e["event"] == "vp" for e in game.events)  # ... but a KO gives none


@pytest.mark.engine_only
def test_a_standard_game_hears_the_ko_rule_of_the_game(rules):
    rule = next(c for c in game_comp(rules.ir)["children"] if c["id"] == "ko-vp")
    assert (rule["kind"], rule["name"]) == ("rule", "A KO gives the opposing Team 1 VP")
    game = after_setup(rules)
    fig, other, before = ko_someone(game)
    assert game.engine.counter_value("vp", other) == before + 1


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

def give_vp(game, team: str, n: int) -> None:
    eng = game.engine
    try:
        eng.gain_counter("vp", team, n, None)
    except GameOver:
        pass


@pytest.mark.engine_only
def test_the_win_is_the_end_when_of_the_shared_game(rules):
    end = game_comp(rules.ir)["effects"]["end"]
    assert end["span"].startswith("shared/game.mh:")
    assert "win-vp" in str(end["when"]) and "all-ko-this-round" in str(end["when"])
    game = after_setup(rules)
    first = game.state.order[0]
    give_vp(game, first, 5)  # "The 1st Team to collect 5 Victory Points ... immediately wins"
    assert (game.state.winners, game.state.end_reason) == ([first], "vp")


@pytest.mark.engine_only
def test_without_its_end_when_the_game_does_not_end_on_vp(ir):
    doc = copy.deepcopy(ir)
    del game_comp(doc)["effects"]["end"]
    game = after_setup(load_rules(doc))
    give_vp(game, game.state.order[0], 5)
    assert not game.state.over and game.state.winners is None


@pytest.mark.engine_only
def test_both_teams_at_win_vp_at_once_is_a_draw(rules):
    game = after_setup(rules)
    eng = game.engine
    eng.win_check_held = True  # one step: both gain at the same time
    for team in game.state.order:
        give_vp(game, team, 5)
    eng.win_check_held = False
    with pytest.raises(GameOver):
        eng.check_win()
    assert (game.state.winners, game.state.end_reason) == ([], "draw")


@pytest.mark.engine_only
def test_free_for_all_is_won_by_its_own_end_when(rules):
    # in Free-For-All the game's `end when` (VP, a double KO) is replaced: one KO'ed player
    # of three does not end the game, as a Team losing all its Characters would otherwise
    game = after_setup(rules, mode="free-for-all")
    ko_someone(game)
    assert not game.state.over
    second = game.state.order[1]
    fig = game.state.characters(second)[0]
    game.engine.relocate(fig, next(i for i in game.state.board.live()))
    from test_mayhem_ko_vp import drive
    drive(game.engine.ko(fig, None))
    last = game.state.order[2]
    assert (game.state.winners, game.state.end_reason) == ([last], "last-standing")
