"""A check from scratch (issue #15, "Speed", the eleventh round): it loads only the modules of
the runtime it reads (runtime/__init__.py imports its API on first use), and the public API
of the runtime is the same."""
from __future__ import annotations

import subprocess
import sys

from conftest import REPO


def _fresh(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    return proc.stdout.strip()


def test_a_check_loads_neither_the_game_nor_the_kernel_nor_jsonschema():
    out = _fresh("import sys\nfrom pathlib import Path\nfrom mayhem.compiler import driver\n"
                 "assert driver.check([Path('content')]).ok\n"
                 "print(' '.join(sorted(m for m in sys.modules if m.startswith(('mayhem.runtime', 'jsonschema')))))")
    loaded = set(out.split())
    assert {"mayhem.runtime.board", "mayhem.runtime.actions"} <= loaded  # what the checks read
    assert not loaded & {"mayhem.runtime.game", "mayhem.runtime.kernel", "mayhem.runtime.scenario", "jsonschema"}


def test_the_runtime_api_is_there_when_asked_for():
    import mayhem.runtime as api
    from mayhem.runtime.scenario import run

    assert api.run_scenario is run and api.Game.__module__ == "mayhem.runtime.game"
    assert api.rules.load_rules is api.load_rules  # a module of the runtime, by attribute, as before
    assert set(api.__all__) <= set(dir(api))
    try:
        api.no_such_name
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("an unknown name of the runtime gave no AttributeError")


def test_a_module_of_the_name_of_a_function_of_the_api_leaves_the_function():
    # `simulate` and `replay` are modules and the API's functions: imported first, the module
    # does not take the name (a fresh interpreter, where nothing asked for the API before)
    out = _fresh("import types\nimport mayhem.runtime.simulate, mayhem.runtime.replay\nimport mayhem.runtime as api\n"
                 "print(isinstance(api.simulate, types.FunctionType), isinstance(api.replay, types.FunctionType))")
    assert out == "True True"


def test_every_module_of_the_runtime_imports_first():
    """With the API imported on first use, the first module a program imports sets the order
    of the runtime's imports: each one, imported first in a runtime not loaded yet, imports
    (a cycle between two of them was an ImportError when the program began with one of them)."""
    out = _fresh("""
import importlib, pkgutil, sys
import mayhem.runtime as api, mayhem.runtime.kernel as kernel
names = [f"{pkg.__name__}.{m.name}" for pkg in (api, kernel) for m in pkgutil.iter_modules(pkg.__path__)]
for name in names:
    for loaded in [m for m in sys.modules if m.startswith("mayhem.runtime")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as e:
        print(f"{name}: {e}")
print(len(names), "modules")
""").splitlines()
    assert out[-1].endswith(" modules") and int(out[-1].split()[0]) > 40
    assert out[:-1] == []
