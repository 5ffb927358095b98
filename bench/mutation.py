"""Mutation testing with mutmut: the score per module and the mutants the tests let through.

    nice -n 19 .venv/bin/python bench/mutation.py                      # every module below, all mutants
    nice -n 19 .venv/bin/python bench/mutation.py --module runtime/board.py --sample 80 --seed 17
    nice -n 19 .venv/bin/python bench/mutation.py --module 'compiler/checks/*.py' --jobs 2 --json out.json

mutmut (pinned in the `mutation` extra) makes small changes to the code, one at a time
(`<` for `<=`, `and` for `or`, a constant off by one, a call argument dropped), runs the
tests that reach the changed function, and counts a mutant as killed when a test fails.
A survivor is a change of behaviour no test notices (or an equivalent mutant: a change
that cannot change behaviour).

mutmut names a mutant after the module its file is imported as, guessed from the file's
path (`runtime/board.py` -> `runtime.board`); this project installs `runtime/` as
`mayhem.runtime`. So the script stages a copy of the project in the standard layout
(`build/mutation/<module>/mayhem/runtime/board.py`, ...) with a `pyproject.toml` made
from the project's `[tool.mutmut]` and `[tool.pytest.ini_options]`, and runs mutmut
there: the working tree is never touched.

Each module gets a fast, targeted test selection (`TESTS` below): the scenario files and
the unit tests that cover it, not the property tests over thousands of games (minutes
per mutant). mutmut then narrows it further to the tests that reach the mutated function.

`--sample N` draws N of a module's mutants at random with `--seed` (the same seed and
source give the same sample), for a figure in minutes instead of hours. The score is
killed / total: a mutant that times out counts as killed (the tests noticed), a mutant
no selected test reaches ("no tests") counts as surviving.
"""
from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import random
import re
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the folders the package `mayhem` maps (pyproject.toml [tool.setuptools] package-dir)
PACKAGE_DIRS = {"mayhem": "mayhem", "mayhem/dsl": "dsl", "mayhem/compiler": "compiler",
                "mayhem/runtime": "runtime", "mayhem/site": "site"}
# bench: kernel tests import its modules (trial, parity_kernel); the sources again at their own
# paths, unmutated, for the tests that read a module's text by path (tests/test_kernel_events_speed.py)
ALSO_STAGED = ("tests", "content", "examples", "bench", "runtime", "dsl", "compiler", "site")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")

# the rules kernel's modules of the rules (the Mayhem engine's, measured here before, were deleted
# after revision 29f6a0ed), the runtime's modules of the board, the rules and the actions, the checks
DEFAULT_MODULES = (
    "runtime/kernel/board.py", "runtime/kernel/primitives.py", "runtime/kernel/effects.py",
    "runtime/kernel/state.py", "runtime/kernel/modes.py", "runtime/kernel/rules.py", "runtime/kernel/actions.py",
    "runtime/kernel/setup.py", "runtime/kernel/rounds.py", "runtime/kernel/turns.py", "runtime/kernel/steps.py",
    "runtime/kernel/events.py", "runtime/kernel/damage.py", "runtime/kernel/movement.py",
    "runtime/kernel/pieces.py", "runtime/kernel/counters.py", "runtime/kernel/dice.py",
    "runtime/kernel/standing.py", "runtime/board.py", "runtime/rules.py", "runtime/actions.py",
    "compiler/checks/*.py", "site/escape.py",
)

# The tests run against each module's mutants: fast ones that cover it (files that do not
# exist are left out, so a selection may name tests still to come; a name with `*` is a glob).
_KERNEL = ["tests/test_kernel_*.py", "tests/test_switch_scenarios.py", "tests/test_runtime_api.py"]
_RUNTIME = [*_KERNEL, "tests/test_scenarios.py::test_scenario", "tests/test_runtime_games.py",
            "tests/test_runtime_board.py", "tests/test_runtime_rules.py", "tests/test_runtime_modes.py",
            "tests/test_runtime_game_log.py", "tests/test_runtime_expression_values.py",
            "tests/test_rules_values_edges.py", "tests/test_rules_lab.py",
            "--deselect", "tests/test_runtime_games.py::test_parallel_simulation_gives_the_same_results"]
_CHECKS = ["tests/test_checks.py", "tests/test_checks_authoring.py", "tests/test_checks_card_text.py",
           "tests/test_mutation.py", "tests/test_checks_silence.py",
           "tests/test_applicability.py", "tests/test_checks_helpers.py"]
TESTS = {
    "runtime/kernel/*.py": _KERNEL,
    "runtime/*.py": _RUNTIME,
    "compiler/checks/*.py": _CHECKS,
    "site/escape.py": ["tests/test_site.py::test_escape_leaves_no_markup", "tests/test_site_escape.py",
                       "tests/test_site_escape_edges.py",
                       "tests/test_doctests.py"],
}

# mutmut's exit-code statuses, as `mutmut results` prints them
DETECTED = {"killed", "timeout", "segfault", "caught by type check"}
UNDETECTED = {"survived", "no tests", "suspicious", "skipped"}


@dataclass
class ModuleResult:
    module: str
    total: int = 0
    statuses: dict[str, str] = field(default_factory=dict)  # mutant name -> status
    survivors: list[dict] = field(default_factory=list)    # {"name", "status", "line", "diff"}
    seconds: float = 0.0
    not_run: int = 0  # sampled, but not checked (a run stopped early)
    error: str = ""

    @property
    def killed(self) -> int:
        return sum(1 for s in self.statuses.values() if s in DETECTED)

    @property
    def score(self) -> float:
        return 100.0 * self.killed / len(self.statuses) if self.statuses else 0.0


def expand_modules(patterns: list[str]) -> list[str]:
    modules: list[str] = []
    for pattern in patterns:
        found = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern)
                       if p.suffix == ".py" and p.stat().st_size > 0)
        if not found:
            raise SystemExit(f"bench/mutation.py: no Python file matches '{pattern}' under {ROOT}")
        modules += [m for m in found if m not in modules]
    return modules


def staged_path(module: str) -> Path:
    """`runtime/board.py` -> `mayhem/runtime/board.py`: where the module sits in the staged layout."""
    for staged, real in sorted(PACKAGE_DIRS.items(), key=lambda kv: -len(kv[1])):
        if module == real or module.startswith(real + "/"):
            return Path(staged) / module[len(real) + 1:]
    raise SystemExit(f"bench/mutation.py: '{module}' is not in a folder of the package mayhem")


def tests_for(module: str) -> list[str]:
    for pattern, selection in TESTS.items():
        if fnmatch.fnmatch(module, pattern):
            out: list[str] = []
            for arg in selection:
                if arg.startswith("tests/") and not out[-1:] == ["--deselect"]:
                    if "*" in arg:
                        out += sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(arg))
                        continue
                    if not (ROOT / arg.split("::")[0]).exists():
                        continue
                out.append(arg)
            return out
    raise SystemExit(f"bench/mutation.py: no test selection for '{module}' (bench/mutation.py TESTS)")


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def stage(module: str, stage_dir: Path) -> None:
    """A copy of the project in the standard layout, with mutmut configured for one module."""
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    stage_dir.mkdir(parents=True)
    for staged, real in sorted(PACKAGE_DIRS.items()):
        shutil.copytree(ROOT / real, stage_dir / staged, ignore=IGNORED, dirs_exist_ok=True)
    for name in ALSO_STAGED:
        shutil.copytree(ROOT / name, stage_dir / name, ignore=IGNORED)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mutmut = dict(project.get("tool", {}).get("mutmut", {}))
    mutmut.update({
        "source_paths": ["mayhem/"],
        "only_mutate": [str(staged_path(module))],
        "also_copy": [f"{name}/" for name in ALSO_STAGED if name != "tests"] + list(mutmut.get("also_copy", [])),
        "pytest_add_cli_args_test_selection": tests_for(module),
        "use_git_change_detection": False,
    })
    pytest_opts = project.get("tool", {}).get("pytest", {}).get("ini_options", {})
    lines = ["# staged by bench/mutation.py: do not edit", "[tool.pytest.ini_options]"]
    lines += [f"{k} = {toml_value(v)}" for k, v in pytest_opts.items()]
    lines += ["", "[tool.mutmut]"] + [f"{k} = {toml_value(v)}" for k, v in mutmut.items()]
    (stage_dir / "pyproject.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


_LIST_MUTANTS = """
import json, sys
from pathlib import Path
from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.utils.format_utils import get_mutant_name
path = Path(sys.argv[1])
mutated = mutate_file_contents(str(path), path.read_text(encoding="utf-8"))
print(json.dumps([get_mutant_name(path, name) for name in mutated.mutant_names]))
"""


def mutant_names(module: str, stage_dir: Path) -> list[str]:
    """Every mutant mutmut makes of the module, by the name `mutmut run` takes (listed in the
    staged copy, where mutmut reads its configuration)."""
    out = subprocess.run([sys.executable, "-c", _LIST_MUTANTS, str(staged_path(module))], cwd=stage_dir,
                         text=True, capture_output=True)
    if out.returncode != 0:
        raise SystemExit(f"bench/mutation.py: mutmut could not mutate {module}:\n{out.stderr}")
    return json.loads(out.stdout)


def mutmut(stage_dir: Path, *args: str, log=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=stage_dir, text=True,
                          stdout=log or subprocess.PIPE, stderr=subprocess.STDOUT if log else subprocess.PIPE)


def function_start_lines(source: str) -> dict[str, int]:
    """mutmut's mangled function names (`x_f`, `xǁClassǁmethod`) -> first line of the definition."""
    starts: dict[str, int] = {}

    def first_line(node) -> int:
        return min([node.lineno] + [d.lineno for d in node.decorator_list])

    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            starts[f"x_{node.name}"] = first_line(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    starts[f"x\u01c1{node.name}\u01c1{item.name}"] = first_line(item)
    return starts


def changed_line(diff: str, function_line: int) -> int:
    """The line of the module where the mutant's diff (of one function) first differs."""
    for line in diff.splitlines():
        hunk = re.match(r"@@ -(\d+)", line)
        if hunk:
            offset = int(hunk.group(1)) - 1
            continue
        if line.startswith(("---", "+++")) or not line or "offset" not in locals():
            continue
        if line[0] == "-":
            return function_line + offset
        if line[0] == " ":
            offset += 1
    return function_line


def run_module(module: str, args) -> ModuleResult:
    result = ModuleResult(module)
    stage_dir = Path(args.work) / module.replace("/", "-").removesuffix(".py")
    if args.report_only:
        if not (stage_dir / "mutants").is_dir():
            result.error = f"no earlier run in {stage_dir}"
            return result
    else:
        stage(module, stage_dir)
    names = mutant_names(module, stage_dir)
    result.total = len(names)
    chosen = names
    if args.sample and args.sample < len(names):
        chosen = sorted(random.Random(f"{args.seed}:{module}").sample(names, args.sample),
                        key=names.index)
    if args.same_as:
        earlier = next((m for m in json.loads(Path(args.same_as).read_text(encoding="utf-8"))["modules"]
                        if m["module"] == module), None)
        if earlier is None:
            raise SystemExit(f"bench/mutation.py: {args.same_as} has no results for {module}")
        chosen = [name for name in names if name in earlier["statuses"]]
    if not chosen:
        return result
    run = None
    if not args.report_only:
        start = time.perf_counter()
        with open(stage_dir / "mutmut.log", "w", encoding="utf-8") as log:
            run = mutmut(stage_dir, "run", "--max-children", str(args.jobs), *chosen, log=log)
        result.seconds = time.perf_counter() - start
    listing = mutmut(stage_dir, "results", "--all", "true")
    statuses = dict(re.findall(r"^\s+(\S+): (.+)$", listing.stdout, flags=re.M))
    # a mutant not checked (a run stopped early) is left out of the score, and counted apart
    result.statuses = {name: statuses[name] for name in chosen if statuses.get(name, "not checked") != "not checked"}
    result.not_run = len(chosen) - len(result.statuses)
    if (run is not None and run.returncode != 0) or not result.statuses:
        tail = (stage_dir / "mutmut.log").read_text(encoding="utf-8", errors="replace")[-3000:] \
            if (stage_dir / "mutmut.log").exists() else ""
        code = run.returncode if run is not None else "-"
        result.error = f"mutmut run exited {code} (log: {stage_dir / 'mutmut.log'})\n{tail}"
    starts = function_start_lines((ROOT / module).read_text(encoding="utf-8"))
    for name, status in result.statuses.items():
        if status in DETECTED:
            continue
        shown = mutmut(stage_dir, "show", name)
        diff = "\n".join(l for l in shown.stdout.splitlines() if not l.startswith("# "))
        function = name.rsplit(".", 1)[1].partition("__mutmut_")[0]
        line = changed_line(diff, starts.get(function, 1))
        result.survivors.append({"name": name, "status": status, "line": line, "diff": diff})
    result.survivors.sort(key=lambda s: s["line"])
    return result


def report(results: list[ModuleResult], args) -> None:
    for r in results:
        if args.show_survivors and r.survivors:
            print(f"\n== {r.module}: {len(r.survivors)} surviving mutants")
            for s in r.survivors:
                print(f"\n{r.module}:{s['line']}: {s['status']} ({s['name'].rsplit('.', 1)[1]})")
                print("\n".join(l for l in s["diff"].splitlines() if not l.startswith(("---", "+++"))))
        if r.error:
            print(f"\n!! {r.module}: {r.error}", file=sys.stderr)
    sampled = f"sample of {args.sample} mutants per module, seed {args.seed}" if args.sample else "all mutants"
    if args.same_as:
        sampled = f"the mutants tested in {args.same_as}"
    print(f"\nmutation score ({sampled}; mutmut, tests per module as in bench/mutation.py TESTS)")
    print(f"{'module':32} {'mutants':>8} {'tested':>7} {'killed':>7} {'survived':>9} {'score':>7} {'time':>7}")
    tested = killed = 0
    for r in results:
        n = len(r.statuses)
        tested += n
        killed += r.killed
        print(f"{r.module:32} {r.total:8} {n:7} {r.killed:7} {n - r.killed:9} "
              f"{r.score:6.1f}% {r.seconds:6.0f}s" + (f"  ({r.not_run} sampled, not run)" if r.not_run else ""))
    if len(results) > 1 and tested:
        print(f"{'all':32} {sum(r.total for r in results):8} {tested:7} {killed:7} {tested - killed:9} "
              f"{100.0 * killed / tested:6.1f}%")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--module", action="append", metavar="PATH",
                    help="a module or a glob (repeatable); default: " + " ".join(DEFAULT_MODULES))
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="test N mutants per module, drawn at random with --seed (default: all)")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--jobs", type=int, default=1, help="mutants tested at once (default 1)")
    ap.add_argument("--work", default=str(ROOT / "build" / "mutation"),
                    help="where the staged copies and mutmut's mutants/ go (default build/mutation)")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    ap.add_argument("--same-as", metavar="FILE",
                    help="test exactly the mutants an earlier run tested (its --json file), to compare two runs")
    ap.add_argument("--report-only", action="store_true",
                    help="run nothing: print the results of the last run in --work (the same --module, --sample "
                         "and --seed pick the same mutants)")
    ap.add_argument("--no-survivors", dest="show_survivors", action="store_false",
                    help="print the scores only, not the surviving mutants' diffs")
    args = ap.parse_args(argv)
    try:
        import mutmut  # noqa: F401
    except ImportError:
        print("bench/mutation.py: mutmut is not installed; pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    modules = expand_modules(args.module or list(DEFAULT_MODULES))
    results = []
    for module in modules:
        print(f"{module}: mutating ...", file=sys.stderr, flush=True)
        r = run_module(module, args)
        print(f"{module}: {r.killed}/{len(r.statuses)} killed ({r.score:.1f}%) in {r.seconds:.0f}s",
              file=sys.stderr, flush=True)
        results.append(r)
    report(results, args)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "sample": args.sample, "seed": args.seed,
            "modules": [{"module": r.module, "mutants": r.total, "tested": len(r.statuses),
                         "killed": r.killed, "score": round(r.score, 1), "not_run": r.not_run, "statuses": r.statuses,
                         "survivors": r.survivors, "error": r.error} for r in results]},
            indent=1), encoding="utf-8")
    return 1 if any(r.error for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
