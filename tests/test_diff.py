"""`mayhem diff` on deliberate changes made to a temporary copy of content/: golden text and
JSON, each kind of change classified as it should be, the consequences followed through the
effect graph, the exit codes. MAYHEM_UPDATE_GOLDEN=1 rewrites the golden files (review them)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest

from mayhem.compiler.diff import compare, compile_side
from mayhem.compiler.diff import report
from mayhem.compiler.diff.play import run_scenarios

from cli_helpers import invoke
from diff_helpers import FIXTURES, apply_changes, copy_content, rename_keyword

UPDATE = os.environ.get("MAYHEM_UPDATE_GOLDEN") == "1"
SCHEMA = Path(__file__).resolve().parent.parent / "compiler" / "schema" / "diff-1.schema.json"
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sides(tmp_path_factory):
    base = tmp_path_factory.mktemp("diff")
    old = copy_content(base / "old")
    new = apply_changes(copy_content(base / "new"))
    return old, new, compile_side(old), compile_side(new)


@pytest.fixture(scope="module")
def changed(sides):
    _old, _new, a, b = sides
    return compare(a.ir, b.ir, old_label="old", new_label="new",
                   old_diagnostics=a.diagnostics.items, new_diagnostics=b.diagnostics.items)


def by_name(diff, name):
    rows = [c for c in diff.components if c.name == name]
    assert len(rows) == 1, [c.name for c in diff.components]
    return rows[0]


def _golden(name: str, text: str) -> None:
    path = FIXTURES / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_golden_text(changed):
    _golden("golden.txt", report.text(changed) + "\n")


def test_golden_json(changed):
    text = report.as_json(changed)
    _golden("golden.json", text)
    jsonschema.validate(json.loads(text), json.loads(SCHEMA.read_text(encoding="utf-8")))


def test_a_number_in_an_effect_is_an_effect_change_in_words(changed):
    c = by_name(changed, "Robin › Staff Meeting")
    assert c.change == "effect-changed" and c.semantic
    assert c.differences == ["Special: +2 Damage -> +1 Damage"]
    assert c.nodes == ["teen-titans-go/robin/staff-meeting#special.0"]


def test_effect_and_text_changed_together(changed):
    c = by_name(changed, "Starfire › Starbolts")
    assert c.change == "both-changed"
    assert c.differences == ["Special: +1 Damage -> +2 Damage"]
    assert c.text == {"old": "Ranged Attack. Special: +1 Damage. Mayhem: MOVE.",
                      "new": "Ranged Attack. Special: +2 Damage. Mayhem: MOVE."}


def test_a_printed_number(changed):
    c = by_name(changed, "Starfire")
    assert c.change == "effect-changed" and c.differences == ["life: 11 -> 10"]


def test_a_keyword_definition_lists_its_users_in_every_box(changed):
    c = by_name(changed, "TRAP X")
    assert c.change == "effect-changed"
    assert c.nodes == ["shared/core:keyword:trap#effect.0"]
    assert "all opponent in it" in c.differences[0]
    users = next(k for k in changed.consequences if k["qid"] == "shared/core:keyword:trap")["users"]
    names = {u["name"] for u in users}
    assert {"Robin › Hero Reflexes", "Tricky Garbage", "Bird Seed", "Elmer Fudd › a › Wabbit Twap"} <= names
    assert {u["box"] for u in users} == {"teen-titans-go", "looney-tunes"}


def test_a_renamed_card_is_a_rename_not_a_removal_and_an_addition(changed):
    c = by_name(changed, "The Legendary Sandwich")
    assert (c.change, c.old_qid, c.qid, c.semantic) == (
        "renamed", "teen-titans-go/legendary-sandwich", "teen-titans-go/ultimate-sandwich", False)
    assert not [x for x in changed.components if x.change in ("added", "removed")]


def test_a_moved_location_keeps_its_meaning(changed):
    c = by_name(changed, "Titans Tower")
    assert c.change == "moved" and not c.semantic
    assert c.moved == {"old": "teen-titans-go/locations.mh", "new": "teen-titans-go/tower.mh", "what": "file"}


def test_a_text_only_rewording(changed):
    c = by_name(changed, "Cyborg › Body Armor")
    assert c.change == "text-changed" and not c.semantic and c.differences == []


def test_findings_that_appear(changed):
    codes = {(f["code"], f["file"]) for f in changed.findings["appeared"]}
    assert ("C307", "teen-titans-go/robin.mh") in codes  # the text still says +2 Damage
    assert not changed.findings["disappeared"]


def test_renaming_a_keyword_id_alone_leaves_its_users_unchanged(tmp_path):
    old = copy_content(tmp_path / "old")
    new = copy_content(tmp_path / "new")
    assert rename_keyword(new, "push", "shove") >= 4
    d = compare(compile_side(old).ir, compile_side(new).ir)
    assert [(c.change, c.old_qid, c.qid) for c in d.components] == [
        ("renamed", "shared/core:keyword:push", "shared/core:keyword:shove")]
    assert not d.semantic


def test_markdown_for_a_pull_request(changed):
    md = report.markdown(changed)
    assert md.startswith("## Content diff: `old` → `new`\n")
    assert "### ⚠️ Effect changed, same text (check the wording!) (3)" in md
    assert "| Robin › Staff Meeting | ability | teen-titans-go | Special: +2 Damage → +1 Damage<br>nodes: " \
           "`teen-titans-go/robin/staff-meeting#special.0` |" in md
    assert "- Robin › Hero Reflexes (ability, teen-titans-go)" in md
    assert "| Starfire › Starbolts | ability | teen-titans-go | Special: +1 Damage → +2 Damage<br>" \
           'text: "Ranged Attack. Special: +1 Damage. Mayhem: MOVE." → "Ranged Attack. Special: +2 Damage. Mayhem: MOVE."' in md


def test_scenarios_whose_outcome_changed(sides):
    _old, _new, a, b = sides
    rows = run_scenarios(a.ir, b.ir, REPO / "tests" / "scenarios")
    changed = {r["path"]: r for r in rows if r["changed"]}
    assert "teen-titans-go/staff-meeting.toml" in changed
    row = changed["teen-titans-go/staff-meeting.toml"]
    assert (row["old"], row["new"]) == ("pass", "fail") and row["new_failures"]
    assert len(rows) > len(changed)  # the others play out as before


def test_cli_exit_codes_and_formats(sides, tmp_path):
    old, new, _a, _b = sides
    same = invoke("diff", old, old, "--no-scenarios")
    assert same.exit_code == 0 and same.output.startswith(f"no changes between {old} and {old}")
    result = invoke("diff", old, new, "--no-scenarios", "--format", "json", "-o", tmp_path / "d.json")
    assert result.exit_code == 1
    doc = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert doc["semantic"] and doc["counts"]["renamed"] == 1 and doc["scenarios"] is None
    md = invoke("diff", old, new, "--no-scenarios", "--format", "markdown")
    assert md.exit_code == 1 and "| Component | Kind | Box | What changed |" in md.output


def test_cli_runs_the_scenarios_given(sides):
    old, new, _a, _b = sides
    result = invoke("diff", old, new, "--scenarios", REPO / "tests" / "scenarios" / "teen-titans-go")
    assert result.exit_code == 1
    assert "  staff-meeting.toml: pass -> fail" in result.output


def test_bad_input_is_a_clear_error(sides, tmp_path):
    old, _new, _a, _b = sides
    (tmp_path / "empty").mkdir()
    result = invoke("diff", tmp_path / "empty", old)
    assert result.exit_code == 2
    assert "not a content root (no mayhem.toml" in result.output
    broken = copy_content(tmp_path / "broken")
    (broken / "teen-titans-go" / "robin.mh").write_text("in box teen-titans-go\ncharacter {\n", encoding="utf-8")
    result = invoke("diff", old, broken)
    assert result.exit_code == 2
    assert f"{broken.name}/teen-titans-go/robin.mh:2:" in result.output
    assert f"error: {broken}: the content does not compile (`mayhem check {broken}` shows it)" in result.output
    assert "Traceback" not in result.output
