"""Speed-ups of the kernel's ninth round (docs/kernel.md, "Speed", kspeed9) that must not change
what a game does: a turn's start and end generated once per rules (turns.py), held here to
steps.py's `_turn_start` and `_turn_end`, which they replace, in Marvel Mayhem, the lab game
Ridge (rounds, Teams) and a game written for this test (a counter reset at a turn's start,
another at its end that the end condition reads, a `rule` and a trigger on `turn-end`, a
turn slot and a turn-end slot, players knocked out)."""
from __future__ import annotations

from pathlib import Path
import random

import pytest

from game_helpers import kernel_rules

ROOT = Path(__file__).resolve().parent.parent

# the end condition reads the counter reset at the turn's end: the check after the reset decides
TALLY = '''in box tally

box tally "Tally" {
  source authored
  game tally
  players 2
}

game tally "Tally" {
  source authored
  seats 2..3
  decks-to deck
  zone deck "Deck" {
    per player
    ordered
    reshuffle-from discard
  }
  zone hand "Hand" { per player }
  zone discard "Discard pile" { per player }
  counter hp "Hit points" {
    per player
    start 4
    min 0
    out-at-min
  }
  counter moves "Moves this turn" {
    per player
    start 2
    reset turn-start
  }
  counter debt "Debt" {
    per player
    start 4
    reset turn-end
  }
  setup {
    for each p in players {
      draw(p, 2)
      set-counter(debt, 0, on: p)
    }
  }
  turn {
    draw(me, 1)
  }
  turn-end {
    for each c in cards-in(hand) {
      move-card(c, discard)
    }
    draw(me, 2)
  }
  rule toll "Toll" {
    on turn-end {
      gain(debt, 1)
    }
  }
  action hit "Hit" (p = opponents(me)) {
    effect when value(moves) > 0 {
      lose(moves, 1)
      lose(hp, 1, on: p)
      on turn-end {
        gain(debt, 1, on: p)
      }
    }
  }
  action rest "Rest" (card = cards-in(hand, me)) {
    effect when value(moves) > 1 {
      move-card(card, discard)
      set-counter(moves, 0)
    }
  }
  end when size(players) <= 1 or (value(debt, of: first(players)) >= 4 and value(hp, of: last(players)) <= 2) {
    win(first(players))
  }
}

card-type plain "Card" {
  source authored
  cost int 0
}

deck starter "Starter" {
  source authored
  plain a "A" { copies 2 }
  plain b "B" { copies 2 }
  plain c "C" { copies 1 }
}
'''


@pytest.fixture(scope="module")
def marvel():
    return kernel_rules(ROOT / "content", "marvel-mayhem")


@pytest.fixture(scope="module")
def tally(tmp_path_factory):
    root = tmp_path_factory.mktemp("tally")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "tally.mh").write_text(TALLY)
    return kernel_rules(root, "tally")


def _played(rules, players: int, seed: int, by_steps: bool, by_act: bool = False):
    """A seeded game of random answers, its turns' starts and ends by the generated functions
    or (by_steps) by steps.py's methods; played out, or act() by act()."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.steps import Steps
    decks = sorted(rules.decks)
    game = KernelGame(rules, KernelConfig(players=players, seed=seed,
                                          decks=[decks[(seed + i) % len(decks)] for i in range(players)] if decks else []))
    generated = game._kinds
    assert generated["turn-start"] is not Steps._turn_start and generated["turn-end"] is not Steps._turn_end
    if by_steps:
        game._kinds = Steps._kinds
    pick = random.Random(seed)
    if by_act:
        decision = game.start()
        while decision is not None:
            decision = game.act(pick.choice(decision.actions))
    else:
        game.play_out(lambda decision: pick.choice(decision.actions))
    return game.state.to_json(), game.history, game.state.result


def _both_ways(rules, players: int, seeds, by_act: bool = False) -> list:
    results = []
    for seed in seeds:
        ours = _played(rules, players, seed, False, by_act)
        assert ours == _played(rules, players, seed, True, by_act), f"seed {seed}, {players} players"
        results.append(ours[2])
    return results


@pytest.mark.parametrize("players", [2, 3, 4])
def test_marvel_turns_generated_play_as_the_steps_methods(marvel, players):
    results = _both_ways(marvel, players, range(6))
    _both_ways(marvel, players, range(2), by_act=True)
    assert all(r["reason"] in ("won", "ended", "tie") for r in results)


@pytest.mark.parametrize("players", [2, 4])
def test_ridge_turns_generated_play_as_the_steps_methods(players):
    ridge = kernel_rules(ROOT / "tests" / "fixtures" / "kernel" / "ridge", "ridge")
    _both_ways(ridge, players, range(3))


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_with_resets_rules_and_triggers_plays_as_the_steps_methods(tally, players):
    """Both ends of the tally game come up: a player knocked out (the next seat found past
    them) and the debt reset at a turn's end making the end condition hold."""
    results = _both_ways(tally, players, range(20))
    _both_ways(tally, players, range(4), by_act=True)
    assert any(r["turns"] > 2 for r in results)


@pytest.mark.parametrize("players", [2, 3])
def test_the_tally_game_ends_both_ways(tally, players):
    """The seeds above reach both of the tally game's ends, so both are compared: a player
    knocked out, and the end decided by the check after the turn's end resets the debt (the
    game over right after the `turn-end` entry of the log)."""
    outs = after_reset = 0
    for seed in range(20):
        state, _history, _result = _played(tally, players, seed, False)
        outs += bool(state["out"])
        after_reset += state["log"][-2]["event"] == "turn-end"
    assert outs and after_reset


def test_the_generated_reset_sets_the_counter_s_keys_as_they_are_now(marvel):
    """The turn's end resets `plays` and its holders' keys (`plays/p1`, `plays/#3`), none
    that only begins alike, in their places in the dict; the keys it sets are found again
    when the counters' keys change (a key added is reset, a key removed is not put back)."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.effects import Run
    game = KernelGame(marvel, KernelConfig(players=2, seed=3, decks=sorted(marvel.decks)[:2]))
    game.start()
    state = game.state
    counters = state.counters
    kept = {k: v for k, v in counters.items() if k.startswith("hp/")}
    turn_end = game._kinds["turn-end"]

    def end_turn(values: dict) -> list:
        counters.clear()
        counters.update(kept)
        counters.update(values)
        state.phase, state.end_turn = "turn-end", True
        turn_end(game, Run(game, []))
        return [(k, v) for k, v in counters.items() if not k.startswith("hp/")]

    assert end_turn({"plays": 3, "plays/p1": 2, "plays-left/p1": 7, "playsx": 1, "plays/#3": 5}) == [
        ("plays", 0), ("plays/p1", 0), ("plays-left/p1", 7), ("playsx", 1), ("plays/#3", 0)]
    assert end_turn({"plays/p1": 2, "plays/p2": 1, "plays/#9": 4}) == [("plays/p1", 0), ("plays/p2", 0),
                                                                    ("plays/#9", 0)]
    assert end_turn({"plays/p2": 5}) == [("plays/p2", 0)]


def _expr(name: str, table: str, declared: str, of) -> dict:
    arg = {"e": "zone" if table == "zones" else "counter", "name": declared}
    args = {"zone" if table == "zones" else "counter": arg}
    if of is not None:
        args["of"] = of
    return {"e": "fn", "name": name, "args": args}


@pytest.mark.parametrize("table,name,declared", [("zones", "cards-in", "hand"), ("zones", "cards-in", "played"),
                                                 ("counters", "value", "hp"), ("counters", "value", "damage"),
                                                 ("counters", "value", "plays")])
def test_a_pile_or_counter_read_in_place_is_what_its_declaration_s_function_reads(marvel, table, name, declared):
    """`cards-in(ZONE, of: X)` and `value(COUNTER, of: X)` generated with the rules (a player's
    key written in, compile._declared) give what the zone's and counter's own functions give,
    for a player, nobody (`me`), several players, a card, and with no `of` at all."""
    from mayhem.runtime.kernel.compile import function, source
    from mayhem.runtime.kernel.effects import Run
    game = _midgame(marvel)
    state = game.state
    run = Run(game, [])
    damaged = next((int(k.split("#")[1]) for k in state.counters if k.startswith("damage/#")), 0)
    state.counters.setdefault("hp/#%d" % damaged, 3)  # a card holding a player's counter
    for of in [None, {"e": "var", "name": "x"}]:
        expr = _expr(name, table, declared, of)
        ruled: dict = {"__rules__": marvel}
        fast = function(source(expr, ruled), ruled)
        assert "run.state." in source(expr, {"__rules__": marvel}), "the key written in"
        space: dict = {}
        general = function(source(expr, space), space)
        for x in ["p1", "p2", None, ["p1", "p2"], ["p2", "p2"], damaged]:
            env = {"ctx:me": state.active, "var:x": x}
            assert fast(run, env) == general(run, env), (declared, of, x)


def _midgame(rules):
    """A seeded game of two stopped after 30 decisions: cards in every zone, damage on a card."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    for seed in range(40):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed, decks=sorted(rules.decks)[:2]))
        pick = random.Random(seed)
        decision = game.start()
        for _ in range(30):
            if decision is None:
                break
            decision = game.act(pick.choice(decision.actions))
        if decision is not None and any(k.startswith("damage/#") for k in game.state.counters):
            return game
    raise AssertionError("no seed left damage on a card")  # pragma: no cover


@pytest.mark.parametrize("primitive", ["gain", "lose", "set-counter"])
@pytest.mark.parametrize("counter", ["hp", "plays", "damage"])
def test_a_counter_changed_in_place_is_what_its_own_function_does(marvel, primitive, counter):
    """`gain`, `lose` and `set-counter` of `me` compiled with the rules (counters.inline_change:
    the key, start, bounds and knock-out written in) leave the state as the counter's own
    function does, for a player (below the minimum: knocked out; above the maximum) and a card."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.effects import GameOver, Run
    spec = marvel.counters[counter]
    game = _midgame(marvel)
    card = next(int(k.split("#")[1]) for k in game.state.counters if k.startswith("damage/#"))
    for me in [game.state.players[0], game.state.players[1], card]:
        for amount in [3, 20, -20, 0]:
            key = "value" if primitive == "set-counter" else "amount"
            body = [{"op": "primitive", "name": primitive, "span": "test",
                     "args": {"counter": {"e": "counter", "name": counter}, key: {"e": "num", "v": amount}, "on": None}}]
            block = compiled_block(body, marvel)
            states = []
            for written in (True, False):
                trial = game.clone()
                run = Run(trial, [])
                try:
                    if written:
                        block(run, {"ctx:me": me})
                    else:
                        change = spec.put if primitive == "set-counter" else spec.add
                        change(run, me, -amount if primitive == "lose" else amount)
                except GameOver:
                    pass
                states.append((trial.state.to_json(), trial.state.result))
            assert states[0] == states[1], (counter, primitive, me, amount)


@pytest.mark.parametrize("zone", ["discard", "defenses", "hand"])
def test_a_card_moved_in_place_is_what_its_zone_s_put_does(marvel, zone):
    """`move-card(c, ZONE, of: o)` compiled with the rules (piles.inline_put: the player's pile
    changed in place) leaves the state as the zone's own `put` does: to the card's owner (no
    `of`), to a player named, to each card of a list."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.effects import Run
    game = _midgame(marvel)
    spec = marvel.zones[zone]
    body = [{"op": "primitive", "name": "move-card", "span": "test",
             "args": {"card": {"e": "var", "name": "c"}, "to": {"e": "zone", "name": zone},
                      "of": {"e": "var", "name": "o"}}}]
    block = compiled_block(body, marvel)
    cards = [uid for key, pile in game.state.zones.items() for uid in pile[:2]]
    for card in cards[:6] + [cards[:3]]:
        for owner in [None] + game.state.players:
            states = []
            for written in (True, False):
                trial = game.clone()
                run = Run(trial, [])
                if written:
                    block(run, {"ctx:me": trial.state.active, "var:c": card, "var:o": owner})
                else:
                    for uid in card if isinstance(card, list) else [card]:
                        spec.put(run, uid, owner if owner is not None else trial.state.owners[uid])
                states.append(trial.state.to_json())
            assert states[0] == states[1], (zone, card, owner)


@pytest.mark.parametrize("pile", ["full", "reshuffled", "empty"])
def test_one_card_drawn_in_place_is_what_draw_does(marvel, pile):
    """`draw(me, 1)` compiled with the rules (piles.inline_draw_one: the top card moved to the
    hand in place) leaves the state as piles.draw does: from a pile with cards, from an empty
    pile reshuffled from the discard pile, from an empty pile and discard pile."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.piles import draw
    game = _midgame(marvel)
    me = game.state.active
    zones = game.state.zones
    if pile != "full":
        for uid in list(zones[f"deck/{me}"]):
            zones[f"deck/{me}"].remove(uid)
            zones.setdefault(f"discard/{me}", []).append(uid)
            game.state.places[uid] = f"discard/{me}"
    if pile == "empty":
        for uid in list(zones[f"discard/{me}"]):
            zones[f"discard/{me}"].remove(uid)
            zones.setdefault(f"defenses/{me}", []).append(uid)
            game.state.places[uid] = f"defenses/{me}"
    body = [{"op": "primitive", "name": "draw", "span": "test",
             "args": {"who": {"e": "ctx", "name": "me"}, "count": {"e": "num", "v": 1}}}]
    block = compiled_block(body, marvel)
    states = []
    for written in (True, False):
        trial = game.clone()
        run = Run(trial, [])
        (block(run, {"ctx:me": me}) if written else draw(run, {"ctx:me": me}, me, 1))
        states.append(trial.state.to_json())
    assert states[0] == states[1]
    assert len(states[0]["zones"][f"hand/{me}"]) == len(zones[f"hand/{me}"]) + (pile != "empty")
