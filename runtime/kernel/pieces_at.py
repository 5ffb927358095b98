"""Where pieces lie: the key of a holder's pile (kept per rules for figures and spaces), a token's pieces on a holder, and `has`/`count` of them."""
from __future__ import annotations

from operator import countOf

from .compile import _as_list
from .rules import KernelError


def holder_key(run, holder) -> str:
    """The key of the pile of pieces lying on a figure, a space, a Team or a player. A figure's
    and a space's are made once per rules (`Pieces.keyed`): a figure is one of the state's
    (asked first, every call), a space one of the rules' (a pure function of the rules)."""
    p = run.rules.pieces
    if holder in run.state.figures:
        found = p.keyed[0].get(holder)
        if found is None:
            found = p.keyed[0][holder] = _zone(p, "figure") + "/" + holder
        return found
    found = p.keyed[1].get(holder)
    if found is not None:
        return found
    return _other(run, holder)


def _other(run, holder) -> str:
    """holder_key past the figures and the spaces kept: a space (kept from now on), a Team, a
    player or an edge, in that order."""
    state, p = run.state, run.rules.pieces
    if holder in run.rules.spaces:
        p.keyed[1][holder] = key = f"{_zone(p, 'space')}/{holder}"  # after the figures: a space is one for good
        return key
    if holder in state.teams:
        kind = "team"
    elif holder in state.players:
        kind = "player"
    elif run.rules.layout is not None and holder in run.rules.layout.edges:  # an edge of the laid board, `L1-L2`
        p.keyed[3][holder] = key = f"{_zone(p, 'edge')}/{holder}"  # kept: read by count past the Teams and players
        return key
    else:
        raise KernelError(f"{holder!r} is no figure, space, player, Team or edge: no piece lies on it")
    zone = p.zones.get(kind)
    return f"{zone}/{holder}" if zone is not None else _zone(p, kind)


def read_key(run, holder) -> str | None:
    """holder_key for a read (`has`, `count`, a token's pieces): None for a declaration of the
    content that this game does not lay (a qualified id, `box/name`, of no space, figure, player,
    Team or edge: a tile of another box, named by a card that a mode brings): no piece lies on it."""
    try:
        return holder_key(run, holder)
    except KernelError:
        if isinstance(holder, str) and "/" in holder:
            return None
        raise


def _zone(p, kind: str) -> str:
    zone = p.zones.get(kind)
    if zone is None:
        raise KernelError(f"no zone of the game holds pieces on a {kind}: declare one `per {kind}` with `pieces`")
    return zone


def _of(state, key: str, token: str) -> list[int]:
    cards, out = state.cards, []
    for uid in state.zones.get(key, ()):  # (a loop: a comprehension would make cards and token cells)
        if cards[uid] == token:
            out.append(uid)
    return out


def _at(run, holder, token: str) -> list[int]:
    """The token's pieces on a holder, and those of the tokens of its group (a token whose `group`
    names it: the face-down token stands for its faces); with a space's pile in a zone of its
    own, one heap (kept.heap)."""
    key = read_key(run, holder)
    if key is None:
        return []
    p = run.rules.pieces
    kinds = p.groups.get(token) or (token,)
    if p.pile != p.zones.get("space"):
        return heap(run, holder, kinds, key)
    cards, out = run.state.cards, []
    for uid in run.state.zones.get(key, ()):  # (a loop: a comprehension would make cards and kinds cells)
        if cards[uid] in kinds:
            out.append(uid)
    return out


def _sides(state, of) -> tuple:
    """Whose pieces `of` owns: itself, and a player's Team."""
    return (of, state.team_by.get(of)) if of in state.players and state.teams else (of,)


def _owned(state, uids: list[int], of) -> list[int]:
    """The pieces owned by `of` (a Team, or a player's Team); all of them without `of`."""
    if of is None:
        return uids
    sides, owners, out = _sides(state, of), state.owners, []
    for uid in uids:  # (a loop: a comprehension would make state and sides cells)
        if owners[uid] in sides:
            out.append(uid)
    return out


def has(run, env, holder, token) -> bool:
    """A piece of the token (or of its group) lies on the holder: _at's, stopped at the first."""
    key = None if holder is None else read_key(run, holder)
    if key is None:
        return False
    p = run.rules.pieces
    kinds = p.groups.get(token) or (token,)
    if p.pile != p.zones.get("space"):
        return bool(heap(run, holder, kinds, key))
    cards = run.state.cards
    for uid in run.state.zones.get(key, ()):
        if cards[uid] in kinds:
            return True
    return False


def count(run, env, what, on=None, of=None) -> int:
    """Pieces of the token on the holders (those `of` owns, if given); without `on`, left in its pool
    (`of`'s, else `me`'s Team's): none when the game has no zone of pools (a mode left it out:
    modes.py). Of a set (`count(all team where ...)`, the shared vocabulary's other use): its size."""
    if what.__class__ is not str and isinstance(what, list):  # (a token's qid: no call)
        return len(what)
    if on.__class__ is str:  # one holder (the commonest: `count(T, on: it)` in a selector), in holder_key's order
        state, p = run.state, run.rules.pieces
        zones, keyed = state.zones, p.keyed
        if on in state.figures:
            key = keyed[0][on] if on in keyed[0] else read_key(run, on)
        elif on in keyed[1]:
            key = keyed[1][on]
        else:
            key = keyed[3][on] if on in keyed[3] and on not in state.teams and on not in state.players \
                else read_key(run, on)
        found = zones[key] if key in zones else None
        piles = p.heaps if p.heaps is not None else heaps(run.rules)  # a space's pile of its own (kept.heap)
        if on in piles and zones.get(piles[on]):
            found = [*(found or ()), *zones[piles[on]]]
        if not found:
            return 0
        if of is None and not (what in p.groups and p.groups[what]):  # the token's pieces counted in C
            return countOf(map(state.cards.__getitem__, found), what)
        on = [on]  # (a group's or an owner's pieces: the loop below)
    if on is None:
        if run.rules.pieces.pool_zone is None:
            return 0
        return len(_of(run.state, _pool_key(run, env, of, what), what))
    state, p = run.state, run.rules.pieces  # _at on each holder, written out: most piles are empty
    zones, figures = state.zones, state.figures
    fkeys, skeys, ekeys = p.keyed[0], p.keyed[1], p.keyed[3]
    piles = p.heaps if p.heaps is not None else heaps(run.rules)  # kept.heap's piles of their own
    kinds = total = 0  # (kinds, sides: read at the first pile that holds a piece)
    for h in on if on.__class__ is list or on.__class__ is not str and isinstance(on, list) else (on,):
        key = ((fkeys[h] if h in fkeys else None) if h in figures else skeys[h] if h in skeys else
               ekeys[h] if h in ekeys and h not in state.teams and h not in state.players else None)  # holder_key's order
        found = zones[key] if (key := key or read_key(run, h)) in zones else None  # (no call: a read by `in`)
        if h in piles and zones.get(piles[h]):
            found = [*(found or ()), *zones[piles[h]]]
        if found:  # counted in the loop, no comprehension's frame a holder
            if kinds == 0:
                groups, cards, owners = p.groups, state.cards, state.owners
                kinds = groups[what] if what in groups and groups[what] else (what,)
                sides = None if of is None else _sides(state, of)
            for uid in found:
                if cards[uid] in kinds and (sides is None or owners[uid] in sides):
                    total += 1
    return total


# -- imported here, once: at the end, as these modules import this one's names (cycles)
from .kept import heap, heaps  # noqa: E402
from .pieces import _pool_key  # noqa: E402
