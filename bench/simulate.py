"""Benchmark of the runtime: decisions per second, games per second and peak memory for
random play of each box on the rules kernel, on one process and on several, and the ratio to RLCard's UNO.

    .venv/bin/python bench/simulate.py [--games N] [--jobs J] [--box BOX ...] [--uno-games N] [--slices K]
                                       [--competitive A.mh,B.mh] [--competitive-box BOX]

The reference is RLCard's UNO between random agents (bench/uno.py; RLCard is in the
`bench` extra: pip install -e '.[bench]'), played in the same run as each box's
one-process figure, in K interleaved slices (UNO's games, the box's games, again ...), so
that both see the same load on the machine. `x UNO` is the box's decisions per CPU second
of the process over UNO's: on a loaded machine the wall clock counts the other processes'
turns too, CPU time counts this one's work only. Without RLCard the column is left out.

A decision is a choice, on both sides: a line of the kernel's history (an action, target or
answer asked of a player because two or more are offered; the only one is taken without
asking), and a step of UNO's with two or more legal actions (bench/uno.py). `x UNO steps`
divides by all of UNO's steps instead, its forced draws included (64% of them), while the
box's own forced steps stay uncounted: a lower bound, the ratio as this script printed it
before December 5, 2026.

Every box is played by the rules kernel (the only runtime since the Mayhem engine was deleted
after revision 29f6a0ed): a Mayhem box (Teen Titans GO!, Looney Tunes), which names no game, as
`mayhem simulate` plays it, through the public API (runtime/simulate.py `play_one`: the Game of
a Mayhem box, the kernel's random bots); a box that names a game of its own (Marvel
Mayhem, the DC deck-builder dc-teen-titans-go) by runtime/kernel directly (two players, random
bots, a pair of decks per seed: the DC game's two starter decks in turn), its processes' row by
`mayhem simulate`'s simulate_kernel. After the boxes, a row for Competitive
Mode: the two example team lists of examples/teams (one character of each box per Team) on the
Teen Titans GO! board. A warm-up game before the timing loads each box's rules (the kernel's
load of the box and mode, cached), as UNO's warm-up imports RLCard.

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
import resource
import sys
import time
import tracemalloc

ROOT = Path(__file__).resolve().parent.parent
# Competitive Mode's row: the example team lists, cross-box (examples/teams/)
COMPETITIVE_TEAMS = (ROOT / "examples/teams/titans-and-taz.mh", ROOT / "examples/teams/toons-and-raven.mh")
sys.path.insert(0, str(ROOT))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime import GameConfig, load_rules  # noqa: E402
from mayhem.runtime.simulate import play_one, simulate, steady_heap  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from uno import RLCardMissing, play_uno  # noqa: E402


@dataclass
class Meter:
    """Games, decisions, wall seconds and CPU seconds, added up over slices."""

    games: int = 0
    decisions: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    steps: int = 0  # UNO's: every step, the forced ones too

    def time(self, play, *args) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        games, decisions, *steps = play(*args)
        self.wall += time.perf_counter() - wall
        self.cpu += time.process_time() - cpu
        self.games += games
        self.decisions += decisions
        self.steps += sum(steps)

    @property
    def per_second(self) -> float:
        return self.decisions / self.wall

    @property
    def per_cpu_second(self) -> float:
        return self.decisions / self.cpu


def mayhem_player(rules, box: str, mode: str = "standard", team_lists: dict | None = None):
    """play(seeds) -> (games, decisions) for a Mayhem box (and mode), one that names no game:
    played by the rules kernel as `mayhem simulate` plays it (play_one, random bots)."""
    def play(seeds) -> tuple[int, int]:
        return len(seeds), sum(play_one(rules, GameConfig(box, seed=s, mode=mode, team_lists=team_lists),
                                        ["random", "random"])["decisions"] for s in seeds)
    return play


def competitive_lists(ir: dict, files: list[Path]) -> dict[str, dict]:
    """Competitive Mode's two team lists (black, white) from team-list files."""
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics

    lists = {}
    for colour, path in zip(("black", "white"), files):
        diags = Diagnostics()
        team = load_team(path, ir, diags)
        if team is None or diags.has_errors():
            sys.exit(f"{path}: not a valid team list; run `mayhem team check {path}`")
        lists[colour] = team.to_config()
    return lists


def kernel_player(ir: dict, box: str):
    """play(seeds) -> (games, decisions) for a box that names a game of the rules kernel
    (runtime/kernel): two players, random bots, each seed with its own pair of decks."""
    from mayhem.runtime.kernel import KernelConfig, load_game_rules
    from mayhem.runtime.kernel.play import play_game

    rules = load_game_rules(ir, box)
    decks = sorted(rules.decks)

    def play(seeds) -> tuple[int, int]:
        decisions = 0
        for seed in seeds:
            chosen = [decks[(seed + i) % len(decks)] for i in range(2)]
            decisions += len(play_game(rules, KernelConfig(players=2, seed=seed, decks=chosen), ["random"]).history)
        return len(seeds), decisions
    return play


def uno_player(seeds) -> tuple[int, int, int]:
    figures = play_uno(len(seeds), seed=seeds[0] if seeds else 0)
    return figures.games, figures.decisions, figures.steps


def peak_memory(play, games: int) -> float:
    """MB of traced Python allocations at the peak of `games` games, one at a time
    (apart from the timing: tracing slows Python down several times)."""
    tracemalloc.start()
    for seed in range(games):
        play([seed])
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def slices(n: int, k: int) -> list[range]:
    """0..n-1 in k consecutive slices (some may be empty)."""
    cuts = [n * i // k for i in range(k + 1)]
    return [range(a, b) for a, b in zip(cuts, cuts[1:])]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--box", action="append")
    ap.add_argument("--content", default=str(ROOT / "content"))
    ap.add_argument("--uno-games", type=int, default=1000,
                    help="games of RLCard's UNO with each box (0: no UNO reference)")
    ap.add_argument("--slices", type=int, default=5, help="interleaved slices of UNO's and the box's games")
    ap.add_argument("--competitive", default=",".join(str(p) for p in COMPETITIVE_TEAMS),
                    help="Competitive Mode's two team-list files, comma-separated ('' leaves the row out)")
    ap.add_argument("--competitive-box", default="teen-titans-go", help="the box whose board Competitive Mode uses")
    args = ap.parse_args()
    comp = driver.compile_paths([Path(args.content)])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    rules = load_rules(comp.ir)
    boxes = args.box or sorted(rules.boxes)
    kernel_boxes = {b for b, c in rules.boxes.items() if "game" in c["props"]}
    uno_note = ""
    if args.uno_games:
        try:
            play_uno(10)  # warm up: imports and first-game set-up are not part of the figure
        except RLCardMissing as e:
            uno_note, args.uno_games = f"no UNO reference: {e}", 0
    print(f"random play on the rules kernel, {args.games} games per box and setting"
          + (f"; RLCard UNO, random agents, {args.uno_games} games with each box, in {args.slices} interleaved "
             "slices" if args.uno_games else ""))
    print(uno_note + "\n" if uno_note else "")
    print(f"{'box':<16} {'setting':<12} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15} {'peak MB':>8}"
          + (f" {'x UNO':>7} {'x UNO steps':>11}" if args.uno_games else ""))
    settings = [(box, "standard", None) for box in boxes]
    if args.competitive and (args.box is None or args.competitive_box in args.box):
        files = [Path(f.strip()) for f in args.competitive.split(",") if f.strip()]
        settings.append((args.competitive_box, "competitive", competitive_lists(comp.ir, files)))
    for box, mode, team_lists in settings:
        label = box if mode == "standard" else mode
        play = kernel_player(comp.ir, box) if box in kernel_boxes else mayhem_player(rules, box, mode, team_lists)
        play([args.games])  # warm up: the box's effects compiled, as UNO's imports
        mine, uno = Meter(), Meter()
        with steady_heap() as settle:  # the collector as `mayhem simulate` leaves it, for UNO's games too
            settle()
            for part, uno_part in zip(slices(args.games, args.slices), slices(args.uno_games, args.slices)):
                if args.uno_games and uno_part:
                    uno.time(uno_player, uno_part)
                mine.time(play, part)
        peak = peak_memory(play, min(args.games, 20))
        ratio = (f" {mine.per_cpu_second / uno.per_cpu_second:>6.2f}x"
                 f" {mine.decisions / mine.cpu / (uno.steps / uno.cpu):>10.2f}x") if uno.decisions else ""
        print(f"{label:<16} {'1 process':<12} {mine.per_second:>12,.0f} {mine.games / mine.wall:>9.1f} "
              f"{mine.decisions / mine.games:>15.0f} {peak:>8.1f}" + ratio
              + (f"   ({mine.per_cpu_second:,.0f} decisions per CPU second)" if uno.decisions else ""))
        if uno.decisions:
            print(f"{'  RLCard UNO':<16} {'1 process':<12} {uno.per_second:>12,.0f} "
                  f"{uno.games / uno.wall:>9.1f} {uno.decisions / uno.games:>15.1f} {'':>8} {1.0:>6.2f}x {'':>11}"
                  f"   ({uno.per_cpu_second:,.0f} decisions per CPU second; {uno.steps / uno.cpu:,.0f} steps, "
                  f"{uno.steps / uno.games:.1f} a game)")
        start = time.perf_counter()
        summary = simulate(comp.ir, box, args.games, ["random", "random"], seed=0, jobs=args.jobs, mode=mode,
                           team_lists=team_lists)
        seconds = time.perf_counter() - start
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1e3
        speedup = (summary.decisions / seconds) / mine.per_second
        print(f"{label:<16} {f'{args.jobs} process' + ('es' if args.jobs > 1 else ''):<12} {summary.decisions / seconds:>12,.0f} "
              f"{args.games / seconds:>9.1f} {summary.decisions / args.games:>15.0f} {rss:>8.1f}"
              + (" " * 20 if uno.decisions else "") + f"   speed-up x{speedup:.2f} (ideal x{args.jobs})")
    print("\npeak MB: traced Python allocations of one game at a time (1 process); max resident set of a worker "
          "(processes)")
    if args.uno_games:
        print("x UNO: the box's decisions per CPU second over RLCard UNO's, played in interleaved slices, one process "
              "each (a decision: a choice of two or more offered, on both sides: a line of the game's history, an "
              "`env.step` with two or more legal actions); x UNO steps: over all of UNO's steps, its forced draws "
              "included (the box's forced steps are not counted: a lower bound); decisions/s: per wall-clock second")


if __name__ == "__main__":
    main()
