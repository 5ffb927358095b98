"""The bots in a deck-builder: the greedy bot weighs the cards a player owns by what the rules
read of them (runtime/kernel/worth.py: the card properties the end scores, the price the actions
pay, the currency held), so it buys, and beats the random bot; read on the kernel's lab game
Market (tests/fixtures/kernel/market)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.runtime.kernel import KernelConfig, load_game_rules
from mayhem.runtime.kernel.greedy import weighs
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.worth import worth_of
from game_helpers import lab_ir

MARKET = Path(__file__).resolve().parent / "fixtures" / "kernel" / "market"


@pytest.fixture(scope="module")
def market():
    return load_game_rules(lab_ir(MARKET), "market")


def test_the_worth_of_the_market_s_cards_is_read_from_its_rules(market):
    """The end reads `vp` and `villain` of each card; `buy`, `kick` and `beat` pay `power` by
    `cost`; the end gains `score` and `owned` by a card's property; a card is worth its VP, its
    villain mark and its cost (a Lich 5 + 1 + 6, a Bruise -1, a starter 0)."""
    worth = worth_of(market)
    assert worth.scored == ("vp", "villain") and worth.prices == ("cost",) and worth.currencies == ("power",)
    assert worth.scores == ("score", "owned")
    assert set(worth.owned) == {"deck", "hand", "played", "ongoing", "discard"}
    assert worth.by_card["market/lich"] == 12 and worth.by_card["market/bruise"] == -1
    assert worth.by_card["market/north/grit"] == 0 and worth.by_card["market/windfall"] == 8
    assert weighs(market)


def test_the_greedy_bot_beats_the_random_bot_in_the_market(market):
    """20 seeded games of two players, the greedy bot p1 in half and p2 in the others: it wins
    at least 17 (it won 200 of 200 when measured; playing as the random bot, about half)."""
    won = 0
    for seed in range(20):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        game = play_game(market, KernelConfig(players=2, seed=seed, decks=["east", "north"]), bots)
        won += ("p1" if seed % 2 == 0 else "p2") in game.state.result["winners"]
    assert won >= 17, won
