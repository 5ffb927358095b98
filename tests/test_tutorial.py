"""The README's tutorial, followed word for word in an empty folder (it starts with `mayhem
init`, and the new box depends on the shipped sets): its files, its edits and its commands are
read from README.md itself, each command runs through the installed `mayhem` script, and each
output the tutorial shows must be the output the command prints. A change of wording, line
numbers or behaviour that the README does not follow fails here."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

from conftest import REPO

SECTION = "## Five-minute tutorial"
BLOCK = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```\n", re.S | re.M)
PATH = re.compile(r"`([^`\s]+\.mh)`")


def tutorial() -> list[tuple[str, str, str]]:
    """(the prose before the block, the block's language, its text), in order."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index(SECTION)
    end = readme.index("\n## ", start + 1)
    text = readme[start:end]
    steps, pos = [], 0
    for m in BLOCK.finditer(text):
        steps.append((text[pos:m.start()], m["lang"], m["body"]))
        pos = m.end()
    return steps


def run(line: str, cwd: Path) -> subprocess.CompletedProcess:
    args = shlex.split(line)
    assert args[0] == "mayhem", f"the tutorial runs mayhem commands only: {line}"
    script = Path(sys.executable).with_name("mayhem")
    return subprocess.run([str(script), *args[1:]], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=600)


def replace_lines(path: Path, block: str) -> None:
    """Each line of the block replaces the one line of the file that opens with its first word."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for new in block.splitlines():
        key = new.split()[0]
        at = [i for i, old in enumerate(lines) if old.split()[:1] == [key]]
        assert len(at) == 1, f"'{key}' is on {len(at)} lines of {path}, not 1"
        lines[at[0]] = new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def add_lines(path: Path, block: str) -> None:
    """The block goes at the end of the file's last block, before its closing brace."""
    lines = path.read_text(encoding="utf-8").splitlines()
    close = max(i for i, line in enumerate(lines) if line == "}")
    lines[close:close] = block.splitlines()
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_readme_tutorial_works_word_for_word(tmp_path):
    steps = tutorial()
    assert [lang for _, lang, _ in steps] == ["sh", "text", "sh", "text", "mayhem", "sh", "text", "mayhem", "mayhem",
                                             "sh", "text", "text", "sh"], \
        "the tutorial's steps changed: teach this test the new ones"
    last_command, created, mistake = None, None, None
    ran = 0
    for k, (prose, lang, body) in enumerate(steps):
        paths = PATH.findall(prose)
        if lang == "mayhem":
            target = tmp_path / paths[-1]
            if "Create" in prose:
                assert not target.exists()
                target.write_text(body, encoding="utf-8")
                created = target
            elif "Change these lines" in prose:
                replace_lines(target, body)
            elif "add this line" in prose:
                add_lines(target, body)
            else:
                raise AssertionError(f"a DSL block this test cannot follow, after: {prose!r}")
        elif lang == "sh":
            if "Put it right" in prose:
                created.write_text(created.read_text(encoding="utf-8").replace(*mistake),
                                   encoding="utf-8")
            commands = [line for line in body.splitlines() if line.strip()]
            shown = steps[k + 1][2] if k + 1 < len(steps) and steps[k + 1][1] == "text" else None
            for line in commands:
                proc = run(line, tmp_path)
                ran += 1
                if shown is not None:
                    assert proc.stdout == shown, f"`{line}` printed:\n{proc.stdout}"
                    assert proc.returncode == (1 if "error[" in shown else 0), proc.stdout
                else:
                    assert proc.returncode == 0, f"`{line}` failed:\n{proc.stdout}"
                last_command = line
        elif lang == "text" and steps[k - 1][1] != "sh":
            m = re.search(r"write `([^`]+)`\s+for `([^`]+)`", prose)
            assert m, f"an output shown after no command, and no mistake to make: {prose!r}"
            mistake = (m[1], m[2])
            text = created.read_text(encoding="utf-8")
            assert text.count(mistake[1]) == 1
            created.write_text(text.replace(mistake[1], mistake[0]), encoding="utf-8")
            proc = run(last_command, tmp_path)
            ran += 1
            assert proc.stdout == body, proc.stdout
            assert proc.returncode == 1
    assert ran == 9
    assert (tmp_path / "my-box" / "mayhem.toml").is_file() and not (tmp_path / "content").exists()
    assert (tmp_path / "ir.json").is_file()
