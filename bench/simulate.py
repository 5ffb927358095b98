"""Benchmark of the runtime: decisions per second, games per second and peak memory for
random play of each box, on one process and on several, and the ratio to RLCard's UNO.

    .venv/bin/python bench/simulate.py [--games N] [--jobs J] [--box BOX ...] [--uno-games N]

The reference is RLCard's UNO between random agents (bench/uno.py; RLCard is in the
`bench` extra: pip install -e '.[bench]'), played in the same run right before each box's
one-process figure, so both see the same load on the machine; `x UNO` is the box's
decisions per second over UNO's, one process each. Without RLCard the column is left out.

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from pathlib import Path
import resource
import sys
import time
import tracemalloc

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.engine import GameConfig  # noqa: E402
from mayhem.runtime.rules import load_rules  # noqa: E402
from mayhem.runtime.simulate import play_one, simulate  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from uno import RLCardMissing, play_uno  # noqa: E402


def single(rules, box: str, games: int) -> tuple[float, float, int, float]:
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        decisions += play_one(rules, GameConfig(box, seed=seed), ["random", "random"])["decisions"]
    seconds = time.perf_counter() - start
    # memory apart: tracing allocations slows Python down several times
    tracemalloc.start()
    for seed in range(min(games, 20)):
        play_one(rules, GameConfig(box, seed=seed), ["random", "random"])
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return decisions / seconds, games / seconds, decisions, peak / 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--box", action="append")
    ap.add_argument("--content", default=str(ROOT / "content"))
    ap.add_argument("--uno-games", type=int, default=1000,
                    help="games of RLCard's UNO before each box (0: no UNO reference)")
    args = ap.parse_args()
    comp = driver.compile_paths([Path(args.content)])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    rules = load_rules(comp.ir)
    boxes = args.box or sorted(rules.boxes)
    uno_note = ""
    if args.uno_games:
        try:
            play_uno(10)  # warm up: imports and first-game set-up are not part of the figure
        except RLCardMissing as e:
            uno_note, args.uno_games = f"no UNO reference: {e}", 0
    print(f"random play, {args.games} games per box and setting"
          + (f"; RLCard UNO, random agents, {args.uno_games} games before each box" if args.uno_games else ""))
    print(uno_note + "\n" if uno_note else "")
    print(f"{'box':<16} {'setting':<12} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15} {'peak MB':>8}"
          + (f" {'x UNO':>7}" if args.uno_games else ""))
    for box in boxes:
        uno = play_uno(args.uno_games, seed=0) if args.uno_games else None
        dps, gps, decisions, peak = single(rules, box, args.games)
        ratio = f" {dps / uno.decisions_per_second:>6.2f}x" if uno else ""
        print(f"{box:<16} {'1 process':<12} {dps:>12,.0f} {gps:>9.1f} {decisions / args.games:>15.0f} {peak:>8.1f}"
              + ratio)
        if uno:
            print(f"{'  RLCard UNO':<16} {'1 process':<12} {uno.decisions_per_second:>12,.0f} "
                  f"{uno.games_per_second:>9.1f} {uno.decisions / uno.games:>15.1f} {'':>8} {1.0:>6.2f}x")
        start = time.perf_counter()
        summary = simulate(comp.ir, box, args.games, ["random", "random"], seed=0, jobs=args.jobs)
        seconds = time.perf_counter() - start
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1e3
        speedup = (summary.decisions / seconds) / dps
        print(f"{box:<16} {f'{args.jobs} process' + ('es' if args.jobs > 1 else ''):<12} {summary.decisions / seconds:>12,.0f} "
              f"{args.games / seconds:>9.1f} {summary.decisions / args.games:>15.0f} {rss:>8.1f}"
              + (" " * 8 if uno else "") + f"   speed-up x{speedup:.2f} (ideal x{args.jobs})")
    print("\npeak MB: traced Python allocations of one game at a time (1 process); max resident set of a worker "
          "(processes)")
    if args.uno_games:
        print("x UNO: the box's decisions per second over RLCard UNO's, measured just before it, one process each "
              "(a decision: one player's choice, `Game.act` / `env.step`)")


if __name__ == "__main__":
    main()
