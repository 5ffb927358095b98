"""The turn's flow of the Mayhem rules on the kernel, as the Mayhem scenarios read it (docs/kernel.md,
"The turn's flow on the kernel: what the scenarios made right"): the free Move gone once the
Ability is resolved, the resolve line before its effects, the turn-end line opening the turn's end
with its figure, the round's leader line logged as `lead(...)` names it (its dice, its coin), a
turns phase's own effect before the turns (Free-For-All's move of the figure no one owns), and
the Mayhem strings for an offered move declined (`skip`)."""
from __future__ import annotations

from pathlib import Path
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.play import play_game

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", ("teen-titans-go", "looney-tunes"))


@pytest.fixture(scope="module")
def titans(ir):
    return load_game_rules(ir, "teen-titans-go")


def _first_turn(rules, seed: int = 0) -> tuple[KernelGame, object]:
    """A game at its first turn's die: the Characters on the board, the Mayhem die rolled."""
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    decision = game.start()
    while not any(a.startswith("place-die") for a in decision.actions):
        decision = game.act(decision.actions[0])
    return game, decision


def test_the_free_move_is_gone_once_the_ability_is_resolved(titans):
    """"b. Free Move ... c. Use Abilities" (Character Activation): the Move is offered before the
    Ability, not after it (`free-move-available` reads the part resolved)."""
    asked = 0
    for seed in range(4):
        game, decision = _first_turn(titans, seed)
        decision = game.act(next(a for a in decision.actions if a.startswith("place-die")))
        assert any(a.startswith("move ") for a in decision.actions)
        turn = game.state.turn
        decision = game.act(next(a for a in decision.actions if a.startswith("resolve ")))
        if decision is not None and game.state.turn == turn and decision.kind == "action":
            assert not any(a.startswith("move ") for a in decision.actions), decision.actions
            asked += 1
    assert asked > 0


def test_the_resolve_line_comes_before_the_ability_s_effects(titans):
    """The part's `resolve-ability` line is logged before its effects' lines, naming the
    effects run; no line of its effects comes before it."""
    seen = 0
    for seed in range(6):
        game = play_game(titans, KernelConfig(players=2, seed=seed, max_turns=12), ["random"])
        log = game.state.log
        for i, e in enumerate(log):
            if e["event"] == "resolve-ability":
                seen += 1
                assert e["effects"] and e["effects"][0] == "standard"
                assert log[i - 1]["event"] == "action"  # right after the action that resolves it
    assert seen > 0


def test_the_turn_end_line_opens_the_turn_s_end_and_names_its_figure(titans):
    """The `turn-end` line comes before the turn's end discards (the Stun back to its pool) and
    names the figure made Active in the turn (as the Mayhem log's `turn-end`)."""
    ends = 0
    for seed in range(6):
        game = play_game(titans, KernelConfig(players=2, seed=seed, max_turns=16), ["random"])
        log = game.state.log
        active = None
        for i, e in enumerate(log):
            if e["event"] == "activate":
                active = e["figure"]
            elif e["event"] == "turn-start":
                active = None
            elif e["event"] == "turn-end":
                ends += 1
                assert e["figure"] == active
                rest = log[i + 1:]
                nxt = next((j for j, x in enumerate(rest) if x["event"] in ("turn-start", "round-end")), len(rest))
                assert not any(x["event"] == "turn-end" for x in rest[:nxt])
    assert ends > 0


def test_the_leader_line_is_logged_as_lead_names_it_with_its_dice_and_coin(titans):
    """`lead(...)` logs the round's leader line at once (before the Mayhem die is rolled), with
    each Team's dice rolled this round and whether a coin was tossed; the round's start then
    names its first player in it."""
    lines = 0
    for seed in range(8):
        game = play_game(titans, KernelConfig(players=2, seed=seed, max_turns=10), ["random"])
        log = game.state.log
        for i, e in enumerate(log):
            if e["event"] != "initiative":
                continue
            lines += 1
            start = max(j for j in range(i) if log[j]["event"] == "round-start")
            rolls = {x["owner"]: x["values"] for x in log[start:i] if x["event"] == "roll" and x.get("owner")}
            assert e["dice"] == rolls and set(rolls) == {"black", "white"}
            tied = sum(rolls["black"]) == sum(rolls["white"])
            assert e["coin"] == tied == any(x["event"] == "coin" for x in log[start:i])
            low = min(rolls, key=lambda t: sum(rolls[t]))
            assert tied or e["lead"] == low
            assert e["player"] in game.state.teams[e["lead"]]
            assert any(x["event"] == "mayhem-die" for x in log[i:])  # the Mayhem die after it
            assert not any(x["event"] == "mayhem-die" for x in log[start:i])
    assert lines > 0


def test_a_turns_phase_s_own_effect_comes_before_the_turns(ir):
    """Free-For-All's `phase activation` (`runs turns`) moves the figure no one owns first: its
    effect is part of the round's start, before the first turn, and the move may be declined
    (`skip`, the Mayhem log's word)."""
    rules = load_game_rules(ir, "teen-titans-go", mode="free-for-all")
    game = KernelGame(rules, KernelConfig(players=3, seed=1))
    decision = game.start()
    while decision is not None and decision.kind != "move":
        assert not any(a.startswith("place-die") for a in decision.actions), "a die asked before the move"
        decision = game.act(decision.actions[0])
    assert decision is not None and decision.actions[-1] == "skip"
    assert all(a.startswith("move out-of-control-cyborg ") for a in decision.actions[:-1])
    decision = game.act("skip")
    assert any(a.startswith("place-die") for a in decision.actions)
