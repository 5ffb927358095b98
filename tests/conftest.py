"""Shared fixtures: the repository's content, compiled once per test session."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def compiled():
    result = driver.compile_paths([CONTENT])
    assert result.ok, "\n".join(f"{d.span}: {d.code} {d.message}" for d in result.diagnostics.items)
    return result


@pytest.fixture(scope="session")
def ir(compiled):
    return compiled.ir


@pytest.fixture(scope="session")
def mini_rules(tmp_path_factory):
    """The small test box of tests/fixtures/runtime/mini with the real shared rules."""
    import shutil
    from mayhem.runtime.rules import load_rules

    root = tmp_path_factory.mktemp("mini-content")
    shutil.copytree(CONTENT / "shared", root / "shared")
    shutil.copy(CONTENT / "mayhem.toml", root / "mayhem.toml")
    shutil.copytree(FIXTURES / "runtime" / "mini", root / "mini")
    result = driver.compile_paths([root])
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    return load_rules(result.ir)


@pytest.fixture(scope="session")
def rules(ir):
    from mayhem.runtime.rules import load_rules
    return load_rules(ir)
