"""Tokens are a token type declared in content (content/shared/card-types.mh: `token-type
token`), not an entry of dsl/schema.py's table. Everything the compiler, the checks, the site
and `mayhem diff` see of them is what they saw when the table declared them: the old entry is
kept here (OLD_TOKEN) and the content is compiled with it and with the declaration. One property
changed since: `restricts` names restrictions the game declares (`ids`, checked against the game's
`restriction`s), no longer a list of names of its own."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.diff.compare import compare
from mayhem.dsl import schema
from mayhem.dsl.schema import ANYWHERE, NAMED, SOURCE, TEXT_REQ, KindSpec, PropSpec, SlotSpec

from game_helpers import shipped_card_types

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
STANDARD = "shared/card-types.mh"

# dsl/box_kinds.py's entry before the move, as it was written there.
OLD_TOKEN = KindSpec(
    "token", "A token type and its rules: where it goes, its limits and its triggers.", ANYWHERE,
    props=(
        NAMED,
        SOURCE, TEXT_REQ,
        PropSpec("drawn-from", "id", "The pool its pieces come from (default: a pool of its own name)."),
        PropSpec("placed-on", "ids", "Where it may lie: `character`, `location`, `edge`, `team`.", True),
        PropSpec("limit", "int", "At most this many on one character."),
        PropSpec("negative", "flag", "A Negative status."),
        PropSpec("cleared-on-ko", "flag", "Removed from a character that is KO'ed."),
        PropSpec("restricts", "ids",
                 "What a character holding it may not do: the names of restrictions the game declares (the "
                 "shared rules declare `move-or-ability`, `no-move`, `no-ability`, `no-attack` and `no-special`)."),
        PropSpec("discarded", "enum:turn-end|next-turn-end|round-end",
                 "When a character's pieces of it go back to the pool: `turn-end` at the end of its "
                 "holder's turn (the one in progress if it is Active, else its next one); `next-turn-end` "
                 "at the end of the next turn its holder begins (\"until the end of its next turn\"); "
                 "`round-end` at the end of the round."),
        PropSpec("blocks-adjacency", "flag", "Lying on an edge, it separates the two Locations."),
        PropSpec("victory-point", "flag", "Each piece is one Victory Point for its colour (as a reader is told: "
                 "the pieces the game keeps its Victory Points as are its counter's `kept-as`)."),
        PropSpec("retrievable", "flag", "The Team it belongs to may pick it up from a Location."),
        PropSpec("attackable", "flag", "A figure-like token with Life Points that attacks can hit."),
        PropSpec("immune", "list", "Tags of effects that do nothing to it."),
        PropSpec("usable", "flag", "Its holder may use it during their own Activation (its `effect`)."),
        PropSpec("face-down", "flag", "Drawn at random from a face-down pile."),
        PropSpec("group", "id", "A family of tokens sharing one pool (the ACME tokens)."),
        PropSpec("mission", "flag", "A Mission token, placed by GO! cards (it keeps its owner: the game's "
                 "`owner-kept-if mission`)."),
    ),
    slots=(SlotSpec("effect", "What using the token does.", "token"),),
    triggers="token", component=True,
)


@pytest.fixture
def old_table(monkeypatch):
    """dsl.schema.KINDS as it was: the declared kinds, with the old `token` entry in its place."""
    kinds = {k: OLD_TOKEN if k == "token" else schema.KINDS[k] for k in schema.KINDS}
    monkeypatch.setattr(schema.KINDS, "_all", kinds)


def _content_files() -> list[Path]:
    return sorted(CONTENT.rglob("*.mh"))


def _findings(comp) -> list[tuple]:
    return [(d.code, d.severity, d.message, str(d.span), d.hint) for d in comp.diagnostics.items]


def test_the_kind_is_read_from_content_shared_card_types():
    assert "token" not in schema.BUILTIN_KINDS and "token" in schema.CONTENT_DECLARED
    spec = schema.KINDS["token"]
    assert spec.origin is not None and spec.origin.file == STANDARD
    assert spec.origin.kind == "token-type" and spec.origin.source.kind == "rulebook"


def test_the_declared_kind_is_the_old_entry():
    new = schema.KINDS["token"]
    for field in OLD_TOKEN.__dataclass_fields__:
        if field != "origin":
            assert getattr(new, field) == getattr(OLD_TOKEN, field), field
    assert new == OLD_TOKEN
    assert new.parents == ANYWHERE and new.component and new.children == ()


def test_the_order_of_kinds_is_the_tables():
    kinds = list(schema.KINDS)
    assert kinds[kinds.index("keyword"):][:3] == ["keyword", "token", "character"]


def test_the_ir_the_findings_and_the_site_are_the_ones_the_old_entry_gave(monkeypatch, old_table):
    """The same files compiled twice: every token read through the old entry, then through the
    declaration. The IR is the same to the byte, the checks find the same, `mayhem diff` sees
    no change, and every page of the site is the same."""
    from mayhem.compiler.ir import dumps
    before = driver.build(_content_files(), root=CONTENT)
    assert before.ok
    assert schema.KINDS["token"].origin is None  # (the old entry was the one read)
    monkeypatch.undo()  # the declared kind again
    after = driver.build(_content_files(), root=CONTENT)
    assert after.ok
    assert schema.KINDS["token"].origin is not None
    tokens = [c for c in after.ir["components"] if c["kind"] == "token"]
    assert len(tokens) > 20 and any(c["props"].get("restricts") for c in tokens)
    assert dumps(after.ir) == dumps(before.ir)
    assert _findings(after) == _findings(before)
    assert compare(before.ir, after.ir).components == []
    assert _site_pages(after) == _site_pages(before)


def _site_pages(comp) -> dict[str, str]:
    from mayhem.site.build import diagnostics_of
    from mayhem.site.model import SiteModel
    from mayhem.site.render import render
    model = SiteModel(comp.ir, {name: sf.text for name, sf in comp.sources.items()})
    return render(model, diagnostics=diagnostics_of(comp), docs={}).pages


def test_the_token_type_has_its_page_with_what_each_property_takes():
    pages = _site_pages(driver.build(_content_files(), root=CONTENT))
    page = pages["shared/card-types/token-types/token/index.md"]
    assert "<td>one or more names; optional. What a character holding it may not do: the names of " \
        "restrictions the game declares" in page
    assert "<td>one or more names; required. Where it may lie" in page
    assert "<td>an effect, in the context token. What using the token does.</td>" in page
    assert "<td>a list of tags; optional. Tags of effects that do nothing to it.</td>" in page


BAD_TOKENS = {
    "rules.mh": '''module rules "Rules" {
  source authored
}

token zap "Zap" {
  source authored
  text "Zap."
  placed-on character
  limt 1
  restricts no-move no-atack
  discarded round-ends
  immune [fire]
  special { heal(1) }
  on ko { heal(1) }
  ruling twice "Twice?" { answer "No." }
}

token quiet "Quiet" {
  source authored
}
''',
    "box.mh": '''in box tiny

token loud "Loud" {
  source authored
  text "Loud."
  placed-on edge
  negatve
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


def test_wrong_tokens_get_the_errors_the_old_entry_gave(tmp_path, monkeypatch, old_table):
    before = _check_snippet(tmp_path, "old", BAD_TOKENS)
    monkeypatch.undo()
    after = _check_snippet(tmp_path, "new", BAD_TOKENS)
    assert after == before
    by_code: dict[str, list] = {}
    for code, _sev, message, span, hint in after:
        by_code.setdefault(code, []).append((message, span, hint))
    assert ("unknown property 'limt' in a token", "rules.mh:9:3", "did you mean 'limit'?") in by_code["E202"]
    assert ("unknown property 'negatve' in a token", "box.mh:7:3", "did you mean 'negative'?") in by_code["E202"]
    # no game among these files: the names are those of the toolchain's shared rules, as the old
    # entry's enum gave them
    assert ("unknown restriction 'no-atack': a token restricts what the shared rules declare", "rules.mh:10:21",
            "did you mean 'no-attack'?") in by_code["E301"]
    assert not any("'no-move'" in m for m, _s, _h in by_code["E301"])
    assert any(m.startswith("'discarded' takes one of: turn-end") for m, _s, _h in by_code["E204"])
    assert any(m == "token 'quiet' needs 'text'" for m, _s, _h in by_code["E205"])
    assert any(m == "token 'quiet' needs 'placed-on'" for m, _s, _h in by_code["E205"])
    assert any(m == "'special' is not an effect slot of a token" for m, _s, _h in by_code["E206"])


FORK = '''token-type token "Token" {
  source authored
  text "A token of the fork."
  requires [text]
  triggers token
  placed-on ids required "Where it may lie."
  weight int 1 "How heavy it is."
  effect effect token "What using it does."
}
'''


def _fork(tmp_path: Path, tokens: str, declaration: str = FORK):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "token-types.mh").write_text(declaration)
    (tmp_path / "tokens.mh").write_text(tokens)
    return driver.check([tmp_path], root=tmp_path)


def test_a_fork_that_declares_token_with_one_more_property_lets_a_token_use_it(tmp_path):
    comp = _fork(tmp_path, '''token anvil "Anvil" {
  source authored
  text "Heavy."
  placed-on character location
  weight 3
}

token feather "Feather" {
  source authored
  text "Light."
  placed-on character
  weight "light"
  negative
}
''')
    errors = [(d.code, d.message, d.span.line) for d in comp.diagnostics.items if d.severity == "error"]
    # the fork's token has `weight` and no `negative`; the toolchain's has `negative` and no `weight`
    assert errors == [("E204", "'weight' takes a number", 12),
                      ("E202", "unknown property 'negative' in a token", 13)]
    anvil = next(c for c in comp.model.components() if c.id == "anvil")
    assert anvil.spec.prop("weight") == PropSpec("weight", "int", "How heavy it is.", False)
    assert anvil.prop("weight") == 3 and anvil.prop("placed-on") == ["character", "location"]
    # the toolchain's own declaration is untouched for the next collection
    assert schema.KINDS["token"] == OLD_TOKEN


def test_a_fork_declares_token_as_a_token_type(tmp_path):
    comp = _fork(tmp_path, "", FORK.replace("token-type token", "card-type token"))
    found = [(d.code, d.message, d.hint, d.span.line, d.span.col) for d in comp.diagnostics.items
             if d.code == "E302"]
    assert found == [("E302", "'token' is a token-type, not a card-type",
                      "declare it as the toolchain does: `token-type token`", 1, 1)]


BAD_DECLARATIONS = '''token-type token "Token" {
  source authored
  text "A token of the fork."
  requires [text, copies]
  placed-on idz required "Where it may lie."
  restricts enums no-move "What its holder may not do."
  mood enums [] optional
  named flag
}
'''


def test_a_wrong_declaration_gets_a_positioned_error_with_a_hint(tmp_path):
    comp = _fork(tmp_path, "", BAD_DECLARATIONS)
    found = [(d.code, d.span.line, d.span.col, d.hint) for d in comp.diagnostics.items if d.severity == "error"]
    assert ("E206", 4, 19, "every token has: named, source, text") in found
    assert ("E204", 5, 3, "did you mean 'id' or 'ids'?") in found
    assert ("E204", 6, 3, "`enums` lists the names its values are among: `enums [no-move, no-attack] optional`") \
        in found
    assert ("E204", 7, 3, "`enums` lists the names its values are among: `enums [no-move, no-attack] optional`") \
        in found
    assert ("E302", 8, 3, "token types declare their own properties: named, source, text") in found
    assert len(found) == 5


MOODS = '''card-type mood-card "Mood card" {
  source authored
  no-decks
  moods enums [happy, sad, cross] optional "How it feels."
  friends ids optional "Who it likes."
}
'''


def test_a_card_type_declares_enums_and_ids_too(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "types.mh").write_text(MOODS)
    (tmp_path / "cards.mh").write_text('''in box tiny

mood-card grin "Grin" {
  source authored
  moods happy cross
  friends robin raven
}

mood-card scowl "Scowl" {
  source authored
  moods glum
}
''')
    comp = driver.check([tmp_path], root=tmp_path)
    errors = [(d.code, d.message, d.span.line) for d in comp.diagnostics.items
              if d.severity == "error" and d.code != "E307"]  # (no box `tiny` is declared)
    assert errors == [("E204", "'moods' takes one or more of: happy, sad, cross", 11)]
    grin = next(c for c in comp.model.components() if c.id == "grin")
    assert grin.prop("moods") == ["happy", "cross"] and grin.prop("friends") == ["robin", "raven"]
    assert grin.spec.prop("moods").shape == "enums:happy|sad|cross" and grin.spec.prop("friends").shape == "ids"


def test_a_property_declared_tags_names_declared_tags(tmp_path):
    """`immune` is checked as tags by its declaration (`immune tags`), and so is a fork's own."""
    declaration = FORK.replace('  weight int 1', '  immune tags optional "Immune to."\n'
                               '  weak-to tags optional "Weak to."\n  weight int 1')
    comp = _fork(tmp_path, '''tag fire "Fire" {
  source authored
}

token ice "Ice" {
  source authored
  text "Cold."
  placed-on character
  immune [fire, frost]
  weak-to [fier]
}
''', declaration)
    found = [(d.code, d.message, d.span.line, d.hint) for d in comp.diagnostics.items if d.severity == "error"]
    assert found == [("E301", "unknown tag 'frost'", 9, None),
                     ("E301", "unknown tag 'fier'", 10, "did you mean 'fire'?")]


def test_a_changed_declaration_changes_the_kind(tmp_path, monkeypatch):
    """The schema is the file's: a property added to the token type there is a property of
    every token from the next compilation on (as `mayhem watch` recompiles)."""
    standard, text, box = shipped_card_types(tmp_path, monkeypatch, "tokens.mh", (
        'token glue "Glue" {\n  source authored\n  text "Sticky."\n  placed-on location\n  stickiness 2\n}\n'))
    try:
        first = driver.check([box], root=box)
        assert [d.message for d in first.diagnostics.items if d.code == "E202"] == \
            ["unknown property 'stickiness' in a token"]
        standard.write_text(text.replace(
            '  negative flag', '  stickiness int 0 "How sticky it is."\n  negative flag'))
        again = driver.check([box], root=box)
        assert [d for d in again.diagnostics.items if d.severity == "error"] == []
        spec = schema.KINDS["token"]
        assert spec.prop("stickiness") == PropSpec("stickiness", "int", "How sticky it is.", False)
        assert spec.origin.file == STANDARD
    finally:
        monkeypatch.undo()
        schema.KINDS.refresh()
    assert schema.KINDS["token"] == OLD_TOKEN
