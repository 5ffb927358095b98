"""The card-game checks (compiler/checks/decks.py, C801-C804) beyond their golden cases:
they read which properties are symbols from the card type, not from a list of Marvel's;
they count copies; they read the card texts' phrasing; and Marvel Mayhem's own decks pass
them."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.checks.decks import stated

from conftest import CONTENT

BOX = '''in box duel

box duel "Duel" {
  source authored
  game duel
  players 2
}

game duel "Duel" {
  source authored
  seats 2
}
'''


def _findings(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "duel.mh").write_text(BOX + text)
    result = driver.check([tmp_path])
    assert not [d for d in result.diagnostics.items if d.code.startswith("E")], result.diagnostics.items
    return [(d.code, d.message) for d in result.diagnostics.items if d.code.startswith("C8")]


def test_symbols_are_the_int_properties_of_the_card_types_resolve_order(tmp_path):
    # a game with other symbols than Marvel's: `power` is a symbol, `cost` is not (it is not
    # resolved), so a card with only a cost does nothing
    found = _findings(tmp_path, '''
card-type spell "Spell" {
  source authored
  power int 0
  cost int 0
  resolve-order [power, effect]
}

deck wizard "Wizard" {
  source authored
  size 2
  spell zap "Zap" {
    power 1
  }
  spell coin "Coin" {
    cost 3
  }
}
''')
    assert found == [("C802", "spell 'coin' has no symbol (power) and no Super Power")]


def test_copies_are_counted_and_a_card_type_without_resolve_order_uses_its_int_properties(tmp_path):
    found = _findings(tmp_path, '''
card-type token-card "Token card" {
  source authored
  strength int 0
}

deck pile "Pile" {
  source authored
  size 10
  token-card big "Big" {
    strength 9
    copies 4
  }
  token-card small "Small" {
    strength 1
    copies 5
  }
}
''')
    assert found == [("C801", "deck 'pile' holds 9 cards, copies counted, but its `size` is 10"),
                     ("C803", "token-card 'big' prints 9 strength symbols, more than 4")]


@pytest.mark.parametrize("text, expected", [
    ("Deal 2 damage to each opponent.", [("damage", 2)]),
    ("Deal two damage.", [("damage", 2)]),
    ("Heal 1.", [("heal", 1)]),
    ("You get 3 hit points back.", [("heal", 3)]),
    ("Draw 2 cards.", [("draw", 2)]),
    ("Draw a card.", []),
    ("This card takes up to 3 damage for you.", [("defense", 3)]),
    ("Each opponent takes 1 damage.", [("damage", 1)]),
    ("Play a card from an opponent's hand.", []),
])
def test_what_a_card_text_states(text, expected):
    assert [(kind, n) for kind, n, _phrase in stated(text)] == expected


def test_a_super_power_that_writes_the_number_agrees_with_its_text(tmp_path):
    # "Deal 2 damage" on a card without Attack symbols is right when its own effect deals 2
    found = _findings(tmp_path, '''
card-type duel-card "Duel card" {
  source authored
  attack int 0
  resolve-order [attack, effect]
}

duel-card blast "Blast" {
  source authored
  text "Deal 2 damage."
  effect { let n = 2 }
}

duel-card fizzle "Fizzle" {
  source authored
  text "Deal 3 damage."
  effect { let n = 2 }
}
''')
    assert found == [("C804", "the text of duel-card 'fizzle' says \"3 damage\", but the card has no attack symbol "
                              "and its Super Power does not say 3")]


def test_marvel_mayhems_decks_pass_the_card_game_checks():
    result = driver.check([CONTENT / "marvel-mayhem"])
    assert [(d.code, d.message) for d in result.diagnostics.items if d.code.startswith("C8")] == []
