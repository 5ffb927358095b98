"""A game's own events as the compiler checks them: the event a trigger hears, `raise` and its fields, `pending`.

A game of the rules kernel declares its events (`event hit "A hit" (attacker, target) {
amount }`); a trigger of the game's rules, cards or installed triggers may hear one, reading
its fields by name, and an effect raises it with `raise(hit, 2, attacker: me, target: t)`."""
from __future__ import annotations

from dataclasses import replace

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import did_you_mean

from .vocabulary_types import Event, Param

# words of both vocabularies that a game of the kernel plays as the kernel's (builtins_kernel.py)
KERNEL_OWN = ("prevent", "increase", "damage", "remove-damage")  # (builtins_damage.py: damage)
# the properties of a game naming one of its events for a moment of the kernel other than damage
# (runtime/kernel/moments.py): the fields the kernel fills in, and whether it carries an amount
MOMENT_EVENTS = {"activate-event": (("figure",), False), "effect-roll-event": ((), False)}
# names a game's event may not take: the kernel's structure events
RESERVED = ("round-start", "round-end", "turn-start", "turn-end", "out")


def game_event(res, scope: str | None, name: str):
    """The `event` declaration `name` of the game of `scope` (a box or a module file), or None."""
    game = res.games.get(scope) if scope is not None else None
    if game is None:
        return None
    return next((c for c in game.children if c.kind == "event" and c.id == name), None)


# the types a field may name after `=` (`(attacker = figure, target = figure)`); without one, `any`
FIELD_TYPES = ("figure", "location", "edge", "player", "card", "team", "token", "ability", "tag", "number",
               "string", "any")


def field_type(param) -> str:
    """The type a field of an event declares (`target = figure`), `any` where it names none (or no type)."""
    value = param.default
    return value.id if isinstance(value, ast.Name) and value.id in FIELD_TYPES else "any"


def as_event(decl) -> Event:
    """The declaration as the vocabulary's Event: its parameters are its fields, with their types;
    its doc its `text`, else its display name."""
    return Event(decl.id, tuple((p.name, field_type(p)) for p in decl.decl.params),
                 decl.prop("text") or decl.name or decl.id)


def heard(res, scope: str | None, name: str) -> Event | None:
    decl = game_event(res, scope, name)
    return as_event(decl) if decl is not None else None


def carries_amount(res, comp, event: str | None) -> bool:
    """Whether `event` is an event of `comp`'s game that carries a pending amount (`amount`)."""
    if event is None or comp is None:
        return False
    decl = game_event(res, comp.scope, event)
    return decl is not None and bool(decl.prop("amount"))


def raise_signature(res, comp, call, prim, diags):
    """`raise`'s parameters for this call: `event` and `amount`, then the fields of the event its
    first argument names (so an unknown field is said with a did-you-mean by the binding)."""
    first = call.args[0] if call.args else None
    name = getattr(first.value, "id", None) if first is not None else None
    decl = game_event(res, comp.scope, name) if comp is not None and name else None
    if decl is None:
        return prim
    fields = tuple(Param(p.name, "any", None, "A field of the event.") for p in decl.decl.params)
    amount = next((a for a in call.args if a.name == "amount"), call.args[1] if len(call.args) > 1
                  and call.args[1].name is None else None)
    if amount is not None and not decl.prop("amount"):
        diags.error("E402", f"event '{decl.id}' carries no amount", amount.span,
                    hint=f"declare `amount` in event '{decl.id}', or raise it without one")
    return replace(prim, params=prim.params + fields)


def check_event(comp, diags) -> None:
    """An event's name is not one of the kernel's structure events, nor a field given twice; a
    rule's `once` limit has a trigger on one of the game's own events to limit."""
    if comp.kind == "rule" and comp.prop("once") is not None and comp.parent is not None:
        own = {c.id for c in comp.parent.children if c.kind == "event"}
        if not any(t.event in own for t in comp.triggers):
            listed = ", ".join(sorted(own)) or "none"
            diags.error("E205", f"rule '{comp.id}': `once` limits its triggers on the game's own events, and it "
                        "has none", comp.props["once"].span, hint=f"events of the game: {listed}")
    if comp.kind != "event":
        return
    shared = comp.scope.endswith(".mh")  # the Mayhem game of a module: its engine announces these too
    if comp.id in RESERVED and not shared:
        diags.error("E205", f"'{comp.id}' is an event of the kernel's structure: a game's event takes "
                    "another name", comp.decl.id_span, hint="structure events: " + ", ".join(RESERVED))
    names = [p.name for p in comp.decl.params]
    for p in comp.decl.params:
        if p.default is not None and not (isinstance(p.default, ast.Name) and p.default.id in FIELD_TYPES):
            diags.error("E402", f"the field '{p.name}' of event '{comp.id}' names no type", p.default.span,
                        hint=f"after `=` a type, one of: {', '.join(FIELD_TYPES)}; `raise` gives the value")
        if names.count(p.name) > 1:
            diags.error("E402", f"the field '{p.name}' of event '{comp.id}' is given twice", p.span)
            names.remove(p.name)


def _declared(res, scope: str | None) -> list[str]:
    game = res.games.get(scope) if scope is not None else None
    return [c.id for c in game.children if c.kind == "event"] if game is not None else []


def unknown_event_hint(res, scope: str | None, name: str, others) -> str | None:
    """A did-you-mean among every event, or, in a game of the kernel, the events it can hear."""
    declared = _declared(res, scope)
    hint = did_you_mean(name, list(others) + declared)
    if hint is None and scope in res.games and not scope.endswith(".mh"):
        own = ", ".join(declared) or "none"
        hint = f"events of games: {', '.join(RESERVED)}; the game's own: {own}"
    return hint


def no_amount(word: str, span, res, comp, diags) -> None:
    """`prevent` or `increase` in a game of the kernel, where no amount is pending."""
    with_amount = [c.id for c in res.games[comp.scope].children if c.kind == "event" and c.prop("amount")] \
        if comp is not None and comp.scope in res.games else []
    listed = ", ".join(with_amount) or "none"
    diags.error("E406", f"'{word}' changes the pending amount of an event being heard, so it belongs in a "
                "trigger on an event declared with `amount`", span, hint=f"events of the game with an amount: {listed}")
