"""The speed reference of bench/simulate.py: RLCard's UNO played by random agents.

    .venv/bin/python bench/uno.py [--games N] [--seed S]

RLCard (https://rlcard.org, pinned in the `bench` extra) is a library of card-game
environments for reinforcement learning written in Python; its UNO with `RandomAgent`s is
a well-known pure-Python game loop of about the same kind as a Mayhem game between random
bots: each step, the player to act gets its legal actions and picks one.

Two counts of UNO's play, because the two games count differently by default. RLCard asks its
agent at every step (`env.step`), also when one action is legal (a player with no card to play
must draw: 64% of UNO's steps between random agents); a Mayhem game (and every game of the
rules kernel) asks only when there is a choice: an action, target or answer that is the only
one is taken without asking and is no `Game.act`, no line of the game's history. So:

- **decisions**: UNO's steps with two or more legal actions, a choice as the kernel counts it
  (a line of its history). The same thing on both sides: bench/simulate.py's `x UNO`, and the
  other benches' ratios to UNO, divide by it.
- **steps**: every `env.step`, the forced draws included (RLCard's own `timestep` count). Over
  it a Mayhem game's decisions, which leave its own forced steps out, are compared with more
  than they count; bench/simulate.py prints that ratio too, as `x UNO steps`, a lower bound.

bench/simulate.py plays UNO in the same run and prints each box's decisions per second as a
ratio to it.

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
    decisions: int  # steps with two or more legal actions (a choice, as the kernel counts one)
    seconds: float
    steps: int = 0  # every env.step, the forced ones (one legal action) too

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def play_uno(games: int, seed: int = 0) -> UnoFigures:
    """`games` games of RLCard's UNO between random agents, one process: the steps by RLCard's
    own step counter, the decisions (steps with two or more legal actions) from each game's
    trajectories, as the game returns them (the count is inside the timing: about 9 µs a game,
    against 2.7 ms for the game, 0.3%)."""
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
    choices = 0
    start = time.perf_counter()
    for _ in range(games):
        trajectories, _payoffs = env.run(is_training=False)
        choices += choices_in(trajectories)
    seconds = time.perf_counter() - start
    return UnoFigures(games, choices, seconds, env.timestep - steps)


def choices_in(trajectories: list[list]) -> int:
    """The steps of one game whose player had two or more legal actions. RLCard's trajectory
    of a player is [state, action, state, action, ..., final state]: every state but the last
    is followed by the player's action, and its `legal_actions` are the ones offered."""
    return sum(len(state["legal_actions"]) > 1 for moves in trajectories for state in moves[:-1:2])


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
          f"{uno.games_per_second:.1f} games/s, {uno.decisions / uno.games:.1f} decisions/game "
          f"(a choice of two or more actions); {uno.steps_per_second:,.0f} steps/s, {uno.steps / uno.games:.1f} "
          f"steps/game ({1 - uno.decisions / uno.steps:.0%} of them with one legal action)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
