"""Speed-ups of the kernel's tenth round (docs/kernel.md, "Speed", kspeed10) that must not change
what a game does: random bots answering by the number of answers alone (no Decision made),
held here to RandomBot.choose driven act() by act(), in Marvel Mayhem and the lab game Ridge."""
from __future__ import annotations

from pathlib import Path
import random

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, box: str):
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import load_game_rules
    comp = driver.compile_paths([path])
    assert comp.ok, [d.message for d in comp.diagnostics.items]
    return load_game_rules(comp.ir, box)


@pytest.fixture(scope="module")
def marvel():
    return _load(ROOT / "content", "marvel-mayhem")


@pytest.fixture(scope="module")
def ridge():
    return _load(ROOT / "tests" / "fixtures" / "kernel" / "ridge", "ridge")


def _config(rules, players: int, seed: int):
    from mayhem.runtime.kernel import KernelConfig
    decks = sorted(rules.decks)
    return KernelConfig(players=players, seed=seed,
                        decks=[decks[(seed + i) % len(decks)] for i in range(players)] if decks else [])


def _by_act(rules, config):
    """The game of play_game's random bots, each decision answered by its RandomBot's choose."""
    from mayhem.runtime.kernel import KernelGame
    from mayhem.runtime.kernel.play import RandomBot
    game, bots = KernelGame(rules, config), {}
    decision = game.start()
    while decision is not None:
        bot = bots.get(decision.player)
        if bot is None:
            bot = bots[decision.player] = RandomBot(config.seed * 31 + int(decision.player[1:]) - 1)
        decision = game.act(bot.choose(decision, game))
    return game


def _same(a, b) -> None:
    assert a.history == b.history and a.state.log == b.state.log and a.state.result == b.state.result


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bots_drawn_by_the_number_of_answers_play_as_their_choose(marvel, players):
    """play_game's random bots answer play_out by a draw of the answer's place among n (draws.
    index_drawer, by player): the same games as each bot's choose act() by act(), targets too."""
    from mayhem.runtime.kernel.play import play_game
    targets = 0
    for seed in range(8):
        config = _config(marvel, players, seed)
        played = play_game(marvel, config, ["random"])
        _same(played, _by_act(marvel, config))
        targets += sum(h["kind"] == "target" for h in played.history)
    assert targets  # questions asked inside an action were drawn too


def test_ridge_s_random_bots_drawn_by_the_number_of_answers(ridge):
    from mayhem.runtime.kernel.play import play_game
    for seed in range(4):
        config = _config(ridge, 2 + 2 * (seed % 2), seed)
        _same(play_game(ridge, config, ["random"]), _by_act(ridge, config))


def test_an_index_drawer_draws_what_choice_draws():
    from mayhem.runtime.kernel.draws import index_drawer

    class Odd(random.Random):  # a generator of its own: its own choice is used
        def choice(self, seq):
            return seq[-1]

    for seed in range(20):
        draw, theirs = index_drawer(random.Random(seed)), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 40):
            items = list(range(100, 100 + n))
            assert items[draw(n)] == theirs.choice(items)
    assert index_drawer(Odd(0))(7) == 6
    with pytest.raises(IndexError):
        index_drawer(random.Random(0))(0)
