"""The Mayhem scenarios played by the rules kernel (issue #11, plan step 5, the switch's first condition).

    .venv/bin/python bench/switch_scenarios.py [--only GLOB] [--json] [--root content]

Every scenario of tests/scenarios/{core,teen-titans-go,looney-tunes,modes} is run on the kernel
(runtime/scenario_kernel.py): in a temporary copy of the content both Mayhem boxes name `game
mayhem` (bench/trial.py's `name_the_game`), the copy is compiled once, and each scenario is
checked against the content, laid on a kernel game of its box and played. Prints each
scenario's PASS, FAIL or SETUP (it cannot be laid on the kernel) with its first reason, then the
failures grouped by reason (most common first) and the totals per folder. Asserts nothing
(tests/test_switch_scenarios.py holds the ones known to pass).

    .venv/bin/python bench/switch_scenarios.py --reseed 50 [--only GLOB]

tries `[setup] seed` 0..49 on each scenario that does not pass and prints the seeds under which
it does (its text otherwise unchanged): how a scenario whose expectations follow the seed's
stream is given a new seed when the stream changes (docs/kernel.md, "The scenario reader on
the kernel")."""
from __future__ import annotations

import argparse
from collections import Counter
from fnmatch import fnmatch
from functools import lru_cache
import json
from pathlib import Path
import re
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from parity_kernel import compile_named  # noqa: E402
from trial import findings  # noqa: E402

BOXES = ("teen-titans-go", "looney-tunes")
FOLDERS = ("core", "teen-titans-go", "looney-tunes", "modes")
SCENARIOS = ROOT / "tests" / "scenarios"


# The kernel's log lines in the Mayhem scenarios' words: compiler/scenario_log_lines.py (moved there so that
# `mayhem scenario run --runtime kernel` reads them too).
from mayhem.compiler.scenario_log_lines import LOG_LINES  # noqa: E402


@lru_cache(maxsize=4)
def compiled(root: Path = ROOT / "content") -> tuple:
    """(the Mayhem rules of the content, the IR of a copy whose Mayhem boxes name `game mayhem`)."""
    from mayhem.runtime.rules import load_rules
    _d, ir = findings(root)
    try:
        kernel_ir = compile_named(root, BOXES)
    except RuntimeError as exc:
        raise SystemExit(str(exc)) from None
    if ir is None:
        raise SystemExit("the content does not compile")
    return load_rules(ir), kernel_ir


def run_file(path: Path, root: Path = ROOT / "content"):
    """One Mayhem scenario file played on the kernel (runtime/scenario_kernel.run's result), the
    content of `root` compiled once per root, its log read through LOG_LINES."""
    from mayhem.runtime.scenario_kernel import run
    mrules, kernel_ir = compiled(root)
    return run(kernel_ir, mrules, path, LOG_LINES)


def files(only: str | None = None) -> list[Path]:
    out = [p for folder in FOLDERS for p in sorted((SCENARIOS / folder).glob("*.toml"))]
    return [p for p in out if only is None or fnmatch(str(p.relative_to(SCENARIOS)), only)
            or fnmatch(p.name, only)]


def run_all(only: str | None = None, root: Path = ROOT / "content") -> list[dict]:
    """Each scenario's status and reasons: {"file", "folder", "status", "reasons", "steps"}."""
    out = []
    for path in files(only):
        rel = path.relative_to(SCENARIOS)
        try:
            r = run_file(path, root)
            status, reasons, steps = r.status, r.failures, r.steps
        except Exception as exc:  # noqa: BLE001 - a scenario file refused (ScenarioError): reported, not raised
            status, reasons, steps = "SETUP", [f"setup: {type(exc).__name__}: {str(exc).splitlines()[0]}"], 0
        out.append({"file": str(rel), "folder": rel.parts[0], "status": status, "reasons": reasons, "steps": steps})
    return out


def reason_kind(reason: str) -> str:
    """A failure's reason without what is particular to one scenario (its step, names, numbers):
    for events, the kind of the first line missing (or present that should not be); for options
    and steps, their verb."""
    text = re.sub(r"^step \d+: ", "", reason)
    missing = re.search(r"missing from \{?(?:event = )?'([^']+)'", text)
    if text.startswith("events:") and missing:
        return f"events: no '{missing.group(1)}' line where expected"
    extra = re.match(r"events: \{?(?:event = )?'([^']+)'.*should not have happened", text)
    if extra:
        return f"events: a '{extra.group(1)}' line that should not be"
    verb = re.match(r"\['([a-z-]+)[^']*'.*\] (not among the legal actions|should not be legal here)", text)
    if verb:
        return f"'{verb.group(1)} ...' {verb.group(2)}"
    illegal = re.match(r"'([a-z-]+)[^']*' is not a legal action \(kind ([a-z]+)\)", text)
    if illegal:
        return f"'{illegal.group(1)} ...' is not a legal action (the kernel asks: {illegal.group(2)})"
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}", "…", text)
    text = re.sub(r"\b\d+\b", "N", text)
    text = re.sub(r"(not N): [a-z0-9-]+$", r"\1", text)  # the card a setup stopped at
    text = re.sub(r"^(figures|teams|locations|edges|pools|players|zones)\.[^.:]+", r"\1.X", text)
    text = re.sub(r"(expected) .*", r"\1 …", text)
    return text[:110]


def print_report(rows: list[dict]) -> None:
    for r in rows:
        first = r["reasons"][0] if r["reasons"] else ""
        print(f"{r['status']:5} {r['file']}" + (f"  -- {first[:160]}" if first else ""))
    bad = [r for r in rows if r["status"] != "PASS"]
    kinds = Counter(reason_kind(r["reasons"][0]) for r in bad if r["reasons"])
    print(f"\nfirst reasons of the {len(bad)} not passing, grouped:")
    for kind, n in kinds.most_common():
        print(f"  {n:3}  {kind}")
    print("\nper folder:    PASS  FAIL  SETUP  total")
    for folder in FOLDERS + ("all",):
        rs = [r for r in rows if folder in ("all", r["folder"])]
        c = Counter(r["status"] for r in rs)
        print(f"  {folder:14} {c['PASS']:4}  {c['FAIL']:4}  {c['SETUP']:5}  {len(rs):5}")


def with_seed(text: str, seed: int) -> str:
    """The scenario's text with `[setup] seed` set to `seed` (the line replaced, or written after
    `[setup]`): nothing else of the file changes, its expectations least of all."""
    line = re.compile(r"^seed\s*=\s*\d+[^\n]*$", re.M)
    if line.search(text):
        return line.sub(f"seed = {seed}", text, count=1)
    return text.replace("[setup]\n", f"[setup]\nseed = {seed}\n", 1)


def reseed(only: str | None, tries: int, root: Path = ROOT / "content") -> dict[str, list[int]]:
    """For each scenario that does not pass: the seeds of 0..tries-1 under which it passes, its
    text otherwise the same (`with_seed`). Prints them; a scenario with none needs its dice
    written (`rolls`, `tosses`: docs/scenarios.md)."""
    import tempfile
    found: dict[str, list[int]] = {}
    for row in run_all(only, root):
        if row["status"] == "PASS":
            continue
        path = SCENARIOS / row["file"]
        text = path.read_text(encoding="utf-8")
        good = []
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / path.name
            for seed in range(tries):
                copy.write_text(with_seed(text, seed), encoding="utf-8")
                if run_file(copy, root).status == "PASS":
                    good.append(seed)
        found[row["file"]] = good
        print(f"{row['file']}: passes under seed {', '.join(map(str, good)) or 'none'} (of 0..{tries - 1})")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="a glob of the scenarios to run (core/*, *trap*)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--root", type=Path, default=ROOT / "content", help="the content root")
    parser.add_argument("--reseed", type=int, metavar="N",
                        help="for each scenario not passing, the seeds of 0..N-1 under which it passes")
    args = parser.parse_args()
    if args.reseed:
        reseed(args.only, args.reseed, args.root)
        return
    rows = run_all(args.only, args.root)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print_report(rows)


if __name__ == "__main__":
    main()
