"""`game.view()` (runtime/game_view.py): the runtime-neutral view of a Mayhem game is plain data,
a copy, and follows play (each figure's Damage, space and KO, each Team's counters, as the kernel's
state holds them)."""
import copy
import json

from mayhem.runtime import Game, GameConfig, make_bot

import game_helpers


def test_the_view_is_plain_data_and_a_copy(rules):
    """JSON-able as it is, and changing it (every dict and list in it) changes nothing in the game."""
    game = game_helpers.everyone_on_the_board(rules)
    seen = game.view()
    assert json.loads(json.dumps(seen)) == seen
    kept = copy.deepcopy(seen)

    def spoil(value):
        if isinstance(value, dict):
            for k in list(value):
                value[k] = spoil(value[k])
            value["spoilt"] = 1
        elif isinstance(value, list):
            for i, x in enumerate(value):
                value[i] = spoil(x)
            value.append("spoilt")
        elif isinstance(value, int) and not isinstance(value, bool):
            return value + 7
        return value
    spoil(seen)
    assert seen != kept and game.view() == kept
    assert {f["space"] for f in kept["figures"].values() if f["kind"] == "character"} - {None}


def test_the_view_follows_play(rules):
    """At every decision of a seeded game of each box, each character's Damage in the view is the
    kernel's counter, each Team's VP at the end the result's, and the view's Damage, spaces, KOs
    and counters change as the game goes."""
    changed = set()
    for box, seed in (("teen-titans-go", 2), ("looney-tunes", 3)):
        game = Game(rules, GameConfig(box, seed=seed))
        bots = {"p1": make_bot("random", seed), "p2": make_bot("random", seed + 1)}
        decision, before = game.start(), None
        while decision is not None:
            seen = game.view()
            counters = game.kernel.state.counters
            for fid, fig in seen["figures"].items():
                if fig["kind"] == "character":
                    assert fig["damage"] == counters.get(f"damage/{fid}", 0), (box, fid)
            if before is not None:
                for fid, fig in seen["figures"].items():
                    old = before["figures"].get(fid)
                    for key in ("damage", "space", "ko"):
                        if old is not None and old[key] != fig[key]:
                            changed.add(key)
                if any(t["counters"] != before["teams"][c]["counters"] for c, t in seen["teams"].items()):
                    changed.add("counters")
            before = seen
            decision = game.act(bots[decision.player].choose(decision, game))
        end = game.view()
        assert end["result"] == game.result()
        assert {c: t["counters"]["vp"] for c, t in end["teams"].items()} == game.result()["vp"]
    assert changed == {"damage", "space", "ko", "counters"}
