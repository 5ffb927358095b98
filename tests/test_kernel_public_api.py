"""The runtime's public API (mayhem.runtime) on a box that names a game of the rules kernel
(Marvel Mayhem): simulate() plays it on the kernel, replay() replays its logs, Game() says
where such a game is played, and a log that is not one gets a LogError with its place."""
import json
from pathlib import Path

import pytest

from cli_helpers import invoke
from mayhem.compiler.driver import compile_paths
from mayhem.runtime import Game, GameConfig, LogError, load_rules, replay, simulate

CONTENT = Path(__file__).resolve().parent.parent / "content"
BOX = "marvel-mayhem"


@pytest.fixture(scope="module")
def ir():
    return compile_paths([CONTENT]).ir


def test_simulate_plays_a_kernel_box(ir):
    summary = simulate(ir, BOX, 6, ["random", "random"], seed=3)
    assert summary.games == 6 and summary.decisions > 6 * 5
    assert sum(summary.wins.values()) + summary.reasons.get("tie", 0) == 6
    assert sum(summary.deck_games.values()) == 12  # two players a game, each with a deck
    again = simulate(ir, BOX, 6, ["random", "random"], seed=3)
    assert again.as_dict() == summary.as_dict()


def test_simulate_on_two_processes_plays_the_same_games(ir, tmp_path):
    """`jobs=2` splits the seeds among processes: the summary, the per-game progress and each
    game's log are those of one process (the games are their seeds')."""
    runs = {}
    for jobs in (1, 2):
        ticks = []
        summary = simulate(ir, BOX, 21, ["random"] * 3, seed=5, jobs=jobs,
                           log_dir=tmp_path / str(jobs), progress=lambda: ticks.append(1))
        logs = {p.name: p.read_text() for p in (tmp_path / str(jobs)).iterdir()}
        mixed = simulate(ir, BOX, 2, ["rollout", "random"], seed=9, jobs=jobs)  # a bot that explores clones
        runs[jobs] = (summary.as_dict(), len(ticks), logs, mixed.as_dict())
    assert runs[1][0]["games"] == 21 and runs[1][1] == 21 and len(runs[1][2]) == 21
    assert sorted(runs[1][2]) == sorted(f"seed-{s}.jsonl" for s in range(5, 26))
    assert runs[1][3]["games"] == 2
    assert runs[2] == runs[1]


def test_simulate_kernel_takes_players_and_decks(ir):
    from mayhem.runtime.simulate import simulate_kernel
    summary = simulate_kernel(ir, BOX, 4, ["random"], seed=2, players=3,
                              decks=["iron-man", "iron-man", "black-panther"])
    assert summary.deck_games == {"iron-man": 8, "black-panther": 4}
    for kwargs, says in (({"players": 5}, "plays 2 to 4 players, not 5"),
                         ({"players": 2, "decks": ["hulk", "iron-man"]}, "no deck 'hulk'"),
                         ({"players": 2, "decks": ["iron-man"]}, "one deck per player")):
        with pytest.raises(ValueError, match=says):
            simulate_kernel(ir, BOX, 1, ["random"], **kwargs)


@pytest.mark.parametrize("bots, mode, says", [
    (["minimax", "random"], "standard", "no bot 'minimax'"),  # greedy is one: runtime/kernel/greedy.py
    (["random"] * 5, "standard", "plays 2 to 4 players"),
    (["random", "random"], "free-for-all", "has no mode 'free-for-all'"),
])
def test_simulate_refuses_what_a_kernel_box_has_not(ir, bots, mode, says):
    with pytest.raises(ValueError, match=says):
        simulate(ir, BOX, 1, bots, mode=mode)


def test_game_of_a_kernel_box_says_where_it_is_played(ir):
    with pytest.raises(ValueError, match="names a game of the rules kernel.*KernelGame"):
        Game(load_rules(ir), GameConfig(BOX))


def test_logs_of_seeded_decks_replay_to_the_same_game(ir, tmp_path):
    """No deck named: each game's decks are its seeded choice, and its log replays (the log
    says which decks were named, so the replay makes the same choice with the same draws)."""
    simulate(ir, BOX, 4, ["random", "random"], seed=11, log_dir=tmp_path)
    rules = load_rules(ir)
    for log in sorted(tmp_path.glob("seed-*.jsonl")):
        report = replay(rules, log)
        assert report.ok, (log.name, report.message)
        assert report.decisions > 5 and report.events == 0
        head = json.loads(log.read_text().splitlines()[0])
        assert head["decks"] == [] and len(head["dealt"]) == 2
    cli = invoke("replay", tmp_path / "seed-12.jsonl", "--content", CONTENT)
    assert cli.exit_code == 0 and "the same game" in cli.stdout


def _log(ir, tmp_path) -> Path:
    simulate(ir, BOX, 1, ["random", "random"], seed=5, log_dir=tmp_path)
    return tmp_path / "seed-5.jsonl"


@pytest.mark.parametrize("change, says", [
    (lambda lines: lines[:2] + ['{"decision": oops'] + lines[3:], r"seed-5\.jsonl:3:14: not JSON"),
    (lambda lines: ['{"kernel_log": 1}'] + lines[1:], r"seed-5\.jsonl:1:1: the header has no 'box'"),
    (lambda lines: lines[:1] + ['{"decision": {"player": "p1"}}'] + lines[1:], r":2:1: a decision without its action"),
    (lambda lines: lines[:-1] + lines[-2:], r"a 'result' line out of place"),
])
def test_a_broken_kernel_log_is_a_log_error_with_its_place(ir, tmp_path, change, says):
    log = _log(ir, tmp_path)
    lines = log.read_text().splitlines()
    log.write_text("".join(line + "\n" for line in change(lines)))
    with pytest.raises(LogError, match=says):
        replay(load_rules(ir), log)
    cli = invoke("replay", log, "--content", CONTENT)
    assert cli.exit_code == 1 and "Traceback" not in cli.output and "error:" in cli.output


def test_a_kernel_log_cut_short_does_not_replay(ir, tmp_path):
    log = _log(ir, tmp_path)
    lines = log.read_text().splitlines()
    log.write_text("".join(line + "\n" for line in lines[:4]))
    report = replay(load_rules(ir), log)
    assert not report.ok and "cut short" in report.message
