"""The set-up the kernel's speed tests share: Teen Titans GO! naming `game mayhem`, a Mayhem box's rules loaded once, a game played to its first die to place, the states of a seeded game, a game's digest."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
import random
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402


def titans_rules():
    """The rules of Teen Titans GO! with the box naming `game mayhem` (bench/parity_kernel.py)."""
    return load_game_rules(parity_kernel.compile_named(ROOT / "content", ("teen-titans-go",)), "teen-titans-go")


@pytest.fixture(scope="module")
def titans():
    """titans_rules(), loaded once per test module (a module imports this fixture by name)."""
    return titans_rules()


def at_first_die(rules, seed: int = 0) -> tuple:
    """(game, decision): a 2-player game played by its first actions up to the first menu that
    offers a die to place (`place-die`)."""
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    decision = game.start()
    while not any(a.startswith("place-die") for a in decision.actions):
        decision = game.act(decision.actions[0])
    return game, decision


def walked(rules, seeds, decisions: int):
    """The game at each decision of seeded 2-player games, from their first menu that offers a
    die (at_first_die), answered at random (random.Random(seed)) for up to `decisions` decisions
    a game or to its end: the same game object, moved on after each yield."""
    for seed in seeds:
        game, decision = at_first_die(rules, seed)
        rng = random.Random(seed)
        for _ in range(decisions):
            if game.state.result is not None or not decision.actions:
                break
            yield game
            decision = game.act(rng.choice(decision.actions))


_BOX_RULES: dict = {}


def box_rules(box: str):
    """A Mayhem box's rules as bench/kernel_mayhem.py loads them (the box naming its kernel game),
    loaded once per box and process."""
    if box not in _BOX_RULES:
        _BOX_RULES[box] = load_game_rules(parity_kernel.compile_named(ROOT / "content", (box,)), box)
    return _BOX_RULES[box]


def seeded_states(rules, seed: int, every: int, decisions: int = 400, players: int = 2):
    """The game at every `every`th decision of a seeded game of random bots (random.Random(seed)),
    driven act() by act() for up to `decisions` decisions: the same game object, moved on after
    each yield."""
    game = KernelGame(rules, KernelConfig(players=players, seed=seed))
    decision = game.start()
    rng = random.Random(seed)
    n = 0
    while decision is not None and n < decisions:
        if n % every == 0:
            yield game
        decision = game.act(rng.choice(decision.actions))
        n += 1


def digest(game) -> str:
    """A game's log, history and result hashed (bench/kernel_mayhem.py's digest)."""
    data = {"log": game.state.log, "history": game.history, "result": game.state.result}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def counting(real, asked: list):
    """`real` (a function that compiles a condition, `when_reads.compiled`) wrapped: each function
    it makes adds 1 to `asked[0]` at every call, then answers as `real`'s would."""
    def counted(e):
        fn = real(e)

        def call(run, env):
            asked[0] += 1
            return fn(run, env)
        return call
    return counted
