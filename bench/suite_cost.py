"""What each test file of the suite costs in CPU seconds, and two runs of it side by side.

    .venv/bin/python bench/suite_cost.py run --out /tmp/after.jsonl [pytest args]
    .venv/bin/python bench/suite_cost.py table /tmp/before.jsonl /tmp/after.jsonl [--top 30] [--workers 2]
    .venv/bin/python bench/suite_cost.py sweeps [--games 10]

`run` runs pytest (`-n 0` unless told otherwise, the default run's `-m 'not slow'`) with this file
as a plugin: each test's CPU (setup, call and teardown: `time.process_time` of the test process,
plus the CPU of the child processes it waited for, `resource.getrusage(RUSAGE_CHILDREN)`) is added
to OUT as a JSON line. CPU, not wall time: on a shared machine wall time is three to five times a
quiet machine's, CPU is not. `table` sums the lines of two runs (two revisions, say: run it in
each checkout) by file and prints, the costliest first, each file's tests and CPU seconds in
each run, the totals, and the total divided by the workers (a lower bound of the default run's
pytest time on a quiet machine with that many cores, collection and the site's Chromium, which
is no child of the test process, left out). `sweeps` plays GAMES
seeded games of each sweep of tests/test_properties.py and tests/test_modes.py (each box, mode,
pairing) with the tests' own `play_checked`, and prints the CPU seconds of a game of each: what a
sweep's size costs. The games are the rules kernel's: the Mayhem engine, which `run --runtime
engine` once measured beside it, was deleted after revision 29f6a0ed (run this script there to
measure it)."""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _cpu() -> tuple[float, float]:
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), child.ru_utime + child.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    out = os.environ.get("SUITE_COST_OUT")
    own0, child0 = _cpu()
    yield
    own1, child1 = _cpu()
    if out:
        line = {"test": item.nodeid, "file": item.path.name, "own": round(own1 - own0, 4),
                "children": round(child1 - child0, 4), "runtime": "kernel"}
        with open(out, "a") as f:
            f.write(json.dumps(line) + "\n")


def run(out: str, extra: list[str]) -> int:
    env = dict(os.environ, SUITE_COST_OUT=out, PYTHONPATH=str(REPO / "bench"))
    env.pop("MAYHEM_RUNTIME", None)  # the kernel, the only runtime
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    args = [sys.executable, "-m", "pytest", "-q", "-p", "suite_cost", "-p", "no:cacheprovider"]
    if not any(a == "-n" or a.startswith("-n") for a in extra):
        args += ["-n", "0"]
    return subprocess.call(args + extra, cwd=REPO, env=env)


def load(path: str) -> dict[str, list[float]]:
    """{file: [tests, CPU s]} of a run's lines (a test run twice counts once: its last line)."""
    tests: dict[str, dict] = {}
    for line in Path(path).read_text().splitlines():
        if line.strip():
            x = json.loads(line)
            tests[x["test"]] = x
    files: dict[str, list[float]] = {}
    for x in tests.values():
        row = files.setdefault(x["file"], [0, 0.0])
        row[0] += 1
        row[1] += x["own"] + x["children"]
    return files


def table(before: str, after: str, top: int, workers: int) -> None:
    e, k = load(before), load(after)
    names = sorted(set(e) | set(k), key=lambda n: -max(e.get(n, [0, 0])[1], k.get(n, [0, 0])[1]))
    print("| file | tests (before / after) | before CPU s | after CPU s | after / before |")
    print("| --- | --- | --- | --- | --- |")
    for n in names[:top]:
        ne, ce = e.get(n, [0, 0.0])
        nk, ck = k.get(n, [0, 0.0])
        ratio = f"{ck / ce:.1f}" if ce > 0.05 and nk else "-"
        print(f"| `{n}` | {ne} / {nk} | {ce:.1f} | {ck:.1f} | {ratio} |")
    te = sum(c for _, c in e.values())
    tk = sum(c for _, c in k.values())
    print(f"| all {len(names)} files | {sum(n for n, _ in e.values())} / {sum(n for n, _ in k.values())} "
          f"| {te:.0f} | {tk:.0f} | {tk / te if te else 0:.1f} |")
    print(f"divided by {workers} workers: before {te / workers / 60:.1f} min, after {tk / workers / 60:.1f} min")


def sweeps(games: int) -> None:
    os.environ.pop("MAYHEM_RUNTIME", None)  # the kernel, the only runtime
    sys.path.insert(0, str(REPO / "tests"))
    import random
    from mayhem.compiler import driver
    from mayhem.runtime import GameConfig, load_rules
    import test_modes
    import test_properties

    result = driver.compile_paths([REPO / "content"])
    rules = load_rules(result.ir)
    draw = random.Random(11)
    rows = []
    for box in test_properties.BOXES:
        rows.append((f"test_properties {box}", [lambda s, i, box=box: test_properties.play_checked(
            rules, box, s, i % 2 == 0)]))
    for box in test_modes.BOXES:
        for mode in test_modes.MODES:
            rows.append((f"test_modes {box} {mode}", [lambda s, i, box=box, mode=mode: test_modes.play_checked(
                rules, GameConfig(box, seed=s, mode=mode))]))
    for pairing in test_modes.PAIRINGS:
        for board in test_modes.BOXES:
            lists = test_modes.competitive_lists(rules, pairing)
            rows.append((f"test_modes competitive {pairing[0]} on {board}", [
                lambda s, i, board=board, lists=lists: test_modes.play_checked(
                    rules, GameConfig(board, seed=s, mode="competitive", team_lists=lists))]))
    print(f"| sweep (kernel, {games} games each) | CPU s a game |")
    print("| --- | --- |")
    for name, (play,) in rows:
        t0 = time.process_time()
        for i in range(games):
            play(draw.randrange(10**9), i)
        print(f"| {name} | {(time.process_time() - t0) / games:.3f} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "run":
        p = argparse.ArgumentParser(prog="suite_cost.py run")
        p.add_argument("--out", required=True)
        ns, extra = p.parse_known_args(argv[1:])
        return run(ns.out, extra)
    if argv and argv[0] == "sweeps":
        p = argparse.ArgumentParser(prog="suite_cost.py sweeps")
        p.add_argument("--games", type=int, default=10)
        ns = p.parse_args(argv[1:])
        sweeps(ns.games)
        return 0
    p = argparse.ArgumentParser(prog="suite_cost.py table")
    p.add_argument("cmd", choices=("table",))
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--workers", type=int, default=2)
    ns = p.parse_args(argv)
    table(ns.before, ns.after, ns.top, ns.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
