"""A refusal in the middle of KernelGame.play_out (a box with a game of its own: Marvel Mayhem):
an answer not offered, to a question play_out() asked in place (mid-step, no copy of the step's
start kept), leaves that question waiting, as act() would have left it, and the game goes on by
act() to the game played act() by act() with the same answers. Called before start() too."""
from __future__ import annotations

import pytest

from mayhem.runtime.decisions import IllegalAction
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules


@pytest.fixture(scope="module")
def marvel(ir):
    return load_game_rules(ir, "marvel-mayhem")


def answer(game, decision) -> str:
    """A fixed answer of the decision, by how many were answered before it (the same game
    whichever way it is driven)."""
    return decision.actions[(len(game.history) * 7 + 3) % len(decision.actions)]


def by_act(rules, seed: int) -> KernelGame:
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    decision = game.start()
    while decision is not None:
        decision = game.act(answer(game, decision))
    return game


def refused_then_acted(rules, seed: int, at: int, started: int = 0) -> KernelGame:
    """`started` act()s first (none: play_out() before start()), then play_out() with the
    answer at the `at`-th question it asks refused, then act() to the end."""
    game, asked = KernelGame(rules, KernelConfig(players=2, seed=seed)), []
    if started:
        decision = game.start()
        for _ in range(started):
            decision = game.act(answer(game, decision))

    def choose(decision):
        asked.append(decision)
        return answer(game, decision) if len(asked) < at else "play nothing-at-all"
    with pytest.raises(IllegalAction, match="'play nothing-at-all' is not a legal action now; legal: "):
        game.play_out(choose)
    assert len(asked) == at and game.decision == asked[-1] and game.pending is not None
    assert len(game.history) == started + at - 1  # the refused answer left no mark
    decision = game.decision
    while decision is not None:
        decision = game.act(answer(game, decision))
    return game


@pytest.mark.parametrize("seed, at, started", [(1, 1, 0), (2, 12, 0), (3, 9, 6), (4, 40, 0)])
def test_a_refusal_in_place_leaves_the_question_waiting_and_the_game_goes_on(marvel, seed, at, started):
    reference = by_act(marvel, seed)
    assert len(reference.history) > at + started
    game = refused_then_acted(marvel, seed, at, started)
    assert game.history == reference.history
    assert game.state.log == reference.state.log
    assert game.state.result == reference.state.result and game.over


def test_a_refused_game_plays_out_again(marvel):
    """After the refusal, play_out() with an answer offered plays it to the same end."""
    reference = by_act(marvel, 5)
    game = KernelGame(marvel, KernelConfig(players=2, seed=5))
    with pytest.raises(IllegalAction):
        game.play_out(lambda d: answer(game, d) if len(game.history) < 15 else "play nothing-at-all")
    game.play_out(lambda d: answer(game, d))
    assert game.history == reference.history and game.state.log == reference.state.log
