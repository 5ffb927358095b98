"""Random play of the Mayhem boxes on the rules kernel, a revision and the working tree side by side.

    .venv/bin/python bench/simulate_against.py REV [--rounds K] [--games N] [--box BOX ...] [--uno-games U]

On a shared machine the clock of one run says little (bench/simulate.py's ratio to UNO moves
by a fifth from run to run); this compares two revisions in the same minutes. Revision REV
(exported with `git archive`) and the working tree each run in a process of their own, kept
running (bench/side_by_side.py, as `bench/kernel.py --against`): each loads its own code and
content once, plays a warm-up game per box, then, round after round, plays the same N seeded
games (seeds r*N .. r*N+N-1 in round r) with random bots, the two sides in turn (the order
turns each round), with U games of RLCard's UNO between (`--uno-games 0`: none). Per box it prints each side's median decisions per CPU second, its
median ratio to UNO, and the median over the rounds of the working tree's speed over REV's;
then the Python calls per decision of each side (cProfile over the first N seeds: the same on
any machine). The boxes: the Mayhem boxes (`looney-tunes`, `teen-titans-go`) and `competitive`
(Competitive Mode with the team lists of examples/teams on the Teen Titans GO! board, as
bench/simulate.py's row), played as `mayhem simulate` plays them (runtime/simulate.py
`play_one`), each side under MAYHEM_RUNTIME=kernel: the rules kernel. A revision older than
that setting (December 2026) plays the Mayhem engine whatever it says, which its worker says
on stderr as it starts; the engine itself was deleted after revision 29f6a0ed.

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from pathlib import Path
import statistics
import sys

sys.path.insert(0, str(Path(__file__).resolve().parent))

from side_by_side import SideBySide, uno_ready  # noqa: E402

BOXES = ("looney-tunes", "teen-titans-go", "competitive")

# a worker's setup (bench/side_by_side.py): the checkout's content compiled once, and
# play(BOX, START, N) with random bots; argv holds the boxes to warm up
_SETUP = r"""
import os
os.environ["MAYHEM_RUNTIME"] = "kernel"
from mayhem.compiler import driver
from mayhem.compiler.teams import load_team
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.runtime import Game, GameConfig, load_rules
from mayhem.runtime.simulate import play_one
ir = driver.compile_paths([root / "content"]).ir
rules = load_rules(ir)
if getattr(Game(rules, GameConfig("teen-titans-go")), "runtime", "engine") != "kernel":
    print(f"bench/simulate_against.py: {root} plays the Mayhem engine (older than the runtime setting)",
          file=sys.stderr, flush=True)
teams = {colour: load_team(root / "examples" / "teams" / name, ir, Diagnostics()).to_config()
         for colour, name in (("black", "titans-and-taz.mh"), ("white", "toons-and-raven.mh"))}
def config(box, seed):
    if box == "competitive":
        return GameConfig("teen-titans-go", seed=seed, mode="competitive", team_lists=teams)
    return GameConfig(box, seed=seed)
def play(box, start, n):
    return sum(play_one(rules, config(box, s), ["random", "random"])["decisions"] for s in range(start, start + n))
for box in sys.argv[1:]:
    play(box, 10 ** 6, 1)  # warm up: the box's effects compiled
"""


def against(rev: str, rounds: int, games: int, boxes: list[str], uno_games: int) -> int:
    with SideBySide(rev, _SETUP, boxes, "bench/simulate_against.py") as sides:
        if not sides.ok:
            return 2
        uno = uno_ready(uno_games) is not None
        uno_games = uno_games if uno else 0
        print(f"random play: {rev} ({sides.sha[:12]}) and the working tree side by side, {rounds} rounds of "
              f"{games} games per box" + (f", {uno_games} games of UNO between" if uno else ""), flush=True)
        for box in boxes:
            rates = sides.rounds(box, rounds, games, uno_games)
            print(f"{box}:")
            for label in rates.sides:
                print(rates.side_line(label))
            ratios = rates.ratios()
            print(f"  working tree / {rev}: {statistics.median(ratios):.3f} (median of the rounds' ratios, "
                  f"{min(ratios):.2f} to {max(ratios):.2f})", flush=True)
    return 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", metavar="REV", help="the revision to compare the working tree with (main, a commit)")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--games", type=int, default=10, help="seeded games per side, box and round")
    ap.add_argument("--box", action="append", choices=BOXES, help=f"repeatable; default: {' '.join(BOXES)}")
    ap.add_argument("--uno-games", type=int, default=100, help="RLCard UNO's games between the sides (0: none)")
    args = ap.parse_args()
    sys.exit(against(args.rev, args.rounds, args.games, args.box or list(BOXES), args.uno_games))


if __name__ == "__main__":
    main()
