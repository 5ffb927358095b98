"""Where the runtime's time goes: cProfile over the random games of bench/simulate.py, per box.

    .venv/bin/python bench/profile_runtime.py [--games N] [--box BOX ...] [--top K] [--sort tottime|cumtime] [--cold]

Plays the same seeded random games as bench/simulate.py's one-process figure (seeds
0..N-1, random bots; after one warm-up game, as there, unless --cold) under cProfile
and prints, per box, the functions that take the
most time: own time (tottime), its share of the total, and time with callees (cumtime).
The profiler slows Python down, and more so for many small calls, so the shares are the
figure to read; decisions per second come from bench/simulate.py.

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
import cProfile
from pathlib import Path
import pstats
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.engine import GameConfig  # noqa: E402
from mayhem.runtime.rules import load_rules  # noqa: E402
from mayhem.runtime.simulate import play_one  # noqa: E402


def where(code: tuple) -> str:
    """'runtime/events.py:120 listeners' from a pstats key (file, line, function)."""
    file, line, func = code
    path = Path(file)
    try:
        shown = str(path.resolve().relative_to(ROOT))
    except ValueError:
        shown = path.name if file != "~" else ""
    return f"{shown}:{line} {func}" if shown else func


def profile_box(rules, box: str, games: int, cold: bool = False) -> tuple[pstats.Stats, int]:
    if not cold:  # warm up, as bench/simulate.py does: the box's effects compiled outside the profile
        play_one(rules, GameConfig(box, seed=games), ["random", "random"])
    prof = cProfile.Profile()
    decisions = 0
    prof.enable()
    for seed in range(games):
        decisions += play_one(rules, GameConfig(box, seed=seed), ["random", "random"])["decisions"]
    prof.disable()
    return pstats.Stats(prof), decisions


def report(stats: pstats.Stats, top: int, sort: str) -> None:
    total = stats.total_tt
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2 if sort == "tottime" else 3], reverse=True)
    print(f"  {'tottime':>8} {'share':>6} {'cumtime':>8} {'cum %':>6} {'calls':>10}  function")
    for code, (_cc, calls, tt, ct, _callers) in rows[:top]:
        print(f"  {tt:>8.3f} {100 * tt / total:>5.1f}% {ct:>8.3f} {100 * ct / total:>5.1f}% {calls:>10,}  {where(code)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--box", action="append")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--sort", choices=("tottime", "cumtime"), default="tottime")
    ap.add_argument("--content", default=str(ROOT / "content"))
    ap.add_argument("--cold", action="store_true",
                    help="no warm-up game: compiling the box's effects on first use is in the profile")
    args = ap.parse_args()
    comp = driver.compile_paths([Path(args.content)])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    rules = load_rules(comp.ir)
    # the boxes the Mayhem engine plays: a box that names a game of the rules kernel
    # (Marvel Mayhem) is played by runtime/kernel and profiled by bench/kernel.py --profile
    engine_boxes = sorted(b for b, comp in rules.boxes.items() if "game" not in comp["props"])
    for box in args.box or engine_boxes:
        stats, decisions = profile_box(rules, box, args.games, args.cold)
        print(f"\n{box}: {args.games} random games, {decisions:,} decisions, {stats.total_tt:.2f} s under the "
              f"profiler, sorted by {args.sort}")
        print(f"  {stats.total_calls:,} calls, {stats.total_calls / max(decisions, 1):.0f} per decision "
              "(Python functions and built-ins; the profiler counts each resumption of a generator)")
        report(stats, args.top, args.sort)


if __name__ == "__main__":
    main()
