"""`mayhem scenario run` as a user runs it: a failing scenario makes the run fail (exit 1), and
says which and why; a run with nothing to run is an error too."""
from __future__ import annotations

import shutil

from conftest import CONTENT, REPO
from cli_helpers import invoke

GOOD = REPO / "tests" / "scenarios" / "teen-titans-go" / "bring-the-pizza.toml"
NAME = ("Bring the Pizza: placed on reveal, the opponent's Obstacle, retrieve, deliver, 1 VP, "
        "next GO! card at once")


def failing(tmp_path):
    text = GOOD.read_text(encoding="utf-8")
    assert text.count('"locations.L5.tokens.pizza" = 1') == 1
    bad = tmp_path / "cases" / "wrong-count.toml"
    bad.parent.mkdir(exist_ok=True)
    bad.write_text(text.replace('"locations.L5.tokens.pizza" = 1', '"locations.L5.tokens.pizza" = 2'),
                   encoding="utf-8")
    return bad


def test_a_passing_scenario_exits_0():
    result = invoke("scenario", "run", GOOD, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"PASS {GOOD}: {NAME}\n1 passed, 0 failed\n"


def test_a_failing_scenario_exits_1_and_says_why(tmp_path):
    bad = failing(tmp_path)
    result = invoke("scenario", "run", bad, "--content", CONTENT)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"FAIL {bad}: {NAME}"
    assert "locations.L5.tokens.pizza" in lines[1] and lines[1].startswith("    ")
    assert lines[-1] == "0 passed, 1 failed"


def test_a_folder_with_one_failure_fails(tmp_path):
    bad = failing(tmp_path)
    shutil.copy(GOOD, bad.parent / "good.toml")
    (bad.parent / "broken.toml").write_text("[scenario\nname = 1\n", encoding="utf-8")
    result = invoke("scenario", "run", bad.parent, "--content", CONTENT)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"ERROR {bad.parent / 'broken.toml'}")
    assert f"PASS {bad.parent / 'good.toml'}: {NAME}" in lines
    assert f"FAIL {bad}: {NAME}" in lines
    assert lines[-1] == "1 passed, 2 failed"


def test_nothing_to_run_is_an_error(tmp_path):
    result = invoke("scenario", "run", tmp_path, "--content", CONTENT)
    assert result.exit_code == 1
    assert result.stderr == f"error: no scenario files (.toml) in {tmp_path}\n"


def test_the_repository_scenarios_pass_from_the_command_line():
    result = invoke("scenario", "run", REPO / "tests" / "scenarios" / "core", "--content", CONTENT)
    assert result.exit_code == 0, result.output
    n = len(list((REPO / "tests" / "scenarios" / "core").rglob("*.toml")))
    assert result.stdout.splitlines()[-1] == f"{n} passed, 0 failed"


CROSS_BOX = REPO / "tests" / "scenarios" / "modes" / "competitive-titans-card-on-looney-board.toml"


def test_a_hand_card_of_another_box_in_competitive_mode_passes_and_a_wrong_one_says_where(tmp_path):
    """"Additionally, players can choose the cards in their Mayhem hand from their collection."
    (Mayhem Competitive Mode, Setup) A hand names another box's card as a team list does, box/id;
    a name of no card is refused at its place, with the nearest names."""
    result = invoke("scenario", "run", CROSS_BOX, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    text = CROSS_BOX.read_text(encoding="utf-8")
    assert text.count('"teen-titans-go/pizza-blast"') == 1
    bad = tmp_path / "typo.toml"
    bad.write_text(text.replace('"teen-titans-go/pizza-blast"', '"teen-titans-go/piza-blast"'), encoding="utf-8")
    result = invoke("scenario", "run", bad, "--content", CONTENT)
    assert result.exit_code == 1
    assert f"{bad}:15:11: error[S100]: no card 'teen-titans-go/piza-blast' in the collection" in result.output
    assert "hint: did you mean 'teen-titans-go/pizza-blast'" in result.output
