"""The parts of a `game` declaration that name each other: a space's `adjacent` spaces, a
figure's `start` spaces, Teams that `per team` and `turn-order alternate-teams` need, a
die's faces, and events a one-shot trigger can wait for. Checked when names are resolved,
so each problem is positioned at the property that has it."""
from __future__ import annotations

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

STRUCTURE_EVENTS = ("round-start", "round-end", "turn-start", "turn-end")


def _items(pv) -> list[tuple[str, object]]:
    """(name, span) of each name a property gives: one, or a [list] of them."""
    value = pv.value
    if isinstance(value, (list, tuple)):
        node = pv.node.values[0] if pv.node.values else None
        spans = [i.span for i in getattr(node, "items", [])] or [pv.span] * len(value)
        return list(zip(value, spans))
    return [(value, pv.span)] if isinstance(value, str) else []


def check_part(comp, game, diags: Diagnostics) -> None:
    """One child of a game (or the game itself)."""
    spaces = [c.id for c in game.children if c.kind == "space"]
    teams = game.prop("teams")
    if comp.kind in ("space", "figure"):
        prop = "adjacent" if comp.kind == "space" else "start"
        pv = comp.props.get(prop)
        for name, span in (_items(pv) if pv is not None else []):
            if name not in spaces:
                diags.error("E301", f"unknown space '{name}'", span,
                            hint=did_you_mean(name, spaces) or "spaces of the game: " + (", ".join(spaces) or "none"))
    if comp.kind == "die" and "faces" not in comp.props and "face-values" not in comp.props:
        diags.error("E205", f"die '{comp.id}' needs its faces", comp.decl.id_span,
                    hint="write: faces 1..6 (or face-values [1, 1, 2, 2, 3, 3])")
    if comp.kind in ("zone", "counter", "figure") and comp.prop("per") == "team" and not teams:
        diags.error("E205", f"'{comp.id}' is kept per team, but the game has no Teams", comp.props["per"].span,
                    hint="declare them in the game: teams 2")
    if comp.kind == "game" and comp.prop("turn-order") == "alternate-teams" and not teams:
        diags.error("E205", "'turn-order alternate-teams' needs Teams", comp.props["turn-order"].span,
                    hint="declare them in the game: teams 2")


def check_one_shot(trig: ast.Trigger, diags: Diagnostics) -> None:
    """`on EVENT { }` inside an effect of a game waits for a structure event, once."""
    if trig.event not in STRUCTURE_EVENTS:
        diags.error("E404", f"'on {trig.event}' inside an effect waits for a structure event, once",
                    trig.event_span, hint=f"events here: {', '.join(STRUCTURE_EVENTS)}; 'on {trig.event}' "
                    "belongs to a `rule` of the game")
