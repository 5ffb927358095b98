"""Shared fixtures: the repository's content, compiled once per test session, and its site,
built once per run: the first xdist worker that needs it builds it under a file lock, the
others wait for it and read the same files (`once`).

The long sweeps are marked `slow` and left out of the default run (pyproject.toml's
addopts); `./scripts/test.sh --slow` runs them too."""
from __future__ import annotations

import fcntl
import os
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


def once(tmp_path_factory, name: str, make) -> Path:
    """The folder `name`, made by `make(folder)` once for the whole run: under xdist the workers
    share the run's temporary root, and the first to ask makes it under a file lock while the
    others wait (a folder is only used once its maker has finished: the `.done` mark). The
    folder is read, never written, by the tests."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # .../pytest-N/popen-gwK: the run's root, the same for every worker
    folder = root / "shared" / name
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (folder.parent / f"{name}.done").exists():
                if folder.exists():
                    import shutil
                    shutil.rmtree(folder)  # a maker that failed half-way: make it again
                make(folder)
                (folder.parent / f"{name}.done").touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder


def once_value(tmp_path_factory, name: str, make):
    """`make()`'s value, made once for the whole run (`once`) and read back by every worker that
    asks (pickled): for a module's expensive result (a trial's reports, a compiled box) that
    two workers would each make again."""
    import pickle

    folder = once(tmp_path_factory, name, lambda out: (out.mkdir(), (out / "value.pickle").write_bytes(
        pickle.dumps(make(), protocol=pickle.HIGHEST_PROTOCOL))))
    return pickle.loads((folder / "value.pickle").read_bytes())


@pytest.fixture(scope="session")
def content_copy(tmp_path_factory) -> Path:
    """A snapshot of the content, so that two builds see the same files (one for the run)."""
    import shutil

    return once(tmp_path_factory, "content", lambda folder: shutil.copytree(CONTENT, folder))


@pytest.fixture(scope="session")
def docs():
    """The guide's included pages, read once (a snapshot, like the content)."""
    from mayhem.site.build import project_docs

    return project_docs()


@pytest.fixture(scope="session")
def site(tmp_path_factory, content_copy, docs) -> Path:
    """The site of the real content with the guide, built once for the run (`once`): tests read
    it, never write it."""
    from mayhem.site.build import build_site

    return once(tmp_path_factory, "site", lambda out: build_site(content_copy, out, docs=docs))


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory) -> Path:
    """The site of tests/fixtures/site/hostile (names made of markup and script), built once for
    the run (`once`)."""
    from mayhem.site.build import build_site

    return once(tmp_path_factory, "hostile", lambda out: build_site(FIXTURES / "site" / "hostile", out))


@pytest.fixture(scope="session")
def rules(ir):
    from mayhem.runtime.rules import load_rules
    return load_rules(ir)


# The modules of the longest tests, moved to the head of the collection: under `--dist worksteal`
# (scripts/test.sh) the first worker begins with them, and the run does not end on one of them
# while the other worker idles. Whole modules move, so that their module fixtures are made once.
FIRST = ("test_site_browser.py",)


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.path.name not in FIRST)  # stable: the rest keep their order


def pytest_runtest_logreport(report):
    """With MAYHEM_TEST_TIMES=FILE, each phase of each test (its worker, when it ended, how long it
    took) is added to FILE as a JSON line: the figures of docs/architecture.md, Testing
    (per-worker totals, the tests left running at the end of a run)."""
    out = os.environ.get("MAYHEM_TEST_TIMES")
    if out:
        import json
        import time
        line = json.dumps({"worker": os.environ.get("PYTEST_XDIST_WORKER", "main"), "test": report.nodeid,
                           "when": report.when, "end": time.time(), "duration": report.duration})
        with open(out, "a") as f:
            f.write(line + "\n")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say what the default run left out, and how to run it."""
    if config.getoption("markexpr") == "not slow":
        terminalreporter.write_line(
            "the long sweeps marked `slow` were left out; ./scripts/test.sh --slow runs them too")
