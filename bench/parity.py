"""Parity of two revisions of the runtime: do seeded random games come out the same?

    nice -n 19 .venv/bin/python bench/parity.py --before main                 # main against the working tree
    nice -n 19 .venv/bin/python bench/parity.py --before main --after HEAD --games 500 --jobs 2
    nice -n 19 .venv/bin/python bench/parity.py --before main --ignore-span '*'  # content edits moved lines
    nice -n 19 .venv/bin/python bench/parity.py --kernel --games 200 --jobs 2    # 29f6a0ed's engine, the kernel

Each side is a checkout (a temporary `git worktree` of --before and of --after, or the working
tree for `.`, the default after) playing its own code and content through its own `mayhem
simulate` (`python -c` with the checkout's packages first on the import path), the same seeds
per box and mode, random bots; each game's record is read from its log (the `result` line:
winners, end reason, rounds; the `decision` lines). Per box and mode it prints how many games
have identical logs (the header's `ir_digest` aside; the first seed that differs), then the
two-sample tests (scipy: chi-square of winners and of end reasons, Mann-Whitney U of the rounds,
Kolmogorov-Smirnov of the decisions), and PASS or DIFFERENT: a row differs when a p-value is
under --alpha over its number of tests (Bonferroni).

Without --kernel, both sides are the rules kernel's (MAYHEM_RUNTIME=kernel): a side whose logs'
header does not say `runtime: kernel` (a revision older than the runtime setting, which played
the Mayhem engine whatever the variable) is an error naming it. The engine was deleted after
revision 29f6a0ed (ENGINE_REVISION). With --kernel, the switch's parity: the before side is the
Mayhem engine of --before (default 29f6a0ed, played with MAYHEM_RUNTIME=engine; a revision
without runtime/engine.py is an error), the after side the working tree's rules kernel playing
the boxes named `game mayhem` (bench/parity_kernel.py: each kernel game read into the fields
above, the mapping printed; a row whose kernel games raise is an ERROR row naming the first).

Exit status: 0 when every row passes, 1 when one differs, 2 on an error. Games are played in
chunks (--chunk) whose logs are read and deleted; --jobs is passed to `mayhem simulate`.
Competitive Mode plays the example team lists of examples/teams/ (as bench/simulate.py's
Competitive row) on each box's board, the same files on both sides; --teams gives others.
"""
from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field
import hashlib
import json
import os
from pathlib import Path
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BOXES = ("looney-tunes", "teen-titans-go")
DEFAULT_MODES = ("standard", "three-players", "four-players", "free-for-all", "competitive")
# the modes that play with team lists (content/shared/modes.mh, `team-lists`), and the lists
# they play by default: the examples, cross-box (examples/teams/), as bench/simulate.py's row
TEAM_LIST_MODES = ("competitive",)
COMPETITIVE_TEAMS = (ROOT / "examples/teams/titans-and-taz.mh", ROOT / "examples/teams/toons-and-raven.mh")
WORKING_TREE = "."
# the last revision that had the Mayhem engine (runtime/engine.py): --kernel's before side
ENGINE_REVISION = "29f6a0ed"
IGNORED_SPANS: set[str] = set()  # events whose `span` the digest leaves out (--ignore-span)

# Imports the project from a checkout (its path is argv[1], taken off argv): a finder maps
# the packages of the checkout's pyproject.toml (`mayhem.runtime` -> runtime/, ...) to its
# folders, ahead of any install. bench/kernel.py puts it before its own side too.
CHECKOUT_FINDER = r"""
import importlib.abc, importlib.util, sys, tomllib
from pathlib import Path
root = Path(sys.argv.pop(1)).resolve()
dirs = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-dir"]
class Checkout(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in dirs:
            folder = root / dirs[name]
            return importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                          submodule_search_locations=[str(folder)])
        return None
sys.meta_path.insert(0, Checkout())
"""
# Runs `mayhem` from a checkout.
_BOOT = CHECKOUT_FINDER + r"""
sys.argv[0] = "mayhem"
from mayhem.cli import main
main()
"""


@dataclass(frozen=True)
class GameRecord:
    """One game as the parity tests see it."""
    seed: int
    winners: str      # the winning Teams joined by '+', or 'none'
    reason: str       # how the game ended (vp, double-ko, max-rounds, draw, ...)
    rounds: int
    decisions: int
    digest: str = ""  # of the log, the header's ir_digest aside ('' when unknown)


def read_log(path: Path, seed: int, runtime: str | None = None) -> GameRecord:
    """The record of one game from its JSON Lines log; with `runtime`, a log whose header says
    another runtime played the game (no `runtime`: the Mayhem engine) is a RuntimeError."""
    digest = hashlib.sha256()
    result = None
    decisions = 0
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f):
            entry = json.loads(line)
            if n == 0 and "header" in entry:
                entry["header"].pop("ir_digest", None)
                played = entry["header"].get("runtime") or "engine"
                if runtime is not None and played != runtime:
                    raise RuntimeError(
                        f"{path.name} was played on the {played} (the log's header), not the {runtime}: a "
                        f"revision older than the kernel's runtime setting plays the Mayhem engine whatever "
                        f"MAYHEM_RUNTIME says (hint: compare its engine with the kernel by --kernel --before REV)")
            if "*" in IGNORED_SPANS or entry.get("event") in IGNORED_SPANS \
                    or f"{entry.get('event')}:{entry.get('token')}" in IGNORED_SPANS:
                entry.pop("span", None)  # --ignore-span: the rule moved, its source with it
            digest.update(json.dumps(entry, sort_keys=True).encode())
            if entry.get("event") == "decision":
                decisions += 1
            if "result" in entry:
                result = entry["result"]
    if result is None:
        raise ValueError(f"{path}: the log has no result line (the game did not finish)")
    winners = "+".join(sorted(result.get("winners") or [])) or "none"
    return GameRecord(seed, winners, result["reason"], int(result["rounds"]), decisions, digest.hexdigest())


def play_side(root: Path, box: str, mode: str, seeds: range, *, jobs: int = 1, bots: str = "random",
              chunk: int = 250, python: str = sys.executable,
              teams: tuple[Path, ...] = COMPETITIVE_TEAMS, runtime: str = "kernel") -> list[GameRecord]:
    """Play `seeds` on the checkout at `root` with its own `mayhem simulate`; one record per game.
    A mode of TEAM_LIST_MODES plays the team-list files `teams`, one per Team. `runtime`: the
    runtime setting the side plays under (MAYHEM_RUNTIME; `engine` only for a revision that had
    the engine, ENGINE_REVISION or older), whatever this process's is; a game whose log says
    another runtime played it (a checkout older than the setting ignores it) is a RuntimeError."""
    env = {**os.environ, "MAYHEM_RUNTIME": runtime}
    records: list[GameRecord] = []
    with_lists = ["--teams", ",".join(str(t) for t in teams)] if mode in TEAM_LIST_MODES else []
    for start in range(seeds.start, seeds.stop, chunk):
        n = min(chunk, seeds.stop - start)
        with tempfile.TemporaryDirectory(prefix="parity-logs-") as logs:
            cmd = [python, "-c", _BOOT, str(root), "simulate", "--box", box, "--mode", mode, "--games", str(n),
                   "--seed", str(start), "--jobs", str(jobs), "--bots", bots, "--log-dir", logs,
                   "--format", "json", "--content", str(root / "content"), *with_lists]
            run = subprocess.run(cmd, cwd=root, text=True, capture_output=True, env=env)
            if run.returncode != 0:
                raise RuntimeError(f"`mayhem simulate --box {box} --mode {mode}` failed in {root} "
                                   f"(exit {run.returncode}):\n{run.stderr[-2000:] or run.stdout[-2000:]}")
            try:
                records += [read_log(Path(logs) / f"seed-{s}.jsonl", s, runtime) for s in range(start, start + n)]
            except RuntimeError as e:
                raise RuntimeError(f"the checkout {root}, {box} / {mode}: {e}") from None
    return records


@dataclass
class Test:
    name: str        # what is compared
    method: str      # chi-square, Mann-Whitney U, Kolmogorov-Smirnov
    statistic: float
    p: float


@dataclass
class Comparison:
    games: int
    identical: int | None          # games with identical logs (None: no digests to compare)
    first_different: int | None    # the first seed whose logs differ
    tests: list[Test] = field(default_factory=list)
    alpha: float = 0.01
    errors: list = field(default_factory=list)  # games of the after side that raised (--kernel)

    @property
    def threshold(self) -> float:
        return self.alpha / max(len(self.tests), 1)

    @property
    def different(self) -> list[Test]:
        return [t for t in self.tests if t.p < self.threshold]

    @property
    def verdict(self) -> str:
        if self.errors:
            first = self.errors[0]
            return f"ERROR ({len(self.errors)} of {self.games} games raised; first, seed {first.seed}: {first.error})"
        if self.different:
            return "DIFFERENT (" + ", ".join(f"{t.name} p={t.p:.2g}" for t in self.different) + ")"
        if self.identical is not None and self.identical == self.games:
            return "PASS (every log identical)"
        return "PASS"


def _counts_test(name: str, a: Counter, b: Counter) -> Test:
    from scipy.stats import chi2_contingency
    categories = sorted(set(a) | set(b))
    if len(categories) < 2:
        return Test(name, "chi-square", 0.0, 1.0)  # one category on both sides: nothing can differ
    res = chi2_contingency([[a[c] for c in categories], [b[c] for c in categories]])
    return Test(name, "chi-square", float(res.statistic), float(res.pvalue))


def _lengths_test(name: str, method: str, a: list[int], b: list[int]) -> Test:
    from scipy.stats import ks_2samp, mannwhitneyu
    if sorted(a) == sorted(b):
        return Test(name, method, 0.0, 1.0)  # the same sample (mannwhitneyu is undefined on constant data)
    res = mannwhitneyu(a, b, alternative="two-sided") if method == "Mann-Whitney U" else ks_2samp(a, b)
    return Test(name, method, float(res.statistic), float(res.pvalue))


def compare(before: list[GameRecord], after: list[GameRecord], alpha: float = 0.01) -> Comparison:
    """Two sides' games compared: identical logs per seed, and the two-sample tests."""
    if not before or not after:
        raise ValueError("both sides need at least one game")
    by_seed = {r.seed: r for r in after}
    paired = [(r, by_seed[r.seed]) for r in before if r.seed in by_seed]
    identical = first = None
    if paired and all(b.digest and a.digest for b, a in paired):
        same = [b.digest == a.digest for b, a in paired]
        identical = sum(same)
        first = next((b.seed for (b, _a), s in zip(paired, same) if not s), None)
    tests = [
        _counts_test("winners", Counter(r.winners for r in before), Counter(r.winners for r in after)),
        _counts_test("end reasons", Counter(r.reason for r in before), Counter(r.reason for r in after)),
        _lengths_test("rounds", "Mann-Whitney U", [r.rounds for r in before], [r.rounds for r in after]),
        _lengths_test("decisions", "Kolmogorov-Smirnov", [r.decisions for r in before],
                      [r.decisions for r in after]),
    ]
    return Comparison(len(paired) if identical is not None else min(len(before), len(after)),
                      identical, first, tests, alpha)


def _shares(records: list[GameRecord], key: str) -> str:
    counts = Counter(getattr(r, key) for r in records)
    return ", ".join(f"{k} {v / len(records):.1%}" for k, v in sorted(counts.items()))


def describe(box: str, mode: str, before: list[GameRecord], after: list[GameRecord], cmp: Comparison,
             labels: tuple[str, str] = ("before", "after")) -> str:
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    lines = [f"== {box} / {mode}: {len(before)} games {labels[0]}, {len(after)} {labels[1]}"
             + (f" ({len(cmp.errors)} raised)" if cmp.errors else "")]
    if cmp.identical is not None:
        lines.append(f"identical logs: {cmp.identical}/{cmp.games}"
                     + (f" (first different: seed {cmp.first_different})" if cmp.first_different is not None else ""))
    for label, side in zip(labels, (before, after)):
        if not side:
            lines.append(f"  {label:<6} no game ended")
            continue
        lines.append(f"  {label:<6} winners: {_shares(side, 'winners')} | endings: {_shares(side, 'reason')} | "
                     f"mean rounds {mean([r.rounds for r in side]):.2f}, "
                     f"mean decisions {mean([r.decisions for r in side]):.1f}")
    for t in cmp.tests:
        lines.append(f"  {t.name:<12} {t.method:<19} statistic {t.statistic:10.4g}   p = {t.p:.4f}")
    lines.append(f"{box} / {mode}: {cmp.verdict}" + (f"   (alpha {cmp.alpha} over {len(cmp.tests)} tests: "
                                                      f"p < {cmp.threshold:.4g} differs)" if cmp.tests else ""))
    return "\n".join(lines)


class Sides:
    """The checkouts compared: temporary `git worktree`s of revisions, or the working tree."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.made: list[Path] = []

    def checkout(self, rev: str, label: str, engine: bool = False) -> Path:
        """The checkout of `rev` (a temporary worktree; the working tree for '.'); with `engine`,
        a revision that has the Mayhem engine (runtime/engine.py), or a SystemExit saying so."""
        sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, text=True,
                             capture_output=True)
        if rev != WORKING_TREE and sha.returncode != 0:
            raise SystemExit(f"bench/parity.py: '{rev}' is no revision of {ROOT} (git rev-parse: "
                             f"{sha.stderr.strip()})")
        if engine and (rev == WORKING_TREE or subprocess.run(["git", "cat-file", "-e", f"{rev}:runtime/engine.py"],
                                                             cwd=ROOT, capture_output=True).returncode != 0):
            where = "the working tree" if rev == WORKING_TREE else f"revision '{rev}'"
            raise SystemExit(f"bench/parity.py: --kernel --before {rev}: {where} has no Mayhem engine "
                             f"(runtime/engine.py), removed after revision {ENGINE_REVISION} (hint: leave --before "
                             f"out, its default is {ENGINE_REVISION}, or name an older revision)")
        if rev == WORKING_TREE:
            return ROOT
        path = self.tmp / f"{label}-{sha.stdout.strip()[:12]}"
        run = subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(path), sha.stdout.strip()],
                             cwd=ROOT, text=True, capture_output=True)
        if run.returncode != 0:
            raise SystemExit(f"bench/parity.py: git worktree add {rev} failed: {run.stderr.strip()}")
        self.made.append(path)
        return path

    def remove(self) -> None:
        for path in self.made:
            subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, capture_output=True)
        self.made.clear()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", metavar="REV", help="a git revision, or '.' for the working tree (with --kernel "
                    f"the Mayhem engine's side: a revision that had it, default {ENGINE_REVISION})")
    ap.add_argument("--after", metavar="REV", help="a git revision, or '.' for the working tree (default)")
    ap.add_argument("--kernel", action="store_true",
                    help="the after side is the rules kernel playing the boxes named `game mayhem` (the switch; "
                         f"bench/parity_kernel.py), the before side the Mayhem engine of --before ({ENGINE_REVISION})")
    ap.add_argument("--games", type=int, default=2000, help="seeded games per box and mode and side (default 2000)")
    ap.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    ap.add_argument("--box", action="append", help=f"repeatable; default: {' '.join(DEFAULT_BOXES)}")
    ap.add_argument("--mode", action="append", help=f"repeatable; default: {' '.join(DEFAULT_MODES)}")
    ap.add_argument("--bots", default="random", help="as `mayhem simulate --bots` (default random)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes of each `mayhem simulate` (default 1)")
    ap.add_argument("--chunk", type=int, default=250, help="games per `mayhem simulate` call (default 250)")
    ap.add_argument("--alpha", type=float, default=0.01,
                    help="chance that a row of identical distributions reads DIFFERENT (default 0.01)")
    ap.add_argument("--ignore-span", action="append", metavar="EVENT[:TOKEN]",
                    help="repeatable: compare the logs without the `span` of these events, or of an event about "
                         "one token (a rule moved into content: `--ignore-span vp --ignore-span place-token:vp`); "
                         "'*' leaves out every span (across revisions whose edits to content/ move lines)")
    ap.add_argument("--teams", metavar="A.mh,B.mh",
                    help=f"the team lists of {', '.join(TEAM_LIST_MODES)} (default: "
                         f"{','.join(str(t.relative_to(ROOT)) for t in COMPETITIVE_TEAMS)})")
    ap.add_argument("--json", metavar="FILE", help="also write every game's record and the tests as JSON")
    args = ap.parse_args(argv)
    if args.kernel and args.after is not None:
        ap.error("--kernel: the after side is the kernel of the working tree; give no --after")
    if args.before is None and not args.kernel:
        ap.error("the following arguments are required: --before")
    args.before, args.after = args.before or ENGINE_REVISION, args.after or WORKING_TREE  # (--kernel's default)
    teams = tuple(Path(t.strip()).resolve() for t in args.teams.split(",") if t.strip()) if args.teams \
        else COMPETITIVE_TEAMS
    missing = [t for t in teams if not t.is_file()]
    if missing:
        ap.error(f"--teams: no team-list file {', '.join(map(str, missing))}")
    IGNORED_SPANS.update(args.ignore_span or ())
    if args.games < 1 or args.jobs < 1 or args.chunk < 1:
        ap.error("--games, --jobs and --chunk must be at least 1")
    try:
        import scipy  # noqa: F401
    except ImportError:
        print("bench/parity.py: scipy is not installed; pip install -e '.[bench]'", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the finally below still removes the worktrees
    tmp = Path(tempfile.mkdtemp(prefix="mayhem-parity-"))
    sides = Sides(tmp)
    rows = []
    try:
        before_root = sides.checkout(args.before, "before", engine=args.kernel)
        after_root = sides.checkout(args.after, "after") if not args.kernel else None
        boxes, labels = args.box or DEFAULT_BOXES, ("engine", "kernel") if args.kernel else ("before", "after")
        if args.kernel:
            sys.path.insert(0, str(ROOT / "bench"))
            import parity_kernel
            # every Mayhem box names the game, the rows' or not: Competitive Mode's lists deal the
            # Characters of the other box that names it (runtime/kernel/collection.py)
            ir = parity_kernel.compile_named(ROOT / "content", tuple(dict.fromkeys([*boxes, *DEFAULT_BOXES])))
            print(parity_kernel.heading(args.before, before_root, args.bots))
        else:
            print(f"before: {args.before} ({before_root})\nafter:  {args.after} ({after_root})")
        print(f"{args.games} games per box and mode, seeds {args.seed}..{args.seed + args.games - 1}, "
              f"bots {args.bots}\n", flush=True)
        seeds = range(args.seed, args.seed + args.games)
        for box in boxes:
            for mode in args.mode or DEFAULT_MODES:
                start = time.perf_counter()
                # --kernel: the before side is the engine of a revision that had it, whatever the setting
                # (the kernel is the default runtime since December 4, 2026); else both sides the kernel's
                before = play_side(before_root, box, mode, seeds, jobs=args.jobs, bots=args.bots, chunk=args.chunk,
                                   teams=teams, runtime="engine" if args.kernel else "kernel")
                if args.kernel:
                    after, cmp = parity_kernel.kernel_row(ir, box, mode, seeds, before, jobs=args.jobs, teams=teams,
                                                          alpha=args.alpha)
                else:
                    after = play_side(after_root, box, mode, seeds, jobs=args.jobs, bots=args.bots,
                                      chunk=args.chunk, teams=teams)
                    cmp = compare(before, after, args.alpha)
                print(describe(box, mode, before, after, cmp, labels) + f"   [{time.perf_counter() - start:.0f} s]\n",
                      flush=True)
                rows.append((box, mode, before, after, cmp))
    except RuntimeError as e:
        print(f"bench/parity.py: {e}", file=sys.stderr)
        return 2
    finally:
        sides.remove()
        shutil.rmtree(tmp, ignore_errors=True)
    print("summary")
    for box, mode, _b, _a, cmp in rows:
        same = f"identical {cmp.identical}/{cmp.games}" if cmp.identical is not None else ""
        print(f"  {box:<16} {mode:<14} {same:<20} {cmp.verdict}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "before": args.before, "after": "kernel" if args.kernel else args.after, "games": args.games, "seed": args.seed, "alpha": args.alpha,
            "rows": [{"box": box, "mode": mode, "identical": cmp.identical, "verdict": cmp.verdict,
                      "tests": [t.__dict__ for t in cmp.tests], "errors": [e.__dict__ for e in cmp.errors],
                      "before": [r.__dict__ for r in b], "after": [r.__dict__ for r in a]}
                     for box, mode, b, a, cmp in rows]}, indent=1), encoding="utf-8")
    if any(cmp.errors for *_rest, cmp in rows):
        return 2
    return 1 if any(cmp.different for *_rest, cmp in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
