"""`mayhem simulate` as a user runs it, its figures checked against the games' own results
(read from the log each game writes), not against another run of the same code."""
from __future__ import annotations

from collections import Counter
import json

import pytest

from conftest import CONTENT
from cli_helpers import invoke

ARGS = ["--box", "teen-titans-go", "--games", "8", "--seed", "20", "--bots", "random,greedy"]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    logs = tmp_path_factory.mktemp("sim") / "logs"
    result = invoke("simulate", *ARGS, "--log-dir", logs, "--format", "json", "--content", CONTENT)
    assert result.exit_code == 0, result.output
    results = [json.loads(p.read_text(encoding="utf-8").splitlines()[-1])["result"]
               for p in sorted(logs.iterdir())]
    assert len(results) == 8
    return json.loads(result.stdout), results


def expected_characters(results) -> dict:
    games, wins = Counter(), Counter()
    for r in results:
        for colour, chars in r["teams"].items():
            for c in chars:
                games[c] += 1
                wins[c] += colour in r["winners"]
    return {c: {"games": games[c], "wins": wins[c]} for c in sorted(games)}


def test_character_wins_are_the_games_won_by_their_team(run):
    summary, results = run
    expected = expected_characters(results)
    assert any(v["wins"] < v["games"] for v in expected.values()), "no character lost: pick another seed"
    assert summary["characters"] == expected


def test_team_wins_endings_and_rounds_are_the_games_own(run):
    summary, results = run
    assert summary["games"] == 8
    assert summary["wins_by_team"] == dict(sorted(Counter(w for r in results for w in r["winners"]).items()))
    assert summary["endings"] == dict(sorted(Counter(r["reason"] for r in results).items()))
    assert summary["rounds"] == [r["rounds"] for r in results]
    assert sum(summary["wins_by_player"].values()) == sum(summary["wins_by_team"].values())


def test_the_text_report_prints_the_same_figures(run):
    summary, results = run
    result = invoke("simulate", *ARGS, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("games: 8   decisions: ")
    assert lines[1] == f"mean rounds: {sum(r['rounds'] for r in results) / 8:.1f}"
    n = len(results)
    teams = Counter(w for r in results for w in r["winners"])
    assert lines[3] == "wins by team: " + ", ".join(f"{k} {v / n:.0%}" for k, v in sorted(teams.items()))
    chars = expected_characters(results)
    assert lines[-len(chars):] == [f"  {c:<24} {v['wins'] / v['games']:6.1%}  ({v['games']})"
                                   for c, v in chars.items()]


def test_two_jobs_give_the_same_games(run):
    summary, _ = run
    result = invoke("simulate", *ARGS, "--jobs", "2", "--format", "json", "--content", CONTENT)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == summary


@pytest.mark.parametrize("args, message", [
    (["--bots", "clever"], "--bots takes names of: "),
    (["--games", "0"], "--games and --jobs must be at least 1"),
    (["--bots", "random,greedy,random"], "mode 'standard' has 2 players in 2 Teams: give 1 or 2 bots (one for all, one per Team or one per player), not 3"),
    (["--mode", "solitaire"], "no mode 'solitaire'; modes: "),
    (["--box", "nowhere"], "no box 'nowhere'; boxes: dc-teen-titans-go, looney-tunes, marvel-mayhem, teen-titans-go"),
])
def test_usage_errors(args, message):
    base = ["--box", "teen-titans-go", "--games", "1"]
    result = invoke("simulate", *base, *args, "--content", CONTENT)
    assert result.exit_code == 2, result.output
    assert message in result.output
