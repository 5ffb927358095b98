"""Actions as typed values: every legal action of seeded games parses and prints back to the
same string, the engine's answers carry typed arguments, and a bad string gets a clear
error (what is wrong, what was expected), never a traceback."""
from __future__ import annotations

import pytest

from mayhem.runtime.actions import FORMS, VERBS, Action, ActionError, location_of, usage
from mayhem.runtime.bots import GreedyBot, RandomBot
from mayhem.runtime.decisions import IllegalAction
from mayhem.runtime import GameConfig
from mayhem.runtime import Game

from cli_helpers import invoke
from conftest import CONTENT, REPO

TEAMS = REPO / "examples" / "teams"
GAMES = [("teen-titans-go", "standard"), ("looney-tunes", "standard"), ("teen-titans-go", "free-for-all"),
         ("looney-tunes", "four-players"), ("teen-titans-go", "three-players")]


def played_actions(rules, box: str, mode: str, seed: int, bot) -> list[str]:
    """Every legal action listed at every decision of one game."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode, max_rounds=8))
    seen = []
    d = game.start()
    while d is not None:
        seen.extend(d.actions)
        d = game.act(bot.choose(d, game))
    return seen


def test_every_legal_action_of_many_games_prints_back_to_itself(rules):
    verbs = set()
    total = 0
    for box, mode in GAMES:
        for seed in range(4):
            bot = (RandomBot if seed % 2 else GreedyBot)(seed)
            for text in played_actions(rules, box, mode, seed, bot):
                action = Action.parse(text)
                assert str(action) == text
                assert Action(action.verb, action.args) == action
                verbs.add(action.verb)
                total += 1
    assert total > 1000
    # the games reach most of the grammar: the setup, the turn, cards and effects
    assert {"pick", "side", "place", "place-die", "move", "resolve", "end-turn", "target", "pass"} <= verbs


def test_arguments_are_typed_and_named():
    a = Action.parse("place-die 6 robin/staff-meeting")
    assert (a.verb, a.args) == ("place-die", (6, "robin", "staff-meeting"))
    assert (a.value, a.figure, a.ability) == (6, "robin", "staff-meeting")
    move = Action.parse("move black-robin L10")
    assert move.location == 9 and move.figure == "black-robin"
    assert str(Action("place", ("raven", 0))) == "place raven L1"
    assert Action.parse("play sneak-attack").args == ("sneak-attack",)
    assert Action.parse("play sneak-attack robin").figure == "robin"
    assert Action.parse("reroll mayhem-die").args == ("mayhem",)  # the game's die of that kind
    assert Action.parse("reroll die-2").die == 2
    assert Action.parse("target L3-L4").target == "L3-L4"
    assert location_of("L3") == 2 and location_of("L3-L4") is None
    with pytest.raises(AttributeError, match="'move CHARACTER Ln' has no argument 'card'"):
        move.card


def test_the_grammar_has_one_form_per_arity_and_a_usage_line_each():
    for verb in VERBS:
        lines = usage(verb)
        assert len(lines) == len(FORMS[verb]) and all(line.startswith(verb) for line in lines)
    assert usage("play") == ["play CARD", "play CARD CHARACTER"]
    assert usage("reroll") == ["reroll KIND-die", "reroll die-N"]
    # two forms of one number of arguments, told apart by their types
    assert str(Action("reroll", ("mayhem",))) == "reroll mayhem-die" and str(Action("reroll", (2,))) == "reroll die-2"


@pytest.mark.parametrize("text, reason, hint", [
    ("", "it is empty", "an action starts with a verb"),
    ("plcae robin L1", "no verb 'plcae'", "did you mean 'place'"),
    ("end turn", "no verb 'end'", "did you mean 'end-turn'?"),
    ("place-die six robin/staff-meeting", "'place-die' is written 'place-die N CHARACTER/ABILITY'", "N is a number"),
    ("place robin 3", "'place' is written 'place CHARACTER Ln'", "Ln a Location such as L3"),
    ("place robin L0", "'place' is written 'place CHARACTER Ln'", "Ln a Location"),
    ("resolve robin", "'resolve' is written 'resolve CHARACTER/ABILITY'", "no blanks or '/'"),
    ("pass now", "'pass' is written 'pass'", "'pass' takes nothing more"),
    ("play", "'play' is written 'play CARD' or 'play CARD CHARACTER'", None),
    ("reroll die-x", "'reroll' is written 'reroll KIND-die' or 'reroll die-N'", "N is a number"),
    (" end-turn", "words are separated by single blanks", "did you mean 'end-turn'?"),
    ("move  robin L2", "words are separated by single blanks", "did you mean 'move robin L2'?"),
])
def test_a_bad_string_says_what_is_wrong_and_what_was_expected(text, reason, hint):
    with pytest.raises(ActionError) as info:
        Action.parse(text)
    assert info.value.reason == reason
    assert str(info.value).startswith(f"{text!r} is not an action: {reason}")
    if hint:
        assert hint in info.value.hint


def test_building_an_action_checks_its_arguments():
    with pytest.raises(ActionError, match="no verb 'plcae'"):
        Action("plcae", ("robin", 1))
    with pytest.raises(ActionError, match="'move' takes no 1 arguments"):
        Action("move", ("robin",))
    with pytest.raises(TypeError, match="location is 'L2': expected an int"):
        Action("move", ("robin", "L2"))
    with pytest.raises(ActionError, match="must be a name without blanks"):
        Action("pick", ("two words",))


def test_a_game_answered_with_a_non_action_says_why_and_lists_the_legal_actions(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=1))
    d = game.start()
    with pytest.raises(IllegalAction) as info:
        game.act("pick  robin")
    assert "words are separated by single blanks" in str(info.value)
    assert "; legal: " + d.actions[0] in str(info.value)
    with pytest.raises(IllegalAction, match="is not a legal action now; legal: "):
        game.act("pick nobody")
    assert game.act(Action.parse(d.actions[0])) is not None  # an Action is an answer too


def test_a_scenario_with_a_misspelt_action_is_an_error_at_its_line(tmp_path):
    good = REPO / "tests" / "scenarios" / "teen-titans-go" / "bring-the-pizza.toml"
    text = good.read_text(encoding="utf-8")
    assert text.count('action = "place-die 1 robin/hero-reflexes"') == 1
    line = text[:text.index('action = "place-die 1 robin/hero-reflexes"')].count("\n") + 1
    bad = tmp_path / "bad-action.toml"
    bad.write_text(text.replace('action = "place-die 1 robin/hero-reflexes"', 'action = "place-die one robin/hero-reflexes"'),
                   encoding="utf-8")
    result = invoke("scenario", "run", bad, "--content", CONTENT)
    assert result.exit_code != 0
    assert f"{bad}:{line}:1: error[S100]: 'place-die one robin/hero-reflexes' is not an action" in result.output
    assert "'place-die N CHARACTER/ABILITY'" in result.output
    assert "Traceback" not in result.output
