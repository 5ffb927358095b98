"""Who hears an event, kept from one emit to the next (issue #11, speed, mspeed15), held to
listeners that appear in the middle of a game: each test first lets emit() keep what it
knows (the cards in play's listeners, who holds a token, the figures on the board, the
Reaction cards in the hands), then changes the game the way play does and emits again. A
cache gone stale would miss the newcomer: the recording listener would not run.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime.hearing import box_of
from mayhem.runtime.rules import prop

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def _recording(ran: list):
    """A listener's compiled form (condition, asks, body) whose condition holds and whose body
    keeps the Env it runs in."""
    def body(e, env):
        ran.append(env)
        return iter(())
    return (lambda e, env: True), False, body


@pytest.fixture
def eng(rules):
    eng = everyone_on_the_board(rules, "teen-titans-go", teams=None).engine
    eng.state.temp_triggers = []  # nothing installed: emit() takes its kept paths
    return eng


@pytest.mark.parametrize("event", ["update", "recovery"])
def test_a_card_coming_into_play_is_heard(eng, monkeypatch, event):
    """`update`: only cards in play hear it (their listeners kept, `Heard.kept`); `recovery`:
    figures and tokens too (listeners() keeps which cards in play hear it, `Heard.hits`)."""
    st = eng.state
    here = eng.heard_in_game(event)
    assert here.in_play_table and here.only_in_play == (event == "update")
    monkeypatch.setattr(eng, "_figure_listeners", lambda *a: [])  # only the cards' listeners
    for key in eng.in_play_flat()[1]:  # no card in play: nothing of the content runs
        if key in st.zones:
            st.zones[key].clear()
    card = sorted(here.in_play_table)[0]
    for cards in st.zones.values():
        while card in cards:
            cards.remove(card)
    ran = []
    triggers = here.in_play_table[card][1]  # (a Mission may have two)
    for trigger in triggers:
        # the session's rules are shared: the trigger gets its compiled form back after the test
        monkeypatch.setitem(eng.code.compiled_triggers, id(trigger), _recording(ran))
    params = {} if event == "update" else {"figure": next(f for f in st.characters() if f.location is not None)}
    assert list(eng.emit(event, params)) == [] and ran == []
    assert (here.kept if event == "update" else here.hits) is not None  # what the zones hold is kept
    zone = eng.in_play_flat()[1][0]
    st.zones.setdefault(zone, []).append(card)  # the card played: its zone's list written in place
    list(eng.emit(event, params))
    n = len(triggers)
    assert len(ran) == n and all(env.card["qid"] == card for env in ran)
    list(eng.emit(event, params))
    assert len(ran) == 2 * n  # kept: the same listeners again
    st.zones[zone].remove(card)  # done: out of play
    list(eng.emit(event, params))
    assert len(ran) == 2 * n


def test_a_token_placed_on_a_location_is_heard(eng, monkeypatch):
    st = eng.state
    here = eng.heard_in_game("enter")
    assert here.tokens
    token = sorted(here.tokens)[0]  # a token that hears a figure entering its Location
    quiet = [i for i in st.board.live() if i not in here.location_table
             and not any(k[0] in here.tokens for k in st.board.locations[i].tokens)]
    assert quiet, "a Location with no trigger of its own for `enter` and no token that hears it"
    where = quiet[0]
    fig = next(f for f in st.characters() if f.location is not None)
    ran = []
    for t in eng.triggers_of(eng.rules.tokens[token])["enter"]:
        monkeypatch.setitem(eng.code.compiled_triggers, id(t), _recording(ran))
    eng.reaction_in_hand = lambda cards: False  # no Reaction card offered: nothing to answer
    params = {"figure": fig, "location": where}
    assert list(eng.emit("enter", params)) == [] and ran == []  # who holds the token: kept
    assert eng.put_pieces(token, 1, where, st.order[0], None) == 1  # placed as play places it
    list(eng.emit("enter", params))
    assert len(ran) == 1 and ran[0].here == where and ran[0].source == token
    eng.remove_pieces(token, 1, where, st.order[0], None)
    list(eng.emit("enter", params))
    assert len(ran) == 1


def test_a_figure_returning_to_the_board_is_heard(eng, monkeypatch):
    event = "recovery"
    here = eng.heard_in_game(event)
    assert here.abilities, "a Special Ability of this game hears Recovery"
    fig, spec, kept = here.abilities[0]
    ran = []
    for trigger, _env in kept:
        monkeypatch.setitem(eng.code.compiled_triggers, id(trigger), _recording(ran))
    eng.reaction_in_hand = lambda cards: False
    fig.special_used.clear()
    place, fig.location = fig.location, None  # KO'ed: off the board
    assert list(eng.emit(event, {"figure": fig})) == [] and ran == []
    assert eng.heard_in_game(event) is here  # the figures are the same: the same Heard, kept
    fig.location = place  # back on the board (Recovery returns the figures)
    list(eng.emit(event, {"figure": fig}))
    assert len(ran) == 1 and ran[0].self_fig is fig and ran[0].locals["$special"] is spec


def test_a_reaction_card_drawn_is_seen_in_the_hand(eng):
    st = eng.state
    reactions = frozenset(c["qid"] for c in eng.rules.by_qid.values() if prop(c, "timing") == "reaction")
    for team in st.teams.values():
        team.played_this_round = []
        for player in team.players:
            hand = team.hands[player]
            hand[:] = [q for q in hand if q not in reactions]  # written in place, as moves do
    assert not eng.reaction_in_hand(reactions)
    assert not eng.reaction_in_hand(reactions)  # kept
    team = st.teams[st.order[1]]
    hand = team.hands[team.players[0]]
    hand.append(sorted(reactions)[0])  # drawn
    assert eng.reaction_in_hand(reactions)
    assert not eng.reaction_in_hand(frozenset(sorted(reactions)[1:]))  # another set of cards: its own answer
    st.zones[team._played].append(hand.pop())  # played: the Team has played a card this round
    assert not eng.reaction_in_hand(reactions)
    st.zones[team._played].clear()
    hand.append(sorted(reactions)[0])
    assert eng.reaction_in_hand(reactions)


def test_a_tokens_figure_coming_or_going_keeps_who_hears(eng, monkeypatch):
    """An attackable token's figure changes the figures' count, not who can hear an event
    (heard_in_game() reads the characters, the non-player figures, the boxes and the board):
    the `Heard`s and the holders' index are kept and take the new count (recount()); a
    character coming into the game still makes them again, and is heard."""
    from mayhem.runtime.state import Figure

    st = eng.state
    event = "recovery"
    here, holders = eng.heard_in_game(event), eng._holders
    token = next(t for t in sorted(eng.rules.tokens) if box_of(t) in here.boxes)  # (another box's: made again)
    comp = eng.rules.tokens[token]
    st.figures["token-x"] = Figure("token-x", "token", None, comp, comp, 2, owner=st.order[0])
    assert eng.heard_in_game(event) is here and here.count == len(st.figures)
    assert eng._holders is holders and holders.fits(st)
    del st.figures["token-x"]
    assert eng.heard_in_game(event) is here and here.count == len(st.figures)
    other = next(t for t in sorted(eng.rules.tokens) if box_of(t) not in here.boxes)  # another box's token
    st.figures["token-y"] = Figure("token-y", "token", None, eng.rules.tokens[other], eng.rules.tokens[other], 2)
    assert eng.heard_in_game(event) is not here  # its box's components may hear it now: made again
    del st.figures["token-y"]
    here = eng.heard_in_game(event)
    some, spec, _kept = here.abilities[0]
    st.figures["newcomer"] = Figure("newcomer", "character", some.team, some.comp, some.side, 10)
    st.figures["newcomer"].location = some.location
    again = eng.heard_in_game(event)
    assert again is not here and any(fig.key == "newcomer" for fig, _s, _k in again.abilities)
    ran = []
    for trigger, _env in again.abilities[0][2]:
        monkeypatch.setitem(eng.code.compiled_triggers, id(trigger), _recording(ran))
    eng.reaction_in_hand = lambda cards: False
    for fig, _s, _k in again.abilities:
        fig.special_used.clear()
    for fig in (some, st.figures["newcomer"]):  # (a `figure is self` listener hears of its own figure alone)
        list(eng.emit(event, {"figure": fig}))
    assert {env.self_fig.key for env in ran} == {"newcomer", some.key}  # the newcomer's Special Ability hears it
