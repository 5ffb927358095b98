"""How strong the greedy bot is: its win rate against the random bot, and the greedy bot of a revision against today's.

    .venv/bin/python bench/greedy_strength.py [--games N | --cost N] [--box BOX ...] [--against REV] [--jobs J]

For each box, N seeded games (seeds 0 .. N-1) with the greedy bot as p1 against the random bot,
and N with the seats swapped, played by the rules kernel through runtime/simulate.py's play_one
(the seats seeded as `mayhem simulate` seeds them). With `--against REV`, REV's greedy bot
against the random bot, and N games per seat order between REV's greedy bot (its
runtime/bots.py, read with `git show`, loaded beside today's modules) and today's: REV must be a
revision whose greedy bot reads the runtime-neutral view (runtime/bot_seen.py, December 2026;
one that read the Mayhem engine's state cannot play on the kernel, and the engine was deleted
after revision 29f6a0ed). Prints, per row, the wins of the first-named bot, of the other, the
draws, and the first bot's win rate among the decided games with its 95% Wilson interval.
`--cost N`: instead, decisions per CPU second of N seeded games per box between two bots of a
kind. Asserts nothing (speed and strength are measured, not tested)."""
from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
import math
from pathlib import Path
import subprocess
import sys
import time
import types

ROOT = Path(__file__).resolve().parent.parent
BOXES = ("teen-titans-go", "looney-tunes")
_RULES = None


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def load_revision_greedy(rev: str) -> None:
    """REV's runtime/bots.py as the module mayhem.runtime.bots_rev, its GreedyBot the bot `greedy-REV`."""
    from mayhem.runtime import bots
    source = subprocess.run(["git", "show", f"{rev}:runtime/bots.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType("mayhem.runtime.bots_rev")
    module.__package__ = "mayhem.runtime"
    sys.modules[module.__name__] = module
    import mayhem.compiler.ir_ops as ir_ops
    register = ir_ops.register_walker
    ir_ops.register_walker = lambda *a, **k: None  # (REV's walker of the same ops: not registered twice)
    try:
        exec(compile(source, f"{rev}:runtime/bots.py", "exec"), module.__dict__)
    finally:
        ir_ops.register_walker = register
    bots.BOTS[f"greedy-{rev}"] = module.GreedyBot


def _init(rev: str | None) -> None:
    global _RULES
    from mayhem.compiler import driver
    from mayhem.runtime import load_rules
    _RULES = load_rules(driver.compile_paths([ROOT / "content"]).ir)
    if rev:
        load_revision_greedy(rev)


def _play(task: tuple) -> tuple[str, int]:
    """One game: (the name of the bot that won, or `draw`, and the decisions)."""
    from mayhem.runtime import GameConfig
    from mayhem.runtime.simulate import play_one
    box, seed, names = task
    r = play_one(_RULES, GameConfig(box, seed=seed), list(names))
    won = {r["bot_names"][p] for p, team in r["bots"].items() if team in (r["winners"] or [])}
    return (won.pop() if len(won) == 1 else "draw"), r["decisions"]


def row(pool, box: str, first: str, other: str, games: int) -> str:
    start = time.perf_counter()
    tasks = [(box, s, names) for names in ((first, other), (other, first)) for s in range(games)]
    results = list(pool.map(_play, tasks, chunksize=8))
    k = sum(1 for w, _ in results if w == first)
    j = sum(1 for w, _ in results if w == other)
    low, high = wilson(k, k + j)
    seats = [sum(1 for w, _ in results[i * games:(i + 1) * games] if w == first) for i in (0, 1)]
    return (f"kernel  {box:<15} {first} against {other}: {k} / {j} / {len(results) - k - j} draws "
            f"(as p1 {seats[0]} of {games}, as p2 {seats[1]} of {games}); {first} wins "
            f"{k / max(k + j, 1):.1%} of decided games [{low:.1%}, {high:.1%}]; "
            f"{sum(d for _, d in results) / len(results):.0f} decisions a game, {time.perf_counter() - start:.0f} s")


def cost(games: int, boxes, rev: str | None) -> None:
    _init(rev)
    for name in ["random", "greedy"] + ([f"greedy-{rev}"] if rev else []):
        start, decisions = time.process_time(), 0
        for box in boxes:
            decisions += sum(_play((box, s, (name, name)))[1] for s in range(games))
        spent = time.process_time() - start
        print(f"kernel  {name:<12} {decisions} decisions in {spent:.1f} CPU s: "
              f"{decisions / spent:,.0f} decisions per CPU second", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="seeded games per seat order and box")
    ap.add_argument("--box", action="append", choices=BOXES)
    ap.add_argument("--against", metavar="REV", help="also REV's greedy bot (one that reads the view) against today's")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--no-random", action="store_true", help="leave out greedy against random")
    ap.add_argument("--cost", type=int, metavar="N", help="instead: decisions per CPU second of N games per box "
                    "of two random bots, two greedy bots (and two of REV's), in this process")
    args = ap.parse_args()
    if args.cost:
        return cost(args.cost, args.box or BOXES, args.against)
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=_init, initargs=(args.against,)) as pool:
        for box in ([] if args.no_random else args.box or BOXES):
            print(row(pool, box, "greedy", "random", args.games), flush=True)
        if args.against:
            for box in args.box or BOXES:
                print(row(pool, box, f"greedy-{args.against}", "random", args.games), flush=True)
                print(row(pool, box, "greedy", f"greedy-{args.against}", args.games), flush=True)


if __name__ == "__main__":
    main()
