"""Events no component of this game can hear (issue #11, speed, mspeed12), held to what the
game actually holds:

- `game_boxes()` names the box of every figure, card and token a game holds, at any point of
  seeded games of each box, in the standard and Competitive modes (a Competitive team list
  brings another box's characters and cards), and is worked out again when a figure of a box it
  did not name comes into the game;
- an event heard only by another box's cards (the GO! Missions' `update` in Looney Tunes, the
  Teen Titans GO! Reaction to `activate`) is `silent` there: emit() returns the finished iterator
  without asking listeners() or the hands, and the same event is not silent in the box whose
  cards hear it.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime import events, hearing
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.hearing import box_of
from mayhem.runtime.state import Figure

from game_helpers import everyone_on_the_board, played_until_everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def _recording_body(ran: list):
    """A listener's compiled body that keeps the Env it runs in and writes a local into it."""
    def body(e, env):
        ran.append(env)
        env.locals["mine"] = 1
        return iter(())
    return body


def team_lists(ir) -> dict:
    """Competitive Mode's example team lists (one character of each box per Team), as
    bench/simulate.py's Competitive row plays them."""
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics

    lists = {}
    for colour, name in zip(("black", "white"), ("titans-and-taz.mh", "toons-and-raven.mh")):
        diags = Diagnostics()
        team = load_team(ROOT / "examples" / "teams" / name, ir, diags)
        assert team is not None and not diags.has_errors()
        lists[colour] = team.to_config()
    return lists


def held_boxes(eng) -> set[str]:
    """The boxes of everything the game holds now: figures, cards in any zone, tokens in any store."""
    st = eng.state
    found = {box_of(f.comp["qid"]) for f in st.figures.values()}
    found |= {box_of(q) for cards in st.zones.values() for q in cards}
    stores = [f.tokens for f in st.figures.values()] + [t.tokens for t in st.teams.values()]
    if st.board is not None:
        stores += [loc.tokens for loc in st.board.locations]
    found |= {box_of(key[0]) for store in stores for key in store}
    return found


@pytest.mark.parametrize("box,mode,seed", [("looney-tunes", "standard", 3), ("teen-titans-go", "standard", 4),
                                           ("teen-titans-go", "competitive", 5), ("looney-tunes", "competitive", 6),
                                           ("looney-tunes", "free-for-all", 7)])
def test_the_games_boxes_hold_everything_it_holds(rules, ir, box, mode, seed):
    lists = team_lists(ir) if mode == "competitive" else None
    game = Game(rules, GameConfig(box, seed=seed, mode=mode, team_lists=lists), record=False)
    decision = game.start()
    pick = random.Random(seed)
    eng = game.engine
    checked = 0
    while decision is not None and checked < 600:
        held = held_boxes(eng)
        assert held <= eng.game_boxes(), (held - eng.game_boxes(), checked)
        decision = game.act(pick.choice(decision.actions))
        checked += 1
    assert checked > 50
    if mode == "competitive":  # a Team of each box: both boxes are the game's
        assert {"looney-tunes", "teen-titans-go"} <= eng.game_boxes()
    else:
        assert eng.game_boxes() == {"shared", box}


def test_a_figure_of_another_box_coming_in_is_heard(rules):
    eng = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    assert "teen-titans-go" not in eng.game_boxes()
    assert eng.heard_in_game("update").silent  # only the GO! Missions hear it
    some = next(f for f in eng.state.figures.values() if f.kind == "character")
    raven = rules.characters["teen-titans-go"]["raven"]
    eng.state.figures["newcomer"] = Figure("newcomer", "character", some.team, raven, raven, 10)
    assert "teen-titans-go" in eng.game_boxes()  # made again for the figures as they are now
    # its box's Missions could now lie in play: `update` is listened for again
    assert not eng.heard_in_game("update").silent


def emit_asks_no_one(eng, monkeypatch, event: str, params: dict) -> None:
    eng.state.temp_triggers = []
    monkeypatch.setattr(hearing.HearingMixin, "listeners", lambda *a, **k: pytest.fail("listeners() was asked"))
    monkeypatch.setattr(events.EventsMixin, "reaction_in_hand", lambda *a, **k: pytest.fail("the hands were asked"))
    assert eng.emit(event, params) is events.NOTHING


def test_an_event_only_another_boxs_cards_hear_is_silent(rules, monkeypatch):
    loony = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    titans = everyone_on_the_board(rules, "teen-titans-go", teams=None).engine
    # the rules' index: a GO! Mission hears `update`, a Teen Titans GO! Reaction answers `activate`
    assert loony.hearing("update")["in-play"] and loony.hearing("activate")["reactions"]
    for event in ("update", "activate"):
        assert loony.heard_in_game(event).silent, event
        assert not titans.heard_in_game(event).silent, event
    # a Teen Titans GO! card put in a Looney Tunes hand would not be answered: the game cannot hold one
    fig = next(f for f in loony.state.figures.values() if f.kind == "character")
    emit_asks_no_one(loony, monkeypatch, "activate", {"figure": fig})
    emit_asks_no_one(loony, monkeypatch, "update", {})


def test_an_installed_trigger_still_hears_a_silent_event(rules):
    eng = everyone_on_the_board(rules, "looney-tunes", teams=None).engine
    assert eng.heard_in_game("update").silent
    ran = []
    trigger = {"op": "trigger", "event": "update", "when": None, "body": [], "span": "test.mh:1:1-1:9"}
    eng.code.compiled_triggers[id(trigger)] = (None, False, lambda e, env: ran.append(env) or ())
    eng.code._kept.append(trigger)
    eng.install(trigger, eng.fig_env(next(iter(eng.state.figures.values()))), "turn-end")
    list(eng.emit("update", {}))
    assert len(ran) == 1
    eng.state.temp_triggers[0].alive = False
    list(eng.emit("update", {}))
    assert len(ran) == 1


def test_a_kept_listener_runs_in_a_copy_of_its_env(rules, monkeypatch):
    """The cards in play's listeners of `update` are kept from one event to the next; their Envs
    ask conditions only: a body runs in a copy, so what it binds never reaches the next event."""
    eng = everyone_on_the_board(rules, "teen-titans-go", teams=None).engine
    st = eng.state
    st.temp_triggers = []
    here = eng.heard_in_game("update")
    assert here.only_in_play
    mission = sorted(here.in_play)[0]  # a card that hears `update`, put in the first Team's play
    for cards in st.zones.values():
        if mission in cards:
            cards.remove(mission)
    st.zones.setdefault(eng.in_play_flat()[1][0], []).append(mission)
    kept = eng.keep_in_play("update", {}, here)[2]
    assert kept, "a Mission that hears `update` lies in play"
    trigger, kept_env = kept[0]
    ran = []
    body = _recording_body(ran)
    # the session's rules are shared: the content's trigger is given back its compiled form after the test
    monkeypatch.setitem(eng.code.compiled_triggers, id(trigger), (lambda e, env: True, False, body))
    kept = eng.keep_in_play("update", {}, here)[2]  # kept again: the kept listeners hold their compiled triggers
    trigger, kept_env = kept[0]
    for _ in range(2):
        list(eng.emit("update", {}))
    assert here.kept[2] is kept  # the zones hold the same cards: the same listeners
    assert len(ran) == 2 and all(env is not kept_env and env.card is kept_env.card for env in ran)
    assert "mine" not in kept_env.locals and ran[0] is not ran[1]
    # a card leaving play: the listeners are found again, without it
    st.zones[eng.in_play_flat()[1][0]].remove(mission)
    list(eng.emit("update", {}))
    assert here.kept[2] is not kept and all(env.card["qid"] != mission for _, env in here.kept[2])
    assert len(ran) == 2


def test_a_special_abilitys_kept_listener_runs_in_a_copy(rules, monkeypatch):
    """A Special Ability's listener Env is made once per game (`Heard.abilities`, its `until` the
    KEPT mark) and asks conditions only: the body runs in a copy whose `until` is None (as a
    listener made for one event has), with its own locals, never in the kept one."""
    eng = None
    for seed in range(3, 12):  # a game with a character whose Special Ability hears an event
        game, d = played_until_everyone_on_the_board(rules, "looney-tunes", seed)
        heard = [(e, game.engine.heard_in_game(e)) for e in ("attack", "enter", "damage", "recovery")]
        heard = [(e, h) for e, h in heard if h.abilities]
        if d is not None and heard:
            eng = game.engine
            break
    assert eng is not None
    event, here = heard[0]
    fig, spec, kept = here.abilities[0]
    trigger, kept_env = kept[0]
    assert kept_env.until is hearing.KEPT and kept_env.locals == {"$special": spec}
    ran = []
    body = _recording_body(ran)
    monkeypatch.setitem(eng.code.compiled_triggers, id(trigger), (lambda e, env: True, False, body))
    eng.state.temp_triggers = []
    fig.special_used.clear()
    params = {"figure": fig, "target": fig, "attacker": fig, "location": fig.location}
    found = eng.listeners(event, params, here)
    assert any(env is kept_env for _, env in found)  # listeners() gives the kept Env itself
    real = eng.listeners
    eng.listeners = lambda event, params, here=None: [x for x in real(event, params, here) if x[0] is trigger]
    eng.reaction_in_hand = lambda cards: False
    for _ in range(2):
        fig.special_used.clear()  # a Special Ability used `once` a turn: available again
        assert list(eng.emit(event, params)) == []
    assert eng.heard_in_game(event).abilities[0][2][0][1] is kept_env  # kept from one event to the next
    assert len(ran) == 2 and ran[0] is not ran[1] and all(env is not kept_env for env in ran)
    assert all(env.until is None and env.self_fig is fig and env.locals["$special"] is spec for env in ran)
    assert "mine" not in kept_env.locals and kept_env.until is hearing.KEPT


def plain_count(eng, token: str, of: str) -> int:
    """The pieces of `token` Team `of` placed on the board's Locations, read store by store."""
    return sum(loc.tokens.owned.get((token, of), 0) for loc in eng.state.board.locations)


def test_the_boards_tally_follows_every_write(rules):
    """`count_tokens(T, every Location, of: TEAM)` reads the board's tally, which each
    Location's store keeps as it is written (put, removed, set or deleted directly), and which
    is made again for a new board."""
    eng = everyone_on_the_board(rules, "teen-titans-go", teams=None).engine
    st = eng.state
    everywhere = list(range(len(st.board.locations)))
    token = next(t for t in sorted(eng.rules.tokens) if eng.matching(t) == {t})  # a token of no group
    colour = st.order[0]
    assert eng.count_tokens(token, everywhere, colour) == plain_count(eng, token, colour)
    tally = eng.board_tally()[2]
    assert st.board.locations[0].tokens.tally is tally  # the stores are attached
    store = st.board.locations[2].tokens
    store[(token, colour, None)] += 3
    st.board.locations[5].tokens[(token, colour, colour)] = 2
    assert eng.count_tokens(token, everywhere, colour) == plain_count(eng, token, colour) >= 5
    del store[(token, colour, None)]
    st.board.locations[5].tokens.clear()
    assert eng.count_tokens(token, everywhere, colour) == plain_count(eng, token, colour)
    assert eng.count_tokens(token, everywhere[:3], colour) == sum(
        st.board.locations[i].tokens.owned.get((token, colour), 0) for i in range(3))  # not every Location: walked
    # a new board: the tally is made again from its stores
    from mayhem.runtime.board import Board
    rows = [len(st.board.locations)]
    st.board = Board(rows, [(loc.comp, loc.slots) for loc in st.board.locations])
    st.board.locations[1].tokens[(token, colour, None)] = 4
    assert eng.count_tokens(token, everywhere, colour) == 4
