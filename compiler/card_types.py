"""Kinds declared in content: a `card-type` declaration becomes a kind of declaration
whose properties are typed by it, so that cards are `marvel-card id "Name" { attack 2 }`."""
from __future__ import annotations

from dataclasses import replace

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean
from mayhem.dsl.schema import KINDS, NAMED, PROPERTY_TYPES, KindSpec, PropSpec, SlotSpec

# What every card of every card type has, whatever its type declares.
CARD_PROPS = (
    NAMED,
    PropSpec("source", "source", "Where the facts come from (default: the deck's).", True),
    PropSpec("text", "string", "The card's text as printed."),
    PropSpec("copies", "int", "How many copies of the card the deck holds (default 1)."),
)
CARD_PROP_NAMES = {p.name for p in CARD_PROPS} | {"source"}
EFFECT = SlotSpec("effect", "What the card's own text does (a Super Power), at its place in the "
                  "card type's `resolve-order`.", "game")


def parse_propdecl(values: list) -> dict | None:
    """`int 0 "doc"` -> {"type": "int", "default": 0, "doc": "doc"}; None if malformed.
    A string after the type is the property's documentation, except for a `string`
    property, whose first string is its default."""
    if not values or not isinstance(values[0], ast.Name) or values[0].id not in PROPERTY_TYPES:
        return None
    ptype = values[0].id
    rest = list(values[1:])
    doc = ""
    if rest and isinstance(rest[-1], ast.String) and (ptype != "string" or len(rest) == 2):
        doc = rest.pop().value
    out = {"type": ptype, "default": None, "doc": doc}
    if not rest:
        if ptype == "flag":
            out["default"] = False
        return out
    if len(rest) != 1:
        return None
    from .model import _BAD, _shape  # the one shape checker of property values
    if ptype == "flag":
        return None
    value = _shape(PropSpec("default", PROPERTY_TYPES[ptype], ""), rest)
    if value is _BAD:
        return None
    out["default"] = list(value) if isinstance(value, tuple) else value
    return out


def bad_type_hint(values: list) -> str | None:
    if values and isinstance(values[0], ast.Name):
        return did_you_mean(values[0].id, PROPERTY_TYPES)
    return None


def content_kinds(card_types: list, diags: Diagnostics) -> dict[str, KindSpec]:
    """The kinds the collection's card types declare (by id), and `deck` holding them."""
    out: dict[str, KindSpec] = {}
    for ct in card_types:
        if ct.id in KINDS:
            diags.error("E302", f"card type '{ct.id}' would hide the built-in kind '{ct.id}'",
                        ct.decl.id_span, hint="give the card type another id")
            continue
        if ct.id in out:
            diags.error("E302", f"card type '{ct.id}' is declared twice", ct.decl.id_span,
                        related=[Related(out[ct.id].origin.decl.id_span, "first declared here")])
            continue
        props = []
        for name, pv in sorted(ct.props.items()):
            decl = pv.value if isinstance(pv.value, dict) and "type" in pv.value else None
            if decl is None:
                continue
            if name in CARD_PROP_NAMES:
                diags.error("E302", f"every card already has '{name}'", pv.node.name_span,
                            hint="card types declare their own properties: " + ", ".join(sorted(CARD_PROP_NAMES)))
                continue
            required = decl["default"] is None and decl["type"] != "flag"
            props.append(PropSpec(name, PROPERTY_TYPES[decl["type"]], decl["doc"] or f"{name} ({decl['type']})",
                                  required))
        _check_card_type(ct, {p.name for p in props}, diags)
        spec = KindSpec(ct.id, ct.name or ct.id, ("<box-file>", "deck"), props=CARD_PROPS + tuple(props),
                        slots=(EFFECT,), children=("ruling",), origin=ct)  # a card's `on turn-end` goes inside its effect
        out[ct.id] = spec
    if out:
        # a ruling (a FAQ answer) may sit in any card of a card type
        out["ruling"] = replace(KINDS["ruling"], parents=KINDS["ruling"].parents + tuple(sorted(out)))
        out["deck"] = replace(KINDS["deck"], children=tuple(sorted(k for k in out if k != "ruling")))
    return out


def _check_card_type(ct, declared: set[str], diags: Diagnostics) -> None:
    """Its symbol slots and resolve order name properties it declares."""
    for name, slot in ct.slots.items():
        if name not in declared:
            diags.error("E206", f"'{name}' is not a property of card type '{ct.id}'", slot.name_span,
                        hint=did_you_mean(name, declared) or "a card type's effects are named after its "
                        "properties: declare `" + name + " int 0` first")
    order = ct.props.get("resolve-order")
    if order is not None:
        for item in order.node.values[0].items:
            if item.id not in declared and item.id != "effect":
                diags.error("E206", f"'{item.id}' in resolve-order is not a property of card type '{ct.id}'",
                            item.span, hint=did_you_mean(item.id, declared | {"effect"}))
