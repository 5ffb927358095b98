"""Edges chosen and pieces shifted on a board laid from tiles (runtime/kernel/edges.py), proven by
the lab game Ruins (tests/fixtures/kernel/ruins): `one edge in X` (the edges of the tiles in play
that touch X), `encloses(edge)` (a block that would leave a tile no open side), a blocking piece
that `place` and `shift` refuse to put where it would enclose a tile, and `shift`'s destination
judged with the piece's old edge open (the scenario `a-barricade-is-hauled-with-its-old-edge-open`)."""
from __future__ import annotations


import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.edges import edges_in, encloses, in_play
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.layout import derive

from test_kernel_board import HERE, _play, changed, compiled

TILES = ["west-camp", "stair", "rotten-floor", "great-hall", "old-well", "sunken-court", "east-camp"]
#      west-camp    stair          positions: L1 L2
# rotten-floor  great-hall  old-well           L3 L4 L5
#    sunken-court   east-camp                    L6 L7


@pytest.fixture(scope="module")
def ruins():
    return load_game_rules(compiled(HERE / "ruins"), "ruins")


def _table(rules, blocked=(), zones=None, removed=(), at="great-hall"):
    spec = {"setup": {"players": 2, "phase": "turn-start", "active": "p1", "lead": "t1",
                      "board": {"tiles": TILES, "blocked": [list(e) for e in blocked], "removed": list(removed)},
                      "figures": {"runner-p1": at, "runner-p2": "stair"}, **({"zones": zones} if zones else {})}}
    game, problems = ksc.build(rules, spec)
    assert not problems
    return game


def test_the_edges_a_selector_ranges_over(ruins):
    """Every edge between tiles in play, in the layout's order; `in X` those touching a space of X
    or named in it; a tile out of play takes its edges with it."""
    game = _table(ruins)
    game.start()
    run = Run(game, [])
    assert in_play(run) == list(ruins.layout.edges) and len(in_play(run)) == 12
    assert edges_in(run, "west-camp") == ["L1-L2", "L1-L3", "L1-L4"]
    assert edges_in(run, ["stair", "L6-L7"]) == ["L1-L2", "L6-L7", "L2-L4", "L2-L5"]  # the layout's order
    assert edges_in(run, None) == []
    gone = _table(ruins, removed=["sunken-court"])
    gone.start()
    run = Run(gone, [])
    assert [e for e in in_play(run) if "L6" in e.split("-")] == []
    assert game.pool("edge") == in_play(Run(game, []))


def test_encloses_is_a_block_that_leaves_a_tile_no_open_side(ruins):
    game = _table(ruins, blocked=[("stair", "west-camp"), ("rotten-floor", "west-camp")])
    game.start()
    run = Run(game, [])
    assert encloses(run, {}, "L1-L4")          # the camp's last open side
    assert not encloses(run, {}, "L1-L2")      # blocked already: it encloses nothing more
    assert not encloses(run, {}, "L4-L5")      # the hall and the well keep other sides
    assert not encloses(run, {}, None) and not encloses(run, {}, "L9-L10")


def test_place_refuses_a_blocking_piece_that_would_enclose_a_tile(tmp_path):
    """A copy whose barricade action lacks the `encloses` guard offers the camp's last open side;
    the kernel refuses to place the barricade there (logged), as a Mayhem `place` refuses an
    Obstacle that would enclose a Location."""
    careless = changed(tmp_path, "count(barricade) > 0 and not encloses(", "count(barricade) > 0 or encloses(")
    rules = load_game_rules(careless, "ruins")
    game = _table(rules, blocked=[("stair", "west-camp"), ("rotten-floor", "west-camp")])
    decision = game.start()
    assert "barricade west-camp" in decision.actions
    game.act("barricade west-camp")
    assert game.state.zones["barricades/L1-L4"] == [] and len(game.state.zones["supply"]) == 2
    assert ["great-hall", "west-camp"] not in game.state.board["blocked"]
    assert {"event": "refused", "place": "barricade", "on": "L1-L4", "why": "it would enclose a tile"} \
        in game.state.log
    guarded = _table(load_game_rules(compiled(HERE / "ruins"), "ruins"),
                     blocked=[("stair", "west-camp"), ("rotten-floor", "west-camp")])
    assert "barricade west-camp" not in guarded.start().actions  # the lab's guard reads `encloses`


def test_shift_refuses_a_destination_that_would_enclose_a_tile(tmp_path):
    """A copy whose haul lacks `not encloses(it)` offers the camp's last open side as the hauled
    barricade's destination; the kernel refuses the move (logged) and the barricade stays."""
    careless = changed(tmp_path, " and not encloses(it))", ")")
    rules = load_game_rules(careless, "ruins")
    game = _table(rules, blocked=[("stair", "west-camp"), ("rotten-floor", "west-camp")],
                  zones={"barricades.L6-L7": ["barricade"], "supply": ["barricade"]})
    game.start()
    decision = game.act("haul")
    assert "target L1-L4" in decision.actions
    game.act("target L1-L4")
    assert game.state.zones["barricades/L6-L7"] and game.state.zones["barricades/L1-L4"] == []
    assert ["east-camp", "sunken-court"] in game.state.board["blocked"]
    assert {"event": "refused", "shift": "barricade", "to": "L1-L4", "why": "it would enclose a tile"} \
        in game.state.log
    guarded = _table(load_game_rules(compiled(HERE / "ruins"), "ruins"),
                     blocked=[("stair", "west-camp"), ("rotten-floor", "west-camp")],
                     zones={"barricades.L6-L7": ["barricade"], "supply": ["barricade"]})
    guarded.start()
    assert "target L1-L4" not in guarded.act("haul").actions


def test_a_clone_taken_at_the_haul_s_question_plays_on_the_same(ruins):
    """The haul stops at its question with the old edge blocked again (the lift is undone); a
    clone and the game answer alike."""
    game = _table(ruins, zones={"barricades.L1-L3": ["barricade"], "supply": ["barricade"]},
                  blocked=[("stair", "west-camp")])
    game.start()
    game.act("haul")
    assert ["rotten-floor", "west-camp"] in game.state.board["blocked"]
    twin = game.clone()
    for g in (game, twin):
        g.act("target L1-L4")
    assert twin.state == game.state and game.state.zones["barricades/L1-L4"]


def _every_tile_keeps_an_open_side(game) -> None:
    near = derive(Run(game, [])).near
    assert all(near[t] for t in near) or len(near) == 1


def test_random_games_haul_barricades_and_never_enclose_a_tile(ruins):
    shifted = 0
    for seed in range(120):
        game = KernelGame(ruins, KernelConfig(players=2 + seed % 3, seed=seed))

        _play(game, seed, lambda g, _d: _every_tile_keeps_an_open_side(g))
        shifted += sum(1 for e in game.state.log if e["event"] == "shift" and e["count"] == 1)
        assert not any(e["event"] == "refused" for e in game.state.log)
    assert shifted > 300


def test_encloses_says_what_the_lab_s_adjacent_sizes_said(ruins):
    """At every decision of seeded games, for the runner's tile and each open neighbour,
    `encloses` of their edge is the guard Ruins read before (one of the two tiles with no other
    open side): the barricade's guard changed words, not meaning."""
    from mayhem.runtime.kernel.edges import edge_of
    from mayhem.runtime.kernel.layout import adjacent
    asked = 0

    def agree(game, _decision):
        nonlocal asked
        run = Run(game, [])
        here = game.state.figures[f"runner-{game.state.active}"]["space"]
        for to in adjacent(run, here):
            before = not (len(adjacent(run, to)) > 1 and len(adjacent(run, here)) > 1)
            assert encloses(run, {}, edge_of(run, here, to)) == before
            asked += 1

    for seed in range(60):
        _play(KernelGame(ruins, KernelConfig(players=2 + seed % 3, seed=seed)), seed, agree)
    assert asked > 1000
