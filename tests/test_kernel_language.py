"""The kernel's language: kinds of declaration are data, card types declared in content
type their cards, and a box that names a game needs none of the Mayhem box's properties."""
from pathlib import Path

from mayhem.compiler import driver
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.parser import parse_source
from mayhem.dsl.spans import SourceFile

BOX = '''in box duel

box duel "Duel" {
  source authored
  game duel
  players 2..4
}

game duel "Duel" {
  source authored
  seats 2..4
}
'''

CARD_TYPE = '''
card-type duel-card "Duel card" {
  source authored
  attack int 0 "Attack symbols"
  defense int 0
  colour id
  resolve-order [attack, defense, effect]
}
'''


def _compile(tmp_path: Path, text: str):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "duel.mh").write_text(text)
    result = driver.compile_paths([tmp_path])
    return result, [d for d in result.diagnostics.items if d.severity == "error"]


def test_a_new_kind_parses_as_a_declaration_nested_or_at_top_level():
    diags = Diagnostics()
    tree = parse_source(SourceFile("x.mh", 'gadget g "G" {\n  zone deck "Deck" { ordered }\n  deck 3 "x"\n}\n'),
                        diags)
    assert not diags.items
    outer = tree.decls[0]
    assert (outer.kind, outer.id, outer.name) == ("gadget", "g", "G")
    nested, prop = outer.members
    assert (nested.kind, nested.id, nested.name) == ("zone", "deck", "Deck")
    assert (prop.name, [v.value for v in prop.values]) == ("deck", [3, "x"])
    assert (outer.kind_span.col, outer.kind_span.end_col) == (1, 7)


def test_cards_of_a_declared_card_type_carry_its_typed_properties(tmp_path):
    result, errors = _compile(tmp_path, BOX + CARD_TYPE + '''
deck red "Red" {
  source authored
  duel-card jab "Jab" {
    attack 2
    colour red
    copies 3
    text "Deal 2 damage."
  }
}
''')
    assert errors == []
    deck = next(c for c in result.ir["components"] if c["kind"] == "deck")
    (jab,) = deck["children"]
    assert jab["kind"] == "duel-card" and jab["qid"] == "duel/red/jab"
    assert {k: v["value"] for k, v in jab["props"].items()} == {
        "attack": 2, "colour": "red", "copies": 3, "text": "Deal 2 damage."}
    card_type = next(c for c in result.ir["components"] if c["kind"] == "card-type")
    assert card_type["props"]["attack"]["value"] == {"type": "int", "default": 0, "doc": "Attack symbols"}
    assert card_type["props"]["colour"]["value"] == {"type": "id", "default": None, "doc": ""}


def test_a_property_without_default_is_required_and_unknown_ones_get_a_did_you_mean(tmp_path):
    _, errors = _compile(tmp_path, BOX + CARD_TYPE + '''
duel-card jab "Jab" {
  source authored
  atack 2
}
''')
    messages = sorted((e.code, e.message, e.hint) for e in errors)
    assert ("E202", "unknown property 'atack' in a duel-card", "did you mean 'attack'?") in messages
    assert any(code == "E205" and "needs 'colour'" in msg for code, msg, _ in messages)


def test_a_wrong_type_and_a_bad_resolve_order_are_errors(tmp_path):
    _, errors = _compile(tmp_path, BOX + CARD_TYPE.replace("defense, effect", "defence, effect") + '''
duel-card jab "Jab" {
  source authored
  attack "two"
  colour red
}
''')
    found = {(e.code, e.span.line) for e in errors}
    assert ("E204", 24) in found  # attack "two"
    assert any(e.code == "E206" and "'defence' in resolve-order" in e.message and e.hint.startswith("did you mean 'defense'")
               for e in errors)


def test_a_card_type_cannot_hide_a_built_in_kind(tmp_path):
    # (`character`, `location` and `npc` are no built-in kinds any more: they are card types of
    # content/shared/card-types.mh, which a collection may declare its own way, as a fork does)
    _, errors = _compile(tmp_path, BOX + '''
card-type pool "Hero card" {
  source authored
}
''')
    assert [(e.code, e.message) for e in errors] == [("E302", "card type 'pool' would hide the built-in kind 'pool'")]


def test_a_minimal_game_box_checks_clean(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "box.mh").write_text(BOX)
    result = driver.check([tmp_path])
    assert [(d.code, d.message) for d in result.diagnostics.items] == []


def test_a_mayhem_box_still_needs_its_properties(tmp_path):
    _, errors = _compile(tmp_path, BOX.replace("  game duel\n", "").split("game duel")[0])
    assert {e.message for e in errors} >= {"box 'duel' needs 'win-vp'", "box 'duel' needs 'mayhem-die'"}


def test_the_game_declaration_reaches_the_ir(tmp_path):
    result, errors = _compile(tmp_path, BOX.split("\ngame duel")[0] + '''
game duel "Duel" {
  source authored
  seats 2..4
  first-player seeded-choice
  zone hand "Hand" { per player }
  counter hp "Hit points" {
    per player
    start 10
    max 10
  }
  action play "Play a card" (card = cards-in(hand, me)) {
    effect when value(hp) > 0 {
      play-card(card)
      lose(hp, 1, on: opponents(me))
    }
  }
}
''')
    assert errors == []
    game = next(c for c in result.ir["components"] if c["kind"] == "game")
    assert game["props"]["seats"]["value"] == [2, 4]
    kids = {c["id"]: c for c in game["children"]}
    assert kids["hp"]["props"]["max"]["value"] == 10 and kids["hand"]["props"]["per"]["value"] == "player"
    play = kids["play"]
    assert play["params"][0]["name"] == "card" and play["params"][0]["default"]["name"] == "cards-in"
    guard = play["effects"]["effect"]["when"]
    assert guard["l"]["name"] == "value" and guard["l"]["args"]["counter"] == {
        "e": "counter", "name": "hp", "span": guard["l"]["args"]["counter"]["span"]}
    assert [s["name"] for s in play["effects"]["effect"]["body"]] == ["play-card", "lose"]


def test_a_game_effect_is_type_checked(tmp_path):
    _, errors = _compile(tmp_path, BOX.split("\ngame duel")[0] + '''
game duel "Duel" {
  source authored
  seats 2
  zone hand "Hand" { per player }
  turn {
    draw(hand, 1)
    move-card(me, hand)
  }
}
''')
    assert sorted((e.code, e.message) for e in errors) == [
        ("E301", "unknown name 'hand'"), ("E401", "'card' of 'move-card' takes a card or a set of cards, not a player")]


def test_a_game_effect_waits_only_for_the_events_of_the_kernel(tmp_path):
    _, errors = _compile(tmp_path, BOX.split("\ngame duel")[0] + '''
game duel "Duel" {
  source authored
  seats 2
  turn {
    on turn-end { end-turn() }
    on round-end { end-turn() }
    on attack { end-turn() }
  }
}
''')
    assert [(e.code, e.message, e.hint) for e in errors] == [
        ("E404", "'on attack' is not an event of games of the rules kernel",
         "events of games: round-start, round-end, turn-start, turn-end, out")]


def test_the_parts_of_a_game_name_each_other_and_are_checked(tmp_path):
    _, errors = _compile(tmp_path, BOX.split("\ngame duel")[0] + '''
game duel "Duel" {
  source authored
  seats 2
  turn-order alternate-teams
  space a "A" { adjacent [b, c] }
  space b "B" { adjacent [a] }
  figure pawn "Pawn" { start [a, z] }
  die odd "Odd die" {}
  counter points "Points" { per team }
  action go "Go" () {
    effect {
      on out { end-turn() }
      on round-end { end-turn() }
    }
  }
}
''')
    got = sorted((e.code, e.message, e.hint) for e in errors)
    assert got == sorted([
        ("E205", "'turn-order alternate-teams' needs Teams", "declare them in the game: teams 2"),
        ("E301", "unknown space 'c'", "spaces of the game: a, b"),
        ("E301", "unknown space 'z'", "spaces of the game: a, b"),
        ("E205", "die 'odd' needs its faces", "write: faces 1..6 (or face-values [1, 1, 2, 2, 3, 3])"),
        ("E205", "'points' is kept per team, but the game has no Teams", "declare them in the game: teams 2"),
        ("E404", "'on out' inside an effect waits for a structure event, once",
         "events here: round-start, round-end, turn-start, turn-end; 'on out' belongs to a `rule` of the game"),
    ])
    spans = {e.message: (e.span.line, e.span.col) for e in errors}
    assert spans["unknown space 'z'"] == (15, 34)  # at the z of `start [a, z]`


def test_a_kernel_event_is_no_event_of_mayhem_content(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "t.mh").write_text('token spark "Spark" {\n  on turn-start {\n    remove(self)\n  }\n}\n')
    result = driver.compile_paths([tmp_path])
    errors = [(d.code, d.message) for d in result.diagnostics.items if d.severity == "error"]
    assert ("E404", "'on turn-start' is an event of games of the rules kernel only") in errors
