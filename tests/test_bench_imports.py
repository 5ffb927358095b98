"""The bench scripts import only what the toolchain has: every `mayhem` module (and name) a
script under bench/ imports, at its top or inside a function, exists. The scripts are not
imported by the suite, so a module deleted from the runtime (the Mayhem engine, deleted after
revision 29f6a0ed) would otherwise break a script unseen; the engine itself is read only from
that revision, in a checkout of it (bench/parity.py, bench/trial_compare.py)."""
from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "bench").glob("*.py"))
# the modules of the Mayhem engine's own: no script may import them (they are read from 29f6a0ed)
ENGINE = ("mayhem.runtime.engine", "mayhem.runtime.declared_actions", "mayhem.runtime.compiled",
          "mayhem.runtime.switch_game")


def imports(source: str) -> list[tuple[int, str, str | None]]:
    """(line, module, name or None) of every `import mayhem...` and `from mayhem... import name`
    of a script's code (its strings, which run in another checkout, aside)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, None) for a in node.names if a.name.split(".")[0] == "mayhem"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "mayhem":
            out += [(node.lineno, node.module, a.name) for a in node.names]
    return out


def _has(module: str, name: str) -> bool:
    """`from module import name` works: a name of the module, or a module of the package."""
    found = importlib.import_module(module)
    if hasattr(found, name):
        return True
    return hasattr(found, "__path__") and importlib.util.find_spec(f"{module}.{name}") is not None


def missing(script: Path) -> list[str]:
    """The imports of `script` that name no module or no name of one, and those of the engine."""
    problems = []
    for line, module, name in imports(script.read_text(encoding="utf-8")):
        where = f"bench/{script.name}:{line}"
        named = f"{module}.{name}" if name else module
        if module.startswith(ENGINE) or named.startswith(ENGINE):
            problems.append(f"{where}: {module if module.startswith(ENGINE) else named} is the Mayhem engine's")
        elif importlib.util.find_spec(module) is None:
            problems.append(f"{where}: no module {module}")
        elif name is not None and name != "*" and not _has(module, name):
            problems.append(f"{where}: {module} has no {name}")
    return problems


def test_the_scripts_are_read():
    assert len(SCRIPTS) > 20 and any(imports(s.read_text(encoding="utf-8")) for s in SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_every_mayhem_import_of_a_bench_script_exists(script):
    assert missing(script) == []


def test_a_missing_module_a_missing_name_and_the_engine_are_named(tmp_path):
    script = tmp_path / "stale.py"
    script.write_text("import sys\n"
                      "from mayhem.runtime import GameConfig, no_such_name\n"
                      "def play():\n"
                      "    from mayhem.runtime.no_such_module import x\n"
                      "    from mayhem.runtime.engine import GameConfig\n"
                      "    from mayhem.runtime import declared_actions\n"
                      "CODE = 'from mayhem.runtime.engine import Engine'  # a string: another checkout's\n",
                      encoding="utf-8")
    assert missing(script) == ["bench/stale.py:2: mayhem.runtime has no no_such_name",
                               "bench/stale.py:4: no module mayhem.runtime.no_such_module",
                               "bench/stale.py:5: mayhem.runtime.engine is the Mayhem engine's",
                               "bench/stale.py:6: mayhem.runtime.declared_actions is the Mayhem engine's"]
