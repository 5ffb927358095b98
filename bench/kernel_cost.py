"""The cost model of the kernel's step machinery: what happens between two decisions of the Mayhem boxes, per decision.

    .venv/bin/python bench/kernel_cost.py [--games N] [--box BOX] [--top K] [--callers NAME ...]

Plays the boxes as bench/kernel_mayhem.py does (seeds 0 .. N-1, random bots) under cProfile and
prints, per decision (answers given): the steps (the structure's and the actions taken), the
update events raised after a step and the events landed (logged `raise`, by name), the end checks
asked (`check_end` called) and those that asked the end condition itself, then the Python calls of
each module of the kernel (cProfile's ncalls, by module), the step machinery's functions one by
one (calls and own time), and the K functions called most; `--callers NAME` (`get`, `len`, a function's
name) prints who calls it, per decision. The figure of merit is Python calls
per decision; the same on any machine (CPU time is not).

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from collections import Counter
import cProfile
from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from kernel_mayhem import BOXES, load_here  # noqa: E402

# the step machinery: the functions between two decisions (this helper's part of the kernel)
MACHINERY = ("in_place.py", "finish.py", "steps.py", "events.py", "listeners.py", "heard.py", "when_reads.py",
             "end_reads.py", "once.py", "rounds.py", "turns.py", "structure.py", "moments.py", "<string>")


def summed_stats(prof: cProfile.Profile) -> dict:
    """pstats' table of the profile, (file, line, name) -> (cc, ncalls, tottime, cumtime, callers),
    with the functions of one label summed: the kernel generates a function of one name per rules,
    per game or per card (`stepped`, `round_start`, `menu`, `check_end`, all `<string>`, line 1),
    and cProfile.Profile.snapshot_stats keeps only the last code object of a label, so such a row
    read one function's calls (or none)."""
    stats: dict = {}
    for entry in prof.getstats():
        func = cProfile.label(entry.code)
        nc, tt, ct = entry.callcount, entry.inlinetime, entry.totaltime
        cc = nc - entry.reccallcount
        row = stats.get(func)
        callers = row[4] if row is not None else {}
        if row is not None:
            cc, nc, tt, ct = cc + row[0], nc + row[1], tt + row[2], ct + row[3]
        stats[func] = (cc, nc, tt, ct, callers)
    for entry in prof.getstats():  # who called each, by the callers' labels, summed the same way
        func = cProfile.label(entry.code)
        for sub in entry.calls or ():
            row = stats.get(cProfile.label(sub.code))
            if row is None:
                continue
            nc, cc = sub.callcount, sub.callcount - sub.reccallcount
            prev = row[4].get(func, (0, 0, 0.0, 0.0))
            row[4][func] = (prev[0] + nc, prev[1] + cc, prev[2] + sub.inlinetime, prev[3] + sub.totaltime)
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--box", action="append", choices=BOXES)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--callers", action="append", default=[], metavar="NAME",
                        help="print who calls the functions named NAME (e.g. \"<method 'get' of 'dict' objects>\""
                             " or get), per decision")
    args = parser.parse_args()
    boxes = tuple(args.box or BOXES)
    g = load_here()
    for box in boxes:
        g["play"](box, 10 ** 6, 2)  # warm up: every compiled function made first
    from mayhem.runtime.kernel import structure
    from mayhem.runtime.kernel.play import play_game
    from parity_kernel import kernel_config
    rules_of, ir = g["RULES"], g["IR"]
    for rules in (rules_of[box] for box in boxes):  # the end condition counted where it is asked (one call more each)
        structure._per_rules(rules)
        hit = structure._PER_RULES[id(rules)]
        end = hit[1][0]
        if end is not None:
            def end_condition(run, env, end=end):
                return end(run, env)
            structure._PER_RULES[id(rules)] = (hit[0], (end_condition,) + hit[1][1:])
    games, decisions, events = [], 0, Counter()
    prof = cProfile.Profile()
    for box in boxes:
        rules = rules_of[box]
        for seed in range(args.games):
            prof.enable()
            game = play_game(rules, kernel_config(rules, ir, seed, max_turns=400), ["random"])
            prof.disable()
            games.append(game)
            decisions += len(game.history)
            events.update(e["name"] for e in game.state.log if e["event"] == "raise")
    stats = summed_stats(prof)  # (file, line, name) -> (cc, ncalls, tottime, cumtime, callers)

    def calls(name: str, file: str | None = None) -> int:
        return sum(v[1] for (f, _l, n), v in stats.items() if n == name and (file is None or f.endswith(file)))

    total = sum(v[1] for v in stats.values()) - calls("end_condition", "kernel_cost.py")
    per = 1 / decisions
    print(f"{', '.join(boxes)}: {len(games)} games, {decisions:,} decisions, {total:,} Python calls: "
          f"{total * per:.1f} a decision")
    steps = calls("stepped", "<string>")
    print("\nper decision:")
    for label, n in (("steps + actions wrapped in the update (finish.after_step's `stepped`)", steps),
                     ("update events (finish.updater's functions)", sum(calls(n, "finish.py") for n in
                                                                     ("silent", "in_play_only", "heard"))),
                     ("  heard by cards in play alone (finish.in_play_only)", calls("in_play_only", "finish.py")),
                     ("  landed as events (events.land), all", calls("land", "events.py")),
                     ("end checks (check_end: each game's, written per game by steps._EndCheck)",
                      calls("check_end", "<string>") + calls("check_end_plain", "steps.py")),
                     ("  the end condition itself asked", calls("end_condition", "kernel_cost.py")),
                     ("listener tables looked up (Hearing.table)", calls("table", "listeners.py")),
                     ("listeners' conditions asked (when_reads.asked; in_play_only's own not counted)",
                      calls("asked", "when_reads.py")),
                     ("  loops over a set, asked or known empty (when_reads.loops_none)",
                      calls("loops_none", "when_reads.py")),
                     ("pieces/tiles/figures walked (listeners.components)", calls("components", "listeners.py")),
                     ("round starts (turns.make_round_start's `round_start`)",
                      calls("round_start", "<string>") + calls("_round_start", "steps.py")),
                     ("menus (menus.whole_of's `menu`, actions.menu's)",
                      calls("menu", "<string>") + calls("menu", "actions.py"))):
        print(f"  {label:<76} {n * per:7.3f}   ({n:,})")
    print("  events raised and logged, by name, per decision:")
    for name, n in events.most_common():
        print(f"    {name:<30} {n * per:7.3f}")
    modules = Counter()
    for (f, _l, _n), v in stats.items():
        modules[Path(f).name if "/kernel/" in f or f == "<string>" else
                ("(builtins)" if f == "~" else "(other: " + Path(f).parent.name + ")")] += v[1]
    print("\nPython calls per decision, by module (the kernel's; generated code is <string>):")
    for mod, n in modules.most_common(30):
        mark = " *" if mod in MACHINERY else ""
        print(f"  {mod:<32} {n * per:7.1f}{mark}")
    machinery = sum(n for mod, n in modules.items() if mod in MACHINERY)
    print(f"  (* the step machinery's modules: {machinery * per:.1f} a decision)")
    print(f"\nthe {args.top} functions called most (calls per decision, own seconds):")
    rows = sorted(stats.items(), key=lambda kv: -kv[1][1])[:args.top]
    for (f, line, name), v in rows:
        where = f"{Path(f).name}:{line}" if f != "~" else ""
        print(f"  {name[:44]:<44} {where:<24} {v[1] * per:7.2f} {v[2]:7.2f}")
    for wanted in args.callers:
        by = Counter()
        for (_f, _l, name), v in stats.items():
            if name == wanted or name == f"<method '{wanted}' of 'dict' objects>" or name.endswith(f".{wanted}>"):
                for (cf, cl, cn), cv in v[4].items():
                    by[(cf, cl, cn)] += cv[0] if isinstance(cv, tuple) else cv
        print(f"\nwho calls {wanted} (calls per decision):")
        for (cf, cl, cn), n in by.most_common(args.top):
            print(f"  {cn[:44]:<44} {Path(cf).name + ':' + str(cl):<28} {n * per:7.2f}")


if __name__ == "__main__":
    main()
