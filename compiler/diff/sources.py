"""The two sides of a diff: a content root on disk, or a git revision of one, checked out
into a temporary folder (`git archive`) that is removed afterwards."""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
import io
from pathlib import Path
import subprocess
import tarfile
import tempfile

MARKER = "mayhem.toml"
SCENARIOS = Path("tests") / "scenarios"


class DiffError(Exception):
    """A side of the diff cannot be read: no content root, an unknown revision, no git."""


@dataclass
class Side:
    label: str  # what the user wrote: "HEAD~1", "content", "."
    root: Path  # the content root (the folder with mayhem.toml)
    revision: str | None = None  # the commit, for a git revision
    scenarios: Path | None = None  # that side's tests/scenarios, when it has one
    in_repo: str | None = None  # for a revision, where its content root lies in the repository

    def display(self, name: str) -> str:
        """How a content file of this side is named to the user: `HEAD~1:content/robin.mh` for a
        revision (git's own notation), the path on disk otherwise."""
        if self.revision is None:
            import os
            return os.path.relpath(self.root / name)
        return f"{self.label}:{self.in_repo + '/' if self.in_repo else ''}{name}"


def content_root(path: Path) -> Path | None:
    """The content root a folder names: itself when it holds mayhem.toml, else its
    content/ when that does (a checkout of the project)."""
    if (path / MARKER).is_file():
        return path
    if (path / "content" / MARKER).is_file():
        return path / "content"
    return None


def _git(args: list[str], cwd: Path, binary: bool = False):
    try:
        out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except FileNotFoundError:
        raise DiffError("git is not installed; give two content folders instead of revisions") from None
    if out.returncode != 0:
        return None
    return out.stdout if binary else out.stdout.decode("utf-8", "replace").strip()


def git_top(cwd: Path) -> Path | None:
    top = _git(["rev-parse", "--show-toplevel"], cwd)
    return Path(top) if top else None


def content_path_in_repo(top: Path, cwd: Path) -> str:
    """Where the content root lies inside the repository: the one around `cwd` (or its
    content/), else content/."""
    here = content_root(cwd)
    if here is not None and here.resolve().is_relative_to(top.resolve()):
        rel = here.resolve().relative_to(top.resolve()).as_posix()
        return "" if rel == "." else rel
    return "content"


def _extract(top: Path, commit: str, path: str, into: Path) -> bool:
    """Write `path` of `commit` into `into`; False when the revision has no such path."""
    data = _git(["archive", "--format=tar", commit, "--", path or "."], top, binary=True)
    if data is None:
        return False
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return True


def open_side(spec: str, stack: ExitStack, *, cwd: Path | None = None, content_path: str | None = None) -> Side:
    """The side `spec` names: an existing folder (a content root, or a checkout holding
    content/), else a git revision of the repository around `cwd`."""
    cwd = Path(cwd or Path.cwd())
    path = Path(spec)
    if path.is_dir():
        root = content_root(path)
        if root is None:
            raise DiffError(f"{spec}: not a content root (no {MARKER} in it or in its content/ folder)")
        scen = root.parent / SCENARIOS
        return Side(spec, root, None, scen if scen.is_dir() else None)
    if path.exists():
        raise DiffError(f"{spec}: a file, not a content root or a revision")
    top = git_top(cwd)
    if top is None:
        raise DiffError(f"{spec}: no such folder, and {cwd} is not in a git repository to read a revision from")
    commit = _git(["rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}"], top)
    if not commit:
        raise DiffError(f"{spec}: no such folder, and not a revision of the git repository at {top} "
                        f"(hint: `git log --oneline` lists the commits; tags and branches work too)")
    rel = content_path if content_path is not None else content_path_in_repo(top, cwd)
    tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="mayhem-diff-")))
    if not _extract(top, commit, rel, tmp) or content_root(tmp / rel) is None:
        raise DiffError(f"{spec}: revision {commit[:12]} has no content root at '{rel or '.'}' "
                        f"(no {MARKER}; --content-path names another folder)")
    scen = None
    if _extract(top, commit, SCENARIOS.as_posix(), tmp) and (tmp / SCENARIOS).is_dir():
        scen = tmp / SCENARIOS
    return Side(spec, content_root(tmp / rel), commit, scen, rel)


def commits_touching(cwd: Path, path: str | None = None, limit: int = 20) -> list[str]:
    """The last `limit` commits that changed the content (oldest first), for the site's history."""
    top = git_top(cwd)
    if top is None:
        raise DiffError(f"{cwd} is not in a git repository: give the versions with --history REV1,REV2")
    rel = path if path is not None else content_path_in_repo(top, cwd)
    out = _git(["log", f"-{limit}", "--format=%H", "--", rel or "."], top)
    return list(reversed(out.split())) if out else []


def describe(cwd: Path, commit: str) -> str:
    """A short name for a commit: its tag when it has one, else its abbreviated hash."""
    top = git_top(cwd) or cwd
    return _git(["describe", "--tags", "--exact-match", commit], top) or commit[:10]
