"""The board drawn at build time: a box's Location tiles in the rows of its `board` (or a mode's),
as an SVG with a title, a description and a caption that says what the content does not record.

Tiles sit where the runtime puts them (`runtime.board.row_layout`: square tiles in centred rows).
The drawing is deterministic: the same content gives the same bytes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup, escape

from mayhem.compiler.mode_setup import face_down_slots, has_unowned_figure
from mayhem.runtime.board import row_layout
from mayhem.runtime.modes import Mode

from .model import SiteModel, prop, sort_name

TILE_W, GAP, PAD = 150, 10, 4
FONT, LINE = 24, 28  # SVG units: 12 px on screen when the widest row of 4 is drawn 330 px wide
CHARS = 10  # characters a line of a tile holds at that size

STYLE = {  # fill, stroke, text
    "special": ("#ede7f6", "#5e35b1", "#1a1a1a"),
    "face-down": ("#9e9e9e", "#424242", "#111111"),
    "empty": ("none", "#757575", "#424242"),
}
# A Team's Bases in the Team's colour when its name is one (the game's `team-names`: the
# Mayhem boxes' black and white), with how the caption says it; else a colour by seat.
TEAM_COLOURS = {
    "black": ("#212121", "#212121", "#ffffff", "dark"),
    "white": ("#ffffff", "#212121", "#111111", "white, outlined"),
    "red": ("#c62828", "#8e0000", "#ffffff", "red"),
    "blue": ("#1565c0", "#003c8f", "#ffffff", "blue"),
    "green": ("#2e7d32", "#005005", "#ffffff", "green"),
    "yellow": ("#fdd835", "#c6a700", "#111111", "yellow"),
    "orange": ("#ef6c00", "#b53d00", "#111111", "orange"),
    "purple": ("#6a1b9a", "#38006b", "#ffffff", "purple"),
    "grey": ("#757575", "#424242", "#ffffff", "grey"),
    "gray": ("#757575", "#424242", "#ffffff", "grey"),
}
BY_SEAT = [("#37474f", "#102027", "#ffffff", "dark slate"), ("#fff8e1", "#ff8f00", "#111111", "cream, amber edge"),
           ("#00695c", "#003d33", "#ffffff", "teal"), ("#ad1457", "#78002e", "#ffffff", "crimson")]


def team_style(team: str, seat: int) -> tuple[str, str, str, str]:
    """(fill, stroke, text, words) of a Team's Bases: its colour, or the colour of its seat."""
    return TEAM_COLOURS.get(team.lower()) or BY_SEAT[seat % len(BY_SEAT)]


@dataclass
class Tile:
    name: str
    style: str  # a STYLE, or the Team whose Base the tile is
    marks: list[str] = field(default_factory=list)
    said: str = ""  # how the description says it
    colours: tuple[str, str, str] | None = None  # fill, stroke, text of a Team's Base

    def paint(self) -> tuple[str, str, str]:
        return self.colours or STYLE[self.style]


@dataclass
class Drawing:
    svg: Markup
    caption: Markup
    missing: list[str]
    rows: list[list[Tile]]


def wrap(text: str, width: int = CHARS) -> list[str]:
    """Words in lines of at most `width` characters (a longer word keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def draw(rows: list[int], tiles: list[Tile], *, ident: str, title: str) -> Markup:
    """The SVG of tiles laid row by row in the shape `rows` (as many tiles as places)."""
    graph = row_layout(rows)
    texts = [wrap(t.name) + [line for m in t.marks for line in wrap(m, CHARS + 3)] for t in tiles]
    height = max(len(lines) for lines in texts) * LINE + 2 * 14
    width = max(rows) * (TILE_W + GAP) - GAP + 2 * PAD
    total = len(rows) * (height + GAP) - GAP + 2 * PAD
    desc = "; ".join(f"row {r + 1}: " + ", ".join(t.said or t.name for t in row)
                     for r, row in enumerate(_rows(rows, tiles)))
    out = [Markup('<svg class="mh-board-svg" xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {} {}" '
                  'aria-labelledby="{}-title {}-desc">').format(width, total, ident, ident),
           Markup('<title id="{}-title">{}</title><desc id="{}-desc">{}.</desc>').format(ident, title, ident, desc)]
    for i, (tile, lines) in enumerate(zip(tiles, texts)):
        node = graph.nodes[i]
        x = PAD + node["x"] * (TILE_W + GAP)
        y = PAD + node["row"] * (height + GAP)
        fill, stroke, ink = tile.paint()
        dash = ' stroke-dasharray="8 6"' if tile.style == "empty" else ""
        kind = Markup(" mh-tile-base") if tile.colours else Markup("")
        out.append(Markup('<g class="mh-tile{} mh-tile-{}"><rect x="{:g}" y="{:g}" width="{}" height="{}" rx="10" '
                          'fill="{}" stroke="{}" stroke-width="3"{}/>').format(
            kind, tile.style, x, y, TILE_W, height, fill, stroke, Markup(dash)))
        top = y + (height - len(lines) * LINE) / 2 + FONT * 0.8
        n_name = len(wrap(tile.name))
        for k, line in enumerate(lines):
            weight = "700" if k < n_name else "400"
            style = "" if k < n_name else ' font-style="italic"'
            out.append(Markup('<text x="{:g}" y="{:g}" text-anchor="middle" font-size="{}" font-weight="{}" '
                              'fill="{}"{}>{}</text>').format(x + TILE_W / 2, top + k * LINE, FONT, weight, ink,
                                                              Markup(style), line))
        out.append(Markup("</g>"))
    out.append(Markup("</svg>"))
    return Markup("").join(out)


def _rows(rows: list[int], items: list) -> list[list]:
    out, i = [], 0
    for n in rows:
        out.append(items[i:i + n])
        i += n
    return out


def _team_order(model: SiteModel, locations: list[dict]) -> list[str]:
    """The Teams whose Bases the board shows, in seat order: the game's `team-names`, then any
    other Team a Base names (by name)."""
    named = {prop(c, model.tiles.bases) for c in locations if prop(c, model.tiles.bases)}
    return [t for t in model.team_names if t in named] + sorted(named - set(model.team_names))


def standard_board(model: SiteModel, box: dict, ident: str | None = None) -> Drawing:
    """The box's board: its `board` rows and its Location tiles, the first Team's Bases first
    (the game's `team-names`: the Black Team's in the Mayhem boxes), then the Special Locations
    by name, then the other Teams' Bases; each tile says what lies on it at setup."""
    locations = model.of_kind(model.tiles.kind, box["id"])
    base_of = model.tiles.bases  # the tiles' property the board reads as a Base (`bases base`)
    piles = {prop(pool, "pile-on"): pool for pool in box.get("children", ()) if pool["kind"] == "pool"
             and prop(pool, "pile-on")}
    # the pieces set out at setup: a counter's `set-out-on vp-slots` on the tiles with that property,
    # from the pool with its `set-out-if on-vp-slots` (the shared game's `vp`)
    on, when = model.set_out
    vp = next((pool for pool in box.get("children", ()) if pool["kind"] == "pool" and prop(pool, when)), None)
    teams = _team_order(model, locations)
    seat = {t: i for i, t in enumerate(model.team_names)}
    paint = {t: team_style(t, seat.get(t, len(seat) + i)) for i, t in enumerate(teams)}
    bases = {t: [c for c in locations if prop(c, base_of) == t] for t in teams}
    specials = sorted((c for c in locations if not prop(c, base_of)), key=lambda c: (sort_name(c), c["qid"]))
    tiles = []
    for c in [c for t in teams[:1] for c in bases[t]] + specials + [c for t in teams[1:] for c in bases[t]]:
        base = prop(c, base_of)
        name = c.get("name") or c["id"]
        marks = []
        if prop(c, on) and vp is not None:
            marks.append("VP tokens")
        if c["id"] in piles:
            marks.append(f"pile of {piles[c['id']].get('name') or piles[c['id']]['id']}")
        notes = ([f"{base.capitalize()} Team Base"] if base else []) + marks
        said = f"{name} ({'; '.join(notes)})" if notes else name
        tiles.append(Tile(name, base or "special", marks, said, paint[base][:3] if base else None))
    rows = list(prop(box, "board") or [])
    missing = []
    if not rows:
        missing.append(Markup("the shape of the board (<code>board [3, 4, 3]</code> on the box)"))
        rows = [min(4, len(tiles) - i) for i in range(0, len(tiles), 4)] or [1]
    places = sum(rows)
    if places > len(tiles):
        missing.append(f"{places - len(tiles)} of the {places} tiles of the board (it has {len(tiles)} Locations; "
                       "the empty places are dashed)")
        tiles += [Tile("no tile", "empty", [], "a place with no tile in the content")
                  for _ in range(places - len(tiles))]
    left_out = tiles[places:]
    if left_out:
        missing.append(f"where {len(left_out)} more Locations go (" + ", ".join(t.name for t in left_out) +
                       f"): the board has {places} places")
        tiles = tiles[:places]
    name = box.get("name") or box["id"]
    shape = "-".join(map(str, rows))
    title = f"The board of {name}: {len(rows)} rows of Location tiles ({shape})"
    svg = draw(rows, tiles, ident=ident or f"board-{box['id']}", title=title)
    if missing:
        caption = (Markup("What the content does not record: ") + Markup("; ").join(escape(m) for m in missing) +
                   Markup(". The drawing shows what it does record."))
    else:
        said = [f"the {t.capitalize()} Team's Bases ({paint[t][3]})" for t in teams]
        order = (said[:1] + ["the Special Locations"] + ([" and ".join(said[1:])] if said[1:] else [])) \
            if said else ["the Special Locations"]
        caption = escape("The tiles are shuffled into this shape for every game: drawn here in one arrangement, " +
                         order[0] + " first" + "".join(f", then {o}" for o in order[1:]) + ".")
    return Drawing(svg, caption, missing, _rows(rows, tiles))


def mode_teams(model: SiteModel, mode: dict) -> list[str]:
    """The Teams of a game of the mode, named as the runtime names them (`Mode.team_ids`): the
    game's `team-names` when there are as many Teams, else after their players (Free-For-All's
    three one-player Teams: p1, p2, p3)."""
    seats = tuple(tuple(team) for team in prop(mode, "seats") or ())
    return Mode(mode["id"], seats).team_ids(model.team_names) if seats else []


def _teams_said(teams: list[str]) -> str:
    if not teams:
        return "the players"
    names = ", ".join(teams[:-1]) + " and " + teams[-1] if len(teams) > 1 else teams[0]
    return f"the {len(teams)} Teams ({names})"


def mode_board(model: SiteModel, box: dict, mode: dict) -> Drawing | None:
    """A mode's own board, when it differs from the box's (another shape, tiles face down): the
    corners where figures start and the centre where the non-player figure stands, when the mode
    says so. None when the mode plays on the box's board."""
    import networkx as nx

    rows = list(prop(mode, "board") or [])
    face_down = bool(face_down_slots(mode, model.ir["components"]))  # its setup's `lay-board(face-down-slots: N)`
    if not face_down and (not rows or rows == list(prop(box, "board") or [])):
        return None
    if not face_down:
        return standard_board(model, {**box, "props": {**box.get("props", {}), "board": {"value": rows}}},
                              ident=f"board-{mode['id']}")
    rows = rows or list(prop(box, "board") or [])
    if not rows:
        return None
    graph = row_layout(rows)
    degree = dict(graph.degree)
    corners = sorted(n for n, d in degree.items() if d == min(degree.values())) \
        if prop(mode, "start") == "corners" else []
    centre = min(nx.center(graph)) if has_unowned_figure(mode, model.ir["components"]) else None
    npc = next((c for c in model.of_kind("npc", box["id"])), None)
    figure = model.by_qid.get(f"{box['id']}/{prop(npc, 'figure')}") if npc else None
    who = (figure or {}).get("name") or "the non-player figure"
    tiles = []
    for i in range(sum(rows)):
        marks = (["start here"] if i in corners else []) + ([who] if i == centre else [])
        said = "face-down tile" + (f" ({'; '.join(marks)})" if marks else "")
        tiles.append(Tile("face down", "face-down", marks, said))
    name = mode.get("name") or mode["id"]
    shape = "-".join(map(str, rows))
    title = f"The board of {name} in {box.get('name') or box['id']}: {len(rows)} rows of face-down tiles ({shape})"
    svg = draw(rows, tiles, ident=f"board-{mode['id']}", title=title)
    teams = mode_teams(model, mode)
    caption = escape("Every tile lies face down (2 Slots, no effect)" +
                     (f", the figures of {_teams_said(teams)} start on the corners, one Team a corner"
                      if corners else "") +
                     (f", {who} stands in the centre" if centre is not None else "") + ".")
    return Drawing(svg, caption, [], _rows(rows, tiles))
