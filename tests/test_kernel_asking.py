"""How many questions a step can ask (runtime/kernel/asking.py, `questions`): an action whose
last possible question is answered is replayed on the copy of its start itself, not on a
copy of that copy (structure.py). The count is an upper bound: an Attack asks for one target,
King's Fury one per opponent (a loop: MANY), a Defense card nothing; a game paused at such a
last question clones and plays on to the same game."""
import random

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.asking import MANY, _action_questions, questions


@pytest.fixture(scope="module")
def marvel(ir):
    return load_game_rules(ir, "marvel-mayhem")


@pytest.mark.parametrize("card, most", [("black-panther/claw-strike", 1), ("black-panther/kings-fury", MANY),
                                        ("black-panther/vibranium-suit", 0), ("scarlet-witch/hex-bolt", 1)])
def test_what_playing_a_card_can_ask(marvel, card, most):
    assert _action_questions(marvel, marvel.actions["play"], {"card": "marvel-mayhem/" + card}) == most


def test_a_loop_that_asks_asks_many_times_and_a_branch_once():
    ask = {"op": "may", "prompt": "x", "body": []}
    assert questions([ask], {}) == 1
    assert questions([{"op": "for-each", "var": "p", "in": {"e": "none"}, "body": [ask]}], {}) == MANY
    assert questions([{"op": "if", "cond": {"e": "bool", "v": True}, "then": [ask], "else": [ask]}], {}) == 1
    assert questions([ask, ask], {}) == MANY


def play(game: KernelGame, seed: int) -> None:
    rnd = random.Random(seed)
    while game.decision is not None:
        game.act(rnd.choice(game.decision.actions))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_paused_at_a_last_question_clones_to_the_same_game(marvel, players):
    """At a target asked as an action's last possible question, a clone and the game play on
    alike (the game replays on its copy; the clone on its own copy)."""
    paused = 0
    for seed in range(10):
        game = KernelGame(marvel, KernelConfig(players=players, seed=seed))
        game.start()
        rnd = random.Random(seed)
        while game.decision is not None:
            if game.pending and game.pending.get("final") and paused < 3 * (seed + 1):
                paused += 1
                twin = game.clone()
                play(game, seed)
                play(twin, seed)
                assert twin.state == game.state and twin.history == game.history
                break
            game.act(rnd.choice(game.decision.actions))
    assert paused > 0


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_waiting_at_any_question_clones_to_the_same_game(marvel, players):
    """A clone of a game whose step waits at a question (an Attack's target, one of King's
    Fury's, last or not) replays the step from its copy of the start with the answers so
    far, and plays on to the same game as the original."""
    cloned = 0
    for seed in range(8):
        game = KernelGame(marvel, KernelConfig(players=players, seed=seed))
        game.start()
        rnd = random.Random(seed)
        while game.decision is not None:
            if game.decision.kind != "action" and cloned < 4 * (seed + 1):
                cloned += 1
                twin = game.clone()
                assert twin.decision == game.decision and twin.state == game.state
                play(game, seed)
                play(twin, seed)
                assert twin.state == game.state and twin.history == game.history
                break
            game.act(rnd.choice(game.decision.actions))
    assert cloned > 0
