"""Zones of kernel games beyond Marvel Mayhem's: a shared line-up with a capacity, filled
up from a shared deck after every step (a deck-builder's Line-Up)."""
import tomllib

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import scenario as ksc

GAME = '''in box lineup

box lineup "Line-Up" {
  source authored
  game lineup
  players 2
}

game lineup "Line-Up" {
  source authored
  seats 2
  decks-to deck
  zone deck "Deck" {
    per player
    ordered
  }
  zone hand "Hand" { per player }
  zone discard "Discard pile" { per player }
  zone main "Main deck" { ordered }
  zone line "Line-up" {
    capacity 2
    refill-from main
  }
  action buy "Buy a card" (card = cards-in(line)) {
    effect {
      move-card(card, hand, of: me)
      end-turn()
    }
  }
  end when size(cards-in(main)) == 0 and size(cards-in(line)) == 0 {
    tie()
  }
}

card-type plain "Card" {
  source authored
  cost int 0
}

deck starter "Starter" {
  source authored
  plain a "A" { copies 3 }
  plain b "B" { copies 3 }
}
'''


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    root = tmp_path_factory.mktemp("lineup")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "lineup.mh").write_text(GAME)
    comp = driver.compile_paths([root])
    assert comp.ok, [d.message for d in comp.diagnostics.items]
    return comp.ir


def test_the_line_up_is_filled_up_to_its_capacity(ir, tmp_path):
    text = '''[scenario]
name = "refill"
box = "lineup"
source = "authored"

[setup]
players = 2
decks = ["starter", "starter"]
active = "p1"
phase = "actions"

[setup.zones]
main = ["a", "b", "a"]

[[steps]]
expect = { "zones.line" = ["a", "b"], "zones.main" = ["a"], "decision.actions" = ["buy a", "buy b"] }

[[steps]]
action = "buy a"

[expect]
"zones.hand.p1" = ["a"]
"zones.line" = ["b", "a"]
"zones.main" = []
"active" = "p2"
'''
    result = ksc.run(ir, tomllib.loads(text), text, str(tmp_path / "case.toml"))
    assert result.ok, result.failures
