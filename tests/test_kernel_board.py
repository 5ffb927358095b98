"""The kernel's board laid from tiles, proven by the lab game Ruins (tests/fixtures/kernel/ruins):
tiles of a card type laid at setup on rows of positions, adjacency from the positions, a
capacity and Bases read through the board's declaration, edges blocked by a wall, a board that
shrinks. Each rule has a scenario (tests/fixtures/kernel/ruins-scenarios); random games keep
the board's invariants; a clone taken at a question inside a step, a replay, and a game played
out give the same game; a copy of the game with a rule changed plays differently."""
from __future__ import annotations

import json
from pathlib import Path
import random
import shutil
import tomllib

import networkx as nx
import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.layout import row_edges
from mayhem.runtime.kernel.play import replay, write_log
from game_helpers import lab_ir as compiled

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
SCENARIOS = sorted((HERE / "ruins-scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def ruins_ir():
    return compiled(HERE / "ruins")


@pytest.fixture(scope="module")
def ruins(ruins_ir):
    return load_game_rules(ruins_ir, "ruins")


def changed(tmp_path: Path, old: str, new: str):
    """The rules of a copy of Ruins with one line of its content changed."""
    folder = tmp_path / "ruins"
    shutil.copytree(HERE / "ruins", folder)
    text = (folder / "ruins.mh").read_text(encoding="utf-8")
    assert old in text
    (folder / "ruins.mh").write_text(text.replace(old, new), encoding="utf-8")
    return compiled(folder)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_ruins_scenario(ruins_ir, path):
    text = path.read_text(encoding="utf-8")
    result = ksc.run(ruins_ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_the_positions_touch_as_square_tiles_in_centred_rows():
    assert row_edges([3]) == [(0, 1), (1, 2)]
    assert sorted(row_edges([3, 4, 3])) == sorted([(0, 1), (1, 2), (3, 4), (4, 5), (5, 6), (7, 8), (8, 9),
                                                   (0, 3), (0, 4), (1, 4), (1, 5), (2, 5), (2, 6),
                                                   (3, 7), (4, 7), (4, 8), (5, 8), (5, 9), (6, 9)])


def test_scenario_names_of_the_board_are_checked(ruins):
    spec = {"scenario": {"name": "x", "box": "ruins"},
            "setup": {"board": {"tiles": ["west-camp", "stair", "rotten-flor", "great-hall", "old-well",
                                          "sunken-court", "east-camp"], "removed": ["stair"]}}}
    _game, problems = ksc.build(ruins, spec)
    said = {p.path: (p.message, p.hint) for p in problems}
    assert said[("setup", "board", "tiles", 2)] == ("no tile 'rotten-flor' on the board", "did you mean 'rotten-floor'?")
    spec["setup"]["board"] = {"tiles": spec["setup"]["board"]["tiles"][:6]}
    _game, problems = ksc.build(ruins, spec)
    assert problems[0].message == "the board has 7 positions ([2, 3, 2]), not 6"
    spec["setup"]["board"] = {"tiles": ["west-camp", "stair", "rotten-floor", "great-hall", "old-well",
                                        "sunken-court", "east-camp"], "blocked": [["west-camp", "east-camp"]]}
    _game, problems = ksc.build(ruins, spec)
    assert problems[0].message == "'west-camp' and 'east-camp' are not next to each other"


def _play(game: KernelGame, seed: int, each=None) -> list[str]:
    rnd = random.Random(seed)
    decision = game.decision if game.decision is not None or game.over else game.start()
    taken = []
    while decision is not None and len(taken) < 3000:
        if each is not None:
            each(game, decision)
        taken.append(rnd.choice(decision.actions))
        decision = game.act(taken[-1])
    return taken


def _board_holds(rules, game, _decision=None) -> None:
    """What the board keeps true at every decision."""
    state, layout = game.state, rules.layout
    board = state.board
    assert sorted(board["tiles"]) == sorted(layout.tiles)  # every tile laid once (7 of 7)
    live = [t for t in board["tiles"] if t not in board["gone"]]
    near = {t: set() for t in live}
    for i, j in layout.touching:
        a, b = board["tiles"][i], board["tiles"][j]
        if a in near and b in near:
            near[a].add(b)
            near[b].add(a)
    assert len(live) >= 4 and nx.is_connected(nx.Graph([(a, b) for a in live for b in near[a]]))
    for a, b in board["blocked"]:  # a wall lies between two tiles in play that touch
        assert b in near[a]
    for t in live:  # every tile keeps an open side, and holds no more runners than its slots
        assert any(sorted((t, u)) not in board["blocked"] for u in near[t])
        on = [f for f, x in state.figures.items() if x["space"] == t]
        assert len(on) <= layout.printed[t].props.get("slots", 2)
    # on a tile in play, or off the board between a round's end, where it scored, and the next round's start
    assert all(f["space"] in live or (f["space"] is None and state.phase != "actions") for f in state.figures.values())
    assert {t for t in live if layout.printed[t].props.get("base")} == {"west-camp", "east-camp"}
    json.dumps(state.to_json())  # plain data


def test_random_games_keep_the_board_s_invariants(ruins):
    reasons, removed, layouts, walls = set(), 0, set(), 0
    for seed in range(300):
        game = KernelGame(ruins, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed, lambda g, d: _board_holds(ruins, g))
        assert game.over
        _board_holds(ruins, game)
        reasons.add(game.state.result["reason"])
        removed += len(game.state.board["gone"])
        walls += len(game.state.board["blocked"])
        layouts.add(tuple(game.state.board["tiles"]))
        assert all(e.get("space") not in ("west-camp", "east-camp") for e in game.state.log
                   if e["event"] == "remove-space")  # what leaves play crumbles
    assert "won" in reasons and removed > 300 and walls > 100
    assert len(layouts) > 200  # laid at random, seeded


def test_a_seed_lays_the_same_board(ruins):
    boards = [KernelGame(ruins, KernelConfig(players=2, seed=5)) for _ in range(2)]
    for game in boards:
        game.start()
    assert boards[0].state.board == boards[1].state.board


def _at_a_question(rules, seed: int):
    """A game stopped at a question inside a step: the tile that crumbles, asked at a round's end."""
    game = KernelGame(rules, KernelConfig(players=3, seed=seed))
    decision, rnd = game.start(), random.Random(seed)
    while decision is not None and not decision.actions[0].startswith("target "):
        decision = game.act(rnd.choice(decision.actions))
    return game


def test_a_clone_at_a_question_inside_a_step_plays_on_to_the_same_game(ruins):
    stopped = [g for g in (_at_a_question(ruins, seed) for seed in range(12)) if g.decision is not None]
    assert len(stopped) >= 4
    for game in stopped[:4]:
        assert game.pending is not None  # a round's end, stopped at its question
        twin = game.clone()
        assert twin.state == game.state and twin.state is not game.state
        assert twin.state.board == game.state.board and twin.state.board is not game.state.board
        _play(game, 7)
        _play(twin, 7)
        assert twin.state == game.state and twin.history == game.history


def test_a_replay_of_the_decisions_is_the_same_game(ruins, tmp_path):
    for seed in (1, 4):
        game = KernelGame(ruins, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed)
        write_log(game, tmp_path / f"ruins-{seed}.jsonl")
        report = replay(lambda box: ruins, tmp_path / f"ruins-{seed}.jsonl")
        assert report.ok, report.message


def test_a_game_played_out_is_the_game_played_act_by_act(ruins):
    asked = []
    for seed in range(8):
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        by_act, pick = KernelGame(ruins, config), random.Random(seed)
        decision = by_act.start()
        while decision is not None:
            decision = by_act.act(pick.choice(decision.actions))
        played, pick = KernelGame(ruins, config), random.Random(seed)

        def choose(decision):
            asked.append(decision.actions[0].split()[0])
            return pick.choice(decision.actions)
        played.play_out(choose)
        assert played.history == by_act.history and played.state.log == by_act.state.log
        assert played.state.to_json() == by_act.state.to_json()
    assert "target" in asked  # the crumbling tile, asked in place


def test_the_board_is_content(tmp_path, ruins_ir):
    """A copy with its tiles laid as declared lays one board for every seed; a well of two
    slots takes a second runner."""
    fixed = load_game_rules(changed(tmp_path / "a", "    bases base\n", "    bases base\n    order as-declared\n"),
                            "ruins")
    boards = set()
    for seed in range(5):
        game = KernelGame(fixed, KernelConfig(players=2, seed=seed))
        game.start()
        boards.add(tuple(game.state.board["tiles"]))
    assert boards == {tuple(fixed.layout.tiles)}
    path = HERE / "ruins-scenarios" / "a-full-tile-takes-no-runner.toml"
    text = path.read_text(encoding="utf-8")
    wide = changed(tmp_path / "b", "  slots 1\n", "  slots 2\n")
    assert ksc.run(ruins_ir, tomllib.loads(text), text, str(path)).ok
    result = ksc.run(wide, tomllib.loads(text), text, str(path))
    assert not result.ok and "step old-well" in result.failures[0]


def test_a_full_tile_refuses_a_runner_put_on_it(ruins):
    """The capacity holds whatever the content's guards: `put` onto a full tile is logged `full`,
    and a tile with a runner on it does not leave play (logged `refused`)."""
    from mayhem.runtime.kernel import board, layout
    game = KernelGame(ruins, KernelConfig(players=3, seed=0))
    game.start()
    from mayhem.runtime.kernel.effects import Run
    run = Run(game, [])
    well = "old-well"
    board.put(run, {}, "runner-p1", well)
    board.put(run, {}, "runner-p2", well)
    assert game.state.figures["runner-p2"]["space"] != well
    assert game.state.log[-1] == {"event": "full", "figure": "runner-p2", "space": well}
    layout.remove_space(run, {}, well)
    assert well not in game.state.board["gone"] and game.state.log[-1]["event"] == "refused"


def test_bad_boards_are_said_at_their_property(tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(HERE / "ruins", folder)
    text = (folder / "ruins.mh").read_text(encoding="utf-8")
    (folder / "ruins.mh").write_text(text.replace("    tiles tile\n", "    tiles tyle\n")
                                     .replace("  board ruins", "  board second \"Second\" {\n    layout [1]\n    "
                                              "tiles tile\n    capacity slot\n  }\n\n  board ruins"),
                                     encoding="utf-8")
    said = [(d.code, d.message, d.hint, d.span.line) for d in driver.compile_paths([folder]).diagnostics.items
            if d.severity == "error"]
    assert ("E301", "unknown card type 'tyle'", "did you mean 'tile'?") in [s[:3] for s in said]
    assert ("E301", "card type 'tile' declares no property 'slot'", "did you mean 'slots'?") in [s[:3] for s in said]
    assert any(s[0] == "E205" and "one board" in s[1] for s in said)
    assert all(s[3] for s in said)  # positioned
