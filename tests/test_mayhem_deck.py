"""The Mayhem deck: a deck smaller than the hands it must deal shares what it has and
never deals a card twice; an empty deck is made again from the discards (issue 10,
item 14).

The rulebooks: "Players draw 7 cards from the Mayhem deck. ... They must choose the
cards to be kept and discard down to their maximum hand size. Discarded cards are
placed facedown at the bottom of the Mayhem deck." (Setup) They say nothing of a deck
that runs out: the runtime's reading is in docs/language.md.

Engine only (`engine_only`): these read the engine's piles (`mayhem_deck`, `all_cards`) and its
`p_draw`; the kernel's deck dealt and reshuffled: tests/test_kernel_declarations.py (shuffle-deck),
test_kernel_keeping.py, deck-reshuffles-its-discard-pile.toml. Left on the kernel: a deck too short
for the hands (the engine's `mayhem-deck-short`) is not played by any kernel test."""
from __future__ import annotations

import dataclasses

import pytest

from mayhem.runtime.bots import RandomBot
from mayhem.runtime.effects import Env
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.rules import prop


def with_deck(rules, box: str, size: int, free_for_all: bool = False):
    """The rules with a Mayhem deck of `size` cards in `box` (of Free-For-All cards only)."""
    cards = rules.mayhem_cards[box]
    keep = [k for k in sorted(cards) if not free_for_all or prop(cards[k], "free-for-all")][:size]
    assert len(keep) == size
    return dataclasses.replace(rules, mayhem_cards={**rules.mayhem_cards, box: {k: cards[k] for k in keep}})


def places(game) -> list[str]:
    """Every card instance wherever it is: deck, hands, played this round, discards."""
    st = game.state
    out = list(st.mayhem_deck) + list(st.mayhem_discard)
    for team in st.teams.values():
        out += team.all_cards() + list(team.played_this_round)
    return out


def play_setup(rules, config):
    """Play with random bots to the first decision after setup; the cards each player
    held at any time of it."""
    game = Game(rules, config)
    bots = {}
    held: dict[str, set[str]] = {}
    d = game.start()
    while d is not None and game.state.phase == "setup":
        for team in game.state.teams.values():
            for player, hand in team.hands.items():
                held.setdefault(player, set()).update(hand)
        bot = bots.setdefault(d.player, RandomBot(config.seed + len(bots)))
        d = game.act(bot.choose(d, game))
    for team in game.state.teams.values():
        for player, hand in team.hands.items():
            held.setdefault(player, set()).update(hand)
    return game, held


@pytest.mark.engine_only
@pytest.mark.parametrize("seed", range(4))
def test_a_short_deck_deals_no_card_twice(rules, seed):
    """A 10-card deck, two players drawing 7: each draws 5, and the cards one gives
    back are never dealt to the other."""
    small = with_deck(rules, "looney-tunes", 10)
    game, held = play_setup(small, GameConfig("looney-tunes", seed=seed))
    p1, p2 = held["p1"], held["p2"]
    assert not p1 & p2, f"dealt to both players: {sorted(p1 & p2)}"
    assert len(p1) == len(p2) == 5
    cards = places(game)
    assert len(cards) == len(set(cards)) == 10
    short = [e for e in game.events if e["event"] == "mayhem-deck-short"]
    assert [(e["wanted"], e["cards"]) for e in short] == [(14, 10)]


@pytest.mark.engine_only
@pytest.mark.parametrize("seed", range(4))
def test_the_free_for_all_deck_of_4_cards_is_shared(rules, seed):
    """Three players drawing 4 from a deck of 4 Free-For-All cards: dealt one at a time
    around the table, 2, 1 and 1."""
    small = with_deck(rules, "looney-tunes", 4, free_for_all=True)
    game, held = play_setup(small, GameConfig("looney-tunes", seed=seed, mode="free-for-all"))
    dealt = [held[p] for p in ("p1", "p2", "p3")]
    assert [len(h) for h in dealt] == [2, 1, 1]
    assert len(set().union(*dealt)) == 4
    cards = places(game)
    assert len(cards) == len(set(cards)) == 4


@pytest.mark.engine_only
def test_a_deck_large_enough_deals_every_draw(rules):
    game, held = play_setup(rules, GameConfig("looney-tunes", seed=3))
    assert len(held["p1"]) == len(held["p2"]) == 7
    assert not held["p1"] & held["p2"]
    assert not any(e["event"] == "mayhem-deck-short" for e in game.events)


def after_setup(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=1))
    game.start()
    while game.state.phase == "setup":  # to the first decision after setup
        game.act(game.decision.actions[0])
    return game


@pytest.mark.engine_only
def test_an_empty_deck_is_made_again_from_the_discards(rules):
    game = after_setup(rules)
    eng, st = game.engine, game.state
    discards = list(st.mayhem_deck[:3])
    st.mayhem_discard = discards
    st.mayhem_deck = []
    team = st.teams[st.order[0]]
    before = team.all_cards()
    list(eng.p_draw({"who": None, "count": {"e": "num", "v": 2}}, Env(team.players[0], team.colour), None))
    drawn = [c for c in team.all_cards() if c not in before]
    assert len(drawn) == 2 and set(drawn) <= set(discards)
    assert sorted(st.mayhem_deck + drawn) == sorted(discards) and st.mayhem_discard == []
    assert any(e["event"] == "reshuffle" for e in eng.events)
    cards = places(game)
    assert len(cards) == len(set(cards))


@pytest.mark.engine_only
def test_drawing_from_no_cards_at_all_draws_nothing(rules):
    game = after_setup(rules)
    eng, st = game.engine, game.state
    st.mayhem_deck, st.mayhem_discard = [], []
    team = st.teams[st.order[0]]
    before = team.all_cards()
    list(eng.p_draw({"who": None, "count": {"e": "num", "v": 2}}, Env(team.players[0], team.colour), None))
    assert team.all_cards() == before
    assert eng.events[-1]["event"] == "draw" and eng.events[-1]["count"] == 0


@pytest.mark.engine_only
@pytest.mark.parametrize("seed", range(3))
def test_no_card_is_ever_in_two_places(mini_rules, seed):
    """The small test box deals 4 cards to each of two players from a deck of 4: at every
    decision of whole games, each card is in one place only."""
    game = Game(mini_rules, GameConfig("mini", seed=seed))
    total = None
    bots = {"p1": RandomBot(seed), "p2": RandomBot(seed + 1)}
    d = game.start()
    while d is not None:
        cards = places(game)
        assert len(cards) == len(set(cards)), f"in two places: {sorted(c for c in cards if cards.count(c) > 1)}"
        if game.state.phase != "setup":  # once setup has dealt the deck
            total = total or len(cards)
            assert len(cards) == total, "a card was lost"
        d = game.act(bots[d.player].choose(d, game))
