"""Locations are a card type declared in content (content/shared/card-types.mh: `card-type
location`), not an entry of dsl/box_kinds.py. Everything the compiler, the checks, the site and
`mayhem diff` see of them is what they saw when the table declared them: the old entry is kept
here (OLD_LOCATION) and the content is compiled with it and with the declaration."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.diff.compare import compare
from mayhem.dsl import schema
from mayhem.dsl.schema import NAMED, SOURCE, TEXT, KindSpec, PropSpec

from game_helpers import shipped_card_types

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
STANDARD = "shared/card-types.mh"
BOXES = ("looney-tunes", "teen-titans-go")

# dsl/box_kinds.py's entry before the move, as it was written there.
OLD_LOCATION = KindSpec(
    "location", "A Location tile: slots, base colour, icons, VP slots and its effect.",
    ("<box-file>",),
    props=(
        NAMED,
        SOURCE, TEXT,
        PropSpec("slots", "int", "Character slots (1 or 2).", True),
        PropSpec("base", "id", "A Team Base of this colour: one of the game's `team-names` (`black`, `white`)."),
        PropSpec("icons", "list", "Mission and board icons printed on the tile."),
        PropSpec("vp-slots", "flag", "Holds one Victory Point token of each colour at setup (read by the "
                 "shared rules' `vp` counter: `set-out-on vp-slots`)."),
    ),
    triggers="location",
)


@pytest.fixture
def old_table(monkeypatch):
    """dsl.schema.KINDS as it was: the declared kinds, with the old `location` entry in its place."""
    kinds = {k: OLD_LOCATION if k == "location" else schema.KINDS[k] for k in schema.KINDS}
    monkeypatch.setattr(schema.KINDS, "_all", kinds)


def _content_files(without_standard: bool = False) -> list[Path]:
    return sorted(p for p in CONTENT.rglob("*.mh")
                  if not (without_standard and p.relative_to(CONTENT).as_posix() == STANDARD))


def _findings(comp) -> list[tuple]:
    return [(d.code, d.severity, d.message, str(d.span), d.hint) for d in comp.diagnostics.items]


def _site_pages(comp) -> dict[str, str]:
    from mayhem.site.build import diagnostics_of
    from mayhem.site.model import SiteModel
    from mayhem.site.render import render
    model = SiteModel(comp.ir, {name: sf.text for name, sf in comp.sources.items()})
    return render(model, diagnostics=diagnostics_of(comp), docs={}).pages


def test_the_kind_is_read_from_content_shared_card_types():
    assert "location" not in schema.BUILTIN_KINDS and "location" in schema.CONTENT_DECLARED
    spec = schema.KINDS["location"]
    assert spec.origin is not None and spec.origin.file == STANDARD
    assert spec.origin.kind == "card-type" and spec.origin.source.kind == "rulebook"


def test_the_declared_kind_is_the_old_entry():
    """Field for field, but one: a ruling may sit in a Location, and the kind says so (as a
    Mayhem card's does); `no-effect` keeps it without the `effect` a card type has by default."""
    new = schema.KINDS["location"]
    assert new.children == ("ruling",) and OLD_LOCATION.children == ()
    assert new == replace(OLD_LOCATION, children=("ruling",))
    assert new.slots == () and new.triggers == "location" and new.component


def test_the_order_of_kinds_is_the_tables():
    kinds = list(schema.KINDS)
    assert kinds[kinds.index("go-card"):][:3] == ["go-card", "location", "first-game"]


def _main_content(tmp_path: Path) -> list[Path]:
    """A copy of the content as it was when the table declared Locations: without the file that
    declares them, and without the shared game's `board` (whose tiles are that card type)."""
    import shutil
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    (root / STANDARD).unlink()
    game = root / "shared" / "game.mh"
    lines = game.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("  board "))
    last = next(i for i in range(first, len(lines)) if lines[i] == "  }")
    while lines[first - 1].startswith("  #"):
        first -= 1
    game.write_text("\n".join(lines[:first] + lines[last + 2:]), encoding="utf-8")
    return sorted(root.rglob("*.mh"))


def _nodes(ir) -> list:
    """The graph's nodes, but those of the two shared files the move changed (their spans)."""
    return [n for n in ir["graph"]["nodes"] if not (n.get("span") or "").startswith((STANDARD, "shared/game.mh"))]


def test_the_ir_the_findings_and_the_site_are_the_ones_the_old_entry_gave(tmp_path, monkeypatch, old_table):
    """The content compiled twice: every Location read through the old entry (without the file
    that declares it), then through the declaration. Each box's components and the graph of the
    boxes are the same to the byte, the checks find the same, `mayhem diff` sees no change in a
    box, and every page of a box (its Locations' pages, its board drawn) is the same."""
    from mayhem.compiler.ir import dumps
    before = driver.build(_main_content(tmp_path), root=tmp_path / "content")
    assert before.ok
    assert schema.KINDS["location"].origin is None  # (the old entry was the one read)
    monkeypatch.undo()  # the declared kind again
    after = driver.build(_content_files(), root=CONTENT)
    assert after.ok
    assert schema.KINDS["location"].origin is not None
    for box in BOXES:
        old = [c for c in before.ir["components"] if c["box"] == box]
        new = [c for c in after.ir["components"] if c["box"] == box]
        assert len([c for c in new if c["kind"] == "location"]) == 10
        assert any(c["props"].get("vp-slots") for c in new if c["kind"] == "location") == (box == "looney-tunes")
        assert dumps(new) == dumps(old), box
    assert after.ir["boxes"] == before.ir["boxes"]
    assert dumps(_nodes(after.ir)) == dumps(_nodes(before.ir))
    board = "shared/game:game:mayhem/locations"  # the one new node: the shared game's board
    assert [e for e in after.ir["graph"]["edges"] if board not in (e["source"], e["target"])] == \
        before.ir["graph"]["edges"]
    assert _findings(after) == _findings(before)
    changes = compare(before.ir, after.ir).components
    assert ("added", "shared/card-types:card-type:location") in {(c.change, c.qid) for c in changes}
    assert [c.qid for c in changes if not c.qid.startswith(("shared/card-types:", "shared/game:"))] == []
    pages_before, pages_after = _site_pages(before), _site_pages(after)
    boxed = [p for p in pages_before if p.startswith(BOXES)]
    assert any("/locations/" in p for p in boxed) and any("<svg" in pages_before[p] for p in boxed)
    assert {p: pages_after[p] for p in boxed} == {p: pages_before[p] for p in boxed}


def test_mayhem_list_shows_what_it_showed(monkeypatch, old_table):
    """`mayhem list` lists the same rows: the Locations among them, and no card type."""
    from mayhem.compiler.listing import list_components
    before = list_components(driver.check(_content_files(without_standard=True), root=CONTENT).model)
    monkeypatch.undo()
    after = list_components(driver.check(_content_files(), root=CONTENT).model)
    assert after == before
    assert len([r for r in after if r["kind"] == "location"]) == 20


def test_the_card_type_has_its_page_with_what_each_property_takes():
    pages = _site_pages(driver.build(_content_files(), root=CONTENT))
    page = pages["shared/card-types/card-types/location/index.md"]
    assert "<td>a number; required. Character slots (1 or 2).</td>" in page
    assert "<td>a name; optional. A Team Base of this colour" in page


BAD_LOCATIONS = {
    "rules.mh": '''module rules "Rules" {
  source authored
}

icon pizza "Pizza" {
  source authored
}
''',
    "box.mh": '''in box tiny
use "rules.mh"

location lair "Lair" {
  source authored
  text "A lair."
  slot 2
  base purple
  icons [pizza, pizzza]
  effect { heal(1) }
  on enter when figure is character {
    remove-damage(figure, 1)
  }
}

location attic "Attic" {
  source authored
  slots 1
  base whit
  vp-slot
}
''',
}


def _check_snippet(tmp_path: Path, name: str, files: dict[str, str]) -> list[tuple]:
    root = tmp_path / name
    root.mkdir()
    (root / "mayhem.toml").write_text("[collection]\n")
    for file, text in files.items():
        (root / file).write_text(text)
    return [f for f in _findings(driver.check([root], root=root)) if f[1] == "error"]


def test_wrong_locations_get_the_errors_the_old_entry_gave(tmp_path, monkeypatch, old_table):
    before = _check_snippet(tmp_path, "old", BAD_LOCATIONS)
    assert schema.KINDS["location"] is OLD_LOCATION
    monkeypatch.undo()
    after = _check_snippet(tmp_path, "new", BAD_LOCATIONS)
    assert after == before
    by_code: dict[str, list] = {}
    for code, _sev, message, span, hint in after:
        by_code.setdefault(code, []).append((message, span, hint))
    assert ("unknown property 'slot' in a location", "box.mh:7:3", "did you mean 'slots' or 'vp-slots'?") \
        in by_code["E202"]
    assert ("unknown property 'vp-slot' in a location", "box.mh:20:3", "did you mean 'vp-slots' or 'slots'?") \
        in by_code["E202"]
    assert any(m == "location 'lair' needs 'slots'" for m, _s, _h in by_code["E205"])
    assert ("unknown Team 'purple' as the Base of Location 'lair'", "box.mh:8:8",
            "the Teams (no game declares `team-names`): black, white") in by_code["E301"]
    assert ("unknown Team 'whit' as the Base of Location 'attic'", "box.mh:19:8", "did you mean 'white'?") \
        in by_code["E301"]
    assert any(m == "unknown icon 'pizzza'" and h == "did you mean 'pizza'?" for m, _s, h in by_code["E301"])
    assert any(m == "'effect' is not an effect slot of a location" for m, _s, _h in by_code["E206"])


def test_a_changed_declaration_lets_a_location_give_one_more_property(tmp_path, monkeypatch):
    """The schema is the file's: a property added to the card type `location` in a copy of
    card-types.mh is one every Location may give from the next compilation on (and gone after)."""
    standard, text, box = shipped_card_types(tmp_path, monkeypatch, "locations.mh", (
        'in box tiny\n\nlocation moat "Moat" {\n  source authored\n  slots 1\n  depth 3\n}\n'))
    try:
        first = driver.check([box], root=box)
        assert [(d.message, d.hint) for d in first.diagnostics.items if d.code == "E202"] == \
            [("unknown property 'depth' in a location",
              "a location has: named, source, text, slots, base, icons, vp-slots")]
        anchor = '  vp-slots flag'
        assert anchor in text
        standard.write_text(text.replace(anchor, '  depth int 0 "How deep the tile is."\n' + anchor))
        again = driver.check([box], root=box)
        assert [d for d in again.diagnostics.items if d.severity == "error" and d.code != "E307"] == []
        moat = next(c for c in again.model.components() if c.id == "moat")
        assert moat.prop("depth") == 3 and moat.prop("slots") == 1
        spec = schema.KINDS["location"]
        assert spec.prop("depth") == PropSpec("depth", "int", "How deep the tile is.", False)
        assert spec.origin.file == STANDARD and spec.slots == ()
    finally:
        monkeypatch.undo()
        schema.KINDS.refresh()
    assert schema.KINDS["location"] == replace(OLD_LOCATION, children=("ruling",))


NO_EFFECT = '''card-type tile "Tile" {
  source authored
  no-decks
  triggers location
  no-effect
  slots int 2 "Figures it holds."
}

card-type plain-tile "Plain tile" {
  source authored
  no-decks
  slots int 2 "Figures it holds."
}
'''


def test_no_effect_leaves_a_card_type_without_the_default_effect(tmp_path):
    """`no-effect` is the declaration language's, for any card type: without it a card type that
    declares no effect has `effect` (in the context game); with it, none."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "types.mh").write_text(NO_EFFECT)
    (tmp_path / "tiles.mh").write_text('''in box tiny

tile hall "Hall" {
  source authored
  effect { heal(1) }
}

plain-tile yard "Yard" {
  source authored
  effect { heal(1) }
}
''')
    comp = driver.check([tmp_path], root=tmp_path)
    found = [(d.code, d.message, d.span.line) for d in comp.diagnostics.items if d.code == "E206"]
    assert found == [("E206", "'effect' is not an effect slot of a tile", 5)]
    kinds = comp.model.kinds
    assert kinds["tile"].slots == () and [s.name for s in kinds["plain-tile"].slots] == ["effect"]


def _renamed_content(tmp_path: Path, board: bool = True) -> Path:
    """A copy of the content whose Locations call their slots `seats` and their Base `camp`
    (its card-types.mh declares them so), and whose shared game's board reads them (or, with
    `board=False`, still reads `slots` and `base`)."""
    import re
    import shutil
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    standard = root / STANDARD
    standard.write_text(standard.read_text(encoding="utf-8").replace("  slots int required", "  seats int required")
                        .replace("  base id optional", "  camp id optional"), encoding="utf-8")
    for box in BOXES:
        tiles = root / box / "locations.mh"
        text = re.sub(r"^  slots ", "  seats ", tiles.read_text(encoding="utf-8"), flags=re.M)
        tiles.write_text(re.sub(r"^  base ", "  camp ", text, flags=re.M), encoding="utf-8")
    if board:
        game = root / "shared" / "game.mh"
        game.write_text(game.read_text(encoding="utf-8").replace("    capacity slots\n", "    capacity seats\n")
                        .replace("    bases base\n", "    bases camp\n"), encoding="utf-8")
    return root


def test_the_checks_and_the_site_read_a_location_through_the_games_board(tmp_path):
    """The board checks (C702 the slots, C703 the Bases), the component list's counts (C101) and
    the board drawn on the site read a Location's capacity and Base as the shared game's `board`
    names them: renamed in the card type, the tiles and the board, they are found as before."""
    root = _renamed_content(tmp_path)
    tiles = root / "teen-titans-go" / "locations.mh"
    text = tiles.read_text(encoding="utf-8")
    text = text.replace("  seats 2\n  camp white\n", "  seats 3\n  camp black\n", 1)  # a White Base turned Black
    tiles.write_text(text, encoding="utf-8")
    comp = driver.build(sorted(root.rglob("*.mh")), root=root)
    errors = [(code, message) for code, severity, message, _span, _hint in _findings(comp) if severity == "error"]
    assert ("C702", "Location 'white-base-1' has 3 slots; a Location has 1 or 2") in errors
    assert ("C703", "box 'teen-titans-go' has 3 Black and 1 White Bases; each Team needs as many as the other, "
            "and at least two") in errors
    assert ("C101", "box 'teen-titans-go' lists 2 White Bases; the content has 1") in errors
    assert not any(code == "C101" and "Special Location" in message for code, message in errors)
    # (and the Looney Tunes White Base of the same name differs now: C202 compares every property)
    assert [code for code, _m in errors if code not in ("C702", "C703", "C101")] == ["C202"]
    board = next(p for p in _site_pages(comp).values() if "<svg" in p and "Looney" not in p and "Black Team Base" in p)
    assert board.count("White Team Base") == 1


def test_a_board_that_reads_a_property_the_tiles_lack_is_an_error(tmp_path):
    root = _renamed_content(tmp_path, board=False)
    comp = driver.check([root], root=root)
    found = [(d.code, d.message, d.hint, str(d.span)) for d in comp.diagnostics.items if d.severity == "error"]
    assert [f[:3] for f in found] == [
        ("E301", "card type 'location' declares no property 'slots'", "did you mean 'vp-slots' or 'seats'?"),
        ("E301", "card type 'location' declares no property 'base'",
         "its properties: named, source, text, seats, camp, icons, vp-slots")]
    assert all(f[3].startswith("shared/game.mh:") for f in found)


def test_the_team_of_a_base_is_checked_through_the_games_board(tmp_path):
    """The compiler's Team check (E301) reads a Location's Base as the board names it: `camp whit`."""
    root = _renamed_content(tmp_path)
    tiles = root / "teen-titans-go" / "locations.mh"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace("  camp white\n", "  camp whit\n", 1), encoding="utf-8")
    comp = driver.check([root], root=root)
    found = [(d.code, d.message, d.hint, str(d.span)) for d in comp.diagnostics.items if d.severity == "error"]
    assert found == [("E301", "unknown Team 'whit' as the Base of Location 'white-base-1'", "did you mean 'white'?",
                      "teen-titans-go/locations.mh:40:8")]
