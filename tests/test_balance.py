"""`mayhem balance`: the pairings read from the IR, seeds that depend on the game alone, the
same rows on a local Ray with 1 worker and with 2 (started here), on worker processes and in
this process, and the command: its tables, its files, its errors for bad input."""
from __future__ import annotations

from itertools import combinations

import pytest

from mayhem.balance.pairings import collection_characters, game_seed, pairings
from mayhem.balance.results import read
from mayhem.balance.run import batches, run

from cli_helpers import invoke

TTG = "teen-titans-go"


def test_pairings_from_the_ir(ir):
    standard = pairings(ir, TTG, "standard")
    assert [p.lineups for p in standard] == [(("cyborg", "raven"), ("robin", "starfire")),
                                             (("cyborg", "robin"), ("raven", "starfire")),
                                             (("cyborg", "starfire"), ("raven", "robin"))]
    # Competitive Mode: every team of two of the collection against every team it shares no
    # character with, on each Mayhem box's board
    chars = collection_characters(ir)
    teams = list(combinations(chars, 2))
    disjoint = [(a, b) for a, b in combinations(teams, 2) if not set(a) & set(b)]
    found = pairings(ir, None, "competitive")
    assert len(found) == 2 * len(disjoint) == 420
    assert {p.board for p in found} == {"looney-tunes", TTG}
    assert len(pairings(ir, "looney-tunes", "competitive")) == len(disjoint)
    assert [p.lineups for p in pairings(ir, "marvel-mayhem", "standard")][0] == (("black-panther",), ("captain-marvel",))
    assert len(pairings(ir, TTG, "free-for-all")) == 4  # three of the four characters, one each


def test_seeds_depend_on_the_game_alone(ir):
    found = pairings(ir, TTG, "standard")
    one = [s for b in batches(found, 7, 5, 1) for s in b.seeds]
    three = [s for b in batches(found, 7, 5, 3) for s in b.seeds]
    assert one == three and len(set(one)) == 21
    assert one[0] == game_seed(5, found[0].key, 0) and one[7] == game_seed(5, found[1].key, 0)
    assert [b.first for b in batches(found, 7, 5, 3)][:3] == [0, 3, 6]
    game = pairings(ir, TTG, "standard")[0]
    assert game.seated(0) == game.lineups and game.seated(1) == game.lineups[::-1]  # seats alternated


def test_the_same_rows_on_ray_with_one_and_two_workers_and_on_processes(ir):
    import ray
    found = pairings(ir, TTG, "standard")
    plain = run(ir, found, 2, "greedy", seed=3, jobs=2, backend="processes")
    assert len(plain) == 3 * 2 * 2 and {r["game"] for r in plain} == {0, 1}
    assert [r["seed"] for r in plain[::2]] == [game_seed(3, p.key, i) for p in found for i in range(2)]
    by_workers = {}
    for workers in (1, 2):
        ray.init(num_cpus=workers, include_dashboard=False, logging_level="error", log_to_driver=False)
        try:
            assert ray.cluster_resources()["CPU"] == workers
            by_workers[workers] = run(ir, found, 2, "greedy", seed=3, jobs=workers, size=1, backend="ray")
        finally:
            ray.shutdown()
    assert by_workers[1] == by_workers[2] == plain
    assert any(r["won"] for r in plain) and all(r["hand"] for r in plain)  # cards seen in hand at the turns


def test_a_batch_whose_worker_dies_is_retried_with_the_same_rows(ir, tmp_path, monkeypatch):
    """A Ray worker killed in the middle of a sweep (its process ends: run.CRASH_ONCE) loses no
    game: its batch is played again by another worker and the rows are those of a run with no
    death. Mutation: RETRIES = 0 fails it (ray raises WorkerCrashedError)."""
    import ray
    from mayhem.balance import run as balance_run
    found = pairings(ir, TTG, "standard")[:2]
    plain = run(ir, found, 2, "greedy", seed=4, jobs=1, backend="inline")
    marker = tmp_path / "died"
    monkeypatch.setenv(balance_run.CRASH_ONCE, str(marker))  # before ray.init: its workers inherit it
    ray.init(num_cpus=2, include_dashboard=False, logging_level="error", log_to_driver=False)
    try:
        rows = run(ir, found, 2, "greedy", seed=4, jobs=2, size=1, backend="ray")
    finally:
        ray.shutdown()
    assert marker.exists()  # a worker died
    assert rows == plain


def test_inline_rows_and_the_kernel_game(ir):
    found = pairings(ir, "marvel-mayhem", "standard")[:1]
    rows = run(ir, found, 2, "random", seed=1, jobs=1)
    assert [r["lineup"] for r in rows] == ["black-panther", "captain-marvel", "captain-marvel", "black-panther"]
    assert sum(r["first"] for r in rows) == 2 and sum(r["won"] for r in rows) == 2
    assert all(r["hand"].startswith("marvel-mayhem/") for r in rows)


def test_the_command_prints_and_writes(tmp_path):
    out = tmp_path / "sweep.csv"
    result = invoke("balance", "--box", TTG, "--games", "1", "--bot", "greedy", "--out", out)
    assert result.exit_code == 0, result.output
    assert "Win rate per character" in result.output and "first player: won" in result.output
    rows = read(out)
    assert len(rows) == 6 and set(rows["lineup"]) == {"cyborg+raven", "robin+starfire", "cyborg+robin",
                                                      "raven+starfire", "cyborg+starfire", "raven+robin"}
    chars = read_table(tmp_path / "sweep.characters.csv")
    assert sorted(chars["component"]) == ["cyborg", "raven", "robin", "starfire"]
    assert chars["games"].sum() == 12
    again = tmp_path / "sweep.parquet"
    assert invoke("balance", "--box", TTG, "--games", "1", "--out", again).exit_code == 0
    assert read(again).equals(rows)  # the same games, CSV or Parquet


def read_table(path):
    import pandas as pd
    return pd.read_csv(path)


@pytest.mark.parametrize("args, said", [
    (["--box", "nope", "--games", "2"], "no box 'nope'; boxes: dc-teen-titans-go, looney-tunes, marvel-mayhem, teen-titans-go"),
    (["--box", TTG, "--games", "2", "--bot", "nope"], "no bot 'nope'; --bot takes: greedy, "),
    (["--box", TTG, "--games", "2", "--mode", "nope"], "no mode 'nope'; modes: additional-weaknesses, advanced, competitive, four-players"),
    (["--games", "2"], "--box is needed in mode 'standard'"),
    (["--box", TTG, "--games", "0"], "--games, --jobs, --batch and --limit must be at least 1"),
    (["--box", TTG, "--games", "2", "--out", "x.txt"], "x.txt: a results file ends in .csv or .parquet"),
])
def test_bad_input_is_a_clear_error(args, said):
    result = invoke("balance", *args)
    assert result.exit_code == 2
    assert said in result.output and "Traceback" not in result.output
