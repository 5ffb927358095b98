"""Spaces as listeners, and a piece's `me` (runtime/kernel/spaces.py): a tile's triggers are heard
while it is in play, after the pieces and before the figures (a Mayhem Location is heard after the
tokens), with `here` the tile; a piece hears with `me` its holder's controller. Proven by
the lab games Ruins (its old well hears a runner arrive: the scenario
`the-old-well-hears-a-runner-arrive`) and Embers (its cinder), and by copies of them."""
from __future__ import annotations

import shutil
import tomllib
from types import SimpleNamespace

import pytest

from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.spaces import controller, tiles_heard

from test_kernel_board import HERE, compiled

TILES = ["west-camp", "stair", "rotten-floor", "great-hall", "old-well", "sunken-court", "east-camp"]
ECHO = "set-counter(points, value(points, of: first(teams)) * 10 + {n}, on: first(teams))"


def _copy(tmp_path, game: str, *edits: tuple[str, str]):
    """The rules of a copy of a lab game with these edits of its content."""
    folder = tmp_path / game
    shutil.copytree(HERE / game, folder)
    path = folder / f"{game}.mh"
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return load_game_rules(compiled(folder), game)


def _ruins_table(rules, removed=()):
    spec = {"setup": {"players": 2, "phase": "turn-start", "active": "p1", "lead": "t1",
                      "board": {"tiles": TILES, "removed": list(removed)},
                      "figures": {"runner-p1": "great-hall", "runner-p2": "stair"},
                      "zones": {"barricades.L6-L7": ["barricade"], "supply": ["barricade"]}}}
    game, problems = ksc.build(rules, spec)
    assert not problems
    game.start()
    return game


@pytest.fixture(scope="module")
def echoing(tmp_path_factory):
    """Ruins where the game's rule, a barricade on an edge and the old well each hear every
    arrival and write their digit into t1's points: the points read the order they ran in."""
    return _copy(tmp_path_factory.mktemp("echo"), "ruins",
                 ("  placed-on edge\n  blocks-adjacency\n",
                  "  placed-on edge\n  blocks-adjacency\n  on arrive {\n    " + ECHO.format(n=2) + "\n  }\n"),
                 ("token-type token \"Token\" {\n  source authored\n",
                  "token-type token \"Token\" {\n  source authored\n  triggers game\n"),
                 ("  on arrive when to == here {\n    gain(walls, 1, on: team(owner-of(figure)))",
                  "  on arrive {\n    " + ECHO.format(n=3)),
                 ("  # A runner steps to a tile", "  rule echo \"Echo\" {\n    on arrive {\n      " + ECHO.format(n=1)
                  + "\n    }\n  }\n\n  # A runner steps to a tile"))


def test_rules_then_pieces_then_tiles_hear_an_event(echoing):
    game = _ruins_table(echoing)
    game.act("step old-well")
    assert game.state.counters["points/t1"] == 123  # the rule, the barricade, then the well


def test_a_tile_hears_a_figure_enter_only_itself(echoing):
    """The enter event is heard where it happens: the well does not hear a runner arrive elsewhere."""
    game = _ruins_table(echoing)
    game.act("step rotten-floor")
    assert game.state.counters["points/t1"] == 12  # the rule and the barricade (on an edge), not the well


def test_a_tile_out_of_play_hears_nothing(echoing):
    game = _ruins_table(echoing, removed=["old-well"])
    game.act("step rotten-floor")
    assert game.state.counters["points/t1"] == 12  # the rule and the barricade; the well is gone


def test_tiles_heard_in_board_order_with_here_the_tile():
    state = SimpleNamespace(board={"tiles": ["a", "b", "c"], "gone": ["b"]}, active="p2")
    spaces = {"c": ["tc"], "b": ["tb"], "a": ["ta1", "ta2"]}
    assert tiles_heard(state, spaces) == [("ta1", "p2", None, {"ctx:here": "a", "_once": "space/a"}),
                                          ("ta2", "p2", None, {"ctx:here": "a", "_once": "space/a"}),
                                          ("tc", "p2", None, {"ctx:here": "c", "_once": "space/c"})]
    assert tiles_heard(SimpleNamespace(board={}, active="p1"), spaces) == []


def test_a_piece_hears_as_its_holder_s_controller():
    teams = {"t1": ["p1", "p3"], "t2": ["p2", "p4"]}
    state = SimpleNamespace(
        players=["p1", "p2", "p3", "p4"], active="p2", out=set(), teams=teams,
        figures={"ranger-p3": {"owner": "p3"}, "golem": {"owner": "t1"}, "imp": {"owner": "t2"}},
        team_by={p: t for t, seats in teams.items() for p in seats},  # (State's: read in place by controller)
        team_of=lambda p: next(t for t, seats in teams.items() if p in seats),
        in_game=lambda: ["p1", "p2", "p3", "p4"])
    assert controller(state, "figure", "ranger-p3") == "p3"   # a player's figure: that player
    assert controller(state, "figure", "golem") == "p1"       # a Team's, not in turn: its first player
    assert controller(state, "figure", "imp") == "p2"         # a Team's in turn: the player whose turn it is
    assert controller(state, "player", "p4") == "p4"
    assert controller(state, "team", "t1") == "p1"
    assert controller(state, "space", "vault") == "p2"        # nobody controls a space or an edge
    assert controller(state, "edge", "L1-L2") == "p2"


def test_a_cinder_that_reads_me_scorches_at_every_turn_s_end(tmp_path):
    """Embers' cinder asks for `turn-player`; a copy whose cinder asks `owner-of(holder) == me`
    scorches p2's ranger at the end of p1's turn too, its raise made by p2 (the holder's
    controller), where the lab's scenario says no scorch then."""
    rules = _copy(tmp_path, "embers", ("on turn-end when owner-of(holder) == turn-player {",
                                       "on turn-end when owner-of(holder) == me {"))
    path = HERE / "embers-scenarios" / "cinders-scorch-once-per-ranger.toml"
    text = path.read_text(encoding="utf-8")
    spec = tomllib.loads(text)
    game, problems = ksc.build(rules, spec)
    assert not problems
    game.start()
    game.act("kindle ranger-p2")
    scorch = [e for e in game.state.log if e["event"] == "raise"]
    assert scorch and scorch[0]["by"] == "p2" and scorch[0]["target"] == "ranger-p2"
    assert game.state.counters["life/p2"] == 2 and game.state.active == "p2"
    lab = ksc.run(compiled(HERE / "embers"), spec, text, str(path))
    assert lab.ok, lab.failures


def test_a_tile_hears_a_structure_event(tmp_path):
    """A copy whose old well gives t1 its wall back at every turn's end: heard while it is in play."""
    rules = _copy(tmp_path, "ruins", ("  on arrive when to == here {\n    gain(walls, 1, on: team(owner-of(figure)))",
                                      "  on turn-end {\n    gain(walls, 1, on: first(teams))"))
    for removed, walls in (((), 1), (["old-well"], 0)):
        game = _ruins_table(rules, removed=removed)
        game.act("wall rotten-floor")  # t1's one wall: 0 left, until the well hears the turn end
        assert game.state.counters["walls/t1"] == walls


def test_a_tile_s_once_per_is_spent_per_tile(tmp_path):
    """A copy whose old well gives t2 its wall back at every turn's end, `once per round`: spent at
    the round's first turn end (t2 has its wall), so t2's wall raised in the second turn does not
    come back in that round."""
    rules = _copy(tmp_path, "ruins", ("  on arrive when to == here {\n    gain(walls, 1, on: team(owner-of(figure)))",
                                      "  on turn-end {\n    gain(walls, 1, on: last(teams))"),
                  ("  slots 1\n  icons [cracks]\n", "  slots 1\n  icons [cracks]\n  once per round\n"))
    game = _ruins_table(rules)
    game.act("step rotten-floor")
    assert any(t["event"] == "spent" and t["key"] == "space/old-well" for t in game.state.triggers)
    game.act("wall great-hall")  # p2 (t2) raises its wall in the round's second turn
    assert game.state.counters["walls/t2"] == 0
    unlimited = _ruins_table(_copy(tmp_path / "unlimited", "ruins",
                                   ("  on arrive when to == here {\n    gain(walls, 1, on: team(owner-of(figure)))",
                                    "  on turn-end {\n    gain(walls, 1, on: last(teams))")))
    unlimited.act("step rotten-floor")
    unlimited.act("wall great-hall")
    assert unlimited.state.counters["walls/t2"] == 1  # without the limit the well gives it back
