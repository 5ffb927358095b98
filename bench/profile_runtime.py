"""Where the runtime's time goes: cProfile over the random games of bench/simulate.py, per box, on the rules kernel.

    .venv/bin/python bench/profile_runtime.py [--games N] [--box BOX ... | --competitive] [--top K]
                                              [--sort tottime|cumtime] [--cold] [--sample [MS] | --opcodes]

Plays the same seeded random games as bench/simulate.py's one-process figure (seeds
0..N-1, random bots; after one warm-up game, as there, unless --cold) of the Mayhem boxes
(those that name no game), played by the rules kernel as `mayhem simulate` plays them (the
public API: runtime/simulate.py `play_one`, the Game of a Mayhem box), under cProfile
and prints, per box, the functions that take the most time: own time (tottime), its share of
the total, and time with callees (cumtime).
The profiler slows Python down, and more so for many small calls, so the shares are the
figure to read; decisions per second come from bench/simulate.py.

`--sample` profiles by sampling instead: a `SIGPROF` timer (every MS milliseconds of CPU
time, 1 by default) reads the Python stack of the running game, so that the cost of a call
is not inflated by the profiler's own; it prints, per module of the runtime and per
function, the share of the samples in which it runs (inclusive) and on top of the stack
(own). Its figures are for where the time goes; cProfile's, for the calls per decision.

`--opcodes` counts instead, per decision, the Python opcodes each function runs and the
Python-level calls (sys.settrace, as `bench/kernel.py --opcodes`): the same on any machine and
under any load, so two revisions compare by it where the clock of a shared machine cannot tell
them apart (C work inside a call is not counted; about 30 times slower than untraced: use a
few games). `--competitive` plays Competitive Mode instead, as bench/simulate.py's row does
(the example team lists of examples/teams on the Teen Titans GO! board).

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from collections import Counter
import cProfile
from pathlib import Path
import pstats
import signal
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime import GameConfig, load_rules  # noqa: E402
from mayhem.runtime.simulate import play_one  # noqa: E402
from opcodes import traced  # noqa: E402


def where(code: tuple) -> str:
    """'runtime/kernel/events.py:120 raise_event' from a pstats key (file, line, function)."""
    file, line, func = code
    path = Path(file)
    try:
        shown = str(path.resolve().relative_to(ROOT))
    except ValueError:
        shown = path.name if file != "~" else ""
    return f"{shown}:{line} {func}" if shown else func


def profile_box(rules, make, games: int, cold: bool = False) -> tuple[pstats.Stats, int]:
    if not cold:  # warm up, as bench/simulate.py does: the box's rules loaded outside the profile
        play_one(rules, make(games), ["random", "random"])
    prof = cProfile.Profile()
    decisions = 0
    prof.enable()
    for seed in range(games):
        decisions += play_one(rules, make(seed), ["random", "random"])["decisions"]
    prof.disable()
    return pstats.Stats(prof), decisions


def opcodes_box(rules, box: str, make, games: int, top: int) -> None:
    """The games traced opcode by opcode: per function, the opcodes it runs and its calls per
    decision, most opcodes first; then the totals per decision."""
    play_one(rules, make(games), ["random", "random"])  # warm up, untraced

    def games_played() -> int:
        played = 0
        for seed in range(games):
            played += play_one(rules, make(seed), ["random", "random"])["decisions"]
        return played

    decisions, ops, calls = traced(games_played)
    decisions = max(decisions, 1)
    print(f"\n{box}: {games} random games, {decisions:,} decisions, traced")
    print(f"  {'opcodes':>9} {'calls':>6}  per decision, by function")
    for code, n in ops.most_common(top):
        print(f"  {n / decisions:9.1f} {calls[code] / decisions:6.2f}  "
              f"{where((code.co_filename, code.co_firstlineno, code.co_name))}")
    print(f"  Python opcodes per decision: {sum(ops.values()) / decisions:.1f}; Python-level calls per decision: "
          f"{sum(calls.values()) / decisions:.1f}")


def sample_box(rules, make, games: int, every_ms: float) -> tuple[Counter, Counter, Counter, int, int]:
    """The games under a SIGPROF sampler: per function and per module, the samples in which it
    is on the stack (each once per sample) and on top of it; the number of samples and of
    decisions."""
    play_one(rules, make(games), ["random", "random"])  # warm up
    inclusive, own, modules = Counter(), Counter(), Counter()
    taken = [0]
    own_file = __file__

    named: dict = {}  # code object -> (its key, its module), worked out once

    def on_tick(_signum, frame) -> None:
        if frame.f_code.co_filename == own_file:  # a tick during the last one's handler
            return
        taken[0] += 1
        seen, seen_modules, top = set(), set(), True
        while frame is not None:
            code = frame.f_code
            known = named.get(code)
            if known is None:
                key = (code.co_filename, code.co_firstlineno, code.co_name)
                known = named[code] = (key, where((code.co_filename, 0, "")).split(":")[0])
            key, module = known
            if top:
                own[key] += 1
                top = False
            if key not in seen:
                seen.add(key)
                inclusive[key] += 1
            if module not in seen_modules:
                seen_modules.add(module)
                modules[module] += 1
            frame = frame.f_back

    old = signal.signal(signal.SIGPROF, on_tick)
    signal.setitimer(signal.ITIMER_PROF, every_ms / 1000, every_ms / 1000)
    decisions = 0
    try:
        for seed in range(games):
            decisions += play_one(rules, make(seed), ["random", "random"])["decisions"]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, old)
    return inclusive, own, modules, taken[0], decisions


def report_samples(inclusive: Counter, own: Counter, modules: Counter, samples: int, top: int) -> None:
    n = max(samples, 1)
    print(f"  {'on stack':>8} {'own':>6}  module (a sample counts once per module on its stack)")
    for module, k in modules.most_common(top):
        print(f"  {100 * k / n:>7.1f}%          {module}")
    print(f"\n  {'on stack':>8} {'own':>6}  function")
    for key, k in inclusive.most_common(top):
        print(f"  {100 * k / n:>7.1f}% {100 * own[key] / n:>5.1f}%  {where(key)}")


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
                    help="no warm-up game: loading the box's rules on first use is in the profile")
    ap.add_argument("--sample", nargs="?", type=float, const=1.0, metavar="MS",
                    help="sample the stack every MS ms of CPU time (default 1) instead of cProfile")
    ap.add_argument("--opcodes", action="store_true",
                    help="count the Python opcodes and calls per decision (sys.settrace; use a few games)")
    ap.add_argument("--competitive", action="store_true",
                    help="Competitive Mode alone: bench/simulate.py's row (its example team lists, its board)")
    args = ap.parse_args()
    comp = driver.compile_paths([Path(args.content)])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    rules = load_rules(comp.ir)
    # the Mayhem boxes, through the public API; a box that names a game of its own (Marvel
    # Mayhem) is the kernel's game itself, profiled by bench/kernel.py --profile
    mayhem_boxes = sorted(b for b, comp in rules.boxes.items() if "game" not in comp["props"])
    for box in args.box or []:
        if box not in mayhem_boxes:
            print(f"\n{box}: " + ("a game of the rules kernel: profile it with bench/kernel.py --profile, "
                                  "--opcodes" if box in rules.boxes else "no such box") + "; skipped")
    rows = [(box, lambda seed, box=box: GameConfig(box, seed=seed))
            for box in args.box or mayhem_boxes if box in mayhem_boxes]
    if args.competitive:
        from simulate import COMPETITIVE_TEAMS, competitive_lists
        lists = competitive_lists(comp.ir, list(COMPETITIVE_TEAMS))
        rows = [("competitive", lambda seed: GameConfig("teen-titans-go", seed=seed, mode="competitive",
                                                        team_lists=lists))]
    for box, make in rows:
        if args.opcodes:
            opcodes_box(rules, box, make, args.games, args.top)
            continue
        if args.sample:
            inclusive, own, modules, samples, decisions = sample_box(rules, make, args.games, args.sample)
            print(f"\n{box}: {args.games} random games, {decisions:,} decisions, {samples:,} samples "
                  f"(one every {args.sample:g} ms of CPU time)")
            report_samples(inclusive, own, modules, samples, args.top)
            continue
        stats, decisions = profile_box(rules, make, args.games, args.cold)
        print(f"\n{box}: {args.games} random games, {decisions:,} decisions, {stats.total_tt:.2f} s under the "
              f"profiler, sorted by {args.sort}")
        print(f"  {stats.total_calls:,} calls, {stats.total_calls / max(decisions, 1):.0f} per decision "
              "(Python functions and built-ins; the profiler counts each resumption of a generator)")
        report(stats, args.top, args.sort)


if __name__ == "__main__":
    main()
