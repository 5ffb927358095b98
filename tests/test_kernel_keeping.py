"""The setup's and the round's keeping steps of the shared vocabulary played by the rules kernel
(runtime/kernel/keeping.py; docs/kernel.md, "Setup and round-keeping steps"): `form-teams` with
a Team chosen, `shuffle-deck`, `announce-together`, `reset-limits` and `discard-tokens`, each in
a copy of a lab game whose slots say it."""
from __future__ import annotations

from pathlib import Path
import shutil

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelError, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc

from game_helpers import lab_copy_ir, play_random

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"


def _copy(tmp_path: Path, lab: str, *edits: tuple[str, str]):
    """The rules of a copy of a lab game with each edit made once (game_helpers.lab_copy_ir)."""
    return load_game_rules(lab_copy_ir(tmp_path, lab, *edits), lab)


RIDGE_CHOSEN = (("  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie.",
                 "  setup {\n    form-teams(names: \"chosen\")\n  }\n\n"
                 "  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie."),)


# ---- form-teams ------------------------------------------------------------------------------

@pytest.mark.parametrize("players, chosen, teams", [
    (2, "t1", {"t1": ["p1"], "t2": ["p2"]}),
    (2, "t2", {"t1": ["p2"], "t2": ["p1"]}),
    (4, "t2", {"t1": ["p2", "p4"], "t2": ["p1", "p3"]}),
])
def test_the_first_player_chooses_their_team(tmp_path, players, chosen, teams):
    rules = _copy(tmp_path, "ridge", *RIDGE_CHOSEN)
    game = KernelGame(rules, KernelConfig(players=players, seed=3))
    decision = game.start()
    assert decision.player == "p1" and [str(a) for a in decision.actions] == ["colour t1", "colour t2"]
    game.act(f"colour {chosen}")
    assert game.state.teams == teams
    assert {"event": "teams", "teams": teams} in game.state.log
    # a climber stays its player's; the Team's own counter stays the Team's
    assert game.state.figures["climber-p1"]["owner"] == "p1"
    assert game.state.team_of("p1") == chosen


def test_a_team_chosen_plays_on_as_any_game(tmp_path):
    rules = _copy(tmp_path, "ridge", *RIDGE_CHOSEN)
    for seed in range(6):
        game = KernelGame(rules, KernelConfig(players=2 + 2 * (seed % 2), seed=seed))
        play_random(game, seed)
        assert game.over
        # every turn is taken by a player of the Team whose turn it is: the Teams as chosen
        teams = next(e["teams"] for e in game.state.log if e["event"] == "teams")
        assert sorted(p for members in teams.values() for p in members) == game.state.players
        clone = KernelGame(rules, KernelConfig(players=2 + 2 * (seed % 2), seed=seed))
        play_random(clone, seed)
        assert clone.state.log == game.state.log


def test_in_order_asks_nothing(tmp_path):
    rules = _copy(tmp_path, "ridge", (RIDGE_CHOSEN[0][0], RIDGE_CHOSEN[0][1].replace('names: "chosen"', "")))
    game = KernelGame(rules, KernelConfig(players=2, seed=3))
    decision = game.start()
    assert not any(str(a).startswith("colour") for a in decision.actions)
    assert game.state.teams == {"t1": ["p1"], "t2": ["p2"]}


def test_a_game_without_teams_cannot_form_them(tmp_path):
    rules = _copy(tmp_path, "embers", ("  event scorch", "  setup {\n    form-teams()\n  }\n\n  event scorch"))
    with pytest.raises(KernelError, match="no Teams: declare `teams N`"):
        KernelGame(rules, KernelConfig(players=2, seed=0)).start()


# ---- shuffle-deck -----------------------------------------------------------------------------

def _bastion_setup(tmp_path, name: str, first: str):
    """Bastion whose setup says `first` in place of its shuffle of each deck."""
    return _copy(tmp_path / name, "bastion", ("    for each p in players {\n      shuffle(deck, of: p)\n",
                                             f"    {first}\n    for each p in players {{\n"))


def test_shuffle_deck_shuffles_each_pile_of_the_draw_zone(tmp_path):
    words = _bastion_setup(tmp_path, "words", "shuffle-deck()")
    plain = _bastion_setup(tmp_path, "plain", "shuffle(deck, of: players)")
    unshuffled = _bastion_setup(tmp_path, "none", "")
    for seed in range(3):
        games = [KernelGame(r, KernelConfig(players=2, seed=seed)) for r in (words, plain, unshuffled)]
        for g in games:
            g.start()
        decks = [{k: v for k, v in g.state.zones.items() if k.startswith(("deck/", "hand/"))} for g in games]
        assert decks[0] == decks[1] != decks[2]  # the seeded shuffle of each player's pile, no other draw
        assert {"event": "shuffle", "zone": "deck"} in games[0].state.log


# ---- announce-together ------------------------------------------------------------------------

RIDGE_RALLY = (
    ("  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie.",
     "  event rally \"A rally\" (figure) {}\n\n"
     "  rule tally \"Each rally scores\" {\n    on rally {\n      gain(points, 1, on: team-of(figure))\n    }\n  }\n\n"
     "  turn-end {\n    announce-together(\"rally\", figures-of(players))\n  }\n\n"
     "  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie."),
)


def _rally(tmp_path, setup: dict) -> KernelGame:
    rules = _copy(tmp_path, "ridge", *RIDGE_RALLY)
    spec = {"scenario": {"name": "rally", "box": "ridge"},
            "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                      "dice": {"d6.t1": [1, 4], "d6.t2": [3]}, **setup}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    return game


def test_the_event_is_raised_once_for_each_figure_on_the_board(tmp_path):
    game = _rally(tmp_path, {"figures": {"climber-p2": ""}})  # p2's climber is off the board
    since = len(game.state.log)
    game.act("rest 1")
    log = game.state.log[since:]
    first_turn = log[:next(i for i, e in enumerate(log) if e["event"] == "turn-start")]  # its end's lines too
    raised = [e for e in first_turn if e["event"] == "raise"]
    assert raised == [{"event": "raise", "name": "rally", "by": "p1", "figure": "climber-p1"}]
    assert game.state.counters["points/t2"] == 0  # p2's climber, off the board, never rallies


def test_the_end_is_checked_once_after_them_all(tmp_path):
    # both Teams reach 3 points in the one announcement: a tie, not the first Team's win
    game = _rally(tmp_path, {"counters": {"points.t1": 2, "points.t2": 2}})
    game.act("rest 1")
    assert [e["figure"] for e in game.state.log if e["event"] == "raise"] == ["climber-p1", "climber-p2"]
    assert game.over and game.state.result["reason"] == "tie" and game.state.result["winners"] == []


def test_an_event_the_game_does_not_declare_is_an_error(tmp_path):
    from mayhem.compiler import driver
    folder = tmp_path / "ridge"
    shutil.copytree(HERE / "ridge", folder)
    source = folder / "ridge.mh"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace(RIDGE_RALLY[0][0], RIDGE_RALLY[0][1].replace('("rally"', '("rallye"')), encoding="utf-8")
    errors = [d for d in driver.compile_paths([folder]).diagnostics.items if d.severity == "error"]
    assert [(e.code, e.message, e.hint) for e in errors] == [
        ("E402", "'event' of 'announce-together' is one of: rally, not \"rallye\"", "did you mean 'rally'?")]
    assert str(errors[0].span).startswith("ridge.mh:")


# ---- reset-limits -----------------------------------------------------------------------------

BULWARK = {"setup": {"players": 2, "counters": {"hp.p2": 9}},
           "zones": {"hand.p1": ["great-blow", "blow"], "deck.p1": ["blow"], "hand.p2": ["great-blow"],
                     "deck.p2": ["blow"]}}


def _bulwark_round(tmp_path, name: str, turn_end: str) -> list[int]:
    """Bastion's Bulwark (`once per round`) blunts p1's Great Blow; p1 rests; then, in the same
    round, p2's Great Blow: what landed of each hit."""
    rules = _copy(tmp_path / name, "bastion", ("  turn-end {\n", "  turn-end {\n" + turn_end))
    spec = {"scenario": {"name": "bulwark", "box": "bastion"},
            "setup": {**BULWARK["setup"], "zones": BULWARK["zones"]}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    for action in ("play great-blow", "rest", "play great-blow"):
        game.act(action)
    assert game.state.round == 1
    return [e["landed"] for e in game.state.log if e["event"] == "raise" and e["name"] == "hit"]


def test_reset_limits_lets_a_once_per_round_limit_be_spent_again(tmp_path):
    assert _bulwark_round(tmp_path, "kept", "") == [2, 3]  # spent for the round
    assert _bulwark_round(tmp_path, "reset", "    reset-limits(\"round\")\n") == [2, 2]
    assert _bulwark_round(tmp_path, "turn", "    reset-limits(\"turn\")\n") == [2, 3]  # not a turn's limit


# ---- discard-tokens ---------------------------------------------------------------------------

def _thaw(tmp_path, name: str, turn_end: str) -> KernelGame:
    """A copy of Embers (its freeze `discarded round-end`) whose turn-end slot says `turn_end`: a
    freeze on p2's ranger, p1's turn ends with a move."""
    rules = _copy(tmp_path / name, "embers", ("  event scorch", f"  turn-end {{\n    {turn_end}\n  }}\n\n  event scorch"))
    spec = {"scenario": {"name": "thaw", "box": "embers"},
            "setup": {"players": 3, "phase": "actions", "active": "p1", "zones": {"carried.ranger-p2": ["freeze"]},
                      "keep_rest": True}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    game.act("move field")
    assert game.state.round == 1 and game.state.active == "p2"  # the round goes on
    return game


def test_discard_tokens_sends_the_pieces_back_at_once(tmp_path):
    game = _thaw(tmp_path, "thaw", 'discard-tokens("round-end")')
    assert game.state.zones["carried/ranger-p2"] == []
    assert [e for e in game.state.log if e["event"] == "discard"] == [
        {"event": "discard", "token": "freeze", "from": "ranger-p2", "count": 1}]
    kept = _thaw(tmp_path, "kept", 'discard-tokens("turn-end")')  # no token of Embers' is discarded then
    assert len(kept.state.zones["carried/ranger-p2"]) == 1


# ---- lay-board --------------------------------------------------------------------------------

def _ruins(tmp_path, name: str, lay: str, box: str = "", put: str = "first(bases-of(team(p)))"):
    return _copy(tmp_path / name, "ruins",
                 ("  setup {\n    lay-tiles()\n    for each p in players {\n      put(figures-of(p), first(bases-of(team(p))))",
                  f"  setup {{\n    {lay}\n    for each p in players {{\n      put(figures-of(p), {put})"),
                 ("  win-vp 3\n", f"  win-vp 3\n{box}"))


def test_lay_board_lays_the_tiles_as_lay_tiles_does(tmp_path):
    tiles = _ruins(tmp_path, "tiles", "lay-tiles()")
    board = _ruins(tmp_path, "board", "lay-board()")
    for seed in range(4):
        a, b = (KernelGame(r, KernelConfig(players=2, seed=seed)) for r in (tiles, board))
        play_random(a, seed)
        play_random(b, seed)
        assert a.state.log == b.state.log and a.state.board == b.state.board


def test_the_box_rows_override_the_layout(tmp_path):
    rules = _ruins(tmp_path, "rows", "lay-board()", box="  board [3, 4]\n")
    assert rules.layout.rows == [3, 4]
    game = KernelGame(rules, KernelConfig(players=2, seed=1))
    game.start()
    assert len(game.state.board["tiles"]) == 7
    # in two centred rows of 3 and 4, the first tile of the first row touches two of the second
    first = game.state.board["tiles"][0]
    from mayhem.runtime.kernel.layout import derive
    from mayhem.runtime.kernel.effects import Run
    assert len(derive(Run(game, [])).touch[first]) == 3  # its row's neighbour and two below


def test_a_board_laid_face_down_prints_nothing_but_its_slots(tmp_path):
    rules = _ruins(tmp_path, "down", "lay-board(face-down-slots: 1)", put="first(corners())")
    game = KernelGame(rules, KernelConfig(players=2, seed=2))
    game.start()
    state = game.state
    assert state.board["down"] == 1
    assert any(e["event"] == "lay-tiles" and e.get("face-down-slots") == 1 for e in state.log)
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.primitives import FUNCTIONS
    run = Run(game, [])
    env = {"ctx:me": "p1"}
    corner = FUNCTIONS["first"](run, env, FUNCTIONS["corners"](run, env))
    # both runners on the one corner tile: a face-down tile holds one figure, so the second stays off
    assert [f["space"] for f in state.figures.values()].count(corner) == 1
    for tile in state.board["tiles"]:
        assert FUNCTIONS["prop"](run, env, tile, "slots") == 1
        assert FUNCTIONS["prop"](run, env, tile, "base") is None
        assert FUNCTIONS["has-icon"](run, env, "cracks", location=tile) is False
    assert FUNCTIONS["bases-of"](run, env, "t1") == []
    face_up = KernelGame(_ruins(tmp_path, "up", "lay-board()"), KernelConfig(players=2, seed=2))
    face_up.start()
    run = Run(face_up, [])
    assert FUNCTIONS["bases-of"](run, env, "t1") == ["west-camp"]
    assert any(FUNCTIONS["has-icon"](run, env, "cracks", location=t) for t in face_up.state.board["tiles"])


# ---- fill-zones -------------------------------------------------------------------------------

def _ruins_zones(tmp_path, name: str, zones: str):
    return _copy(tmp_path / name, "ruins",
                 ("  setup {\n    lay-tiles()\n", "  setup {\n    lay-tiles()\n    fill-zones()\n"),
                 ("  zone supply", f"{zones}\n  zone supply"))


def test_fill_zones_puts_the_box_cards_of_the_type_into_each_zone_that_starts_with_it(tmp_path):
    rules = _ruins_zones(tmp_path, "fill", '  zone rubble "Rubble" {\n    ordered\n    starts-with tile\n  }\n\n'
                                          '  zone maps "Maps" {\n    per player\n    starts-with tile\n    shuffled\n  }\n')
    tiles = [c.qid for c in rules.cards.values() if c.type == "tile"]
    orders = set()
    for seed in range(4):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        game.start()
        state = game.state
        assert [state.cards[u] for u in state.zones["rubble"]] == tiles  # in declaration order: not shuffled
        for p in ("p1", "p2"):
            pile = state.zones[f"maps/{p}"]
            assert sorted(state.cards[u] for u in pile) == sorted(tiles)  # one of each, the player's
            assert all(state.owners[u] == p and state.places[u] == f"maps/{p}" for u in pile)
            orders.add(tuple(state.cards[u] for u in pile))
        assert {"event": "fill", "zone": "rubble", "count": len(tiles)} in state.log
        play_random(game, seed)  # the cards so made play on as any
    assert len(orders) > 1  # shuffled, seeded


def test_a_zone_that_starts_with_no_card_type_is_an_error(tmp_path):
    """The compiler says it at the name (E301, did-you-mean); the kernel's own error at setup
    stays for rules that were not compiled from checked content."""
    from mayhem.compiler import driver
    with pytest.raises(AssertionError, match="zone 'rubble' starts with an unknown card type 'tiles'"):
        _ruins_zones(tmp_path, "bad", '  zone rubble "Rubble" {\n    starts-with tiles\n  }\n')
    result = driver.compile_paths([tmp_path / "bad" / "ruins"])
    [error] = [d for d in result.diagnostics.items if d.severity == "error"]
    assert (error.code, error.hint, str(error.span)) == ("E301", "did you mean 'tile'?", "ruins.mh:151:17")


# ---- draw-hands -------------------------------------------------------------------------------

BASTION_HANDS = (("    for each p in players {\n      shuffle(deck, of: p)\n      draw(p, 3)\n    }\n",
                  "    shuffle-deck()\n    draw-hands()\n"),
                 ("  counter plays ", '  counter keep "Cards a hand keeps at setup" {\n    per player\n    start 3\n  }\n\n'
                                     "  counter plays "))


def _bastion_hands(tmp_path, name: str, box: str, limit: str = "  hand-limit keep\n"):
    return _copy(tmp_path / name, "bastion", *BASTION_HANDS, ("  players 2..3\n", f"  players 2..3\n{box}"),
                 ("  play-to played\n", f"  play-to played\n{limit}"))


def test_each_player_draws_the_box_hand_draw_then_discards_down_to_the_hand_limit(tmp_path):
    rules = _bastion_hands(tmp_path, "hands", "  hand-draw 5\n")
    game = KernelGame(rules, KernelConfig(players=2, seed=4))
    decision = game.start()
    state = game.state
    # every player drew before any discards: both hands hold 5, p1 is asked first
    assert len(state.zones["hand/p1"]) == len(state.zones["hand/p2"]) == 5
    assert decision.player == "p1" and decision.kind == "discard"
    assert all(a.startswith("discard ") for a in decision.actions)
    given = []
    while decision is not None and decision.kind == "discard":
        given.append((decision.player, decision.actions[0][len("discard "):]))
        decision = game.act(decision.actions[0])
    assert [p for p, _ in given] == ["p1", "p1", "p2", "p2"]
    # each keeps 3 (the turn's draw comes after); the cards given back lie at the bottom of their decks
    state = game.state
    turn_draws = {state.active: 1}
    for p in ("p1", "p2"):
        assert len(state.zones[f"hand/{p}"]) == 3 + turn_draws.get(p, 0)
        bottom = [game.card_id(u) for u in state.zones[f"deck/{p}"][-2:]]
        assert bottom == [c for q, c in given if q == p]
    assert {"event": "discard-down", "cards": 4} in state.log


def test_without_a_hand_limit_every_card_drawn_is_kept(tmp_path):
    rules = _bastion_hands(tmp_path, "keep", "  hand-draw 4\n", limit="")
    game = KernelGame(rules, KernelConfig(players=3, seed=1))
    game.start()
    assert sorted(len(game.state.zones[f"hand/{p}"]) for p in ("p1", "p2", "p3")) == [4, 4, 5]


def test_a_hand_draw_per_seat_reads_the_player_seat():
    from types import SimpleNamespace
    from mayhem.runtime.kernel.keeping import seat_value
    teams = {"t1": ["p1", "p3"], "t2": ["p2"]}
    state = SimpleNamespace(players=["p1", "p2", "p3"], teams=teams,
                            team_of=lambda p: next(t for t, m in teams.items() if p in m))
    assert [seat_value(state, [[4, 4], [7]], p) for p in ("p1", "p2", "p3")] == [4, 7, 4]
    assert [seat_value(state, [[4, 5], [7]], p) for p in ("p1", "p3")] == [4, 5]
    assert seat_value(state, 7, "p2") == 7


def test_a_setup_that_draws_hands_needs_a_hand_draw(tmp_path):
    rules = _bastion_hands(tmp_path, "none", "")
    with pytest.raises(KernelError, match="prints a `hand-draw`"):
        KernelGame(rules, KernelConfig(players=2, seed=0)).start()


# ---- fill-pools -------------------------------------------------------------------------------

def _ridge_pools(tmp_path, name: str, setup: str, supply: str = "    pools\n"):
    return _copy(tmp_path / name, "ridge",
                 ("  pool rope \"Ropes\" {\n    count 2\n  }", "  pool rope \"Ropes\" {\n    red 1\n    blue 1\n  }"),
                 ("  teams 2\n", "  teams 2\n  team-names [red, blue]\n"),
                 ("  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie.",
                  f"  setup {{\n    {setup}\n  }}\n\n  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie."),
                 ("  zone supply \"The supply of ropes\" {\n    pools\n", f"  zone supply \"The supply of ropes\" {{\n{supply}"))


def _rope_owners(state) -> list:
    return [state.owners[u] for u in state.zones["supply"]]


def test_fill_pools_lays_each_team_count_as_the_team_pieces(tmp_path):
    game = KernelGame(_ridge_pools(tmp_path, "placer", "fill-pools()"), KernelConfig(players=2, seed=0))
    game.start()
    assert _rope_owners(game.state) == ["red", "blue"]  # team-names name the Teams
    assert {"event": "fill-pools", "pieces": 2} in game.state.log


def test_fill_pools_owner_none_lays_every_piece_no_one_s_even_in_a_scenario(tmp_path):
    rules = _ridge_pools(tmp_path, "none", 'fill-pools(owner: "none")')
    game = KernelGame(rules, KernelConfig(players=2, seed=0))
    game.start()
    assert _rope_owners(game.state) == [None, None]
    assert {"event": "fill-pools", "pieces": 2, "owner": "none"} in game.state.log
    # a scenario starts after the setup: the pools were laid with the table, no one's
    spec = {"scenario": {"name": "ropes", "box": "ridge"},
            "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "red", "dice": {"d6.red": [6, 4]}}}
    played, problems = ksc.build(rules, spec)
    assert problems == [] and _rope_owners(played.state) == [None, None]


def test_pieces_of_no_one_lie_in_the_shared_pile_of_a_pool_zone_kept_per_team(tmp_path):
    """Free-For-All's communal tokens in the Mayhem game, whose pools zone is kept per Team: every
    piece in the zone's one shared pile, no one's, and no token a Team's own (it was an error)."""
    rules = _ridge_pools(tmp_path, "team", 'fill-pools(owner: "none")', supply="    per team\n    pools\n")
    game = KernelGame(rules, KernelConfig(players=2, seed=0))
    game.start()
    assert _rope_owners(game.state) == [None, None] and rules.pieces.teamed == set()
    assert not game.state.zones.get("supply/red") and not game.state.zones.get("supply/blue")


# ---- take-team-lists --------------------------------------------------------------------------

def test_the_figures_are_the_teams_lists(tmp_path):
    rules = _copy(tmp_path, "squads", ("  setup {\n    choose-sides()\n", "  setup {\n    take-team-lists()\n    choose-sides()\n"))
    lists = {"t1": ["stone", "moss"], "t2": ["gale", "blaze"]}
    game = KernelGame(rules, KernelConfig(players=2, seed=5, dashboards=lists))
    game.start()
    assert {"event": "team-lists", "figures": lists} in game.state.log
    with pytest.raises(KernelError, match="come from the Teams' lists: give them"):
        KernelGame(rules, KernelConfig(players=2, seed=5)).start()


# ---- as (team) ---------------------------------------------------------------------------------

def test_as_a_team_asks_the_team_s_player_and_acts_for_it(tmp_path):
    """`as TEAM { ... }` acts for the Team's player in turn (as a Team's piece or card does): the
    question of its `choose one` goes to that player, not to the Team's id, and `my-team` is the
    Team. In Ridge with 4 players the second Team is p2 and p4; before the turns, its first."""
    rules = _copy(tmp_path, "ridge", ("  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie.",
                                      "  setup {\n    as last(teams) {\n      choose one {\n"
                                      "        \"One\" {\n          gain(points, 1, on: my-team)\n        }\n"
                                      "        \"Two\" {\n          gain(points, 2, on: my-team)\n        }\n"
                                      "      }\n    }\n  }\n\n"
                                      "  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie."))
    game = KernelGame(rules, KernelConfig(players=4, seed=0))
    decision = game.start()
    assert decision.player == "p2" and decision.kind == "choose"
    second = next(t for t, members in game.state.teams.items() if "p2" in members)
    game.act(next(a for a in decision.actions if "Two" in a))
    assert game.state.counters[f"points/{second}"] == 2


# ---- as (figure) -------------------------------------------------------------------------------

def test_as_a_figure_asks_its_controller(tmp_path):
    """`as FIGURE { ... }` is decided by the figure's controller (a location's "they may ..."
    said of the Toon that entered): the question of its `choose one` goes to the player who
    controls the figure, not to the figure's id. In Squads the heroes are the Teams' (two
    players: the second Team's hero is p2's); in Ridge a climber is its player's."""
    pick = ("      choose one {\n        \"Heal\" {\n          gain(life, 1, on: f)\n        }\n"
            "        \"Hurt\" {\n          lose(life, 1, on: f)\n        }\n      }\n")
    squads = _copy(tmp_path, "squads", ("  setup {\n    choose-sides()\n",
                                        "  setup {\n    let f = last(figures-of(last(teams)))\n"
                                        "    as f {\n" + pick + "    }\n    choose-sides()\n"))
    game = KernelGame(squads, KernelConfig(players=2, seed=0))
    decision = game.start()
    hero = list(game.state.figures)[-1]
    assert decision.player == "p2" and decision.kind == "choose" and game.state.figures[hero]["owner"] != "p2"
    life = game.state.counters[f"life/{hero}"]
    game.act(next(a for a in decision.actions if "Hurt" in a))
    assert game.state.counters[f"life/{hero}"] == life - 1
    ridge = _copy(tmp_path, "ridge", ("  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie.",
                                      "  setup {\n    let f = first(figures-of(last(players)))\n"
                                      "    as f {\n      choose one {\n        \"One\" {\n"
                                      "          gain(points, 1, on: my-team)\n        }\n        \"Two\" {\n"
                                      "          gain(points, 2, on: my-team)\n        }\n      }\n    }\n  }\n\n"
                                      "  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie."))
    game = KernelGame(ridge, KernelConfig(players=3, seed=0))
    decision = game.start()
    assert decision.player == "p3" and decision.kind == "choose"
    game.act(next(a for a in decision.actions if "Two" in a))
    assert game.state.counters[f"points/{game.state.team_of('p3')}"] == 2  # `my-team`: p3's
