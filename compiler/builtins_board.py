"""The kernel's vocabulary of a board laid from tiles (`board` in a game): its primitives and functions.

builtins_kernel.py appends them to its tables; runtime/kernel/layout.py plays them. The functions
that the Mayhem boxes already name (`open`, `bases-of`, `corners`, `centre`, `connected-without`,
`open-without`) keep their names and parameters, so content reads the same on either engine."""
from __future__ import annotations

from .builtins import REQUIRED, Function, Param, Primitive

_G = ("game", "keyword")


def _p(name, type_, default=REQUIRED, doc=""):
    return Param(name, type_, default, doc)


BOARD_PRIMITIVES = (
    Primitive("lay-tiles", (),
              "Lay the tiles of the game's `board` on its positions, row by row: shuffled (seeded) unless the "
              "board's `order` is `as-declared`; the first tiles fill the positions, the rest stay out. Each tile "
              "laid is a space, next to the tiles its position touches (logged `lay-tiles`).", _G),
    Primitive("block", (_p("a", "any", doc="A space."), _p("b", "any", doc="A space next to it.")),
              "Block the edge between two spaces of the laid board: `adjacent`, `distance` and "
              "`open-without` no longer cross it (logged `block`); nothing if they are not next to each other.", _G),
    Primitive("unblock", (_p("a", "any"), _p("b", "any")),
              "Open a blocked edge again (logged `unblock`); refused (logged `refused`) while a blocking "
              "piece lies on it.", _G),
    Primitive("remove-space", (_p("space", "any"),),
              "Take a tile of the laid board out of play, with the blocks on its edges; refused (logged "
              "`refused`) while a figure stands on it or a piece lies on it or on its edges: what leaves "
              "play is an empty tile.", _G),
)

BOARD_FUNCTIONS = (
    Function("open", (_p("location", "any"),), "bool",
             "The space has room for one more figure: fewer figures on it than its `capacity` (a space "
             "without one always has room)."),
    Function("blocked", (_p("a", "any"), _p("b", "any")), "bool", "The edge between two spaces is blocked."),
    Function("bases-of", (_p("team", "team"),), "any",
             "The tiles in play that are the Team's Bases (their `bases` property names it), in board order."),
    Function("corners", (), "any", "The tiles in play with the fewest neighbours in play (blocks aside)."),
    Function("centre", (), "any", "The tile in play nearest to every other (the first in board order on a "
             "tie; none when the tiles in play are not one group)."),
    Function("connected-without", (_p("location", "any"),), "bool",
             "The tiles in play stay one group (blocks aside) if this one leaves play."),
    Function("open-without", (_p("location", "any"),), "bool",
             "Every other tile in play keeps an open side (an edge to another, not blocked) if this one "
             "leaves play."),
    Function("edge", (_p("a", "any", doc="A tile in play."), _p("b", "any", doc="A tile next to it.")), "any",
             "The edge between two tiles in play that touch, named after their positions as `L1-L2` (none "
             "otherwise): a holder of pieces for a zone kept `per edge` (runtime/kernel/edges.py)."),
    Function("edges-of", (_p("location", "any"),), "any",
             "The edges between a tile and the tiles in play next to it, blocked or not."),
    Function("encloses", (_p("edge", "any", doc="An edge of the laid board: `edge(a, b)`, `L1-L2`."),), "bool",
             "Blocking the edge would leave one of its two tiles with no open side (an edge already blocked "
             "encloses nothing): the guard of a blocking piece's placement."),
    Function("empty", (_p("location", "any"),), "bool",
             "No figure and no piece lie on the space, and no piece on its edges."),
)
