"""A mode's own End of Round, in content (issue #11, step 8): Free-For-All's `round-end {
remove-empty-location() }` quotes "When all Characters have activated, the last player of the
current round removes 1 empty Location from play ... without splitting the map into 2 different
groups of tiles." (How to Play); the flag `shrink-board` is gone. The rule of who removes which
Location is the primitive's (tests/scenarios/modes/ffa-shrink-board.toml)."""
from __future__ import annotations

import copy

from mayhem.runtime.bots import RandomBot
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.modes import load_mode
from mayhem.runtime.rules import load_rules

from test_mayhem_modes_overrides import mode_comp


def removed_in_two_rounds(rules, mode: str, seed: int = 5) -> list[dict]:
    game = Game(rules, GameConfig(box="teen-titans-go", mode=mode, seed=seed))
    bots: dict[str, RandomBot] = {}
    d = game.start()
    while d is not None and game.state.round <= 2:
        d = game.act(bots.setdefault(d.player, RandomBot(seed + len(bots))).choose(d, game))
    return [e for e in game.events if e["event"] == "remove-location"]


def test_free_for_all_declares_its_round_end(ir, rules):
    comp = mode_comp(ir, "free-for-all")
    assert "shrink-board" not in comp["props"]  # the flag is gone
    assert [s["name"] for s in comp["effects"]["round-end"]["body"]] == ["remove-empty-location"]
    # its own round start too (in place of the game's: tests/test_mayhem_round.py)
    assert set(load_mode(rules, "free-for-all").slots) == {"round", "round-end", "setup"}
    assert load_mode(rules, "standard").slots == {}


def test_free_for_all_shrinks_the_board_each_round(rules):
    assert len(removed_in_two_rounds(rules, "free-for-all")) == 2


def test_without_its_round_end_the_board_of_free_for_all_stays_whole(ir):
    doc = copy.deepcopy(ir)
    del mode_comp(doc, "free-for-all")["effects"]["round-end"]
    assert removed_in_two_rounds(load_rules(doc), "free-for-all") == []


def test_the_standard_game_given_the_round_end_shrinks_too(ir, rules):
    assert removed_in_two_rounds(rules, "standard") == []
    doc = copy.deepcopy(ir)
    mode_comp(doc, "standard").setdefault("effects", {})["round-end"] = \
        copy.deepcopy(mode_comp(doc, "free-for-all")["effects"]["round-end"])
    assert len(removed_in_two_rounds(load_rules(doc), "standard")) == 2


def test_the_modes_round_end_is_checked_in_the_context_of_the_rules(tmp_path):
    from game_helpers import content_copy
    result = content_copy(tmp_path / "c", modes=(("    remove-empty-location()", "    remove-empty-locaton()"),))
    [err] = [d for d in result.diagnostics.items if d.severity == "error"]
    assert err.code == "E301" and "remove-empty-locaton" in err.message
    assert "remove-empty-location" in err.hint and err.span.file.endswith("shared/modes.mh")
    # a word of a card's effects is not one of the rules' round: the context says so
    result = content_copy(tmp_path / "d", modes=(("    remove-empty-location()", "    bonus(1)"),))
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert errors and errors[0].span.file.endswith("shared/modes.mh")
