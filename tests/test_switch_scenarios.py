"""The Mayhem scenarios played by the rules kernel (runtime/scenario_kernel.py, bench/switch_scenarios.py):
the oracle of the Mayhem rules on the kernel. Every one passes, and the runner reads what it
checks (a wrong expectation, event, option or action fails it)."""
from __future__ import annotations

from pathlib import Path
import sys

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import switch_scenarios  # noqa: E402

from mayhem.runtime import scenario_kernel  # noqa: E402



@pytest.fixture(scope="module")
def rows() -> dict:
    return {r["file"]: r for r in switch_scenarios.run_all()}


def test_the_sweep_runs_every_scenario_of_the_mayhem_boxes(rows):
    files = [p for f in switch_scenarios.FOLDERS for p in (switch_scenarios.SCENARIOS / f).glob("*.toml")]
    assert len(rows) == len(files) >= 107  # the 100 of the switch, Trigon's Recovery since, no one Active at Round Start
    assert {r["folder"] for r in rows.values()} == set(switch_scenarios.FOLDERS)
    assert {r["status"] for r in rows.values()} <= {"PASS", "FAIL", "SETUP"}
    assert all(r["reasons"] for r in rows.values() if r["status"] != "PASS")  # each with its reason


def test_every_scenario_passes_on_the_kernel(rows):
    """Since December 3, 2026 the kernel passes all of them (the ratchet of the passing ones, 43
    then 88, closed at 100): a scenario that fails on the kernel is a regression of the switch."""
    failing = {f: r["reasons"][:2] for f, r in rows.items() if r["status"] != "PASS"}
    assert failing == {}


def _run(tmp_path, text: str):
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return switch_scenarios.run_file(path)


CASE = '''
[scenario]
name = "Telekinesis on the kernel, with expectations {wrong}"
box = "teen-titans-go"
source = "none"
[setup]
teams = {{ black = ["cyborg", "starfire"], white = ["raven", "robin"] }}
board = ["jump-city-mall", "jump-city-park", "the-lab", "black-base-1", "black-base-2", "white-base-1", "white-base-2", "pizza-corner", "ravens-room", "titans-tower"]
initiative = "white"
mayhem_die = "2"
dice = {{ black = [4, 1], white = [3, 2] }}
[setup.figures.raven]
location = "L6"
[setup.figures.cyborg]
location = "L6"
[setup.figures.starfire]
location = "L5"
[setup.figures.robin]
location = "L4"
[[steps]]
action = "place-die 3 raven/telekinesis"
[[steps]]
action = "resolve raven/telekinesis"
{options}
[expect]
"figures.starfire.damage" = {damage}
"figures.raven.location" = "{where}"
events = [{{ event = "attack", attacker = "raven", target = "starfire", amount = {amount} }}]
'''


def test_a_scenario_right_about_the_kernel_passes(tmp_path):
    result = _run(tmp_path, CASE.format(wrong="right", options="", damage=2, where="L6", amount=2))
    assert result.status == "PASS", result.failures


def test_the_runner_fails_a_scenario_whose_expectations_the_kernel_does_not_meet(tmp_path):
    result = _run(tmp_path, CASE.format(wrong="wrong", damage=7, where="L4", amount=9,
                                        options='forbid_options = ["resolve raven/telekinesis"]\n'
                                                'expect_options = ["move raven L1"]'))
    assert result.status == "FAIL"
    text = "\n".join(result.failures)
    assert "figures.starfire.damage: expected 7, got 2" in text
    assert "figures.raven.location: expected 'L4', got 'L6'" in text
    assert "missing from {event = 'attack'" in text
    assert "['move raven L1'] not among the legal actions" in text
    assert "should not be legal" in text


def test_an_illegal_step_stops_the_scenario_with_the_legal_actions_in_the_scenarios_words(tmp_path):
    text = CASE.format(wrong="wrong", options="", damage=2, where="L6", amount=2)
    result = _run(tmp_path, text.replace('action = "resolve raven/telekinesis"', 'action = "move raven L1"'))
    assert result.status == "FAIL"
    assert any("'move raven L1' is not a legal action" in f and "move raven L2" in f for f in result.failures)


def test_what_the_translation_cannot_lay_is_a_setup_failure_not_a_pass(tmp_path):
    # a game set up at the End of Round: the runner resumes the kernel's round only up to its
    # turns, so it cannot lay this one and says so instead of passing
    text = CASE.format(wrong="right", options="", damage=2, where="L6", amount=2)
    result = _run(tmp_path, text.replace("[setup]\n", '[setup]\nphase = "round-end"\n'))
    assert result.status == "SETUP" and not result.ok
    assert any("comes after the turns" in f for f in result.failures), result.failures


def test_locations_are_labels_in_the_scenario_and_tiles_in_the_kernel():
    tiles = ["a", "b", "c", "d"]
    assert scenario_kernel.to_kernel("move raven L4", tiles) == "move raven d"
    assert scenario_kernel.to_kernel("target L1-L4", tiles) == "target L1-L4"  # an edge keeps its label
    assert scenario_kernel.to_scenario("move raven d", tiles) == "move raven L4"
    assert scenario_kernel.to_scenario("react dude-relax", tiles, {"react": "play"}) == "play dude-relax"
    assert scenario_kernel.same("do place-or-move-an-obstacle", "do Place or move an Obstacle")  # a label's slug
    assert not scenario_kernel.same("target L1", "target L1-L4")


TIE = (Path(__file__).resolve().parent / "scenarios" / "teen-titans-go" / "initiative-tie-seeded-toss.toml").read_text(
    encoding="utf-8")


def tie_won_by(tmp_path, seed: int, team: str):
    """initiative-tie-seeded-toss.toml with its `[setup] seed` and the Team expected to win the toss."""
    text = TIE.replace("seed = 3", f"seed = {seed}").replace('initiative = "black"', f'initiative = "{team}"')
    text = text.replace('{ event = "initiative", team = "black"', f'{{ event = "initiative", team = "{team}"')
    text = text.replace('"decision.player" = "p1"', f'"decision.player" = "{"p1" if team == "black" else "p2"}"')
    return _run(tmp_path, text)


def test_an_unscripted_coin_toss_follows_the_scenarios_seed(tmp_path):
    # the toss the scenario does not script is drawn from its seed: one Team wins it for each
    # seed, the same each time, and the seeds give it to both Teams
    assert "seed = 3" in TIE and tie_won_by(tmp_path, 3, "black").status == "PASS"
    winners = {}
    for seed in range(4):
        won = [t for t in ("black", "white") if tie_won_by(tmp_path, seed, t).status == "PASS"]
        assert len(won) == 1, (seed, won)
        winners[seed] = won[0]
    assert set(winners.values()) == {"black", "white"}, winners
    assert [t for t in ("black", "white") if tie_won_by(tmp_path, 0, t).status == "PASS"] == [winners[0]]


WINDOW = (Path(__file__).resolve().parent / "scenarios" / "teen-titans-go" / "round-start-card.toml").read_text(
    encoding="utf-8")


def test_the_round_start_window_asks_the_leading_team_first_and_a_pass_leaves_it_to_the_next(tmp_path):
    # White leads (rolls 1 + 2): its player is asked first, with a card for each of its
    # Characters on the board; once White passes, Black is asked (the scenario's first step)
    text = WINDOW.replace('hands = { black = ["magic-cloak"] }',
                          'hands = { black = ["magic-cloak"], white = ["waffles", "pizza-time"] }')
    text = text.replace("[[steps]]\nexpect = {",
                        '[[steps]]\nexpect = { "decision.player" = "p2", "decision.kind" = "card", '
                        '"decision.actions" = ["play waffles raven", "play waffles starfire", "pass"] }\n'
                        'forbid_options = ["play pizza-time raven"]\n[[steps]]\naction = "pass"\n'
                        '[[steps]]\nexpect = {', 1)
    result = _run(tmp_path, text)
    assert result.status == "PASS", result.failures
