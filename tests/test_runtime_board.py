"""The board's geometry (runtime/board.py): which tiles touch in a row layout, and what
blocking tokens and removed Locations do to adjacency.

Core rules, "Game Board": the Locations are square tiles laid in rows; a figure moves to
an adjacent Location, one that shares a side (not only a corner) with its own. Public
API relied on: `row_layout`, `Board` (`adjacent`, `edges`, `edge`, `edge_label`, `live`,
`refresh`, `would_enclose`, `corners`, `centre`, `enclosed`, `open_without`,
`connected_without`, `blocked`, `locations`) and `Location.label`."""
from __future__ import annotations

import pytest

from mayhem.runtime.board import Board, row_layout

# 3-4-3, the standard board (tiles numbered row by row, left to right):
#      0  1  2
#    3  4  5  6
#      7  8  9
STANDARD_EDGES = {
    (0, 1), (1, 2), (3, 4), (4, 5), (5, 6), (7, 8), (8, 9),     # side by side in a row
    (0, 3), (0, 4), (1, 4), (1, 5), (2, 5), (2, 6),             # a 3-row tile over two 4-row tiles
    (3, 7), (4, 7), (4, 8), (5, 8), (5, 9), (6, 9),
}


def board(rows=(3, 4, 3)) -> Board:
    return Board(list(rows), [(None, 2) for _ in range(sum(rows))])


def test_standard_layout_adjacency():
    g = row_layout([3, 4, 3])
    assert sorted(g.nodes) == list(range(10))
    assert {tuple(sorted(e)) for e in g.edges} == STANDARD_EDGES


def test_nodes_know_their_row_column_and_position():
    g = row_layout([3, 4, 3])
    assert g.nodes[0] == {"row": 0, "col": 0, "x": 0.5}
    assert g.nodes[4] == {"row": 1, "col": 1, "x": 1.0}
    assert g.nodes[9] == {"row": 2, "col": 2, "x": 2.5}


def test_tiles_that_meet_at_a_corner_do_not_touch():
    # a 2x2 square: the diagonal tiles share only a corner
    g = row_layout([2, 2])
    assert {tuple(sorted(e)) for e in g.edges} == {(0, 1), (2, 3), (0, 2), (1, 3)}


def test_free_for_all_triangle():
    # 4-3-2-1 (content/shared/modes.mh, Free-For-All): every tile of a shorter row
    # sits over two tiles of the row below it
    g = row_layout([4, 3, 2, 1])
    edges = {tuple(sorted(e)) for e in g.edges}
    assert edges == {(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (7, 8),
                     (0, 4), (1, 4), (1, 5), (2, 5), (2, 6), (3, 6),
                     (4, 7), (5, 7), (5, 8), (6, 8), (7, 9), (8, 9)}


def test_board_adjacency_and_edges():
    b = board()
    assert b.adjacent(0) == (1, 3, 4)
    assert b.adjacent(4) == (0, 1, 3, 5, 7, 8)
    assert b.edges() == sorted(STANDARD_EDGES)
    assert b.live() == list(range(10))
    assert [loc.label for loc in b.locations[:3]] == ["L1", "L2", "L3"]
    assert [loc.slots for loc in b.locations] == [2] * 10


def test_tiles_keep_their_component_and_slots():
    tiles = [({"id": f"t{i}"}, 2 + i % 2) for i in range(10)]
    b = Board([3, 4, 3], tiles)
    assert [loc.comp["id"] for loc in b.locations] == [f"t{i}" for i in range(10)]
    assert [loc.slots for loc in b.locations] == [2, 3] * 5
    assert [loc.index for loc in b.locations] == list(range(10))


def test_edge_is_ordered_and_labelled():
    assert Board.edge(4, 1) == (1, 4)
    assert Board.edge(1, 4) == (1, 4)
    assert board().edge_label((0, 3)) == "L1-L4"


def test_a_blocked_edge_closes_adjacency_both_ways():
    b = board()
    b.blocked.add((0, 4))
    b.refresh()
    assert b.adjacent(0) == (1, 3)
    assert 0 not in b.adjacent(4)
    # the edge is still on the board (a token stands on it)
    assert (0, 4) in b.edges()


def test_a_removed_location_leaves_play():
    b = board()
    b.locations[4].removed = True
    b.refresh()
    assert b.live() == [0, 1, 2, 3, 5, 6, 7, 8, 9]
    assert b.adjacent(4) == ()
    assert 4 not in b.adjacent(0) and 4 not in b.adjacent(8)
    assert all(4 not in e for e in b.edges())
    assert len(b.edges()) == len(STANDARD_EDGES) - 6


def test_would_enclose():
    b = board()
    # corner 0 has three sides: blocking one leaves two
    assert not b.would_enclose((0, 1))
    b.blocked |= {(0, 1), (0, 3)}
    b.refresh()
    # its last open side
    assert b.would_enclose((0, 4))
    # an edge that is already blocked encloses nothing new
    assert not b.would_enclose((0, 3))
    # the other end counts too: 3 keeps 4 and 7 when 3-0 is blocked, but not when both go
    b2 = board()
    b2.blocked |= {(3, 4), (3, 7)}
    assert b2.would_enclose((0, 3))
    assert not b2.would_enclose((0, 4))


def test_would_enclose_ignores_removed_neighbours():
    b = board()
    b.locations[1].removed = True
    b.locations[4].removed = True
    b.refresh()
    # 0 keeps only its side with 3
    assert b.would_enclose((0, 3))


def test_corners_and_centre():
    b = board()
    assert b.corners() == [0, 2, 3, 6, 7, 9]
    assert b.centre() == 1  # 1, 4, 5 and 8 are two steps from every tile: the smallest
    assert board((4, 3, 2, 1)).corners() == [0, 3, 9]


def test_enclosed():
    b = board()
    assert b.enclosed() == []
    b.blocked |= {(0, 1), (0, 3), (0, 4)}
    b.refresh()
    assert b.enclosed() == [0]
    # the last Location in play is not enclosed
    single = board((1,))
    assert single.enclosed() == []


def test_open_without():
    b = board()
    assert b.open_without(4)
    # 0 keeps only its side with 4: taking 4 away shuts it in
    b.blocked |= {(0, 1), (0, 3)}
    b.refresh()
    assert not b.open_without(4)
    assert b.open_without(9)
    # a removed neighbour does not count
    b.locations[0].removed = True
    assert b.open_without(4)


def test_connected_without():
    b = board((4, 3, 2, 1))
    assert b.connected_without(0)
    assert b.connected_without(9)
    # in a 3-tile row 0-1-2, the middle holds the row together
    row = board((3,))
    assert not row.connected_without(1)
    assert row.connected_without(0)
    assert not board((1,)).connected_without(0)
    b.locations[9].removed = True
    assert b.connected_without(7) and b.connected_without(8)


@pytest.mark.parametrize("rows", [(3, 4, 3), (4, 3, 2, 1), (2, 2), (5,)])
def test_adjacency_is_symmetric_and_without_self_loops(rows):
    b = board(rows)
    for i in range(sum(rows)):
        assert i not in b.adjacent(i)
        assert all(i in b.adjacent(n) for n in b.adjacent(i))
        assert list(b.adjacent(i)) == sorted(b.adjacent(i))


def test_live_follows_a_location_taken_out_or_back_without_refresh():
    """live() is kept between calls (issue #11, speed), and read again as soon as a Location's
    `removed` changes, with or without refresh(); the list it gives is the caller's own."""
    b = board()
    first = b.live()
    assert first == list(range(10))
    first.append(99)  # the caller's list: the board's is untouched
    assert b.live() == list(range(10))
    b.locations[3].removed = True
    assert b.live() == [0, 1, 2, 4, 5, 6, 7, 8, 9]
    b.locations[3].removed = False
    b.locations[0].removed = True
    assert b.live() == list(range(1, 10))
