"""Who hears an event, a seventh round on the events (issue #11, speed, mspeed19).

A listener on a figure whose condition opens with `event.F is self` (or `is holder`, for a
token a character holds) can run only when the event is about its own figure: listeners()
looks for it on that figure alone (heard.subject_of); one that opens with `event.F is not
holder`, never on that figure. Held here to seeded games: every
listener left out is one whose condition says no, the others come in the same order.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.heard import common_subject, subject_of
from mayhem.runtime.state import Pending

from game_helpers import random_steps

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def _is(field: str, ctx: str, negated: bool = False) -> dict:
    return {"e": "is", "l": {"e": "event", "name": field}, "r": {"e": "ctx", "name": ctx}, "negated": negated}


_MORE = {"e": "cmp", "op": ">", "l": {"e": "ctx", "name": "pending"}, "r": {"e": "num", "v": 0}}


@pytest.mark.parametrize("when,ctx,field", [
    (_is("figure", "self"), ("self",), "figure"),
    ({"e": "and", "items": [_is("target", "holder"), _MORE]}, ("holder", "self"), "target"),
    ({"e": "and", "items": [_MORE, _is("target", "holder")]}, ("holder", "self"), None),  # not its first term
    (_is("figure", "holder", negated=True), ("holder", "self"), None),  # `figure is not holder`
    (_is("target", "holder"), ("self",), None),  # a Special Ability's Env has no holder
    ({"e": "is", "l": {"e": "event", "name": "figure"}, "r": {"e": "relation", "name": "friend"},
      "negated": False}, ("self",), None),
    (None, ("self",), None),
])
def test_the_subject_is_an_identity_the_condition_asks_first(when, ctx, field):
    assert subject_of({"when": when}, ctx) == field


def test_a_negated_identity_is_asked_for_apart():
    """`figure is not holder ...` (Flee): its listener on the event's figure itself never runs."""
    when = {"e": "and", "items": [_is("figure", "holder", negated=True), _MORE]}
    assert subject_of({"when": when}, ("holder", "self"), negated=True) == "figure"
    assert subject_of({"when": when}, ("holder", "self")) is None
    assert subject_of({"when": _is("figure", "holder")}, ("holder", "self"), negated=True) is None


def test_a_subject_is_common_only_when_every_trigger_has_the_same():
    fig, target = {"when": _is("figure", "self")}, {"when": _is("target", "self")}
    assert common_subject([fig, fig], ("self",)) == "figure"
    assert common_subject([fig, target], ("self",)) is None
    assert common_subject([fig, {"when": None}], ("self",)) is None
    assert common_subject([], ("self",)) is None


def _key(listener: tuple) -> tuple:
    """A listener (trigger, Env) by what it is: its trigger, component, figure, holder, owner."""
    trigger, env = listener
    return id(trigger), env.source, id(env.self_fig), id(env.holder), env.owner


def _says_no(eng, trigger, env, params) -> bool:
    when, asks, _body = eng.code.trigger(trigger)
    assert not asks  # (an identity first: such a condition asks no one before it says no)
    copy = env.child(event={**params, "$tags": frozenset()}, pending=Pending(2, frozenset()))
    return not when(eng, copy)


@pytest.mark.parametrize("box,mode,seed", [("teen-titans-go", "standard", 1), ("looney-tunes", "standard", 2),
                                           ("teen-titans-go", "free-for-all", 3)])
def test_a_listener_left_out_is_one_whose_condition_says_no(rules, box, mode, seed):
    game = Game(rules, GameConfig(box, mode=mode, seed=seed), record=False)
    eng = game.engine
    events = sorted({t["event"] for c in eng.rules.by_qid.values() if c["kind"] in ("token", "special-ability")
                     for t in c["triggers"]})
    left_out = kept = 0
    for steps in random_steps(game, seed, 400):
        if steps % 5:
            continue
        for event in events:
            here = eng.heard_in_game(event)
            if here.token_subject is None and here.ability_subject is None and here.token_other is None \
                    and here.ability_fields is None:
                continue
            chars = eng._holders.characters(here.token_list)
            every = eng._figure_listeners(event, here, dict(chars))
            for fig in [f for f in eng.state.figures.values() if f.kind == "character"]:
                params = {"figure": fig, "target": fig, "attacker": fig, "location": fig.location}
                found = [_key(x) for x in eng._figure_listeners(event, here, dict(chars), params)]
                it = iter(map(_key, every))  # the same order: `found` is a part of `every`
                assert all(any(x == y for y in it) for x in found), (event, fig.key)
                for trigger, env in every:
                    if _key((trigger, env)) not in found:
                        assert _says_no(eng, trigger, env, params), (event, fig.key, env.source)
                        left_out += 1
                    elif env.self_fig is fig:
                        kept += 1
    assert left_out > 0 and kept > 0  # the filter was at work, and a figure's own listeners still heard


def test_a_tokens_listener_on_the_events_figure_is_still_heard(rules):
    """A token that hears `damage` of its holder alone (`target is holder`): placed on a
    character mid-game, it is found for that character's Damage, and for no other's."""
    game = Game(rules, GameConfig("teen-titans-go", seed=4), record=False)
    eng = game.engine
    for _ in random_steps(game, 4, 60):
        pass
    here = eng.heard_in_game("damage")
    assert here.token_subject == "target"
    figs = [f for f in eng.state.figures.values() if f.kind == "character" and f.location is not None]
    holder, other = figs[0], figs[1]
    token = next(t for t in here.token_list if eng.triggers_of(eng.rules.tokens[t])["damage"])
    for fig in figs:  # no one holds it, then `holder` does (its store tells who holds which token)
        for key in [k for k in fig.tokens if k[0] == token]:
            del fig.tokens[key]
    assert not eng._holders.characters(here.token_list)
    holder.tokens[(token, holder.team, None)] = 1

    def sources(fig):
        chars = eng._holders.characters(here.token_list)
        return [env.source for _t, env in eng._figure_listeners("damage", here, chars, {"target": fig})
                if env.holder is holder]
    assert token in sources(holder)
    assert token not in sources(other)


def test_an_event_one_token_alone_hears_asks_who_holds_it(rules, monkeypatch):
    """Looney Tunes' `recovery` is heard by the Poison token alone (`Heard.token_alone`): emit()
    asks the holders' index before listeners(). Nothing holds one: no listener; a Poison token
    put on a character mid-game (its store tells the index): its listener runs."""
    game = Game(rules, GameConfig("looney-tunes", seed=2), record=False)
    eng = game.engine
    for _ in random_steps(game, 2, 40):
        pass
    st = eng.state
    st.temp_triggers = []
    here = eng.heard_in_game("recovery")
    token = here.token_alone
    assert token is not None and token.endswith(":poison")
    for place in [*eng.state.figures.values(), *st.board.locations]:
        for key in [k for k in place.tokens if k[0] == token]:
            del place.tokens[key]
    ran = []

    def body(e, env):
        ran.append(env)
        return iter(())
    for trigger in eng.triggers_of(eng.rules.tokens[token])["recovery"]:
        monkeypatch.setitem(eng.code.compiled_triggers, id(trigger), ((lambda e, env: True), False, body))
    fig = next(f for f in st.figures.values() if f.kind == "character" and f.location is not None)
    assert list(eng.emit("recovery", {"figure": fig})) == [] and ran == []
    fig.tokens[(token, fig.team, None)] = 1
    list(eng.emit("recovery", {"figure": fig}))
    assert [env.holder for env in ran] == [fig]
