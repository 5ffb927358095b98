"""Pieces on the edges of a board laid from tiles (runtime/kernel/edges.py), proven by the lab game
Ruins' barricades (tests/fixtures/kernel/ruins): a zone kept per edge, edges named `L1-L2` after
their positions, a `blocks-adjacency` piece that keeps its edge blocked while it lies there, a
tile that is not `empty` with a piece on one of its edges (so it neither crumbles nor leaves
play). Each rule has a scenario; copies of the game with a rule changed play differently; random
games keep the pieces and the blocked edges in step; a clone, a replay and a game played out
agree."""
from __future__ import annotations

import random
import tomllib

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.edges import labels, tiles_of
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.play import replay, write_log

from test_kernel_board import HERE, _play, changed, compiled

NEW = ["a-barricade-blocks-its-edge", "a-tile-with-a-barricade-on-an-edge-stays",
       "a-relic-is-salvaged-from-the-hall-s-pile"]
TILES = ["west-camp", "stair", "rotten-floor", "great-hall", "old-well", "sunken-court", "east-camp"]


@pytest.fixture(scope="module")
def ruins_ir():
    return compiled(HERE / "ruins")


@pytest.fixture(scope="module")
def ruins(ruins_ir):
    return load_game_rules(ruins_ir, "ruins")


def _scenario(name: str):
    path = HERE / "ruins-scenarios" / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    return tomllib.loads(text), text, str(path)


@pytest.mark.parametrize("name", NEW)
def test_a_scenario_of_each_rule(ruins_ir, name):
    result = ksc.run(ruins_ir, *_scenario(name))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_edges_are_named_after_their_positions(ruins):
    assert labels([(0, 1), (2, 5)]) == {"L1-L2": (0, 1), "L3-L6": (2, 5)}
    assert list(ruins.layout.edges)[:4] == ["L1-L2", "L3-L4", "L4-L5", "L6-L7"]
    game = KernelGame(ruins, KernelConfig(players=2, seed=0))
    game.start()
    run = Run(game, [])
    from mayhem.runtime.kernel.edges import edge_of, edges_of, empty
    tiles = game.state.board["tiles"]
    assert edge_of(run, tiles[0], tiles[1]) == edge_of(run, tiles[1], tiles[0]) == "L1-L2"
    assert edge_of(run, tiles[0], tiles[6]) is None  # they do not touch
    assert edges_of(run, {}, tiles[0]) == ["L1-L2", "L1-L3", "L1-L4"]
    assert tiles_of(run, "L1-L2") == sorted(tiles[:2])
    assert empty(run, {}, tiles[2]) and not empty(run, {}, game.state.figures["runner-p1"]["space"])


def test_a_piece_blocks_only_if_its_token_says_so(tmp_path):
    """A copy whose barricade lacks `blocks-adjacency`: it lies on the edge, and runners cross it."""
    loose = changed(tmp_path, "  placed-on edge\n  blocks-adjacency\n", "  placed-on edge\n")
    spec, text, path = _scenario("a-barricade-blocks-its-edge")
    result = ksc.run(loose, spec, text, path)
    assert not result.ok and "board.blocked" in result.failures[0]
    rules = load_game_rules(loose, "ruins")
    game, problems = ksc.build(rules, spec)
    assert not problems
    game.start()
    game.act("barricade stair")
    assert game.state.zones["barricades/L1-L2"] and game.state.board["blocked"] == []
    assert "step west-camp" in game.decision.actions


def test_a_tile_with_a_piece_on_an_edge_does_not_leave_play(tmp_path):
    """A copy that crumbles every tile without a runner (not only the empty ones) offers the well
    with a barricade on its edge; the kernel refuses to remove it (the Mayhem rule removes an
    empty Location only), and the barricade stays blocking its edge."""
    careless = changed(tmp_path, "        empty(it) and\n", "        size(figures-at(it)) == 0 and\n")
    spec, text, path = _scenario("a-tile-with-a-barricade-on-an-edge-stays")
    result = ksc.run(careless, spec, text, path)
    assert not result.ok and "target old-well" in result.failures[0]
    game, problems = ksc.build(load_game_rules(careless, "ruins"), spec)
    assert not problems
    game.start()
    for action in ("step great-hall", "barricade old-well", "target old-well"):
        game.act(action)
    refused = [e for e in game.state.log if e["event"] == "refused"]
    assert refused == [{"event": "refused", "remove-space": "old-well", "why": "a piece lies on it"}]
    assert "old-well" not in game.state.board["gone"] and game.state.board["blocked"] == [["old-well", "stair"]]


def test_unblock_is_refused_under_a_blocking_piece(ruins_ir, ruins):
    spec, _text, _path = _scenario("a-barricade-blocks-its-edge")
    game, _problems = ksc.build(ruins, spec)
    game.start()
    game.act("barricade stair")
    from mayhem.runtime.kernel import layout
    layout.unblock(Run(game, []), {}, "west-camp", "stair")
    assert game.state.board["blocked"] == [["stair", "west-camp"]]
    assert game.state.log[-1] == {"event": "refused", "unblock": ["stair", "west-camp"],
                                  "why": "a blocking piece lies on it"}


def _in_step(rules, game, _decision=None) -> None:
    """The pieces and the blocked edges agree at every decision: an edge holding a barricade is
    blocked, its tiles are in play, the two barricades are conserved; the other blocked edges are
    the walls the Teams raised."""
    state, board = game.state, game.state.board
    run = Run(game, [])
    on_edges = {}
    for key, uids in state.zones.items():
        if key.startswith("barricades/") and uids:
            on_edges[key.partition("/")[2]] = len(uids)
    assert sum(on_edges.values()) + len(state.zones["supply"]) == 2
    barred = [tiles_of(run, label) for label in on_edges]
    for a, b in barred:
        assert [a, b] in board["blocked"] and a not in board["gone"] and b not in board["gone"]
    # the walls raised (the old well gives a Team its wall back: the counter does not say)
    walls = sum(1 for e in state.log if e["event"] == "action" and e["action"].startswith("wall "))
    assert len(board["blocked"]) - len(barred) <= walls
    for t in board["gone"]:  # nothing lay on a tile that left play, nor on its edges
        at = board["tiles"].index(t)
        assert not any(at in pos for label, pos in rules.layout.edges.items() if label in on_edges)


def test_random_games_keep_the_pieces_and_the_blocked_edges_in_step(ruins):
    placed = cleared = refused = 0
    for seed in range(200):
        game = KernelGame(ruins, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed, lambda g, d: _in_step(ruins, g))
        assert game.over
        _in_step(ruins, game)
        log = game.state.log
        placed += sum(1 for e in log if e["event"] == "place" and e["count"])
        cleared += sum(1 for e in log if e["event"] == "remove" and e["token"] == "barricade")
        refused += sum(1 for e in log if e["event"] == "refused")
    assert placed > 100 and cleared > 20 and refused == 0  # the content removes empty tiles only


def test_the_face_down_pile_lies_on_its_tile_wherever_it_is_laid(ruins):
    """The relics' pile is the great hall's, at whatever position the seed lays the hall; the
    hall is not `empty` while a relic lies there, and `salvage` is offered on it only."""
    positions, salvaged = set(), 0
    for seed in range(40):
        game = KernelGame(ruins, KernelConfig(players=2, seed=seed))
        decision, pick = game.start(), random.Random(seed)
        positions.add(game.state.board["tiles"].index("great-hall"))
        assert len(game.state.zones["ground/great-hall"]) == 2
        from mayhem.runtime.kernel.edges import empty
        while decision is not None:
            run = Run(game, [])
            relics = game.state.zones["ground/great-hall"]
            here = game.state.figures[f"runner-{game.state.active}"]["space"]
            assert ("salvage" in decision.actions) == (here == "great-hall" and bool(relics)) or \
                decision.actions[0].startswith("target ")
            if relics:
                assert not empty(run, {}, "great-hall")
            decision = game.act(pick.choice(decision.actions))
        salvaged += sum(1 for e in game.state.log if e["event"] == "take" and e["token"] == "relic")
    assert len(positions) >= 5 and salvaged >= 10


def test_a_clone_a_replay_and_a_game_played_out_agree(ruins, tmp_path):
    cloned = 0
    for seed in range(6):
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        game, pick = KernelGame(ruins, config), random.Random(seed)
        decision = game.start()
        while decision is not None and not any(a.startswith("clear ") for a in decision.actions):
            decision = game.act(pick.choice(decision.actions))
        if decision is not None:  # stopped with a barricade on an edge: a clone plays on the same
            twin, cloned = game.clone(), cloned + 1
            assert twin.state.zones == game.state.zones and twin.state.board == game.state.board
            _play(game, 3)
            _play(twin, 3)
            assert twin.state == game.state and twin.history == game.history
        write_log(game, tmp_path / f"ruins-{seed}.jsonl")
        report = replay(lambda box: ruins, tmp_path / f"ruins-{seed}.jsonl")
        assert report.ok, report.message
        played, pick = KernelGame(ruins, config), random.Random(seed)
        by_act, pick2 = KernelGame(ruins, config), random.Random(seed)
        decision = by_act.start()
        while decision is not None:
            decision = by_act.act(pick2.choice(decision.actions))
        played.play_out(lambda d: pick.choice(d.actions))
        assert played.state.to_json() == by_act.state.to_json() and played.state.log == by_act.state.log
    assert cloned >= 3


def test_a_pile_on_names_a_tile_of_the_board(tmp_path):
    """`pile-on` takes a tile of the game's board as a space; a misspelt one gets a did-you-mean."""
    from mayhem.compiler import driver
    folder = tmp_path / "ruins"
    import shutil
    shutil.copytree(HERE / "ruins", folder)
    text = (folder / "ruins.mh").read_text(encoding="utf-8")
    (folder / "ruins.mh").write_text(text.replace("pile-on great-hall", "pile-on great-hal"), encoding="utf-8")
    errors = [d for d in driver.compile_paths([folder]).diagnostics.items if d.severity == "error"]
    assert [(e.code, e.message, e.hint) for e in errors] == [
        ("E301", "unknown space 'great-hal'", "did you mean 'great-hall'?")]


def test_a_blocking_piece_discarded_at_round_end_opens_its_edge(tmp_path):
    """A copy whose barricades go back to the supply at the end of the round: the discard
    brings the edge's block in step too."""
    import shutil
    folder = tmp_path / "ruins"
    shutil.copytree(HERE / "ruins", folder)
    text = (folder / "ruins.mh").read_text(encoding="utf-8")
    text = text.replace('  blocks-adjacency flag "Lying on an edge, it separates the two tiles."\n',
                        '  blocks-adjacency flag "Lying on an edge, it separates the two tiles."\n'
                        '  discarded enum [turn-end, round-end] optional "When its pieces go back."\n')
    text = text.replace("  placed-on edge\n  blocks-adjacency\n", "  placed-on edge\n  blocks-adjacency\n"
                        "  discarded round-end\n")
    (folder / "ruins.mh").write_text(text, encoding="utf-8")
    rules = load_game_rules(compiled(folder), "ruins")
    spec, _text, _path = _scenario("a-barricade-blocks-its-edge")
    game, problems = ksc.build(rules, spec)
    assert not problems
    game.start()
    game.act("barricade stair")
    assert game.state.board["blocked"] == [["stair", "west-camp"]]
    game.act("step great-hall")
    game.act("target sunken-court")  # the round's end: the barricade goes back, the edge opens
    events = [e["event"] for e in game.state.log]
    assert game.state.board["blocked"] == [] and game.state.zones["barricades/L1-L2"] == []
    assert events.index("unblock") == events.index("discard") + 1


def test_a_scenario_s_barricade_on_an_edge_blocks_it(ruins):
    spec, _text, _path = _scenario("a-barricade-blocks-its-edge")
    spec["setup"]["zones"] = {"barricades.L1-L2": ["barricade"], "supply": ["barricade"]}
    game, problems = ksc.build(ruins, spec)
    assert not problems
    game.start()
    assert game.state.board["blocked"] == [["stair", "west-camp"]]
    assert "step west-camp" not in game.decision.actions and "clear L1-L2" in game.decision.actions
