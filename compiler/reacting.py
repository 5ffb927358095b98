"""A card type's `reacts-to [EVENT, ...]` and `reacts-if PROPERTY`: which of its cards' triggers
answer an event from the zone it `reacts-from` (runtime/kernel/reacting.py). Checked when names
are resolved (compiler/game_parts.check_kernel_component), each problem at the name that has it."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

KEYWORD_TYPES = ("int", "flag")  # the property types `reacts-if` reads as a keyword: set or not


def check_reacting(comp, game, diags: Diagnostics) -> None:
    """`reacts-to` names events of the game, `reacts-if` a property of the card type that is an
    `int` or a `flag`, and both only beside `reacts-from` (what they narrow)."""
    from .game_parts import _items
    for prop in ("reacts-to", "reacts-if"):
        if prop in comp.props and "reacts-from" not in comp.props:
            diags.error("E205", f"card type '{comp.id}' says `{prop}` but no `reacts-from`",
                        comp.props[prop].span,
                        hint="say the zone its cards answer from first: reacts-from hand")
    if "reacts-to" in comp.props:
        events = [c.id for c in game.children if c.kind == "event"]
        for name, span in _items(comp.props["reacts-to"]):
            if name not in events:
                diags.error("E301", f"unknown event '{name}': `reacts-to` names events of the game", span,
                            hint=did_you_mean(name, events) or "events of the game: " + (", ".join(events) or "none"))
    pv = comp.props.get("reacts-if")
    if pv is not None and isinstance(pv.value, str):
        declared = {k: v.value["type"] for k, v in comp.props.items()
                    if isinstance(v.value, dict) and "type" in v.value}
        keywords = [k for k, t in declared.items() if t in KEYWORD_TYPES]
        if declared.get(pv.value) not in KEYWORD_TYPES:
            span = pv.node.values[0].span if getattr(pv.node, "values", None) else pv.span
            what = (f"'{pv.value}' is a {declared[pv.value]} property" if pv.value in declared
                    else f"unknown property '{pv.value}'")
            diags.error("E301", f"{what}: `reacts-if` names an int or flag property of card type '{comp.id}'",
                        span, hint=did_you_mean(pv.value, keywords)
                        or ("declare it as an int or a flag" if pv.value in declared else "declare it in the card type")
                        + f": {pv.value} int 0 \"a keyword: 1 on the cards that have it\"")
