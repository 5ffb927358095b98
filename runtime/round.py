"""The round's phases as the game declares them, in order: where a scenario may start (runtime/scenario_keys.py).

The phases are the `phase` declarations of the shared rules (content/shared/game.mh), a
mode's phase of the same id in place of the game's; each runs a part of the round's
structure (its start, the turns, its end) or its own effect. (The rules kernel plays them:
runtime/kernel/phases.py; this reads their names for the scenario format.)"""
from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules

# a resumed game (a scenario) may start in the middle of a turn of the phase that runs the turns
MID_TURN = "turn"


@dataclass(frozen=True)
class Phase:
    id: str
    runs: str | None  # "round" | "turns" | "round-end": the part of the structure it plays
    effect: dict | None  # its own effect (IR slot), played first


# A game that declares no phases plays the round's structure alone.
STRUCTURE = (Phase("round-start", "round", None), Phase("activation", "turns", None), Phase("round-end", "round-end", None))


def round_phases(rules: Rules, mode_id: str) -> tuple[Phase, ...]:
    """The phases of the round in the game's order, a mode's own replacing the game's of the
    same id; read once per set of rules and mode."""
    cache = rules.__dict__.setdefault("_phases", {})
    if mode_id in cache:
        return cache[mode_id]
    game = rules.game or {"children": []}
    mode = next((c for c in rules.ir["components"] if c["kind"] == "mode" and c["id"] == mode_id), None)
    own = {c["id"]: c for c in (mode or {}).get("children", ()) if c["kind"] == "phase"}
    out = tuple(_phase(own.get(c["id"], c)) for c in game["children"] if c["kind"] == "phase") or STRUCTURE
    cache[mode_id] = out
    return out


def _phase(comp: dict) -> Phase:
    runs = comp["props"].get("runs")
    return Phase(comp["id"], runs["value"] if runs else None, comp["effects"].get("effect"))
