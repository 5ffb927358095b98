"""The DC Deck-Building Game through the `mayhem` command: `play` in the terminal (p1 answered on
stdin, the Line-Up and the cards in play shown with their printed numbers), a game played to its
end replayed to the same game, `simulate` reporting winners, the mean VP, the length and the
end reasons."""
from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import invoke

CONTENT = Path(__file__).resolve().parent.parent / "content"
BOX = ["--box", "dc-teen-titans-go", "--content", CONTENT]


def test_play_a_few_turns_in_the_terminal():
    """Seed 3: p1 first chooses one of the two Super Heroes dealt to it (shown), which then lies on
    its team; p2 opens (the bot, its actions told); then p1 is asked with its hand, the Line-Up
    of five with their costs, the face-up Nemesis and each player's Super Hero on the team; p1's
    answers play cards from its hand into its played pile; `q` leaves the game."""
    result = invoke("play", *BOX, "--seed", "3", "--bot", "random", input="1\n" * 4 + "q\n")
    assert result.exit_code == 0, result.output
    out, lines = result.stdout, result.stdout.splitlines()
    assert "DC Deck-Building Game: Teen Titans Go!, seed 3: you are p1, the random bot plays the others." in out
    dealt = next(line for line in lines if line.startswith("p1's dealt: "))
    first = next(line for line in lines if line.startswith("  1. target ")).split()[-1]
    assert len(dealt.split(", ")) == 2 and f" {first} (" in dealt, (dealt, first)
    assert f"p1's team: {first} (" in out and "p2's team: " in out
    assert "- action: player p2, action play punch" in out  # the bot's turn, told
    lineup = [line for line in lines if line.startswith("lineup: ")]
    assert lineup and all(line.count("(cost ") == 5 for line in lineup), lineup
    assert "nemesis: control-freak (cost 8" in out
    hands = [len(line.split(", ")) for line in lines if line.startswith("your hand: ")]
    assert hands == [5, 5, 4, 3, 2], hands
    played = [line for line in lines if line.startswith("p1's played: ")]
    assert len(played) == 3 and len(played[-1].split(", ")) == 3, played
    assert out.rstrip().endswith("the game is left unfinished")


def test_a_game_played_to_its_end_replays_to_the_same_game(tmp_path):
    """p1 always takes the first action offered, against the greedy bot: the game ends by its
    rules, its log replays to the same game; a decision changed in the log does not replay."""
    log = tmp_path / "game.jsonl"
    result = invoke("play", *BOX, "--seed", "5", "--bot", "random", "--log", log, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    last = result.stdout.strip().splitlines()[-2]
    assert last.startswith("game over: ") and ("(line-up)" in last or "(nemeses)" in last or "(draw)" in last), last
    replayed = invoke("replay", log, "--content", CONTENT)
    assert replayed.exit_code == 0 and "the same game" in replayed.stdout, replayed.output
    lines = log.read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines]
    step = next(i for i, e in enumerate(entries) if e.get("decision", {}).get("player") == "p1")
    entry = entries[step]
    entry["decision"]["action"] = "buy nothing"
    lines[step] = json.dumps(entry)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    broken = invoke("replay", log, "--content", CONTENT)
    assert broken.exit_code != 0 and "'buy nothing' is not legal" in broken.stdout


def test_simulate_reports_winners_the_mean_vp_the_length_and_the_ends(tmp_path):
    """12 seeded games of random bots: each won or drawn, ended by the Line-Up or the Nemeses;
    the mean VP (`score`, the counter the end gains by each card's `vp`) the mean of the logs'
    final scores; the report prints it with the end reasons' shares."""
    result = invoke("simulate", *BOX, "--games", "12", "--seed", "40", "--bots", "random", "--format", "json",
                    "--log-dir", tmp_path)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 12 and sum(summary["wins"].values()) + summary["reasons"].get("draw", 0) == 12
    assert set(summary["reasons"]) <= {"line-up", "nemeses", "draw"} and summary["mean_turns"] > 20
    finals = [json.loads(p.read_text(encoding="utf-8").splitlines()[-1])["state"]["counters"]
              for p in sorted(tmp_path.glob("seed-*.jsonl"))]
    scores = [c[f"score/{p}"] for c in finals for p in ("p1", "p2")]
    assert len(scores) == 24 and summary["mean_scores"] == {"score": sum(scores) / 24}
    shown = invoke("simulate", *BOX, "--games", "3", "--bots", "random")
    assert shown.exit_code == 0, shown.output
    assert "mean at the end, a player: score " in shown.stdout and "ended: line-up 3 (100%)" in shown.stdout
