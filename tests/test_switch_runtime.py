"""The runtime setting (runtime/switch.py): the rules kernel plays a Mayhem box through every
entry point (Game, simulate, replay, run_scenario, `mayhem play / simulate / replay / scenario
run`), by default and under `runtime="kernel"` or MAYHEM_RUNTIME=kernel; a value that names no
runtime is an error with a hint. Short games only (a round cap, a few seeds). (The engine was
deleted after revision 29f6a0ed: what the setting says of `engine` is the product's part.)"""
from __future__ import annotations

import json

import pytest

from conftest import CONTENT, REPO
from cli_helpers import invoke

from mayhem.runtime import Game, GameConfig, make_bot, replay, run_scenario, simulate
from mayhem.runtime.switch import ENV, RuntimeSettingError, kernel_ir, runtime_setting, switched

SCENARIO = REPO / "tests" / "scenarios" / "teen-titans-go" / "bring-the-pizza.toml"


def test_the_setting_reads_the_argument_then_the_environment_and_defaults_to_the_kernel(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert runtime_setting() == "kernel"  # the default since the flip (December 4, 2026)
    monkeypatch.setenv(ENV, "kernel")
    assert runtime_setting() == runtime_setting("kernel") == "kernel"
    monkeypatch.setenv(ENV, "kernal")
    assert runtime_setting("kernel") == "kernel"  # the argument first
    with pytest.raises(RuntimeSettingError, match=r"MAYHEM_RUNTIME: no runtime 'kernal' \(did you mean 'kernel'\?\)"):
        runtime_setting()


def test_kernel_ir_names_the_shared_game_in_every_box_without_touching_the_ir(ir):
    named = kernel_ir(ir)
    assert kernel_ir(ir) is named  # once per IR: the kernel's loads are cached by its id
    boxes = {c["id"]: c for c in named["components"] if c["kind"] == "box"}
    assert boxes["teen-titans-go"]["props"]["game"]["value"] == "mayhem"
    assert all("game" not in c["props"] for c in ir["components"] if c["kind"] == "box"
               if c["id"] in ("teen-titans-go", "looney-tunes"))
    assert switched(ir, "looney-tunes", "kernel") and switched(ir, "teen-titans-go")


def test_game_under_the_switch_is_the_kernel_s(rules, monkeypatch):
    monkeypatch.setenv(ENV, "kernel")
    game = Game(rules, GameConfig("teen-titans-go", seed=7, max_rounds=3))
    assert game.runtime == "kernel" and Game(rules, GameConfig("teen-titans-go"), runtime="kernel").runtime == "kernel"
    decision = game.start()
    assert (decision.player, decision.kind, decision.actions) == ("p1", "colour", ["colour black", "colour white"])
    bots = {p: make_bot("random", i) for i, p in enumerate(("p1", "p2"))}
    kinds, twin = set(), None
    while decision is not None:
        kinds.add(decision.kind)
        if len(game.history) == 30:
            twin = game.clone()
        decision = game.act(bots[decision.player].choose(decision, game))
    assert game.over and {"colour", "draft", "die", "turn"} <= kinds
    assert any(a["action"].startswith("move ") and a["action"].split()[-1].startswith("L") for a in game.history)
    result = game.result()
    assert result["reason"] == "max-rounds" and result["rounds"] == 4 and set(result["teams"]) == {"black", "white"}
    assert len(twin.history) == 30 and twin.decision is not None  # the clone stayed where it was


def test_play_out_under_the_switch_is_the_game_act_by_act_gives(rules):
    games = []
    for in_place in (False, True):
        game = Game(rules, GameConfig("looney-tunes", seed=4, max_rounds=2), runtime="kernel")
        bots = {p: make_bot("random", i) for i, p in enumerate(("p1", "p2"))}
        if in_place:
            game.play_out(lambda d: bots[d.player].choose(d, game))
        else:
            decision = game.start()
            while decision is not None:
                decision = game.act(bots[decision.player].choose(decision, game))
        games.append(game)
    a, b = games
    assert len(a.history) > 20 and a.history == b.history and a.result() == b.result()
    assert a.events == b.events  # the decisions where they were asked, too
    assert [e["action"] for e in a.events if e["event"] == "decision"] == [h["action"] for h in a.history]


def test_game_under_the_switch_plays_out_to_a_winner(rules):
    game = Game(rules, GameConfig("looney-tunes", seed=3), runtime="kernel")
    game.play_out(None, pick=True)
    result = game.result()
    assert game.over and result["reason"] in ("vp", "double-ko", "max-rounds")
    assert result["winners"] or result["reason"] == "max-rounds"
    assert set(result["vp"]) == {"black", "white"} and game.decisions == len(game.history) > 100


def test_simulate_and_its_logs_replay_on_the_kernel(ir, rules, tmp_path):
    summary = simulate(ir, "teen-titans-go", 1, ["random"], seed=1, log_dir=tmp_path, runtime="kernel")
    assert summary.runtime == "kernel" and summary.games == 1 and summary.as_dict()["runtime"] == "kernel"
    log = tmp_path / "seed-1.jsonl"
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["header"]["runtime"] == "kernel" and "result" in json.loads(lines[-1])
    report = replay(rules, log)
    assert report.ok and report.decisions == sum('"event": "decision"' in line for line in lines), report.message
    first = next(i for i, line in enumerate(lines) if '"event": "decision"' in line)
    lines[first] = lines[first].replace('"action": "', '"action": "x')  # a decision the game never offers
    log.write_text("\n".join(lines) + "\n")
    assert not replay(rules, log).ok


def test_run_scenario_under_the_switch_plays_it_on_the_kernel(rules):
    result = run_scenario(rules, SCENARIO, runtime="kernel")
    assert type(result).__name__ == "KernelScenarioResult" and result.ok, result.failures
    # no argument: the setting (MAYHEM_RUNTIME, else the default), the kernel
    plain = run_scenario(rules, SCENARIO)
    assert type(plain).__name__ == "KernelScenarioResult" and plain.ok and plain.steps == result.steps > 0


def test_the_cli_routes_simulate_scenario_and_play(tmp_path):
    out = invoke("simulate", "--box", "looney-tunes", "--games", "1", "--content", CONTENT)
    assert out.exit_code == 0 and out.stdout.splitlines()[0].endswith("runtime: the rules kernel"), out.output
    out = invoke("scenario", "run", SCENARIO, "--content", CONTENT, env={ENV: "kernel"})
    assert out.exit_code == 0 and "1 passed, 0 failed" in out.stdout, out.output
    out = invoke("play", "--box", "teen-titans-go", "--seed", "3", "--content", CONTENT, input="q\n",
                 env={ENV: "kernel"})
    assert out.exit_code == 0 and "1. colour black" in out.stdout and "you left the game unfinished" in out.stdout, out.output


def test_a_runtime_that_is_none_is_a_usage_error_with_a_hint():
    out = invoke("simulate", "--box", "looney-tunes", "--games", "1", "--content", CONTENT, env={ENV: "kernl"})
    assert out.exit_code == 2 and "MAYHEM_RUNTIME: no runtime 'kernl' (did you mean 'kernel'?)" in out.output
    assert "Traceback" not in out.output
    out = invoke("scenario", "run", SCENARIO, "--content", CONTENT, env={ENV: "both"})
    assert out.exit_code == 2 and "MAYHEM_RUNTIME: no runtime 'both'; the one runtime is kernel" in out.output
    assert "Traceback" not in out.output
