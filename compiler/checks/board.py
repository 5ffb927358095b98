"""Board checks: the layouts, the Locations' slots, the Bases (the tiles and the properties the
shared game's `board` names: game_pieces.tiles)."""
from __future__ import annotations

import networkx as nx

from mayhem.runtime.board import row_layout

from . import register, span_of
from .game_pieces import team_colours, tiles
from .wording import counted

FREE_FOR_ALL_ROWS = [4, 3, 2, 1]


def layout(col, emit):
    for box_id, box in sorted(col.boxes.items()):
        laid = len(col.of_kind(tiles(col).kind, box_id))
        for rows, name in ((col.prop(box, "board"), "standard board"), (FREE_FOR_ALL_ROWS, "Free-For-All triangle")):
            if not rows:
                continue
            if sum(rows) != laid:
                emit(f"the {name} {rows} has {counted(sum(rows), 'place')} for {counted(laid, 'Location tile')} of '{box_id}'",
                     box["qid"], col.prop_span(box, "board"))
            elif not nx.is_connected(row_layout(list(rows))):
                emit(f"the {name} {rows} of '{box_id}' falls apart", box["qid"], col.prop_span(box, "board"))


register(layout, "C701", "layout", "error", "board",
         "The standard board (the box's `board` rows, 3-4-3) and the Free-For-All triangle (4-3-2-1) use every "
         "Location tile once and are connected.", "board [3, 4, 2]   # 9 places for 10 tiles", "board [3, 4, 3]")


def slots(col, emit):
    kind, capacity, _bases = tiles(col)
    for loc in sorted(col.of_kind(kind), key=lambda c: c["qid"]):
        n = col.prop(loc, capacity)
        if n not in (1, 2):
            emit(f"Location '{loc['id']}' has {counted(n, 'slot')}; a Location has 1 or 2", loc["qid"],
                 col.prop_span(loc, capacity))


register(slots, "C702", "slots", "error", "board",
         "Each Location has 1 or 2 Character Slots.", "location l \"L\" { slots 3 }", "slots 2")


def bases(col, emit):
    for box_id, box in sorted(col.boxes.items()):
        locs = col.of_kind(tiles(col).kind, box_id)
        counts = {c: sum(1 for l in locs if col.prop(l, tiles(col).bases) == c) for c in team_colours(col)}
        if len(set(counts.values())) > 1 or min(counts.values()) < 2:
            want = max(2, *counts.values())
            short = [f"`base {c}` on {want - n} more Location{'s' if want - n > 1 else ''}"
                     for c, n in counts.items() if n < want]
            has = " and ".join(f"{n} {c.title()}" for c, n in counts.items())
            emit(f"box '{box_id}' has {has} Bases; each Team needs "
                 "as many as the other, and at least two", box["qid"], span_of(box["span"]),
                 hint=f"write {' and '.join(short)}, or turn a `base` of the other colour into this one")


register(bases, "C703", "bases", "error", "board",
         "A box has Bases of both Team colours, as many of each, so both Teams can place their two characters "
         "on two different Bases in the first round.", "two Black Bases and no White one",
         "base white on two Locations, base black on two others")
