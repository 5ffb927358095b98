"""The listeners of one event run in order, and what an earlier one did is seen by the later
ones (issue #11, speed: the checks are made only once a listener's body has run): a card that
an earlier listener sent out of play, an installed trigger it ended, a game it ended, stop the
later listeners; a first listener runs at once.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's listeners in order: tests/test_kernel_listeners.py and test_kernel_events.py."""
from __future__ import annotations

import pytest

from mayhem.runtime.effects import make_env
from mayhem.runtime.state import TempTrigger, zone_key

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def trigger(n: int) -> dict:
    return {"op": "trigger", "event": "test-event", "when": None, "body": [], "span": f"test.mh:{n}:1-{n}:9"}


def setup(rules, bodies: list):
    """A game, and one listener per body: body(eng) runs as the listener's body (the
    compiled trigger stands in for content)."""
    game = everyone_on_the_board(rules)
    eng = game.engine
    ran = []
    found = []
    for n, body in enumerate(bodies):
        t = trigger(n + 1)

        def run(e, env, n=n, body=body):
            ran.append(n)
            body(e)
            return ()
        eng.code.compiled_triggers[id(t)] = (None, False, run)
        eng.code._kept.append(t)
        found.append((t, make_env("p1", None)))
    return game, eng, found, ran


def run(eng, found):
    assert list(eng.run_listeners("test-event", {}, None, found)) == []


def test_a_card_an_earlier_listener_sent_out_of_play_does_not_hear(rules):
    gone = []  # what the first listener does: the card leaves play
    game, eng, found, ran = setup(rules, [lambda e: gone[0](), lambda e: None, lambda e: None])
    colour = game.state.order[0]
    key = zone_key(eng.rules.in_play[0], colour)
    assert game.state.zones.get(key), "the Team has a card in play"
    card = eng.rules.by_qid[game.state.zones[key][0]]
    for _t, env in found[1:]:
        env.card, env.team = card, colour
    gone.append(lambda: game.state.zones[key].remove(card["qid"]))
    run(eng, found)
    assert ran == [0]


def test_a_card_still_in_play_hears(rules):
    game, eng, found, ran = setup(rules, [lambda e: None, lambda e: None])
    colour = game.state.order[0]
    key = zone_key(eng.rules.in_play[0], colour)
    card = eng.rules.by_qid[game.state.zones[key][0]]
    for _t, env in found:
        env.card, env.team = card, colour
    run(eng, found)
    assert ran == [0, 1]


def test_an_installed_trigger_an_earlier_listener_ended_does_not_run(rules):
    ends = []  # what the first listener does: the installed trigger ends
    game, eng, found, ran = setup(rules, [lambda e: ends[0](), lambda e: None])
    installed = TempTrigger(found[1][0], None, "turn-end")
    found[1] = (found[1][0], found[1][1].child(until=installed))
    ends.append(lambda: setattr(installed, "alive", False))
    run(eng, found)
    assert ran == [0]


def test_no_listener_runs_once_an_earlier_one_ended_the_game(rules):
    game, eng, found, ran = setup(rules, [lambda e: setattr(e.state, "winners", ["black"]), lambda e: None])
    try:
        run(eng, found)
        assert ran == [0]
    finally:
        game.state.winners = None
