"""The package as pyproject.toml declares it holds the whole tree: every subpackage and every
data file the code reads (a wheel once missed `mayhem.compiler.checks`, and `mayhem check`
then died on import in any installed copy). Folders of data (schema/, templates/, the official
content) are listed as packages too, as setuptools asks; tests/test_packaging_wheel.py builds
the wheel and uses it."""
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
FETCHED = {"mayhem.site.vendor"}  # listed even before set-up has fetched it


def folder_of(package: str) -> Path:
    """The folder a dotted package name lives in, through package-dir."""
    best = max((p for p in PACKAGE_DIRS if package == p or package.startswith(p + ".")), key=len)
    rest = package[len(best):].lstrip(".")
    return REPO / PACKAGE_DIRS[best] / Path(*rest.split(".")) if rest else REPO / PACKAGE_DIRS[best]


def _shipped_file(f: Path) -> bool:
    return f.is_file() and f.suffix != ".pyc" and f.name not in NOT_READ and "__pycache__" not in f.parts


def packages_in_tree() -> set[str]:
    """Every folder under a mapped package folder that holds something to ship, when its name
    is a Python name (a folder such as content/teen-titans-go/ ships with its parent)."""
    found = set(FETCHED)
    for top, folder in PACKAGE_DIRS.items():
        base = REPO / folder
        for sub in (base, *(d for d in base.rglob("*") if d.is_dir())):
            rel = sub.relative_to(base)
            if SKIPPED_DIRS & set(rel.parts) or not all(part.isidentifier() for part in rel.parts):
                continue
            if any(_shipped_file(f) for f in sub.rglob("*")):
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


def test_the_content_holds_no_python():
    assert not list(folder_of("mayhem.content").rglob("*.py")), "content/ is data: its Python would not be packaged"


def test_the_official_content_is_shipped():
    globs = SETUPTOOLS["package-data"]["mayhem.content"]  # the globs reach into the sets' folders
    shipped = {g.relative_to(REPO / "content").as_posix() for pattern in globs for g in (REPO / "content").glob(pattern)}
    assert {"mayhem.toml", "shared/core.mh", "teen-titans-go/robin.mh", "looney-tunes/taz.mh"} <= shipped


def test_the_layout_is_what_the_tests_read():
    # the helpers above are exercised on a known case, so a change of layout fails loudly
    assert folder_of("mayhem.compiler.checks") == REPO / "compiler" / "checks"
    assert {"mayhem", "mayhem.compiler.checks", "mayhem.site"} <= packages_in_tree()
