"""A scenario's board laid from tiles: its `board = { ... }` read and checked, and the board's actual values named.

A scenario names the tiles by position, the edges blocked and the tiles removed; its blocking
pieces on edges block them from the first decision on. Split from layout.py (the module of the
board itself), which names these as before."""
from __future__ import annotations

from .layout import _rekey, adjacent, set_board


SCENARIO_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["tiles"], "properties": {
    "tiles": {"type": "array", "items": {"type": "string"}},
    "blocked": {"type": "array", "items": {"type": "array", "items": {"type": "string"}, "minItems": 2,
                                           "maxItems": 2}},
    "removed": {"type": "array", "items": {"type": "string"}}}}


def scenario_board(rules, state, setup: dict) -> list:
    """A scenario's `board = { tiles = [...], blocked = [[a, b]], removed = [...] }`: the tiles by
    position, row by row; the problems of its names."""
    from ...dsl.diagnostics import did_you_mean
    from ..scenario_problems import Problem
    spec = setup.get("board")
    if spec is None:
        return []
    layout, at = rules.layout, ("setup", "board")
    if layout is None:
        return [Problem(at, "the game declares no `board`", "declare one in the game: board NAME { layout [...] }")]
    problems = []
    tiles, need = spec["tiles"], sum(layout.rows)
    if len(tiles) != need:
        problems.append(Problem(at + ("tiles",), f"the board has {need} positions ({layout.rows}), not {len(tiles)}"))
    for key in ("tiles", "removed"):
        for i, tile in enumerate(spec.get(key, [])):
            if tile not in layout.printed or (key == "removed" and tile not in tiles):
                problems.append(Problem(at + (key, i), f"no tile '{tile}' on the board",
                                        did_you_mean(tile, tiles if key == "removed" else layout.tiles)))
    if not problems:
        for i, (a, b) in enumerate(spec.get("blocked", [])):
            if not any({tiles[x], tiles[y]} == {a, b} for x, y in layout.touching):
                problems.append(Problem(at + ("blocked", i), f"'{a}' and '{b}' are not next to each other"))
        set_board(state, tiles, spec.get("removed", []), spec.get("blocked", []))
        _blocked_by_pieces(rules, state)
    return problems


def _blocked_by_pieces(rules, state) -> None:
    """A scenario's blocking pieces on edges (its `zones`) block their edges: the two agree from
    the first decision on (edges.py)."""
    p = rules.pieces
    if p is None or not p.blocking or "edge" not in p.zones:
        return
    for label, (i, j) in rules.layout.edges.items():
        edge = sorted((state.board["tiles"][i], state.board["tiles"][j]))
        if edge not in state.board["blocked"] and any(
                state.cards[uid] in p.blocking for uid in state.zones.get(f"{p.zones['edge']}/{label}", ())):
            state.board["blocked"] = state.board["blocked"] + [edge]
    _rekey(state.board)


def actual(game, parts: list[str]):
    """`board.tiles`, `board.removed`, `board.blocked` (edges as [a, b]), `board.adjacent.SPACE`."""
    board = game.state.board
    if len(parts) > 2 and parts[1] == "adjacent":
        return adjacent(game, parts[2])
    return {"tiles": board.get("tiles"), "removed": board.get("gone"), "blocked": board.get("blocked")}.get(
        parts[1] if len(parts) > 1 else "", "board.tiles, board.removed, board.blocked or board.adjacent.SPACE")
