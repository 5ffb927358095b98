"""Pieces on the edges of a board laid from tiles: edge ids, edges as holders and choices, blocking pieces, `encloses`, `shift`, `empty`.

An edge of a laid board is named after the two positions it joins, `L1-L2` (positions
numbered from 1, row by row, the lower first), as the older engine's boards name theirs, so an
edge keeps its id whichever tiles are laid on it. A zone flagged `pieces` and kept `per edge`
holds the pieces lying on edges (`place(tok, 1, on: edge(a, b))`). A token whose type says
`blocks-adjacency` blocks the edge it lies on: the state's board keeps the blocked edges
(layout.py, where adjacency, distance and the board's questions read them), and every move of
a piece onto or off an edge brings that edge's block in step with its pieces (`sync`): the
edge is blocked while a blocking piece lies on it and opened when the last one leaves. A
`remove-space` is refused while a piece lies on the tile or on one of its edges: what leaves
play is an empty tile (`empty`: no figure, no piece on it or on its edges). An edge is chosen as
a space is (`one edge in X`: the edges of X's tiles in play); `encloses(e)` says a block there
would leave a tile no open side, and neither `place` nor `shift` puts a blocking piece there;
`shift` judges its destination with the piece's old edge open."""
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
    p, state = run.rules.pieces, run.state
    key = f"{p.zones['edge']}/{label}"
    cards = state.cards
    blocking = any(cards[uid] in p.blocking for uid in state.zones.get(key, ()))
    a, b = tiles_of(run, label)
    if blocking and not laid.is_blocked(run, None, a, b):
        laid.block(run, None, a, b)
    elif not blocking and laid.is_blocked(run, None, a, b):
        laid.unblock(run, None, a, b, lifted=True)


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


# -- edges chosen, edges that would enclose, a piece shifted --------------------------------

def in_play(run) -> list[str]:
    """The edges between tiles in play, in the layout's order of edges (`one edge`): kept for the
    tiles in play (_Derived.tiled, shared by the boards that block other edges: a block changes
    none of them), a copy given out."""
    board, layout = run.state.board, run.rules.layout
    if not board or layout is None:
        return []
    d = layout.derived[key] if (key := board["key"]) in layout.derived else derive(run)
    asked = d.tiled
    if ("edges", None) not in asked:
        asked["edges", None] = _in_play(board, layout)
    return asked["edges", None][:]


def _in_play(board, layout) -> list[str]:
    tiles, gone = board["tiles"], set(board["gone"])
    return [label for label, (i, j) in layout.edges.items() if tiles[i] not in gone and tiles[j] not in gone]


def edges_in(run, values) -> list[str]:
    """What `one edge in X` ranges over: the edges between tiles in play that touch a space of
    X, or are themselves in X, in the layout's order of edges (kept for the tiles in play and the
    set X, as `in_play`)."""
    wanted = frozenset(_as_list(values))
    if not wanted:
        return []
    board, layout = run.state.board, run.rules.layout
    if not board:
        return []
    d = layout.derived[key] if (key := board["key"]) in layout.derived else derive(run)
    asked = d.tiled
    if ("edges-in", wanted) not in asked:
        asked["edges-in", wanted] = _edges_in(board, layout, in_play(run), wanted)
    return asked["edges-in", wanted][:]


def _edges_in(board, layout, labels: list, wanted: frozenset) -> list[str]:
    tiles, edges = board["tiles"], layout.edges
    return [label for label in labels
            if label in wanted or tiles[edges[label][0]] in wanted or tiles[edges[label][1]] in wanted]


def encloses(run, env, edge) -> bool:
    """Blocking the edge would leave one of its two tiles with no open side (no edge to a tile
    in play that is not blocked); an edge already blocked, or none, encloses nothing. The
    answer is kept for the board (its key: the tiles, those removed, the blocked edges), as
    layout._asked keeps the board's other answers."""
    board, layout = run.state.board, run.rules.layout
    if edge is None or not board or layout is None or edge not in layout.edges:
        return False
    d = layout.derived[key] if (key := board["key"]) in layout.derived else derive(run)
    asked = d.asked
    if ("encloses", edge) in asked:
        return asked["encloses", edge]
    i, j = layout.edges[edge]  # tiles_of, written out
    a, b = sorted((board["tiles"][i], board["tiles"][j]))
    near = d.near
    if b not in near.get(a, ()):  # blocked already, or a tile out of play
        shut = False
    else:
        shut = set(near[a]) == {b} or set(near[b]) == {a}  # a tile whose only open side is this edge
    asked["encloses", edge] = shut
    return shut


def shift(run, env, token, source, to) -> None:
    """One piece of the token from a holder to another (the first lying there; logged `shift`).
    `to` is a function: a blocking piece lifted off an edge leaves it open while its
    destination is judged, as it is no longer there; onto an edge that would then enclose a
    tile it does not go (logged `refused`)."""
    state, p = run.state, run.rules.pieces
    blocking = p is not None and token in p.blocking
    lifted = None
    if (blocking and source is not None and run.rules.layout is not None and source in run.rules.layout.edges
            and _of(state, holder_key(run, source), token)):
        edge = tiles_of(run, source)
        if edge in state.board["blocked"]:  # open while the destination is judged: no log, the key rewritten
            lifted = state.board["blocked"]
            state.board["blocked"] = [e for e in lifted if e != edge]
            laid._rekey(state.board)
    try:
        dest = to()
        refused = blocking and dest is not None and source != dest and encloses(run, env, dest)
    finally:
        if lifted is not None:
            state.board["blocked"] = lifted
            laid._rekey(state.board)
    if source is None or dest is None or source == dest:
        return
    if refused:
        state.log.append({"event": "refused", "shift": _token_id(run, token), "to": dest,
                          "why": "it would enclose a tile"})
        return
    moved = _of(state, holder_key(run, source), token)[:1]
    key = holder_key(run, dest)
    for uid in moved:
        _move(state, uid, key)
    state.log.append({"event": "shift", "token": _token_id(run, token), "from": source, "to": dest,
                      "count": len(moved)})
    if blocking:
        for holder in (source, dest):
            if holder in run.rules.layout.edges:
                sync(run, holder)


FUNCTIONS["encloses"] = encloses


def shift_lines(stmt: dict, space: dict, names) -> list[str]:
    """`shift(tok, from: x, to: y)` in a compiled block: the token and `from` evaluated, then
    `to` within the call, once the piece is lifted (compile_stmts._primitive)."""
    from .compile import name_for, source
    args = stmt["args"]
    token, source_ = source(args.get("token"), space, names), source(args.get("from"), space, names)
    return [f"{name_for(space, shift)}(run, env, {token}, {source_}, lambda: {source(args.get('to'), space, names)})"]


def _shift_given(run, env, token, **where) -> None:
    """`shift` with its destination already evaluated (a call not written into a block)."""
    shift(run, env, token, where.get("from"), lambda: where.get("to"))


PRIMITIVES = {"shift": _shift_given}


# -- imported here, once: at the end, as these modules import this one's names
from .layout import derive  # noqa: E402 - bound once, after this module's names (cycles)
from . import layout as laid  # noqa: E402 - the module (its functions: block, unblock, is_blocked, _rekey)
from .pieces_at import _of, holder_key  # noqa: E402
from .pieces import _move, _token_id  # noqa: E402
