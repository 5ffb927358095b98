"""The package as pyproject.toml declares it holds the whole tree: every subpackage and every
data file the code reads (a wheel once missed `mayhem.compiler.checks`, and `mayhem check`
then died on import in any installed copy)."""
from __future__ import annotations

from pathlib import Path
import tomllib

import pytest

REPO = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
PACKAGE_DIRS = SETUPTOOLS["package-dir"]  # "mayhem.dsl" -> "dsl"
NOT_DATA = {".py", ".pyc"}
NOT_READ = {"README.md", ".gitignore"}  # for the people working on the folder, not for the code
SKIPPED_DIRS = {"__pycache__", "vendor"}  # vendor/ is fetched at set-up, not committed
# packages of data only: the official content sets the toolchain ships (compiler/contentsets.py)
DATA_ONLY = {"mayhem.content"}


def folder_of(package: str) -> Path:
    """The folder a dotted package name lives in, through package-dir."""
    best = max((p for p in PACKAGE_DIRS if package == p or package.startswith(p + ".")), key=len)
    rest = package[len(best):].lstrip(".")
    return REPO / PACKAGE_DIRS[best] / Path(*rest.split(".")) if rest else REPO / PACKAGE_DIRS[best]


def packages_in_tree() -> set[str]:
    found = set(DATA_ONLY)
    for top, folder in PACKAGE_DIRS.items():
        for init in (REPO / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(REPO / folder)
            if not SKIPPED_DIRS & set(rel.parts):
                found.add(".".join((top, *rel.parts)) if rel.parts else top)
    return found


def test_every_subpackage_is_listed():
    assert sorted(SETUPTOOLS["packages"]) == sorted(packages_in_tree())


@pytest.mark.parametrize("package", sorted(packages_in_tree()))
def test_every_data_file_is_shipped(package):
    folder = folder_of(package)
    subpackages = {folder_of(p) for p in packages_in_tree() if p != package}
    data = set()
    for f in folder.rglob("*"):
        rel = f.relative_to(folder)
        inside_other = any(f.is_relative_to(s) for s in subpackages if s != folder and s.is_relative_to(folder))
        if f.is_file() and f.suffix not in NOT_DATA and f.name not in NOT_READ \
                and not SKIPPED_DIRS & set(rel.parts) and not inside_other:
            data.add(rel.as_posix())
    shipped = {g.relative_to(folder).as_posix() for pattern in SETUPTOOLS.get("package-data", {}).get(package, [])
               for g in folder.glob(pattern) if g.is_file()}
    assert sorted(data - shipped) == [], f"{package}: files the package-data globs miss"


def test_data_only_packages_hold_no_python():
    for package in DATA_ONLY:
        assert folder_of(package).is_dir()
        assert not list(folder_of(package).rglob("*.py")), f"{package} is data: its Python would not be packaged"


def test_the_official_content_is_shipped():
    globs = SETUPTOOLS["package-data"]["mayhem.content"]
    shipped = {g.relative_to(REPO / "content").as_posix() for pattern in globs for g in (REPO / "content").glob(pattern)}
    assert {"mayhem.toml", "shared/core.mh", "teen-titans-go/robin.mh", "looney-tunes/taz.mh"} <= shipped


def test_the_layout_is_what_the_tests_read():
    # the helpers above are exercised on a known case, so a change of layout fails loudly
    assert folder_of("mayhem.compiler.checks") == REPO / "compiler" / "checks"
    assert {"mayhem", "mayhem.compiler.checks", "mayhem.site"} <= packages_in_tree()
