"""The speed reference's count of decisions (bench/uno.py): a decision of RLCard's UNO is a
step whose player had two or more legal actions, a choice as the rules kernel counts one (a
line of its history: an action, target or answer that is the only one is taken without
asking). RLCard asks its agent at every step, the forced draws too; bench/simulate.py's
`x UNO` divides by the choices and `x UNO steps` by every step."""
from __future__ import annotations

from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from uno import choices_in, play_uno  # noqa: E402


def _state(*legal: int) -> dict:
    return {"legal_actions": dict.fromkeys(legal)}


def test_a_choice_is_a_state_followed_by_an_action_with_two_or_more_legal():
    # player 0: a choice of two, then a forced draw, then the final state (which offers three
    # actions, but nobody acts on it); player 1: a choice of three, then the final state
    trajectories = [[_state(1, 2), 1, _state(60), 60, _state(1, 2, 3)],
                    [_state(4, 5, 6), 4, _state(7, 8)]]
    assert choices_in(trajectories) == 2
    assert choices_in([[_state(60), 60, _state(60), 60, _state()]]) == 0  # forced draws only
    assert choices_in([[_state(1, 2)]]) == 0  # a player who never acted: its final state alone


class _Counting:
    """RLCard's random agent, counting the states it is asked at with two or more legal actions."""

    def __init__(self, agent, counts: list[int]) -> None:
        self.agent, self.counts, self.use_raw = agent, counts, agent.use_raw

    def eval_step(self, state):
        self.counts[0] += 1
        self.counts[1] += len(state["legal_actions"]) > 1
        return self.agent.eval_step(state)


def test_the_count_of_real_games_is_the_agents_count_of_choices():
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    np.random.seed(3)
    env = rlcard.make("uno", config={"seed": 3})
    counts = [0, 0]  # the agents' steps, and the steps with a choice
    env.set_agents([_Counting(RandomAgent(num_actions=env.num_actions), counts) for _ in range(env.num_players)])
    counted = sum(choices_in(env.run(is_training=False)[0]) for _ in range(20))
    assert counted == counts[1]
    assert 0 < counts[1] < counts[0]  # UNO's random games force some draws: steps are not all choices


def test_play_uno_reports_both_counts():
    figures = play_uno(30, seed=1)
    assert figures.games == 30
    assert 0 < figures.decisions < figures.steps  # the choices, fewer than the steps
    assert figures.steps_per_second > figures.decisions_per_second
