"""The kernel's lab game, Ridge (tests/fixtures/kernel/ridge), written only in the DSL: two
Teams, rounds led by the lowest die (a coin toss on a tie), Teams alternating turns, dice
placed on the spaces of a small board to move figures, a rule on round-end, a winner. Each
rule has a scenario with forced dice (tests/fixtures/kernel/ridge-scenarios); random games
over many seeds keep the kernel's invariants; a clone and a replay play on to the same game."""
from pathlib import Path
import random
import tomllib

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import replay, write_log
from game_helpers import play_random as _play

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
SCENARIOS = sorted((HERE / "ridge-scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def ridge_ir():
    result = driver.compile_paths([HERE / "ridge"])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(str(e.span), e.message) for e in errors]
    return result.ir


@pytest.fixture(scope="module")
def ridge(ridge_ir):
    return load_game_rules(ridge_ir, "ridge")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_ridge_scenario(ridge_ir, path):
    text = path.read_text(encoding="utf-8")
    result = ksc.run(ridge_ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_a_forced_coin_decides_the_scenario(ridge_ir):
    """The forced results are what the scenarios hang on: the other face fails."""
    path = HERE / "ridge-scenarios" / "initiative-tie-coin.toml"
    text = path.read_text(encoding="utf-8").replace('coins = ["tails"]', 'coins = ["heads"]')
    result = ksc.run(ridge_ir, tomllib.loads(text), text, str(path))
    assert not result.ok and "coin" in result.failures[0]


def test_scenario_names_of_dice_figures_and_faces_are_checked(ridge):
    spec = {"scenario": {"name": "x", "box": "ridge"},
            "setup": {"players": 2, "rolls": [7], "dice": {"boots.t1": [3], "d6.t3": [1]},
                      "figures": {"climber-p9": "summit", "climber-p1": "sumit"}, "lead": "t5"}}
    _game, problems = ksc.build(ridge, spec)
    said = {p.path: (p.message, p.hint) for p in problems}
    assert said[("setup", "rolls", 0)][0] == "7 is no face of any die of the game"
    assert said[("setup", "dice", "boots.t1")] == ("no die 'boots' in the game", "did you mean 'boost'?")
    assert said[("setup", "dice", "d6.t3")][0] == "'d6.t3' names no player or Team: write d6.p1"
    assert said[("setup", "figures", "climber-p9")][0] == "no figure 'climber-p9'"
    assert said[("setup", "figures", "climber-p1")] == ("no space 'sumit'", "did you mean 'summit'?")
    assert said[("setup", "lead")][0] == "no player or Team 't5'"


def _rounds(log):
    rounds = []
    for e in log:
        if e["event"] == "round-start":
            rounds.append([])
        elif rounds:
            rounds[-1].append(e)
    return rounds


def test_random_games_keep_the_invariants(ridge):
    reasons = set()
    for seed in range(60):
        players = 2 + seed % 3
        game = KernelGame(ridge, KernelConfig(players=players, seed=seed))
        _play(game, seed)
        state = game.state
        assert game.over
        result = state.result
        reasons.add(result["reason"])
        if result["reason"] == "won":  # a whole Team wins
            assert result["winners"] in [sorted(m) for m in state.teams.values()]
        assert set(state.teams["t1"]) | set(state.teams["t2"]) == set(state.players)
        assert all(f["space"] in ridge.spaces for f in state.figures.values())
        assert all(d["value"] in ridge.dice[d["type"]] for d in state.dice.values())
        rounds = _rounds(state.log)
        for n, events in enumerate(rounds, 1):
            assert events[0]["event"] == "roll"  # the `round` slot rolls first
            lead = next((e for e in events if e["event"] == "lead"), None)
            if lead is None or not any(e["event"] == "turn-start" for e in events):  # the game ended in the
                # `round` slot (round 13), its leader named or not
                assert n == len(rounds) == 13 and events[-1]["event"] == "game-over"
                continue
            rolled = {}
            for e in events:
                if e["event"] == "roll" and e.get("die") == "d6" and e is not lead:
                    rolled[e["owner"]] = e["values"]
                if e["event"] == "lead":
                    break
            lows = {t: min(v) for t, v in rolled.items()}
            leaders = [t for t, v in lows.items() if v == min(lows.values())]
            assert lead["lead"] in leaders  # the lowest die leads (a coin among the tied)
            assert (len(leaders) > 1) == any(e["event"] == "coin" for e in events[:events.index(lead)])
            turns = [e["player"] for e in events if e["event"] == "turn-start"]
            assert turns and state.team_of(turns[0]) == lead["lead"]
            teams = [state.team_of(p) for p in turns]
            assert all(a != b for a, b in zip(teams, teams[1:]))  # Teams alternate
            placed = {}
            for e in events:
                if e["event"] == "place-die" and e["on"] in ridge.spaces:
                    placed[e["on"]] = placed.get(e["on"], 0) + 1
            assert all(k <= ridge.spaces[s]["slots"] for s, k in placed.items())
            if any(e["event"] == "round-end" for e in events):  # what was placed is free again
                assert any(e["event"] == "dice-freed" for e in events) == \
                    any(e["event"] == "place-die" for e in events)
    assert "won" in reasons


def test_a_clone_plays_on_to_the_same_game(ridge):
    game = KernelGame(ridge, KernelConfig(players=4, seed=8))
    game.start()
    rnd = random.Random(2)
    for _ in range(12):
        game.act(rnd.choice(game.decision.actions))
    twin = game.clone()
    assert twin.state == game.state and twin.state is not game.state
    _play(game, 5)
    _play(twin, 5)
    assert twin.state == game.state and twin.history == game.history


def test_a_replay_of_the_log_is_the_same_game(ridge, tmp_path):
    game = KernelGame(ridge, KernelConfig(players=3, seed=4))
    _play(game, 4)
    write_log(game, tmp_path / "ridge.jsonl")
    report = replay(lambda box: ridge, tmp_path / "ridge.jsonl")
    assert report.ok, report.message


def test_an_illegal_action_is_said_in_the_game_s_verbs(ridge):
    from mayhem.runtime.decisions import IllegalAction
    game = KernelGame(ridge, KernelConfig(players=2, seed=0))
    game.force([5, 6, 2, 6], [])
    game.start()  # t2 leads with its 2; its one legal climb is taken; p1 chooses
    with pytest.raises(IllegalAction) as err:
        game.act("climb 5 ledge-2")
    assert str(err.value) == ("'climb 5 ledge-2' is not a legal action now (did you mean 'climb 5 ledge-1' or "
                              "'climb 6 ledge-1'?); legal: climb 5 ledge-1, climb 6 ledge-1")


def test_a_round_s_dice_go_back_at_its_end(ridge, tmp_path):
    """A copy of Ridge whose `round { }` rolls without removing the last round's dice first
    plays the same games as Ridge: at a round's end the dice of the Teams' pools go back (the
    placed ones freed, then all out of the pools), so each round's pools hold what it rolled."""
    source = (HERE / "ridge" / "ridge.mh").read_text(encoding="utf-8")
    copy = source.replace("      remove-dice(dice-of(t))\n", "")
    assert copy.count("roll(d6, 2, of: t)") == 2 and "remove-dice" not in copy
    (tmp_path / "mayhem.toml").write_text((HERE / "ridge" / "mayhem.toml").read_text(encoding="utf-8"))
    (tmp_path / "ridge.mh").write_text(copy, encoding="utf-8")
    result = driver.compile_paths([tmp_path])
    assert not [d for d in result.diagnostics.items if d.severity == "error"]
    rolled_again = load_game_rules(result.ir, "ridge")
    for seed in range(3):
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        game, again = KernelGame(ridge, config), KernelGame(rolled_again, config)
        _play(game, seed)
        _play(again, seed)
        assert again.state.log == game.state.log and again.history == game.history
        assert again.state.round > 2
    state = again.state  # after the last game's play: no die of a past round is left in a pool
    rolls = [e for e in state.log if e["event"] == "roll" and "owner" in e]
    last = [i for i, e in enumerate(state.log) if e["event"] == "round-start"][-1]
    this_round = {d for e in state.log[last:] if e["event"] == "roll" and "owner" in e for d in e["dice"]}
    assert rolls and set(state.dice) <= this_round
