"""Benchmark of the rules kernel: decisions per second of random play of Marvel Mayhem on
one process, and the ratio to RLCard's UNO between random agents measured in the same run
(bench/uno.py; RLCard is in the `bench` extra: pip install -e '.[bench]').

    .venv/bin/python bench/kernel.py [--games N] [--players P] [--uno-games N] [--profile]
    .venv/bin/python bench/kernel.py --parity 500 --before REV

UNO is played right before Marvel, so both see the same load on the machine; `x UNO` is
Marvel's decisions per second over UNO's, one process each (issue #11 aims at 2x). A
decision is a choice a player makes (one `KernelGame.act`), as one UNO `env.step`.
`--profile` prints the costliest functions (cProfile, by own time and by cumulative time).
`--parity N --before REV` plays N seeded games of Marvel Mayhem and of the lab game Ridge
with the working tree and with revision REV (exported apart with `git archive`, run in a
subprocess) and prints how many logs are identical (tests/test_kernel_compiled.py holds a
few dozen of them to digests).

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
import cProfile
from pathlib import Path
import pstats
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, load_game_rules  # noqa: E402
from mayhem.runtime.kernel.play import play_game  # noqa: E402
from uno import RLCardMissing, play_uno  # noqa: E402


def marvel(rules, games: int, players: int) -> tuple[float, float, int]:
    decks = sorted(rules.decks)
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        chosen = [decks[(seed + i) % len(decks)] for i in range(players)]
        game = play_game(rules, KernelConfig(players=players, seed=seed, decks=chosen), ["random"])
        decisions += len(game.history)
    seconds = time.perf_counter() - start
    return decisions / seconds, games / seconds, decisions


def profiled(fn, *args):
    """fn(*args) under cProfile; prints the top entries by own time and by cumulative time."""
    prof = cProfile.Profile()
    prof.enable()
    out = fn(*args)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(20)
    stats.sort_stats("cumulative").print_stats(15)
    return out


def uno_reference(games: int) -> tuple[float | None, str]:
    """RLCard UNO's decisions per second (random agents, one process), or why there is none."""
    if not games:
        return None, "no UNO reference (--uno-games 0)"
    try:
        play_uno(10)  # warm up: imports and first-game set-up are not part of the figure
        figures = play_uno(games, seed=0)
    except RLCardMissing as e:
        return None, f"no UNO reference: {e}"
    return figures.decisions_per_second, (f"RLCard UNO, random agents, one process: {games} games, "
                                          f"{figures.decisions} decisions, {figures.decisions_per_second:,.0f} "
                                          "decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--uno-games", type=int, default=1000, help="games of RLCard's UNO (0: no ratio)")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    parser.add_argument("--parity", type=int, metavar="N", help="compare N seeded games with --before")
    parser.add_argument("--before", default="HEAD", help="the revision --parity compares with")
    args = parser.parse_args()
    if args.parity:
        from kernel_parity import main as parity
        sys.exit(parity(args.parity, args.before))
    comp = driver.compile_paths([ROOT / "content"])
    rules = load_game_rules(comp.ir, "marvel-mayhem")
    marvel(rules, 5, args.players)  # warm up
    uno_rate, uno_line = uno_reference(args.uno_games)
    if args.profile:
        rate, games_rate, decisions = profiled(marvel, rules, args.games, args.players)
    else:
        rate, games_rate, decisions = marvel(rules, args.games, args.players)
    print(f"Marvel Mayhem, {args.players} players, random play, one process: {args.games} games, "
          f"{decisions} decisions, {rate:,.0f} decisions/s, {games_rate:,.1f} games/s"
          + (f", {rate / uno_rate:.2f}x UNO" if uno_rate else ""))
    print(uno_line)


if __name__ == "__main__":
    main()
