"""Scenario files of kernel games: the starting table, steps and expectations, checked
whole before the run with positioned errors, as Mayhem scenarios are."""
from pathlib import Path

import pytest

from mayhem.runtime import scenario as sc

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "kernel"


def test_the_example_scenario_passes(rules):
    result = sc.run(rules, FIXTURES / "healing-cap.toml")
    assert result.ok, result.failures


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return path


HEAD = '''[scenario]
name = "n"
box = "marvel-mayhem"
source = "s"

[setup]
players = 2
decks = ["black-panther", "black-panther"]
active = "p1"
phase = "actions"
counters = { "plays.p1" = 1 }

[setup.zones]
"hand.p1" = ["heart-shaped-herb", "panther-strike"]
"hand.p2" = ["vibranium-suit", "panther-strike"]
'''


def test_a_wrong_expectation_fails_with_what_differs(rules, tmp_path):
    path = _write(tmp_path, HEAD + '''
[[steps]]
action = "play panther-strike"

[expect]
"counters.hp.p2" = 9
"zones.discard.p1" = ["panther-strike"]
''')
    result = sc.run(rules, path)
    assert not result.ok
    assert result.failures == ["counters.hp.p2: expected 9, got 8"]


def test_unknown_keys_and_names_are_positioned_errors(rules, tmp_path):
    path = _write(tmp_path, HEAD.replace('active = "p1"', 'activ = "p1"') + '''
[expect]
"counters.hit-points.p2" = 9
''')
    with pytest.raises(sc.ScenarioError) as err:
        sc.run(rules, path)
    text = str(err.value)
    assert "case.toml:9:1: error[S100]: unknown key 'activ' in setup" in text
    assert "did you mean 'active'?" in text


def test_names_of_the_game_are_checked(rules, tmp_path):
    path = _write(tmp_path, HEAD.replace('"hand.p2"', '"hnd.p2"') + '''
[expect]
"counters.hit-points.p2" = 9
"zonez.hand.p1" = []
''')
    with pytest.raises(sc.ScenarioError) as err:
        sc.run(rules, path)
    text = str(err.value)
    assert "no zone 'hnd' in the game" in text and "did you mean 'hand'?" in text
    assert "'counters.hit-points.p2': no such counter" in text
    assert "'zonez.hand.p1' is no expectation" in text and "did you mean 'zones'?" in text


def test_players_and_decks_the_game_has_not_are_errors_at_their_keys(rules, tmp_path):
    """Too many players and a misspelt deck point at their own keys (line 7 and the deck's
    place in line 8), each with what the game allows, not at [setup] as a whole."""
    path = _write(tmp_path, HEAD.replace("players = 2", "players = 7").replace(
        'decks = ["black-panther", "black-panther"]', 'decks = ["black-panther", "blak-panther"]'))
    with pytest.raises(sc.ScenarioError) as err:
        sc.run(rules, path)
    text = str(err.value)
    assert "case.toml:7:1: error[S100]: Marvel Mayhem plays 2 to 4 players, not 7" in text
    assert "case.toml:8:27: error[S100]: no deck 'blak-panther' in box 'marvel-mayhem'" in text
    assert "did you mean 'black-panther'?" in text
