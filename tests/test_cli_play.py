"""`mayhem play` from a script on standard input, as a user at a terminal would drive it: every
event told as it happens (checked against the game's own log), dice already placed shown as
used, no filler lines, and a clean end on end of input."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import CONTENT
from cli_helpers import invoke


READ: dict = {}


def events(log: Path) -> list[dict]:
    """The log's events in the Mayhem words: the game (header `runtime: kernel`) replayed from its
    decisions and its lines read through the table of the kernel's lines (runtime/game_view.py
    `logged`, `with_decisions`)."""
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    header = lines[0]["header"]
    assert header.get("runtime") == "kernel", header
    key = (str(log), log.stat().st_mtime_ns)
    if key not in READ:
        from mayhem.runtime import Game
        from mayhem.runtime.game_view import logged, with_decisions
        from mayhem.runtime.replay import config_from_header
        from mayhem.runtime.rules import load_rules
        from mayhem.compiler import driver
        game = Game(load_rules(driver.compile_paths([CONTENT]).ir), config_from_header(header))
        game.start()
        for e in lines[1:-1]:
            if e.get("event") == "decision":
                game.act(e["action"])
        READ[key] = with_decisions(game, logged(game)[0])
    return READ[key]


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory):
    """A whole Looney Tunes game (a box without GO! cards), p1 always taking the first action."""
    log = tmp_path_factory.mktemp("play") / "game.jsonl"
    result = invoke("play", "--box", "looney-tunes", "--seed", 4, "--log", log, "--content", CONTENT,
                    input="1\n" * 3000)
    return result, log


def test_a_scripted_game_plays_to_the_end(whole_game):
    result, log = whole_game
    assert result.exit_code == 0, result.output[-2000:]
    lines = result.stdout.splitlines()
    assert lines[0] in ("Looney Tunes Mayhem (standard), seed 4: you are p1, the greedy bot plays the other seats.",
                        "Looney Tunes Mayhem (standard), seed 4: you are p1, the greedy bot plays the other seats "
                        "(runtime: the rules kernel).")
    final = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["result"]
    assert final["reason"] is not None
    winners = ", ".join(final["winners"]) or "no winner"
    assert lines[-2] == f"game over: {winners} ({final['reason']}) after {final['rounds']} rounds"
    assert lines[-1] == f"log written to {log}"
    replayed = invoke("replay", log, "--content", CONTENT)
    assert replayed.exit_code == 0 and "replay matches the log (" in replayed.stdout


@pytest.mark.parametrize("kind, pattern", [
    ("damage", r"^.+ takes \d+ Damage \(\d+/\d+ life left\)$"),
    ("prevent", r"^\d+ Damage prevented$"),
    ("place-token", r"^(an? .+ token|\d+ .+ tokens) placed on .+$"),
    ("play", r"^(black|white) plays the Mayhem card .+$"),
    ("ko", r"^.+ is knocked out!$"),
    ("move", r"^.+ moves from L\d+ .*to L\d+.*$"),
    ("activate", r"^.+ activates .+ with a \d$"),
])
def test_every_event_is_told_as_it_happens(whole_game, kind, pattern):
    """Issue 10, item 16: one line per event of the log, in the order of the log."""
    result, log = whole_game
    logged = [e for e in events(log) if e["event"] == kind]
    told = [line for line in result.stdout.splitlines() if re.match(pattern, line)]
    assert logged, f"the game has no {kind} event: pick another seed"
    assert len(told) == len(logged), (kind, told[:5], logged[:5])


def test_the_bots_choices_are_told(whole_game):
    result, log = whole_game
    bot = [f"{e['player']}: {e['action']}" for e in events(log) if e["event"] == "decision" and e["player"] != "p1"]
    told = [line for line in result.stdout.splitlines() if re.match(r"^p[2-4]: ", line)]
    assert told == bot


def test_damage_is_told_with_the_figure_and_what_is_left(whole_game):
    result, log = whole_game
    logged = [e for e in events(log) if e["event"] == "damage"]
    told = [re.match(r"^(.+) takes (\d+) Damage \((\d+)/(\d+) life left\)$", line)
            for line in result.stdout.splitlines()]
    told = [m for m in told if m]
    for e, m in zip(logged, told):
        assert int(m[2]) == e["amount"]
        assert int(m[3]) == max(int(m[4]) - e["total"], 0)


def test_no_filler_lines(whole_game):
    result, _ = whole_game
    assert "(no characters yet)" not in result.stdout
    assert "mission" not in result.stdout  # Looney Tunes has no GO! cards
    assert "Traceback" not in result.output


def test_dice_already_placed_are_shown_as_used(whole_game):
    result, _ = whole_game
    status = [line for line in result.stdout.splitlines() if re.match(r"^(black|white): VP \d+  dice ", line)]
    assert any(re.search(r"dice \d \(used\), \d(  |$)", line) for line in status)
    assert any(re.search(r"dice \d, \d(  |$)", line) for line in status)  # before any is placed


def test_end_of_input_ends_cleanly_with_a_log_that_replays(tmp_path):
    log = tmp_path / "cut.jsonl"
    result = invoke("play", "--box", "teen-titans-go", "--seed", 2, "--log", log, "--content", CONTENT,
                    input="1\n" * 12)
    assert result.exit_code == 0, result.output[-2000:]
    assert result.stdout.endswith(f"end of input: the game is left unfinished\nlog written to {log}\n")
    replayed = invoke("replay", log, "--content", CONTENT)
    assert replayed.exit_code == 0, replayed.output
    assert "replay matches the log (the game was left unfinished)" in replayed.stdout


def test_quit_leaves_the_game(tmp_path):
    result = invoke("play", "--box", "teen-titans-go", "--seed", 2, "--content", CONTENT, input="1\nq\n")
    assert result.exit_code == 0
    assert result.stdout.endswith("you left the game unfinished\n")


def test_the_draft_and_missions_of_a_box_with_go_cards(tmp_path):
    result = invoke("play", "--box", "teen-titans-go", "--seed", 2, "--content", CONTENT, input="1\n" * 40)
    assert result.exit_code == 0
    assert "(no characters yet)" not in result.stdout
    assert "mission -" not in result.stdout
    assert re.search(r"^(black|white): VP 0  dice .+  mission [A-Z]", result.stdout, re.M)
    assert re.search(r"^(black|white)'s mission: [A-Z]", result.stdout, re.M)


def test_play_in_a_real_process(tmp_path):
    import subprocess
    import sys
    script = Path(sys.executable).with_name("mayhem")
    proc = subprocess.run([str(script), "play", "--box", "teen-titans-go", "--seed", "2", "--content", str(CONTENT)],
                          input="1\n1\n", capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.endswith("end of input: the game is left unfinished\n")


@pytest.mark.parametrize("mode", ["standard", "three-players", "four-players", "free-for-all", "competitive"])
def test_the_log_of_a_played_game_replays_in_every_mode(tmp_path, mode):
    """Issue 10, item 9: a Competitive Mode log of `play` did not replay."""
    from test_cli_replay import MODES
    log = tmp_path / f"{mode}.jsonl"
    result = invoke("play", *MODES[mode], "--seed", 6, "--log", log, "--content", CONTENT, input="1\n" * 150)
    assert result.exit_code == 0, result.output[-2000:]
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["header"]["mode"] == mode
    replayed = invoke("replay", log, "--content", CONTENT)
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.startswith(f"{log}: replay matches the log")



def renamed_teams(tmp_path: Path) -> Path:
    """The content with the game's Teams named the other way round, `team-names [white, black]`:
    the first seat's Team is white. (The language knows the colours black and white of the Mayhem
    pieces, `base black`, dsl/schema.py; the names and their order are the game's.)"""
    import shutil
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    game = root / "shared" / "game.mh"
    text = game.read_text(encoding="utf-8")
    assert "team-names [black, white]" in text
    game.write_text(text.replace("team-names [black, white]", "team-names [white, black]"), encoding="utf-8")
    return root


def test_team_lists_go_to_the_teams_the_game_names(tmp_path):
    """The team lists of Competitive Mode belong to the game's Teams (`team-names`), in seat
    order, not to black and white: a game whose first Team is white plays the first list as
    white."""
    from test_cli_replay import TEAMS
    from mayhem.compiler import driver
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics

    content = renamed_teams(tmp_path)
    log = tmp_path / "game.jsonl"
    result = invoke("play", "--board", "teen-titans-go", "--mode", "competitive", "--teams", TEAMS,
                    "--seed", 3, "--log", log, "--content", content, input="1\n" * 40)
    assert result.exit_code == 0, result.output[-2000:]
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["header"]
    first, second = (Path(p.strip()) for p in TEAMS.split(","))
    ir = driver.compile_paths([content]).ir
    assert header["team_lists"] == {"white": load_team(first, ir, Diagnostics()).to_config(),
                                    "black": load_team(second, ir, Diagnostics()).to_config()}
    # the usage error names the Teams the lists are for, in the game's order
    wrong = invoke("play", "--board", "teen-titans-go", "--mode", "competitive", "--teams", first,
                   "--content", content)
    assert wrong.exit_code == 2
    assert "needs 2 team lists, one per Team (white, black, in this order): --teams WHITE.mh,BLACK.mh" \
        in " ".join(wrong.output.split())


def test_team_lists_for_a_mode_without_them_name_the_modes_that_take_them():
    result = invoke("play", "--box", "teen-titans-go", "--teams", "a.mh,b.mh", "--content", CONTENT)
    assert result.exit_code == 2
    assert "--teams is for a mode with team lists (--mode competitive)" in " ".join(result.output.split())


def test_the_narrator_names_tokens_by_their_names_and_says_token_once(rules):
    """Events name some tokens by their qualified id; the narrator prints their names, and a
    token whose name ends in `token` is not a `token token` (seen in a played game)."""
    from mayhem.narrate import Narrator
    from mayhem.runtime import Game, GameConfig

    narrator = Narrator(Game(rules, GameConfig("looney-tunes", seed=1)), "p1")
    qid = "looney-tunes:token:acme-pull-or-push"
    assert qid in rules.by_qid
    assert narrator.name(qid) == rules.by_qid[qid]["name"] == "Pull or Push"
    assert narrator.render({"event": "use-token", "figure": "taz", "token": qid}).endswith(
        " uses a Pull or Push token")
    assert narrator.render({"event": "take", "to": "taz", "token": "ACME token", "frm": "L1", "count": 1}) \
        .startswith("Taz takes an ACME token from L1")
    assert narrator.render({"event": "take", "to": "taz", "token": "ACME token", "frm": "L1", "count": 2}) \
        .startswith("Taz takes 2 ACME tokens from L1")
