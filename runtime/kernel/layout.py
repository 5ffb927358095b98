"""A board laid from tiles: positions in rows, the tiles laid on them as spaces, blocked edges, tiles removed.

A game's `board` declaration names the rows of its positions (`layout [2, 3, 2]`) and the card
type whose cards are its tiles; `lay-tiles()` lays them at setup (seeded), each tile then a
space next to the tiles its position touches. What changes in play is the state's `board`,
plain data: the tiles by position, the tiles removed, the blocked edges and a key naming the
three; what is derived from it (each tile's open neighbours, the shortest ways, the groups) is
worked out once per key, on the rules' Layout, and read again until the board changes."""
from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from .compile import _as_list
from .rules import KernelError


@dataclass
class Layout:
    rows: list[int]
    tiles: list[str]  # the tiles' ids (spaces), in declaration order
    printed: dict  # tile id -> its Card (rules.Card): what `prop(space, name)` reads
    capacity: str | None  # the tiles' property that caps the figures on one
    bases: str | None  # the tiles' property naming the Team whose Base a tile is
    shuffled: bool
    touching: list[tuple[int, int]]  # the edges between positions (i < j)
    derived: dict = field(default_factory=dict, compare=False, repr=False)  # board key -> _Derived
    edges: dict = field(default_factory=dict, compare=False, repr=False)  # edge id (`L1-L2`) -> positions (edges.py)
    icons: str | None = None  # the tiles' property listing the icons printed on one (`has-icon`, vocabulary.py)
    by_qid: dict = field(default_factory=dict, compare=False, repr=False)  # a tile's card qid -> its id (`component`)

    def spaces(self, run) -> list[str]:
        """The game's spaces: those it declares, then the tiles in play in board order (a copy
        of the list kept for the board: _Derived.spaces)."""
        board = run.state.board
        if not board:
            return [s for s in run.rules.spaces if s not in self.printed]
        d = self.derived[key] if (key := board["key"]) in self.derived else derive(run)
        if d.spaces is None:
            d.spaces = [s for s in run.rules.spaces if s not in self.printed] + d.live
        return d.spaces[:]


def component(run, qid: str):
    """A component an effect names (`has(TILE, TOKEN)`): the tile of the board it is, as the
    space it is laid as (its id); any other, its qid (the printed card)."""
    layout = run.rules.layout
    if layout is None:
        return qid
    if not layout.by_qid:
        layout.by_qid.update((card.qid, ident) for ident, card in layout.printed.items())
    return layout.by_qid.get(qid, qid)


def row_edges(rows: list[int]) -> list[tuple[int, int]]:
    """Square tiles in centred rows, numbered row by row: tiles side by side in a row touch; a
    tile touches the tiles of the next row whose sides it overlaps by more than a corner.

    >>> row_edges([2, 3, 2])
    [(0, 1), (2, 3), (3, 4), (5, 6), (0, 2), (0, 3), (1, 3), (1, 4), (2, 5), (3, 5), (3, 6), (4, 6)]
    """
    widest, starts, index, edges = max(rows), [], 0, []
    for length in rows:
        starts.append((index, length, (widest - length) / 2))
        edges += [(index + k - 1, index + k) for k in range(1, length)]
        index += length
    for (a, alen, aoff), (b, blen, boff) in zip(starts, starts[1:]):
        edges += [(a + i, b + j) for i in range(alen) for j in range(blen) if abs(aoff + i - boff - j) < 1 - 1e-9]
    return edges


def load(rules, game: dict) -> None:
    """The game's `board` declaration, if it has one: its tiles become spaces of the game."""
    decl = next((c for c in game["children"] if c["kind"] == "board"), None)
    if decl is None:
        return
    props = {k: v["value"] for k, v in decl["props"].items()}
    from .keeping import setting  # the rows the mode or the box prints, else the declaration's
    rows, ctype = list(setting(rules, "board") or props.get("layout") or []), props.get("tiles")
    if ctype not in rules.card_types:
        raise KernelError(f"board '{decl['id']}': 'tiles {ctype}' names no card type of the box")
    if not rows or any(not isinstance(n, int) or n < 1 for n in rows):
        raise KernelError(f"board '{decl['id']}': 'layout' needs rows of one position or more: `layout [2, 3, 2]`")
    printed = {c.id: c for c in rules.cards.values() if c.type == ctype}
    if len(printed) < sum(rows):
        raise KernelError(f"board '{decl['id']}': {sum(rows)} positions, but only {len(printed)} cards of '{ctype}'")
    for ident, card in printed.items():
        if ident in rules.spaces:
            raise KernelError(f"board '{decl['id']}': the tile '{ident}' has the id of a space of the game")
        rules.spaces[ident] = {"name": card.name, "slots": None, "adjacent": []}
    rules.layout = Layout(rows, list(printed), printed, props.get("capacity"), props.get("bases"),
                          props.get("order", "shuffled") != "as-declared", row_edges(rows))
    from .edges import labels
    rules.layout.edges = labels(rules.layout.touching)
    rules.layout.icons = props.get("icons")


# -- the board in the state ------------------------------------------------------------------

def set_board(state, tiles: list[str], gone=(), blocked=()) -> None:
    """The state's board: plain data, with the key its derived facts are kept under."""
    state.board = {"tiles": list(tiles), "gone": list(gone), "blocked": [sorted(e) for e in blocked]}
    _rekey(state.board)


def _rekey(board: dict) -> None:
    board["key"] = "/".join((",".join(board["tiles"]), ",".join(board["gone"]),
                             ",".join("~".join(e) for e in board["blocked"])))


@dataclass
class _Derived:
    live: list[str]  # the tiles in play, in board order
    touch: dict[str, list[str]]  # tile -> the tiles in play its position touches (blocks aside)
    near: dict[str, list[str]]  # tile -> those of them not behind a blocked edge
    asked: dict = field(default_factory=dict)  # (question, tile) -> answer, for this board
    lengths: dict | None = None  # the shortest ways over open edges, made when `distance` first asks
    spaces: list | None = None  # the game's spaces on this board (Layout.spaces), made when first asked
    tiled: dict = field(default_factory=dict)  # (question, x) -> answer, for these tiles in play, whatever is blocked


def derive(run) -> _Derived:
    board, layout = run.state.board, run.rules.layout
    hit = layout.derived.get(board["key"])
    if hit is not None:
        return hit
    return _derived(board, layout)


def _derived(board, layout) -> _Derived:
    """derive's board not kept yet: made and kept (no cells in derive). The tiles in play and those
    each touches are kept per tiles and tiles removed (_touching); the open ones per edges blocked."""
    tiles, gone = board["tiles"], board["gone"]
    base = layout.derived.get(("tiles", *tiles, "gone", *gone))
    if base is None:
        base = _touching(tiles, gone, layout)
    live, touch, tiled = base
    blocked = set()
    for a, b in board["blocked"]:  # both ways: no sort a pair
        blocked.add((a, b))
        blocked.add((b, a))
    near = {t: [u for u in touch[t] if (t, u) not in blocked] for t in live} if blocked else \
        {t: touch[t][:] for t in live}
    if len(layout.derived) > 4096:  # many boards seen (long simulations): start again
        layout.derived.clear()
    hit = layout.derived[board["key"]] = _Derived(live, touch, near, tiled=tiled)
    return hit


def _touching(tiles, gone, layout) -> tuple:
    """(the tiles in play, each one's tiles in play that its position touches, both in board order,
    the answers kept for them: _Derived.tiled), kept under the tiles and those removed."""
    out = set(gone)
    live = [t for t in tiles if t not in out]
    touch: dict[str, list[str]] = {t: [] for t in live}
    for i, j in layout.touching:
        a, b = tiles[i], tiles[j]
        if a in touch and b in touch:
            touch[a].append(b)
            touch[b].append(a)
    order = {t: n for n, t in enumerate(tiles)}
    for t in live:
        touch[t].sort(key=order.__getitem__)
    base = layout.derived[("tiles", *tiles, "gone", *gone)] = (live, touch, {})
    return base


def adjacent(run, space) -> list[str]:
    return list(derive(run).near.get(space, ())) if run.state.board else []


def distance(run, a, b):
    if run.state.board and (d := derive(run)).lengths is None:  # (made when first asked: few rules ask)
        graph = nx.Graph([(t, u) for t in d.live for u in d.near[t]])
        graph.add_nodes_from(d.live)
        d.lengths = {s: dict(x) for s, x in nx.all_pairs_shortest_path_length(graph)}
    return d.lengths.get(a, {}).get(b) if run.state.board else None


def tile_property(run, tile: str, name: str):
    """A tile's property as it lies: as printed (its card type's default where it gives none); on
    a board laid face down (`lay-board(face-down-slots: N)`, keeping.py) nothing is printed but
    the capacity, N for every tile."""
    board, layout = run.state.board, run.rules.layout
    if board and board.get("down"):
        return board["down"] if name == layout.capacity else None
    return printed_property(run.rules, layout.printed[tile], name)


def printed_property(rules, printed, name):
    """A card's printed property: its own, else its card type's default (primitives.property_of)."""
    if name in printed.props:
        return printed.props[name]
    if name == "copies":
        return printed.copies
    decl = rules.card_types[printed.type].props.get(name)
    return decl["default"] if decl else None


def has_room(run, space) -> bool:  # fewer figures on the space than its capacity (none: always room)
    return open_space(run, None, space)


def open_space(run, env, space=None, *given, **named) -> bool:
    """`open(space)`, has_room in one call: the tiles' printed capacities read once per rules, the
    figures that fill a place on each space counted once per figures' mark (seen.py). A figure
    that stands for a piece (standing.py: its `piece` lies under it) fills no place. Compiled, its
    one argument is passed by position (`by_position`, compile.call_source); by keyword, any name."""
    if space is None and named:
        for space in named.values():  # (_named: no call)
            break
    layout = run.rules.layout
    if layout is None:
        return True
    try:
        caps = layout.caps_printed  # each tile's printed capacity, read once per rules (kept on its Layout)
    except AttributeError:
        caps = layout.caps_printed = _caps_printed(run.rules, layout)
    if space not in caps:
        return True  # no tile, or no capacity: always room
    state = run.state
    board = state.board
    cap = board["down"] if "down" in board and board["down"] else caps[space]
    if cap is None:
        return True
    seen = _SEEN[0]  # seen.view(state), its hit read in place (no call)
    if seen.mark != state.figures_mark or not seen.mark:
        seen = view(state)
    filled = seen.filled
    return (filled[space] if space in filled else 0) < cap


open_space.by_position = 1  # (compile.call_source: a call of one argument passes it by position)


def _caps_printed(rules, layout) -> dict:
    """Each tile's printed capacity (open_space's table, in a function of its own: no cells there);
    none without a `capacity`: every space has room."""
    if layout.capacity is None:
        return {}
    return {t: printed_property(rules, c, layout.capacity) for t, c in layout.printed.items()}


# -- primitives ------------------------------------------------------------------------------

def lay_tiles(run, env) -> None:
    layout, state = run.rules.layout, run.state
    if layout is None:
        raise KernelError("lay-tiles(): the game declares no `board`")
    tiles = list(layout.tiles)
    if layout.shuffled:
        from .draws import shuffle
        gen = state.random()
        shuffle(gen, tiles)
        state.keep(gen)
    set_board(state, tiles[:sum(layout.rows)])
    state.log.append({"event": "lay-tiles", "tiles": list(state.board["tiles"])})


def _edge(run, a, b):
    """The edge between two tiles in play that touch, as [a, b] sorted; None if there is none."""
    return sorted((a, b)) if run.state.board and b in derive(run).touch.get(a, ()) else None


def block(run, env, a, b) -> None:
    edge, board = _edge(run, a, b), run.state.board
    if edge is not None and edge not in board["blocked"]:
        board["blocked"] = board["blocked"] + [edge]
        _rekey(board)
        run.state.log.append({"event": "block", "edge": edge})


def unblock(run, env, a, b, lifted=False) -> None:
    board = run.state.board
    edge = sorted((a, b))
    if board and edge in board["blocked"] and not lifted and _under_piece(run, a, b):
        run.state.log.append({"event": "refused", "unblock": edge, "why": "a blocking piece lies on it"})
    elif board and edge in board["blocked"]:
        board["blocked"] = [e for e in board["blocked"] if e != edge]
        _rekey(board)
        run.state.log.append({"event": "unblock", "edge": edge})


def remove_space(run, env, space) -> None:
    """A tile out of play, with the blocks on its edges; refused while a figure stands on it."""
    state = run.state
    for s in _as_list(space):
        board = state.board
        if not board or s not in board["tiles"] or s in board["gone"]:
            continue
        if any(f["space"] == s for f in state.figures.values()):
            state.log.append({"event": "refused", "remove-space": s, "why": "a figure stands on it"})
            continue
        if run.rules.pieces is not None and holds_pieces(run, s):  # pieces on it or its edges (edges.py)
            state.log.append({"event": "refused", "remove-space": s, "why": "a piece lies on it"})
            continue
        board["gone"] = board["gone"] + [s]
        board["blocked"] = [e for e in board["blocked"] if s not in e]
        _rekey(board)
        state.log.append({"event": "remove-space", "space": s})


def _under_piece(run, a, b) -> bool:
    from .edges import edge_of, lies_under
    return (label := edge_of(run, a, b)) is not None and lies_under(run, label)


def holds_pieces(run, space) -> bool:
    from .edges import holds_pieces as holds
    return holds(run, space)


PRIMITIVES = {"lay-tiles": lay_tiles, "block": block, "unblock": unblock, "remove-space": remove_space}


# -- functions -------------------------------------------------------------------------------

def _asked(run, question: str, space, answer):
    """What the board says of a tile, worked out once per board."""
    d = derive(run)
    key = (question, space)
    if key not in d.asked:
        d.asked[key] = answer(d)
    return d.asked[key]


def bases_of(run, env, team) -> list[str]:
    layout, board = run.rules.layout, run.state.board
    if not board or layout.bases is None:
        return []
    teams = _as_list(team)
    d = derive(run)
    if board.get("down"):
        return [t for t in d.live if tile_property(run, t, layout.bases) in teams]
    key = ("bases-of", tuple(teams))  # kept for the tiles in play (a block changes no Base)
    if key not in d.tiled:
        d.tiled[key] = [t for t in d.live if tile_property(run, t, layout.bases) in teams]
    return list(d.tiled[key])


def corners(run, env) -> list[str]:
    if not run.state.board:
        return []
    touch = derive(run).touch
    low = min(map(len, touch.values()), default=0)
    return [t for t, n in touch.items() if len(n) == low]


def centre(run, env):
    def answer(d):
        graph = nx.Graph([(t, u) for t in d.live for u in d.touch[t]])
        graph.add_nodes_from(d.live)
        if not d.live or not nx.is_connected(graph):
            return None
        centres = set(nx.center(graph))
        return next(t for t in d.live if t in centres)
    return _asked(run, "centre", None, answer) if run.state.board else None


def _named(given: tuple, named: dict):
    """The one argument of a function whose parameter keeps the name the older boxes give it
    (compiler/builtins_board.py): passed by that name, read by place."""
    return given[0] if given else next(iter(named.values()), None)


def connected_without(run, env, *given, **named) -> bool:
    tile = _named(given, named)

    def answer(d):
        rest = [t for t in d.live if t != tile]
        if not rest:
            return False
        graph = nx.Graph([(t, u) for t in rest for u in d.touch[t] if u != tile])
        graph.add_nodes_from(rest)
        return nx.is_connected(graph)
    return bool(run.state.board) and _asked(run, "connected-without", tile, answer)


def open_without(run, env, *given, **named) -> bool:
    """Every other tile in play keeps an open side (an edge not blocked) if this one leaves play."""
    tile = _named(given, named)

    def answer(d):
        return all(any(m != tile for m in d.near[n]) for n in d.touch.get(tile, ()))
    return bool(run.state.board) and _asked(run, "open-without", tile, answer)


def is_blocked(run, env, a, b) -> bool:
    return bool(run.state.board) and sorted((a, b)) in run.state.board["blocked"]


FUNCTIONS = {"open": open_space, "blocked": is_blocked,
             "bases-of": bases_of, "corners": corners, "centre": centre, "connected-without": connected_without,
             "open-without": open_without}


# -- scenarios: their boards (layout_scenario.py), named here as before
from .seen import _KEPT as _SEEN, view  # noqa: E402
from .layout_scenario import SCENARIO_SCHEMA, _blocked_by_pieces, actual, scenario_board  # noqa: E402,F401
