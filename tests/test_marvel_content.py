"""Marvel Mayhem's content: four Super Hero decks of 28 cards, the three cards the rulebook
names as it describes them, and the provenance of every card."""
from __future__ import annotations

import json

import pytest

HEROES = ("black-panther", "captain-marvel", "iron-man", "scarlet-witch")
SYMBOLS = ("healing", "attack", "draw-play", "defense")
# the cards the rulebook names, where, and in which hero's deck
NAMED = {
    "kings-fury": ("black-panther", "King's Fury", "The Cards > Attack"),
    "whatever-it-takes": ("captain-marvel", "Whatever it Takes", "Frequently Asked Questions"),
    "psychic-sight": ("scarlet-witch", "Psychic Sight", "Frequently Asked Questions"),
}


@pytest.fixture(scope="module")
def decks(ir):
    return {c["id"]: c for c in ir["components"] if c["box"] == "marvel-mayhem" and c["kind"] == "deck"}


def _value(card, name, default=0):
    prop = card["props"].get(name)
    return prop["value"] if prop is not None else default


def _cards(deck):
    return {c["id"]: c for c in deck["children"]}


def test_four_super_hero_decks_of_28_cards(decks):
    # "Contents: Four 28-card decks"
    assert sorted(decks) == sorted(HEROES)
    for hero, deck in decks.items():
        assert sum(_value(c, "copies", 1) for c in deck["children"]) == 28, hero
        assert _value(deck, "size") == 28
        assert {c["kind"] for c in deck["children"]} == {"marvel-card"}


def test_every_deck_has_every_symbol_and_a_few_super_powers(decks):
    for hero, deck in decks.items():
        cards = deck["children"]
        for symbol in SYMBOLS:
            assert sum(_value(c, symbol) * _value(c, "copies", 1) for c in cards) >= 4, (hero, symbol)
        powers = [c for c in cards if c["effects"] or c["triggers"]]
        assert len(powers) >= 3, hero
        # a Super Power says what it does
        assert all(_value(c, "text", "") for c in powers), hero
        # combinations: some cards carry two kinds of symbol
        assert any(sum(1 for s in SYMBOLS if _value(c, s)) >= 2 for c in cards), hero


def test_the_named_cards_are_where_the_rulebook_puts_them(decks):
    for card_id, (hero, name, section) in NAMED.items():
        card = _cards(decks[hero])[card_id]
        assert card["name"] == name
        assert card["source"] == {"kind": "rulebook", "section": section}
        # what the rulebook does not print is marked authored on the property
        assert card["props"]["text"]["source"] == {"kind": "authored"}
        assert card["effects"] or card["triggers"], card_id


def test_kings_fury_is_an_attack_with_one_target_per_opponent(decks):
    # "Some cards, like Black Panther's King's Fury, can have more than one target." and
    # "choose one player (or Defense card) as the target of that attack": for each
    # opponent a target, the opponent or one of their Defense cards, and damage to the
    # opponent goes through their Defense cards first (an Attack, not a Super Power)
    card = _cards(decks["black-panther"])["kings-fury"]
    (loop,) = card["effects"]["effect"]["body"]
    assert loop["op"] == "for-each" and loop["source"]["name"] == "opponents"
    text = json.dumps(loop["body"])
    assert '"kind": "target"' in text and '"name": "defenses"' in text
    assert '"name": "shield-then-hurt"' in text
    assert "every opponent" in _value(card, "text")


def test_every_card_says_where_its_facts_come_from(decks):
    rulebook = set()
    for hero, deck in decks.items():
        assert deck["source"] == {"kind": "authored"}, hero
        for card in deck["children"]:
            assert card["source"]["kind"] in ("authored", "rulebook"), card["qid"]
            if card["source"]["kind"] == "rulebook":
                rulebook.add(card["id"])
                assert card["source"]["section"]
    assert rulebook == set(NAMED)


def test_card_names_are_unique_across_the_box(decks):
    names = [c["name"] for d in decks.values() for c in d["children"]]
    assert len(names) == len(set(names))


@pytest.fixture(scope="module")
def marvel(ir):
    from mayhem.runtime.kernel import load_game_rules
    return load_game_rules(ir, "marvel-mayhem")


def _setup(marvel, seed, players=4):
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    game = KernelGame(marvel, KernelConfig(players=players, seed=seed, decks=list(HEROES[:players])))
    game.start()
    return game


def test_the_first_player_is_a_seeded_choice(marvel):
    # "The youngest player goes first": a choice the seed makes, the same for the same seed,
    # and every seat is first for some seed
    firsts = {seed: _setup(marvel, seed).state.log[0]["first"] for seed in range(40)}
    assert set(firsts.values()) == {"p1", "p2", "p3", "p4"}
    assert all(_setup(marvel, seed).state.log[0]["first"] == first for seed, first in list(firsts.items())[:5])


def test_every_hero_starts_with_10_hit_points_and_3_cards_from_a_shuffled_deck(marvel):
    # Get Ready: "Place your hit point token on the number 10", "Shuffle the rest of your
    # deck"; Let's Battle!: "everyone draws 3 cards from their deck"
    game = _setup(marvel, 3)
    state = game.state
    first = state.log[0]["first"]
    for p, hero in zip(state.players, HEROES):
        assert state.counters[f"hp/{p}"] == 10
        assert len(state.zones[f"hand/{p}"]) == 3 + (p == first)  # the first player drew for the turn
        assert len(state.zones[f"deck/{p}"]) == 28 - len(state.zones[f"hand/{p}"])
        assert {state.owners[uid] for uid in state.zones[f"deck/{p}"]} == {p}
    orders = [[state.cards[uid] for uid in _setup(marvel, seed).state.zones["deck/p1"]] for seed in (1, 2)]
    assert orders[0] != orders[1]
