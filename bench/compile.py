"""Benchmark of the compiler: synthetic content of N cards, checked and compiled.

For each size it prints the cards per second of `check` and of `compile` (the whole
pipeline, IR validation included), the per-card cost (flat from 1,000 to 10,000
cards is the aim), the peak memory, and the time of a bare Lark parse of the same
files, with the ratio pipeline / bare parse (aim: within 3x), and the consistency
checks alone against the compile they follow (aim: the checks cost less than the
compile), and a one-line edit re-checked through compiler.incremental (aim: under 100 ms at
10,000 cards). Last, it times the checks over the real content/ (both boxes) the same way.

    .venv/bin/python bench/compile.py                  # 1,000 and 10,000 cards
    .venv/bin/python bench/compile.py --sizes 500,2000 --profile

Where the time goes (--profile, 10,000 cards, CPU seconds on a shared 2-core machine):
a check from scratch (6.2 s, December 2026, after the seventh round) is the load (the parse:
dsl/lalr_loop.py's loop over Lark's tables, building dsl.ast as it reduces; about 2.0 s), the
consistency checks (1.85 s with the card texts' facts kept on disk; a first run also reads
the card texts with their own Lark grammar), the IR (0.7 s) and the effect graph (0.55 s),
types, names and the model (0.8 s); the rounds below have the figures. The bare parse it is
compared with is Lark's own: the same grammar building Lark's tree with its positions, as
the compiler parsed before it lowered as it reduced.

A one-line edit re-checked through compiler.incremental parses one file again and builds
that file's components again (model, names, types, graph, IR, per-component checks); the
rest is kept. It took 4.3 s at 10,000 cards when every pass after the parse ran over the
whole collection (the checks 1.85 s, the IR 0.95, the graph 0.64, the model, names and
types 0.65, the load 0.09); then 0.6 to 0.8 s, then 0.24 to 0.32 s (December 2026, a
loaded 2-core machine; per pass, mean of a card's edit: the consistency checks 0.08 to
0.10 s, names and types of the whole collection's tables 0.08, the load of every file
0.04, the model 0.02, the graph 0.02, the IR 0.01). What made the difference: C201 and
C202 run over the name groups an edit touches, C102 goes through the collection once, the
loader makes each path's Path object once, what applies on which board is carried over, the IR's graph lists are patched in order
instead of sorted again, and what a check keeps is out of the garbage collector's sight
(its full collections cost up to 0.26 s inside a check). What is left: the cross-set
checks that still go over the whole collection (C102, C406, C302, C101, C803, C405: 6
to 16 ms each, and building the Collection's index), name resolution's and type
checking's collection-wide tables, the load's walk of the root. Now about 0.2 s (median,
CPU; 0.45 s with the same edits on the same loaded machine the same day before): those
checks count through tallies that a Workspace patches per component (checks/tally.py),
C301 is kept while the interface is, the Collection's indexes are kept per component,
and driver.run no longer calls gc.get_freeze_count() (which walks every frozen object: 60
to 90 ms). Left, per edit: names and types 80 to 90 ms (their collection-wide tables and
the replay of every component's share), the load 35 to 40 ms (told of the change by an
editor, `incremental` below, it neither walks the root nor stats every file, which saves
only 5 ms: the rest is the loader's `use` resolution and its import-cycle search), the
model 20 to 25, the graph 15 to 25, the checks' pass 20 to 30, the IR 10. An edit of the
interface (a keyword of shared/core.mh) checks everything again: 4.5 s. Fourth round
(issue #15): the names' and types' tables patched per component, a watched root's unchanged
files neither stat'ed nor hashed, the components' order by qid kept: a card's edit 209 ms
median (CPU; the machine loaded fifteen times over; 226 to 263 ms against 278 to 286 for the
code before, side by side in the same hour), the keyword's edit 5.3 s. The edits are timed after one check with the
watcher registered (an editor registers it after the first check: that check stats every
file once more).

Fifth round (issue #15): where the 209 ms went (`--profile`, the same edits; CPU under the
profiler, mean per edit): names 96 ms, of them a Python call per component to replay its
share (`each`, 257,000 calls over 16 edits), the declaration tables (resolve._declare,
sorting and filing all 10,000 top-level components) and the walk and sort of the 16,000
components; the load 46 (the loader's walk of all 805 files: their paths, `use`s, reads
from the cache); the model 39 (build_model over every declaration); types 35 (the same
per-component replay); the checks 32 (Collection's indexes of every component, 15 of them
copying the index by qid into each view); the graph 31 (two 100,000-item lists that each
insert moved); the IR 16. Every pass still walked all 10,000 cards per edit. Now a check
goes by file: while the interface holds and the files that changed declare leaf kinds with
the same ids, the load reads only the files the editor named (a watched root; their `use`s
and box the same), the model builds only those files' components, names and types redo
only those and the components whose names meant theirs (an index of which files each
component's names mean), the graph and the IR patch only their pieces (the IR's lists kept
in sortedcontainers' SortedKeyList), and the Collection the checks read is patched in place;
a syntax error in a card file, and its fix, go by file too. Side by side in the same
half hour, the machine loaded eighteen to twenty times over (median of eight edits of a card
or a character, CPU, two runs each): 29 to 41 ms against 236 to 248 ms for the code before;
the syntax error 11 to 16 ms against 176 to 193, its fix 25 to 33 against 237 to 271; per pass now the load 7 ms (reading and parsing the
edited file), the graph 5, the checks 6, the IR 5, the model, names and types 4. The keyword's edit
checked everything (3.7 s); by file since check10 (its body is not in the interface): 36 ms, the mean
of the five 27 ms (compiler/incremental.py). It also times a syntax error in a character file and its fix.

Where a check from scratch goes at 10,000 cards (December 2026, fourth round, `--profile`,
the card texts' facts kept on disk; CPU under the profiler): the load 53% (parsing: Lark's
LALR loop `feed_token` 26% of the parse's own time, dsl/scanner.py's lexer 19%, the lowering
to dsl.ast as it reduces 14%; Lark's `assert arg != end_state` calls Rule.__eq__ once per
reduction, 729,000 times), the consistency checks 23%, the IR 8%, the graph 8%, types,
names and the model 8%. Measured then: a check 10.1 s, 992 cards/s (1.79x the bare parse);
a compile (IR validated) 7.3 s, 1,378 cards/s (1.29x the bare parse: the "within 3x" aim is
met).

Fifth round (issue #15, December 2026): a well-formed file is parsed in one loop
(dsl/lalr_loop.py) over the same Lark tables, lexers and keyword tables, with the
post-lexer's rules inline and no generator, no `feed_token`, no assert per reduction; a
file that is not well-formed goes through Lark's loop, which reports it as before. Each
rule's reduce function is written and compiled for that rule (dsl/reductions.py), and the
eight `?rule`s that give back their child (`?sum: product`, ...; a third of the 729,000
reductions) only change the parser's state. A Span is no longer a frozen dataclass (3 us to
build through object.__setattr__, 0.7 us now; 400,000 of them). The IR reads the graph's
dicts instead of networkx's per-item views. The card texts' grammar (compiler/checks/
card_text.py) is read through the same loop, with Lark's tree builder: the same trees, 1.8x
faster. Side by side with the code before, alternating runs at 10,000 cards on a machine
loaded nine to seventeen times over its two cores (so the seconds are long; their ratios
hold): the load 3.7-5.8 s -> 2.0-3.0 s; a check with the card texts' facts kept 9.1-12.5 s
-> 6.8-9.1 s (best 1,098 -> 1,464 cards/s on that machine), a first run's (none kept)
11.0-13.4 s -> 8.4-8.6 s (best 912 -> 1,192 cards/s). Scaled to the fourth round's
quieter hour (6.46 s kept, 7.9 s first run), a check would take about 4.8 s kept (about
2,050 cards/s) and 6.0 s on a first run (about 1,650 cards/s): the aim is met with the card
texts kept, not on a first run, and neither was measured on a quiet machine. A check is now
0.96x a bare Lark parse of the same files (1.79x before), a compile 0.69x. Where it goes
(card texts kept): the consistency checks 36%, the load 30% (nine
tenths of it the parse: the loop itself, lexing, tokens and LALR actions, half; the
reductions, the syntax tree's nodes and spans, two fifths), the IR 13%, the graph 10%,
the model, names and types 11%.

Sixth round (issue #15, December 2026), profiled at 10,000 cards (`--profile`, card texts
kept): the load 38% (the parse loop's own time half of it: 740,000 matches of the lexer's
expressions, 4.4 million look-ups of actions, gotos and plans; the reductions, nodes and spans
the other half), the checks 33%, the graph 9%, the IR 8%, types, model and names 12.5%. Cut:
the keyword cycles (E501) looked for among the calls inside keywords only. Not kept: networkx's
add_nodes_from and add_edges_from (no faster). Tried and left: the syntax trees kept on disk by
file hash or parsed in worker processes come back through pickle, and unpickling 10,000 cards'
trees takes 1.5 s of CPU, as long as parsing them (slotted dataclasses unpickle through
Python-level __setstate__); with 1 or 2 workers the parent's CPU stayed 1.9-2.0 s (2.3 s
in-process) and the wall time grew, on that loaded machine.

Eighth round (check9, check8; issue #15, figures in the README): a check builds only what the
checks read (no effect graph, no IR graph lists: graph.NodeIds), the collector is off while the
passes and checks keep all they build, the parse loop matches the blanks with the next token,
and the card texts' facts (kept between runs, compiler/checks/card_text.Store) are a marshal
file made into facts as a check asks. A check is timed with no card texts kept and with them.

Eleventh round (check11, issue #15; figures in the README): a first run's reading of 10,429
card texts was a fifth of it (1.0-1.4 s: Lark's tables through the parse loop, a callback per
reduction, a Lark tree per text); compiler/checks/card_text_reader.py reads them with one
finditer and one look-up per token in the parser's steps worked out once (0.26-0.38 s), and a
check no longer imports the whole runtime (0.22 s) for runtime.board and runtime.actions. A
first run 5.40 -> 4.33 s median side by side (-20%); kept texts: within the noise. Left: the
parse loop (1.2-1.5 s) and the checks (1.0 s).

Each measurement runs in a fresh Python process, so that the peak memory (the
process's maximum resident set) belongs to that measurement alone; times are the
CPU time of that process, which other work on a shared machine disturbs less than
the wall clock. The content is
written to a temporary folder: a few boxes (each with its box manifest, pools and
ten Locations), characters with a Special Ability and two Abilities, and Mayhem
cards of the three timings, all on top of the real content/shared/core.mh.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import EDITS, edits, generate  # noqa: E402 (bench/synthetic.py, next to this file)

# ---- one measurement, in a child process ---------------------------------------

def child(stage: str, root: Path, profile: bool) -> dict:
    import resource

    from mayhem.compiler import driver, ir as ir_mod
    from mayhem.dsl.parser import ast_parser, lark_parser

    lark_parser()  # build the grammar's tables outside the timing (the bare parse's and the compiler's)
    ast_parser()
    ir_mod._validator()
    texts = [p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.mh"))]
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    problems = None
    prof = None
    if profile:
        import cProfile
        prof = cProfile.Profile()
        prof.enable()
    start = time.process_time()
    compile_seconds = None
    if stage == "parse":
        parser = lark_parser()
        for text in texts:
            parser.parse(text)
    elif stage == "checks":  # the consistency checks alone, against the compile they follow
        from mayhem.compiler.checks import run_checks
        result = driver.compile_paths([root])
        compile_seconds = {"seconds": time.process_time() - start, "passes": result.timings}
        problems = [f"{d.span}: {d.code} {d.message}" for d in result.diagnostics.errors[:5]]
        start = time.process_time()
        run_checks(result.ir, result.graph.g)
    elif stage in ("incremental", "incremental-walk"):  # one-line edits re-checked through compiler.incremental
        from mayhem.compiler.incremental import Workspace
        if prof is not None:
            prof.disable()  # the edits are profiled, not the first check
        ws = Workspace(root)
        ws.check()  # the workspace as an editor session has it: every file checked once
        watched = stage == "incremental"  # told of each change, as by an editor watching the files
        if watched:
            ws.watched()
            ws.check()  # an editor's watcher registered after the first check: every file stat'ed once more
        times, reparsed, passes = [], [], {}
        for path, old, new in edits(root):
            text = path.read_text(encoding="utf-8")
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
            if watched:
                ws.saw(path)
            if prof is not None:
                prof.enable()
            start = time.process_time()
            result = ws.check()
            times.append(time.process_time() - start)
            if prof is not None:
                prof.disable()
            for name, t in result.timings.items():
                passes[name] = passes.get(name, 0.0) + t
            reparsed.append(len(ws.cache.parsed_last))
            problems = [f"{d.span}: {d.code} {d.message}" for d in result.diagnostics.errors[:5]]
            if problems:
                break
            path.write_text(text, encoding="utf-8")
            if watched:
                ws.saw(path)
            ws.check()  # back to the content as it was, outside the timing
        syntax = []  # a syntax error in a character file, then its fix (as an author types)
        path = sorted(root.glob(EDITS[0][1]))[-1]
        text = path.read_text(encoding="utf-8")
        for body in (text.replace("  life ", "  life (", 1), text):
            path.write_text(body, encoding="utf-8")
            if watched:
                ws.saw(path)
            start = time.process_time()
            ws.check()
            syntax.append(time.process_time() - start)
        if prof is not None:
            prof.enable()
        compile_seconds = {"times": times, "reparsed": reparsed, "syntax": syntax,
                           "passes": {k: v / len(times) for k, v in passes.items()}}
        start = time.process_time()
    else:
        result = (driver.check if stage == "check" else driver.compile_paths)([root])
        compile_seconds = {"passes": result.timings}
        errors = result.diagnostics.errors
        problems = [f"{d.span}: {d.code} {d.message}" for d in errors[:5]]
        if stage == "compile" and result.ir is None and not errors:
            problems = ["no IR"]
    seconds = time.process_time() - start
    if stage.startswith("incremental"):
        seconds = sum(compile_seconds["times"]) / len(compile_seconds["times"])
    if prof is not None:
        import io
        import pstats
        prof.disable()
        passes = (compile_seconds or {}).get("passes") if isinstance(compile_seconds, dict) else None
        if passes:
            total = sum(passes.values()) or 1.0
            print("pass by pass (CPU seconds" + (", mean per edit" if stage.startswith("incremental") else "")
                  + ", under the profiler):", file=sys.stderr)
            for name, t in sorted(passes.items(), key=lambda kv: -kv[1]):
                print(f"  {name:<14} {t:8.3f}s {t / total:6.1%}", file=sys.stderr)
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(20)
        print(out.getvalue(), file=sys.stderr)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"seconds": seconds, "peak_mb": peak / 1024, "grew_mb": (peak - base_rss) / 1024,
            "problems": problems, "compile_seconds": compile_seconds}


def measure(stage: str, root: Path, repeat: int, profile: bool = False, cache: Path | None = None) -> dict:
    """The fastest of `repeat` runs; `cache`: the folder of the card texts' facts kept on disk
    (compiler/checks/card_text.Store: a fresh one is a first run's, cold)."""
    env = dict(os.environ, MAYHEM_CACHE=str(cache)) if cache is not None else None
    if profile:  # a run of its own: the profiler's overhead must not count
        proc = subprocess.run([sys.executable, __file__, "--child", stage, str(root), "--profile"],
                              capture_output=True, text=True, cwd=REPO, env=env)
        print(f"--- cProfile of {stage}, {root} (by own time) ---\n{proc.stderr}")
    best = None
    for _ in range(repeat):
        cmd = [sys.executable, __file__, "--child", stage, str(root)]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, env=env)
        if proc.returncode != 0:
            raise SystemExit(f"{stage} failed:\n{proc.stderr}")
        got = json.loads(proc.stdout)
        if got["problems"]:
            raise SystemExit(f"the synthetic content does not {stage} cleanly:\n" + "\n".join(got["problems"]))
        if best is None or got["seconds"] < best["seconds"]:
            best = got
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000", help="comma-separated card counts (default: 1000,10000)")
    ap.add_argument("--boxes", type=int, default=4, help="boxes the cards are spread over (default: 4)")
    ap.add_argument("--repeat", type=int, default=0,
                    help="runs per measurement, the fastest counts (default: 3 up to 2,000 cards, else 1)")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of check and compile per size")
    ap.add_argument("--keep", type=Path, default=None, help="write the content here and keep it")
    ap.add_argument("--child", nargs=2, metavar=("STAGE", "ROOT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], Path(args.child[1]), "--profile" in sys.argv)))
        return

    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    rows = []
    for cards in sizes:
        with tempfile.TemporaryDirectory(prefix=f"mayhem-bench-{cards}-") as tmp:
            root = (args.keep / f"cards-{cards}") if args.keep else Path(tmp) / "content"
            if root.exists():
                shutil.rmtree(root)
            files = generate(root, cards, args.boxes)
            size_mb = sum(p.stat().st_size for p in root.rglob("*.mh")) / 1e6
            repeat = args.repeat or (3 if cards <= 2000 else 1)
            print(f"{cards} cards: {files} files, {size_mb:.1f} MB of DSL, {args.boxes} boxes; "
                  f"best of {repeat} run{'s' if repeat > 1 else ''} ...", flush=True)
            parse = measure("parse", root, repeat)
            cold = Path(tmp) / f"card-text-{cards}"  # the card texts read afresh, then kept for the next runs
            cold.mkdir()
            first = measure("check", root, 1, cache=cold)
            check = measure("check", root, repeat, args.profile, cache=cold)
            check["cold"] = first["seconds"]
            full = measure("compile", root, repeat, args.profile)
            checks = measure("checks", root, repeat, args.profile)
            edit = measure("incremental", root, repeat, args.profile)
            edit["walked"] = measure("incremental-walk", root, repeat)
            rows.append((cards, files, size_mb, parse, check, full, checks, edit))

    print()
    print(f"{'cards':>7} {'files':>6} {'MB':>5} | {'bare parse':>10} | {'check':>7} {'cards/s':>8} {'us/card':>8}"
          f" {'x parse':>7} | {'compile':>7} {'cards/s':>8} {'us/card':>8} {'x parse':>7} | "
          f"{'peak MB':>13}")
    for cards, files, size_mb, parse, check, full, _checks, _edit in rows:
        def cols(r):
            s = r["seconds"]
            return f"{s:6.2f}s {cards / s:8.0f} {s / cards * 1e6:8.0f} {s / parse['seconds']:6.2f}x"
        print(f"{cards:>7} {files:>6} {size_mb:>5.1f} | {parse['seconds']:9.2f}s | {cols(check)} | {cols(full)} | "
              f"{check['peak_mb']:5.0f} / {full['peak_mb']:5.0f}")
    print("\ntimes: CPU seconds of the measuring process; peak MB: the maximum resident set of the check / compile process (the interpreter and the "
          "libraries included);")
    print("x parse: the pipeline's time over a bare Lark parse of the same files (aim: 3x or less); "
          "us/card: flat is linear.")
    for cards, *_rest, edit in rows:
        times = edit["compile_seconds"]["times"]
        print(f"one-line edits in {cards} cards, re-checked through compiler.incremental (errors and consistency "
              f"checks): mean {sum(times) / len(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
              f"(aim: under 100 ms), against {_rest[3]['seconds'] * 1000:.0f} ms for a check from scratch:")
        walked = edit["walked"]["compile_seconds"]["times"]
        for (label, name, _old, _new), t, w, n in zip(EDITS, times, walked, edit["compile_seconds"]["reparsed"]):
            print(f"  {t * 1000:7.0f} ms  {label} ({name}; files parsed again: {n}); {w * 1000:.0f} ms untold")
        leaf = [t for t, (label, *_r) in zip(times, EDITS) if "keyword" not in label]
        leaf_walked = [t for t, (label, *_r) in zip(walked, EDITS) if "keyword" not in label]
        print(f"  edits of a card or a character (not of the interface): median {statistics.median(leaf) * 1000:.0f} ms "
              f"told of the change (an editor watching the files), {statistics.median(leaf_walked) * 1000:.0f} ms "
              "untold (the root walked and every file stat'ed)")
        broke, fixed = edit["compile_seconds"]["syntax"]
        print(f"  a syntax error in a character file: {broke * 1000:.0f} ms, its fix {fixed * 1000:.0f} ms (told)")
        print(f"  full check: {cards / _rest[3]['seconds']:.0f} cards/s (aim: 2,000 or more); a first run's, with "
              f"no card text kept on disk: {cards / _rest[3]['cold']:.0f} cards/s")
    for cards, *_rest, checks, _edit in rows:
        k, c = checks["seconds"], checks["compile_seconds"]["seconds"]
        print(f"consistency checks over {cards} cards: {k:.2f}s, the compile before them {c:.2f}s: the checks "
              f"take {k / c:.2f}x the compile (aim: less than 1x)")
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        for i, stage in ((4, "check"), (5, "compile")):
            a = first[i]["seconds"] / first[0]
            b = last[i]["seconds"] / last[0]
            print(f"per-card cost of {stage}, {last[0]} vs {first[0]} cards: {b / a:.2f}x")


def consistency_over_content(repeat: int = 5) -> None:
    """The consistency checks over the real collection (both boxes) against the compile
    that precedes them: the checks should cost no more than the compile itself."""
    sys.path.insert(0, str(REPO))
    from mayhem.compiler import driver
    from mayhem.compiler.checks import run_checks

    compile_s, checks_s = [], []
    for _ in range(repeat):
        start = time.process_time()
        comp = driver.compile_paths([REPO / "content"])
        compile_s.append(time.process_time() - start)
        start = time.process_time()
        run_checks(comp.ir, comp.graph.g)
        checks_s.append(time.process_time() - start)
    c, k = min(compile_s), min(checks_s)
    print(f"\nconsistency checks over content/ (both boxes, {len(comp.ir['components'])} top-level components): "
          f"compile {c:.3f}s, checks {k:.3f}s: the checks take {k / c:.2f}x the compile (aim: 1x or less); "
          f"best of {repeat}, CPU seconds")


if __name__ == "__main__":
    main()
    if "--child" not in sys.argv:
        consistency_over_content()
