"""A deck-builder's words: a card gained (`gain-card`), an empty pile reshuffled before a look.

In a game whose cards change hands, a card taken from a pile of the table (bought, or handed to
a player by another's effect) is from then on the player's own, not only a card lying in their
pile. `move-card` keeps a card's owner (the player whose deck it came from; none, or whoever a
scenario names, for a card of a shared pile); `gain-card(card, to, of: player)` makes the player
its owner, then moves it to their pile of zone `to` (the player's Team's for a zone kept per
Team), logged `gain-card` with the player and the card. The owner is what a card lying in an
`in-play` zone hears as `me` (listeners.py, events.py) and what `owner-of` reads.

`draw` shuffles a zone's `reshuffle-from` pile into it when a card must be drawn from it and it
is empty; a card looked at, revealed or discarded from the top of a deck needs the same, and a
function (`top-card`) changes nothing. `reshuffle-if-empty(zone, of: player)`, written before
such a look, does it for each holder whose pile of the zone is empty: the holder's
`reshuffle-from` pile moved in and shuffled (seeded), logged `reshuffle`, draw's own lines
(piles.reshuffled). A pile with cards, or an empty `reshuffle-from` pile, is left as it is."""
from __future__ import annotations

from .compile import _as_list
from .piles import move, reshuffled
from .writers import moved


def gain_card(run, env, card, to, of=None) -> None:
    state = run.state
    who = env["ctx:me"] if of is None else of
    for uid in _as_list(card):
        if not isinstance(uid, int) or isinstance(uid, bool):
            continue
        state.owners[uid] = who
        moved(state)  # an owner written: the quiet update pass may not be skipped (finish.py)
        if move(run, uid, to, who):
            state.log.append({"event": "gain-card", "player": who, "card": run.game.card_id(uid), "uid": uid})


def reshuffle_if_empty(run, env, zone, of=None) -> None:
    rules, state = run.rules, run.state
    if rules.zones[zone].reshuffle_from is None:
        from .rules import KernelError
        raise KernelError(f"reshuffle-if-empty({zone}): zone '{zone}' declares no `reshuffle-from`: "
                          "declare the zone it is made again from (`reshuffle-from discard`)")
    per = rules.zones[zone].per
    for holder in _as_list(env["ctx:me"] if of is None else of) if per else [None]:
        mine = state.holder(holder, per) if per else None
        key = state.zone_key(zone, mine)
        if not state.zones.get(key):
            reshuffled(run, env, zone, key, mine)


PRIMITIVES = {"gain-card": gain_card, "reshuffle-if-empty": reshuffle_if_empty}
