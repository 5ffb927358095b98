"""Dice and the leading Team as the game declares them: the dice's faces, the round's slots, the lead's log line.

A `die`'s faces are a range, a list, or a property of the box that prints them. Read by the
scenario format (a die's `DIE_die` key, the lead's line: runtime/scenario.py), the terminal
(mayhem/tui.py) and the invariants; the rules kernel rolls them (runtime/kernel/dice.py)."""
from __future__ import annotations

from .rules import Rules, prop

DEFAULT_FACES = ["1", "2", "3", "4", "5", "6"]  # a box that prints no faces for a die


class DiceRules:
    """What the shared rules declare about dice and the round, read once from the IR."""

    def __init__(self, rules: Rules) -> None:
        game = rules.game or {"props": {}, "children": [], "effects": {}}
        self.dice = {c["id"]: c for c in game["children"] if c["kind"] == "die"}
        self.effect_die = prop(game, "effect-die")  # the die effects read
        self.pool_die = prop(game, "pool-die")  # the kind of the Teams' dice
        self.lead_called = prop(game, "lead-called", "lead")  # the log line and scenario key of `lead`
        self.slots = game["effects"]  # `round`, `round-end`
        self.game_qid = game.get("qid")
        self.modes = {c["id"]: c for c in rules.ir["components"] if c["kind"] == "mode"}

    def faces(self, die: str, box: dict) -> list[str]:
        """A die's faces as printed: its range, its list, or the box's property that lists them
        (read once per die and box: a roll reads them)."""
        found = self.__dict__.setdefault("_faces", {}).get((die, id(box)))
        if found is None:
            found = self.__dict__["_faces"][(die, id(box))] = self._read_faces(die, box)
        return found

    def _read_faces(self, die: str, box: dict) -> list[str]:
        decl = self.dice.get(die)
        if decl is None:
            raise ValueError(f"the game declares no die '{die}'; dice: {', '.join(sorted(self.dice)) or 'none'}")
        if prop(decl, "faces-from"):
            return list(prop(box, prop(decl, "faces-from")) or DEFAULT_FACES)
        if prop(decl, "face-values"):
            return [str(v) for v in prop(decl, "face-values")]
        low, high = prop(decl, "faces")
        return [str(v) for v in range(low, high + 1)]


def dice_rules(rules: Rules) -> DiceRules:
    """The dice of these rules, read once and shared by every game played on them."""
    found = rules.__dict__.get("_dice")
    if found is None:
        found = rules.__dict__["_dice"] = DiceRules(rules)
    return found


def logged_events(dice: DiceRules) -> dict[str, set[str]]:
    """The log lines named by the game's declarations, with their fields: `lead(...)`'s (the
    game's `lead-called`) and each die's shown face (`DIE-die`)."""
    out = {dice.lead_called: {"team", "dice", "coin_toss"}}
    out.update({f"{die}-die": {"face"} for die in dice.dice})
    return out
