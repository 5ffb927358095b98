"""Figures moving on the board, played by the kernel (runtime/kernel/movement.py): the shared
vocabulary's `move-figure`, `place-figure`, `off-board`, `return-figures`, `place-figures`,
`put-figure`, `offer-move`, `remove-from-game`, the free Move (`spend-free-move`,
`free-move-available`, `moved`, `can-move`), what a restriction `stops`, and the game's
`enter-event` and `move-event`. The lab games say them (Ruins steps by `move-figure`, a runner
who scores leaves the board and comes back at the next round; Squads' Active hero dashes);
copies of Ruins and Embers with a line changed prove the rest, each in a scenario."""
from __future__ import annotations

from pathlib import Path
import shutil

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from game_helpers import lab_ir, play_random, run_kernel_scenario

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"

RUINS_SETUP = """
[setup]
players = {players}
phase = "turn-start"
active = "p1"
lead = "t1"
board = {{ tiles = ["west-camp", "stair", "rotten-floor", "great-hall", "old-well", "sunken-court", "east-camp"] }}
"""


def copy(tmp_path: Path, game: str, *changes: tuple[str, str]) -> dict:
    """The IR of a copy of a lab game with lines of its content changed."""
    folder = tmp_path / game
    shutil.copytree(HERE / game, folder)
    path = folder / f"{game}.mh"
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return lab_ir(folder)


def play(ir: dict, tmp_path: Path, text: str) -> None:
    result = run_kernel_scenario(ir, tmp_path / "scenario.toml", text)
    assert result.ok, "\n".join([result.name, *result.failures])


def scenario(name: str, box: str, setup: str, steps: str) -> str:
    return f'[scenario]\nname = "{name}"\nbox = "{box}"\nsource = "authored"\n{setup}\n{steps}'


@pytest.fixture(scope="module")
def ruins():
    return load_game_rules(lab_ir(HERE / "ruins"), "ruins")


def test_a_runner_who_scores_leaves_the_board_and_comes_back_entering_its_base(ruins):
    """In random games of Ruins: every runner taken off the board at a round's end comes back at
    the next round's start (`return`), and enters the tile it comes back on (`arrive` raised for
    it there); every step is a Move that arrives, then strides."""
    returns = offs = 0
    for seed in range(60):
        game = KernelGame(ruins, KernelConfig(players=2 + seed % 3, seed=seed))
        play_random(game, seed)
        log = game.state.log
        for i, e in enumerate(log):
            if e["event"] == "return":
                returns += 1
                assert log[i + 1] == {"event": "place-figure", "figure": e["figure"], "from": None, "to": e["to"]}
                assert {"name": "arrive", "figure": e["figure"], "to": e["to"]}.items() <= log[i + 2].items()
            if e["event"] == "move":
                assert log[i + 1]["name"] == "arrive" and log[i + 2]["name"] == "stride"
                assert (log[i + 2]["from"], log[i + 2]["to"]) == (e["from"], e["to"])
        for i, e in enumerate(log):  # off at a round's end, back at the next round's start
            if e["event"] == "off-board":
                offs += 1
                later = log[i + 1:]
                starts = [j for j, x in enumerate(later) if x["event"] == "round-start"]
                back = [j for j, x in enumerate(later) if x["event"] == "return" and x["figure"] == e["figure"]]
                assert (back and starts and back[0] > starts[0]) or (not back and not starts)
    assert returns > 20 and offs >= returns


def test_a_restriction_that_stops_a_move_keeps_the_figure_where_it_is(tmp_path):
    """Embers' freeze `stops [move]` instead of forbidding the action: the move is offered, the
    frozen ranger stays (logged `restricted`, under the restriction), and nothing is raised; thawed, it moves."""
    ir = copy(tmp_path, "embers", ("    actions [move]\n", "    stops [move]\n"),
              ("      move-to(first(figures-of(me)), to)\n", "      move-figure(first(figures-of(me)), to: to)\n"))
    setup = """[setup]
players = 2
phase = "actions"
active = "p1"
figures = { "ranger-p1" = "field", "ranger-p2" = "field" }
zones = { "carried.ranger-p1" = ["freeze"], "carried.ranger-p2" = [] }
keep_rest = true
"""
    steps = """[[steps]]
expect_options = ["move camp", "move vault"]
action = "move vault"
expect = { "figure.ranger-p1" = "field", events = [{ event = "restricted", figure = "ranger-p1", restriction = "frozen", word = "move" }] }

[[steps]]
action = "move camp"
expect = { "figure.ranger-p2" = "camp" }
"""
    play(ir, tmp_path, scenario("A frozen ranger is stopped", "embers", setup, steps))


def test_the_free_move_is_once_per_turn_and_moved_says_it_was_used(tmp_path):
    """Squads' dash: offered once a hero is Active, gone once spent; `moved` reads the free Move
    spent (a copy whose rest asks it), and a hero's later turn has its free Move again."""
    ir = copy(tmp_path, "squads", ("  action rest \"Rest\" {\n    effect {\n",
                                   "  action rest \"Rest\" {\n    effect when moved {\n"))
    setup = """[setup]
players = 2
phase = "actions"
active = "p1"
lead = "t1"
dashboards = { "t1" = ["gale", "moss"], "t2" = ["blaze", "stone"] }
dice = { "d6.t1" = [6], "d6.t2" = [6] }
figures = { "gale" = "west", "moss" = "west", "blaze" = "east", "stone" = "east" }
"""
    steps = """[[steps]]
action = "place 6 gale/cyclone"
expect = { "decision.actions" = ["dash middle", "resolve cyclone"] }

[[steps]]
action = "dash middle"
expect = { "decision.actions" = ["resolve cyclone", "rest"] }
"""
    play(ir, tmp_path, scenario("Rest after a dash", "squads", setup, steps))


def test_figures_placed_apart_from_their_team_and_nothing_entered(tmp_path):
    """Ruins set up by `place-figures(t, on: bases-of(t), apart: "team")`: each Team's first
    runner takes its Base, the second is asked among the tiles with room where no teammate
    stands; no tile is entered (nothing raised)."""
    ir = copy(tmp_path, "ruins", ("    for each p in players {\n      put(figures-of(p), first(bases-of(team(p))))\n    }\n",
                                  "    for each t in teams {\n      place-figures(t, on: bases-of(t), apart: \"team\")\n    }\n"))
    game = KernelGame(load_game_rules(ir, "ruins"), KernelConfig(players=4, seed=3))
    decision = game.start()
    figures = game.state.figures
    assert (figures["runner-p1"]["space"], figures["runner-p3"]["space"]) == ("west-camp", None)
    assert (decision.kind, decision.player) == ("placement", "p3")
    assert sorted(decision.actions) == sorted(f"place runner-p3 {t}" for t in game.state.board["tiles"]
                                              if t != "west-camp")
    game.act("place runner-p3 stair")
    assert game.state.figures["runner-p3"]["space"] == "stair"
    assert not [e for e in game.state.log if e["event"] == "raise"]  # placed, not entered


def test_an_offered_move_may_be_taken_or_passed(tmp_path):
    """`offer-move(figures, by: TEAM)`: the Team's first player moves each figure to a tile next
    to it with room (a Move: it arrives and strides) or passes."""
    ir = copy(tmp_path, "ruins", ("  # A Team's one wall blocks an edge",
                                  "  action drift \"Drift\" () {\n    effect {\n"
                                  "      offer-move(figures-of(me), by: team(me))\n      end-turn()\n    }\n  }\n\n"
                                  "  # A Team's one wall blocks an edge"))
    setup = RUINS_SETUP.format(players=2) + 'figures = { "runner-p1" = "stair", "runner-p2" = "east-camp" }\n'
    steps = """[[steps]]
action = "drift"
expect = { "decision.actions" = ["move runner-p1 west-camp", "move runner-p1 great-hall", "move runner-p1 old-well", "skip"] }

[[steps]]
action = "move runner-p1 old-well"
expect = { "figure.runner-p1" = "old-well", "counters.walls.t1" = 1, "active" = "p2", events = [
  { event = "move", figure = "runner-p1", from = "stair", to = "old-well" },
  { event = "raise", name = "arrive", figure = "runner-p1", to = "old-well" },
  { event = "raise", name = "stride", figure = "runner-p1", from = "stair", to = "old-well" },
] }

[[steps]]
action = "drift"

[[steps]]
action = "skip"
expect = { "figure.runner-p2" = "east-camp", no_events = ["move"] }
"""
    play(ir, tmp_path, scenario("Drift", "ruins", setup, steps))


def test_a_figure_removed_from_the_game_does_not_come_back(tmp_path):
    """A copy of Ruins whose scorer is `remove-from-game`d: the round's start returns no one."""
    ir = copy(tmp_path, "ruins", ("        off-board(f)\n", "        remove-from-game(f)\n"))
    setup = RUINS_SETUP.format(players=2).replace('active = "p1"', 'active = "p2"').replace('lead = "t1"', 'lead = "t2"')
    setup += 'figures = { "runner-p1" = "great-hall", "runner-p2" = "stair" }\n'
    steps = """[[steps]]
action = "step west-camp"

[[steps]]
action = "step east-camp"
expect = { "counters.points.t1" = 1, "counters.points.t2" = 1, "figure.runner-p1" = "none", "figure.runner-p2" = "none", events = [
  { event = "remove-from-game", figure = "runner-p2" },
  { event = "remove-from-game", figure = "runner-p1" },
] }
"""
    play(ir, tmp_path, scenario("Out for good", "ruins", setup, steps))


def test_place_figure_is_no_move_and_a_restriction_may_stop_it(tmp_path):
    """Embers with a blink (`place-figure` onto any space): the ranger arrives there without a
    Move; a freeze that `stops [place]` keeps it where it is."""
    ir = copy(tmp_path, "embers", ("    actions [move]\n", "    actions [move]\n    stops [place]\n"),
              ("  # the camp's well puts out", "  action blink \"Blink\" (to = spaces) {\n    effect {\n"
               "      place-figure(first(figures-of(me)), to: to)\n      end-turn()\n    }\n  }\n\n"
               "  # the camp's well puts out"))
    setup = """[setup]
players = 2
phase = "actions"
active = "p1"
figures = { "ranger-p1" = "field", "ranger-p2" = "field" }
zones = { "carried.ranger-p1" = ["freeze"], "carried.ranger-p2" = [] }
keep_rest = true
"""
    steps = """[[steps]]
action = "blink vault"
expect = { "figure.ranger-p1" = "field", events = [{ event = "restricted", figure = "ranger-p1", restriction = "frozen", word = "place" }] }

[[steps]]
action = "blink vault"
expect = { "figure.ranger-p2" = "vault", events = [{ event = "place-figure", figure = "ranger-p2", from = "field", to = "vault" }] }
"""
    play(ir, tmp_path, scenario("Blink", "embers", setup, steps))


def test_can_move_reads_what_a_restriction_stops(tmp_path):
    """Embers' move guarded by `can-move`, its freeze `stops [move]`: the frozen ranger's move is
    not offered, the other ranger's is."""
    ir = copy(tmp_path, "embers", ("    actions [move]\n", "    stops [move]\n"),
              ("  action move \"Move\" (to = adjacent(first(figures-of(me)))) {\n    effect {\n",
               "  action move \"Move\" (to = adjacent(first(figures-of(me)))) {\n"
               "    effect when can-move(first(figures-of(me))) {\n"))
    setup = """[setup]
players = 2
phase = "actions"
active = "p1"
figures = { "ranger-p1" = "field", "ranger-p2" = "field" }
zones = { "carried.ranger-p1" = ["freeze"], "carried.ranger-p2" = [] }
keep_rest = true
"""
    steps = """[[steps]]
forbid_options = ["move camp", "move vault"]
action = "throw ranger-p2"

[[steps]]
expect_options = ["move camp", "move vault"]
"""
    play(ir, tmp_path, scenario("Frozen, no move offered", "embers", setup, steps))


def test_an_arrival_is_heard_where_it_happens_and_the_tile_only_if_the_figure_stays(tmp_path):
    """A copy of Ruins whose relics throw a runner who arrives on their tile off the board, and
    whose great hall scores for t1 when a runner arrives: the relics there are heard first, so the
    hall does not hear the runner they threw off; a relic does not hear an arrival elsewhere."""
    ir = copy(tmp_path, "ruins",
              ("token-type token \"Token\" {\n  source authored\n",
               "token-type token \"Token\" {\n  source authored\n  triggers game\n"),
              ("  placed-on space player\n}\n", "  placed-on space player\n  on arrive {\n    off-board(figure)\n  }\n}\n"),
              ("  slots 3\n}\n", "  slots 3\n  on arrive {\n    gain(points, 5, on: first(teams))\n  }\n}\n"))
    setup = RUINS_SETUP.format(players=2) + ('figures = { "runner-p1" = "stair", "runner-p2" = "east-camp" }\n'
                                            'zones = { "ground.great-hall" = ["relic"], "ground.old-well" = [] }\n')
    steps = """[[steps]]
action = "step great-hall"
expect = { "figure.runner-p1" = "none", "counters.points.t1" = 0, events = [
  { event = "move", figure = "runner-p1", from = "stair", to = "great-hall" },
  { event = "off-board", figure = "runner-p1" },
  { event = "raise", name = "arrive", figure = "runner-p1", to = "great-hall" },
] }

[[steps]]
action = "step old-well"
expect = { "figure.runner-p2" = "old-well", no_events = ["off-board"] }
"""
    play(ir, tmp_path, scenario("Thrown off by a relic", "ruins", setup, steps))


def test_a_figure_stopped_from_moving_is_asked_no_destination(tmp_path):
    """Embers with a stumble (`move-figure` to a space its player picks) and a freeze that `stops
    [move]`: the frozen ranger's player is not asked where (the destination is evaluated only once
    a figure may Move); the other ranger's is."""
    ir = copy(tmp_path, "embers", ("    actions [move]\n", "    stops [move]\n"),
              ("  # the camp's well puts out", "  action stumble \"Stumble\" () {\n    effect {\n"
               "      move-figure(first(figures-of(me)), to: one space in adjacent(first(figures-of(me))))\n"
               "      end-turn()\n    }\n  }\n\n  # the camp's well puts out"))
    setup = """[setup]
players = 2
phase = "actions"
active = "p1"
figures = { "ranger-p1" = "field", "ranger-p2" = "field" }
zones = { "carried.ranger-p1" = ["freeze"], "carried.ranger-p2" = [] }
keep_rest = true
"""
    steps = """[[steps]]
action = "stumble"
expect = { "figure.ranger-p1" = "field", "active" = "p2", events = [{ event = "restricted", figure = "ranger-p1", restriction = "frozen", word = "move" }] }

[[steps]]
action = "stumble"
expect = { "decision.actions" = ["target camp", "target vault"] }

[[steps]]
action = "target vault"
expect = { "figure.ranger-p2" = "vault" }
"""
    play(ir, tmp_path, scenario("Stumble", "embers", setup, steps))


def test_a_move_to_no_space_moves_nothing(tmp_path):
    """`move-figure(f, to: up-to 1 space in ...)` where no space qualifies (an empty list): the
    ranger stays, its turn goes on to its end, no error."""
    ir = copy(tmp_path, "embers", ("  # the camp's well puts out", "  action stumble \"Stumble\" () {\n    effect {\n"
                                   "      move-figure(first(figures-of(me)), "
                                   "to: up-to 1 space in adjacent(first(figures-of(me))) where it == vault)\n"
                                   "      end-turn()\n    }\n  }\n\n  # the camp's well puts out"))
    game = KernelGame(load_game_rules(ir, "embers"), KernelConfig(players=2, seed=1))
    game.start()
    assert game.state.figures["ranger-p1"]["space"] == "camp"  # next to the field only
    game.act("stumble")
    assert game.state.figures["ranger-p1"]["space"] == "camp" and game.state.active == "p2"
