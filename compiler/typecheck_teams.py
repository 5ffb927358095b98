"""The Teams' names that content writes outside effects, checked against the game's `team-names`:
a pool's count per Team (`black 5 white 5`), a Location's Base (`base black`: the property the shared
game's `board` reads as a tile's Base, `bases base`) and a box's counts per
Team (`bases black 2 white 2`, `activation-dice`, `counter-bases`). The Mayhem boxes' shared rules
name their Teams by their colours (`team-names [black, white]`, content/shared/game.mh); a game
that names them otherwise has boxes that write its names."""
from __future__ import annotations

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, did_you_mean
from mayhem.dsl.schema import COLOURS, KINDS, UNIVERSAL_PROPS

# The box's properties that give a number per Team (the `counts` shape: `bases black 2 white 2`).
COUNTS_PER_TEAM = tuple(p.name for p in KINDS["box"].props if p.shape == "counts")


def team_names_for(comp, games: dict) -> tuple[tuple[str, ...], str]:
    """The Teams' names of the game a component is played with (its box's game, its module's,
    else the shared rules' of the module files), and where they come from; the Mayhem colours
    when no game declares `team-names`."""
    game = games.get(comp.scope)
    chosen = [game] if game is not None else [g for scope, g in sorted(games.items()) if scope.endswith(".mh")]
    for g in chosen:
        names = g.prop("team-names")
        if names:
            return tuple(names), f"the Teams of game '{g.id}'"
    return COLOURS, "the Teams (no game declares `team-names`)"


def base_property(comp, games: dict) -> str:
    """The property of a Location that names its Base's Team: the one the board of its game names
    (`board ... { bases base }`, the shared rules' for a Mayhem box), else `base`."""
    game = games.get(comp.scope)
    chosen = [game] if game is not None else [g for scope, g in sorted(games.items()) if scope.endswith(".mh")]
    for g in chosen:
        board = next((c for c in g.children if c.kind == "board"), None)
        if board is not None and isinstance(board.prop("bases"), str):
            return board.prop("bases")
    return "base"


def check_team_names(comp, games: dict, diags: Diagnostics) -> None:
    if comp.kind not in ("pool", "location", "box"):
        return
    teams, whose = team_names_for(comp, games)

    def check(name: str, span, what: str, others=()) -> None:
        if name not in teams:
            diags.error("E301", f"unknown Team '{name}' {what}", span,
                        hint=did_you_mean(name, tuple(teams) + tuple(others)) or f"{whose}: " + ", ".join(teams))

    if comp.kind == "pool":
        own = [p.name for p in KINDS["pool"].props] + [u.name for u in UNIVERSAL_PROPS]
        for name, pv in comp.props.items():
            if name not in own:  # a count per Team (the model took it for one: KindSpec.team_props)
                check(name, pv.node.name_span, f"in pool '{comp.id}': a pool counts its tokens per Team",
                      others=own)
    elif comp.kind == "location":
        pv = comp.props.get(base_property(comp, games))
        if pv is not None and pv.node.values:
            check(str(pv.value), pv.node.values[0].span, f"as the Base of Location '{comp.id}'")
    else:
        for prop in COUNTS_PER_TEAM:
            pv = comp.props.get(prop)
            if pv is None:
                continue
            for value in pv.node.values[::2]:
                if isinstance(value, ast.Name):
                    check(value.id, value.span, f"in '{prop}' of box '{comp.id}'")
