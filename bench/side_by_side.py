"""Two checkouts measured side by side: a revision and the working tree, one worker process each.

On a shared machine the clock of one run says little; two revisions compare only when they
run in the same minutes. Revision REV is exported with `git archive`; it and the working tree
each run in a worker process of their own, kept running, that loads its code and content once
and warms up. Then, round after round, each worker plays the same seeded games in turn (the
order turns each round, so that no side always runs first), with games of RLCard's UNO between
them in this process (bench/uno.py), by CPU time. What a worker plays is its setup's `play`;
`bench/kernel.py --against` (Marvel Mayhem, Ridge) and `bench/simulate_against.py` (the Mayhem
boxes) are the two users.

Prints the figures the callers ask for; asserts nothing (DESIGN.md: speed is measured, not
tested)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from parity import CHECKOUT_FINDER  # noqa: E402
from uno import RLCardMissing, play_uno  # noqa: E402

# What every worker runs after its setup, which defines `play(*key, start, n)` (the decisions
# of the seeded games start .. start + n - 1) and warms up: each line "play KEY... START N" or
# "calls KEY... START N" on stdin answers "DECISIONS CPU-SECONDS" or "DECISIONS CALLS" (the
# Python calls cProfile counts: the same on any machine).
WORKER_LOOP = r"""
import cProfile, pstats, time
print("ready", flush=True)
for line in sys.stdin:
    what, *key, start, n = line.split()
    if what == "calls":
        prof = cProfile.Profile()
        prof.enable()
        decisions = play(*key, int(start), int(n))
        prof.disable()
        print(decisions, pstats.Stats(prof).total_calls, flush=True)
    else:
        cpu = time.process_time()
        decisions = play(*key, int(start), int(n))
        print(decisions, time.process_time() - cpu, flush=True)
"""


def revision(rev: str, who: str | None = None) -> str | None:
    """The commit `rev` names in this checkout, or None (said on stderr, by `who`: the script)."""
    who = who or f"bench/{Path(sys.argv[0]).name}"
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, text=True,
                         capture_output=True)
    if sha.returncode != 0:
        print(f"{who}: '{rev}' is no revision of {ROOT}: {sha.stderr.strip()}", file=sys.stderr)
        return None
    return sha.stdout.strip()


def export(sha: str, into: str) -> None:
    """The files of commit `sha` written into the folder `into` (git archive)."""
    archive = subprocess.run(["git", "archive", "--format=tar", sha], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)


def both_sides(sha: str, script: str, args: list[str], who: str) -> dict | None:
    """Commit `sha` (exported to a temporary folder) and the working tree, each running `script`
    (`python -c`, the checkout then `args` on its argv) once: {"before": ..., "after": ...}, the
    JSON of each side's last line of output; None (said on stderr, by `who`) when a side fails."""
    import json
    with tempfile.TemporaryDirectory(prefix="side-by-side-") as tmp:
        export(sha, tmp)
        sides = {}
        for label, root in (("before", Path(tmp)), ("after", ROOT)):
            run = subprocess.run([sys.executable, "-c", script, str(root), *args], cwd=root, text=True,
                                 capture_output=True)
            if run.returncode != 0:
                print(f"{who}: the {label} side failed:\n{run.stderr.strip()[-2000:]}", file=sys.stderr)
                return None
            sides[label] = json.loads(run.stdout.strip().splitlines()[-1])
    return sides


def same_games(old: list, new: list) -> str:
    """How many of two lists of game digests are equal, seed by seed, and the first that is not:
    `identical ...: S/N (first different: seed K)` without its noun."""
    same = sum(a == b for a, b in zip(old, new))
    first = next((seed for seed, (a, b) in enumerate(zip(old, new)) if a != b), None)
    return f"{same}/{len(old)}" + (f" (first different: seed {first})" if first is not None else "")


class SideBySide:
    """Revision `rev` and the working tree, each a worker running `setup` (Python source that
    defines `play` and warms up; `args` follow the checkout on its argv). A context manager:
    `with SideBySide(...) as sides:`, then `sides.rounds(...)`; `sides.ok` is False (said on
    stderr) when the revision is unknown or a worker fails to start."""

    def __init__(self, rev: str, setup: str, args: list[str], who: str) -> None:
        self.rev, self.who = rev, who
        self.code = CHECKOUT_FINDER + setup + WORKER_LOOP
        self.args = args
        self.workers: dict[str, subprocess.Popen] = {}
        self.sha: str | None = None
        self.ok = False

    def __enter__(self) -> "SideBySide":
        self.sha = revision(self.rev, self.who)
        if self.sha is None:
            return self
        self._tmp = tempfile.TemporaryDirectory(prefix="side-by-side-")
        export(self.sha, self._tmp.name)
        for label, root in ((self.rev, Path(self._tmp.name)), ("working tree", ROOT)):
            worker = subprocess.Popen([sys.executable, "-c", self.code, str(root), *self.args], cwd=root,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            self.workers[label] = worker
            if worker.stdout.readline().strip() != "ready":
                print(f"{self.who}: {label} failed to start (its error is above)", file=sys.stderr)
                return self
        self.ok = True
        return self

    def __exit__(self, *exc) -> None:
        for worker in self.workers.values():
            if worker.stdin and not worker.stdin.closed:
                worker.stdin.close()
            worker.wait()
        if self.sha is not None:
            self._tmp.cleanup()

    def ask(self, label: str, line: str) -> tuple[int, float]:
        """One request to a worker: (decisions, CPU seconds or Python calls)."""
        worker = self.workers[label]
        worker.stdin.write(line + "\n")
        worker.stdin.flush()
        decisions, figure = worker.stdout.readline().split()
        return int(decisions), float(figure)

    def rounds(self, key: str, rounds: int, games: int, uno_games: int, calls_games: int | None = None) -> "Rates":
        """`rounds` rounds of `games` seeded games per side (seeds r*games .. in round r), `key`
        naming what the workers play ('' or a box), with `uno_games` of UNO between (0: none);
        then each side's Python calls over the first `calls_games` seeds (default: `games`)."""
        rates = Rates({label: [] for label in self.workers}, uno=uno_ready(uno_games))
        order = list(self.workers) + (["UNO"] if rates.uno is not None else [])
        prefix = f"{key} " if key else ""
        for r in range(rounds):  # the order turns each round: no side always runs first
            for label in order[r % len(order):] + order[:r % len(order)]:
                if label == "UNO":
                    cpu = time.process_time()
                    figures = play_uno(uno_games, seed=r)
                    rates.uno.append(figures.decisions / (time.process_time() - cpu))
                else:
                    decisions, cpu = self.ask(label, f"play {prefix}{r * games} {games}")
                    rates.sides[label].append(decisions / cpu)
        rates.calls = {label: self.ask(label, f"calls {prefix}0 {calls_games or games}") for label in self.workers}
        return rates


@dataclass
class Rates:
    """Decisions per CPU second of each side, round by round, and of UNO (None: no UNO)."""

    sides: dict[str, list[float]]
    uno: list[float] | None = None
    calls: dict[str, tuple[int, float]] = field(default_factory=dict)  # (decisions, Python calls)

    def side_line(self, label: str, runs: str = "rounds") -> str:
        """`  LABEL median N decisions per CPU second (RUNS a to b), r.rrx UNO; c.c Python calls per decision`."""
        xs = self.sides[label]
        line = (f"  {label:<14} median {statistics.median(xs):>8,.0f} decisions per CPU second "
                f"({runs} {min(xs):,.0f} to {max(xs):,.0f})")
        if self.uno is not None:
            line += f", {statistics.median([x / u for x, u in zip(xs, self.uno)]):.2f}x UNO"
        decisions, total = self.calls[label]
        return line + f"; {total / decisions:.1f} Python calls per decision"

    def ratios(self) -> list[float]:
        """The working tree's rate over the revision's, round by round."""
        before, after = self.sides.values()
        return [a / b for a, b in zip(after, before)]


def uno_ready(uno_games: int) -> list[float] | None:
    """An empty list for UNO's rates once UNO is warmed up; None for no UNO (`uno_games` 0, or
    RLCard missing: said)."""
    if uno_games <= 0:
        return None
    try:
        play_uno(10)  # warm up
    except RLCardMissing as e:
        print(f"no UNO reference: {e}")
        return None
    return []
