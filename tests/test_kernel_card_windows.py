"""Card windows and Reactions on the kernel (docs/kernel.md, "Card windows and Reactions on the
kernel"): the game's `play-limit` (no card offered in answer once the player's `play-to` zone
holds that many: the Mayhem "1 Mayhem card each round"), and the Mayhem log's `play` line read
with the player's Team."""
from pathlib import Path

import pytest

from game_helpers import lab_copy_ir, run_kernel_scenario
from mayhem.runtime.scenario_kernel_read import events

# Bastion's Parry answers a hit; p2 has already played a card this turn
PLAYED = '''
[scenario]
name = "A Parry is offered in answer only below the game's play-limit"
box = "bastion"
source = "authored"
[setup]
players = 2
active = "p1"
phase = "actions"
counters = { "plays.p1" = 2 }
[setup.zones]
"hand.p1" = ["blow"]
"hand.p2" = ["parry"]
"played.p2" = ["blow"]
[[steps]]
action = "play blow"
expect = { "decision.player" = "WHO" }
'''


@pytest.mark.parametrize("limit, who", [(1, "p1"), (2, "p2")])
def test_a_reaction_is_offered_only_below_the_play_limit(tmp_path, limit, who):
    ir = lab_copy_ir(tmp_path, "bastion", ("  play-to played\n", f"  play-to played\n  play-limit {limit}\n"))
    result = run_kernel_scenario(ir, tmp_path / "case.toml", PLAYED.replace("WHO", who))
    assert result.ok, result.failures


def test_a_players_line_is_read_with_their_team():
    class Game:  # the reader reads a game's log, its players and Teams
        scenario_teams = {"black": "t1", "white": "t2"}

        class state:
            players = ["p1", "p2"]
            teams = {"t1": ["p1"], "t2": ["p2"]}
            log = [{"event": "play", "player": "p2", "card": "pizza-time"},
                   {"event": "initiative", "player": "p1", "team": "t2"}]

            @staticmethod
            def team_of(player):
                return {"p1": "t1", "p2": "t2"}[player]

    out = events(Game, 0, [])
    assert out[0] == {"event": "play", "player": "p2", "card": "pizza-time", "team": "white"}
    assert out[1]["team"] == "white"  # a line that names its Team keeps it
