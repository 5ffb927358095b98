"""A temporary copy of content/ with the deliberate changes of tests/fixtures/diff/changes.toml."""
from __future__ import annotations

from pathlib import Path
import re
import shutil
import tomllib

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "diff"
CONTENT = Path(__file__).resolve().parent.parent / "content"


def copy_content(dest: Path) -> Path:
    shutil.copytree(CONTENT, dest)
    return dest


def edit(root: Path, file: str, find: str, replace: str, count: int = 1) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert text.count(find) == count, f"{file}: {find!r} occurs {text.count(find)} times, not {count}"
    path.write_text(text.replace(find, replace), encoding="utf-8")


def move_block(root: Path, file: str, start: str, to: str, header: str) -> None:
    """Move the declaration that starts with `start` (up to the next blank-line-separated
    declaration) from `file` into a new file `to`."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    i = text.index(start)
    m = re.compile(r"\n\}\n").search(text, i)
    block = text[i:m.end()]
    path.write_text(text[:i] + text[m.end():].lstrip("\n"), encoding="utf-8")
    (root / to).write_text(header + block, encoding="utf-8")


def apply_changes(root: Path) -> Path:
    spec = tomllib.loads((FIXTURES / "changes.toml").read_text(encoding="utf-8"))
    for e in spec.get("edit", []):
        edit(root, e["file"], e["find"], e["replace"], e.get("count", 1))
    for mv in spec.get("move", []):
        move_block(root, mv["file"], mv["start"], mv["to"], mv["header"])
    return root


def rename_keyword(root: Path, old: str, new: str) -> int:
    """Rename a keyword's id in its declaration and at every call (its tag of the same name is
    left alone); returns the number of calls renamed."""
    edit(root, "shared/core.mh", f'keyword {old} "', f'keyword {new} "')
    calls = 0
    for path in root.rglob("*.mh"):
        text = path.read_text(encoding="utf-8")
        new_text, n = re.subn(rf"(?m)^(\s+){old}(\(|\s*$)", rf"\g<1>{new}\g<2>", text)
        calls += n
        path.write_text(new_text, encoding="utf-8")
    return calls


def git(repo: Path, *args: str) -> str:
    import subprocess
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


def make_repo(root: Path) -> Path:
    """A git repository holding content/: tagged v1.0 as it is, then v2.0 with Staff Meeting's
    +2 Damage made +1 (the errata), then a commit that leaves content/ alone."""
    if shutil.which("git") is None:
        raise AssertionError("git is needed by `mayhem diff` on revisions (apt-get install git)")
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "test@example.invalid")
    git(root, "config", "user.name", "Test")
    copy_content(root / "content")
    (root / "tests" / "scenarios").mkdir(parents=True)
    shutil.copy(CONTENT.parent / "tests" / "scenarios" / "teen-titans-go" / "staff-meeting.toml",
                root / "tests" / "scenarios" / "staff-meeting.toml")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first printing")
    git(root, "tag", "v1.0")
    edit(root / "content", "teen-titans-go/robin.mh", "      plus-damage(2)", "      plus-damage(1)")
    git(root, "commit", "-q", "-am", "errata: Staff Meeting +1 Damage")
    git(root, "tag", "v2.0")
    (root / "README").write_text("not content\n", encoding="utf-8")
    git(root, "add", "README")
    git(root, "commit", "-q", "-m", "a commit that leaves the content alone")
    return root
