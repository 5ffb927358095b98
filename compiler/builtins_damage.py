"""The rules kernel's words for damage dealt to figures (runtime/kernel/damage.py), as the compiler sees them.

`damage` and `remove-damage` are the Mayhem vocabulary's words with the same parameters in the
same order, so a statement binds the same in either; in a game's effects (context `game`) the
compiler checks a call against these (compiler/kernel_events.py, KERNEL_OWN). `assault` is the
kernel's general attack: an event raised with the amount pending, then what is left dealt.
Which counter and which events they use is the game's declaration (`damage-counter`,
`damage-bound`, `damage-event`, `dealt-event`, `ko-event`, `assault-event`), which `check_damage` checks."""
from __future__ import annotations

from .builtins import REQUIRED, Param, Primitive


def _p(name, type_, default=REQUIRED, doc=""):
    return Param(name, type_, default, doc)


_G = ("game", "keyword")
_TAGS = _p("tags", "tags", (), "Heard with the events it raises: their listeners' `tagged(TAG)`.")

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


# the properties of a game that say what its damage uses: the counters, then the events with the
# fields the kernel fills in and whether they carry the amount
DAMAGE_COUNTERS = ("damage-counter", "damage-bound")
DAMAGE_EVENTS = {"assault-event": (("attacker", "target"), True), "damage-event": (("target", "source"), True),
                 "dealt-event": (("target", "source"), True), "ko-event": (("figure",), False)}
# and the event raised after every step of play (runtime/kernel/finish.py), checked the same way
DAMAGE_EVENTS["update-event"] = ((), False)


def check_damage(game, diags, events: bool = True) -> None:
    """A game's damage properties name its own counters kept per figure and its own events, each
    event with the fields the kernel fills in and, where it carries one, `amount`; so do those
    naming an event for another moment of the kernel (kernel_events.MOMENT_EVENTS). `events`
    False: the shared rules of a module file that declares none, the built-in table standing in."""
    from mayhem.dsl.diagnostics import did_you_mean
    counters = [c.id for c in game.children if c.kind == "counter" and c.prop("per") == "figure"]
    declared = {c.id: c for c in game.children if c.kind == "event"}
    for name in DAMAGE_COUNTERS:
        pv = game.props.get(name)
        if pv is not None and pv.value not in counters:
            diags.error("E301", f"'{name} {pv.value}' names no counter of the game kept per figure", pv.span,
                        hint=did_you_mean(pv.value, counters) or "counters kept per figure: " + (", ".join(counters)
                                                                                               or "none"))
    from .kernel_events import MOMENT_EVENTS
    for name, (fields, amount) in {**DAMAGE_EVENTS, **MOMENT_EVENTS}.items():
        pv = game.props.get(name)
        if pv is None or not events:
            continue
        decl = named_event(name, pv, declared, diags)
        if decl is None:
            continue
        has = [p.name for p in decl.decl.params]
        lacking = [f for f in fields if f not in has]
        if lacking or (amount and not decl.prop("amount")):
            need = f"the fields ({', '.join(fields)})" + (" and `amount`" if amount else "")
            diags.error("E402", f"'{name} {pv.value}': the event lacks what the kernel fills in", pv.span,
                        hint=f"declare event '{pv.value}' with {need}")


def named_event(name: str, pv, declared: dict, diags):
    """The declaration of the event a game property (`ko-event ko`) names, or None after an E301
    with a did-you-mean (or the game's events listed)."""
    from mayhem.dsl.diagnostics import did_you_mean
    decl = declared.get(pv.value)
    if decl is None:
        diags.error("E301", f"'{name} {pv.value}' names no event of the game", pv.span,
                    hint=did_you_mean(pv.value, list(declared)) or "events of the game: " + (", ".join(declared)
                                                                                         or "none"))
    return decl
