"""The board: Location tiles laid in rows, their adjacency, and the edges blocking tokens close.

The adjacency is a networkx graph."""
from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from .token_store import TokenStore


def row_layout(rows: list[int]) -> nx.Graph:
    """Square tiles in centred rows: tiles side by side in a row touch; a tile touches the
    tiles of the next row whose sides it overlaps (3-4-3: a tile of a 3-row touches two
    tiles of the 4-row). Nodes are 0..n-1, row by row, left to right."""
    g = nx.Graph()
    widest = max(rows)
    starts = []
    index = 0
    for length in rows:
        offset = (widest - length) / 2  # left edge of the row's first tile
        starts.append((index, length, offset))
        for k in range(length):
            g.add_node(index + k, row=len(starts) - 1, col=k, x=offset + k)
            if k:
                g.add_edge(index + k - 1, index + k)
        index += length
    for (a, alen, aoff), (b, blen, boff) in zip(starts, starts[1:]):
        for i in range(alen):
            ax = aoff + i
            for j in range(blen):
                bx = boff + j
                if abs(ax - bx) < 1 - 1e-9:  # the sides overlap by more than a corner
                    g.add_edge(a + i, b + j)
    return g


@dataclass
class Location:
    index: int
    comp: dict | None  # the Location tile (None: a face-down tile with no effect)
    slots: int
    figures: list = field(default_factory=list)  # Figure keys, in order of arrival
    tokens: TokenStore = field(default_factory=TokenStore)  # (token qid, owner, colour) -> count
    bonus: dict = field(default_factory=dict)  # (token qid, owner) -> damage bonus carried
    removed: bool = False
    pile_key: tuple | None = field(default=None, repr=False, compare=False)  # GameState.token_pile's (zone, key)
    board: "Board | None" = field(default=None, repr=False, compare=False)  # the board it lies on

    def __post_init__(self) -> None:
        if self.tokens.__class__ is not TokenStore:  # given as a plain Counter or dict
            self.tokens = TokenStore(self.tokens)
        self.tokens.place = self.index

    def __setattr__(self, name: str, value) -> None:
        object.__setattr__(self, name, value)
        if name == "removed" and self.board is not None:  # the board's live Locations are asked again
            self.board._live = None
            self.board._kept.clear()

    @property
    def label(self) -> str:
        return f"L{self.index + 1}"


class Board:
    def __init__(self, rows: list[int], tiles: list[tuple[dict | None, int]]) -> None:
        self.rows = rows
        self.graph = row_layout(rows)
        self.locations = [Location(i, comp, slots) for i, (comp, slots) in enumerate(tiles)]
        self._live: tuple[int, ...] | None = None  # live()'s, until a Location's `removed` changes
        self._kept: dict = {}  # live_set()'s and with_icons()'s, until a Location's `removed` changes
        for loc in self.locations:
            loc.board = self
        self.edge_tokens: dict[tuple[int, int], TokenStore] = {}
        self.blocked: set[tuple[int, int]] = set()
        self._adj: dict[int, tuple[int, ...]] = {}
        # the layout never changes: its edges and each tile's neighbours are read once
        self._edges = sorted(self.edge(a, b) for a, b in self.graph.edges)
        self._neighbours = {n: tuple(self.graph.neighbors(n)) for n in self.graph.nodes}
        self.refresh()

    @staticmethod
    def edge(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def edge_label(self, e: tuple[int, int]) -> str:
        return f"L{e[0] + 1}-L{e[1] + 1}"

    def live(self) -> list[int]:
        """The Locations still in play, in index order (a new list; read again only when a
        Location's `removed` has changed)."""
        live = self._live
        if live is None:
            live = self._live = tuple(loc.index for loc in self.locations if not loc.removed)
        return list(live)

    def live_set(self) -> frozenset[int]:
        """The Locations still in play as a set (what a selector's `in anywhere` gives its
        candidates' test), kept until a Location's `removed` changes."""
        hit = self._kept.get(None)
        if hit is None:
            hit = self._kept[None] = frozenset(self.live())
        return hit


    def refresh(self) -> None:
        """Recompute adjacency after a blocking token moved or a Location left play (kept per
        set of blocked edges until a Location's `removed` changes: a token put back where it
        was gives the adjacency worked out before)."""
        key = ("adj", frozenset(self.blocked))
        kept = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = self._adjacency()
        self._adj = kept

    def _open(self) -> tuple:
        """(the edges between Locations in play, each Location's neighbours in play, the
        number of them, the Locations with one at most), kept until a Location's `removed`
        changes: what the blocked edges are taken from."""
        hit = self._kept.get("open")
        if hit is None:
            locations = self.locations
            live = [e for e in self._edges if not locations[e[0]].removed and not locations[e[1]].removed]
            adj: dict[int, list[int]] = {i: [] for i in range(len(locations))}
            # the edges (a, b), a < b, in order: each tile's list comes out sorted (the tiles
            # below it, then those above it, each in order)
            for a, b in live:
                adj[a].append(b)
                adj[b].append(a)
            sides = [len(adj[i]) for i in range(len(locations))]
            hit = self._kept["open"] = (tuple(live), frozenset(live), {k: tuple(v) for k, v in adj.items()},
                                        sides, frozenset(i for i, n in enumerate(sides) if n <= 1))
        return hit

    def _adjacency(self) -> dict[int, tuple[int, ...]]:
        """Each Location's open neighbours: those in play less the blocked edges'."""
        _live, live_set, adj, _sides, _low = self._open()
        cut = [e for e in self.blocked if e in live_set]
        if not cut:
            return adj
        adj = dict(adj)
        for a, b in cut:
            adj[a] = tuple([n for n in adj[a] if n != b])
            adj[b] = tuple([n for n in adj[b] if n != a])
        return adj

    def adjacent(self, i: int) -> tuple[int, ...]:
        return self._adj[i]

    def edges(self) -> list[tuple[int, int]]:
        locations = self.locations
        return [e for e in self._edges if not locations[e[0]].removed and not locations[e[1]].removed]


    def would_enclose(self, e: tuple[int, int]) -> bool:
        """Blocking this edge leaves a Location with no open side."""
        blocked = self.blocked
        if e in blocked:
            return False
        locations = self.locations
        for end in e:
            for n in self._neighbours[end]:
                side = (end, n) if end < n else (n, end)
                if side != e and side not in blocked and not locations[n].removed:
                    break  # an open side
            else:
                return True
        return False

    def corners(self) -> list[int]:
        """The tiles with the fewest neighbours: the corners of the board."""
        degree = {n: self.graph.degree(n) for n in self.graph.nodes}
        low = min(degree.values())
        return sorted(n for n, d in degree.items() if d == low)

    def centre(self) -> int:
        """The tile nearest to every other (the smallest such index on a tie)."""
        return min(nx.center(self.graph))

    def enclosed(self) -> list[int]:
        live = self.live()
        return [i for i in live if not self._adj[i] and len(live) > 1]

    def open_without(self, i: int) -> bool:
        """Every other Location keeps an open side if Location i leaves play."""
        for n in self.graph.neighbors(i):
            if self.locations[n].removed:
                continue
            if not any(m != i and not self.locations[m].removed and self.edge(n, m) not in self.blocked
                       for m in self.graph.neighbors(n)):
                return False
        return True

    def connected_without(self, i: int) -> bool:
        """The live Locations stay one group if Location i leaves play (Free-For-All)."""
        rest = [n for n in self.live() if n != i]
        if not rest:
            return False
        sub = self.graph.subgraph(rest)
        return nx.is_connected(sub)
