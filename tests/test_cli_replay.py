"""`mayhem simulate --log-dir` and `mayhem replay` as a user runs them: every log replays, in
every mode; a cut or tampered log does not."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONTENT, REPO
from cli_helpers import invoke

TEAMS = ",".join(str(REPO / "examples" / "teams" / f) for f in ("titans-and-taz.mh", "toons-and-raven.mh"))
MODES = {
    "standard": ["--box", "teen-titans-go"],
    "three-players": ["--box", "looney-tunes", "--mode", "three-players"],
    "four-players": ["--box", "teen-titans-go", "--mode", "four-players"],
    "free-for-all": ["--box", "looney-tunes", "--mode", "free-for-all"],
    "competitive": ["--board", "looney-tunes", "--mode", "competitive", "--teams", TEAMS],
}


def simulated_logs(tmp_path: Path, mode: str, games: int = 2) -> list[Path]:
    logs = tmp_path / "logs"
    result = invoke("simulate", *MODES[mode], "--games", games, "--seed", 5, "--bots", "greedy",
                    "--log-dir", logs, "--content", CONTENT)
    assert result.exit_code == 0, result.output
    found = sorted(logs.iterdir())
    assert [p.name for p in found] == [f"seed-{5 + i}.jsonl" for i in range(games)]
    return found


@pytest.fixture(scope="module")
def standard_log(tmp_path_factory):
    return simulated_logs(tmp_path_factory.mktemp("standard"), "standard", games=1)[0]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_simulated_log_replays(tmp_path, mode):
    """Issue 10, item 9: a Competitive Mode log did not carry its team lists and never replayed."""
    for log in simulated_logs(tmp_path, mode):
        header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["header"]
        assert header["mode"] == mode
        lines = log.read_text(encoding="utf-8").splitlines()
        decisions = sum(1 for line in lines if json.loads(line).get("event") == "decision")
        result = invoke("replay", log, "--content", CONTENT)
        assert result.exit_code == 0, result.output
        assert result.output == (f"{log}: replay matches the log ({decisions} decisions, "
                                 f"{len(lines) - 2} events)\n")


def test_competitive_log_header_carries_the_team_lists(tmp_path):
    log = simulated_logs(tmp_path, "competitive", games=1)[0]
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["header"]
    assert header["team_lists"] == {
        "black": {"characters": ["teen-titans-go/robin", "looney-tunes/taz/b"],
                  "hand": ["teen-titans-go/pizza-time", "looney-tunes/flower-power", "teen-titans-go/magic-cloak"]},
        "white": {"characters": ["looney-tunes/bugs-bunny", "teen-titans-go/raven"],
                  "hand": ["looney-tunes/wrong-instructions", "looney-tunes/dice-guys", "teen-titans-go/heavy-load"]},
    }


def rewrite(src: Path, dst: Path, change) -> Path:
    lines = src.read_text(encoding="utf-8").splitlines()
    dst.write_text("\n".join(change(lines)) + "\n", encoding="utf-8")
    return dst


def test_a_log_without_its_result_line_does_not_replay(standard_log, tmp_path):
    """Cut just before the result: every event is there, but the log is not whole."""
    cut = rewrite(standard_log, tmp_path / "cut.jsonl", lambda lines: lines[:-1])
    result = invoke("replay", cut, "--content", CONTENT)
    assert result.exit_code == 1
    assert "the log has no result line: it was cut short" in result.output


@pytest.mark.parametrize("keep", [0.25, 0.5, 0.9])
def test_a_truncated_log_does_not_replay(standard_log, tmp_path, keep):
    def cut(lines):
        return lines[:int(len(lines) * keep)]
    log = rewrite(standard_log, tmp_path / "cut.jsonl", cut)
    result = invoke("replay", log, "--content", CONTENT)
    assert result.exit_code == 1, result.output
    assert "replay matches" not in result.output


def test_a_log_cut_mid_line_is_an_error_with_its_position(standard_log, tmp_path):
    text = standard_log.read_text(encoding="utf-8")
    lines = text.splitlines()
    log = tmp_path / "cut.jsonl"
    log.write_text("\n".join(lines[:10]) + "\n" + lines[10][:7], encoding="utf-8")
    result = invoke("replay", log, "--content", CONTENT)
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {log}:11:")
    assert "not JSON" in result.output
    assert "Traceback" not in result.output


def tamper_first(lines, event_kind, field, change):
    for i, line in enumerate(lines):
        item = json.loads(line)
        if item.get("event") == event_kind:
            item[field] = change(item[field])
            lines[i] = json.dumps(item, sort_keys=True)
            return lines
    raise AssertionError(f"no {event_kind} event in the log")


@pytest.mark.parametrize("what, change, message", [
    ("damage amount", lambda ls: tamper_first(ls, "damage", "amount", lambda a: a + 1), "differs"),
    ("a decision's action", lambda ls: tamper_first(ls, "decision", "action", lambda a: "end-turn"
                                                     if a != "end-turn" else "pass"), "decision"),
    ("the seed", lambda ls: [json.dumps({"header": {**json.loads(ls[0])["header"], "seed": 999}})] + ls[1:],
     "is not a legal action now"),
    ("the result", lambda ls: ls[:-1] + [json.dumps({"result": {**json.loads(ls[-1])["result"], "rounds": 99}})],
     "the result differs"),
    ("an event dropped", lambda ls: [line for line in ls if '"event": "damage"' not in line], "differs"),
])
def test_a_tampered_log_does_not_replay(standard_log, tmp_path, what, change, message):
    log = rewrite(standard_log, tmp_path / "tampered.jsonl", change)
    result = invoke("replay", log, "--content", CONTENT)
    assert result.exit_code == 1, (what, result.output)
    assert message in result.output, (what, result.output)


def test_a_log_of_other_content_is_refused(standard_log, tmp_path):
    def other(lines):
        header = json.loads(lines[0])["header"]
        return [json.dumps({"header": {**header, "ir_digest": "0" * 16}})] + lines[1:]
    log = rewrite(standard_log, tmp_path / "other.jsonl", other)
    result = invoke("replay", log, "--content", CONTENT)
    assert result.exit_code == 1
    assert "the log was made with other content" in result.output


def test_replay_in_a_real_process(standard_log):
    script = Path(sys.executable).with_name("mayhem")
    proc = subprocess.run([str(script), "replay", str(standard_log), "--content", str(CONTENT)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"{standard_log}: replay matches the log (")
