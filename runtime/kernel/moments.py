"""The game's events raised at the kernel's moments its properties name: a figure made Active, its own die rolled.

A game says which of its declared events the kernel raises when a figure becomes Active
(`activate-event`: its field `figure`, raised once `activate(figure, ...)` has placed the die
and logged `activate`) and when the game's own die (its `effect-die`) is rolled for all
(`effect-roll-event`: no field, raised once the roll is logged `DIE-die`); no event is named
here, and a game that declares neither property raises nothing more. The turn's structure
event `turn-end` carries the figure made Active in that turn as its field `figure`
(`active_fields`: rounds.run_triggers gives it to the rules' and the figures' triggers)."""
from __future__ import annotations

from .events import named_events

PROPERTIES = ("activate-event", "effect-roll-event")


def _named(rules) -> dict:
    """The events the game's properties name, read once and checked against its declared events."""
    found = rules.__dict__.get("_moments")
    if found is None:
        found = named_events(rules, PROPERTIES)
        rules.__dict__["_moments"] = found
    return found


def activated(run, env, figure) -> None:
    """A figure became Active: the game's `activate-event`, if it names one, raised with it."""
    kept = run.rules.__dict__  # (_named, its hit read in place: no call)
    name = (kept["_moments"] if "_moments" in kept else _named(run.rules))["activate-event"]
    if name is not None:  # its lander (landers.py), called as events.land would
        run.rules.hearing.landers[name](run, env, 0, {"var:figure": figure})


def rolled(run, env) -> None:
    """The game's own die was rolled for all: its `effect-roll-event`, if it names one, raised."""
    kept = run.rules.__dict__
    name = (kept["_moments"] if "_moments" in kept else _named(run.rules))["effect-roll-event"]
    if name is not None:
        run.rules.hearing.landers[name](run, env, 0, {})


def active_fields(state) -> dict:
    """The fields of `turn-end` the kernel fills in: `figure`, the figure made Active in this
    turn (none in a turn that made none Active)."""
    if state.active_figure is not None and state.active_turn == state.turn:
        return {"var:figure": state.active_figure}
    return {}
