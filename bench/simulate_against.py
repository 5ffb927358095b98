"""The Mayhem engine's random play, a revision and the working tree side by side.

    .venv/bin/python bench/simulate_against.py REV [--rounds K] [--games N] [--box BOX ...] [--uno-games U]

On a shared machine the clock of one run says little (bench/simulate.py's ratio to UNO moves
by a fifth from run to run); this compares two revisions in the same minutes. Revision REV
(exported with `git archive`) and the working tree each run in a process of their own, kept
running: each loads its own code and content once, plays a warm-up game per box, then, round
after round, plays the same N seeded games (seeds r*N .. r*N+N-1 in round r) with random bots,
the two sides in turn (the order turns each round), with U games of RLCard's UNO between
(`--uno-games 0`: none). Per box it prints each side's median decisions per CPU second, its
median ratio to UNO, and the median over the rounds of the working tree's speed over REV's;
then the Python calls per decision of each side (cProfile over the first N seeds: the same on
any machine). The boxes: the Mayhem engine's (`looney-tunes`, `teen-titans-go`) and
`competitive` (Competitive Mode with the team lists of examples/teams on the Teen Titans GO!
board, as bench/simulate.py's row).

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from pathlib import Path
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel import export, revision  # noqa: E402
from parity import CHECKOUT_FINDER  # noqa: E402
from uno import RLCardMissing, play_uno  # noqa: E402

BOXES = ("looney-tunes", "teen-titans-go", "competitive")

# a side, kept running: the checkout at argv[1] (parity's finder takes it off argv); each line
# "play BOX START N" or "calls BOX START N" on stdin plays seeds START.. and answers
# "DECISIONS CPU-SECONDS" or "DECISIONS CALLS"
_WORKER = CHECKOUT_FINDER + r"""
import cProfile, pstats, time
from mayhem.compiler import driver
from mayhem.compiler.teams import load_team
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.rules import load_rules
from mayhem.runtime.simulate import play_one
ir = driver.compile_paths([root / "content"]).ir
rules = load_rules(ir)
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
print("ready", flush=True)
for line in sys.stdin:
    what, box, start, n = line.split()
    if what == "calls":
        prof = cProfile.Profile()
        prof.enable()
        decisions = play(box, int(start), int(n))
        prof.disable()
        print(decisions, pstats.Stats(prof).total_calls, flush=True)
    else:
        cpu = time.process_time()
        decisions = play(box, int(start), int(n))
        print(decisions, time.process_time() - cpu, flush=True)
"""


def against(rev: str, rounds: int, games: int, boxes: list[str], uno_games: int) -> int:
    sha = revision(rev)
    if sha is None:
        return 2
    with tempfile.TemporaryDirectory(prefix="simulate-against-") as tmp:
        export(sha, tmp)
        sides = {}
        for label, root in ((rev, Path(tmp)), ("working tree", ROOT)):
            sides[label] = subprocess.Popen([sys.executable, "-c", _WORKER, str(root), *boxes], cwd=root,
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            if sides[label].stdout.readline().strip() != "ready":
                print(f"bench/simulate_against.py: {label} failed to start (its error is above)", file=sys.stderr)
                return 2

        def ask(label: str, line: str) -> tuple[int, float]:
            worker = sides[label]
            worker.stdin.write(line + "\n")
            worker.stdin.flush()
            decisions, figure = worker.stdout.readline().split()
            return int(decisions), float(figure)

        uno = uno_games > 0
        if uno:
            try:
                play_uno(10)  # warm up
            except RLCardMissing as e:
                print(f"no UNO reference: {e}")
                uno = False
        print(f"random play: {rev} ({sha[:12]}) and the working tree side by side, {rounds} rounds of {games} "
              f"games per box" + (f", {uno_games} games of UNO between" if uno else ""), flush=True)
        for box in boxes:
            rates: dict[str, list[float]] = {label: [] for label in sides}
            uno_rates: list[float] = []
            order = list(sides) + (["UNO"] if uno else [])
            for r in range(rounds):  # the order turns each round: no side always runs first
                for label in order[r % len(order):] + order[:r % len(order)]:
                    if label == "UNO":
                        cpu = time.process_time()
                        figures = play_uno(uno_games, seed=r)
                        uno_rates.append(figures.decisions / (time.process_time() - cpu))
                    else:
                        decisions, cpu = ask(label, f"play {box} {r * games} {games}")
                        rates[label].append(decisions / cpu)
            calls = {label: ask(label, f"calls {box} 0 {games}") for label in sides}
            print(f"{box}:")
            for label, xs in rates.items():
                line = (f"  {label:<14} median {statistics.median(xs):>8,.0f} decisions per CPU second "
                        f"(rounds {min(xs):,.0f} to {max(xs):,.0f})")
                if uno:
                    line += f", {statistics.median([x / u for x, u in zip(xs, uno_rates)]):.2f}x UNO"
                decisions, total = calls[label]
                print(line + f"; {total / decisions:.1f} Python calls per decision")
            before, after = rates.values()
            ratios = [a / b for a, b in zip(after, before)]
            print(f"  working tree / {rev}: {statistics.median(ratios):.3f} (median of the rounds' ratios, "
                  f"{min(ratios):.2f} to {max(ratios):.2f})", flush=True)
        for worker in sides.values():
            worker.stdin.close()
            worker.wait()
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
