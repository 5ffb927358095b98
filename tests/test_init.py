"""`mayhem init`: a new box in a fresh folder that checks clean at once, simulates, builds its
site and passes its scenario, with nothing of the official content copied into it."""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CONTENT
from mayhem.cli import main


def invoke(cwd: Path, *args):
    old = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """The folder that holds the new box's root `starter/`."""
    top = tmp_path_factory.mktemp("fresh")
    result = invoke(top, "init", "starter", "--box", "star-box", "--name", "Star Box")
    assert result.exit_code == 0, result.output
    return top


def test_init_writes_a_content_root_that_depends_on_the_shipped_sets(made):
    root = made / "starter"
    manifest = tomllib.loads((root / "mayhem.toml").read_text(encoding="utf-8"))
    assert manifest["set"] == {"id": "star-box", "version": "0.1.0", "title": "Star Box"}
    assert sorted(manifest["dependencies"]) == ["mayhem-core", "teen-titans-go"]
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert files == ["README.md", "mayhem.toml", "scenarios/hero-big-punch.toml", "star-box/box.mh",
                     "star-box/first-game.mh", "star-box/free-for-all.mh", "star-box/hero.mh",
                     "star-box/locations.mh", "star-box/mayhem-cards.mh", "teams/hero-and-robin.mh", "teams/titans.mh"]
    official = {p.name for p in CONTENT.rglob("*.mh")} - {"box.mh", "first-game.mh", "free-for-all.mh",
                                                          "locations.mh", "mayhem-cards.mh"}
    assert not official & {Path(f).name for f in files}, "no file of the official content is copied"
    assert 'in box star-box\nuse "mayhem-core:core.mh"\n' in (root / "star-box" / "hero.mh").read_text()


def test_the_new_box_checks_clean(made):
    result = invoke(made, "check", "starter")
    assert result.exit_code == 0, result.output
    first = result.stderr.splitlines()[0]
    assert first.startswith("checked 8 files in their collection (starter: ") and first.endswith(": no problems")


def test_the_readme_says_what_to_do_next_and_its_commands_work(made):
    readme = (made / "starter" / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# Star Box\n")
    block = readme.split("## What to do next", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split() for line in block.splitlines() if line.strip()]
    assert [c[:2] for c in commands] == [["mayhem", "check"], ["mayhem", "scenario"], ["mayhem", "simulate"],
                                         ["mayhem", "site"]]
    outputs = []
    for command in commands:
        result = invoke(made, *command[1:])
        assert result.exit_code == 0, (command, result.output)
        outputs.append(result.output)
    assert "1 passed, 0 failed" in outputs[1]
    assert "games: 20" in outputs[2] and "hero" in outputs[2]
    page = made / "starter-site" / "star-box" / "characters" / "hero" / "index.html"  # the site it built
    assert "Big Punch" in page.read_text(encoding="utf-8")


def test_the_new_box_simulates_in_competitive_mode(made):
    teams = "starter/teams/hero-and-robin.mh,starter/teams/titans.mh"
    result = invoke(made, "simulate", "--mode", "competitive", "--board", "star-box", "--teams", teams,
                    "--games", "6", "--seed", "1", "--format", "json", "--content", "starter")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6
    assert "hero" in json.dumps(summary) and "robin" in json.dumps(summary)


def test_the_new_box_passes_its_scenario(made):
    result = invoke(made, "scenario", "run", "starter/scenarios", "--content", "starter")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_the_box_id_comes_from_the_folder_and_names_follow_the_options(tmp_path):
    result = invoke(tmp_path, "init", "My Space Box", "--character", "space-ace", "--character-name", "Space Ace")
    assert result.exit_code == 0, result.output
    root = tmp_path / "My Space Box"
    assert tomllib.loads((root / "mayhem.toml").read_text())["set"]["id"] == "my-space-box"
    text = (root / "my-space-box" / "space-ace.mh").read_text(encoding="utf-8")
    assert 'character space-ace "Space Ace" {' in text
    assert 'box my-space-box "My Space Box" {' in (root / "my-space-box" / "box.mh").read_text(encoding="utf-8")
    checked = invoke(tmp_path, "check", "My Space Box")
    assert checked.exit_code == 0, checked.output


def test_init_never_writes_into_a_folder_that_holds_files(tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    result = invoke(tmp_path, "init", "busy")
    assert result.exit_code == 2
    assert "'busy' is not empty" in result.stderr
    assert sorted(p.name for p in (tmp_path / "busy").iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("args, message", [
    (["--box", "Bad Box"], "--box 'Bad Box' is not an id"),
    (["--box", "teen-titans-go"], "--box 'teen-titans-go' is taken"),
    (["--character", "9lives"], "--character '9lives' is not an id"),
])
def test_bad_ids_are_usage_errors(tmp_path, args, message):
    result = invoke(tmp_path, "init", "new", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "new").exists()


def test_inside_the_new_root_the_commands_find_it(made):
    """Without a path or --content, the commands use the content root around the working folder."""
    inside = made / "starter" / "star-box"
    checked = invoke(inside, "check")
    assert checked.exit_code == 0, checked.output
    assert checked.stderr.startswith("checked 8 files in their collection (..: ")
    ran = invoke(made / "starter", "scenario", "run", "scenarios")
    assert ran.exit_code == 0 and ran.stdout.splitlines()[-1] == "1 passed, 0 failed", ran.output
