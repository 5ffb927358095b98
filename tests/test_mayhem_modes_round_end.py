"""A mode's own End of Round, in content (issue #11, step 8): Free-For-All's `round-end { ... }`
quotes "When all Characters have activated, the last player of the current round removes 1 empty
Location from play ... without splitting the map into 2 different groups of tiles." (How to
Play); the flag `shrink-board` is gone. Who removes which Location is content too:
`remove-location(all location in anywhere where empty(it) and connected-without(it) and
open-without(it), by: last(activated-this-round()))` (tests/scenarios/modes/ffa-shrink-board.toml).

Engine only (`engine_only`): these read the engine's board (`st.board`); the kernel's shrinking
board is the scenarios ffa-shrink-board and ffa-shrink-last-player-kod. Left: the shrink given
to the standard game and who removes which Location, edited in the content, are not played on
the kernel."""
from __future__ import annotations

import copy

import pytest

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
    [let, cond] = comp["effects"]["round-end"]["body"]
    assert (let["op"], let["value"]["name"], cond["op"]) == ("let", "last", "if")
    assert [s["name"] for s in cond["then"]] == ["remove-location"]
    # its own round start too (in place of the game's: tests/test_mayhem_round.py)
    assert set(load_mode(rules, "free-for-all").slots) == {"round", "round-end", "setup"}
    assert load_mode(rules, "standard").slots == {}


@pytest.mark.engine_only
def test_free_for_all_shrinks_the_board_each_round(rules):
    assert len(removed_in_two_rounds(rules, "free-for-all")) == 2


def test_without_its_round_end_the_board_of_free_for_all_stays_whole(ir):
    doc = copy.deepcopy(ir)
    del mode_comp(doc, "free-for-all")["effects"]["round-end"]
    assert removed_in_two_rounds(load_rules(doc), "free-for-all") == []


@pytest.mark.engine_only
def test_the_standard_game_given_the_round_end_shrinks_too(ir, rules):
    assert removed_in_two_rounds(rules, "standard") == []
    doc = copy.deepcopy(ir)
    mode_comp(doc, "standard").setdefault("effects", {})["round-end"] = \
        copy.deepcopy(mode_comp(doc, "free-for-all")["effects"]["round-end"])
    assert len(removed_in_two_rounds(load_rules(doc), "standard")) == 2


def test_the_modes_round_end_is_checked_in_the_context_of_the_rules(tmp_path):
    from game_helpers import content_copy
    result = content_copy(tmp_path / "c", modes=(("      remove-location(all", "      remove-locaton(all"),))
    [err] = [d for d in result.diagnostics.items if d.severity == "error"]
    assert err.code == "E301" and "remove-locaton" in err.message
    assert "remove-location" in err.hint and err.span.file.endswith("shared/modes.mh")
    # a word of a card's effects is not one of the rules' round: the context says so
    result = content_copy(tmp_path / "d", modes=(("    let by = last(activated-this-round())", "    bonus(1)\n    let by = last(activated-this-round())"),))
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert errors and errors[0].span.file.endswith("shared/modes.mh")


@pytest.mark.engine_only
def test_who_removes_which_location_is_the_modes_content(tmp_path):
    from game_helpers import content_copy
    # a board that may shrink to one Location: the rule's `count(anywhere) > 2` is the content's
    result = content_copy(tmp_path / "c", modes=(("count(anywhere) > 2", "count(anywhere) > 100"),))
    assert result.ok
    assert removed_in_two_rounds(load_rules(result.ir), "free-for-all") == []
    # the first player to activate chooses, not the last: the decision goes to another player
    result = content_copy(tmp_path / "d", modes=(("last(activated-this-round())", "first(activated-this-round())"),))
    assert result.ok
    firsts, lasts = [], []
    for rules, out in ((load_rules(result.ir), firsts), (None, lasts)):
        game = Game(rules or load_rules(content_copy(tmp_path / "e").ir),
                    GameConfig(box="teen-titans-go", mode="free-for-all", seed=5))
        bots: dict[str, RandomBot] = {}
        d = game.start()
        while d is not None and game.state.round <= 2:
            if d.kind == "remove":
                act = [game.state.figures[k] for k in game.engine.activated_this_round]
                out.append((d.player, act[0].player, act[-1].player))
            d = game.act(bots.setdefault(d.player, RandomBot(5 + len(bots))).choose(d, game))
    assert firsts and lasts
    assert all(player == first for player, first, _last in firsts)
    assert all(player == last for player, _first, last in lasts)
    assert any(first != last for _p, first, last in firsts + lasts)
