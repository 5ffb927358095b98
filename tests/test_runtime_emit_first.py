"""emit() asks its listeners' conditions up to the first that holds before making any generator
(issue #11, speed): an event whose every listener says no gives the finished iterator, and
runs nothing; the first that says yes runs, and the later ones are asked after its body, as
run_listeners asks them; a condition that can ask a decision is left to run_listeners. In
seeded games, emit gives a generator exactly when a plain walk of its listeners finds one
whose checks and condition hold.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's listeners: tests/test_kernel_listeners.py and test_kernel_events_speed.py."""
from __future__ import annotations

import pytest

from mayhem.runtime import events
from mayhem.runtime.effects import make_env
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game

from game_helpers import everyone_on_the_board, random_steps

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def listening(rules, monkeypatch, conditions: list):
    """A game whose event `test-event` is heard by one listener per condition (a function of the
    engine, or None: no condition); `ran` records the bodies run, `asked` the conditions asked."""
    game = everyone_on_the_board(rules)
    eng = game.engine
    ran, asked, found = [], [], []
    for n, cond in enumerate(conditions):
        t = {"op": "trigger", "event": "test-event", "when": None, "body": [], "span": f"test.mh:{n + 1}:1-1:9"}

        def body(e, env, n=n):
            ran.append(n)
            return ()

        def when(e, env, n=n, cond=cond):
            asked.append(n)
            return cond(e)
        eng.code.compiled_triggers[id(t)] = (None if cond is None else when, False, body)
        eng.code._kept.append(t)
        found.append((t, make_env("p1", None)))
    here = eng.heard_in_game("test-event")
    here.heard, here.reactions, here.silent = True, frozenset(), False
    monkeypatch.setattr(eng, "listeners", lambda event, params, here=None: list(found))
    here.gather = lambda eng, params: list(found)  # (what listeners() gives with no installed trigger)
    return eng, ran, asked


def test_every_listener_saying_no_gives_the_finished_iterator(rules, monkeypatch):
    eng, ran, asked = listening(rules, monkeypatch, [lambda e: False, lambda e: False])
    it = eng.emit("test-event", {})
    assert it is events.NOTHING  # no generator made
    assert asked == [0, 1] and ran == []


def test_the_first_that_holds_runs_and_the_later_are_asked_after_it(rules, monkeypatch):
    state = {"open": False}

    def opens(e):
        state["open"] = True  # stands for a body that changes what the next condition reads
        return True
    eng, ran, asked = listening(rules, monkeypatch, [lambda e: False, opens, lambda e: state["open"], None])
    it = eng.emit("test-event", {})
    assert it is not events.NOTHING
    assert asked == [0, 1] and ran == []  # asked up to the first that holds; nothing run yet
    assert list(it) == []
    assert asked == [0, 1, 2] and ran == [1, 2, 3]  # its condition not asked twice


@pytest.mark.parametrize("box,seed", [("teen-titans-go", 11), ("looney-tunes", 12)])
def test_emit_gives_a_generator_exactly_when_a_listener_is_to_run(rules, box, seed, monkeypatch):
    real = events.EventsMixin.emit
    seen = {"nothing": 0, "runs": 0}

    def checked(self, event, params, pending=None, source=None):
        st = self.state
        to_run = False
        if st.winners is None:
            here = self.heard_in_game(event)
            found = self.listeners(event, params, here) if here.heard or st.temp_triggers else []
            for trigger, base in found:  # a plain walk: checks, then the condition (none asks here)
                env = base if base.until is None else base.child()
                env.event, env.pending = {**params, "$tags": pending.tags if pending else frozenset()}, pending
                spec = base.locals.get("$special") if base.locals else None
                stands = base.locals.get("$stands") if base.locals else None
                if spec is not None and not self.special_available(base.self_fig, spec):
                    continue
                if stands is not None and stands.location != base.here:
                    continue
                when, asks, _body = self.code.trigger(trigger)
                if when is None or asks or when(self, env):
                    to_run = True
                    break
            reacts = bool(here.reactions) and self.reaction_in_hand(here.reactions)
        it = real(self, event, params, pending, source)
        if st.winners is None and not reacts:
            assert (it is not events.NOTHING) == to_run, event
            seen["runs" if to_run else "nothing"] += 1
        return it

    monkeypatch.setattr(events.EventsMixin, "emit", checked)
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    for _step in random_steps(game, seed, 300):  # every event of 300 steps through checked()
        pass
    assert seen["nothing"] > 0 and seen["runs"] > 0
