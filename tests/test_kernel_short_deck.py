"""A deck too short for every player's hand (docs/language.md, "Setup deals the Mayhem hands"):
the rulebooks do not say what it does; `draw-hands()` deals its cards one at a time round the
table (runtime/kernel/piles.py `deal_round`), each player up to their draw, and logs `deck-short`
(the scenarios' `mayhem-deck-short`), rather than giving the first player all they want and the
next what is left. A deck that holds enough deals as before: each player their draw in turn."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.runtime import Game, GameConfig, load_rules, make_bot

CONTENT = Path(__file__).resolve().parent.parent / "content"


@pytest.fixture(scope="module")
def greedy_hands(tmp_path_factory):
    """The content with Teen Titans GO!'s hands drawn 30 a player (its deck holds fewer)."""
    root = tmp_path_factory.mktemp("short-deck") / "content"
    shutil.copytree(CONTENT, root)
    box = root / "teen-titans-go" / "box.mh"
    text = box.read_text(encoding="utf-8")
    assert text.count("\n  hand-draw 7\n") == 1
    box.write_text(text.replace("\n  hand-draw 7\n", "\n  hand-draw 30\n"), encoding="utf-8")
    result = driver.compile_paths([root])
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    return load_rules(result.ir)


def at_first_discard(rules, seed: int):
    game, bot = Game(rules, GameConfig("teen-titans-go", seed=seed)), make_bot("random", seed)
    decision = game.start()
    while decision is not None and decision.kind != "discard":
        decision = game.act(bot.choose(decision, game))
    return game, bot, decision


def test_a_short_deck_is_dealt_round_the_table(greedy_hands):
    for seed in (1, 2, 3):
        game, bot, decision = at_first_discard(greedy_hands, seed)
        state = game.kernel.state
        short = [e for e in state.log if e["event"] == "deck-short"]
        assert len(short) == 1 and short[0]["wanted"] == 60 and short[0]["cards"] > 10, short
        hands = [state.zones["hand/p1"], state.zones["hand/p2"]]
        cards = short[0]["cards"]
        assert [len(h) for h in hands] == [(cards + 1) // 2, cards // 2]  # p1 first, one at a time
        assert not set(hands[0]) & set(hands[1]) and state.zones["mayhem-deck"] == []
        assert not any(e["event"] == "reshuffle" for e in state.log)
        while decision is not None:  # and the game plays on
            decision = game.act(bot.choose(decision, game))
        assert game.over and game.result()["reason"]


def test_a_deck_that_holds_enough_deals_each_hand_in_turn(rules):
    game, _bot, _decision = at_first_discard(rules, 3)
    state = game.kernel.state
    assert not any(e["event"] == "deck-short" for e in state.log)
    assert len(state.zones["hand/p1"]) + len(state.zones["mayhem-deck"]) > 14
