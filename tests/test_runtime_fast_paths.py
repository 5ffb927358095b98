"""The runtime's fast paths (issue #11, speed) against the plain forms they replace: a game
that keeps no log plays as one that does, Reactions are looked for exactly when a hand
holds one, and the board's cached layout answers as its graph does.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's shortcuts: tests/test_kernel_speed*.py; its boards: tests/test_kernel_board.py."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st
import pytest

from mayhem.runtime.board import Board
from mayhem.runtime.bots import make_bot
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.rules import prop
from mayhem.runtime.simulate import play_one, seat_bots

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def _play(rules, config: GameConfig, record: bool) -> Game:
    game = Game(rules, config, record=record)
    bots = seat_bots(rules, config.mode, ["random"])
    players = {f"p{i + 1}": make_bot(name, config.seed * 7919 + i) for i, name in enumerate(bots)}
    decision = game.start()
    while decision is not None:
        decision = game.act(players[decision.player].choose(decision, game))
    return game


@pytest.mark.parametrize("box", ["looney-tunes", "teen-titans-go"])
@pytest.mark.parametrize("mode", ["standard", "four-players"])
def test_a_game_that_keeps_no_log_plays_the_same(rules, box, mode):
    for seed in range(3):
        kept = _play(rules, GameConfig(box, seed=seed, mode=mode), record=True)
        quiet = _play(rules, GameConfig(box, seed=seed, mode=mode), record=False)
        assert quiet.history == kept.history
        assert quiet.result() == kept.result()
        assert quiet.events == [] and len(kept.events) > len(kept.history)


def test_a_game_that_keeps_no_log_clones_as_one(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=4), record=False)
    decision = game.start()
    for _ in range(30):
        decision = game.act(decision.actions[0])
    twin = game.clone()
    assert twin.decision == game.decision and twin.history == game.history
    assert twin.events == []


def test_play_one_writes_the_log_a_recorded_game_keeps(rules, tmp_path):
    config = GameConfig("looney-tunes", seed=11)
    result = play_one(rules, config, ["random", "random"], log_dir=tmp_path)
    lines = (tmp_path / "seed-11.jsonl").read_text(encoding="utf-8").splitlines()
    kept = _play(rules, GameConfig("looney-tunes", seed=11), record=True)
    assert lines[1:-1] == [json.dumps(e, sort_keys=True, default=str) for e in kept.events]
    assert result["decisions"] == len(kept.history)
    assert play_one(rules, GameConfig("looney-tunes", seed=11), ["random", "random"])["winners"] == result["winners"]


def test_the_reaction_index_holds_the_cards_reactions_would_offer(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=0))
    eng = game.engine
    cards = [c for c in rules.by_qid.values() if c["kind"] == "mayhem-card"]
    assert any(prop(c, "timing") == "reaction" for c in cards)
    for event in ("attack", "damage", "move", "enter", "ko", "update", "round-start"):
        heard = eng.hearing(event)["reactions"]
        expected = {c["qid"] for c in cards if prop(c, "timing") == "reaction" and event in eng.triggers_of(c)}
        assert heard == expected, event


def test_no_reaction_is_looked_for_when_no_hand_holds_one(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=0))
    decision = game.start()
    while decision.kind != "turn":  # past the set-up: Teams with hands
        decision = game.act(decision.actions[0])
    eng = game.engine
    reactions = frozenset(q for box in rules.mayhem_cards.values() for q, c in
                          ((c["qid"], c) for c in box.values()) if prop(c, "timing") == "reaction")
    team = next(iter(eng.state.teams.values()))
    player = team.players[0]
    team.played_this_round = []
    for other in eng.state.teams.values():
        for p in other.players:
            other.hands[p] = [q for q in other.hands[p] if q not in reactions]
    assert not eng.reaction_in_hand(reactions)
    team.hands[player] = team.hands[player] + [sorted(reactions)[0]]
    assert eng.reaction_in_hand(reactions)
    team.played_this_round = ["x"]  # a Team that played a card this round may not react
    assert not eng.reaction_in_hand(reactions)


def _open_sides(b: Board, end: int, e: tuple[int, int]) -> list[int]:
    return [n for n in b.graph.neighbors(end)
            if b.edge(end, n) not in b.blocked and b.edge(end, n) != e and not b.locations[n].removed]


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 16), max_size=8), st.sets(st.integers(0, 9), max_size=3))
def test_the_cached_layout_answers_as_the_graph(blocked_at, removed):
    b = Board([3, 4, 3], [(None, 2)] * 10)
    every_edge = sorted(b.edge(x, y) for x, y in b.graph.edges)
    b.blocked = {every_edge[i] for i in blocked_at if i < len(every_edge)}
    for i in removed:
        b.locations[i].removed = True
    b.refresh()
    assert b.edges() == sorted(b.edge(x, y) for x, y in b.graph.edges
                               if not b.locations[x].removed and not b.locations[y].removed)
    for e in every_edge:
        expected = e not in b.blocked and any(not _open_sides(b, end, e) for end in e)
        assert b.would_enclose(e) == expected, e
