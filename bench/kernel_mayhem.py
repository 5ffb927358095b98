"""Benchmark of the Mayhem rules played by the rules kernel: decisions per second of each box.

    .venv/bin/python bench/kernel_mayhem.py [--games N] [--box BOX] [--uno-games N] [--best K] [--profile]
    .venv/bin/python bench/kernel_mayhem.py --digest [--games N]
    .venv/bin/python bench/kernel_mayhem.py --parity N --before REV
    .venv/bin/python bench/kernel_mayhem.py --against REV [--rounds K] [--games N]

Each box (teen-titans-go, looney-tunes) names `game mayhem` in a temporary copy of the content
(bench/parity_kernel.py `compile_named`, the switch's trial) and is played by the kernel: two
seats of random bots (`play_game`, `max_turns` 400 as bench/trial.py), seeds 0 .. N-1, the same
games every run. The figures: decisions (answers given, `game.history`) per second by the wall
clock and per CPU second of this process, and the ratio to RLCard's UNO between random agents
(bench/uno.py), by CPU time, played in the same run; with `--best K` UNO and the boxes are
played K times in turn and each one's best run is printed (a shared machine's clock moves by a
tenth from one minute to the next). Every game's log, history and result is hashed: the digest
of a box proves two revisions play the same games (`--digest` prints each box's, `--parity N
--before REV` compares N seeds game by game with revision REV, exported with `git archive`).
`--profile` prints the ten costliest functions (cProfile, by own and by cumulative time) and the
Python calls per decision. `--against REV` measures REV and the working tree side by side
(bench/side_by_side.py: one worker each, rounds in turn, UNO between, by CPU time).

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
import cProfile
import hashlib
from pathlib import Path
import pstats
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from parity import CHECKOUT_FINDER  # noqa: E402
from side_by_side import SideBySide, both_sides, revision, same_games  # noqa: E402
from uno import RLCardMissing, play_uno  # noqa: E402

BOXES = ("teen-titans-go", "looney-tunes")
MAX_TURNS = 400  # as bench/trial.py's games

# the games of a checkout, run in it (this script's own, or a worker's of --parity/--against):
# `load(root)` the boxes' rules, `play(box, start, n, digests)` their seeds' decisions
GAMES = r"""
import hashlib, json
sys.path.insert(0, str(root / "bench"))
from parity_kernel import compile_named, kernel_config
from mayhem.runtime.kernel.rules import load_game_rules
from mayhem.runtime.kernel.play import play_game
BOXES = ("teen-titans-go", "looney-tunes")
IR = compile_named(root / "content", BOXES)
RULES = {box: load_game_rules(IR, box) for box in BOXES}
def digest(game):
    data = {"log": game.state.log, "history": game.history, "result": game.state.result}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]
def play(box, start, n, digests=None):
    rules, decisions = RULES[box], 0
    for seed in range(start, start + n):
        game = play_game(rules, kernel_config(rules, IR, seed, max_turns=MAX_TURNS), ["random"])
        decisions += len(game.history)
        if digests is not None:
            digests.append(digest(game))
    return decisions
""".replace("MAX_TURNS", str(MAX_TURNS))


def load_here() -> dict:
    """GAMES run in this process for the working tree: its names (`play`, `RULES`)."""
    space = {"sys": sys, "root": ROOT, "__name__": "kernel_mayhem_games"}
    exec(GAMES, space)  # noqa: S102 - this file's own source
    return space


def timed(play, box: str, games: int) -> tuple[int, float, float, str]:
    """(decisions, wall seconds, CPU seconds, the digest of the games' digests) of seeds 0 .. games-1."""
    digests: list[str] = []
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = play(box, 0, games, digests)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return decisions, wall, cpu, hashlib.sha256("".join(digests).encode()).hexdigest()[:16]


def uno_rate(games: int) -> float | None:
    """RLCard UNO's decisions per CPU second (random agents), or None without RLCard."""
    if games <= 0:
        return None
    try:
        cpu = time.process_time()
        figures = play_uno(games, seed=0)
    except RLCardMissing as e:
        print(f"no UNO reference: {e}")
        return None
    return figures.decisions / (time.process_time() - cpu)


def measure(boxes, games: int, uno_games: int, best: int) -> None:
    """Each box's decisions per second, the best of `best` runs in turn with UNO's."""
    g = load_here()
    play = g["play"]
    for box in boxes:
        play(box, 10 ** 6, 2)  # warm up: every compiled function made before the timing
    if uno_games > 0:
        uno_rate(10)
    unos, runs = [], {box: [] for box in boxes}
    for _ in range(best):
        rate = uno_rate(uno_games)
        if rate is not None:
            unos.append(rate)
        for box in boxes:
            runs[box].append(timed(play, box, games))
    uno = max(unos) if unos else None
    print(f"The Mayhem rules on the kernel: 2 seats of random bots, seeds 0..{games - 1}, max {MAX_TURNS} turns, "
          f"best of {best}")
    for box in boxes:
        decisions, wall, cpu, digest = min(runs[box], key=lambda r: r[2])
        line = (f"  {box:<15} {games} games, {decisions} decisions: {decisions / wall:8,.0f} decisions/s, "
                f"{decisions / cpu:8,.0f} per CPU second")
        if uno:
            line += f", {decisions / cpu / uno:.3f}x UNO"
        print(line + f"; digest {digest}")
    if uno:
        print(f"  RLCard UNO      random agents, {uno_games} games: {uno:8,.0f} decisions per CPU second (best of {best})")


def profile(boxes, games: int, top: int = 10) -> None:
    """The costliest functions over the boxes' games (cProfile), and Python calls per decision."""
    g = load_here()
    play = g["play"]
    for box in boxes:
        play(box, 10 ** 6, 2)
    prof = cProfile.Profile()
    prof.enable()
    decisions = sum(play(box, 0, games) for box in boxes)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top + 12)
    print(f"Python calls per decision: {stats.total_calls / decisions:.1f} ({decisions:,} decisions)")


def digests(boxes, games: int) -> None:
    g = load_here()
    for box in boxes:
        decisions, _wall, _cpu, digest = timed(g["play"], box, games)
        print(f"{box:<15} {games} games, {decisions} decisions, digest {digest}")


_SIDE = CHECKOUT_FINDER + GAMES + r"""
games = int(sys.argv[1])
out = {}
for box in BOXES:
    out[box] = []
    play(box, 0, games, out[box])
print(json.dumps(out))
"""


def parity(games: int, before: str) -> int:
    """The boxes' seeds 0 .. games-1 played by revision `before` and by the working tree: how many
    games are the same (their digests), per box."""
    sha = revision(before, "bench/kernel_mayhem.py")
    sides = None if sha is None else both_sides(sha, _SIDE, [str(games)], "bench/kernel_mayhem.py")
    if sides is None:
        return 2
    print(f"Mayhem on the kernel, parity: {before} ({sha[:12]}) against the working tree, {games} seeded games")
    status = 0
    for box, old in sides["before"].items():
        new = sides["after"][box]
        print(f"  {box:<15} identical games: {same_games(old, new)}")
        status |= int(old != new)
    return status


_SETUP = GAMES + r"""
play("teen-titans-go", 10 ** 6, 2)  # warm up
play("looney-tunes", 10 ** 6, 2)
"""


def against(rev: str, rounds: int, games: int, uno_games: int, boxes) -> int:
    """Revision `rev` and the working tree side by side, box by box (bench/side_by_side.py)."""
    import statistics
    with SideBySide(rev, _SETUP, [], "bench/kernel_mayhem.py") as sides:
        if not sides.ok:
            return 2
        for box in boxes:
            rates = sides.rounds(box, rounds, games, uno_games, calls_games=min(games, 5))
            print(f"{box}, on the kernel, random play: {rev} ({sides.sha[:12]}) and the working tree side by "
                  f"side, {rounds} rounds of {games} games each")
            for label in rates.sides:
                print(rates.side_line(label))
            if rates.uno:
                print(f"  {'RLCard UNO':<14} median {statistics.median(rates.uno):>8,.0f} decisions per CPU second")
            print(f"  working tree / {rev}: {statistics.median(rates.ratios()):.3f} (median of the rounds' ratios)")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--box", action="append", choices=BOXES, help="a box (default: both)")
    parser.add_argument("--uno-games", type=int, default=300, help="games of RLCard's UNO (0: no ratio)")
    parser.add_argument("--best", type=int, default=3, help="runs in turn; the best of each is printed")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    parser.add_argument("--digest", action="store_true", help="print each box's digest of its games")
    parser.add_argument("--parity", type=int, metavar="N", help="compare N seeded games with --before")
    parser.add_argument("--before", default="HEAD", help="the revision --parity compares with")
    parser.add_argument("--against", metavar="REV", help="measure REV and the working tree side by side")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --against")
    args = parser.parse_args()
    boxes = tuple(args.box or BOXES)
    if args.parity:
        sys.exit(parity(args.parity, args.before))
    if args.against:
        sys.exit(against(args.against, args.rounds, args.games, args.uno_games, boxes))
    if args.digest:
        digests(boxes, args.games)
    elif args.profile:
        profile(boxes, args.games)
    else:
        measure(boxes, args.games, args.uno_games, args.best)


if __name__ == "__main__":
    main()
