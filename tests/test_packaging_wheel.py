"""The wheel works anywhere: built from the tree once per session, installed (without its
dependencies, which the test environment's site-packages lends it through a `.pth`) into a fresh
virtual environment outside the checkout, and run from another folder: `--version`, `init`,
`check`, `compile`, `site build`, `simulate`, `scenario run` and `team check` on a new box that
depends on the official sets shipped inside the wheel, and the repository's scenarios against
that shipped content."""
from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest


REPO = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "mayhem", "dsl", "compiler", "runtime", "site", "content", "docs")
NOT_BUILT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


def _run(args, cwd: Path, timeout: int = 600, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the tree (the checkout is left as it is)."""
    if not (REPO / "site" / "vendor" / "mermaid.min.js").is_file():
        pytest.fail("site/vendor/ is missing: run `python -m mayhem.site.vendor` first (scripts/test.sh does)")
    src = tmp_path_factory.mktemp("wheel-src")
    for name in SOURCES:
        (shutil.copytree if (REPO / name).is_dir() else shutil.copy2)(REPO / name, src / name, **(
            {"ignore": NOT_BUILT} if (REPO / name).is_dir() else {}))
    out = tmp_path_factory.mktemp("dist")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                  "-w", out, src], cwd=src)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "BuildBackendWarning" not in built.stderr, built.stderr  # the license table warning, among others
    wheels = list(out.glob("mayhem_toolchain-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed and nothing else of the project."""
    env = tmp_path_factory.mktemp("installed") / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", env], cwd=env.parent)
    assert made.returncode == 0, made.stderr
    python = env / "bin" / "python"
    installed = _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
                      "--quiet", wheel], cwd=env.parent)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    # the dependencies (lark, mkdocs ...) from the test environment; a .pth line only extends
    # sys.path, so the checkout's editable install (a finder its own .pth would start) stays out
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     cwd=env.parent).stdout.strip())
    (site / "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return env


@pytest.fixture(scope="module")
def work(venv, tmp_path_factory) -> Path:
    """A folder outside the checkout, with a box made by the installed `mayhem init`."""
    folder = tmp_path_factory.mktemp("elsewhere")
    made = mayhem(venv, folder, "init", "wheel-box", "--name", "Wheel Box", "--character", "tester")
    assert made.returncode == 0, made.stdout + made.stderr
    return folder


def mayhem(venv: Path, cwd: Path, *args, timeout: int = 600) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return _run([venv / "bin" / "mayhem", *args], cwd=cwd, timeout=timeout, env=env)


def test_the_wheel_holds_every_package_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in PROJECT["tool"]["setuptools"]["packages"]:
        folder = package.replace(".", "/")
        assert any(n.startswith(folder + "/") for n in names), package
    for needed in ("mayhem/compiler/checks/__init__.py", "mayhem/compiler/checks/card_text.lark",
                   "mayhem/dsl/mayhem.lark", "mayhem/compiler/schema/ir-1.0.schema.json",
                   "mayhem/site/templates/guide.md.j2", "mayhem/docs/language.md",
                   "mayhem/site/vendor/mermaid.min.js", "mayhem/content/mayhem.toml",
                   "mayhem/content/shared/core.mh", "mayhem/content/teen-titans-go/robin.mh",
                   "mayhem/content/looney-tunes/taz.mh", "mayhem/templates/init/box.mh.j2"):
        assert needed in names, needed
    assert not any(n.startswith(("tests/", "bench/", "content/")) for n in names)


def test_the_wheel_says_what_a_package_index_shows(wheel):
    archive = zipfile.ZipFile(wheel)
    meta_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    meta = email.message_from_string(archive.read(meta_name).decode("utf-8"))
    from mayhem import __version__
    assert meta["Name"] == "mayhem-toolchain" and meta["Version"] == __version__
    assert meta["License-Expression"] == "MIT"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in archive.namelist())
    assert "Topic :: Games/Entertainment :: Board Games" in meta.get_all("Classifier")
    assert meta.get_all("Project-URL")
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# Mayhem toolchain")
    requires = set(meta.get_all("Requires-Dist"))
    assert "packaging>=23" in requires and any(r.startswith("lark") and ">=1.3" in r for r in requires)


def test_the_installed_package_is_the_wheel_and_ships_the_official_sets(venv, work):
    out = _run([venv / "bin" / "python", "-c", "import mayhem; from mayhem.compiler.contentsets import "
                "shipped_root; print(mayhem.__file__); print(shipped_root())"], cwd=work)
    assert out.returncode == 0, out.stderr
    package, shipped = out.stdout.split()
    assert Path(package).is_relative_to(venv) and Path(shipped).is_relative_to(venv), out.stdout
    assert not Path(package).is_relative_to(REPO)


def test_version(venv, work):
    from mayhem import __version__
    out = mayhem(venv, work, "--version")
    assert (out.returncode, out.stdout) == (0, f"mayhem, version {__version__}\n")


def test_check(venv, work):
    out = mayhem(venv, work, "check", "wheel-box")
    assert out.returncode == 0, out.stderr
    assert out.stderr.startswith("checked 8 files in their collection (wheel-box: "), out.stderr
    assert ": no problems\n" in out.stderr


def test_compile(venv, work):
    out = mayhem(venv, work, "compile", "wheel-box", "-o", "ir.json")
    assert out.returncode == 0, out.stderr
    ir = json.loads((work / "ir.json").read_text(encoding="utf-8"))
    assert sorted(ir["boxes"]) == ["teen-titans-go", "wheel-box"]
    assert "shared/core.mh" in ir["files"] and "wheel-box/tester.mh" in ir["files"]


def test_site_build(venv, work):
    out = mayhem(venv, work, "site", "build", "--content", "wheel-box", "-o", "site")
    assert out.returncode == 0, out.stderr
    assert (work / "site" / "wheel-box" / "characters" / "tester" / "index.html").is_file()
    assert (work / "site" / "index.html").is_file()
    assert (work / "site" / "guide" / "language" / "index.html").is_file()  # docs/ ships in the wheel


def test_simulate(venv, work):
    out = mayhem(venv, work, "simulate", "--mode", "competitive", "--board", "wheel-box", "--teams",
                 "wheel-box/teams/tester-and-robin.mh,wheel-box/teams/titans.mh", "--games", "3",
                 "--format", "json", "--content", "wheel-box")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 3
    assert "tester" in json.dumps(summary)


def test_scenario_run(venv, work):
    out = mayhem(venv, work, "scenario", "run", "wheel-box/scenarios", "--content", "wheel-box")
    assert (out.returncode, out.stdout.splitlines()[-1]) == (0, "1 passed, 0 failed"), out.stdout + out.stderr


def test_the_repository_scenarios_pass_on_the_shipped_content(venv, work):
    shipped = Path(_run([venv / "bin" / "python", "-c", "from mayhem.compiler.contentsets import shipped_root; "
                         "print(shipped_root())"], cwd=work).stdout.strip())
    out = mayhem(venv, work, "scenario", "run", REPO / "tests" / "scenarios" / "teen-titans-go", "--content", shipped)
    count = len(list((REPO / "tests" / "scenarios" / "teen-titans-go").glob("*.toml")))
    assert (out.returncode, out.stdout.splitlines()[-1]) == (0, f"{count} passed, 0 failed"), out.stdout
