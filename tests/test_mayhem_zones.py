"""The Mayhem piles as zones (issue #11, migration step 1): the Mayhem deck, its discard
pile, the hands, the card a Team played this round, the GO! deck, the Team's GO! card and
the GO! discard are `zone`s of the game `mayhem` in content/shared/game.mh. The engine
reads them from the IR and keeps its piles as the rules kernel keeps zones ("hand/p1",
"played/black", "mayhem-deck": card ids, top first); an empty zone is refilled as its
`reshuffle-from` says.

The rulebooks: "Shuffle the Mayhem cards to create a facedown Mayhem deck." "Each player's
maximum Mayhem hand size is determined by the total number of Mayhem icons indicated on
their Character Dashboards." (Setup) "Keep the card played faceup on the table. Discard
used Mayhem cards at the end of the round." (Mayhem Cards) "Shuffle the 12 GO! Cards and
place them facedown to create the GO! Deck." (Setup)

Engine only (`engine_only`): these read the engine's piles and its `p_draw`; the kernel keeps every
card in its declared zones by construction (tests/test_kernel_zones.py), reshuffles its discard
pile (deck-reshuffles-its-discard-pile.toml, tests/test_kernel_keeping.py)."""
from __future__ import annotations

import copy

import pytest

from mayhem.compiler.applicability import Applicability
from mayhem.runtime.effects import Env
from mayhem.runtime.kernel.state import State as KernelState
from mayhem.runtime.rules import load_rules
from mayhem.runtime.state import Team, zone_key

from game_helpers import after_setup


def game_comp(ir: dict) -> dict:
    return next(c for c in ir["components"] if c["kind"] == "game" and c["box"] is None)


def test_the_piles_are_zones_of_the_shared_game(rules):
    z = rules.zones
    assert sorted(z) == ["go-deck", "go-discard", "hand", "mayhem-deck", "mayhem-discard", "mission", "played",
                        "token-pile"]
    deck = z["mayhem-deck"]
    assert (deck.per, deck.ordered, deck.visibility, deck.reshuffle_from) == (None, True, "hidden", "mayhem-discard")
    assert (z["hand"].per, z["hand"].visibility) == ("player", "owner")
    assert (z["played"].per, z["mission"].per, z["mission"].capacity) == ("team", "team", 1)
    assert z["go-deck"].visibility == "hidden" and z["go-deck"].reshuffle_from is None
    assert rules.zone_of["draw-from"] == "mayhem-deck" and rules.zone_of["discard-to"] == "mayhem-discard"
    assert rules.zone_of["draw-to"] == "hand" and rules.zone_of["play-to"] == "played"


def test_the_mayhem_boxes_stay_mayhem_boxes(ir):
    # a `game` declared in a module is shared rules, not a game a box names: the boxes that
    # name no game are the Mayhem boxes, for the checks, the site and the runtime alike
    assert game_comp(ir)["id"] == "mayhem"
    mayhem_boxes = sorted(Applicability(ir).boxes)
    assert mayhem_boxes == ["looney-tunes", "teen-titans-go"]


@pytest.mark.parametrize("box,mode", [("teen-titans-go", "standard"), ("looney-tunes", "four-players"),
                                      ("teen-titans-go", "free-for-all")])
@pytest.mark.engine_only
def test_the_engine_keeps_its_piles_in_kernel_keyed_zones(rules, box, mode):
    game = after_setup(rules, box, mode)
    st = game.state
    for team in st.teams.values():
        for player in team.players:
            assert team.hands[player] is st.zones[zone_key("hand", player)]
            assert zone_key("hand", player) == f"hand/{player}"
        assert team.played_this_round is st.zones[f"played/{team.colour}"]
    assert st.mayhem_deck is st.zones["mayhem-deck"]
    # every Mayhem card of the game lies in exactly one zone
    held = [q for key, cards in st.zones.items() if key.split("/")[0] in ("mayhem-deck", "mayhem-discard",
                                                                          "hand", "played") for q in cards]
    assert len(held) == len(set(held)) > 0
    if mode != "free-for-all":
        assert sorted(held) == sorted(c["qid"] for c in rules.mayhem_cards[box].values())


def test_zone_keys_are_the_kernels():
    kernel = KernelState(0)
    for zone, owner in (("hand", "p1"), ("played", "black"), ("mayhem-deck", None)):
        assert zone_key(zone, owner) == kernel.zone_key(zone, owner)


@pytest.mark.engine_only
def test_a_teams_cards_in_play_are_its_zone_of_the_in_play_kind(rules):
    game = after_setup(rules, "teen-titans-go", "standard")
    st = game.state
    colour = st.order[0]
    assert game.engine.in_play_zones() == ["mission"]
    st.zones[f"mission/{colour}"] = ["teen-titans-go/x"]
    assert game.engine.cards_in_play(colour) == ["teen-titans-go/x"]
    st.zones[f"mission/{colour}"] = []
    assert game.engine.cards_in_play(colour) == []


def test_a_team_alone_keeps_its_hands_in_its_own_zones():
    team = Team("black", hands={"p1": ["x"], "p3": ["y", "z"]})
    assert list(team.hands) == ["p1", "p3"] and "p2" not in team.hands
    assert team.zones == {"hand/p1": ["x"], "hand/p3": ["y", "z"], "played/black": []}
    team.hands["p1"].append("w")
    assert team.all_cards() == ["x", "w", "y", "z"]
    with pytest.raises(KeyError):
        team.hands["p2"]


def draw(game, count: int) -> None:
    st = game.state
    team = st.teams[st.order[0]]
    env = Env(team.players[0], team.colour, None)
    list(game.engine.p_draw({"who": None, "count": {"e": "num", "v": count}}, env, {"span": None}))


@pytest.mark.engine_only
def test_an_empty_deck_is_refilled_from_its_reshuffle_from_zone(rules):
    game = after_setup(rules)
    st = game.state
    st.zones["mayhem-discard"] = list(st.zones["mayhem-deck"][:3])
    st.zones["mayhem-deck"] = []
    hand = list(st.teams[st.order[0]].hands["p1"])
    draw(game, 1)
    assert len(st.teams[st.order[0]].hands["p1"]) == len(hand) + 1
    assert len(st.zones["mayhem-deck"]) == 2 and st.zones["mayhem-discard"] == []
    assert game.engine.events[-2]["event"] == "reshuffle"


@pytest.mark.engine_only
def test_without_reshuffle_from_an_empty_deck_gives_nothing(ir):
    # the same content, its deck declared without `reshuffle-from`: the behaviour is the zone's
    doc = copy.deepcopy(ir)
    deck = next(z for z in game_comp(doc)["children"] if z["id"] == "mayhem-deck")
    del deck["props"]["reshuffle-from"]
    rules = load_rules(doc)
    game = after_setup(rules)
    st = game.state
    st.zones["mayhem-discard"] = list(st.zones["mayhem-deck"][:3])
    st.zones["mayhem-deck"] = []
    hand = list(st.teams[st.order[0]].hands["p1"])
    draw(game, 1)
    assert st.teams[st.order[0]].hands["p1"] == hand
    assert len(st.zones["mayhem-discard"]) == 3
    assert not any(e["event"] == "reshuffle" for e in game.engine.events)


@pytest.mark.engine_only
def test_the_zones_the_game_names_are_the_ones_the_engine_uses(ir):
    # rename the deck (and what names it): the engine follows the declaration
    doc = copy.deepcopy(ir)
    game = game_comp(doc)
    deck = next(z for z in game["children"] if z["id"] == "mayhem-deck")
    deck["id"] = "pile"
    game["props"]["draw-from"]["value"] = "pile"
    rules = load_rules(doc)
    st = after_setup(rules).state
    assert "mayhem-deck" not in st.zones and len(st.zones["pile"]) > 0
    assert st.mayhem_deck is st.zones["pile"]


@pytest.mark.engine_only
def test_the_kernels_zones_of_pieces_are_declared_and_the_engine_keeps_none(ir, rules):
    # game.mh declares what the rules kernel lays tokens in (the pools per Team; the pieces on a
    # figure, a space, an edge, a Team) and the Characters as figures: the engine keeps its
    # tokens its own way, so none of those zones is one of its piles, and its setup fills none
    game = game_comp(ir)
    kinds = {c["id"]: c["props"] for c in game["children"] if c["kind"] == "zone"}
    pieces = {p["per"]["value"]: z for z, p in kinds.items() if "pieces" in p}
    assert pieces == {"figure": "on-figure", "space": "on-space", "edge": "on-edge", "team": "on-team"}
    assert [z for z, p in kinds.items() if "pools" in p] == ["supply"]
    figure = next(c for c in game["children"] if c["kind"] == "figure")
    assert (figure["id"], figure["props"]["count"]["value"], figure["props"]["card-type"]["value"]) == \
        ("character", 2, "character")
    assert not set(pieces.values()) & set(rules.zones) and "supply" not in rules.zones
    st = after_setup(rules).state
    assert not any(key.split("/")[0] in {*pieces.values(), "supply"} for key in st.zones)
