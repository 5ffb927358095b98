"""`mayhem simulate`, `play`, `replay` and `scenario run` on a box of the rules kernel
(Marvel Mayhem): each command hands the box to runtime/kernel."""
import json
from pathlib import Path

from cli_helpers import invoke

CONTENT = Path(__file__).resolve().parent.parent / "content"
SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "marvel-mayhem"
DECKS = "black-panther,black-panther"


def test_simulate_reports_winners_and_ends(tmp_path):
    result = invoke("simulate", "--box", "marvel-mayhem", "--games", "6", "--decks", DECKS, "--format", "json",
                    "--content", CONTENT)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and sum(summary["wins"].values()) + summary["reasons"].get("tie", 0) == 6
    assert summary["reasons"] == {"won": 6} and summary["decisions"] > 6 * 5
    assert summary["deck_games"] == {"black-panther": 12}


def test_simulate_is_seeded(tmp_path):
    runs = [invoke("simulate", "--box", "marvel-mayhem", "--games", "3", "--players", "3", "--seed", "7",
                   "--decks", DECKS + ",black-panther", "--format", "json", "--content", CONTENT).stdout
            for _ in range(2)]
    assert runs[0] == runs[1] and json.loads(runs[0])["games"] == 3


def test_simulate_on_two_processes_prints_the_same_summary():
    runs = [invoke("simulate", "--box", "marvel-mayhem", "--games", "12", "--jobs", str(jobs), "--seed", "4",
                   "--content", CONTENT) for jobs in (1, 2)]
    assert runs[0].exit_code == 0 and "12 games" in runs[0].stdout, runs[0].output
    assert runs[1].stdout == runs[0].stdout


def test_simulate_logs_replay_to_the_same_game(tmp_path):
    result = invoke("simulate", "--box", "marvel-mayhem", "--games", "2", "--decks", DECKS, "--log-dir", tmp_path,
                    "--content", CONTENT)
    assert result.exit_code == 0, result.output
    log = tmp_path / "seed-1.jsonl"
    replayed = invoke("replay", log, "--content", CONTENT)
    assert replayed.exit_code == 0 and "the same game" in replayed.stdout
    lines = log.read_text().splitlines()
    step = next(i for i, line in enumerate(lines) if '"decision"' in line)
    entry = json.loads(lines[step])
    entry["decision"]["action"] = "play nothing"
    lines[step] = json.dumps(entry)
    log.write_text("\n".join(lines) + "\n")
    broken = invoke("replay", log, "--content", CONTENT)
    assert broken.exit_code != 0 and "'play nothing' is not legal" in broken.stdout


def test_simulate_refuses_bad_options():
    result = invoke("simulate", "--box", "marvel-mayhem", "--players", "5", "--content", CONTENT)
    assert result.exit_code == 2 and "plays 2 to 4 players" in result.output
    result = invoke("simulate", "--box", "marvel-mayhem", "--decks", "hulk,black-panther", "--content", CONTENT)
    assert result.exit_code == 2 and "no deck 'hulk'" in result.output
    result = invoke("simulate", "--box", "marvel-mayhem", "--bots", "greedy,minimax", "--content", CONTENT)
    assert result.exit_code == 2 and "no bot 'minimax'" in result.output and "random, rollout" in result.output
    result = invoke("simulate", "--box", "teen-titans-go", "--bots", "rollout", "--content", CONTENT)
    assert result.exit_code == 2 and "--bots takes names of: random, greedy" in result.output
    result = invoke("play", "--box", "teen-titans-go", "--bot", "rollout", "--content", CONTENT, input="1\n")
    assert result.exit_code == 2 and "played by the bots random, greedy, ismcts, not 'rollout'" in result.output


def test_play_in_the_terminal_to_the_end(tmp_path):
    log = tmp_path / "game.jsonl"
    result = invoke("play", "--box", "marvel-mayhem", "--seed", "3", "--decks", DECKS, "--log", log,
                    "--content", CONTENT, input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "game over: p" in result.stdout and "your hand:" in result.stdout
    assert invoke("replay", log, "--content", CONTENT).exit_code == 0


def test_play_quits_on_q(tmp_path):
    result = invoke("play", "--box", "marvel-mayhem", "--seed", "3", "--decks", DECKS, "--content", CONTENT,
                    input="x\nq\n")
    assert result.exit_code == 0
    assert "'x' is not one of the" in result.stdout and "left unfinished" in result.stdout


def test_play_without_decks_deals_them_as_simulate_does(tmp_path):
    """No --decks: each seed's decks are the game's seeded choice (as `simulate` deals them), not
    the same two decks in every game."""
    dealt = {}
    for seed in range(1, 7):
        result = invoke("play", "--box", "marvel-mayhem", "--seed", str(seed), "--content", CONTENT, input="q\n")
        assert result.exit_code == 0, result.output
        line = next(line for line in result.stdout.splitlines() if line.startswith("- setup:"))
        dealt[seed] = line.split("decks ", 1)[1].split("}")[0]
        simulate = invoke("simulate", "--box", "marvel-mayhem", "--games", "1", "--seed", str(seed), "--log-dir",
                          tmp_path, "--content", CONTENT)
        assert simulate.exit_code == 0, simulate.output
        assert dealt[seed] in (tmp_path / f"seed-{seed}.jsonl").read_text().replace('"', "'")
    assert len(set(dealt.values())) > 1


def test_scenario_run_on_marvel_scenarios():
    result = invoke("scenario", "run", SCENARIOS, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    assert "PASS" in result.stdout and "0 failed" in result.stdout


def test_list_shows_the_game_and_its_decks():
    result = invoke("list", CONTENT, "--format", "json", "--kind", "deck")
    rows = json.loads(result.stdout)
    assert {"id": "marvel-mayhem/black-panther", "box": "marvel-mayhem", "kind": "deck", "name": "Black Panther",
            "side": None, "provenance": "authored"} in rows
    assert all(r["kind"] == "deck" for r in rows)


def test_list_shows_the_cards_of_the_decks_with_their_provenance():
    # "marked authored": every card of a Super Hero deck is listed with its own provenance, the
    # three the rulebook names with their section (they were left out: `--kind marvel-card` was empty)
    rows = json.loads(invoke("list", CONTENT, "--format", "json", "--kind", "marvel-card").stdout)
    assert len(rows) == 54 and {r["box"] for r in rows} == {"marvel-mayhem"}
    assert {r["id"].rsplit("/", 2)[1] for r in rows} == {"black-panther", "captain-marvel", "iron-man", "scarlet-witch"}
    assert {r["name"]: r["provenance"] for r in rows if r["provenance"] != "authored"} == {
        "King's Fury": 'rulebook "The Cards > Attack"', "Psychic Sight": 'rulebook "Frequently Asked Questions"',
        "Whatever it Takes": 'rulebook "Frequently Asked Questions"'}
    every = json.loads(invoke("list", CONTENT, "--format", "json").stdout)
    assert [r for r in every if r["kind"] == "marvel-card"] == rows


def test_list_of_a_kind_it_has_not_says_which_it_has():
    result = invoke("list", CONTENT, "--kind", "marvl-card")
    assert result.exit_code == 2
    assert "no kind 'marvl-card' to list; did you mean 'marvel-card' or 'mayhem-card'?" in result.output


RIDGE = Path(__file__).resolve().parent / "fixtures" / "kernel" / "ridge"


def test_the_lab_game_without_decks_simulates_plays_and_scenarios_run(tmp_path):
    result = invoke("simulate", "--box", "ridge", "--games", "8", "--players", "4", "--format", "json",
                    "--content", RIDGE)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 8 and set(summary["reasons"]) <= {"won", "tie", "turn-limit"}
    # a Team wins: both its players
    assert summary["wins"].get("p1", 0) == summary["wins"].get("p3", 0)
    played = invoke("play", "--box", "ridge", "--seed", "3", "--content", RIDGE, input="1\n" * 40 + "q\n")
    assert played.exit_code == 0, played.output
    assert "t1 (p1): points 0; dice" in played.stdout and "climber-p1 on camp-1" in played.stdout
    scenarios = invoke("scenario", "run", RIDGE.parent / "ridge-scenarios", "--content", RIDGE)
    assert scenarios.exit_code == 0 and " 0 failed" in scenarios.stdout, scenarios.stdout


SQUADS = RIDGE.parent / "squads"


def test_the_dashboards_lab_game_checks_simulates_plays_and_scenarios_run():
    checked = invoke("check", SQUADS)
    assert checked.exit_code == 0 and "no problems" in checked.output, checked.output
    result = invoke("simulate", "--box", "squads", "--games", "200", "--format", "json", "--content", SQUADS)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 200 and summary["reasons"].get("won", 0) > 100
    # (a roster of five heroes: seed 4 deals Gale to p1's Team)
    played = invoke("play", "--box", "squads", "--seed", "4", "--content", SQUADS, input="1\n" * 6 + "q\n")
    assert played.exit_code == 0, played.output
    assert "gale (life 5) on west" in played.stdout and "activate: figure gale" in played.stdout
    scenarios = invoke("scenario", "run", SQUADS.parent / "squads-scenarios", "--content", SQUADS)
    assert scenarios.exit_code == 0 and " 0 failed" in scenarios.stdout, scenarios.stdout


def test_options_of_mayhem_games_are_refused_not_ignored():
    """A kernel game has no Teams files nor first-game set-up, and only the modes its box
    declares (Marvel Mayhem none): saying another is a usage error (it was left out without a
    word, and the games played the standard way)."""
    for command, option in (("play", ["--first-game"]), ("simulate", ["--teams", str(SCENARIOS)])):
        result = invoke(command, "--box", "marvel-mayhem", *option, "--content", CONTENT, input="q\n")
        assert result.exit_code == 2 and f"{option[0]}: box 'marvel-mayhem' names a game of the rules kernel" \
            in result.output, result.output
    result = invoke("simulate", "--box", "marvel-mayhem", "--mode", "free-for-all", "--content", CONTENT)
    assert result.exit_code == 2 and "--mode: Marvel Mayhem has no mode 'free-for-all'; its modes: none but " \
        "standard" in " ".join(result.output.split()), result.output


RUINS = Path(__file__).resolve().parent / "fixtures" / "kernel" / "ruins"


def test_the_lab_game_of_tiles_checks_simulates_and_its_scenarios_run():
    checked = invoke("check", RUINS)
    assert checked.exit_code == 0 and "no problems" in checked.output, checked.output
    result = invoke("simulate", "--box", "ruins", "--games", "200", "--players", "3", "--format", "json",
                    "--content", RUINS)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 200 and set(summary["reasons"]) <= {"won", "tie"}
    assert summary["wins"].get("p1", 0) == summary["wins"].get("p3", 0) > 0  # a Team wins: both its players
    scenarios = invoke("scenario", "run", RUINS.parent / "ruins-scenarios", "--content", RUINS)
    assert scenarios.exit_code == 0 and " 0 failed" in scenarios.stdout, scenarios.stdout


EMBERS = Path(__file__).resolve().parent / "fixtures" / "kernel" / "embers"


def test_the_pieces_lab_game_checks_simulates_and_its_scenarios_run():
    checked = invoke("check", EMBERS)
    assert checked.exit_code == 0 and "no problems" in checked.output, checked.output
    result = invoke("simulate", "--box", "embers", "--games", "200", "--format", "json", "--content", EMBERS)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 200 and set(summary["reasons"]) == {"won", "tie"}
    scenarios = invoke("scenario", "run", EMBERS.parent / "embers-scenarios", "--content", EMBERS)
    assert scenarios.exit_code == 0 and " 0 failed" in scenarios.stdout, scenarios.stdout
