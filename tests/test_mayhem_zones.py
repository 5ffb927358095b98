"""The Mayhem piles as zones (issue #11, migration step 1): the Mayhem deck, its discard
pile, the hands, the card a Team played this round, the GO! deck, the Team's GO! card and
the GO! discard are `zone`s of the game `mayhem` in content/shared/game.mh. The kernel
reads them from the IR and keeps its cards in them ("hand/p1", "played/black", "mayhem-deck":
card instances, top first); an empty zone is refilled as its `reshuffle-from` says.

The rulebooks: "Shuffle the Mayhem cards to create a facedown Mayhem deck." "Each player's
maximum Mayhem hand size is determined by the total number of Mayhem icons indicated on
their Character Dashboards." (Setup) "Keep the card played faceup on the table. Discard
used Mayhem cards at the end of the round." (Mayhem Cards) "Shuffle the 12 GO! Cards and
place them facedown to create the GO! Deck." (Setup)

A lab game's zones: tests/test_kernel_zones.py; its discard pile reshuffled:
deck-reshuffles-its-discard-pile.toml, tests/test_kernel_keeping.py."""
from __future__ import annotations

import copy

import pytest

from mayhem.compiler.applicability import Applicability
from mayhem.runtime import load_rules
from mayhem.runtime.kernel.state import State as KernelState

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


def test_zone_keys_are_the_kernels():
    kernel = KernelState(0)
    assert [kernel.zone_key(zone, owner) for zone, owner in (("hand", "p1"), ("played", "black"), ("mayhem-deck", None))] \
        == ["hand/p1", "played/black", "mayhem-deck"]


def test_a_teams_cards_in_play_are_its_zone_of_the_in_play_kind(rules):
    game = after_setup(rules, "teen-titans-go", "standard")
    teams = game.view()["teams"]
    assert {c: list(t["in_play"]) for c, t in teams.items()} == {c: ["mission"] for c in teams}
    assert sorted(q for t in teams.values() for q in t["in_play"]["mission"]) == sorted(
        game.state.cards[u] for c in teams for u in game.state.zones.get(f"mission/{c}", ()))


def draw(game, count: int) -> list[str]:
    """The first Team's first player draws `count` Mayhem cards (the kernel's `draw`, as a
    card's effect draws): the log's lines it wrote."""
    from mayhem.runtime.kernel import piles
    from mayhem.runtime.kernel.effects import Run
    st = game.kernel.state
    size = len(st.log)
    piles.draw(Run(game.kernel, []), {}, st.players[0], count)
    return [e["event"] for e in st.log[size:]]


def emptied_deck(game, discarded: int = 3) -> None:
    """The deck's first `discarded` cards moved to the discard pile, the rest to the box (set aside)."""
    st = game.kernel.state
    deck = st.zones["mayhem-deck"]
    for i, uid in enumerate(list(deck)):
        deck.remove(uid)
        where = "mayhem-discard" if i < discarded else "set-aside"
        st.zones.setdefault(where, []).append(uid)
        st.places[uid] = where


def test_an_empty_deck_is_refilled_from_its_reshuffle_from_zone(rules):
    game = after_setup(rules)
    st = game.kernel.state
    emptied_deck(game)
    hand = list(st.zones["hand/p1"])
    assert "reshuffle" in draw(game, 1)
    assert len(st.zones["hand/p1"]) == len(hand) + 1
    assert len(st.zones["mayhem-deck"]) == 2 and st.zones["mayhem-discard"] == []


def test_without_reshuffle_from_an_empty_deck_gives_nothing(ir):
    # the same content, its deck declared without `reshuffle-from`: the behaviour is the zone's
    doc = copy.deepcopy(ir)
    deck = next(z for z in game_comp(doc)["children"] if z["id"] == "mayhem-deck")
    del deck["props"]["reshuffle-from"]
    game = after_setup(load_rules(doc))
    st = game.kernel.state
    emptied_deck(game)
    hand = list(st.zones["hand/p1"])
    assert "reshuffle" not in draw(game, 1)
    assert st.zones["hand/p1"] == hand and len(st.zones["mayhem-discard"]) == 3


def test_the_zones_the_game_names_are_the_ones_the_kernel_uses(ir):
    # rename the deck (and what names it): the kernel follows the declaration
    doc = copy.deepcopy(ir)
    game = game_comp(doc)
    deck = next(z for z in game["children"] if z["id"] == "mayhem-deck")
    deck["id"] = "pile"
    game["props"]["draw-from"]["value"] = "pile"
    st = after_setup(load_rules(doc)).state
    assert "mayhem-deck" not in st.zones and len(st.zones["pile"]) > 0


def test_the_kernels_zones_of_pieces_are_declared(ir, rules):
    # game.mh declares what the rules kernel lays tokens in (the pools per Team; the pieces on a
    # figure, a space, an edge, a Team) and the Characters as figures; the pieces lie there
    game = game_comp(ir)
    kinds = {c["id"]: c["props"] for c in game["children"] if c["kind"] == "zone"}
    pieces = {p["per"]["value"]: z for z, p in kinds.items() if "pieces" in p}
    assert pieces == {"figure": "on-figure", "space": "on-space", "edge": "on-edge", "team": "on-team"}
    assert [z for z, p in kinds.items() if "pools" in p] == ["supply"]
    figure = next(c for c in game["children"] if c["kind"] == "figure")
    assert (figure["id"], figure["props"]["count"]["value"], figure["props"]["card-type"]["value"]) == \
        ("character", 2, "character")
    st = after_setup(rules).state
    assert {key.split("/")[0] for key in st.zones} >= {"supply", "on-space"}
