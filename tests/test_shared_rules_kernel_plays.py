"""What the shared rules may say now that the rules kernel plays them (E205's two checks of the
deleted engine lifted, compiler/game_parts.py and compiler/resolve_names.py): a turn order other
than `alternate-teams`, and `gain` or `value` of a counter not kept as pieces. A copy of the
content that says so compiles and plays seeded games to their end, and the games read it."""
from __future__ import annotations

import pytest

from mayhem.runtime import Game, GameConfig, make_bot

from test_mayhem_actions import compiled_copy  # a copy of the content with game.mh edited, compiled and loaded


def played(rules, box: str, seed: int, mode: str = "standard") -> Game:
    game, bot = Game(rules, GameConfig(box, seed=seed, mode=mode)), make_bot("random", seed)
    decision = game.start()
    while decision is not None:
        decision = game.act(bot.choose(decision, game))
    return game


def first_turns(game: Game, n: int) -> list[str]:
    """The players of the game's first `n` turns (a die placed: the log's `activate`)."""
    players = []
    for event in game.events:
        if event.get("event") == "decision" and event["decision"] == "die":
            players.append(event["player"])
    return players[:n]


@pytest.mark.parametrize("order", ["clockwise", "counterclockwise"])
def test_another_turn_order_compiles_and_is_played(rules, tmp_path, order):
    changed = compiled_copy(tmp_path, "turn-order alternate-teams", f"turn-order {order}")
    for seed in (1, 2):
        game = played(changed, "teen-titans-go", seed, "four-players")
        shipped = played(rules, "teen-titans-go", seed, "four-players")
        assert game.over and game.result()["reason"] and len(game.history) > 50
        assert game.history != shipped.history  # the order is read
        # the Teams no longer alternate: two turns in a row of one Team's players, somewhere
        turns = first_turns(game, 8)
        teams = {p: t for t, ps in game.teams().items() for p in ps}
        assert any(teams[a] == teams[b] for a, b in zip(turns, turns[1:])), turns


def test_a_counter_not_kept_as_pieces_is_gained_and_read(rules, tmp_path):
    """The KO rule also grows the opposing Team's players' hand limit (a counter per player),
    while the first of them has fewer than 7: `gain` and `value` of it."""
    changed = compiled_copy(tmp_path, "      gain(vp, 1, on: opposing-team)\n",
                            "      gain(vp, 1, on: opposing-team)\n"
                            "      if value(hand-limit, of: first(members(opposing-team))) < 7 {\n"
                            "        gain(hand-limit, 1, on: members(opposing-team))\n      }\n")
    grown = 0
    for seed in range(1, 5):
        game = played(changed, "looney-tunes", seed)
        start = Game(changed, GameConfig("looney-tunes", seed=seed))
        start.start()
        before = {k: v for k, v in start.state.counters.items() if k.startswith("hand-limit/")}
        after = {k: v for k, v in game.state.counters.items() if k.startswith("hand-limit/")}
        assert game.over and game.result()["reason"] and before.keys() == after.keys()
        assert all(before[k] <= after[k] <= max(before[k], 7) for k in before), (before, after)
        grown += sum(after.values()) - sum(before.values())
    assert grown > 0
