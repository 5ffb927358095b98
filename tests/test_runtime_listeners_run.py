"""The listeners of one event run in order, and what an earlier one did is seen by the later
ones, on the rules kernel (runtime/kernel/events.py `raise_event`): a card in play that an
earlier listener sent out of play does not hear the rest of the event; one still in play does;
a game an earlier listener ended runs no later listener. Played on copies of the lab game
Errands (tests/fixtures/kernel/errands), whose errand Fetch water is done (`card-done()`) once a
runner of its Team stands at the well, heard on the game's `update` event.

(The Mayhem engine's tests of the same rules, in its own machinery, went with it on December 4,
2026; these are their port.)"""
from __future__ import annotations

from pathlib import Path

from game_helpers import lab_copy_ir, run_kernel_scenario

AT_THE_WELL = "size(all figure in figures-at(well) where team-of(it) == my-team) > 0"
DONE = f'''    on update when {AT_THE_WELL} {{
      card-done()
    }}
'''
# a trigger of Fetch water that reads nothing of its card's holder (a card out of play has no
# Team) and runs at each update it hears: 5 points to the first Team, t1
FIVE = '''    on update {
      gain(points, 5, on: first(teams))
    }
'''
SCENARIO = Path(__file__).resolve().parent / "fixtures" / "kernel" / "errands-scenarios" / \
    "an-errand-done-draws-the-next-at-once.toml"


def walked_to_the_well(tmp_path, *edits: tuple[str, str], points: int) -> list[str]:
    """The failures of the scenario an-errand-done-draws-the-next-at-once on a copy of Errands with
    `edits`, t1 expected to hold `points` after its first step and at its end (1: Fetch water's
    reward alone)."""
    ir = lab_copy_ir(tmp_path, "errands", *edits)
    text = SCENARIO.read_text(encoding="utf-8")
    assert text.count('"counters.points.t1" = 1') == 1
    text = text.replace('"counters.points.t1" = 1', f'"counters.points.t1" = {points}')
    # and once the question Grind grain asks is answered (the rest of the event heard then)
    text += f'\n[expect]\n"counters.points.t1" = {points}\n'
    return run_kernel_scenario(ir, SCENARIO, text).failures


def test_a_card_an_earlier_listener_sent_out_of_play_does_not_hear(tmp_path):
    # a second trigger of Fetch water, after the one that finishes it: the card is no longer in
    # play when its turn comes, so it gives nothing
    assert walked_to_the_well(tmp_path, (DONE, DONE + FIVE), points=1) == []


def test_a_card_still_in_play_hears(tmp_path):
    # the same trigger before the one that finishes it: the card is still in play, it gives 5
    assert walked_to_the_well(tmp_path, (DONE, FIVE + DONE), points=6) == []


def test_no_listener_runs_once_an_earlier_one_ended_the_game(tmp_path):
    # the first trigger ends the game for the Team at the well; the second would give it 5
    ended = f'''    on update when {AT_THE_WELL} {{
      end-game(all team in teams where it == my-team, "errands")
    }}
{FIVE}'''
    ir = lab_copy_ir(tmp_path, "errands", (DONE, ended))
    setup = SCENARIO.read_text(encoding="utf-8").split("[[steps]]")[0]
    text = setup + '''[[steps]]
action = "walk well"

[expect]
"counters.points.t1" = 0
events = [{ event = "game-over" }]
'''
    assert run_kernel_scenario(ir, SCENARIO, text).failures == []
    assert run_kernel_scenario(ir, SCENARIO, text.replace('"counters.points.t1" = 0', '"counters.points.t1" = 5')).failures
