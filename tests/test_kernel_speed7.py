"""Speed-ups of the kernel's seventh round (docs/kernel.md, "Speed") that must not change what a
game does: a counter's changes and reads made for it (counters.py), a zone's cards and moves
made for it (rules.Zone.cards, Zone.put), one card drawn without move(), the menu of a game
whose only action is of one card parameter (sole_menu), and play_game's bots answering by the
answer's place (pick); and the counters reset at a structure event (picked in C for a while,
walked in Python again: fewer instructions), which must touch no other counter."""
from __future__ import annotations

import copy

import pytest


@pytest.fixture(scope="module")
def rules():
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import load_game_rules
    root = Path(__file__).resolve().parent.parent
    return load_game_rules(driver.compile_paths([root / "content"]).ir, "marvel-mayhem")


def _game(rules, seed: int = 3, players: int = 2):
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    game = KernelGame(rules, KernelConfig(players=players, seed=seed, decks=sorted(rules.decks)[:players]))
    game.start()
    return game


# every kind of declaration a counter can have: held by players, cards, Teams or the game, bounded or not
_SPECS = [dict(per="player", start=10, min=0, max=10, out_at_min=True),
          dict(per="player", start=0, min=None, max=None, out_at_min=False),
          dict(per="card", start=0, min=0, max=3, out_at_min=False),
          dict(per="card", start=2, min=0, max=None, out_at_min=True),
          dict(per=None, start=5, min=1, max=8, out_at_min=True),
          dict(per="team", start=4, min=0, max=None, out_at_min=True)]


@pytest.mark.parametrize("spec", _SPECS, ids=lambda s: f"{s['per']}-{s['min']}-{s['max']}-{s['out_at_min']}")
def test_a_counter_s_own_functions_do_what_change_and_get_value_do(rules, spec):
    """add, put and get of a counter (its declaration written in) leave the state and read
    the values primitives._change and get_value leave and read: for a player, a card (an int,
    and True, which is an int too), none (the counter's own key), a value under the minimum
    (a player knocked out once) and over the maximum."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.primitives import _change, get_value
    from mayhem.runtime.kernel.rules import Counter
    ours = copy.copy(rules)
    ours.counters = dict(rules.counters)
    ours.counters["tally"] = counter = Counter("tally", spec["per"], spec["start"], spec["min"], spec["max"],
                                               None, spec["out_at_min"])
    for holder in ("p1", "p2", 0, 5, True, None):
        for value, add in ((3, True), (-20, True), (20, True), (-4, False), (2, False), (99, False)):
            states, reads = [], []
            for special in (True, False):
                game = _game(rules)
                game.rules = ours
                run = Run(game, [])
                if special:
                    (counter.add if add else counter.put)(run, holder, value)
                    reads.append(counter.get(run, holder))
                else:
                    _change(run, "tally", holder, value, add)
                    reads.append(get_value(run, "tally", holder))
                states.append(game.state.to_json())
            assert states[0] == states[1], (holder, value, add)
            assert reads[0] == reads[1], (holder, value, add)


def test_a_zone_s_own_functions_do_what_cards_in_and_move_do(rules):
    """Zone.cards(run, env, of) is cards_in(run, env, zone, of) for every zone of the game and
    any `of` (none: `me`; a player; a list of players, one twice; a card's uid, which holds no
    zone), a Team's zone and a shared one too; Zone.put(run, uid, owner) leaves the state
    move() leaves, for an owner and for none."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.piles import cards_in, move
    from mayhem.runtime.kernel.rules import Zone
    game = _game(rules, seed=5)
    run = Run(game, [])
    zones = dict(rules.zones)
    zones["pool"] = Zone("pool", None, False, "public", None, None)
    zones["bank"] = Zone("bank", "team", False, "public", None, None)
    game.state.zones["pool"] = [1, 2]
    for zone in zones.values():
        for of in (None, "p1", "p2", ["p2", "p1", "p2"], [], 4):
            env = {"ctx:me": "p2"}
            ours = copy.copy(rules)
            ours.zones = zones
            run.rules = ours
            assert zone.cards(run, env, of) == cards_in(run, env, zone.id, of), (zone.id, of)
    run.rules = rules
    for zone in rules.zones.values():
        for owner in ("p1", "p2", None):
            states = []
            for special in (True, False):
                trial = _game(rules, seed=5)
                trial_run = Run(trial, [])
                uid = trial.state.zones["hand/p1"][0]
                if special:
                    assert rules.zones[zone.id].put(trial_run, uid, owner) is True
                else:
                    move(trial_run, uid, zone.id, owner)
                states.append(trial.state.to_json())
            assert states[0] == states[1], (zone.id, owner)


def test_one_card_drawn_is_the_pile_s_first_and_an_empty_pile_is_reshuffled(rules):
    """draw(me, 1) written out takes the first card of the player's deck to the end of their
    hand; with the deck empty, the discard pile is shuffled into it first (draw's own path)."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.piles import draw
    game = _game(rules)
    run, state = Run(game, []), game.state
    deck, hand = state.zones["deck/p1"], state.zones["hand/p1"]
    first, before = deck[0], list(hand)
    draw(run, {"ctx:me": "p1"}, "p1", 1)
    assert hand == before + [first] and state.places[first] == "hand/p1" and first not in deck
    state.zones.setdefault("discard/p1", [])
    for uid in list(deck):  # the deck emptied into the discard pile
        state.zones["discard/p1"].append(uid)
        deck.remove(uid)
        state.places[uid] = "discard/p1"
    count = len(state.zones["discard/p1"])
    draw(run, {"ctx:me": "p1"}, "p1", 1)
    assert len(state.zones["deck/p1"]) == count - 1 and not state.zones["discard/p1"]
    assert any(entry.get("event") == "reshuffle" for entry in state.log)


def test_the_counters_reset_are_the_counter_s_own_keys_only(rules):
    """A counter reset at an event sets its own key and its holders' keys (`plays`,
    `plays/p1`, `plays/#3`) to its start, in their places in the dict, and no other counter
    whose name only begins alike (`plays-left/p1`, `playsx`) nor another counter's."""
    game = _game(rules)
    counters = game.state.counters
    counters.clear()
    counters.update({"hp/p1": 4, "plays": 3, "plays/p1": 2, "plays-left/p1": 7, "playsx": 1, "plays/#3": 5,
                     "hp/p2": 1})
    game._reset("turn-end")
    assert list(counters.items()) == [("hp/p1", 4), ("plays", 0), ("plays/p1", 0), ("plays-left/p1", 7),
                                      ("playsx", 1), ("plays/#3", 0), ("hp/p2", 1)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sole_action_s_menu_is_menu_s(rules, players):
    """sole_menu gives the actions and texts menu() gives, at every choice of an action of
    seeded games (hands with copies of one card, alike and, once a copy carries a counter,
    told apart; an empty hand; no play left)."""
    import random
    from mayhem.runtime.kernel.actions import menu, sole_listing, sole_menu
    seen_copies = 0
    for seed in range(8):
        game, pick = _game(rules, seed=seed, players=players), random.Random(seed)
        sole = sole_listing(game)
        assert sole is not None and sole[0] == "play"
        decision = game.decision
        while decision is not None:
            if decision.kind == "action":
                ours, theirs = sole_menu(game, *sole), menu(game)
                assert ours == theirs
                seen_copies += len(ours[1]) < len(game.state.zones.get(f"hand/{game.state.active}", []))
            for hand in ("hand/p1", "hand/p2"):  # a counter on a card now and then: copies that differ
                cards = game.state.zones.get(hand) or []
                if cards and pick.random() < 0.05:
                    game.state.counters[f"damage/#{cards[-1]}"] = 1
            decision = game.act(pick.choice(decision.actions))
    assert seen_copies  # copies alike were merged at some menu


def test_play_out_s_pick_answers_as_choose_would(rules):
    """play_out(choose, pick): a pick giving choose's answer by its place plays the game
    choose alone plays (the same history, log and result)."""
    import random
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    config = KernelConfig(players=3, seed=11, decks=sorted(rules.decks)[:3])
    games = []
    for with_pick in (True, False):
        game, gen = KernelGame(rules, config), random.Random(4)
        if with_pick:
            game.play_out(lambda d: d.actions[0], lambda d: gen.randrange(len(d.actions)))
        else:
            game.play_out(lambda d: d.actions[gen.randrange(len(d.actions))])
        games.append(game)
    assert games[0].history == games[1].history and games[0].state.log == games[1].state.log
    assert games[0].state.result == games[1].state.result and games[0].history
