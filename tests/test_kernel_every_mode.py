"""Every mode of the Mayhem boxes on the kernel: Competitive Mode's Characters of both boxes
(collection.py), a Team's figure its own player controls (four players: starts.py), the first
game's and the lists' hands (keeping.chosen_hands), and the random bots' rule the game declares
(`bots-wait-for`, waits.py)."""
from __future__ import annotations

from pathlib import Path
import random
import sys

import pytest

from mayhem.runtime.kernel.draws import index_drawer
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.rules import load_game_rules
from mayhem.runtime.kernel.structure import KernelConfig, KernelGame
from mayhem.runtime.kernel.waits import bot_waits, index_of_waiting, waiting

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir() -> dict:
    import parity_kernel
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _hand(game, player: str) -> list[str]:
    return sorted(game.card_id(u) for u in game.state.zones.get(f"hand/{player}", []))


def test_competitive_mode_deals_the_characters_of_both_boxes(ir):
    """A Looney Tunes board in Competitive Mode holds the Teen Titans' Characters too, and the
    Fire tokens Starfire brings (a pool the box lacks); the board stays the box's own."""
    rules = load_game_rules(ir, "looney-tunes", mode="competitive")
    ids = {rules.cards[q].id for q in rules.dash.roster["character"]}
    assert {"starfire", "robin", "bugs-bunny", "taz"} <= ids and len(ids) == 8
    assert "fire" in rules.pieces.fed and "pizza" in rules.pieces.fed
    assert set(rules.layout.tiles) == set(load_game_rules(ir, "looney-tunes").layout.tiles)
    plain = load_game_rules(ir, "looney-tunes")  # the standard game: the box's own four
    assert len(plain.dash.roster["character"]) == 4 and "fire" not in plain.pieces.fed
    config = KernelConfig(players=2, seed=3, max_turns=60, dashboards={"black": ["starfire", "bugs-bunny"],
                          "white": ["taz", "robin"]}, sides={"taz": "b", "bugs-bunny": "a"},
                          hands={"black": ["looney-tunes/dice-guys"], "white": []})
    game = play_game(rules, config, ["random"])
    assert {f for f, x in game.state.figures.items() if x.get("card")} == {"starfire", "bugs-bunny", "taz", "robin"}
    assert game.history  # it played
    fresh = KernelGame(rules, config)
    fresh.start()
    assert "dice-guys" in _hand(fresh, "p1")  # the list's hand, out of the deck


def _lineups(rules):
    """(the boxes whose Characters play, the Teams' Characters by id): the board's only, the
    other box's only, mixed (tests/test_applicability.py's three lineups, on the kernel)."""
    by_box: dict = {}
    for qid in rules.dash.roster["character"]:
        by_box.setdefault(qid.split("/")[0], []).append(rules.cards[qid].id)
    a, b = sorted(by_box)
    yield {a}, {"black": by_box[a][:2], "white": by_box[a][2:4]}
    yield {b}, {"black": by_box[b][:2], "white": by_box[b][2:4]}
    yield {a, b}, {"black": [by_box[a][0], by_box[b][0]], "white": [by_box[b][1], by_box[a][1]]}


@pytest.mark.parametrize("board", BOXES)
def test_competitive_mode_lays_the_pools_the_characters_bring_and_deals_the_lists_cards(ir, board):
    """"Players need to provide the figures for their characters, Dashboards and any special
    tokens their characters may use. [...] Players may not mix Locations and tokens from different
    boxes." "players can choose the cards in their Mayhem hand from their collection." (Mayhem
    Competitive Mode) The pools on the table are the board's and those of the boxes whose
    Characters play, as the checks say (compiler/applicability.py); a list's
    card of the other box is in its hand, and the deck holds the board's cards only."""
    from mayhem.compiler.applicability import Applicability
    rules = load_game_rules(ir, board, mode="competitive")
    other = next(b for b in BOXES if b != board)
    laid = {pool for pool, _counts, _pile in rules.pieces.pools}
    hand = {"teen-titans-go": ["looney-tunes/flower-power", "teen-titans-go/pizza-time"],
            "looney-tunes": ["teen-titans-go/heavy-load", "looney-tunes/dice-guys"]}[board]
    seen = set()
    for boxes, teams in _lineups(rules):
        game = KernelGame(rules, KernelConfig(players=2, seed=1, dashboards=teams,
                                              sides={c: "a" for t in teams.values() for c in t},
                                              hands={"black": hand, "white": []}))
        game.start()
        state = game.state
        on_table = {pool for pool, fed in rules.pieces.fed.items() if pool in laid and any(
            state.cards[u] in fed for key, pile in state.zones.items() if key != "set-aside" for u in pile)}
        assert on_table == set(Applicability(ir).pools_on(board, boxes)) & laid, boxes
        seen.add(frozenset(on_table))
        assert _hand(game, state.teams["black"][0]) == sorted(h.split("/")[1] for h in hand)
        deck = {rules.cards[state.cards[u]].qid for u in state.zones["mayhem-deck"]}
        assert deck and all(q.startswith(board + "/") for q in deck)
    assert len(seen) == 2  # the other box's Characters bring pools the board lacks


def test_four_players_each_control_one_character(ir):
    """`seats [[1, 1], [1, 1]]`: each player of a Team controls one of its Characters; the
    per-player hand limit sums that Character's Mayhem icons."""
    rules = load_game_rules(ir, "teen-titans-go", mode="four-players")
    game = KernelGame(rules, KernelConfig(players=4, seed=1, dashboards={
        "black": ["robin", "raven"], "white": ["cyborg", "starfire"]}))
    game.start()
    state = game.state
    players = {f: x.get("player") for f, x in state.figures.items() if x.get("card")}
    assert players == {"robin": state.teams["black"][0], "raven": state.teams["black"][1],
                       "cyborg": state.teams["white"][0], "starfire": state.teams["white"][1]}
    for figure, player in players.items():
        printed = rules.cards[state.figures[figure]["card"]].props["mayhem-cards"]
        assert state.counters[f"hand-limit/{player}"] == printed


def test_a_first_game_deals_the_preset_hands(ir):
    """`KernelConfig.first_game`: each Character's player holds the box's first-game cards of it,
    taken out of the deck; no hand is drawn."""
    rules = load_game_rules(ir, "teen-titans-go")
    preset = rules.first_game
    assert preset["robin"] == ("magic-cloak", "rotating-shield")
    config = KernelConfig(players=2, seed=2, first_game=True,
                          dashboards={"black": ["robin", "raven"], "white": ["cyborg", "starfire"]})
    game = KernelGame(rules, config)
    game.start()
    state = game.state
    black, white = state.teams["black"][0], state.teams["white"][0]
    assert _hand(game, black) == sorted(preset["robin"] + preset["raven"])
    assert _hand(game, white) == sorted(preset["cyborg"] + preset["starfire"])
    deck = [game.card_id(u) for u in state.zones["mayhem-deck"]]
    assert not set(deck) & set(_hand(game, black) + _hand(game, white))


def test_the_random_bots_wait_for_what_the_game_declares(ir):
    """`bots-wait-for [resolve]` on end-turn: a bot does not end its turn while `resolve` is
    offered; with nothing to wait for it draws as `random.choice` does (the same bits)."""
    rules = load_game_rules(ir, "teen-titans-go")
    waits = bot_waits(rules)
    assert waits == (("end-turn", ("resolve",)),)
    menu = ["move robin L2", "resolve robin/staff-meeting", "end-turn"]
    assert waiting(waits, menu) == menu[:2]
    assert waiting(waits, ["move robin L2", "end-turn"]) == ["move robin L2", "end-turn"]
    assert waiting(waits, ["end-turn"]) == ["end-turn"]
    pick, plain = index_of_waiting(waits, index_drawer(random.Random(5))), random.Random(5)
    for n in range(1, 30):
        assert pick(n) == plain.choice(range(n))
    picks = index_of_waiting(waits, index_drawer(random.Random(7)))
    assert all(picks(menu) != 2 for _ in range(200))
    game = play_game(rules, KernelConfig(players=2, seed=4, max_turns=80), ["random"])
    turn, ended_early = [], 0
    for entry in game.history:  # an end-turn straight after the die is placed: the resolve was skipped
        if entry["kind"] == "action":
            if entry["action"] == "end-turn" and turn and turn[-1].startswith("place-die"):
                ended_early += 1
            turn = [] if entry["action"] == "end-turn" else turn + [entry["action"]]
        elif entry["action"].startswith("place-die"):
            turn = [entry["action"]]
    assert ended_early == 0
