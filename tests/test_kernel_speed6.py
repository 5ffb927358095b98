"""Speed-ups of the kernel's sixth round (docs/kernel.md, "Speed") that must not change what a
game does: seeded draws written out in one call (draws.py) with the library's very results,
a random bot's choice in play_game's own call."""
from __future__ import annotations

import random

import pytest


@pytest.fixture(scope="module")
def rules():
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import load_game_rules
    root = Path(__file__).resolve().parent.parent
    return load_game_rules(driver.compile_paths([root / "content"]).ir, "marvel-mayhem")


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 28, 33, 64, 100])
def test_draws_are_the_library_s_own(size):
    """draws.shuffle and draws.choice give random.Random's order and element, and leave the
    generator at the same point (the next draws agree too)."""
    from mayhem.runtime.kernel import draws
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        draws.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
        if size:
            assert draws.choice(mine, a) == theirs.choice(b)
            assert draws.chooser(mine)(a) == theirs.choice(b)
        assert mine.getstate() == theirs.getstate()


def test_draws_from_an_empty_list_raise_as_the_library_does():
    from mayhem.runtime.kernel import draws
    with pytest.raises(IndexError):
        draws.choice(random.Random(0), [])
    with pytest.raises(IndexError):
        draws.chooser(random.Random(0))([])


def test_a_generator_of_another_kind_draws_by_its_own_methods():
    """A subclass may draw its indexes its own way: its own choice and shuffle are used."""
    from mayhem.runtime.kernel import draws

    class Fixed(random.Random):
        def choice(self, seq):
            return seq[-1]

        def shuffle(self, x):
            x.reverse()

    items = [1, 2, 3]
    draws.shuffle(Fixed(0), items)
    assert items == [3, 2, 1]
    assert draws.choice(Fixed(0), items) == 1 and draws.chooser(Fixed(0))(items) == 1
    assert draws.getrandbits_of(Fixed(0)) is None


def test_play_game_s_random_bots_answer_as_random_choice_would(rules):
    """play_game's random seats, whose choice is drawn in its own call, answer every decision
    as `random.Random(seed).choice(decision.actions)` would (the seat's seeded generator)."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.play import play_game
    decks = sorted(rules.decks)
    for seed in range(4):
        config = KernelConfig(players=3, seed=seed, decks=decks[:3])
        fast = play_game(rules, config, ["random"])
        game, gens = KernelGame(rules, config), {}
        decision = game.start()
        while decision is not None:
            i = int(decision.player[1:]) - 1
            gen = gens.setdefault(decision.player, random.Random(config.seed * 31 + i))
            decision = game.act(gen.choice(decision.actions))
        assert fast.history == game.history and fast.state.log == game.state.log
        assert fast.state.result == game.state.result
