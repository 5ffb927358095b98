"""The board: spaces joined by edges, and the figures on them.

The spaces are the game's `space` declarations, joined in a networkx graph; a figure is an
instance with an owner (a player or a Team) and a space."""
from __future__ import annotations

import networkx as nx

from . import layout
from .compile import _as_list
from .modes import figure_counts
from .writers import add_figure, set_space


def setup_figures(rules, state) -> None:
    """Each kind of figure: `count` figures per player (or Team), the Nth player's (or Team's)
    on the Nth space of its `start` list (one space: all there; none: off the board)."""
    from .standing import kinds_of
    placed = kinds_of(rules)
    for kind, spec in rules.figures.items():
        if rules.dash is not None and kind in rules.dash.kinds or spec["unowned"] or kind in placed:
            continue  # figures that are cards: dealt by dashboards.py; no one's: added by unowned.py; pieces: standing.py
        holders = list(state.teams) if spec["per"] == "team" else list(state.players)
        counts = figure_counts(rules, spec, holders)  # a mode's seats say how many each player controls
        for i, holder in enumerate(holders):
            start = spec["start"][i % len(spec["start"])] if spec["start"] else None
            count = counts[i]
            for n in range(count):
                ident = f"{kind}-{holder}" + (f"-{n + 1}" if count > 1 else "")
                add_figure(state, ident, {"kind": kind, "owner": holder, "space": start})


def _space(run, x):
    """The space a value stands for: a space, or a figure's space."""
    if x in run.rules.spaces:
        return x
    fig = run.state.figures.get(x) if isinstance(x, str) else None
    return fig["space"] if fig else None


def put(run, env, figure, at=None) -> None:
    """A figure onto a space (none: off the board), without moving through the board."""
    for f in _as_list(figure):
        if run.rules.layout is not None and at is not None and not _room(run, f, at):
            continue
        set_space(run.state, run.state.figures[f], at)
        run.state.log.append({"event": "put", "figure": f, "to": at})


def move_to(run, env, figure, to) -> None:
    for f in _as_list(figure):
        if run.rules.layout is not None and not _room(run, f, to):
            continue
        was = run.state.figures[f]["space"]
        set_space(run.state, run.state.figures[f], to)
        run.state.log.append({"event": "move", "figure": f, "from": was, "to": to})


PRIMITIVES = {"put": put, "move-to": move_to}


def adjacent(run, env, x) -> list[str]:
    rules = run.rules
    space = x if x in rules.spaces else _space(run, x)
    if space is None:
        return []
    lay = rules.layout
    if lay is not None and space in lay.printed:  # a tile: its board's derived neighbours (layout.py), read in place
        board = run.state.board
        return list((lay.derived.get(board["key"]) or layout.derive(run)).near.get(space, ())) if board else []
    return list(_ways(rules)[0][space])


def distance(run, env, a, b):
    """Edges on the shortest way between two spaces (or figures' spaces); none if there is none."""
    x, y = _space(run, a), _space(run, b)
    if x is None or y is None:
        return None
    if run.rules.layout is not None and (x in run.rules.layout.printed or y in run.rules.layout.printed):
        return layout.distance(run, x, y)
    return _ways(run.rules)[1][x].get(y)


_WAYS: dict[int, tuple] = {}


def _ways(rules) -> tuple:
    """Each space's neighbours in declaration order, and the lengths of the shortest paths
    between any two spaces (networkx, once per board: the board never changes in play)."""
    hit = _WAYS.get(id(rules.board))
    if hit is not None and hit[0] is rules.board:
        return hit[1]
    graph = rules.board
    near = {s: [t for t in rules.spaces if graph.has_edge(s, t)] for s in rules.spaces}
    lengths = {s: dict(d) for s, d in nx.all_pairs_shortest_path_length(graph)}
    _WAYS[id(graph)] = (graph, (near, lengths))
    return near, lengths


def figures_at(run, env, space) -> list[str]:
    spaces = _as_list(space)
    return [f for f, x in run.state.figures.items() if x["space"] is not None and x["space"] in spaces]


def figures_of(run, env, who=None) -> list[str]:
    """The figures of these players or Teams (a player's own and their Team's) still in the
    game (not removed from it: movement.remove_from_game). The answer for one player or Team is
    kept with the figures' view of their mark (seen.py), for these seats and Teams; a copy is
    given out."""
    state = run.state
    seen = _SEEN[0]  # seen.view(state), its hit read in place (no call)
    if seen.mark != state.figures_mark or not seen.mark:
        seen = view(state)
    key = who if who is not None else env["ctx:me"]  # one player or Team (a str): its answer kept
    memo = seen.memo
    if key in memo if key.__class__ is str else False:
        hit = memo[key]
        if hit[0] is state.team_by and hit[1] is state.players:
            return hit[2][:]
    listed = (who if who.__class__ is list else [who] if who.__class__ is str else _as_list(who)) if who is not None \
        else [key]
    if key.__class__ is not str:
        key = listed[0] if len(listed) == 1 and listed[0].__class__ is str else None  # [one]: kept as one
    holders = set()
    for h in listed:
        holders.add(h)
        if h in state.team_by and h in state.players:  # their Team (state.team_of, read in place)
            team = state.team_by[h]
            if team is not None:
                holders.add(team)
    found = []
    for f, x in state.figures.items():  # a loop: no comprehension's frame
        if x["owner"] in holders and not ("gone" in x and x["gone"]):
            found.append(f)
    if key is not None:
        memo[key] = (state.team_by, state.players, found[:])
    return found


FUNCTIONS = {
    "adjacent": adjacent,
    "distance": distance,
    "figures-at": figures_at,
    "figures-of": figures_of,
    "space-of": lambda run, env, figure: _space(run, figure) if figure in run.state.figures else None,
}


def _room(run, figure, space) -> bool:
    """A figure may go onto a tile with room for it (its `capacity`); a full one is logged `full`."""
    if space is None or run.state.figures[figure]["space"] == space or layout.has_room(run, space):
        return True
    run.state.log.append({"event": "full", "figure": figure, "space": space})
    return False


# -- imported here, once: at the end (cycles)
from .seen import _KEPT as _SEEN, view  # noqa: E402
