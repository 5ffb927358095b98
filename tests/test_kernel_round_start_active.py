"""Nobody is Active at a round's start (nor at its end): the figure made Active in the round's
last turn is not `self` or `active` once that turn is over (the Mayhem engine's `st.active =
None` at a turn's end; "This is now the Active Character", Character Activation, for its turn).

The lab game Squads ends a round as soon as its last die is placed (`round-end when`), so the
round's last turn is one that made a hero Active: a rule heard at `round-start` that reads
`self` or `active` found that hero before the fix (runtime/kernel/rounds.py `after_turn`). The
Mayhem boxes end a round once every Team has passed (`round-ends all-passed`), so a turn that
made nobody Active comes last there: tests/scenarios/modes/ffa-round-start-nobody-active.toml."""
from __future__ import annotations

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from game_helpers import lab_copy_ir, play_random

RULES = '''  counter woken "Round starts that found an Active hero" {}
  counter here-found "Round starts that found a glade of the Active hero" {}

  rule woken "Who is Active as the round starts" {
    on round-start when self != none or active != none {
      gain(woken, 1)
    }
  }

  rule where "Where the Active hero stands as the round starts" {
    on round-start when here != none {
      gain(here-found, 1)
    }
  }

  # The round also ends once every die is placed.'''


def test_no_figure_is_active_when_a_round_starts(tmp_path):
    rules = load_game_rules(lab_copy_ir(tmp_path, "squads", ("  # The round also ends once every die is placed.",
                                                                RULES)), "squads")
    rounds = 0
    for seed in range(12):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        play_random(game, seed)
        log = game.state.log
        rounds += sum(e["event"] == "round-start" for e in log)
        # the round before ended right after a turn that made a hero Active (the case at stake)
        assert any(e["event"] == "round-end" for e in log)
        assert game.state.counters.get("woken", 0) == 0, seed
        assert game.state.counters.get("here-found", 0) == 0, seed
    assert rounds > 40
