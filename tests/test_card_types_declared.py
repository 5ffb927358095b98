"""Mayhem cards and GO! cards are card types declared in content (content/shared/card-types.mh),
not entries of dsl/schema.py's table. Everything the compiler, the checks, the runtime and
`mayhem diff` see of them is what they saw when the table declared them: the old table is
kept here (OLD_KINDS) and the content is compiled with it and with the declarations."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.diff.compare import compare
from mayhem.dsl import schema
from mayhem.dsl.schema import NAMED, SOURCE, TEXT_REQ, KindSpec, PropSpec, SlotSpec

from game_helpers import shipped_card_types

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
STANDARD = "shared/card-types.mh"

# dsl/schema.py's entries before the move, as they were written there.
OLD_KINDS = {
    "mayhem-card": KindSpec(
        "mayhem-card", "A Mayhem card: when it may be played, how long it lasts, and its effect.",
        ("<box-file>",),
        props=(
            NAMED,
            SOURCE, TEXT_REQ,
            PropSpec("timing", "enum:round-start|activation|reaction", "When it may be played.", True),
            PropSpec("duration", "enum:immediate|round", "How long its effect lasts.", True),
            PropSpec("free-for-all", "flag", "Usable in Free-For-All Mayhem."),
        ),
        slots=(SlotSpec("effect", "What playing the card does; `when COND` limits when it is playable.",
                        "card", guard=True),),
        triggers="card",
    ),
    "go-card": KindSpec(
        "go-card", "A GO! card: its When Picked effect, its Mission and its reward.", ("<box-file>",),
        props=(
            NAMED,
            SOURCE, TEXT_REQ,
            PropSpec("mission", "enum:defeat-the-monster|go-somewhere|deliveries|investigate|fight",
                     "The kind of Mission.", True),
            PropSpec("monster-life", "int", "Life Points of the Monster (defeat-the-monster)."),
            PropSpec("mission-text", "string", "The Mission as the card states it.", True),
        ),
        slots=(
            SlotSpec("when-picked", "Resolved when the card is revealed.", "mission"),
            SlotSpec("reward", "Given when the Mission is fulfilled.", "mission"),
        ),
        triggers="mission",
    ),
}


@pytest.fixture
def old_table(monkeypatch):
    """dsl.schema.KINDS as it was: the table's kinds, in its order, with the old entries."""
    kinds = {k: schema.BUILTIN_KINDS.get(k) or OLD_KINDS.get(k) or schema.KINDS[k] for k in schema._ORDER}
    monkeypatch.setattr(schema.KINDS, "_all", kinds)


def _content_files(without_standard: bool) -> list[Path]:
    return sorted(p for p in CONTENT.rglob("*.mh")
                  if not (without_standard and p.relative_to(CONTENT).as_posix() == STANDARD))


def _findings(comp) -> list[tuple]:
    return [(d.code, d.severity, d.message, str(d.span), d.hint) for d in comp.diagnostics.items]


def test_the_kinds_are_read_from_content_shared_card_types():
    for kind in ("mayhem-card", "go-card"):
        assert kind not in schema.BUILTIN_KINDS
        spec = schema.KINDS[kind]
        assert spec.origin is not None and spec.origin.file == STANDARD
        assert spec.origin.kind == "card-type" and spec.origin.source.kind == "rulebook"


@pytest.mark.parametrize("kind", sorted(OLD_KINDS))
def test_each_declared_kind_is_the_old_entry(kind):
    new = schema.KINDS[kind]
    old = OLD_KINDS[kind]
    # the one difference on purpose: a ruling may sit in a card, and the kind says so
    assert new.children == ("ruling",) and old.children == ()
    assert new == KindSpec(**{**old.__dict__, "children": ("ruling",)})


def test_the_order_of_kinds_is_the_tables():
    assert list(schema.KINDS)[list(schema.KINDS).index("ability") + 1:][:3] == ["mayhem-card", "go-card", "location"]


def test_the_ir_of_the_content_is_the_one_the_old_table_gave(monkeypatch, old_table):
    before = driver.build(_content_files(without_standard=True), root=CONTENT)
    assert before.ok
    monkeypatch.undo()  # the declared kinds again
    after = driver.build(_content_files(without_standard=False), root=CONTENT)
    assert after.ok
    old, new = before.ir, after.ir

    def own(items):
        return [x for x in items if not (x["span"] or "").startswith(STANDARD + ":")]

    added = [c["qid"] for c in new["components"] if c["span"].startswith(STANDARD + ":")]
    assert sorted(added) == ["shared/card-types:card-type:ability", "shared/card-types:card-type:character",
                             "shared/card-types:card-type:go-card", "shared/card-types:card-type:location",
                             "shared/card-types:card-type:mayhem-card", "shared/card-types:card-type:npc",
                             "shared/card-types:card-type:side", "shared/card-types:card-type:special-ability",
                             "shared/card-types:module:card-types", "shared/card-types:token-type:token"]
    assert own(new["components"]) == old["components"]
    assert new["boxes"] == old["boxes"]
    assert sorted(new["files"]) == sorted([*old["files"], STANDARD])
    assert own(new["graph"]["nodes"]) == old["graph"]["nodes"]
    assert new["graph"]["edges"] == old["graph"]["edges"]
    # the consistency checks find the same, and `mayhem diff` sees only the new file
    assert _findings(after) == _findings(before)
    changes = compare(old, new).components
    assert sorted((c.change, c.qid) for c in changes) == sorted(("added", q) for q in added)


def _site_pages(comp) -> dict[str, str]:
    from mayhem.site.build import diagnostics_of
    from mayhem.site.model import SiteModel
    from mayhem.site.render import render
    model = SiteModel(comp.ir, {name: sf.text for name, sf in comp.sources.items()})
    return render(model, diagnostics=diagnostics_of(comp), docs={}).pages


def test_the_site_shows_the_cards_as_the_old_table_did(monkeypatch, old_table):
    """Every page of a Mayhem card and a GO! card is the same; the pages that change list the
    new file (the home page, the index of components, the reference of card types)."""
    before = _site_pages(driver.build(_content_files(without_standard=True), root=CONTENT))
    monkeypatch.undo()
    after = _site_pages(driver.build(_content_files(without_standard=False), root=CONTENT))
    cards = [p for p in before if "/mayhem-cards/" in p or "/go-cards/" in p]
    assert len(cards) > 40
    assert {p: after[p] for p in cards} == {p: before[p] for p in cards}
    # the DC deck-builder's pages (a game of the rules kernel with card types of its own, one of
    # them named apart from the shared `location`) are not the old table's: left out here
    changed = sorted(p for p in before if after.get(p) != before[p] and not p.startswith("dc-teen-titans-go/"))
    new = sorted(set(after) - set(before))
    assert all(p.startswith("shared/card-types/") for p in new) and new
    assert changed == ["components/index.md", "index.md", "reference/index.md"]
    # the card type's own page says what each property takes
    page = after["shared/card-types/card-types/mayhem-card/index.md"]
    assert "<td>one of: round-start, activation, reaction; required. When it may be played.</td>" in page
    assert "<td>an effect, in the context card, that may carry a when condition. What playing" in page


BAD_CARDS = '''in box tiny

mayhem-card zap "Zap" {
  source authored
  text "Zap."
  timming activation
  duration forever
  copies 2
  effect when free-move-available { heal(1) }
  ruling twice "Twice?" { answer "No." }
}

mayhem-card quiet "Quiet" {
  source authored
}

go-card errand "Errand" {
  source authored
  text "Go."
  mission go-somewhere
  mission-txt "Go there."
  effect { heal(1) }
  reward when free-move-available { gain-vp(1) }
  on ko when figure is foe { complete-mission }
}

deck pile "Pile" {
  source authored
  mayhem-card inside "Inside" {
    source authored
  }
}
'''


def _check_snippet(tmp_path: Path, name: str) -> list[tuple]:
    root = tmp_path / name
    root.mkdir()
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "cards.mh").write_text(BAD_CARDS)
    return [f for f in _findings(driver.check([root], root=root)) if f[1] == "error"]


def test_wrong_cards_get_the_errors_the_old_table_gave(tmp_path, monkeypatch, old_table):
    before = _check_snippet(tmp_path, "old")
    monkeypatch.undo()
    after = _check_snippet(tmp_path, "new")
    assert after == before
    by_code = {}
    for code, _sev, message, span, hint in after:
        by_code.setdefault(code, []).append((message, span, hint))
    assert ("unknown property 'timming' in a mayhem-card", "cards.mh:6:3", "did you mean 'timing'?") \
        in by_code["E202"]
    assert any(m == "unknown property 'copies' in a mayhem-card" for m, _s, _h in by_code["E202"])
    assert any(m == "'duration' takes one of: immediate, round" for m, _s, _h in by_code["E204"])
    assert any(m == "mayhem-card 'quiet' needs 'text'" for m, _s, _h in by_code["E205"])
    assert any(m == "'effect' is not an effect slot of a go-card" and h == "go-card effects go in: when-picked, reward"
               for m, _s, h in by_code["E206"])
    assert any(m == "'reward' takes no 'when' condition" for m, _s, _h in by_code["E206"])
    assert any(m.startswith("a mayhem-card cannot be declared inside a deck") for m, _s, _h in by_code["E201"])


def test_a_changed_declaration_changes_the_kind(tmp_path, monkeypatch):
    """The schema is the file's: a property added there is a property of every Mayhem card,
    from the next compilation on (as `mayhem watch` recompiles)."""
    standard, text, box = shipped_card_types(tmp_path, monkeypatch, "cards.mh", (
        'in box tiny\n\nmayhem-card zap "Zap" {\n  source authored\n  text "Zap."\n'
        '  timing activation\n  duration immediate\n  rarity rare\n}\n'))
    try:
        first = driver.check([box], root=box)
        assert [d.message for d in first.diagnostics.items if d.code == "E202"] == \
            ["unknown property 'rarity' in a mayhem-card"]
        standard.write_text(text.replace(
            '  free-for-all flag', '  rarity enum [common, rare] common "How rare the card is."\n  free-for-all flag'))
        again = driver.check([box], root=box)
        assert [d for d in again.diagnostics.items if d.code == "E202"] == []
        spec = schema.KINDS["mayhem-card"]
        assert spec.prop("rarity") == PropSpec("rarity", "enum:common|rare", "How rare the card is.", False)
        assert spec.origin.file == STANDARD
    finally:
        monkeypatch.undo()
        schema.KINDS.refresh()
    assert schema.KINDS["mayhem-card"].prop("rarity") is None


GAME_CARDS = '''in box omens

box omens "Omens" {
  source authored
  game omens
  players 2
}

game omens "Omens" {
  source authored
  seats 2
}

card-type omen "Omen card" {
  source authored
  no-decks
  requires [text]
  triggers game
  sign enum [sun, moon] sun "The sign printed on it."
  weight int optional "How heavy it is."
  motto string required "What it says."
  effect effect game guarded "What reading it does."
  aftermath effect game "What follows."
}

omen dawn "Dawn" {
  source authored
  text "The sun rises."
  motto "Rise."
  effect when size(players) > 1 {
    end-turn()
  }
  aftermath {
    end-turn()
  }
  on turn-end {
    end-turn()
  }
}
'''


def test_a_card_type_declares_enums_optional_and_required_properties_effects_and_triggers(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "omens.mh").write_text(GAME_CARDS)
    comp = driver.compile_paths([tmp_path])
    assert [d for d in comp.diagnostics.items if d.severity == "error"] == []
    dawn = next(c for c in comp.model.components() if c.kind == "omen")
    spec = dawn.spec
    assert spec.parents == ("<box-file>",) and spec.prop("copies") is None
    assert spec.prop("text").required and spec.prop("motto").required
    assert spec.prop("sign") == PropSpec("sign", "enum:sun|moon", "The sign printed on it.", False)
    assert not spec.prop("weight").required
    assert [(s.name, s.context, s.guard) for s in spec.slots] == [("effect", "game", True),
                                                                  ("aftermath", "game", False)]
    assert spec.triggers == "game"
    assert set(dawn.slots) == {"effect", "aftermath"} and len(dawn.triggers) == 1
    ir = next(c for c in comp.ir["components"] if c["qid"] == "omens/dawn")
    assert set(ir["effects"]) == {"effect", "aftermath"} and len(ir["triggers"]) == 1


def test_a_card_of_such_a_type_is_checked_against_it(tmp_path):
    bad = GAME_CARDS.replace('  motto "Rise."\n', '  sign star\n').replace("aftermath {", "aftermath when true {")
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "omens.mh").write_text(bad)
    comp = driver.check([tmp_path], root=tmp_path)
    found = {(d.code, d.message) for d in comp.diagnostics.items if d.severity == "error"}
    assert ("E204", "'sign' takes one of: sun, moon") in found
    assert ("E205", "omen 'dawn' needs 'motto'") in found
    assert ("E206", "'aftermath' takes no 'when' condition") in found


FORKED = '''card-type mayhem-card "Mayhem card" {
  source authored
  no-decks
  triggers card
  timing enum [any-time] "When it may be played: any time."
  effect effect card "What playing it does."
}
'''


def test_a_collection_that_declares_mayhem_card_itself_uses_its_declaration(tmp_path):
    """A fork of the set that holds card-types.mh: its cards follow the fork."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "card-types.mh").write_text(FORKED)
    (tmp_path / "cards.mh").write_text('in box tiny\n\nmayhem-card zap "Zap" {\n  source authored\n'
                                       '  timing any-time\n}\n\nmayhem-card zip "Zip" {\n  source authored\n'
                                       '  timing reaction\n  duration immediate\n}\n')
    comp = driver.check([tmp_path], root=tmp_path)
    errors = [(d.code, d.message, d.span.line) for d in comp.diagnostics.items if d.code in ("E202", "E204")]
    assert errors == [("E204", "'timing' takes one of: any-time", 10),
                      ("E202", "unknown property 'duration' in a mayhem-card", 11)]
    # the toolchain's own declaration is untouched for the next collection
    assert schema.KINDS["mayhem-card"] == KindSpec(**{**OLD_KINDS["mayhem-card"].__dict__, "children": ("ruling",)})
