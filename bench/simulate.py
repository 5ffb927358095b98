"""Benchmark of the runtime: decisions per second, games per second and peak memory for
random play of each box, on one process and on several.

    .venv/bin/python bench/simulate.py [--games N] [--jobs J] [--box BOX ...]

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
    args = ap.parse_args()
    comp = driver.compile_paths([Path(args.content)])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    rules = load_rules(comp.ir)
    boxes = args.box or sorted(rules.boxes)
    print(f"random play, {args.games} games per box and setting\n")
    print(f"{'box':<16} {'setting':<12} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15} {'peak MB':>8}")
    for box in boxes:
        dps, gps, decisions, peak = single(rules, box, args.games)
        print(f"{box:<16} {'1 process':<12} {dps:>12,.0f} {gps:>9.1f} {decisions / args.games:>15.0f} {peak:>8.1f}")
        start = time.perf_counter()
        summary = simulate(comp.ir, box, args.games, ["random", "random"], seed=0, jobs=args.jobs)
        seconds = time.perf_counter() - start
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1e3
        speedup = (summary.decisions / seconds) / dps
        print(f"{box:<16} {f'{args.jobs} processes':<12} {summary.decisions / seconds:>12,.0f} "
              f"{args.games / seconds:>9.1f} {summary.decisions / args.games:>15.0f} {rss:>8.1f}"
              f"   speed-up x{speedup:.2f} (ideal x{args.jobs})")
    print("\npeak MB: traced Python allocations of one game at a time (1 process); max resident set of a worker "
          "(processes)")


if __name__ == "__main__":
    main()
