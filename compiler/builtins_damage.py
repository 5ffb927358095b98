"""The rules kernel's words for damage dealt to figures (runtime/kernel/damage.py), as the compiler sees them.

`damage` and `remove-damage` are the Mayhem vocabulary's words with the same parameters in the
same order, so a statement binds the same in either; in a game's effects (context `game`) the
compiler checks a call against these (compiler/kernel_events.py, KERNEL_OWN). `assault` is the
kernel's general attack: an event raised with the amount pending, then what is left dealt.
Which counter and which events they use is the game's declaration (`damage-counter`,
`damage-bound`, `damage-event`, `dealt-event`, `ko-event`, `assault-event`)."""
from __future__ import annotations

from .builtins import REQUIRED, Param, Primitive


def _p(name, type_, default=REQUIRED, doc=""):
    return Param(name, type_, default, doc)


_G = ("game", "keyword")
_TAGS = _p("tags", "tags", (), "Read by the Mayhem engine only.")

DAMAGE_PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("damage", (_p("target", "figure+"), _p("amount", "number"), _TAGS),
              "Deal damage to each figure still standing: the game's `damage-event` is raised with the amount "
              "pending (its listeners `prevent` or `increase` it), what is left is added to its "
              "`damage-counter` (logged `damage` with the `total`), the `dealt-event` is raised with it, and a "
              "figure whose counter reaches its `damage-bound` (else the counter's `max`) is knocked out: off "
              "the board, its counter back to its start (logged `knock-out`), the `ko-event` raised.", _G),
    Primitive("assault", (_p("target", "figure+"), _p("amount", "number"), _TAGS),
              "Raise the game's `assault-event` for each figure still standing (`attacker` the acting figure, "
              "`self`; logged `assault`), then deal what is left of its amount as `damage` does.", _G),
    Primitive("remove-damage", (_p("target", "figure+"), _p("amount", "number")),
              "Take up to that much off each figure's `damage-counter`, never below its `min` (logged "
              "`remove-damage` with what was taken).", _G),
)}
