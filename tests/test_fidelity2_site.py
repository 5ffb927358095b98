"""The site names the Teams the game names: the board draws the Bases of the game's own
`team-names` (site/board.py), Free-For-All's board says which Teams start on its corners, and the
components page and the language reference list a pool's counts per Team (`black 5 white 5`)
whatever the Teams are called (site/model.py, site/reference.py, site/templates)."""
from __future__ import annotations

import re

import pytest

from mayhem.compiler import driver
from mayhem.site.board import mode_board, standard_board
from mayhem.site.model import SiteModel, pool_total, team_counts
from mayhem.site.page import REFERENCE
from mayhem.site.reference import Reference
from mayhem.site.render import Renderer

from game_helpers import content_copy
from test_team_names_other import _renamed_boxes


@pytest.fixture(scope="module")
def red_blue(tmp_path_factory) -> SiteModel:
    """The repository's content with its Teams called red and blue (the game's `team-names`,
    the boxes' pools, Bases and counts per Team written with those names)."""
    root = tmp_path_factory.mktemp("red-blue") / "content"
    content_copy(root, ("team-names [black, white]", "team-names [red, blue]"))
    _renamed_boxes(root)
    result = driver.compile_paths([root])
    assert [d.message for d in result.diagnostics.items if d.severity == "error"] == []
    return SiteModel(result.ir)


def _page(model: SiteModel, path: str, template: str, **ctx) -> str:
    r = Renderer(model)
    r.write(path, template, **ctx)
    return r.site.pages[path]


def test_the_board_draws_the_bases_of_the_games_own_teams(red_blue):
    assert red_blue.team_names == ("red", "blue")
    d = standard_board(red_blue, red_blue.box("teen-titans-go"))
    tiles = [t for row in d.rows for t in row]
    assert [t.style for t in tiles[:2]] == ["red", "red"] and [t.style for t in tiles[-2:]] == ["blue", "blue"]
    assert all(t.style == "special" for t in tiles[2:-2])
    svg = str(d.svg)
    # each Team's Bases in its colour, said in the description
    assert svg.count('<g class="mh-tile mh-tile-base mh-tile-red"><rect') == 2
    assert re.search(r'mh-tile-red"><rect [^>]*fill="#c62828"', svg)
    assert re.search(r'mh-tile-blue"><rect [^>]*fill="#1565c0"', svg)
    assert svg.count("(Red Team Base)") == 2 and svg.count("(Blue Team Base)") == 2
    assert "Black Team" not in svg and "White Team" not in svg  # (the tiles keep their names: "Black Base")
    caption = str(d.caption)
    assert "the Red Team&#39;s Bases (red) first, then the Special Locations, then the Blue Team&#39;s Bases (blue)" \
        in caption


def test_teams_whose_names_are_no_colour_get_a_colour_each_by_seat(tmp_path):
    root = tmp_path / "content"
    content_copy(root, ("team-names [black, white]", "team-names [sharks, jets]"))
    for box in ("teen-titans-go", "looney-tunes"):
        for name in ("box.mh", "locations.mh"):
            path = root / box / name
            text = path.read_text(encoding="utf-8")
            text = re.sub(r"\bblack\b", "sharks", re.sub(r"\bwhite\b", "jets", text))
            path.write_text(text, encoding="utf-8")
    result = driver.compile_paths([root])
    assert [d.message for d in result.diagnostics.items if d.severity == "error"] == []
    m = SiteModel(result.ir)
    d = standard_board(m, m.box("looney-tunes"))
    tiles = [t for row in d.rows for t in row]
    sharks, jets = tiles[0], tiles[-1]
    assert (sharks.style, jets.style) == ("sharks", "jets")
    assert sharks.colours and jets.colours and sharks.colours != jets.colours
    assert "the Sharks Team&#39;s Bases (dark slate) first" in str(d.caption)
    assert "then the Jets Team&#39;s Bases (cream, amber edge)" in str(d.caption)


def test_the_free_for_all_board_names_the_teams_that_start_on_its_corners(red_blue):
    box = red_blue.box("teen-titans-go")
    ffa = next(c for c in red_blue.components if c["kind"] == "mode" and c["id"] == "free-for-all")
    d = mode_board(red_blue, box, ffa)
    # three one-player Teams, named after their players as the runtime names them
    assert "the figures of the 3 Teams (p1, p2 and p3) start on the corners, one Team a corner" in str(d.caption)
    corners = [t for row in d.rows for t in row if "start here" in t.marks]
    assert len(corners) == 3
    two = {**ffa, "props": {**ffa["props"], "seats": {"value": [[1], [1]]}}}
    # as many Teams as the game names: they are called by those names
    assert "the 2 Teams (red and blue) start on the corners" in str(mode_board(red_blue, box, two).caption)


def test_the_components_page_lists_each_pools_counts_per_team(red_blue):
    box = red_blue.box("teen-titans-go")
    vp = next(p for p in box["children"] if p["id"] == "victory-points")
    assert team_counts(vp, red_blue.team_names) == [("red", 5), ("blue", 5)] and pool_total(vp) == 10
    text = _page(red_blue, "teen-titans-go/components/index.md", "box_components.md.j2", box=box)
    assert "| Victory Point tokens | 5 Red, 5 Blue |" in text
    assert "| Trap/Stun tokens | 8 Red, 8 Blue |" in text
    assert "| Team Bases | red 2, blue 2 | red 2, blue 2 |" in text
    assert "None" not in text
    tokens = re.search(r"\| Tokens \| (\d+) \| (\d+) in \d+ pools \|", text)
    assert tokens and tokens.group(1) == tokens.group(2) == "92"  # the box's count, every piece counted


def test_the_reference_lists_a_pools_counts_per_team(red_blue):
    text = _page(red_blue, REFERENCE, "reference.md.j2", ref=Reference(red_blue.team_names))
    pool = text[text.index("### <code>pool</code>"):]
    pool = pool[:pool.index("\n### ", 5)]
    assert ("- Counts per Team: one property named after each Team the game names (its <code>team-names</code>: "
            "<code>red</code>, <code>blue</code>), each a <code>int</code>") in pool
    assert "<code>red 5 blue 5</code>" in pool
    rows = re.findall(r"^\| <code>([a-z-]+)</code> \| <code>([a-z:|-]+)</code> \|", pool, re.M)
    assert ("red", "int") in rows and ("blue", "int") in rows and ("count", "int") in rows
    # the Mayhem content's own names when the page is built from it
    assert "<code>black 5 white 5</code>" in _page(red_blue, REFERENCE, "reference.md.j2", ref=Reference())
