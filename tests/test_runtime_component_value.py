"""A component named in an expression (a Location, a character, a non-player figure) is read
from where the game placed it, kept per board and set of figures (issue #11, speed): the
answer is the walk's over the board and the figures, also once a Location has left play or a
figure has come into the game.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
a component read by the kernel: tests/test_kernel_relations.py and the 104 Mayhem scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime.state import Figure

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def walked(eng, qid: str):
    """What a walk finds: the first tile in play that is the Location, or the first figure."""
    comp = eng.rules.by_qid.get(qid)
    if comp is None:
        return None
    if comp["kind"] == "location":
        return next((loc.index for loc in eng.state.board.locations
                     if loc.comp is not None and loc.comp["qid"] == qid and not loc.removed), None)
    return next((f for f in eng.state.figures.values() if f.comp["qid"] == qid), None)


def named(eng) -> list[str]:
    return sorted(q for q, c in eng.rules.by_qid.items() if c["kind"] in ("location", "character", "npc")) \
        + ["no/such:component"]


def test_a_named_component_is_where_a_walk_finds_it(rules):
    eng = everyone_on_the_board(rules).engine
    qids = named(eng)
    found = [eng.component_value(q) for q in qids]
    assert found == [walked(eng, q) for q in qids]
    assert any(isinstance(v, int) for v in found) and any(isinstance(v, Figure) for v in found)


def test_a_location_that_left_play_and_a_figure_that_came_are_seen(rules):
    eng = everyone_on_the_board(rules).engine
    st = eng.state
    tile = next(loc for loc in st.board.locations if loc.comp is not None)
    assert eng.component_value(tile.comp["qid"]) == tile.index
    tile.removed = True
    try:
        assert eng.component_value(tile.comp["qid"]) is None
    finally:
        tile.removed = False
    npc = next(c for box in eng.rules.npcs.values() for c in box.values()
               if not any(f.comp is c for f in st.figures.values()))
    assert eng.component_value(npc["qid"]) is None
    st.figures["newcomer"] = fig = Figure("newcomer", "npc", None, npc, npc, None)
    assert eng.component_value(npc["qid"]) is fig
    qids = named(eng)
    assert [eng.component_value(q) for q in qids] == [walked(eng, q) for q in qids]
