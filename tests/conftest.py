"""Shared fixtures: the repository's content, compiled once per test session, and its site,
built once per session (the site tests share xdist group "site", so under
`--dist loadgroup` one worker builds it for all of them).

The long sweeps are marked `slow` and left out of the default run (pyproject.toml's
addopts); `./scripts/test.sh --slow` runs them too."""
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
def content_copy(tmp_path_factory) -> Path:
    """A snapshot of the content, so that two builds see the same files."""
    import shutil

    root = tmp_path_factory.mktemp("content") / "content"
    shutil.copytree(CONTENT, root)
    return root


@pytest.fixture(scope="session")
def docs():
    """The guide's included pages, read once (a snapshot, like the content)."""
    from mayhem.site.build import project_docs

    return project_docs()


@pytest.fixture(scope="session")
def site(tmp_path_factory, content_copy, docs) -> Path:
    """The site of the real content with the guide, built once: tests read it, never write it."""
    from mayhem.site.build import build_site

    out = tmp_path_factory.mktemp("site") / "site"
    build_site(content_copy, out, docs=docs)
    return out


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory) -> Path:
    """The site of tests/fixtures/site/hostile (names made of markup and script), built once."""
    from mayhem.site.build import build_site

    out = tmp_path_factory.mktemp("hostile") / "site"
    build_site(FIXTURES / "site" / "hostile", out)
    return out


@pytest.fixture(scope="session")
def rules(ir):
    from mayhem.runtime.rules import load_rules
    return load_rules(ir)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say what the default run left out, and how to run it."""
    if config.getoption("markexpr") == "not slow":
        terminalreporter.write_line(
            "the long sweeps marked `slow` were left out; ./scripts/test.sh --slow runs them too")
