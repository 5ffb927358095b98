"""When a kernel game ends: between the parts of a card, never inside one (an effect that
knocks out every player at once is a tie), and before the effects due at the end of the
turn (the FAQ of Whatever it Takes: no damage after the game is won)."""
from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import scenario as ksc

CONTENT = Path(__file__).resolve().parent.parent / "content"

TEST_DECK = '''in box marvel-mayhem

deck test-deck "Test deck" {
  source authored
  marvel-card everyone-falls "Everyone Falls" {
    text "Every player loses 3 hit points."
    effect {
      for each p in players {
        lose(hp, 3, on: p)
      }
    }
  }
  marvel-card at-the-end "At the End" {
    text "Draw & Play. At the end of your turn, each opponent loses 1 hit point."
    draw-play 1
    effect {
      on turn-end {
        for each p in opponents(me) {
          lose(hp, 1, on: p)
        }
      }
    }
  }
  marvel-card jab "Jab" {
    attack 2
  }
  marvel-card guard "Guard" {
    defense 1
  }
}
'''


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    root = tmp_path_factory.mktemp("collection")
    shutil.copy(CONTENT / "mayhem.toml", root)
    (root / "marvel-mayhem").mkdir()
    for name in ("box.mh", "game.mh", "black-panther.mh"):
        shutil.copy(CONTENT / "marvel-mayhem" / name, root / "marvel-mayhem" / name)
    (root / "marvel-mayhem" / "test-deck.mh").write_text(TEST_DECK, encoding="utf-8")
    comp = driver.compile_paths([root])
    assert comp.ok, [d.message for d in comp.diagnostics.items]
    return comp.ir


def run(ir, tmp_path, text: str):
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    import tomllib
    return ksc.run(ir, tomllib.loads(text), text, str(path))


HEAD = '''[scenario]
name = "n"
box = "marvel-mayhem"
source = "s"

[setup]
players = 2
decks = ["test-deck", "test-deck"]
active = "p1"
phase = "actions"
'''


def test_nobody_left_is_a_tie(ir, tmp_path):
    result = run(ir, tmp_path, HEAD + '''counters = { "hp.p1" = 2, "hp.p2" = 3, "plays.p1" = 1 }

[setup.zones]
"hand.p1" = ["everyone-falls", "jab"]
"hand.p2" = ["jab", "guard"]

[[steps]]
action = "play everyone-falls"

[expect]
"over" = true
"reason" = "tie"
"winners" = []
"out" = ["p1", "p2"]
''')
    assert result.ok, result.failures


def test_an_end_of_turn_effect_happens_at_the_end_of_the_turn(ir, tmp_path):
    result = run(ir, tmp_path, HEAD + '''counters = { "hp.p2" = 5, "plays.p1" = 1 }

[setup.zones]
"hand.p1" = ["at-the-end", "jab"]
"deck.p1" = ["guard", "guard"]
"hand.p2" = ["jab", "guard"]
"deck.p2" = ["jab"]

[[steps]]
action = "play at-the-end"
expect = { "counters.hp.p2" = 5, "counters.plays.p1" = 1 }

[[steps]]
action = "play guard"

[expect]
"counters.hp.p2" = 4
"active" = "p2"
''')
    assert result.ok, result.failures


def test_no_end_of_turn_effect_after_the_game_is_won(ir, tmp_path):
    """FAQ: "if the attacking player has just won the game, the damage does not occur"."""
    result = run(ir, tmp_path, HEAD + '''counters = { "hp.p1" = 10, "hp.p2" = 2, "plays.p1" = 1 }

[setup.zones]
"hand.p1" = ["at-the-end", "jab"]
"deck.p1" = ["guard"]
"hand.p2" = ["jab", "guard"]

[[steps]]
action = "play at-the-end"

[[steps]]
action = "play jab"

[expect]
"winners" = ["p1"]
"counters.hp.p2" = 0
no_events = ["turn-end"]
''')
    assert result.ok, result.failures
