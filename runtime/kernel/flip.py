"""Plain pieces of a pool that feeds several tokens: a piece drawn as whichever of them is placed.

A pool whose tokens are no `group` of faces (a face-down pile holds one piece of each face) but
several tokens `drawn-from` it holds plain pieces: a double-sided piece shows the side it is
placed as, so a Team's pieces of such a pool are any of its tokens, whichever it places (the
content's rulebook quote says which pool is so: docs/kernel.md, "Turns that are passed, and the
length of three-player games"). Setup lays the pool's pieces as its tokens in turn
(pieces.setup_pieces); `place` takes the pieces of the token itself first and, when those are
spent, turns the pool's other pieces over (`turned`). A piece keeps the side it was last placed
as when it goes back."""
from __future__ import annotations

from .writers import moved


def load(rules, pieces) -> None:
    """pieces.sides: each token of a pool of plain pieces -> every token that pool feeds (the
    pools feeding one token, or a `group` of faces, have none)."""
    for qids in pieces.fed.values():
        if len(qids) > 1 and not any(rules.cards[q].props.get("group") for q in qids):
            for q in qids:
                pieces.sides[q] = tuple(qids)


def turned(run, env, token: str, n: int) -> list[int]:
    """Up to `n` pieces of the pool `token` is drawn from, lying there as its other tokens,
    turned over to show `token` (in the order they lie)."""
    from .pieces import _pool_key
    state = run.state
    others = run.rules.pieces.sides[token]
    out = [uid for uid in state.zones.get(_pool_key(run, env, None, token), ())
           if state.cards[uid] != token and state.cards[uid] in others][:n]
    for uid in out:
        state.cards[uid] = token
        moved(state)
    if out:  # a piece's token changed: the pieces that hear each event are found again (listeners.pieces_hearing)
        state.heard_uids = None
        run.game._ids = []  # and each card's printed id by uid (labels.py keeps it while no card is added)
    return out
