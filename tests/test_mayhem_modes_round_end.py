"""A mode's own End of Round, in content (issue #11, step 8): Free-For-All's `round-end { ... }`
quotes "When all Characters have activated, the last player of the current round removes 1 empty
Location from play ... without splitting the map into 2 different groups of tiles." (How to
Play); the flag `shrink-board` is gone. Who removes which Location is content too:
`remove-location(all location in anywhere where empty(it) and connected-without(it) and
open-without(it), by: last(activated-this-round()))` (tests/scenarios/modes/ffa-shrink-board.toml).

Read through the decisions and the log in the Mayhem words (a Location removed: `remove-space`);
the shrinking board is also the scenarios ffa-shrink-board and ffa-shrink-last-player-kod."""
from __future__ import annotations

import copy

from mayhem.runtime import Game, GameConfig, load_rules, make_bot

from test_mayhem_modes_overrides import kernel_rules, mode_comp
from test_mayhem_round import Log


def played_two_rounds(rules, mode: str, seed: int = 5, asked=None) -> list[dict]:
    """A seeded game of random bots played through round 2: its log in the Mayhem words.
    `asked(game, decision, log)` is called at each decision first."""
    game = Game(rules, GameConfig(box="teen-titans-go", mode=mode, seed=seed))
    bots: dict = {}
    d, log = game.start(), Log(game)
    while d is not None and game.view(pieces=False)["round"] <= 2:
        if asked is not None:
            asked(game, d, log)
        d = game.act(bots.setdefault(d.player, make_bot("random", seed + len(bots))).choose(d, game))
        log.read()
    return log.events


def removed_in_two_rounds(rules, mode: str, seed: int = 5) -> list[dict]:
    return [e for e in played_two_rounds(rules, mode, seed) if e["event"] == "remove-space"]


def test_free_for_all_declares_its_round_end(ir, rules):
    comp = mode_comp(ir, "free-for-all")
    assert "shrink-board" not in comp["props"]  # the flag is gone
    [let, cond] = comp["effects"]["round-end"]["body"]
    assert (let["op"], let["value"]["name"], cond["op"]) == ("let", "last", "if")
    assert [s["name"] for s in cond["then"]] == ["remove-location"]
    # its own round start too (in place of the game's: tests/test_mayhem_round.py)
    ffa, standard = kernel_rules(ir, "free-for-all").slots, kernel_rules(ir, "standard").slots
    assert {"round", "round-end", "setup"} <= {k for k in ffa if ffa[k] != standard.get(k)}


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
    result = content_copy(tmp_path / "c", modes=(("      remove-location(all", "      remove-locaton(all"),))
    [err] = [d for d in result.diagnostics.items if d.severity == "error"]
    assert err.code == "E301" and "remove-locaton" in err.message
    assert "remove-location" in err.hint and err.span.file.endswith("shared/modes.mh")
    # a word of a card's effects is not one of the rules' round: the context says so
    result = content_copy(tmp_path / "d", modes=(("    let by = last(activated-this-round())", "    bonus(1)\n    let by = last(activated-this-round())"),))
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert errors and errors[0].span.file.endswith("shared/modes.mh")


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
    for rules, out in ((load_rules(result.ir), firsts), (load_rules(content_copy(tmp_path / "e").ir), lasts)):
        def asked(game, d, log, out=out):
            if d.kind == "remove":
                log.read()
                rnd = game.view(pieces=False)["round"]
                figures = game.view(pieces=False)["figures"]
                act = [figures[e["figure"]]["player"] for e in log.events if e["event"] == "activate" and e["round"] == rnd]
                out.append((d.player, act[0], act[-1]))
        played_two_rounds(rules, "free-for-all", 5, asked)
    assert firsts and lasts
    assert all(player == first for player, first, _last in firsts)
    assert all(player == last for player, _first, last in lasts)
    assert any(first != last for _p, first, last in firsts + lasts)
