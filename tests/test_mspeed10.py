"""Who hears an event, worked out faster (issue #11, speed, part 2), held to the plain walks it
replaces:

- an event heard by cards in play alone (`update` while the Teams' Missions do not hear it)
  calls listeners() only when the `in-play` zones changed since it last did (mspeed12: kept
  listeners), and what it keeps is the plain walk's; one no card of the game hears, never;
- the cards in play's listeners come from the per-game table of the cards that hear the event
  (card, its triggers), in the order and with the Envs of the plain walk of the Teams' zones;
- `count_tokens` of a Team adds its area and its characters' stores as the general loop does.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime import events, hearing
from mayhem.runtime.effects import make_env
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.state import zone_key

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def plain_in_play(eng, event: str) -> list:
    """The cards in play's listeners as the walk before the table found them: each Team in seat
    order, each of its `in-play` zones, each card whose qid the rules' index says hears it."""
    st, heard = eng.state, eng.hearing(event)["in-play"]
    out = []
    for colour in st.order:
        for zone in eng.rules.in_play:
            for qid in st.zones.get(zone_key(zone, colour)) or ():
                if qid in heard:
                    card = eng.rules.by_qid[qid]
                    for t in eng.triggers_of(card)[event]:
                        out.append((t, make_env(st.teams[colour].players[0], colour, owner=colour, card=card,
                                                source=qid)))
    return out


def play(rules, box: str, seed: int, steps: int = 400) -> Game:
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    decision = game.start()
    pick = random.Random(seed)
    n = 0
    while decision is not None and n < steps:
        decision = game.act(pick.choice(decision.actions))
        n += 1
    return game


FIELDS = ("controller", "team", "self_fig", "holder", "owner", "here", "source", "card", "until", "tags")


@pytest.mark.parametrize("box,seed", [("teen-titans-go", 5), ("looney-tunes", 6)])
def test_an_event_only_cards_in_play_hear_asks_listeners_only_when_the_zones_changed(rules, box, seed, monkeypatch):
    """An event only cards in play hear asks listeners() only when the `in-play` zones hold other
    cards than when it last did (mspeed12: the listeners are kept, `Heard.kept`), and the kept
    listeners are the plain walk's; an event no card of this game hears (`silent`) never asks."""
    real_emit, real_listeners = events.EventsMixin.emit, hearing.HearingMixin.listeners
    calls = []
    seen = {"skipped": 0, "asked": 0, "kept": 0}
    last = {}  # event -> what the in-play zones held when listeners() was last asked

    def spy(self, event, params, here=None):
        calls.append(event)
        return real_listeners(self, event, params, here)

    def held(eng):
        return [list(eng.state.zones.get(key) or ()) for key in eng.in_play_flat()[1]]

    def checked(self, event, params, pending=None, source=None):
        st = self.state
        here = self.heard_in_game(event) if st.winners is None else None
        lying = None
        if here is not None and here.only_in_play and not st.temp_triggers:
            lying = plain_in_play(self, event)
        elif here is not None and here.silent and not st.temp_triggers:  # no card of this game hears it
            assert plain_in_play(self, event) == [], event
            lying = []
        calls.clear()
        now = held(self)
        it = real_emit(self, event, params, pending, source)
        if lying is not None and here.silent:
            assert calls == [], event
            seen["skipped"] += 1
        elif lying is not None:
            if last.get(event) == now:  # the same cards in play as when last asked: not asked again
                assert calls == [], event
                seen["kept"] += 1
            else:
                assert calls == [event], event
                seen["asked"] += 1
                last[event] = now
            kept = here.kept[2]
            assert [t for t, _ in kept] == [t for t, _ in lying], event
            assert [[env.__dict__[f] for f in FIELDS] for _, env in kept] == \
                [[env.__dict__[f] for f in FIELDS] for _, env in lying], event
        return it

    monkeypatch.setattr(hearing.HearingMixin, "listeners", spy)
    monkeypatch.setattr(events.EventsMixin, "emit", checked)
    play(rules, box, seed)
    assert seen["skipped"] > 0
    if box == "teen-titans-go":  # its Missions hear `update`
        assert seen["asked"] > 0 and seen["kept"] > seen["asked"]


@pytest.mark.parametrize("box,seed", [("teen-titans-go", 7), ("teen-titans-go", 8)])
def test_the_cards_in_plays_listeners_are_the_plain_walks(rules, box, seed, monkeypatch):
    real = hearing.HearingMixin.listeners
    compared = {"n": 0}

    def checked(self, event, params, here=None):
        out = real(self, event, params, here)
        here = self.heard_in_game(event)
        if here.only_in_play:  # listeners() finds the cards in play and the installed triggers
            expected = plain_in_play(self, event)
            got = out[:len(expected)]
            assert [t for t, _ in got] == [t for t, _ in expected], event
            assert [env.__dict__ for _, env in got] == [env.__dict__ for _, env in expected], event
            assert all(env.__dict__ is not other.__dict__ and env.locals is not other.locals
                       for (_, env), (_, other) in zip(got[1:], got))  # one Env each, never shared
            compared["n"] += bool(expected)
        return out

    monkeypatch.setattr(hearing.HearingMixin, "listeners", checked)
    play(rules, box, seed)
    assert compared["n"] > 0


def test_the_in_play_table_holds_the_cards_the_index_says_hear_it(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=1), record=False)
    game.start()
    eng = game.engine
    here = eng.heard_in_game("update")
    index = eng.hearing("update")["in-play"]
    assert index and set(here.in_play_table) == set(index)
    for qid, (card, triggers) in here.in_play_table.items():
        assert card is rules.by_qid[qid]
        assert list(triggers) == eng.triggers_of(card)["update"]
    assert here.only_in_play  # nothing but the Missions hears `update`
    assert not eng.heard_in_game("enter").only_in_play  # tokens and Locations hear a figure entering


@pytest.mark.parametrize("box,seed", [("teen-titans-go", 9), ("looney-tunes", 10)])
def test_a_teams_count_of_tokens_is_the_walk_of_its_stores(rules, box, seed, monkeypatch):
    from mayhem.runtime import pieces
    real = pieces.PiecesMixin.count_tokens
    compared = {"n": 0, "some": 0}

    def checked(self, token, where, of):
        got = real(self, token, where, of)
        if isinstance(where, str) and where in self.state.teams:
            team = self.state.teams[where]
            stores = [team.tokens] + [self.state.figures[k].tokens for k in team.characters]
            counted = self.matching(token)
            walked = sum(n for store in stores for (tok, owner, _colour), n in store.items()
                         if tok in counted and (of is None or owner == of))
            assert got == walked, (token, where, of)
            compared["n"] += 1
            compared["some"] += bool(walked)
        return got

    monkeypatch.setattr(pieces.PiecesMixin, "count_tokens", checked)
    eng = play(rules, box, seed).engine
    colours = list(eng.state.teams)
    for token in rules.tokens:  # where the game stopped: every token, each Team, with and without `of`
        for colour in colours + ["nobody"]:
            for of in [None] + colours:
                eng.count_tokens(token, colour, of)
    assert compared["n"] > 0 and compared["some"] > 0


@pytest.mark.parametrize("box,seed", [("teen-titans-go", 11), ("looney-tunes", 12)])
def test_a_count_over_a_list_of_places_is_the_walk_of_their_stores(rules, box, seed, monkeypatch):
    from mayhem.runtime import pieces
    from mayhem.runtime.state import Figure
    real = pieces.PiecesMixin.count_tokens
    compared = {"n": 0, "some": 0}

    def walked(self, token, w, of) -> int:
        counted = self.matching(token)
        if isinstance(w, Figure):
            store = w.tokens
        else:
            store = self.state.board.locations[w].tokens
        n = sum(k for (tok, owner, _colour), k in store.items() if tok in counted and (of is None or owner == of))
        if of is None and not isinstance(w, Figure):
            n += sum(1 for t in self.state.token_pile(w) or () if t in counted)
        return n

    def checked(self, token, where, of):
        got = real(self, token, where, of)
        if isinstance(where, list) and all(isinstance(w, (Figure, int)) for w in where):
            assert got == sum(walked(self, token, w, of) for w in where), (token, where, of)
            compared["n"] += 1
            compared["some"] += bool(got)
        return got

    monkeypatch.setattr(pieces.PiecesMixin, "count_tokens", checked)
    eng = play(rules, box, seed).engine
    places = list(range(len(eng.state.board.locations))) + [f for f in eng.state.figures.values()]
    for token in rules.tokens:  # where the game stopped: every token over every place, by each Team and by anyone
        for of in [None, *eng.state.teams]:
            eng.count_tokens(token, places, of)
    assert compared["n"] > 0 and compared["some"] > 0
