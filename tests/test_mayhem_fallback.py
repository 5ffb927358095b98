"""A Team whose `place-die` allows nothing takes the game's `fallback` action (content/shared/
game.mh: `action forfeit`, a free die spent on nothing, `forfeit-die`), without a choice; the
forfeit is content, not the engine's: a copy of the game without that action lets such a Team
pass with its dice unspent."""
from __future__ import annotations

from mayhem.runtime.bots import RandomBot
from mayhem.runtime.game import Game, GameConfig
from mayhem.runtime.rules import load_rules

from game_helpers import content_copy

# a game where no die can go on an Ability: every placement is refused
NO_PLACEMENT = ("effect when location-of(figure) != none and", "effect when value > 6 and location-of(figure) != none and")
FORFEIT = '''  action forfeit "Spend an Activation die on nothing" (value = dice-of(my-team)) {
    source authored
    fallback
    form "{value:int}"
    effect {
      forfeit-die(value)
    }
  }
'''


def first_round(tmp_path, *edits) -> Game:
    result = content_copy(tmp_path / "content", NO_PLACEMENT, *edits)
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    game = Game(load_rules(result.ir), GameConfig("teen-titans-go", seed=3))
    bot = RandomBot(3)
    d = game.start()
    while d is not None and game.state.round < 2:
        d = game.act(bot.choose(d, game))
    return game


def test_a_team_that_cannot_place_a_die_spends_one_as_the_game_says(tmp_path):
    game = first_round(tmp_path)
    forfeits = [e for e in game.events if e["event"] == "die-forfeit" and e["round"] == 1]
    assert not [e for e in game.events if e["event"] == "activate"]
    # every die of round 1 is spent (two a Team), one a turn
    assert len(forfeits) == 4 and {e["team"] for e in forfeits} == {"black", "white"}
    assert all(e["span"].startswith("shared/game.mh:") for e in forfeits)  # the content's statement


def test_without_the_fallback_action_such_a_team_passes_with_its_dice(tmp_path):
    game = first_round(tmp_path, (FORFEIT, ""))
    assert game.state.round == 2
    assert not [e for e in game.events if e["event"] in ("die-forfeit", "activate")]
