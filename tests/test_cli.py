"""The `mayhem` command: exit codes, output formats (text, JSON, SARIF 2.1.0), compile,
build, list, graph and explain, through click's CliRunner and one real process."""
from __future__ import annotations

import json
import re
import shutil
from collections import Counter
import subprocess
import sys
from pathlib import Path

import pytest

from mayhem.compiler import driver, ir as ir_mod
from mayhem.compiler.listing import LISTED_KINDS, list_components

from conftest import CONTENT, FIXTURES
from cli_helpers import invoke

ERRORS = FIXTURES / "errors"
COMPILE = FIXTURES / "compile"
LIST_KEYS = {"id", "box", "kind", "name", "side", "provenance"}


def copy(src: Path, tmp_path: Path, name: str | None = None) -> Path:
    dst = tmp_path / (name or src.name)
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("expected.*", "args.txt"))
    return dst


@pytest.fixture
def clean(tmp_path):
    """A small clean content set: shared modules only, every statement and keyword form."""
    root = copy(COMPILE / "statements", tmp_path, "clean")
    shutil.copy(COMPILE / "keyword-params" / "rules.mh", root / "keywords.mh")
    return root


@pytest.fixture
def broken(tmp_path):
    """Several errors in three files, one of them with related locations."""
    root = tmp_path / "broken"
    root.mkdir()
    (root / "mayhem.toml").write_text("")
    shutil.copy(ERRORS / "E301" / "rules.mh", root / "unknown.mh")
    shutil.copy(ERRORS / "E302" / "rules.mh", root / "twice.mh")
    shutil.copy(ERRORS / "E405" / "rules.mh", root / "cond.mh")
    return root


# ---- check ------------------------------------------------------------------

def test_check_clean_exits_0(clean):
    result = invoke("check", clean)
    assert result.exit_code == 0, result.output
    assert "error" not in result.output


def test_check_says_what_it_checked(clean):
    """Issue 10, item 11: a clean report names what was loaded, so that an empty load shows."""
    result = invoke("check", clean)
    assert result.exit_code == 0
    assert result.stderr.splitlines()[-1] == "checked 2 files, 7 components: 2 warnings"
    assert result.stderr.count(": warning[C302]: keyword ") == 2


def test_check_json_says_what_it_checked(clean):
    doc = json.loads(invoke("check", clean, "--format", "json").stdout)
    assert doc["checked"] == {"files": 2, "components": 7}


@pytest.mark.parametrize("layout", ["empty root", "only other files", "empty folder inside"])
def test_nothing_to_check_is_an_error(tmp_path, layout):
    root = tmp_path / "root"
    root.mkdir()
    (root / "mayhem.toml").write_text("")
    target = root
    if layout == "only other files":
        (root / "notes.txt").write_text("not content")
    elif layout == "empty folder inside":
        target = root / "box"
        target.mkdir()
    result = invoke("check", target)
    assert result.exit_code == 1
    assert result.stderr == (f"error[E002]: nothing to check: no content files (.mh) in '{target}'\n"
                             "   = hint: give content files or the folder that holds them; folders are searched "
                             "recursively, following linked folders\n1 error\n")


def test_check_follows_linked_box_folders(tmp_path):
    """A box kept elsewhere and linked into the content root is checked as part of it."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(CONTENT / "mayhem.toml", root)
    shutil.copytree(CONTENT / "shared", root / "shared")
    for box in sorted(p.name for p in CONTENT.iterdir() if p.is_dir() and p.name != "shared"):
        shutil.copytree(CONTENT / box, tmp_path / "elsewhere" / box)
        (root / box).symlink_to(tmp_path / "elsewhere" / box, target_is_directory=True)
    (root / "loop").symlink_to(root, target_is_directory=True)  # a link back up is not followed twice
    linked = invoke("check", root, "--format", "json")
    real = invoke("check", CONTENT, "--format", "json")
    assert linked.exit_code == real.exit_code == 0, linked.output
    checked = json.loads(real.stdout)["checked"]
    assert json.loads(linked.stdout)["checked"] == checked and checked["files"] >= 23 and checked["components"] >= 150
    assert [d["message"] for d in json.loads(linked.stdout)["diagnostics"]] == \
        [d["message"] for d in json.loads(real.stdout)["diagnostics"]]


def test_one_file_is_checked_in_its_collection():
    """Issue 10, item 10: one file of a box alone could not see its box (E307)."""
    result = invoke("check", CONTENT / "teen-titans-go" / "robin.mh")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-2].startswith("checked ")
    # the counts grow with the collection (Marvel Mayhem's decks); the Mayhem boxes' own are below
    assert re.search(r"teen-titans-go/robin\.mh in its collection \(content: \d+ files, \d+ components\): no problems$",
                     result.stderr.splitlines()[-2])
    assert "error" not in result.stderr


def test_one_file_reports_what_it_breaks_elsewhere(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    (root / "teen-titans-go" / "robin2.mh").write_text(
        (root / "teen-titans-go" / "robin.mh").read_text(encoding="utf-8").replace(
            'character robin "Robin"', 'character robin-two "Robin Two"'), encoding="utf-8")
    result = invoke("check", root / "teen-titans-go" / "robin2.mh", "--format", "json")
    assert result.exit_code == 1
    found = [(d["code"], d["span"]["file"], d["message"]) for d in json.loads(result.stdout)["diagnostics"]]
    assert found == [
        ("C101", "teen-titans-go/box.mh", "box 'teen-titans-go' lists 4 characters; the content has 5"),
        ("C101", "teen-titans-go/box.mh", "box 'teen-titans-go' lists 4 dashboards (characters); the content has 5"),
        ("C103", "teen-titans-go/first-game.mh", "the First-Game hands give nothing to robin-two"),
    ]
    # elsewhere: the six C502 notes of Competitive Mode and the DC main deck's cost curve (C807)
    assert json.loads(result.stdout)["checked"]["elsewhere"] == "7 notes"


def test_check_content_errors_exit_1(broken):
    result = invoke("check", broken)
    assert result.exit_code == 1
    for code in ("E301", "E302", "E405"):
        assert f"error[{code}]" in result.stderr
    assert result.stderr.rstrip().endswith("3 errors")


def test_check_missing_path_is_a_content_error(tmp_path):
    result = invoke("check", tmp_path / "nowhere.mh")
    assert result.exit_code == 1
    assert "error[E001]" in result.output


@pytest.mark.parametrize("args, message", [
    (["check", "--bogus"], "Error: No such option '--bogus'."),
    (["check", "--format", "xml"], "Error: Invalid value for '--format': 'xml' is not one of 'text', 'json', 'sarif'."),
    (["nosuchcommand"], "Error: No such command 'nosuchcommand'."),
    (["check", "--max-errors", "many"], "Error: Invalid value for '--max-errors': 'many' is not a valid integer."),
    (["compile", "content"], "Error: Missing option '-o' / '--output'."),
])
def test_usage_errors_exit_2(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.output.startswith("Usage: ")
    assert result.output.splitlines()[-1] == message


def test_check_truncates_past_max_errors(broken):
    result = invoke("check", broken, "--max-errors", "1")
    assert result.exit_code == 1
    assert result.stderr.count(": error[") == 1
    assert "... and 2 more" in result.stderr
    assert result.stderr.rstrip().endswith("3 errors")


def test_check_json(broken):
    result = invoke("check", broken, "--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["summary"] == "3 errors"
    diags = doc["diagnostics"]
    assert [(d["code"], d["message"], d["hint"], d["span"]["file"], d["span"]["line"], d["span"]["col"])
            for d in diags] == [
        ("E405", "a condition must be true or false, not a number", None, "cond.mh", 5, 8),
        ("E302", "'melee' is declared twice in this module",
         "ids are unique per box (per kind for keywords, tokens, tags, icons and pools)", "twice.mh", 5, 5),
        ("E301", "unknown effect 'hitt'", "did you mean 'hit' or 'shift'?", "unknown.mh", 22, 5),
    ]
    for d in diags:
        assert set(d) == {"code", "severity", "message", "span", "hint", "related"}
        assert d["severity"] == "error"
        assert Path(d["span"]["path"]).resolve() == (broken / d["span"]["file"]).resolve()
    twice = next(d for d in diags if d["code"] == "E302")
    assert twice["related"] and twice["related"][0]["span"]["line"] == 1


def test_check_json_clean(clean):
    result = invoke("check", clean, "--format", "json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert [(d["code"], d["severity"], d["message"]) for d in doc["diagnostics"]] == [
        ("C302", "warning", 'keyword \'combo\' ("Combo") is never used'),
        ("C302", "warning", 'keyword \'gambit\' ("Gambit") is never used'),
    ]
    assert doc["summary"] == "2 warnings"


def assert_sarif(doc: dict) -> dict:
    """A structural check of the parts of SARIF 2.1.0 that code-scanning services read."""
    assert doc["version"] == "2.1.0"
    assert "sarif" in doc["$schema"] and "2.1.0" in doc["$schema"]
    assert isinstance(doc["runs"], list) and len(doc["runs"]) == 1
    run = doc["runs"][0]
    tool = run["tool"]["driver"]
    assert tool["name"] == "mayhem" and isinstance(tool["version"], str)
    rules = tool["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert isinstance(rule["shortDescription"]["text"], str) and rule["shortDescription"]["text"]
    bases = run.get("originalUriBaseIds", {})
    for base in bases.values():
        assert base["uri"].startswith("file://") and base["uri"].endswith("/")

    def assert_location(loc):
        phys = loc["physicalLocation"]
        art = phys["artifactLocation"]
        assert isinstance(art["uri"], str) and not art["uri"].startswith("/") and "://" not in art["uri"]
        if "uriBaseId" in art:
            assert art["uriBaseId"] in bases
        region = phys["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert (region["endLine"], region["endColumn"]) >= (region["startLine"], region["startColumn"])

    assert isinstance(run["results"], list)
    for res in run["results"]:
        assert res["ruleId"] in ids
        assert ids[res["ruleIndex"]] == res["ruleId"]
        assert res["level"] in ("none", "note", "warning", "error")
        assert isinstance(res["message"]["text"], str) and res["message"]["text"]
        for loc in res.get("locations", []):
            assert_location(loc)
        for k, loc in enumerate(res.get("relatedLocations", [])):
            assert loc["id"] == k and loc["message"]["text"]
            assert_location(loc)
    return run


def test_check_sarif(broken):
    result = invoke("check", broken, "--format", "sarif")
    assert result.exit_code == 1
    run = assert_sarif(json.loads(result.stdout))
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["E301", "E302", "E405"]
    assert sorted(r["ruleId"] for r in run["results"]) == ["E301", "E302", "E405"]
    assert all(r["level"] == "error" for r in run["results"])
    located = {r["ruleId"]: r["locations"][0]["physicalLocation"] for r in run["results"]}
    assert located["E405"]["artifactLocation"]["uri"] == "cond.mh"
    assert located["E405"]["region"]["startLine"] == 5 and located["E405"]["region"]["startColumn"] == 8
    twice = next(r for r in run["results"] if r["ruleId"] == "E302")
    assert twice["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 1
    assert run["originalUriBaseIds"]["CONTENTROOT"]["uri"] == broken.resolve().as_uri() + "/"


def test_check_sarif_clean(clean):
    result = invoke("check", clean, "--format", "sarif")
    assert result.exit_code == 0
    run = assert_sarif(json.loads(result.stdout))
    assert [(r["ruleId"], r["level"]) for r in run["results"]] == [("C302", "warning"), ("C302", "warning")]


def test_check_real_content_sarif():
    """The real content is clean: its only findings are the C502 notes of Competitive Mode and
    the note of the DC box's cost curve (C807)."""
    result = invoke("check", CONTENT, "--format", "sarif")
    assert result.exit_code == 0
    run = assert_sarif(json.loads(result.stdout))
    assert sorted((r["ruleId"], r["level"]) for r in run["results"]) == [("C502", "note")] * 6 + [("C807", "note")]


# ---- compile and build ------------------------------------------------------

def test_compile_writes_valid_ir_byte_identical_twice(tmp_path):
    first, second = tmp_path / "a" / "ir.json", tmp_path / "b.json"
    for out in (first, second):
        result = invoke("compile", CONTENT, "-o", out)
        assert result.exit_code == 0, result.output
        doc = json.loads(out.read_text(encoding="utf-8"))
        assert result.stderr.startswith(f"wrote {out} ({len(doc['components'])} top-level components)\n")
    doc = json.loads(first.read_text(encoding="utf-8"))
    ir_mod.validate(doc)
    mayhem_boxes = [c for c in doc["components"] if c["box"] not in ("marvel-mayhem", "dc-teen-titans-go")]
    # 150, content/shared/card-types.mh (its module, the eight card types and the token type it
    # declares) and shared/game.mh's two
    assert doc["ir_version"] == ir_mod.IR_VERSION and len(mayhem_boxes) == 162
    assert first.read_bytes() == second.read_bytes()
    assert not list(tmp_path.rglob("*.tmp"))


def test_compile_with_errors_writes_nothing(broken, tmp_path):
    out = tmp_path / "ir.json"
    result = invoke("compile", broken, "-o", out)
    assert result.exit_code == 1
    assert not out.exists()
    assert "error[E301]" in result.output


def test_compile_json_format_reports_on_stdout(clean, tmp_path):
    out = tmp_path / "ir.json"
    result = invoke("compile", clean, "-o", out, "--format", "json")
    assert result.exit_code == 0
    assert [d["code"] for d in json.loads(result.stdout)["diagnostics"]] == ["C302", "C302"]
    assert json.loads(out.read_text())["files"] == ["keywords.mh", "rules.mh"]


def test_build_writes_ir_json(clean, tmp_path):
    out = tmp_path / "site-build"
    result = invoke("build", "-o", out, "--content", clean)
    assert result.exit_code == 0, result.output
    doc = json.loads((out / "ir.json").read_text(encoding="utf-8"))
    ir_mod.validate(doc)
    assert doc["files"] == ["keywords.mh", "rules.mh"]
    assert f"wrote {out / 'ir.json'}" in result.stderr


def test_build_with_errors_fails(broken, tmp_path):
    out = tmp_path / "out"
    result = invoke("build", "-o", out, "--content", broken)
    assert result.exit_code == 1
    assert not (out / "ir.json").exists()


# ---- list ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def listed():
    result = invoke("list", CONTENT, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_list_json_shape(listed):
    assert Counter(r["kind"] for r in listed if r["box"] not in ("marvel-mayhem", "dc-teen-titans-go")) == {"mayhem-card": 44, "token": 23, "location": 20, "keyword": 15,
                                                  "character": 12, "go-card": 12, "npc": 2,
                                                  "game": 1}  # the Mayhem game of shared/game.mh
    assert {"id": "teen-titans-go/robin", "box": "teen-titans-go", "kind": "character", "name": "Robin",
            "side": None, "provenance": "authored"} in listed
    for row in listed:
        assert set(row) == LIST_KEYS
        assert row["kind"] in LISTED_KINDS or (row["kind"] == "marvel-card" and row["box"] == "marvel-mayhem") or \
            row["box"] == "dc-teen-titans-go"  # a kernel game's own card types
        assert row["side"] in (None, "a", "b")
        assert row["provenance"] == "authored" or row["provenance"].startswith('rulebook "')
    keys = [(r["box"] or "", r["kind"], r["name"], r["side"] or "") for r in listed]
    assert keys == sorted(keys)


def test_list_kind_filter(listed):
    result = invoke("list", CONTENT, "--format", "json", "--kind", "keyword")
    rows = json.loads(result.stdout)
    assert rows == [r for r in listed if r["kind"] == "keyword"]
    assert Counter(r["box"] for r in rows if r["box"] != "marvel-mayhem") == {None: 13, "looney-tunes": 1,
                                                                               "teen-titans-go": 1}
    assert all(r["id"].startswith("shared/") for r in rows if r["box"] is None)


def test_list_text(listed):
    result = invoke("list", CONTENT)
    assert result.exit_code == 0
    header = result.stdout.splitlines()[1]
    for col in ("box", "kind", "name", "side", "provenance"):
        assert col in header
    assert listed[0]["name"] in result.stdout


def test_list_rows_of_a_double_sided_character():
    comp = driver.check([COMPILE / "double-sided"])
    rows = [r for r in list_components(comp.model) if r["id"] == "demo/twins"]
    assert rows == [
        {"id": "demo/twins", "box": "demo", "kind": "character", "name": "The Twins", "side": "a",
         "provenance": 'rulebook "Components"'},
        {"id": "demo/twins", "box": "demo", "kind": "character", "name": "The Twins", "side": "b",
         "provenance": "authored"},
    ]


# ---- graph ------------------------------------------------------------------------

def test_graph_text(clean):
    result = invoke("graph", "combo", "--content", clean)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "component: keyword Combo  (keywords.mh:28:1)"
    assert any("[calls] component: keyword Strike X" in line for line in lines)
    assert any("effect: damage" in line for line in lines)


def test_graph_dot(clean):
    result = invoke("graph", "keywords:keyword:combo", "--content", clean, "--format", "dot")
    assert result.exit_code == 0, result.output
    text = result.stdout.strip()
    assert text.startswith('digraph "keywords:keyword:combo" {\n  rankdir=LR;\n')
    assert text.endswith("}")
    assert '[label="calls"]' in text and "->" in text


def test_graph_by_display_name_mermaid_to_file(clean, tmp_path):
    out = tmp_path / "g.mmd"
    result = invoke("graph", "Strike X", "--content", clean, "--format", "mermaid", "-o", out)
    assert result.exit_code == 0 and result.stdout == ""
    text = out.read_text(encoding="utf-8")
    assert text.startswith("flowchart LR\n")
    assert "-->|contains|" in text and '["component: keyword Strike X"]' in text


def test_graph_unknown_and_ambiguous_names_are_usage_errors(tmp_path):
    root = tmp_path / "two"
    root.mkdir()
    (root / "mayhem.toml").write_text("")
    for name in ("a", "b"):
        (root / f"{name}.mh").write_text('keyword hit "Hit" {\n  source authored\n  text "t"\n'
                                         '  effect {\n    roll-mayhem-die\n  }\n}\n')
    unknown = invoke("graph", "nothing-like-it", "--content", root)
    assert unknown.exit_code == 2 and "no component called 'nothing-like-it'" in unknown.output
    ambiguous = invoke("graph", "hit", "--content", root)
    assert ambiguous.exit_code == 2
    assert "'hit' is ambiguous: a:keyword:hit, b:keyword:hit" in ambiguous.output


def test_graph_of_a_real_component(listed):
    row = next(r for r in listed if r["kind"] == "character")
    result = invoke("graph", row["id"], "--content", CONTENT)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"component: character {row['name']}  (")


# ---- explain, version, and one real process ----------------------------------------

def test_explain_one_code():
    result = invoke("explain", "E303")
    assert result.exit_code == 0
    assert result.stdout.startswith("E303: import cycle\n")
    assert "Example:" in result.stdout and "Fix:" in result.stdout


def test_version():
    from mayhem import __version__
    result = invoke("--version")
    assert result.exit_code == 0 and __version__ in result.stdout


def test_installed_script_in_a_real_process(tmp_path):
    script = Path(sys.executable).with_name("mayhem")
    assert script.is_file()
    case = copy(ERRORS / "E303", tmp_path)
    proc = subprocess.run([str(script), "check", "."], cwd=case, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr == (ERRORS / "E303" / "expected.txt").read_text(encoding="utf-8")
    proc = subprocess.run([str(script), "check", "--format", "sarif", "."], cwd=case, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 1
    assert_sarif(json.loads(proc.stdout))


def test_graph_text_of_a_box_file_keeps_its_whole_path():
    """Issue 10, item 12: the span was cut at the first dash, `(teen)`."""
    result = invoke("graph", "teen-titans-go/robin", "--content", CONTENT)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "component: character Robin  (teen-titans-go/robin.mh:9:1)"
    assert lines[1] == "  component: ability Hero Reflexes  (teen-titans-go/robin.mh:40:3)"
    assert "(teen)" not in result.stdout


def test_graph_of_a_marvel_card_shows_its_symbols():
    """A Marvel Mayhem card that is only symbols (Panther Strike: Attack 2) showed the card
    alone; its graph now leads from the symbol to the card type's effect that resolves it."""
    result = invoke("graph", "panther-strike", "--content", CONTENT, "--format", "mermaid")
    assert result.exit_code == 0, result.output
    assert '["symbol: attack 2"]' in result.stdout
    assert "-->|resolves|" in result.stdout and '["keyword-call: shield-then-hurt"]' in result.stdout
