"""Free-For-All's non-player figures are a card type declared in content
(content/shared/card-types.mh: `card-type npc`), not an entry of dsl/box_kinds.py. What the
compiler, the checks, the site and `mayhem list` see of them is what they saw when the table
declared them: the old entry is kept here (OLD_NPC) and the content is compiled with it and
with the declaration."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.dsl import schema
from mayhem.dsl.schema import NAMED, SOURCE, TEXT_REQ, KindSpec, PropSpec

from game_helpers import shipped_card_types

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
STANDARD = "shared/card-types.mh"

# dsl/box_kinds.py's entry before the move, as it was written there.
OLD_NPC = KindSpec(
    "npc", "A non-player figure of Free-For-All Mayhem, moved by the players.", ("<box-file>",),
    props=(
        SOURCE, TEXT_REQ,
        PropSpec("figure", "id", "The character whose figure it uses.", True),
    ),
    triggers="npc",
)
# The declared kind: the old entry, but that a ruling may sit in it, and that it has `named`,
# as every card of a card type does (where the rulebook prints the name).
DECLARED = replace(OLD_NPC, props=(NAMED,) + OLD_NPC.props, children=("ruling",))


@pytest.fixture
def old_table(monkeypatch):
    """dsl.schema.KINDS as it was: the declared kinds, with the old `npc` entry in its place."""
    kinds = {k: OLD_NPC if k == "npc" else schema.KINDS[k] for k in schema.KINDS}
    monkeypatch.setattr(schema.KINDS, "_all", kinds)


def _findings(comp) -> list[tuple]:
    return [(d.code, d.severity, d.message, str(d.span), d.hint) for d in comp.diagnostics.items]


def test_the_kind_is_read_from_content_shared_card_types_and_is_the_old_entry():
    assert "npc" not in schema.BUILTIN_KINDS and "npc" in schema.CONTENT_DECLARED
    spec = schema.KINDS["npc"]
    assert spec.origin is not None and spec.origin.file == STANDARD and spec.origin.kind == "card-type"
    assert spec == DECLARED and spec.slots == () and spec.prop("text").required
    kinds = list(schema.KINDS)
    assert kinds[kinds.index("first-game"):][:3] == ["first-game", "npc", "mode"]


def test_the_ir_the_findings_the_list_and_the_pages_are_the_ones_the_old_entry_gave(monkeypatch, old_table):
    """Compiled through the old entry (without the file that declares it), then through the
    declaration: both boxes' components, the findings, `mayhem list` and the boxes' pages."""
    from mayhem.compiler.ir import dumps
    from mayhem.compiler.listing import list_components
    from test_location_type_declared import _site_pages
    files = sorted(CONTENT.rglob("*.mh"))
    before = driver.build([p for p in files if p.relative_to(CONTENT).as_posix() != STANDARD], root=CONTENT)
    assert schema.KINDS["npc"] is OLD_NPC
    monkeypatch.undo()
    after = driver.build(files, root=CONTENT)
    assert before.ok and after.ok and schema.KINDS["npc"].origin is not None
    npcs = [c for c in after.ir["components"] if c["kind"] == "npc"]
    assert sorted(c["box"] for c in npcs) == ["looney-tunes", "teen-titans-go"]
    for box in ("looney-tunes", "teen-titans-go"):
        assert dumps([c for c in after.ir["components"] if c["box"] == box]) == \
            dumps([c for c in before.ir["components"] if c["box"] == box])
    assert _findings(after) == _findings(before)
    assert list_components(after.model) == list_components(before.model)
    pages_before, pages_after = _site_pages(before), _site_pages(after)
    boxed = [p for p in pages_before if p.startswith(("looney-tunes", "teen-titans-go"))]
    assert any("/npcs/" in p for p in boxed)
    assert {p: pages_after[p] for p in boxed} == {p: pages_before[p] for p in boxed}


BAD_NPCS = '''in box tiny

character crow "Crow" {
  source authored
  life 5
  mayhem-cards 1
}

npc storm "Storm" {
  source authored
  text "A storm."
  figur crow
  effect { end-turn() }
}

npc gale "Gale" {
  source authored
  figure crowe
}
'''


def test_wrong_npcs_get_the_errors_the_old_entry_gave(tmp_path, monkeypatch, old_table):
    def check(name: str) -> list[tuple]:
        root = tmp_path / name
        root.mkdir()
        (root / "mayhem.toml").write_text("[collection]\n")
        (root / "box.mh").write_text(BAD_NPCS)
        return [f for f in _findings(driver.check([root], root=root)) if f[1] == "error" and f[0] != "E307"]

    before = check("old")
    monkeypatch.undo()
    after = check("new")
    assert after == before
    found = {(code, message, span, hint) for code, _sev, message, span, hint in after}
    assert ("E202", "unknown property 'figur' in a npc", "box.mh:12:3", "did you mean 'figure'?") in found
    assert ("E205", "npc 'storm' needs 'figure'", "box.mh:9:5",
            "The character whose figure it uses. For example: `figure name`") in found
    assert any(f[:3] == ("E205", "npc 'gale' needs 'text'", "box.mh:16:5") for f in found)
    assert ("E206", "'effect' is not an effect slot of a npc", "box.mh:13:3", "a npc has no effects") in found
    assert ("E309", "no character 'crowe' in box 'tiny'", "box.mh:18:3", "did you mean 'crow'?") in found


def test_a_changed_declaration_lets_an_npc_give_one_more_property(tmp_path, monkeypatch):
    standard, text, box = shipped_card_types(tmp_path, monkeypatch, "box.mh", BAD_NPCS.split("npc storm")[0] + (
        'npc storm "Storm" {\n  source authored\n  text "A storm."\n  figure crow\n  fury 3\n}\n'))
    try:
        first = driver.check([box], root=box)
        assert [d.message for d in first.diagnostics.items if d.code == "E202"] == \
            ["unknown property 'fury' in a npc"]
        anchor = '  figure id required'
        assert anchor in text
        standard.write_text(text.replace(anchor, '  fury int 0 "How wild it is."\n' + anchor))
        again = driver.check([box], root=box)
        assert [d for d in again.diagnostics.items if d.severity == "error" and d.code != "E307"] == []
        storm = next(c for c in again.model.components() if c.id == "storm")
        assert storm.prop("fury") == 3 and storm.prop("figure") == "crow"
    finally:
        monkeypatch.undo()
        schema.KINDS.refresh()
    assert schema.KINDS["npc"] == DECLARED
