"""A Team whose `place-die` allows nothing takes the game's `fallback` action (content/shared/
game.mh: `action forfeit`, a free die spent on nothing, `forfeit-die`), without a choice; the
forfeit is content, not the runtime's: a copy of the game without that action lets such a Team
pass with its dice unspent. Read through the view and the log in the Mayhem words
(`game.view()`, `game_view.logged`)."""
from __future__ import annotations

from mayhem.runtime import Game, GameConfig, load_rules, make_bot

from game_helpers import content_copy
from test_mayhem_round import Log

# a game where no die can go on an Ability: every placement is refused
NO_PLACEMENT = ("effect when location-of(figure) != none and",
                "effect when location-of(figure) == none and location-of(figure) != none and")
# the same refusal said of the die: no die shows more than 6
NO_DIE_ABOVE_SIX = ("effect when location-of(figure) != none and", "effect when value > 6 and location-of(figure) != none and")
# a die goes on an Ability only if it shows 4 or more
FOUR_OR_MORE = ("effect when location-of(figure) != none and", "effect when value >= 4 and location-of(figure) != none and")
FORFEIT = '''  action forfeit "Spend an Activation die on nothing" (value = dice-of(my-team)) {
    source authored
    fallback
    form "{value:int}"
    effect {
      forfeit-die(value)
    }
  }
'''


def first_round(tmp_path, *edits, refused=NO_PLACEMENT) -> tuple[Game, list[dict]]:
    """The edited game played by a random bot to round 2: the game and its log, each line with its round."""
    result = content_copy(tmp_path / "content", refused, *edits)
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    game = Game(load_rules(result.ir), GameConfig("teen-titans-go", seed=3))
    bot, log = make_bot("random", 3), Log(game)
    d = game.start()
    while d is not None and game.view(pieces=False)["round"] < 2:
        d = game.act(bot.choose(d, game))
    log.read()
    return game, log.events


def forfeits_of_round_one(events: list[dict]) -> list[dict]:
    return [e for e in events if e["event"] == "die-forfeit" and e["round"] == 1]


def test_a_team_that_cannot_place_a_die_spends_one_as_the_game_says(tmp_path):
    _game, events = first_round(tmp_path)
    forfeits = forfeits_of_round_one(events)
    assert not [e for e in events if e["event"] == "activate"]
    # every die of round 1 is spent (two a Team), one a turn
    assert len(forfeits) == 4 and {e["team"] for e in forfeits} == {"black", "white"}


def test_the_forfeit_line_names_the_contents_statement(tmp_path):
    """The forfeit is the content's `forfeit-die` (its span). Under the kernel, waits on the
    kernel's log lines carrying their statement's `span` (helper kspeed4's part)."""
    _game, events = first_round(tmp_path)
    forfeits = forfeits_of_round_one(events)
    assert forfeits and all(e["span"].startswith("shared/game.mh:") for e in forfeits)


def test_without_the_fallback_action_such_a_team_passes_with_its_dice(tmp_path):
    game, events = first_round(tmp_path, (FORFEIT, ""))
    assert game.view(pieces=False)["round"] == 2
    assert not [e for e in events if e["event"] in ("die-forfeit", "activate")]


def test_a_die_compared_with_a_number_is_its_value(tmp_path):
    """`value > 6` of place-die's die reads the die's value: no die shows more, so every die of
    round 1 is forfeited, as with any other refusal."""
    _game, events = first_round(tmp_path, refused=NO_DIE_ABOVE_SIX)
    assert len(forfeits_of_round_one(events)) == 4


def test_a_die_ordered_against_a_number_is_read_by_the_value_it_shows(tmp_path):
    """`value >= 4` of place-die's die (on the kernel a die is an id, `dice-of`'s; compared with a
    number it is the value it shows: runtime/kernel/dice.py `shown`): the dice of round 1 that
    show 4 or more go on Abilities, the others are forfeited, on either runtime."""
    _game, events = first_round(tmp_path, refused=FOUR_OR_MORE)
    placed = [e["die"] for e in events if e["event"] == "activate" and e["round"] == 1]
    spent = [e["die"] for e in forfeits_of_round_one(events)]
    assert placed and spent and min(placed) >= 4 and max(spent) <= 3
    assert len(placed) + len(spent) == 4
