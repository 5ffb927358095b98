"""A card gained: it becomes a player's and goes to their zone (`gain-card`).

In a game whose cards change hands, a card taken from a pile of the table (bought, or handed to
a player by another's effect) is from then on the player's own, not only a card lying in their
pile. `move-card` keeps a card's owner (the player whose deck it came from; none, or whoever a
scenario names, for a card of a shared pile); `gain-card(card, to, of: player)` makes the player
its owner, then moves it to their pile of zone `to` (the player's Team's for a zone kept per
Team), logged `gain-card` with the player and the card. The owner is what a card lying in an
`in-play` zone hears as `me` (listeners.py, events.py) and what `owner-of` reads."""
from __future__ import annotations

from .compile import _as_list
from .piles import move
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


PRIMITIVES = {"gain-card": gain_card}
