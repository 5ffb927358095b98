"""Spaces and pieces as listeners: a tile's triggers heard while it is in play, and a piece's `me`, its holder's controller.

A tile of a board laid from tiles is a card (layout.py), and its card's `on EVENT` triggers are
heard while the tile is in play (not once it has left play), after the pieces and before the
figures (listeners.components), each with `here` the tile and `me` the player whose turn it is
(a tile's `once per` spent per tile). An event about a figure (declared with a field `figure`,
else `target`) is heard by the tile that figure stands on alone (one knocked out by it: where it
stood), by none while it stands on none or none is given; an event about no figure by every tile
in play (`tile_of`).
A piece hears with `me` the player who controls what it lies on: a figure's player (a Team's
figure: the Team's player whose turn it is, else its first player still in), the player it lies
on, a Team's player as for a figure; on a space or an edge, which nobody controls, the player
whose turn it is."""
from __future__ import annotations


def controller(state, kind: str, holder):
    """Who a piece lying on this holder hears as (`me`)."""
    if kind == "player":
        return holder
    owner = state.figures[holder]["owner"] if kind == "figure" else holder if kind == "team" else None
    if owner is None or owner in state.players:
        return owner if owner is not None else state.active
    team_by, active = state.team_by, state.active  # (state.team_of, read in place: no call)
    if active is not None and active in team_by and team_by[active] == owner:  # a Team's: its player in turn
        return active
    out = state.out
    for p in state.players:  # the Team's first player still in (state.in_game, written out; team_of a dict read)
        if p not in out and p in team_by and team_by[p] == owner:
            return p
    return state.active


def tiles_heard(state, spaces: dict) -> list:
    """(trigger, me, card, variables) of the tiles in play that hear the event, in board order."""
    board = state.board
    if not board or board.get("down"):  # a board laid face down prints no trigger (keeping.py)
        return []
    gone, me = board["gone"], state.active
    return [(t, me, None, {"ctx:here": tile, "_once": f"space/{tile}"}) for tile in board["tiles"]
            if tile not in gone for t in spaces.get(tile, ())]


def tile_of(state, about, fields: dict | None, stood=None):
    """The space whose tile alone hears an event about a figure (`about`: the event's field naming
    it, as declared; `stood`: where one knocked out by it stood), "" (no tile) when the figure
    stands on none or none is given, None for an event about no figure (every tile hears it)."""
    if about is None:
        return None
    figure = fields.get("var:" + about) if fields else None
    if not isinstance(figure, str) or figure not in state.figures:
        return ""
    return stood or state.figures[figure]["space"] or ""


def silenced(state, rules, figure, part: str) -> bool:
    """A part of a card type used `once per ...` (the part `special-of` reads) is not heard while its
    figure holds a piece naming a restriction that `stops [special]` (rules.pieces.silencing;
    specials.py's `special-of`)."""
    if rules.cards[part].type not in rules.dash.limited:
        return False
    zone, silencing = rules.pieces.zones.get("figure"), rules.pieces.silencing
    return zone is not None and any(state.cards[u] in silencing for u in state.zones.get(f"{zone}/{figure}", ()))
