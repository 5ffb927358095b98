"""The rules kernel's words for pieces (runtime/kernel/pieces.py), as the compiler sees them.

They are the Mayhem vocabulary's words (`place`, `remove`, `remove-all`, `take`, `has`,
`count`) with the same parameters in the same order, so a statement binds the same in either;
in a game's effects (context `game`) the compiler checks a call against these instead
(compiler/typecheck.py), and builtins_kernel.py lists them among the kernel's own."""
from __future__ import annotations

from .builtins import REQUIRED, Function, Param, Primitive


def _p(name, type_, default=REQUIRED, doc=""):
    return Param(name, type_, default, doc)


_G = ("game", "keyword")
_OF = "Only the pieces this Team (or a player's Team) owns; all of them without it."
_HOLDER = "A figure, a space, a player or a Team (the zone of the game kept per that kind, flagged `pieces`)."

PIECE_PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("place", (_p("token", "token"), _p("count", "number", 1), _p("on", "any", doc=_HOLDER),
                        _p("tags", "tags", (), "The stack carries the Active figure's bonuses for them."),
                        _p("life", "number", 0, "The Life of each piece that stands as a figure.")),
              "Take that many pieces of the token from its pool (the game's `pools` zone; of `me`'s Team for "
              "a pool kept `per team`) onto each holder: as many as are left, so a spent pool places fewer, or "
              "none (logged `place` with the count placed).", _G),
    Primitive("remove", (_p("token", "token"), _p("count", "number", 1), _p("from", "any", doc=_HOLDER),
                         _p("of", "any", None, _OF)),
              "Put up to that many pieces of the token lying on each holder back into their pool (logged "
              "`remove`).", _G),
    Primitive("remove-all", (_p("token", "token"), _p("from", "any", doc=_HOLDER),
                             _p("of", "any", None, _OF)),
              "Put every piece of the token lying on each holder back into its pool.", _G),
    Primitive("take", (_p("token", "token"), _p("from", "any", doc=_HOLDER), _p("to", "any", doc=_HOLDER),
                       _p("count", "number", 1)),
              "Move up to that many pieces of the token from one holder to another, the first ones lying there "
              "(the top of an ordered pile; logged `take`).", _G),
    Primitive("shift", (_p("token", "token"), _p("from", "any", doc=_HOLDER + " Or an edge."),
                        _p("to", "any", doc=_HOLDER + " Or an edge.")),
              "Move one piece of the token from one holder to another (the first lying there; logged `shift`). "
              "A `blocks-adjacency` piece lifted off an edge leaves it open while `to` is evaluated, and does not "
              "go onto an edge whose block would then leave a tile with no open side (logged `refused`).", _G),
)}

PIECE_FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("has", (_p("holder", "any"), _p("token", "token")), "bool",
             "At least one piece of the token lies on the holder (a figure, a space, a player or a Team)."),
    Function("count", (_p("what", "token"), _p("on", "any", None), _p("of", "any", None)), "number",
             "How many pieces of the token lie on the holder; without `on`, how many are left in its pool "
             "(`me`'s Team's for a pool kept `per team`)."),
)}


def in_game(word, kind: str):
    """The word a call names, as checked in a context `kind`: in a game's effects, the kernel's
    piece word of that name (the Mayhem vocabulary's otherwise)."""
    if kind != "game":
        return word
    return PIECE_PRIMITIVES.get(word.name) or PIECE_FUNCTIONS.get(word.name) or word
