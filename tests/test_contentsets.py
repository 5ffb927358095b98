"""Content sets that depend on each other (compiler/contentsets.py, compiler/loader.py): a root
reaches the shipped sets by id and other roots by path, `use "SET:file.mh"` reads a dependency's
file where it lies (nothing is copied), the checks and Competitive Mode see every set depended
on, versions are checked, and the findings of a dependency are its own. The positioned errors
(E701-E706: a bad manifest, a missing dependency, a version, a cycle ...) are golden cases under
tests/fixtures/errors/E70*/."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CONTENT, FIXTURES
from mayhem.cli import main
from mayhem.compiler import contentsets, driver
from mayhem.dsl.diagnostics import Diagnostics

SETS = FIXTURES / "contentsets"


def invoke(*args, cwd: Path | None = None):
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(main, [str(a) for a in args])
    with runner.isolated_filesystem(temp_dir=cwd.parent):
        import os
        os.chdir(cwd)
        return runner.invoke(main, [str(a) for a in args])


def test_the_official_content_declares_its_sets():
    manifest = contentsets.read_manifest(CONTENT, "mayhem.toml", Diagnostics())
    sets = {s.id: s for s in manifest.sets}
    assert sorted(sets) == ["dc-teen-titans-go", "looney-tunes", "marvel-mayhem", "mayhem-core", "teen-titans-go"]
    assert sets["mayhem-core"].folder == CONTENT / "shared"
    assert [d.id for d in sets["teen-titans-go"].dependencies] == ["mayhem-core"]
    assert not sets["marvel-mayhem"].dependencies  # a game of its own: it needs no Mayhem rules
    assert contentsets.shipped_root() == CONTENT  # a checkout ships its own content/


def test_the_official_root_alone_loads_nothing_else():
    comp = driver.compile_paths([CONTENT])
    assert comp.ok and comp.external == set()
    assert len(comp.ir["files"]) == len(list(CONTENT.rglob("*.mh")))


def test_a_root_depends_on_another_by_path_and_on_a_shipped_set(tmp_path):
    shutil.copytree(SETS / "path-dependency", tmp_path / "sets")
    comp = driver.compile_paths([tmp_path / "sets" / "app"])
    assert comp.ok, [str(d) for d in comp.diagnostics.items]
    assert sorted(comp.ir["files"]) == ["moves.mh", "rules.mh", "shared/card-types.mh", "shared/core.mh",
                                      "shared/game.mh", "shared/modes.mh"]
    assert comp.external == {"rules.mh", "shared/card-types.mh", "shared/core.mh", "shared/game.mh",
                             "shared/modes.mh"}
    # the dependency's files are read where they lie
    assert comp.sources["rules.mh"].path == tmp_path / "sets" / "lib" / "rules.mh"
    assert comp.sources["shared/core.mh"].path == CONTENT / "shared" / "core.mh"
    keywords = {c["id"] for c in comp.ir["components"] if c["kind"] == "keyword"}
    assert {"triple-tap", "double-tap", "trap"} <= keywords
    assert not (tmp_path / "sets" / "app" / "shared").exists()


def test_a_dependency_with_an_older_version_is_an_error(tmp_path):
    shutil.copytree(SETS / "path-dependency", tmp_path / "sets")
    toml = tmp_path / "sets" / "lib" / "mayhem.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('version = "0.3.1"', 'version = "0.2.9"'),
                    encoding="utf-8")
    comp = driver.compile_paths([tmp_path / "sets" / "app"])
    [error] = comp.diagnostics.errors
    assert error.code == "E703"
    assert error.message == ("house-app 0.1.0 needs house-rules >=0.3, but house-rules is 0.2.9 "
                             f"(in {_rel(tmp_path / 'sets' / 'lib')})")
    assert (error.span.file, error.span.line, error.span.col) == ("mayhem.toml", 8, 1)


def _rel(path: Path) -> str:
    import os
    return os.path.relpath(path)


def test_a_version_range_is_checked_on_both_ends(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    (root / "mayhem.toml").write_text('[set]\nid = "r"\nversion = "1.0.0"\n\n[dependencies]\n'
                                      'mayhem-core = ">=0.5,<1"\n', encoding="utf-8")
    (root / "a.mh").write_text('tag t "T" {\n  source authored\n}\n', encoding="utf-8")
    diags = Diagnostics()
    contentsets.resolve(root, diags)
    assert [d.code for d in diags.items] == ["E703"]
    assert diags.items[0].message.startswith("r 1.0.0 needs mayhem-core ")
    assert diags.items[0].message.endswith(", but mayhem-core is 1.0.0 (shipped with the toolchain)")


def test_checking_a_dependent_root_shows_only_what_its_files_cause():
    result = invoke("check", SETS / "path-dependency" / "app", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    files = {d["span"]["file"] for d in report["diagnostics"] if d.get("span")}
    assert files == {"moves.mh"}  # named in the report by their place in their root
    assert report["checked"]["in_dependencies"] == "14 warnings"


def test_a_file_of_the_official_root_may_name_a_sibling_set(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "content")
    robin = tmp_path / "content" / "teen-titans-go" / "robin.mh"
    robin.write_text(robin.read_text(encoding="utf-8").replace('use "shared/core.mh"', 'use "mayhem-core:core.mh"'),
                     encoding="utf-8")
    comp = driver.compile_paths([tmp_path / "content"])
    assert comp.ok, [str(d) for d in comp.diagnostics.items]
    assert "shared/core.mh" in comp.model.units["teen-titans-go/robin.mh"].uses


# ---- a third-party box meets the official boxes in Competitive Mode, nothing copied --------

@pytest.fixture(scope="module")
def third_party(tmp_path_factory) -> Path:
    """A box made by `mayhem init` that depends on both official boxes."""
    top = tmp_path_factory.mktemp("third-party")
    made = CliRunner().invoke(main, ["init", str(top / "gadgets"), "--box", "gadgets", "--name", "Gadget Mayhem",
                                     "--character", "inventor"])
    assert made.exit_code == 0, made.output
    toml = top / "gadgets" / "mayhem.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('# looney-tunes = ">=1.0"', 'looney-tunes = ">=1.0"'),
                    encoding="utf-8")
    (top / "gadgets" / "teams" / "toons.mh").write_text(
        'team inventor-and-bugs "Inventor and Bugs" {\n  source authored\n'
        '  characters ["gadgets/inventor", "looney-tunes/bugs-bunny"]\n'
        '  hand ["gadgets/second-wind", "looney-tunes/dice-guys", "looney-tunes/flower-power"]\n}\n',
        encoding="utf-8")
    (top / "gadgets" / "teams" / "rivals.mh").write_text(
        'team taz-and-raven "Taz and Raven" {\n  source authored\n'
        '  characters ["looney-tunes/taz/b", "teen-titans-go/raven"]\n'
        '  hand ["teen-titans-go/heavy-load", "looney-tunes/mega-magnet"]\n}\n', encoding="utf-8")
    return top / "gadgets"


def test_the_third_party_root_holds_no_copy(third_party):
    # the sets it depends on: the Mayhem rules and both Mayhem boxes (not Marvel Mayhem)
    official = {p.relative_to(CONTENT).as_posix() for folder in ("shared", "teen-titans-go", "looney-tunes")
                for p in (CONTENT / folder).rglob("*.mh")}
    own = {p.relative_to(third_party).as_posix() for p in third_party.rglob("*.mh")}
    assert not official & own
    comp = driver.compile_paths([third_party])
    assert comp.ok, [str(d) for d in comp.diagnostics.errors]
    assert sorted(comp.ir["boxes"]) == ["gadgets", "looney-tunes", "teen-titans-go"]
    assert official <= set(comp.ir["files"])
    assert not any(f.startswith("marvel-mayhem/") for f in comp.ir["files"])  # not a dependency


def test_the_third_party_root_checks_without_errors(third_party):
    result = invoke("check", third_party)
    assert result.exit_code == 0, result.output
    assert "error" not in result.stderr


@pytest.mark.parametrize("board", ["teen-titans-go", "looney-tunes", "gadgets"])
def test_its_character_plays_theirs_in_competitive_mode(third_party, board):
    teams = f"{third_party / 'teams' / 'toons.mh'},{third_party / 'teams' / 'rivals.mh'}"
    result = invoke("simulate", "--mode", "competitive", "--board", board, "--teams", teams, "--games", "4",
                    "--seed", "3", "--format", "json", "--content", third_party)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 4
    played = json.dumps(summary)
    for character in ("inventor", "bugs-bunny", "taz", "raven"):
        assert character in played


def test_a_team_of_the_third_party_root_is_valid(third_party):
    result = invoke("team", "check", third_party / "teams" / "toons.mh", "--content", third_party)
    assert result.exit_code == 0, result.output
    assert "gadgets/inventor, looney-tunes/bugs-bunny" in result.stdout


def test_an_error_in_a_dependency_is_shown_where_its_file_lies(tmp_path, monkeypatch):
    shutil.copytree(SETS / "path-dependency", tmp_path / "sets")
    rules = tmp_path / "sets" / "lib" / "rules.mh"
    rules.write_text(rules.read_text(encoding="utf-8").replace("damage(one opponent in here, 1)\n    damage",
                                                               "damage(one opponent in here, 1)\n    damge", 1),
                     encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    text = CliRunner().invoke(main, ["check", "sets/app"])
    assert text.exit_code == 1
    assert text.stderr.startswith("sets/lib/rules.mh:9:5: error[E301]: unknown effect 'damge'\n"), text.stderr
    data = json.loads(CliRunner().invoke(main, ["check", "sets/app", "--format", "json"]).stdout)
    [error] = [d for d in data["diagnostics"] if d["severity"] == "error"]
    assert (error["span"]["file"], error["span"]["path"]) == ("rules.mh", "sets/lib/rules.mh")
    sarif = json.loads(CliRunner().invoke(main, ["check", "sets/app", "--format", "sarif"]).stdout)
    [result] = [r for r in sarif["runs"][0]["results"] if r["level"] == "error"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": rules.resolve().as_uri()}
