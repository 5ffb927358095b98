"""The Mayhem deck: a deck smaller than the hands it must deal never deals a card twice, and no
card is ever in two places (issue 10, item 14), on the kernel.

The rulebooks: "Players draw 7 cards from the Mayhem deck. ... They must choose the
cards to be kept and discard down to their maximum hand size. Discarded cards are
placed facedown at the bottom of the Mayhem deck." (Setup) They say nothing of a deck
that runs out: the runtime's reading is in docs/language.md.

An empty deck made again from the discards: the scenario core/deck-reshuffles-its-discard-pile.toml;
the deck shuffled and the hands drawn: tests/test_kernel_keeping.py (shuffle-deck, draw-hands)."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from mayhem.runtime import Game, GameConfig, load_rules, make_bot
from mayhem.runtime.rules import prop


def with_deck(ir: dict, box: str, size: int, free_for_all: bool = False):
    """The rules of the IR with a Mayhem deck of `size` cards in `box` (of Free-For-All cards only):
    the box's other Mayhem cards left out of the IR."""
    doc = copy.deepcopy(ir)
    cards = sorted((c for c in doc["components"] if c["kind"] == "mayhem-card" and c["box"] == box),
                   key=lambda c: c["id"])
    keep = {c["id"] for c in cards if not free_for_all or prop(c, "free-for-all")}
    keep = set(sorted(keep)[:size])
    assert len(keep) == size
    doc["components"] = [c for c in doc["components"]
                         if not (c["kind"] == "mayhem-card" and c["box"] == box and c["id"] not in keep)]
    return load_rules(doc)


def places(game) -> Counter:
    """Every Mayhem card wherever the kernel keeps it (deck, hands, played, discards): its qid ->
    in how many places it is."""
    st, rules = game.state, game.rules
    return Counter(st.cards[u] for pile in st.zones.values() for u in pile
                   if rules.by_qid.get(st.cards[u], {}).get("kind") == "mayhem-card")


def play_setup(rules, config):
    """Random bots play to the first decision after setup (round 0 in the view); the cards each
    Team held at any time of it."""
    game = Game(rules, config)
    bots: dict = {}
    held: dict[str, set[str]] = {}
    d = game.start()
    while True:
        for colour, team in game.view()["teams"].items():
            held.setdefault(colour, set()).update(team["cards"])
        if d is None or game.view(pieces=False)["round"] > 0:
            return game, held
        d = game.act(bots.setdefault(d.player, make_bot("random", config.seed + len(bots))).choose(d, game))


@pytest.mark.parametrize("seed", range(4))
def test_a_short_deck_deals_no_card_twice(ir, seed):
    """A 10-card deck, two players drawing 7: the cards one gives back are never dealt to the
    other, and each of the 10 is in one place."""
    small = with_deck(ir, "looney-tunes", 10)
    game, held = play_setup(small, GameConfig("looney-tunes", seed=seed))
    one, other = held.values()
    assert one and other and not one & other, f"dealt to both Teams: {sorted(one & other)}"
    cards = places(game)
    assert len(cards) == 10 and set(cards.values()) == {1}


@pytest.mark.parametrize("seed", range(4))
def test_the_free_for_all_deck_of_4_cards_is_dealt_once(ir, seed):
    """Three players drawing 4 from a deck of 4 Free-For-All cards: no card dealt twice."""
    small = with_deck(ir, "looney-tunes", 4, free_for_all=True)
    game, held = play_setup(small, GameConfig("looney-tunes", seed=seed, mode="free-for-all"))
    dealt = list(held.values())
    assert sum(len(h) for h in dealt) == len(set().union(*dealt)) >= 3
    cards = places(game)
    assert len(cards) == 4 and set(cards.values()) == {1}


def test_a_deck_large_enough_deals_every_draw(rules):
    game, held = play_setup(rules, GameConfig("looney-tunes", seed=3))
    one, other = held.values()
    assert len(one) == len(other) == 7 and not one & other
    assert set(places(game).values()) == {1}


@pytest.mark.parametrize("seed", range(3))
def test_no_card_is_ever_in_two_places(mini_rules, seed):
    """The small test box deals 4 cards to each of two players from a deck of 4: at every
    decision of whole games, each card is in one place only, and none is lost."""
    game = Game(mini_rules, GameConfig("mini", seed=seed))
    total = None
    bots = {"p1": make_bot("random", seed), "p2": make_bot("random", seed + 1)}
    d = game.start()
    while d is not None:
        cards = places(game)
        assert set(cards.values()) <= {1}, f"in two places: {sorted(c for c, n in cards.items() if n > 1)}"
        if game.view(pieces=False)["round"] > 0:  # once setup has dealt the deck
            total = total or len(cards)
            assert len(cards) == total, "a card was lost"
        d = game.act(bots[d.player].choose(d, game))
    assert total
