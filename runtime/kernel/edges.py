"""Pieces on the edges of a board laid from tiles: edge ids, edges as holders, blocking pieces, `empty`.

An edge of a laid board is named after the two positions it joins, `L1-L2` (positions
numbered from 1, row by row, the lower first), as the older engine's boards name theirs, so an
edge keeps its id whichever tiles are laid on it. A zone flagged `pieces` and kept `per edge`
holds the pieces lying on edges (`place(tok, 1, on: edge(a, b))`). A token whose type says
`blocks-adjacency` blocks the edge it lies on: the state's board keeps the blocked edges
(layout.py, where adjacency, distance and the board's questions read them), and every move of
a piece onto or off an edge brings that edge's block in step with its pieces (`sync`): the
edge is blocked while a blocking piece lies on it and opened when the last one leaves. A
`remove-space` is refused while a piece lies on the tile or on one of its edges: what leaves
play is an empty tile (`empty`: no figure, no piece on it or on its edges)."""
from __future__ import annotations

from .compile import _as_list


def labels(touching) -> dict[str, tuple[int, int]]:
    """The edges of a layout by id.

    >>> labels([(0, 1), (0, 2)])
    {'L1-L2': (0, 1), 'L1-L3': (0, 2)}
    """
    return {f"L{i + 1}-L{j + 1}": (i, j) for i, j in touching}


def edge_of(run, a, b):
    """The id of the edge between two tiles in play whose positions touch; None otherwise."""
    board, layout = run.state.board, run.rules.layout
    if not board or a == b:
        return None
    tiles, gone = board["tiles"], board["gone"]
    if a not in tiles or b not in tiles or a in gone or b in gone:
        return None
    i, j = sorted((tiles.index(a), tiles.index(b)))
    label = f"L{i + 1}-L{j + 1}"
    return label if label in layout.edges else None


def tiles_of(run, label: str) -> list[str]:
    """The two tiles an edge joins, as the board's blocked edges name them (sorted)."""
    i, j = run.rules.layout.edges[label]
    tiles = run.state.board["tiles"]
    return sorted((tiles[i], tiles[j]))


def sync(run, label: str) -> None:
    """The edge blocked while a blocking piece lies on it, opened when none does (logged
    `block` and `unblock` by layout.py)."""
    from . import layout
    p, state = run.rules.pieces, run.state
    key = f"{p.zones['edge']}/{label}"
    cards = state.cards
    blocking = any(cards[uid] in p.blocking for uid in state.zones.get(key, ()))
    a, b = tiles_of(run, label)
    if blocking and not layout.is_blocked(run, None, a, b):
        layout.block(run, None, a, b)
    elif not blocking and layout.is_blocked(run, None, a, b):
        layout.unblock(run, None, a, b, lifted=True)


def lies_under(run, label: str) -> bool:
    """A blocking piece lies on the edge (an `unblock` of it is refused)."""
    p, state = run.rules.pieces, run.state
    if p is None or not p.blocking or "edge" not in p.zones:
        return False
    cards = state.cards
    return any(cards[uid] in p.blocking for uid in state.zones.get(f"{p.zones['edge']}/{label}", ()))


def _edges_at(run, space) -> list[str]:
    """The ids of the edges of a tile's position (in play or not)."""
    board, layout = run.state.board, run.rules.layout
    if not board or space not in board["tiles"]:
        return []
    at = board["tiles"].index(space)
    return [label for label, (i, j) in layout.edges.items() if at in (i, j)]


def holds_pieces(run, space) -> bool:
    """A piece lies on the space or on one of its edges."""
    p, zones = run.rules.pieces, run.state.zones
    if p is None:
        return False
    if "space" in p.zones and zones.get(f"{p.zones['space']}/{space}"):
        return True
    return "edge" in p.zones and any(zones.get(f"{p.zones['edge']}/{e}") for e in _edges_at(run, space))


def empty(run, env, *given, **named) -> bool:
    """No figure and no piece on the space, and no piece on its edges (its one parameter keeps
    the older boxes' name: layout._named)."""
    from .layout import _named
    space = _named(given, named)
    if space is None:
        return False
    if any(f["space"] == space for f in run.state.figures.values()):
        return False
    return not holds_pieces(run, space)


def edge(run, env, a, b):
    return edge_of(run, a, b)


def edges_of(run, env, *given, **named) -> list[str]:
    """The edges between the space and the tiles in play next to it (blocked or not), in
    board order of those tiles."""
    from .layout import _named, derive
    out = []
    for s in _as_list(_named(given, named)):
        if run.state.board:
            out += [e for e in (edge_of(run, s, t) for t in derive(run).touch.get(s, ())) if e is not None]
    return out


FUNCTIONS = {"edge": edge, "edges-of": edges_of, "empty": empty}
