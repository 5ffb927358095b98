"""The Mayhem engine removed (December 4, 2026): the public API's `Game` is the rules kernel's, and
each way of asking for the engine (`runtime="engine"`, MAYHEM_RUNTIME=engine, the CLI's old
`--runtime`, `scripts/test.sh --runtime`, a log the engine wrote) is a clear error that names
revision 29f6a0ed, the last with the engine, never a traceback."""
from __future__ import annotations

import json
from pathlib import Path
import random
import subprocess

import pytest

from cli_helpers import invoke

REPO = Path(__file__).resolve().parent.parent
REVISION = "29f6a0ed"


def test_the_public_game_is_the_kernels(rules):
    from mayhem.runtime import Game, GameConfig
    from mayhem.runtime.config import GameConfig as config_class
    from mayhem.runtime.kernel.structure import KernelGame
    game = Game(rules, GameConfig("teen-titans-go", seed=3))
    decision = game.start()
    assert GameConfig is config_class
    assert game.runtime == "kernel" and isinstance(game.kernel, KernelGame)
    assert not hasattr(game, "engine")
    assert (decision.player, decision.kind) == ("p1", "colour")
    assert game.header()["runtime"] == "kernel"


def test_a_box_that_names_a_game_is_still_a_clear_error(rules):
    from mayhem.runtime import Game, GameConfig
    with pytest.raises(ValueError, match="names a game of the rules kernel: play it with"):
        Game(rules, GameConfig("marvel-mayhem"))


@pytest.mark.parametrize("call", ["game", "simulate", "scenario"])
def test_runtime_engine_names_the_revision_that_had_it(rules, ir, call):
    from mayhem.runtime import Game, GameConfig, run_scenario, simulate
    from mayhem.runtime.switch import RuntimeSettingError
    calls = {"game": lambda: Game(rules, GameConfig("teen-titans-go"), runtime="engine"),
             "simulate": lambda: simulate(ir, "teen-titans-go", 1, ["random"], runtime="engine"),
             "scenario": lambda: run_scenario(rules, REPO / "tests/scenarios/core/win-five-vp.toml",
                                              runtime="engine")}
    with pytest.raises(RuntimeSettingError) as caught:
        calls[call]()
    assert "the Mayhem engine was removed" in str(caught.value) and REVISION in str(caught.value)


def test_the_setting_is_kernel_and_nothing_else(monkeypatch):
    from mayhem.runtime.switch import RuntimeSettingError, runtime_setting
    monkeypatch.delenv("MAYHEM_RUNTIME", raising=False)
    assert runtime_setting() == "kernel" and runtime_setting("kernel") == "kernel"
    monkeypatch.setenv("MAYHEM_RUNTIME", "kernel")
    assert runtime_setting() == "kernel"
    with pytest.raises(RuntimeSettingError, match=r"no runtime 'kernl' \(did you mean 'kernel'\?\)"):
        runtime_setting("kernl")
    monkeypatch.setenv("MAYHEM_RUNTIME", "engine")
    with pytest.raises(RuntimeSettingError, match=f"MAYHEM_RUNTIME: 'engine': the Mayhem engine was removed.*{REVISION}"):
        runtime_setting()


@pytest.mark.parametrize("command", [["simulate", "--box", "teen-titans-go", "--games", "1"],
                                     ["scenario", "run", "tests/scenarios/core/win-five-vp.toml"]])
def test_the_cli_refuses_mayhem_runtime_engine_with_a_hint(monkeypatch, command):
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("MAYHEM_RUNTIME", "engine")
    result = invoke(*command)
    assert result.exit_code == 2
    assert "the Mayhem engine was removed" in result.output and REVISION in result.output
    assert "Traceback" not in result.output


def test_the_runtime_option_is_gone(monkeypatch):
    monkeypatch.chdir(REPO)
    result = invoke("simulate", "--box", "teen-titans-go", "--games", "1", "--runtime", "kernel")
    assert result.exit_code == 2 and "No such option '--runtime'" in result.output


def test_test_sh_refuses_runtime_before_installing_anything():
    done = subprocess.run(["bash", str(REPO / "scripts" / "test.sh"), "--runtime", "engine"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "the Mayhem engine was removed" in done.stderr and REVISION in done.stderr


@pytest.fixture(scope="module")
def logs(rules, tmp_path_factory):
    """A short game's log as the kernel writes it, and the same log as the engine wrote it (its
    header without `runtime: kernel`)."""
    from mayhem.runtime import Game, GameConfig
    folder = tmp_path_factory.mktemp("logs")
    game = Game(rules, GameConfig("looney-tunes", seed=5, max_rounds=1))
    pick = random.Random(5)
    game.play_out(lambda decision: pick.choice(decision.actions))
    kernel = folder / "kernel.jsonl"
    game.write_log(kernel)
    lines = kernel.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["header"]["runtime"]
    engine = folder / "engine.jsonl"
    engine.write_text("\n".join([json.dumps(header, sort_keys=True), *lines[1:]]) + "\n", encoding="utf-8")
    return kernel, engine


def test_a_kernel_log_replays(rules, logs):
    from mayhem.runtime import replay
    report = replay(rules, logs[0])
    assert report.ok and report.decisions > 0, report.message


def test_an_engine_log_is_a_log_error_at_line_1(rules, logs):
    from mayhem.runtime import LogError, replay
    with pytest.raises(LogError) as caught:
        replay(rules, logs[1])
    message = str(caught.value)
    assert message.startswith(f"{logs[1]}:1:1: this log was written by the Mayhem engine, which was removed")
    assert f"hint: replay it with the toolchain at revision {REVISION}" in message


def test_mayhem_replay_of_an_engine_log_says_so_without_a_traceback(monkeypatch, logs):
    monkeypatch.chdir(REPO)
    result = invoke("replay", logs[1])
    assert result.exit_code == 1
    assert f"error: {logs[1]}:1:1: this log was written by the Mayhem engine, which was removed" in result.output
    assert REVISION in result.output and "Traceback" not in result.output


def test_a_box_the_kernel_cannot_play_is_an_error_not_a_traceback(tmp_path):
    """`mayhem init`'s box has one character, too few for the draft of the shared rules: the
    engine's removal left the kernel's KernelError to say so (once a traceback of simulate)."""
    made = invoke("init", tmp_path / "mine")
    assert made.exit_code == 0, made.output
    result = invoke("simulate", "--box", "mine", "--games", "1", "--bots", "random", "--content", tmp_path / "mine")
    assert result.exit_code == 1
    assert "error: the rules kernel cannot play box 'mine': figure 'character'" in result.output
