"""Restrictions of the rules kernel's pieces (docs/kernel.md, "Pieces"): a token's `restricts`
names the game's `restriction`s, whose `actions` leave those actions out of the menu while a
piece lies on the figure that acts: the Active figure in a game that has one (a copy of the lab
game Squads, with pieces), not every figure of the acting player; and `discarded next-turn-end`,
a piece gone at the end of its holder's next turn, the one it was placed in not counted (a copy
of the lab game Embers)."""
from __future__ import annotations

from pathlib import Path

from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.kernel import scenario as ksc

from game_helpers import lab_copy_ir


def _copy(tmp_path: Path, lab: str, *edits: tuple[str, str]):
    """The rules of a copy of a lab game with each edit made once (game_helpers.lab_copy_ir)."""
    return load_game_rules(lab_copy_ir(tmp_path, lab, *edits), lab)


# Squads with a pool of chills, a zone of pieces on heroes and a restriction that forbids `rest`
SQUADS_PIECES = (
    ("  game squads\n}", '  game squads\n\n  pool chill "Chill pieces" {\n    count 4\n  }\n}'),
    ("  # Each Team rolls two dice.", '''  zone supply "The supply" {
    pools
  }

  zone worn "Pieces on a hero" {
    per figure
    pieces
  }

  restriction numb "Numb" {
    text "A numb hero does not rest."
    actions [rest]
  }

  # Each Team rolls two dice.'''),
    ("# A hero: its Life, and its Abilities declared inside it; or two sides (faces), one of which its", '''token-type token "Token" {
  source authored
  text "A kind of piece."
  requires [text]
  placed-on ids required "Where its pieces may lie."
  restricts ids optional "The game's restrictions on its holder."
}

token chill "Chill" {
  source authored
  text "The hero it lies on is numb."
  placed-on figure
  restricts numb
}

# A hero: its Life, and its Abilities declared inside it; or two sides (faces), one of which its'''),
)


def _squads_turn(rules, chilled: str) -> list[str]:
    """Team t1's turn with Stone made Active; a chill on `chilled`: the Active hero's menu."""
    spec = {"scenario": {"name": "numb", "box": "squads"},
            "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                      "dashboards": {"t1": ["stone", "moss"], "t2": ["gale", "blaze"]},
                      "dice": {"d6.t1": [5, 6], "d6.t2": [6]},
                      "zones": {f"worn.{chilled}": ["chill"]}, "keep_rest": True}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    decision = game.act("place 5 stone/smash")
    assert game.state.active_figure == "stone" and decision.player == "p1"
    return [str(a) for a in decision.actions]


def test_a_restriction_concerns_the_active_figure_not_its_teammates(tmp_path):
    rules = _copy(tmp_path, "squads", *SQUADS_PIECES)
    assert rules.pieces.restricts == {"rest": {"squads:token:chill"}}
    on_teammate = _squads_turn(rules, "moss")  # Moss is not the figure that acts
    assert on_teammate == ["resolve smash", "use stone/rally", "dash middle", "rest"]
    on_active = _squads_turn(rules, "stone")
    assert on_active == ["resolve smash", "use stone/rally", "dash middle"]


# Embers with a guard a ranger's player puts on their own ranger, gone at the end of their next
# turn; and its daze (thrown on a foe) `discarded next-turn-end` rather than `turn-end`
EMBERS_GUARD = (
    ("  pool loot \"Loot pieces\" {", '  pool guard "Guard pieces" {\n    count 2\n  }\n\n  pool loot "Loot pieces" {'),
    ("token gem \"Gem\" {", '''token guard "Guard" {
  source authored
  text "Its ranger is on guard until the end of its player's next turn."
  placed-on figure
  discarded next-turn-end
}

token gem "Gem" {'''),
    ("  # the top piece of the vault's face-down pile", '''  action brace "Brace" () {
    effect {
      place(guard, 1, on: first(figures-of(me)))
      end-turn()
    }
  }

  # the top piece of the vault's face-down pile'''),
    ("  limit 1\n  restricts dazed\n  discarded turn-end", "  limit 1\n  restricts dazed\n  discarded next-turn-end"),
)


def _carried(game, ranger: str) -> list[str]:
    state = game.state
    return [game.rules.cards[state.cards[uid]].id for uid in state.zones[f"carried/{ranger}"]]


def test_next_turn_end_spares_the_turn_a_piece_lands_in_on_its_own_holder(tmp_path):
    rules = _copy(tmp_path, "embers", *EMBERS_GUARD)
    spec = {"scenario": {"name": "guard", "box": "embers"},
            "setup": {"players": 2, "phase": "actions", "active": "p1",
                      "figures": {"ranger-p1": "field", "ranger-p2": "field"}}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    game.act("brace")  # p1's own ranger, in p1's turn: that turn's end spares it
    assert _carried(game, "ranger-p1") == ["guard"] and game.state.active == "p2"
    assert game.clone().state.to_json() == game.state.to_json()
    game.act("throw ranger-p1")  # p2's turn: a daze on p1's ranger (not p2's), the guard stays
    assert _carried(game, "ranger-p1") == ["guard", "ember", "ember", "daze"]
    game.act("move camp")  # p1's next turn ends: the guard goes, and the daze placed in p2's turn too
    assert "guard" not in _carried(game, "ranger-p1") and "daze" not in _carried(game, "ranger-p1")
    gone = [e for e in game.state.log if e.get("event") == "discard"]
    assert [(e["token"], e["from"]) for e in gone] == [("daze", "ranger-p1"), ("guard", "ranger-p1")]
    assert game.state.spared == []


def test_turn_end_takes_a_piece_at_the_end_of_the_turn_it_lands_in(tmp_path):
    """The same guard `discarded turn-end`: gone at the end of the very turn it was placed in."""
    edits = [(old, new.replace("discarded next-turn-end", "discarded turn-end") if "token guard" in new else new)
             for old, new in EMBERS_GUARD]
    rules = _copy(tmp_path, "embers", *edits)
    spec = {"scenario": {"name": "guard", "box": "embers"},
            "setup": {"players": 2, "phase": "actions", "active": "p1",
                      "figures": {"ranger-p1": "field", "ranger-p2": "field"}}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    game.act("brace")
    assert _carried(game, "ranger-p1") == [] and game.state.active == "p2"
