"""Modes as the runtime reads them (runtime/modes.py): every field of the `mode`
declarations of content/shared/modes.mh, the seat order, and the Teams' names.

Public API relied on: `load_mode`, `available_modes`, `team_names`, `Mode` (`players`,
`team_ids`), `STANDARD`, and `Rules` from runtime/rules.py."""
from __future__ import annotations

import pytest

from mayhem.runtime.modes import STANDARD, Mode, available_modes, load_mode, team_names
from mayhem.runtime.rules import Rules

# every mode of the content, the DC game's too (`available_modes` reads the whole IR)
ALL_MODES = ["additional-weaknesses", "advanced", "competitive", "four-players", "free-for-all", "marathon", "standard",
             "three-players"]


def test_available_modes(rules):
    assert available_modes(rules) == ALL_MODES


def test_standard_mode(rules):
    # "Two players, each with a Team of two characters."
    m = load_mode(rules, "standard")
    assert m == Mode("standard", ((2,), (2,)))
    # the Teams' names are the game's (`team-names [black, white]`, content/shared/game.mh)
    assert team_names(rules) == ("black", "white")
    assert m.team_ids(team_names(rules)) == ["black", "white"]
    # without names from a game, two Teams are named after their first players too
    assert m.team_ids() == ["p1", "p2"]
    assert m.players() == [("p1", 0, 2), ("p2", 1, 2)]


def test_three_players(rules):
    # "Two players form a Team, each controlling one character, against a single player
    # with two characters. The players of the Team draw 4 Mayhem cards each ..."
    m = load_mode(rules, "three-players")
    assert m.seats == ((1, 1), (2,))
    assert m.hand_draw == ((4, 4), (7,))
    assert m.team_ids(team_names(rules)) == ["black", "white"]
    # the Teams' first players, then their second players
    assert m.players() == [("p1", 0, 1), ("p2", 1, 2), ("p3", 0, 1)]
    assert m.end is None  # won as the game says
    assert not (m.npc or m.face_down or m.communal or m.without or m.rules or m.slots)


def test_four_players(rules):
    m = load_mode(rules, "four-players")
    assert m.seats == ((1, 1), (1, 1))
    assert m.hand_draw == ((4, 4), (4, 4))
    assert m.players() == [("p1", 0, 1), ("p2", 1, 1), ("p3", 0, 1), ("p4", 1, 1)]


def test_free_for_all(rules):
    # Free-For-All Mayhem: three players, each their own Team with one character, on a
    # board of face-down tiles that shrinks every round, with the non-player figure.
    m = load_mode(rules, "free-for-all")
    assert m == Mode(
        id="free-for-all", seats=((1,), (1,), (1,)), board=(4, 3, 2, 1), face_down=2,
        npc=True, cards_with="free-for-all", hand_draw=((4,), (4,), (4,)),
        team_lists=False, communal=True,
        without=(("counter", "vp"), ("rule", "ko-vp"), ("zone", "go-deck"), ("zone", "token-pile")))
    # "The last player left is the winner!": its own `end when`, in place of the game's
    assert m.end["body"][0]["name"] == "end-game" and m.end["span"].startswith("shared/modes.mh:")
    assert m.team_ids(team_names(rules)) == ["p1", "p2", "p3"]
    assert m.players() == [("p1", 0, 1), ("p2", 1, 1), ("p3", 2, 1)]
    # the face-down board, the non-player figure and the communal tokens are the steps of its own
    # `setup { }` (content/shared/modes.mh), not flags
    assert [s["name"] for s in m.slots["setup"]["body"]] == [
        "form-teams", "draft", "choose-sides", "add-unowned-figure", "lay-board", "fill-pools", "shuffle-deck",
        "draw-hands", "fill-zones"]


def test_competitive(rules):
    m = load_mode(rules, "competitive")
    assert m.seats == ((2,), (2,))
    assert m.team_lists  # the team list brings the characters and the hand: its setup's step
    steps = [s["name"] for s in m.slots["setup"]["body"]]
    assert "take-team-lists" in steps and "draft" not in steps and "draw-hands" not in steps
    assert m.board is None and m.hand_draw is None
    assert (m.cards_with, m.end) == (None, None)


def test_unknown_mode_lists_the_modes(rules):
    with pytest.raises(ValueError) as exc:
        load_mode(rules, "five-players")
    assert str(exc.value) == "no mode 'five-players'; modes: " + ", ".join(ALL_MODES)


def test_content_without_modes_plays_the_standard_game():
    bare = Rules({"components": []}, "0")
    assert load_mode(bare, "standard") is STANDARD
    assert available_modes(bare) == ["standard"]
    with pytest.raises(ValueError, match=r"^no mode 'free-for-all'; modes: standard$"):
        load_mode(bare, "free-for-all")


def test_defaults_of_a_mode_that_says_little():
    comp = {"kind": "mode", "id": "duel", "props": {"seats": {"value": [[2], [2]]}}}
    m = load_mode(Rules({"components": [comp]}, "0"), "duel")
    assert m == Mode("duel", ((2,), (2,)))
    assert (m.cards_with, m.end) == (None, None)
    assert m.board is None and m.hand_draw is None


def test_uneven_seats():
    # a Team of three players against a Team of one: seats alternate while both have players
    m = Mode("odd", ((1, 1, 1), (3,)))
    assert m.players() == [("p1", 0, 1), ("p2", 1, 3), ("p3", 0, 1), ("p4", 0, 1)]
