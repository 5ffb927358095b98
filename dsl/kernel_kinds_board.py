"""The declaration kinds of a kernel game's board laid from tiles: `board` (dsl/kernel_kinds.py appends them)."""
from __future__ import annotations


def board_kinds() -> list:
    from .schema import KindSpec, PropSpec, TEXT
    return [
        KindSpec(
            "board", "A board laid from tiles at setup (`lay-board()`): the rows of its positions and the card "
            "type whose cards are its tiles, each tile a space. `board ruins \"The ruins\" { layout [2, 3, 2]  "
            "tiles tile  capacity slots  bases base }`. Tiles side by side in a row touch; a tile touches "
            "the tiles of the next row whose sides it overlaps (rows are centred).", ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("layout", "ints", "How many positions each row has, top row first: `layout "
                            "[2, 3, 2]`.", True),
                   PropSpec("tiles", "id", "The card type whose cards are the tiles (declared at the top of "
                            "the box file, `no-decks`): shuffled at setup, one per position.", True),
                   PropSpec("capacity", "id", "The tiles' property (an int) that caps the figures on a tile: "
                            "`move-to` and `put` take no figure onto a full tile, `open(space)` says it has room."),
                   PropSpec("bases", "id", "The tiles' property that names the Team whose Base a tile is "
                            "(`base t1`): what `bases-of(t)` reads."),
                   PropSpec("icons", "id", "The tiles' property (a list) of the icons printed on a tile "
                            "(`icons [spring]`): what `has-icon(space, ICON)` reads."),
                   PropSpec("order", "enum:shuffled|as-declared", "How `lay-board()` lays the tiles: shuffled "
                            "(seeded; the default), or in the order declared (a first game's fixed layout).")),
            component=False,
        ),
    ]
