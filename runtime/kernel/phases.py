"""A game's round as its declared phases: each phase's part written into the round's start or end.

A game that declares `phase`s plays its round as they say, in the order declared: a phase that
`runs round` is the game's `round { }`, one that `runs turns` the turns, one that `runs
round-end` the game's `round-end { }`, and one with its own `effect when COND { ... }` that
body, when COND holds. The phases before the turns make the round's start (the `round` slot the
round-start step runs), the phases after them its end (the `round-end` slot): steps.py plays
them as it plays a game's `round { }` and `round-end { }`. A game without phases keeps its slots
as written."""
from __future__ import annotations

from .rules import KernelError


def _runs(phase: dict):
    p = phase["props"].get("runs")
    return p["value"] if p is not None else None


def load_phases(rules, game: dict) -> None:
    """rules.slots["round"] and ["round-end"] from the game's phases, in their order."""
    phases = [c for c in game["children"] if c["kind"] == "phase"]
    if not phases:
        return
    turns = [i for i, p in enumerate(phases) if _runs(p) == "turns"]
    if len(turns) != 1:
        raise KernelError(f"game '{game['id']}': its phases need one that `runs turns` (the turns of the "
                          f"round), not {len(turns)}")
    slots = {"round": game["effects"].get("round"), "round-end": game["effects"].get("round-end")}
    start, end = [], []
    for i, phase in enumerate(phases):
        into = start if i < turns[0] else end
        effect = phase["effects"].get("effect")  # with a part of the structure too, the effect first
        if effect is not None and effect.get("when") is not None:
            into.append({"op": "if", "cond": effect["when"], "then": effect["body"], "else": [],
                         "span": effect["when"].get("span"), "node": f"{game['id']}/{phase['id']}#when"})
        elif effect is not None:
            into += effect["body"]
        runs = _runs(phase)
        if runs in slots:
            into += slots[runs]["body"] if slots[runs] is not None else []
    rules.slots["round"], rules.slots["round-end"] = start, end
