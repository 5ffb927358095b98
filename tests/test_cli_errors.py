"""One rule for errors in the content (issue 10, item 13): an error of the consistency checks
stops every command that uses the content, unless --allow-errors; an error of the compiler
stops it whatever the flag."""
from __future__ import annotations

import shutil

import pytest

from conftest import CONTENT, REPO
from cli_helpers import invoke

STOPPED = "stopped: 1 error of the consistency checks (--allow-errors goes on despite them)\n"
GOING_ON = "going on despite 1 error (--allow-errors)\n"


@pytest.fixture(scope="module")
def inconsistent(tmp_path_factory):
    """The real content with one consistency error: the box lists 22 Mayhem cards, and now 23."""
    root = tmp_path_factory.mktemp("inconsistent") / "content"
    shutil.copytree(CONTENT, root)
    box = root / "teen-titans-go" / "box.mh"
    box.write_text(box.read_text(encoding="utf-8").replace("  mayhem-cards 22", "  mayhem-cards 23"),
                   encoding="utf-8")
    return root


def commands(root, tmp_path):
    return {
        "compile": (["compile", root, "-o", tmp_path / "ir.json"], lambda: (tmp_path / "ir.json").is_file()),
        "graph": (["graph", "teen-titans-go/robin", "--content", root], lambda r: r.stdout.startswith("component: character Robin")),
        "list": (["list", root, "--format", "json"], lambda r: '"id": "teen-titans-go/robin"' in r.stdout),
        "simulate": (["simulate", "--box", "teen-titans-go", "--games", "1", "--content", root],
                     lambda r: r.stdout.startswith("games: 1 ")),
        "play": (["play", "--box", "teen-titans-go", "--seed", "1", "--content", root],
                 lambda r: "you are p1" in r.stdout),
        "scenario run": (["scenario", "run", REPO / "tests" / "scenarios" / "teen-titans-go", "--content", root],
                         lambda r: " passed, " in r.stdout),
    }


@pytest.mark.parametrize("command", ["compile", "graph", "list", "simulate", "play", "scenario run"])
def test_consistency_errors_stop_unless_allowed(inconsistent, tmp_path, command):
    args, went_on = commands(inconsistent, tmp_path)[command]
    stopped = invoke(*args, input="")
    assert stopped.exit_code == 1, stopped.output
    assert "error[C101]: box 'teen-titans-go' lists 23 Mayhem cards; the content has 22" in stopped.stderr
    assert stopped.stderr.endswith(STOPPED)
    assert stopped.stdout == ""
    assert not (tmp_path / "ir.json").exists()
    allowed = invoke(*args, "--allow-errors", input="")
    assert "error[C101]" in allowed.stderr
    assert GOING_ON in allowed.stderr
    assert went_on() if command == "compile" else went_on(allowed), allowed.output


def test_compiler_errors_stop_even_when_allowed(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    robin = root / "teen-titans-go" / "robin.mh"
    robin.write_text(robin.read_text(encoding="utf-8").replace("melee-attack", "melee-atack", 1), encoding="utf-8")
    result = invoke("compile", root, "-o", tmp_path / "ir.json", "--allow-errors")
    assert result.exit_code == 1
    assert "error[E301]: unknown effect 'melee-atack'" in result.stderr
    assert "going on" not in result.stderr
    assert not (tmp_path / "ir.json").exists()
