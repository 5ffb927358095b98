"""A game's round as its declared phases: each phase's part written into the round's start or end.

A game that declares `phase`s plays its round as they say, in the order declared: a phase that
`runs round` is the game's `round { }`, one that `runs turns` the turns, one that `runs
round-end` the game's `round-end { }`, and one with its own `effect when COND { ... }` that
body, when COND holds. The phases before the turns make the round's start (the `round` slot the
round-start step runs), the phases after them its end (the `round-end` slot): steps.py plays
them as it plays a game's `round { }` and `round-end { }`. The structure events come where the
phases put them: `round-start` right after the part of the phase that `runs round` (before the
phases after it), `round-end` right before the game's own `round-end { }`
in the phase that `runs round-end` (after a mode's part of it and the phases before it): the
parts after each are the slots `round-rest` and `round-end-rest`. A game without phases keeps
its slots as written, each event after its slot."""
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
    parts = {"round": [], "round-rest": [], "round-end": [], "round-end-rest": []}
    into = parts["round"]
    for i, phase in enumerate(phases):
        effect = phase["effects"].get("effect")  # with a part of the structure too, the effect first
        if effect is not None and effect.get("when") is not None:
            into.append({"op": "if", "cond": effect["when"], "then": effect["body"], "else": [],
                         "span": effect["when"].get("span"), "node": f"{game['id']}/{phase['id']}#when"})
        elif effect is not None:
            into += effect["body"]
        if i == turns[0]:  # the turns phase's own effect comes before its turns, the next phases after
            into = parts["round-end"]
        runs = _runs(phase)
        body = slots[runs]["body"] if runs in slots and slots[runs] is not None else []
        if runs == "round":  # the round's own start, then its structure event (steps.py), then the rest
            into += body
            into = parts["round-rest"]
        elif runs == "round-end":  # a mode's own part, the structure event, then the game's `round-end { }`
            first = slots[runs].get("first", 0) if slots[runs] is not None else 0
            into += body[:first]
            into = parts["round-end-rest"]
            into += body[first:]
    rules.slots.update({name: body for name, body in parts.items() if body or name in ("round", "round-end")})
