"""The shape of the code (issue 11, "Shape of the code"): small modules, each opening with a
docstring whose first line says what it owns, and the architecture's map of the modules in
step with the tree.

Every module of the toolchain's folders is at most LIMIT lines; every module of the runtime
opens with a one-line summary; docs/architecture.md's "Modules" maps every module of the
toolchain's packages, and no module that does not exist."""
from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FOLDERS = ("dsl", "compiler", "runtime", "site", "mayhem", "bench", "editors", "scripts")
LIMIT = 400  # lines of a module
ARCHITECTURE = REPO / "docs" / "architecture.md"
PACKAGES = ("dsl", "compiler", "runtime", "site", "mayhem")  # the toolchain's, mapped by the architecture


def modules(*folders: str) -> list[Path]:
    found = [p for folder in folders for p in (REPO / folder).rglob("*.py")
             if "node_modules" not in p.parts and "vendor" not in p.parts]
    return sorted(found)


def name(path: Path, root: Path = REPO) -> str:
    return path.relative_to(root).as_posix()


def too_long(paths: list[Path], root: Path = REPO) -> dict[str, int]:
    """The modules over LIMIT lines, with their lengths."""
    out = {}
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT:
            out[name(path, root)] = lines
    return out


def summary_problem(source: str) -> str | None:
    """What is wrong with a module's opening docstring: missing, or a first line that does not
    hold a whole summary (it must end a sentence, or open a list with ':')."""
    doc = ast.get_docstring(ast.parse(source), clean=False)
    if not source.lstrip().startswith(('"""', "'''")) or not doc:
        return "no docstring"
    first = doc.strip().splitlines()[0].rstrip()
    if len(first.split()) < 3:
        return f"its first line says too little: {first!r}"
    if not first.endswith((".", ":")):
        return f"its summary runs past the first line: {first!r}"
    return None


def test_every_module_is_at_most_400_lines():
    paths = modules(*FOLDERS)
    assert len(paths) > 150  # every module of the folders was read
    assert too_long(paths) == {}, "split a long module by what it owns (docs/architecture.md)"


def test_the_length_check_catches_a_long_module(tmp_path):
    long = tmp_path / "long.py"
    long.write_text('"""A long module."""\n' + "x = 1\n" * LIMIT, encoding="utf-8")
    short = tmp_path / "short.py"
    short.write_text('"""A short module."""\n', encoding="utf-8")
    assert too_long([long, short], tmp_path) == {"long.py": LIMIT + 1}


def test_every_module_of_the_runtime_opens_with_a_docstring_that_says_what_it_owns():
    paths = modules("runtime")
    assert len(paths) > 60  # runtime/ and runtime/kernel/
    problems = {}
    for path in paths:
        found = summary_problem(path.read_text(encoding="utf-8"))
        if found:
            problems[name(path)] = found
    assert problems == {}


def test_the_docstring_check_catches_a_missing_or_wrapped_summary():
    assert summary_problem('"""The board: Locations and their adjacency."""\nx = 1\n') is None
    assert summary_problem('"""Setup: the steps, in order:\n\n- one\n"""\n') is None
    assert summary_problem("x = 1\n") == "no docstring"
    assert summary_problem('# a comment\nx = 1\n') == "no docstring"
    assert summary_problem('"""The board: Location tiles laid in rows, and\nthe rest."""\n').startswith(
        "its summary runs past")
    assert summary_problem('"""Helpers."""\n').startswith("its first line says too little")


def module_map(text: str) -> tuple[dict[str, str], list[str]]:
    """The rows of the module map (the "## Modules" section of docs/architecture.md): each
    module's path (its folder's heading, "### `runtime/kernel/`: ...", and its row's name)
    with its summary; and what is wrong with the map's form."""
    rows: dict[str, str] = {}
    problems: list[str] = []
    inside, folder = False, None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            inside = line.strip() == "## Modules"
            folder = None
            continue
        if not inside:
            continue
        heading = re.match(r"### `([\w/]+)/`", line)
        if heading:
            folder = heading.group(1)
            continue
        row = re.match(r"\| `([^`]+)` \|(.*)\|\s*$", line)
        if not row:
            continue
        if folder is None:
            problems.append(f"line {number}: a row before any folder's heading")
            continue
        path, summary = f"{folder}/{row.group(1)}", row.group(2).strip()
        if path in rows:
            problems.append(f"line {number}: {path} mapped twice")
        if not summary:
            problems.append(f"line {number}: {path} says nothing of what it owns")
        rows[path] = summary
    if not rows:
        problems.append('no "## Modules" section with a table of modules')
    return rows, problems


def package_modules(root: Path = REPO) -> set[str]:
    """Every module of the toolchain's packages, as the module map names it."""
    return {name(p, root) for folder in PACKAGES for p in (root / folder).rglob("*.py")
            if "vendor" not in p.parts and "node_modules" not in p.parts}


def map_problems(text: str, root: Path = REPO) -> list[str]:
    """What the module map gets wrong about the tree under root: modules it misses, rows that
    name no module, and problems of its form."""
    rows, problems = module_map(text)
    modules_now = package_modules(root)
    problems += [f"{path} is not in the map: add a row saying what it owns"
                 for path in sorted(modules_now - set(rows))]
    problems += [f"{path} is mapped but does not exist: strike its row (or fix its name)"
                 for path in sorted(set(rows) - modules_now)]
    return problems


def test_the_architecture_maps_every_module_of_the_toolchain_and_no_other():
    rows, _ = module_map(ARCHITECTURE.read_text(encoding="utf-8"))
    assert len(rows) > 180  # the map was read: every folder's table
    assert {path.rsplit("/", 1)[0] for path in rows} >= {"runtime/kernel", "compiler/checks", "mayhem/lsp"}
    assert map_problems(ARCHITECTURE.read_text(encoding="utf-8")) == []


def test_every_module_path_the_architecture_names_exists():
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:%s)/[\w/]+\.py)`" % "|".join(PACKAGES), text))
    assert len(named) > 10
    assert sorted(path for path in named if not (REPO / path).is_file()) == []


def test_the_map_check_catches_a_missing_or_unknown_module(tmp_path):
    for module in ("dsl/ast.py", "runtime/kernel/state.py"):
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text('"""A module of the test."""\n', encoding="utf-8")
    good = ("# Architecture\n\n## Modules\n\n### `dsl/`: the language\n\n| module | what it owns |\n"
            "| --- | --- |\n| `ast.py` | The syntax tree. |\n\n### `runtime/kernel/`: the kernel\n\n"
            "| module | what it owns |\n| --- | --- |\n| `state.py` | The state. |\n\n## Next\n\n"
            "| `elsewhere.py` | a table of another section is not the map |\n")
    assert map_problems(good, tmp_path) == []
    (tmp_path / "runtime" / "kernel" / "new.py").write_text('"""New."""\n', encoding="utf-8")
    assert map_problems(good, tmp_path) == ["runtime/kernel/new.py is not in the map: add a row saying what it owns"]
    (tmp_path / "runtime" / "kernel" / "new.py").unlink()
    gone = good.replace("| `state.py` | The state. |", "| `state.py` | The state. |\n| `old.py` | Gone. |")
    assert map_problems(gone, tmp_path) == [
        "runtime/kernel/old.py is mapped but does not exist: strike its row (or fix its name)"]
    twice = good.replace("| `ast.py` | The syntax tree. |", "| `ast.py` | The syntax tree. |\n| `ast.py` |  |")
    assert map_problems(twice, tmp_path) == ["line 10: dsl/ast.py mapped twice",
                                              "line 10: dsl/ast.py says nothing of what it owns"]
    assert map_problems("# Architecture\n", tmp_path)[0] == 'no "## Modules" section with a table of modules'
