"""Benchmark of the rules kernel's Teams, rounds, dice and board: decisions (and turns) per
second of random play of the lab game Ridge (tests/fixtures/kernel/ridge), one process, and
the ratio to RLCard's UNO between random agents measured in the same run (bench/uno.py).
Most of Ridge's turns take their only legal action or none without a decision, so turns
per second is the figure to watch beside decisions per second.

    .venv/bin/python bench/kernel_lab.py [--games N] [--players P] [--uno-games N] [--profile]

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from pathlib import Path
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, load_game_rules  # noqa: E402
from mayhem.runtime.kernel.play import play_game  # noqa: E402
from kernel import profiled, ratio, uno_reference  # noqa: E402


def ridge(rules, games: int, players: int) -> tuple[float, float, int, int, float]:
    start, cpu = time.perf_counter(), time.process_time()
    decisions = turns = 0
    for seed in range(games):
        game = play_game(rules, KernelConfig(players=players, seed=seed), ["random"])
        decisions += len(game.history)
        turns += game.state.turn
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return decisions / seconds, turns / seconds, decisions, turns, decisions / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--uno-games", type=int, default=1000, help="games of RLCard's UNO (0: no ratio)")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    args = parser.parse_args()
    comp = driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / "ridge"])
    rules = load_game_rules(comp.ir, "ridge")
    ridge(rules, 5, args.players)  # warm up
    uno, uno_line = uno_reference(args.uno_games)
    if args.profile:
        rate, turn_rate, decisions, turns, cpu_rate = profiled(ridge, rules, args.games, args.players)
    else:
        rate, turn_rate, decisions, turns, cpu_rate = ridge(rules, args.games, args.players)
    print(f"Ridge, {args.players} players, random play, one process: {args.games} games, {decisions} decisions, "
          f"{turns} turns; {rate:,.0f} decisions/s, {cpu_rate:,.0f} per CPU second, {turn_rate:,.0f} turns/s"
          + ratio(rate, cpu_rate, uno))
    print(uno_line)


if __name__ == "__main__":
    main()
