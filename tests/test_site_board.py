"""The board drawn on a box's setup page (site/board.py): the rows of the box's `board`, its
Location tiles with their names, the Bases marked, what lies on a tile at setup; a caption that
says what the content does not record. The browser test measures it at 360 px
(tests/test_site_browser.py::test_the_board_reads_on_a_phone)."""
from __future__ import annotations

import re

import pytest

from mayhem.site.board import mode_board, standard_board, wrap
from mayhem.site.model import SiteModel

from test_site_rulings import faq_site  # noqa: F401  (the fixture box has no `board`)


def _model(board, locations: list[tuple[str, str | None]], vp=()) -> SiteModel:
    def loc(ident, base):
        props = {"slots": {"value": 2}}
        if base:
            props["base"] = {"value": base}
        if ident in vp:
            props["vp-slots"] = {"value": True}
        return {"qid": f"b/{ident}", "kind": "location", "id": ident, "name": ident.replace("-", " ").title(),
                "scope": "b", "box": "b", "props": props, "children": []}
    box_props = {"board": {"value": board}} if board else {}
    pools = [{"qid": "b/vp", "kind": "pool", "id": "vp", "name": "VP tokens",
              "props": {"on-vp-slots": {"value": True}}, "children": []},
             {"qid": "b/acme", "kind": "pool", "id": "acme", "name": "ACME tokens",
              "props": {"pile-on": {"value": "desert"}}, "children": []}]
    box = {"qid": "b", "kind": "box", "id": "b", "name": "Test <Box>", "scope": "b", "box": "b",
           "props": box_props, "children": pools}
    return SiteModel({"components": [box] + [loc(i, b) for i, b in locations], "graph": {"nodes": [], "edges": []}})


TEN = [("bb-1", "black"), ("bb-2", "black"), ("ww-1", "white"), ("ww-2", "white"), ("desert", None),
       ("park", None), ("zoo", None), ("mall", None), ("lab", None), ("tower", None)]


def test_tiles_go_into_the_rows_bases_marked_and_what_lies_on_them():
    m = _model([3, 4, 3], TEN, vp={"zoo"})
    d = standard_board(m, m.box("b"))
    assert d.missing == []
    assert [[t.name for t in row] for row in d.rows] == [
        ["Bb 1", "Bb 2", "Desert"], ["Lab", "Mall", "Park", "Tower"], ["Zoo", "Ww 1", "Ww 2"]]
    assert [t.style for t in d.rows[0]] == ["black", "black", "special"]
    assert d.rows[0][2].marks == ["pile of ACME tokens"] and d.rows[2][0].marks == ["VP tokens"]
    svg = str(d.svg)
    # the title and description name the box (escaped) and every tile in its row
    assert '<title id="board-b-title">The board of Test &lt;Box&gt;: 3 rows of Location tiles (3-4-3)</title>' in svg
    assert "row 1: Bb 1 (Black Team Base), Bb 2 (Black Team Base), Desert (pile of ACME tokens); row 2: Lab" in svg
    assert 'aria-labelledby="board-b-title board-b-desc"' in svg and 'role="img"' in svg
    # tiles of a row share a y; a 3-row is centred over the 4-row (half a tile in)
    rects = [tuple(float(v) for v in r) for r in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)"', svg)]
    assert len(rects) == 10 and len({y for _, y in rects}) == 3
    assert rects[0][0] - rects[3][0] == pytest.approx((150 + 10) / 2)
    assert "shuffled into this shape" in str(d.caption)
    assert standard_board(m, m.box("b")).svg == d.svg  # deterministic


def test_what_the_content_lacks_is_said_and_the_rest_drawn():
    short = _model([3, 4, 3], TEN[:8])
    d = standard_board(short, short.box("b"))
    assert [t.style for t in d.rows[2]][-2:] == ["empty", "empty"]
    assert "2 of the 10 tiles of the board" in str(d.caption)
    long = _model([2, 2], TEN[:6])
    d = standard_board(long, long.box("b"))
    assert sum(len(r) for r in d.rows) == 4
    assert "where 2 more Locations go (" in str(d.caption)
    none = _model(None, TEN[:6])
    d = standard_board(none, none.box("b"))
    assert [len(r) for r in d.rows] == [4, 2]
    assert "What the content does not record: the shape of the board (<code>board [3, 4, 3]</code>" in str(d.caption)


def test_a_mode_with_its_own_board_draws_it():
    """Free-For-All: the triangle of face-down tiles, figures starting on the corners, the
    non-player figure in the centre (where the runtime puts them: fewest neighbours, graph centre)."""
    m = _model([3, 4, 3], TEN)
    ffa = {"qid": "x:mode:ffa", "kind": "mode", "id": "ffa", "name": "Free-For-All", "props": {
        "board": {"value": [4, 3, 2, 1]}, "start": {"value": "corners"}}, "effects": {"setup": {"body": [
            {"op": "primitive", "name": "add-unowned-figure", "args": {}},
            {"op": "primitive", "name": "lay-board", "args": {"face-down-slots": {"e": "num", "v": 2}}}]}}}
    d = mode_board(m, m.box("b"), ffa)
    assert [len(r) for r in d.rows] == [4, 3, 2, 1]
    marks = [t.marks for row in d.rows for t in row]
    assert [i for i, mk in enumerate(marks) if "start here" in mk] == [0, 3, 9]
    assert [i for i, mk in enumerate(marks) if "the non-player figure" in mk] == [5]
    assert all(t.style == "face-down" for row in d.rows for t in row)
    assert "(4-3-2-1)" in str(d.svg) and "face down" in str(d.caption)
    standard = {"qid": "x:mode:std", "kind": "mode", "id": "std", "name": "Standard", "props": {
        "board": {"value": [3, 4, 3]}}}
    assert mode_board(m, m.box("b"), standard) is None  # the box's own board: drawn on the setup page
    wide = {"qid": "x:mode:wide", "kind": "mode", "id": "wide", "name": "Wide", "props": {"board": {"value": [5, 5]}}}
    d = mode_board(m, m.box("b"), wide)  # another shape, tiles face up: the box's tiles in it, ids of its own
    assert [len(r) for r in d.rows] == [5, 5] and 'id="board-wide-title"' in str(d.svg)


def test_long_names_wrap_inside_their_tile():
    assert wrap("Home Sweet Home") == ["Home Sweet", "Home"]
    assert wrap("Supercalifragilistic Hall") == ["Supercalifragilistic", "Hall"]


def test_the_setup_page_draws_the_board(faq_site):  # noqa: F811
    html = (faq_site / "faq-box" / "setup" / "index.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure class="mh-board-figure" id="board">(.*?)</figure>', html, re.S).group(1)
    assert figure.count("<rect ") == 10 and ">Harbour<" in figure and ">Lighthouse<" in figure
    assert "What the content does not record: the shape of the board" in figure
