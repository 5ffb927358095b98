"""bench/parity.py, the before/after harness of the kernel migration: its comparison says
PASS for the same games and DIFFERENT for a planted difference, and it plays the working
tree against itself end to end."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path
import random
import sys

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_parity", ROOT / "bench" / "parity.py")
parity = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = parity  # dataclasses look their module up
_spec.loader.exec_module(parity)
GameRecord = parity.GameRecord


def _games(n: int, rng: random.Random, *, max_rounds_share=0.4, extra_rounds=0, white_share=0.5,
           tag="") -> list:
    out = []
    for seed in range(n):
        capped = rng.random() < max_rounds_share
        rounds = 41 if capped else min(40, rng.randint(15, 38) + extra_rounds)
        winners = "none" if capped else ("white" if rng.random() < white_share else "black")
        decisions = rounds * 18 + rng.randint(-40, 40)
        out.append(GameRecord(seed, winners, "max-rounds" if capped else "vp", rounds, decisions,
                              digest=f"{tag}{seed}-{rounds}-{winners}-{decisions}"))
    return out


def test_the_same_games_on_both_sides_pass_with_every_log_identical():
    games = _games(300, random.Random(1))
    cmp = parity.compare(games, list(games))
    assert cmp.identical == 300 and cmp.first_different is None
    assert [t.p for t in cmp.tests] == [1.0, 1.0, 1.0, 1.0]
    assert cmp.verdict == "PASS (every log identical)"


def test_two_samples_of_one_distribution_pass_though_no_log_is_the_same():
    before = _games(2000, random.Random(2))
    after = _games(2000, random.Random(3), tag="x")
    cmp = parity.compare(before, after)
    assert cmp.identical == 0 and cmp.first_different == 0
    assert not cmp.different, [(t.name, t.p) for t in cmp.tests]
    assert cmp.verdict == "PASS"


def test_a_planted_change_of_end_reasons_is_different():
    before = _games(2000, random.Random(2))
    after = _games(2000, random.Random(3), max_rounds_share=0.5)  # 10 points more games hit the cap
    cmp = parity.compare(before, after)
    names = [t.name for t in cmp.different]
    assert "end reasons" in names and "winners" in names
    assert cmp.verdict.startswith("DIFFERENT (") and "end reasons p=" in cmp.verdict


def test_a_planted_change_of_game_length_alone_is_different():
    before = _games(2000, random.Random(2))
    after = _games(2000, random.Random(3), extra_rounds=5)  # same endings and winners, longer games
    cmp = parity.compare(before, after)
    assert {t.name for t in cmp.different} == {"rounds", "decisions"}


def test_a_planted_change_of_winners_alone_is_different():
    before = _games(2000, random.Random(2))
    after = _games(2000, random.Random(3), white_share=0.6)
    cmp = parity.compare(before, after)
    assert [t.name for t in cmp.different] == ["winners"]


def test_one_changed_log_among_the_same_games_is_named():
    before = _games(50, random.Random(4))
    after = list(before)
    after[17] = GameRecord(**{**after[17].__dict__, "digest": "changed"})
    cmp = parity.compare(before, after)
    assert (cmp.identical, cmp.first_different) == (49, 17)
    assert cmp.verdict == "PASS"  # the distributions cannot tell one game apart; the count of logs does


def test_a_log_cut_short_is_an_error_not_a_game(tmp_path):
    log = tmp_path / "seed-0.jsonl"
    log.write_text('{"header": {"seed": 0, "ir_digest": "abc"}}\n{"event": "decision", "seq": 0}\n',
                   encoding="utf-8")
    with pytest.raises(ValueError, match="no result line"):
        parity.read_log(log, 0)


def test_the_log_digest_ignores_only_the_ir_digest(tmp_path):
    def record(header: str, last: str):
        log = tmp_path / "seed-0.jsonl"
        log.write_text(header + '\n{"event": "decision", "seq": 0}\n' + last + "\n", encoding="utf-8")
        return parity.read_log(log, 0)

    result = '{"result": {"reason": "vp", "rounds": 9, "winners": ["white"]}}'
    a = record('{"header": {"seed": 0, "ir_digest": "aaa"}}', result)
    b = record('{"header": {"ir_digest": "bbb", "seed": 0}}', result)
    c = record('{"header": {"seed": 0, "ir_digest": "aaa"}}', result.replace('"rounds": 9', '"rounds": 10'))
    assert (a.winners, a.reason, a.rounds, a.decisions) == ("white", "vp", 9, 1)
    assert a.digest == b.digest != c.digest


def test_the_working_tree_against_itself_plays_identical_games(tmp_path, capsys):
    out = tmp_path / "parity.json"
    code = parity.main(["--before", ".", "--after", ".", "--games", "3", "--box", "looney-tunes",
                        "--mode", "standard", "--chunk", "2", "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "looney-tunes / standard: PASS (every log identical)" in printed
    row = json.loads(out.read_text(encoding="utf-8"))["rows"][0]
    assert row["identical"] == 3 and [g["seed"] for g in row["before"]] == [0, 1, 2]
    assert all(g["decisions"] > 0 and g["rounds"] > 0 for g in row["before"])


def test_a_revision_that_is_not_one_stops_with_a_clear_message():
    with pytest.raises(SystemExit, match="'no-such-rev' is no revision"):
        parity.main(["--before", "no-such-rev", "--games", "1"])


def test_a_plain_run_covers_every_mode_competitive_mode_with_the_example_team_lists(tmp_path, capsys):
    """The default rows are every mode of content/shared/modes.mh, Competitive Mode too: it
    plays the example team lists (examples/teams/), as bench/simulate.py's Competitive row."""
    modes = (ROOT / "content" / "shared" / "modes.mh").read_text(encoding="utf-8")
    import re
    assert set(parity.DEFAULT_MODES) == set(re.findall(r"^mode ([\w-]+) ", modes, re.M))
    out = tmp_path / "parity.json"
    code = parity.main(["--before", ".", "--after", ".", "--games", "2", "--box", "looney-tunes",
                        "--mode", "competitive", "--json", str(out)])
    assert code == 0, capsys.readouterr()
    assert "looney-tunes / competitive: PASS (every log identical)" in capsys.readouterr().out
    assert json.loads(out.read_text(encoding="utf-8"))["rows"][0]["identical"] == 2


def test_team_lists_that_are_not_there_stop_with_a_clear_message(capsys):
    with pytest.raises(SystemExit):
        parity.main(["--before", ".", "--games", "1", "--teams", "no-such.mh,other.mh"])
    assert "--teams: no team-list file" in capsys.readouterr().err


# ---- --kernel: the engine against the rules kernel (bench/parity_kernel.py) ---------------------

sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402


@pytest.fixture(scope="module")
def ridge_rules():
    from mayhem.compiler import driver
    from mayhem.runtime.kernel.rules import load_game_rules
    return load_game_rules(driver.compile_paths([ROOT / "tests/fixtures/kernel/ridge"]).ir, "ridge")


def test_a_kernel_game_is_read_into_the_engines_fields(ridge_rules):
    """A kernel game that ends (Ridge): its winning players read as their Team, its reason as
    given, its round counter, the questions answered; the capped draws are play_game's, so the
    game is play_game's game."""
    from mayhem.runtime.kernel.play import play_game
    from mayhem.runtime.kernel.structure import KernelConfig
    game, result = parity_kernel.play_capped(ridge_rules, KernelConfig(players=2, seed=1))
    record = parity_kernel.record_of(game, result, 1)
    assert result["winners"] == ["p2"] and game.state.teams["t2"] == ["p2"]
    # Ridge's Teams are the kernel's t1, t2 of one player each: named after the player, as the
    # engine names Teams past its `team-names` (the Mayhem boxes' are black and white)
    assert (record.seed, record.winners, record.reason) == (1, "p2", "won")
    assert record.rounds == game.state.round > 1 and record.decisions == len(game.history) > 0
    assert record.digest == ""  # no log to compare: the kernel's games are read by distribution only
    same = play_game(ridge_rules, KernelConfig(players=2, seed=1), ["random"])
    assert same.history == game.history and same.state.result == game.state.result


def test_a_kernel_game_past_the_engines_round_cap_is_max_rounds(ridge_rules):
    """Stopped at its first question after round `max_rounds`, as the engine stops at its
    `max_rounds`: no winner, 'max-rounds', the round counter one past the cap."""
    from mayhem.runtime.kernel.structure import KernelConfig
    game, result = parity_kernel.play_capped(ridge_rules, KernelConfig(players=2, seed=1), max_rounds=2)
    record = parity_kernel.record_of(game, result, 1)
    assert (record.winners, record.reason, record.rounds) == ("none", "max-rounds", 3)
    assert game.state.result is None  # the kernel's game did not end: the script stopped it


def test_several_winning_players_of_one_team_are_that_team():
    from types import SimpleNamespace
    teams = {"black": ["p1", "p3"], "white": ["p2", "p4"]}
    state = SimpleNamespace(round=7, teams=teams, team_of={"p1": "black", "p3": "black", "p2": "white"}.get)
    game = SimpleNamespace(state=state, history=[{}] * 5)
    record = parity_kernel.record_of(game, {"winners": ["p3", "p1"], "reason": "vp"}, 9)
    assert (record.winners, record.reason, record.rounds, record.decisions) == ("black", "vp", 7, 5)
    assert parity_kernel.record_of(game, {"winners": [], "reason": "draw"}, 9).winners == "none"


def test_a_team_the_game_does_not_name_is_named_after_its_player_as_the_engine_does():
    """Free-For-All: the kernel's Teams t1, t2, t3 (more than `team-names`), the engine's p1, p2,
    p3 (runtime/modes.py `Mode.team_ids`); a Team of the kernel's own name is read as its player."""
    from types import SimpleNamespace
    teams = {"t1": ["p1"], "t2": ["p2"], "t3": ["p3"]}
    state = SimpleNamespace(round=9, teams=teams, team_of=lambda p: next(t for t, ps in teams.items() if p in ps))
    game = SimpleNamespace(state=state, history=[])
    record = parity_kernel.record_of(game, {"winners": ["p2"], "reason": "last-standing"}, 0)
    assert (record.winners, record.reason) == ("p2", "last-standing")


@pytest.fixture(scope="module")
def named_ir() -> dict:
    return parity_kernel.compile_named(ROOT / "content", parity.DEFAULT_BOXES)


def test_the_kernel_side_in_workers_plays_the_same_games(named_ir):
    one = parity_kernel.play_kernel_side(named_ir, "looney-tunes", "standard", range(2), max_rounds=3)
    two = parity_kernel.play_kernel_side(named_ir, "looney-tunes", "standard", range(2), jobs=2, max_rounds=3)
    assert one == two and one[1] == [] and [r.seed for r in one[0]] == [0, 1]
    assert all(r.reason == "max-rounds" and r.rounds == 4 and r.decisions > 0 for r in one[0])


def test_kernel_games_that_raise_are_an_error_row_naming_the_first(named_ir):
    """Every game raising (a mode the box's game has not): no crash, an ERROR verdict with the
    count and the first error, no test run; errors beside games that ended keep the tests."""
    before = _games(3, random.Random(1))
    after, cmp = parity_kernel.kernel_row(named_ir, "teen-titans-go", "no-such-mode", range(3), before)
    assert after == [] and cmp.tests == [] and [e.seed for e in cmp.errors] == [0, 1, 2]
    assert cmp.verdict.startswith("ERROR (3 of 3 games raised; first, seed 0: KernelError: ")
    assert "has no mode 'no-such-mode'" in cmp.verdict
    text = parity.describe("teen-titans-go", "no-such-mode", before, after, cmp, ("engine", "kernel"))
    assert "0 kernel (3 raised)" in text and "  kernel no game ended" in text and "engine winners:" in text
    mixed = parity.compare(before, before)
    mixed.errors = [parity_kernel.KernelGameError(2, "KeyError: 'x'")]
    assert len(mixed.tests) == 4 and mixed.verdict.startswith("ERROR (1 of 3 games raised; first, seed 2: KeyError")


def test_kernel_against_the_engine_end_to_end(tmp_path, capsys):
    """--kernel's before side is, by default, the engine of the last revision that had it
    (29f6a0ed, a worktree played with MAYHEM_RUNTIME=engine: its logs say no runtime)."""
    out = tmp_path / "parity.json"
    code = parity.main(["--kernel", "--games", "2", "--box", "looney-tunes", "--mode", "standard",
                        "--json", str(out)])
    printed = capsys.readouterr().out
    assert code in (0, 1), printed
    assert parity.ENGINE_REVISION == "29f6a0ed" and f"engine (before): {parity.ENGINE_REVISION} (" in printed
    assert "a kernel game read as the engine's fields:" in printed and "  kernel winners:" in printed
    assert "looney-tunes / standard: " in printed and "ERROR" not in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    row = data["rows"][0]
    assert data["before"] == "29f6a0ed" and data["after"] == "kernel"
    assert row["identical"] is None and row["errors"] == []
    assert [g["seed"] for g in row["after"]] == [0, 1] and all(g["rounds"] > 0 for g in row["after"])
    assert [g["seed"] for g in row["before"]] == [0, 1] and all(g["decisions"] > 0 for g in row["before"])


def test_kernel_before_a_side_without_the_engine_stops_with_a_clear_message(capsys):
    """The working tree (once the engine is gone) or a revision before the engine: no engine to
    play, said before any worktree is made, naming the revision to use."""
    import subprocess
    first = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=ROOT, text=True,
                           capture_output=True, check=True).stdout.split()[0]
    for rev, where in ((".", "the working tree"), (first, f"revision '{first}'")):
        with pytest.raises(SystemExit, match=f"{where} has no Mayhem engine .*removed after revision 29f6a0ed"):
            parity.main(["--kernel", "--before", rev, "--games", "1"])


def test_kernel_takes_no_after_revision(capsys):
    with pytest.raises(SystemExit):
        parity.main(["--kernel", "--after", "main", "--games", "1"])
    assert "--kernel: the after side is the kernel" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parity.main(["--games", "1"])
    assert "required: --before" in capsys.readouterr().err


@pytest.mark.parametrize("runtime", ["engine", None])
def test_a_side_plays_under_the_runtime_it_is_given(monkeypatch, tmp_path, runtime):
    """--kernel's before side is the engine whatever the setting (play_side(runtime="engine"),
    of a revision that had it); a side given no runtime is the kernel's, whatever this
    process's setting says (here the engine's)."""
    seen = []

    def run(cmd, **kwargs):
        seen.append(kwargs.get("env"))
        raise SystemExit("stop")  # the command is not run: only its environment is read

    monkeypatch.setenv("MAYHEM_RUNTIME", "kernel" if runtime else "engine")
    monkeypatch.setattr(parity.subprocess, "run", run)
    with pytest.raises(SystemExit):
        if runtime is None:
            parity.play_side(tmp_path, "teen-titans-go", "standard", range(1))
        else:
            parity.play_side(tmp_path, "teen-titans-go", "standard", range(1), runtime=runtime)
    assert seen[0]["MAYHEM_RUNTIME"] == (runtime or "kernel")


def _simulate_writing(header: dict):
    """A stand-in for a side's `mayhem simulate`: writes each seed's log with `header` and a result."""
    import subprocess

    def run(cmd, **kwargs):
        logs, seed, games = (Path(cmd[cmd.index(flag) + 1]) if flag == "--log-dir" else int(cmd[cmd.index(flag) + 1])
                             for flag in ("--log-dir", "--seed", "--games"))
        for s in range(seed, seed + games):
            lines = [{"header": {"seed": s, **header}}, {"event": "decision"},
                     {"result": {"winners": ["white"], "reason": "vp", "rounds": 9}}]
            (logs / f"seed-{s}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
        return subprocess.CompletedProcess(cmd, 0, "", "")
    return run


def test_a_side_that_played_another_runtime_is_an_error_naming_it(monkeypatch, tmp_path):
    """A revision older than the runtime setting plays the engine whatever MAYHEM_RUNTIME says:
    its logs' header has no `runtime`. Without --kernel both sides must be the kernel's."""
    monkeypatch.setattr(parity.subprocess, "run", _simulate_writing({"runtime": "kernel"}))
    records = parity.play_side(tmp_path, "looney-tunes", "standard", range(3))
    assert [(r.seed, r.winners, r.rounds, r.decisions) for r in records] == [(s, "white", 9, 1) for s in range(3)]
    monkeypatch.setattr(parity.subprocess, "run", _simulate_writing({}))
    with pytest.raises(RuntimeError, match=f"the checkout {tmp_path}, looney-tunes / standard: seed-0.jsonl was "
                                           "played on the engine .*not the kernel.*--kernel --before REV"):
        parity.play_side(tmp_path, "looney-tunes", "standard", range(3))
    assert len(parity.play_side(tmp_path, "looney-tunes", "standard", range(2), runtime="engine")) == 2


def test_trial_compare_plays_the_engine_of_a_revision_that_has_it_or_says_why_not():
    """bench/trial_compare.py's engine side runs in an export of --engine (default 29f6a0ed, the
    parity's ENGINE_REVISION); a revision without runtime/engine.py is a clear SystemExit."""
    import subprocess
    import trial_compare
    assert trial_compare.ENGINE_REVISION == parity.ENGINE_REVISION == "29f6a0ed"
    first = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=ROOT, text=True,
                           capture_output=True, check=True).stdout.split()[0]
    with pytest.raises(SystemExit, match=f"revision '{first}' has no Mayhem engine .*--engine 29f6a0ed"):
        trial_compare.engine_games("looney-tunes", 1, 0, rev=first)
