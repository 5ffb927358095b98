"""The events, an eighth round (issue #11, speed, mspeed22).

An event's listeners come from one function generated per game and event (heard_gather.py),
its tables taken from the game's `Heard` as constants: held here to the walk part by part
(`listeners_walk`) at every emit of seeded games, the same (trigger, Env) pairs in the same
order (installed triggers after them), while tokens come and go on the board, figures move and
cards come into play; and to a
token put on a Location in the middle of a turn, a Location's listener whose figure stands
elsewhere, and a game whose figures change (its `Heard`, and the function, made again).

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime import events
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.state import Figure

from game_helpers import everyone_on_the_board, random_steps
from test_mspeed12 import team_lists

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def _same(got: list, walked: list) -> None:
    assert [id(t) for t, _ in got] == [id(t) for t, _ in walked]
    assert [env.__dict__ for _, env in got] == [env.__dict__ for _, env in walked]
    assert all(env is not other for (_, env), (_, other) in zip(got, walked) if env.until is None)  # Envs of its own


@pytest.mark.parametrize("box,mode,seed", [("teen-titans-go", "standard", 21), ("looney-tunes", "standard", 22),
                                           ("teen-titans-go", "free-for-all", 28),
                                           ("looney-tunes", "competitive", 24)])
def test_the_generated_listeners_are_the_walks_at_every_emit(rules, ir, box, mode, seed, monkeypatch):
    real = events.EventsMixin.emit
    seen = {"compared": 0, "found": 0, "installed": 0, "events": set()}

    def checked(self, event, params, pending=None, source=None):
        st = self.state
        if st.winners is None:
            here = self.heard_in_game(event)
            got = self.listeners(event, params, here)  # the generated function's, then the installed triggers
            _same(got, self.listeners_walk(event, params, here))
            if not st.temp_triggers:
                _same(here.gather(self, params), got)
            seen["installed"] += bool(st.temp_triggers)
            seen["compared"] += 1
            seen["found"] += bool(got)
            seen["events"].add(event)
        return real(self, event, params, pending, source)

    monkeypatch.setattr(events.EventsMixin, "emit", checked)
    lists = team_lists(ir) if mode == "competitive" else None
    game = Game(rules, GameConfig(box, mode=mode, seed=seed, team_lists=lists), record=False)
    for _ in random_steps(game, seed, 1500):
        pass
    assert seen["compared"] > 200 and seen["found"] > 20 and seen["installed"] > 0
    assert {"enter", "move", "recovery", "damage"} <= seen["events"]


def test_a_token_put_on_a_location_mid_turn_is_heard_there(rules):
    """A Trap token placed where a figure is about to enter: the generated listeners of `enter`
    read who holds it as it is now (holders.py), not as when they were made."""
    eng = everyone_on_the_board(rules).engine
    st = eng.state
    here = eng.heard_in_game("enter")
    trap = next(t for t in here.token_list if t.endswith(":trap"))
    fig = next(f for f in st.figures.values() if f.kind == "character")
    dest = next(i for i, loc in enumerate(st.board.locations) if i != fig.location and not loc.removed)
    before = [env.source for _, env in here.gather(eng, {"figure": fig, "location": dest})]
    assert trap not in before
    st.board.locations[dest].tokens[(trap, st.order[0], st.order[0])] = 1  # (its store tells holders.py)
    after = here.gather(eng, {"figure": fig, "location": dest})
    assert [env.source for _, env in after].count(trap) == 1
    _same(after, eng.listeners_walk("enter", {"figure": fig, "location": dest}, here))
    assert eng.heard_in_game("enter") is here  # the same Heard and function: only the holders changed


def test_a_figure_coming_in_makes_the_function_again(rules):
    """A character of another box comes into a Looney Tunes game: `recovery`'s `Heard` is made
    again with its Special Ability, and so is its function, which now hears it."""
    eng = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    st = eng.state
    first = eng.heard_in_game("recovery")
    some = next(f for f in st.figures.values() if f.kind == "character")
    raven = rules.characters["teen-titans-go"]["raven"]
    st.figures["newcomer"] = fig = Figure("newcomer", "character", some.team, raven, raven, 10)
    fig.location = some.location
    again = eng.heard_in_game("recovery")
    assert again is not first and again.gather is not first.gather
    params = {"figure": fig}
    found = again.gather(eng, params)
    assert any(env.self_fig is fig for _, env in found)  # Raven's Special Ability hears its own recovery
    assert not any(env.self_fig is fig for _, env in first.gather(eng, params))
    _same(found, eng.listeners_walk("recovery", params, again))


@pytest.mark.parametrize("box,mode,seed", [("looney-tunes", "standard", 25), ("teen-titans-go", "standard", 26),
                                           ("looney-tunes", "competitive", 27)])
def test_an_event_told_quiet_is_one_nothing_hears(rules, ir, box, mode, seed):
    """`quiet` (the events a caller may skip, EventsMixin.quiet): at every step of seeded games,
    while the figures are as many as when it was told, each event in it has a silent `Heard` and
    no installed trigger waits."""
    lists = team_lists(ir) if mode == "competitive" else None
    game = Game(rules, GameConfig(box, mode=mode, seed=seed, team_lists=lists), record=False)
    eng = game.engine
    told = 0
    for _ in random_steps(game, seed, 1500):
        st = eng.state
        if eng.quiet_count == len(st.figures):
            assert not st.temp_triggers or not eng.quiet
            for event in eng.quiet:
                assert eng.heard_in_game(event).silent, event
            told += len(eng.quiet)
    assert told > 0


def test_an_installed_trigger_or_a_figure_coming_in_ends_quiet(rules):
    """An installed trigger may hear any event: install() empties `quiet`; a figure coming in
    (its box's components may hear what was silent) leaves it told for another count of figures."""
    eng = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    st = eng.state
    assert list(eng.emit("update", {})) == []  # only the GO! Missions hear it: none in this game
    assert "update" in eng.quiet and eng.quiet_count == len(st.figures)
    some = next(f for f in st.figures.values() if f.kind == "character")
    raven = rules.characters["teen-titans-go"]["raven"]
    st.figures["newcomer"] = Figure("newcomer", "character", some.team, raven, raven, 10)
    assert eng.quiet_count != len(st.figures)  # a caller asks emit() again
    assert not eng.heard_in_game("update").silent  # and the newcomer's box's Missions could hear it
    del st.figures["newcomer"]
    eng.heard_in_game("update")
    list(eng.emit("turn-end", {"figure": some}))
    assert "turn-end" in eng.quiet
    trigger = {"op": "trigger", "event": "turn-end", "when": None, "body": [], "span": "test.mh:1:1-1:9"}
    eng.install(trigger, eng.fig_env(some), "turn-end")
    assert eng.quiet == frozenset()


def test_what_the_rules_say_for_a_games_boxes_is_read_once_per_set_of_boxes(rules):
    """heard_in_game() reads the rules' index for the game's boxes once per set of boxes
    (`_heard_for_boxes`): a second game of the same boxes shares it, a game whose boxes differ
    (a character of another box comes in) reads its own, and hears what that box brings."""
    first = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    second = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    a, b = first.heard_in_game("update"), second.heard_in_game("update")
    assert a is not b and a.in_play_table is b.in_play_table and not a.in_play  # shared; no GO! Mission here
    st = second.state
    some = next(f for f in st.figures.values() if f.kind == "character")
    raven = rules.characters["teen-titans-go"]["raven"]
    st.figures["newcomer"] = Figure("newcomer", "character", some.team, raven, raven, 10)
    c = second.heard_in_game("update")
    assert c.in_play and c.in_play_table is not a.in_play_table  # the GO! Missions of its box hear it now
    assert not first.heard_in_game("update").in_play  # the first game's boxes read as before
