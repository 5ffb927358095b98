"""The speed reference of bench/simulate.py: RLCard's UNO played by random agents.

    .venv/bin/python bench/uno.py [--games N] [--seed S]

RLCard (https://rlcard.org, pinned in the `bench` extra) is a library of card-game
environments for reinforcement learning written in Python; its UNO with `RandomAgent`s is
a well-known pure-Python game loop of about the same kind as a Mayhem game between random
bots: each step, the player to act gets its legal actions and picks one. A decision is one
`env.step` (one agent's choice), as a Mayhem decision is one `Game.act`. bench/simulate.py
plays UNO in the same run and prints each box's decisions per second as a ratio to it.

Prints figures; asserts nothing (speed is measured, not tested).
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
import sys
import time


class RLCardMissing(RuntimeError):
    pass


@dataclass
class UnoFigures:
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def play_uno(games: int, seed: int = 0) -> UnoFigures:
    """`games` games of RLCard's UNO between random agents, one process; the decisions are
    counted by RLCard's own step counter."""
    try:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as e:
        raise RLCardMissing(f"RLCard is not installed ({e}); pip install -e '.[bench]'") from e
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps = env.timestep
    start = time.perf_counter()
    for _ in range(games):
        env.run(is_training=False)
    seconds = time.perf_counter() - start
    return UnoFigures(games, env.timestep - steps, seconds)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        uno = play_uno(args.games, args.seed)
    except RLCardMissing as e:
        print(f"bench/uno.py: {e}", file=sys.stderr)
        return 2
    print(f"RLCard UNO, random agents, {uno.games} games, 1 process: {uno.decisions_per_second:,.0f} decisions/s, "
          f"{uno.games_per_second:.1f} games/s, {uno.decisions / uno.games:.1f} decisions/game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
