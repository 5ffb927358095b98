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
