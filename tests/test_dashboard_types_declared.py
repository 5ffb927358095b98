"""Characters, dashboard sides, Special Abilities and Abilities are card types declared in content
(content/shared/card-types.mh: `card-type character`, `side`, `special-ability`, `ability`), not
entries of dsl/box_kinds.py's table. What the compiler, the checks, the site and `mayhem diff` see
of them is what they saw when the table declared them: the old entries are kept here (OLD_KINDS)
and the content (both boxes, Marvel Mayhem, the modes) and the fixtures are compiled with them and
with the declarations."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.diff.compare import compare
from mayhem.compiler.ir import dumps
from mayhem.compiler.listing import list_components
from mayhem.dsl import schema
from mayhem.dsl.schema import NAMED, SOURCE, TEXT, TEXT_REQ, KindSpec, PropSpec, SlotSpec

from game_helpers import shipped_card_types

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
STANDARD = "shared/card-types.mh"
DASHBOARD = ("character", "side", "special-ability", "ability")

# dsl/box_kinds.py's entries before the move, as they were written there.
OLD_KINDS = {
    "character": KindSpec(
        "character", "A character (Toon) with its dashboard, or two dashboard sides `a` and `b`.",
        ("<box-file>",),
        props=(
            NAMED,
            SOURCE, TEXT,
            PropSpec("life", "int", "Life Points (on a one-sided dashboard)."),
            PropSpec("mayhem-cards", "int", "Mayhem-card icons (on a one-sided dashboard)."),
        ),
        children=("side", "special-ability", "ability"),
    ),
    "side": KindSpec(
        "side", "One side (`a` or `b`) of a double-sided dashboard.", ("character",),
        props=(
            PropSpec("source", "source", "Where the facts come from (default: the character's)."), TEXT,
            PropSpec("life", "int", "Life Points.", True),
            PropSpec("mayhem-cards", "int", "Mayhem-card icons.", True),
        ),
        children=("special-ability", "ability"), needs_name=False, component=False,
    ),
    "special-ability": KindSpec(
        "special-ability", "The character's Special Ability: passive triggers, or an effect used in "
        "its Activation, with an optional `once per turn` or `once per game` limit.",
        ("character", "side"),
        props=(
            NAMED,
            PropSpec("source", "source", "Where the facts come from (default: the enclosing one)."), TEXT_REQ,
            PropSpec("once", "once", "Used at most once per turn, round or game."),
        ),
        slots=(SlotSpec("effect", "What using the Special Ability does.", "ability", guard=True),),
        triggers="ability", component=False,
    ),
    "ability": KindSpec(
        "ability", "An Ability: its Activation die slot and its standard, special and Mayhem effects.",
        ("character", "side"),
        props=(
            NAMED,
            PropSpec("source", "source", "Where the facts come from (default: the enclosing one)."), TEXT_REQ,
            PropSpec("slot", "int", "The Activation die value that unlocks the special effect.", True),
        ),
        slots=(
            SlotSpec("standard", "The standard effect, always used.", "ability"),
            SlotSpec("special", "Used too when the die meets or exceeds the slot.", "ability"),
            SlotSpec("mayhem", "Added to the special effect when the Mayhem die shows the icon.", "ability"),
        ),
        component=False,
    ),
}
# The differences on purpose: a ruling may sit in each (the kind says so, as a Mayhem card's
# does), a side's ids are the declaration's `ids [a, b]`, and a side's `source` says what every
# child card's says (its default is the enclosing component's, the character).
DIFFERENCES = {
    "character": {"children": ("ruling", "side", "special-ability", "ability")},
    "side": {"children": ("ruling", "special-ability", "ability"), "ids": ("a", "b"),
             "props": (PropSpec("source", "source", "Where the facts come from (default: the enclosing one)."),
                       *OLD_KINDS["side"].props[1:])},
    "special-ability": {"children": ("ruling",)},
    "ability": {"children": ("ruling",)},
}


@pytest.fixture
def old_table(monkeypatch):
    """dsl.schema.KINDS as it was: the table's kinds, in its order, with the old entries. A side's
    ids and its name in E211 ("a dashboard side"), which the compiler wrote by name then, are
    given where it reads them now (the kind's `ids`, its card type's name)."""
    side = replace(OLD_KINDS["side"], ids=("a", "b"), origin=schema.KINDS["side"].origin)
    old = {**OLD_KINDS, "side": side}
    kinds = {k: old.get(k) or schema.KINDS[k] for k in schema.KINDS}
    monkeypatch.setattr(schema.KINDS, "_all", kinds)


def _findings(comp) -> list[tuple]:
    return [(d.code, d.severity, d.message, str(d.span), d.hint) for d in comp.diagnostics.items]


def _without_declarations(tmp_path: Path) -> Path:
    """A copy of the content whose card-types.mh lacks the four declarations (as main's did)."""
    root = tmp_path / "old-content"
    shutil.copytree(CONTENT, root)
    path = root / STANDARD
    text = path.read_text(encoding="utf-8")
    start = text.index("# A character's dashboard:")
    end = text.index("\n}\n", text.index("card-type ability ")) + len("\n}\n\n")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    return root


def test_the_kinds_are_read_from_content_shared_card_types():
    for kind in DASHBOARD:
        assert kind not in schema.BUILTIN_KINDS and kind in schema.CONTENT_DECLARED
        spec = schema.KINDS[kind]
        assert spec.origin is not None and spec.origin.file == STANDARD
        assert spec.origin.kind == "card-type" and spec.origin.source.kind == "rulebook"


@pytest.mark.parametrize("kind", DASHBOARD)
def test_each_declared_kind_is_the_old_entry(kind):
    new, old = schema.KINDS[kind], OLD_KINDS[kind]
    assert new == KindSpec(**{**old.__dict__, **DIFFERENCES[kind]})
    for field in DIFFERENCES[kind]:
        assert getattr(new, field) != getattr(old, field), field


def test_the_order_of_kinds_is_the_tables():
    kinds = list(schema.KINDS)
    assert kinds[kinds.index("token"):][:7] == ["token", *DASHBOARD, "mayhem-card", "go-card"]


def test_the_ir_the_findings_and_diff_are_the_ones_the_old_table_gave(tmp_path, monkeypatch, old_table):
    """Both boxes, Marvel Mayhem and the modes compiled twice: with the old entries (and main's
    card-types.mh), then with the declarations. Every component outside card-types.mh is the
    same to the byte, the checks find the same, `mayhem diff` sees the four card types added."""
    old_root = _without_declarations(tmp_path)
    before = driver.build(sorted(old_root.rglob("*.mh")), root=old_root)
    assert before.ok and schema.KINDS["character"].origin is None  # (the old entry was the one read)
    monkeypatch.undo()
    after = driver.build(sorted(CONTENT.rglob("*.mh")), root=CONTENT)
    assert after.ok and schema.KINDS["character"].origin is not None
    old, new = before.ir, after.ir

    def own(items):
        return [x for x in items if not (x["span"] or "").startswith(STANDARD + ":")]

    characters = [c for c in own(new["components"]) if c["kind"] == "character"]
    assert len(characters) >= 8 and any(ch["kind"] == "side" for c in characters for ch in c["children"])
    assert dumps(own(new["components"])) == dumps(own(old["components"]))
    assert dumps(new["boxes"]) == dumps(old["boxes"])
    assert dumps(own(new["graph"]["nodes"])) == dumps(own(old["graph"]["nodes"]))
    added = sorted(c["qid"] for c in new["components"] if c["qid"] not in {o["qid"] for o in old["components"]})
    assert added == [f"shared/card-types:card-type:{k}" for k in sorted(DASHBOARD)]
    assert _findings(after) == _findings(before)
    # `mayhem list`: one row per character, or per side of a double-sided one, as before
    rows = list_components(after.model, "character")
    assert rows == list_components(before.model, "character") and any(r["side"] == "b" for r in rows)
    changes = compare(old, new).components
    assert sorted((c.change, c.qid) for c in changes if c.change != "changed") == [("added", q) for q in added]
    # the card types below the new section moved down the file; nothing else of them changed
    assert {c.qid for c in changes if c.change == "changed"} <= {c["qid"] for c in new["components"]
                                                                  if c["span"].startswith(STANDARD + ":")}


def _site_pages(comp) -> dict[str, str]:
    from mayhem.site.build import diagnostics_of
    from mayhem.site.model import SiteModel
    from mayhem.site.render import render
    model = SiteModel(comp.ir, {name: sf.text for name, sf in comp.sources.items()})
    return render(model, diagnostics=diagnostics_of(comp), docs={}).pages


def test_the_site_shows_the_characters_as_the_old_table_did(tmp_path, monkeypatch, old_table):
    """Every page of a character, of a box and of a mode is the same; the pages that change list
    the four new card types (the home page's count, the indexes, the language reference)."""
    old_root = _without_declarations(tmp_path)
    before = _site_pages(driver.build(sorted(old_root.rglob("*.mh")), root=old_root))
    monkeypatch.undo()
    after = _site_pages(driver.build(sorted(CONTENT.rglob("*.mh")), root=CONTENT))
    changed = sorted(p for p in before if after.get(p) != before[p])
    assert changed == ["components/index.md", "index.md", "reference/index.md",
                       "shared/card-types/card-types/index.md",
                       # (their sources moved down the file)
                       "shared/card-types/card-types/location/index.md", "shared/card-types/card-types/npc/index.md",
                       "shared/card-types/token-types/token/index.md"]
    assert sorted(set(after) - set(before)) == [f"shared/card-types/card-types/{k}/index.md" for k in sorted(DASHBOARD)]
    assert len([p for p in before if p.startswith(("teen-titans-go/", "looney-tunes/"))]) > 40
    # the reference: a ruling may stand in each, and a side's source says what every child's says
    assert "- Holds: <code>ruling</code>, <code>side</code>, <code>special-ability</code>, <code>ability</code>." \
        in after["reference/index.md"]
    page = after["shared/card-types/card-types/side/index.md"]
    assert "<td>a number; required. Life Points.</td>" in page


FIXTURES = sorted({p.parent for p in (ROOT / "tests" / "fixtures").rglob("*.mh")
                   if any(line.startswith(("character ", "  side ")) for line in p.read_text(errors="replace").splitlines())})


def test_the_fixtures_compile_as_with_the_old_table(monkeypatch, old_table):
    """Every fixture folder that declares a character: the same IR and the same findings."""
    assert len(FIXTURES) > 30
    before = {}
    for folder in FIXTURES:
        comp = driver.check([folder], root=folder)
        before[folder] = (dumps(comp.ir) if comp.ir is not None else None, _findings(comp))
    monkeypatch.undo()
    for folder in FIXTURES:
        comp = driver.check([folder], root=folder)
        assert (dumps(comp.ir) if comp.ir is not None else None, _findings(comp)) == before[folder], folder


BAD_CHARACTERS = '''in box tiny

character mixed "Mixed" {
  source authored
  life 8
  side a {
    life 9
    mayhem-cards 2
  }
}

character flat "Flat" {
  source authored
  lfe 8
  special-ability knack "Knack" {
    text "Knack."
    once per turn
    effect when free-move-available { heal(1) }
  }
  ability swing "Swing" {
    text "Swing."
    standard { heal(1) }
    speciall { heal(2) }
  }
  ability dodge {
    text "Dodge."
    slot 4
    on ko { heal(1) }
  }
}

character twosided "Two-sided" {
  source authored
  side c {
    life 9
    mayhem-cards 2
  }
  side a {
    life 9
  }
  side a {
    life 9
    mayhem-cards 1
  }
  gadget thing "Thing" {
    source authored
  }
}

ability loose "Loose" {
  source authored
  text "Loose."
  slot 3
}
'''


def _check_snippet(tmp_path: Path, name: str) -> list[tuple]:
    root = tmp_path / name
    root.mkdir()
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "chars.mh").write_text(BAD_CHARACTERS)
    return [f for f in _findings(driver.check([root], root=root)) if f[1] == "error"]


def test_wrong_characters_get_the_errors_the_old_table_gave(tmp_path, monkeypatch, old_table):
    before = _check_snippet(tmp_path, "old")
    monkeypatch.undo()
    after = _check_snippet(tmp_path, "new")
    # the one difference on purpose: a ruling may stand in a character, and the hint says so
    unknown = ("E201", "error", "unknown kind of declaration 'gadget'", "chars.mh:45:3")
    assert [f[4] for f in before if f[:4] == unknown] == ["allowed here: side, special-ability, ability"]
    assert [f[4] for f in after if f[:4] == unknown] == ["allowed here: ruling, side, special-ability, ability"]
    assert [f for f in after if f[:4] != unknown] == [f for f in before if f[:4] != unknown]
    found = {(code, message, span, hint) for code, _sev, message, span, hint in after}
    assert ("E212", "character 'mixed' mixes dashboard sides with a one-sided dashboard", "chars.mh:3:11",
            "put life, mayhem-cards and abilities either all in the character or all in its sides a and b") in found
    assert ("E202", "unknown property 'lfe' in a character", "chars.mh:14:3", "did you mean 'life'?") in found
    assert any(c == "E205" and m == "character 'flat' needs 'life'" for c, m, _s, _h in found)
    assert any(c == "E205" and m == "ability 'swing' needs 'slot'" for c, m, _s, _h in found)
    assert ("E206", "'speciall' is not an effect slot of an ability", "chars.mh:23:5",
            "did you mean 'special'?") in found
    assert any(c == "E208" and m == "an ability needs a display name after its id" for c, m, _s, _h in found)
    assert any(c == "E207" and s == "chars.mh:28:8" for c, _m, s, _h in found)
    assert ("E211", "a dashboard side is 'a' or 'b', not 'c'", "chars.mh:34:8", None) in found
    assert any(c == "E205" and m == "side 'a' needs 'mayhem-cards'" for c, m, _s, _h in found)
    assert ("E302", "side 'a' is declared twice", "chars.mh:41:8", None) in found
    assert any(c == "E201" and m == "an ability cannot be declared in a box file" for c, m, _s, _h in found)


def test_a_copy_whose_ability_declares_one_more_property_lets_a_character_use_it(tmp_path, monkeypatch):
    """The schema of an Ability is the declaration's: a property added to `card-type ability`
    in card-types.mh is a property of every Ability, in a character and in a side."""
    standard, text, box = shipped_card_types(tmp_path, monkeypatch, "robin.mh", '''in box tiny

character robin "Robin" {
  source authored
  life 8
  mayhem-cards 2
  ability staff "Staff" {
    text "Staff."
    slot 6
    range 2
  }
}

character taz "Taz" {
  source authored
  side a {
    life 9
    mayhem-cards 2
    ability spin "Spin" {
      text "Spin."
      slot 4
      range "far"
    }
  }
}
''')
    try:
        first = driver.check([box], root=box)
        assert [(d.message, d.span.line) for d in first.diagnostics.items if d.code == "E202"] == \
            [("unknown property 'range' in an ability", 10), ("unknown property 'range' in an ability", 22)]
        anchor = '  slot int required "The Activation die value'
        assert anchor in text
        standard.write_text(text.replace(anchor, '  range int optional "How far it reaches."\n' + anchor))
        again = driver.check([box], root=box)
        errors = [(d.code, d.message, d.span.line) for d in again.diagnostics.items
                  if d.severity == "error" and d.code != "E307"]  # (no box `tiny` is declared)
        assert errors == [("E204", "'range' takes a number", 22)]
        spec = schema.KINDS["ability"]
        assert spec.prop("range") == PropSpec("range", "int", "How far it reaches.", False)
        assert spec.parents == ("character", "side") and spec.origin.file == STANDARD
        staff = next(c for c in again.model.components() if c.id == "staff")
        assert staff.prop("range") == 2 and staff.spec is spec
    finally:
        monkeypatch.undo()
        schema.KINDS.refresh()
    assert schema.KINDS["ability"].prop("range") is None


def test_a_copy_of_the_content_whose_ability_declares_one_more_property_compiles_robin_using_it(tmp_path):
    """The copy's own card-types.mh declares the kinds of its collection: one more property of
    `card-type ability` there is one Robin's Staff Meeting may give, and the IR carries it."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    types, robin = root / STANDARD, root / "teen-titans-go" / "robin.mh"
    anchor = '  slot int required "The Activation die value'
    types.write_text(types.read_text().replace(anchor, '  range int optional "How far it reaches."\n' + anchor))
    text = robin.read_text()
    assert '    slot 4 authored\n' in text
    robin.write_text(text.replace('    slot 4 authored\n', '    slot 4 authored\n    range 2 authored\n', 1))
    comp = driver.build(sorted(root.rglob("*.mh")), root=root)
    assert comp.ok, [(d.code, d.message) for d in comp.diagnostics.items if d.severity == "error"]
    staff = next(c for c in comp.model.components() if c.qid == "teen-titans-go/robin/staff-meeting")
    assert staff.spec.prop("range") == PropSpec("range", "int", "How far it reaches.", False)
    assert staff.spec.parents == ("character", "side") and staff.prop("range") == 2
    ir_robin = next(c for c in comp.ir["components"] if c["qid"] == "teen-titans-go/robin")
    ir_staff = next(c for c in ir_robin["children"] if c["id"] == "staff-meeting")
    assert ir_staff["props"]["range"]["value"] == 2
    # without the declaration's line, the same property is an unknown one, with the copy's own kinds
    types.write_text(types.read_text().replace('  range int optional "How far it reaches."\n', ""))
    again = driver.build(sorted(root.rglob("*.mh")), root=root)
    assert [(d.code, d.message) for d in again.diagnostics.items if d.severity == "error"] == \
        [("E202", "unknown property 'range' in an ability")]
    # the toolchain's own declaration is untouched for the next collection
    assert schema.KINDS["ability"].prop("range") is None


def test_a_collection_that_redeclares_ability_alone_keeps_it_in_characters_and_sides(tmp_path):
    """A fork of the toolchain's `ability` alone (no `character` of its own to list it among its
    children): its Abilities stand where the toolchain's do, inside a character or a side."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "types.mh").write_text('''card-type ability "Ability" {
  source authored
  no-decks
  requires [text]
  slot int required "The slot."
  range int optional "How far."
  standard effect ability "Standard."
}
''')
    (tmp_path / "chars.mh").write_text('''in box tiny

character robin "Robin" {
  source authored
  life 8
  mayhem-cards 2
  ability staff "Staff" {
    text "Staff."
    slot 6
    range 2
  }
}

ability loose "Loose" {
  source authored
  text "Loose."
  slot 3
}
''')
    comp = driver.check([tmp_path], root=tmp_path)
    errors = [(d.code, d.message, d.span.line) for d in comp.diagnostics.items
              if d.severity == "error" and d.code != "E307"]  # (no box `tiny` is declared)
    assert errors == [("E201", "an ability cannot be declared in a box file", 14)]
    staff = next(c for c in comp.model.components() if c.id == "staff")
    assert staff.prop("range") == 2 and staff.spec.parents == ("character", "side") and not staff.spec.component
    assert staff.spec.prop("source").required is False


def test_any_card_type_may_be_unnamed_with_fixed_ids_and_a_holder_has_no_effect_of_its_own(tmp_path):
    """`unnamed`, `ids [...]` and a holder without a default `effect` are the card-type
    language's, not the dashboard's: a kernel collection's own card types use them too."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "cards.mh").write_text('''in box tiny

card-type hero "Hero" {
  source authored
  no-decks
  children [face]
  life int "Life."
}

card-type face "Card face" {
  source authored
  no-decks
  unnamed
  ids [front, back]
  power int "Power."
}

hero blaze "Blaze" {
  source authored
  life 6
  face front {
    power 2
  }
  face sideways {
    power 1
  }
  effect { }
}
''')
    comp = driver.check([tmp_path], root=tmp_path)
    errors = [(d.code, d.message, d.span.line, d.hint) for d in comp.diagnostics.items
              if d.severity == "error" and d.code != "E307"]  # (no box `tiny` is declared)
    assert errors == [("E211", "a card face is 'front' or 'back', not 'sideways'", 24, None),
                      ("E206", "'effect' is not an effect slot of a hero", 27, "a hero has no effects")]
    face = next(c for c in comp.model.components() if c.id == "front")
    assert face.spec.ids == ("front", "back") and not face.spec.needs_name and face.spec.prop("named") is None
    assert face.source.kind == "authored" and face.spec.prop("source").required is False
