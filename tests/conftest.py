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
