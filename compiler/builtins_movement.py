"""The rules kernel's words for figures moving on the board (runtime/kernel/movement.py), as the compiler sees them.

They are the Mayhem vocabulary's words (compiler/builtins.py), with the same parameters, which
a game of the kernel may say too (builtins_kernel.SHARED_WORDS); the round's words
(`place-figures`, `return-figures`, `put-figure`, `offer-move`, `remove-from-game`) work in a
game's effects as well as in the shared rules. Which events entering a space and a Move raise
is the game's declaration (`enter-event`, `move-event`), which `check_movement` checks: the
kernel fills in the event's fields in the order declared (the figure, then the space entered;
the figure, the space left, the space entered)."""
from __future__ import annotations

MOVEMENT_WORDS = ("move-figure", "place-figure", "off-board", "remove-from-game", "place-figures", "return-figures",
                  "put-figure", "offer-move", "spend-free-move", "can-move")
# the round's words of the shared rules that a game's effects may say too
ROUND_WORDS = ("place-figures", "return-figures", "put-figure", "offer-move", "remove-from-game")
# the context names of the acting figure's free Move (the Mayhem turn's), which a game's effects may read
MOVEMENT_CONTEXT_NAMES = ("free-move-available", "moved")
# the properties of a game that name the events moving raises, with what the fields the kernel fills
# in hold, in order
MOVEMENT_EVENTS = {"enter-event": ("the figure", "the space entered"),
                   "move-event": ("the figure", "the space left", "the space entered")}


def check_movement(game, diags, events: bool = True) -> None:
    """A game's `enter-event` and `move-event` name events it declares, each with the fields the
    kernel fills in (`events` False: shared rules that declare no events yet)."""
    from .builtins_damage import named_event
    if not events:
        return
    declared = {c.id: c for c in game.children if c.kind == "event"}
    for name, fields in MOVEMENT_EVENTS.items():
        pv = game.props.get(name)
        if pv is None:
            continue
        decl = named_event(name, pv, declared, diags)
        if decl is None:
            continue
        if len(decl.decl.params) < len(fields):
            diags.error("E402", f"'{name} {pv.value}': the event lacks what the kernel fills in", pv.span,
                        hint=f"declare event '{pv.value}' with {len(fields)} fields, in order: " + ", ".join(fields))
