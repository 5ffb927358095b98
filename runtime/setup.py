"""The game's setup steps: the statements of the `setup { }` a game of these rules and mode plays.

`setup_steps` gives the mode's own, else the game's, else the default steps (read by
runtime/modes.py, for what the steps say of a mode, and the invariants); the rules kernel plays
them (runtime/kernel/setup.py)."""
from __future__ import annotations

from mayhem.compiler.builtins import PRIMITIVES
from mayhem.compiler.builtins_setup import DEFAULT_STEPS

from .rules import Rules


def default_setup() -> list[dict]:
    """The steps a game that declares no `setup { }` plays (content without `game mayhem`), as
    the statements the compiler would give (compiler/builtins_setup.py: DEFAULT_STEPS)."""
    out = []
    for step in DEFAULT_STEPS:
        name, given = step if isinstance(step, tuple) else (step, {})
        args = {}
        for p in PRIMITIVES[name].params:
            value = given.get(p.name, p.default)
            args[p.name] = None if value is None else {"e": "str" if isinstance(value, str) else "num", "v": value,
                                                       "span": None}
        out.append({"op": "primitive", "name": name, "args": args, "node": None, "span": None})
    return out


_DEFAULT = default_setup()


def setup_steps(rules: Rules, mode_slots: dict) -> tuple[list[dict], str | None]:
    """The statements of the setup a game of these rules and mode plays, and their source: the
    mode's own `setup { }`, else the game's, else the default steps."""
    own = mode_slots.get("setup")
    if own is not None:
        return own["body"], None
    game = rules.game
    slot = game["effects"].get("setup") if game is not None else None
    if slot is not None:
        return slot["body"], game.get("qid")
    return _DEFAULT, None
