"""Kinds declared in content: a `card-type` or `token-type` declaration becomes a kind of
declaration whose properties it types: `marvel-card id "Name" { attack 2 }`, `token stun ...`."""
from __future__ import annotations

from dataclasses import replace

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean
from mayhem.dsl.schema import (ANYWHERE, BUILTIN_KINDS, CONTENT_DECLARED, KINDS, NAMED, PROPERTY_TYPES, SOURCE, TEXT,
                               KindSpec, PropSpec, SlotSpec)

# What every card of every card type has, whatever its type declares.
CARD_PROPS = (
    NAMED,
    PropSpec("source", "source", "Where the facts come from (default: the deck's).", True),
    PropSpec("text", "string", "The card's text as printed."),
    PropSpec("copies", "int", "How many copies of the card the deck holds (default 1)."),
)
# ... and what every card of a card type that is printed once each (`no-decks`) has.
BOX_CARD_PROPS = (NAMED, SOURCE, TEXT)
CARD_PROP_NAMES = {p.name for p in CARD_PROPS} | {"source"}
EFFECT = SlotSpec("effect", "What the card's own text does (a Super Power), at its place in the "
                  "card type's `resolve-order`.", "game")
# The declarations that make kinds: of cards (at the top of a box file, or in a deck), of
# tokens (anywhere a box file or a module file declares one).
DECLARING = ("card-type", "token-type")
# The types a declared property may have: the value types, an enum of names (`enum`: one of
# them; `enums`: one or more), and an effect (a slot its cards fill, with the context its
# effects are checked in).
DECL_TYPES = tuple(PROPERTY_TYPES) + ("enum", "enums", "effect")
DECL_TYPES_TEXT = ", ".join(DECL_TYPES)
# The toolchain's own card types (Mayhem cards, GO! cards, Locations, non-player figures): content/shared/ of
# the shipped content.
STANDARD_FILE = "shared/card-types.mh"


def parse_propdecl(values: list) -> dict | None:
    """`int 0 "doc"` -> {"type": "int", "default": 0, "doc": "doc"}; None if malformed.
    A string after the type is the property's documentation, except for a `string`
    property, whose first string is its default. `required` or `optional` in place of the
    default says so outright (a property without a default is otherwise required, a flag
    never). `enum [a, b]` takes one of the listed names, `enums [a, b]` one or more; `effect CONTEXT [guarded]` is an
    effect its cards write (`NAME { ... }`, `NAME when COND { ... }` if guarded), checked
    in that context of effects."""
    if not values or not isinstance(values[0], ast.Name) or values[0].id not in DECL_TYPES:
        return None
    ptype = values[0].id
    rest = list(values[1:])
    out = {"type": ptype, "default": None, "doc": ""}
    if ptype == "effect":
        if rest and isinstance(rest[-1], ast.String):
            out["doc"] = rest.pop().value
        if not rest or not all(isinstance(v, ast.Name) for v in rest) or len(rest) > 2 \
                or (len(rest) == 2 and rest[1].id != "guarded"):
            return None
        out.update(context=rest[0].id, guarded=len(rest) == 2)
        return out
    if ptype in ("enum", "enums"):
        if not rest or not isinstance(rest[0], ast.ListExpr) or not rest[0].items \
                or not all(isinstance(v, ast.Name) for v in rest[0].items):
            return None
        out["values"] = [v.id for v in rest.pop(0).items]
    marker = next((v.id for v in rest if isinstance(v, ast.Name) and v.id in ("required", "optional")), None)
    if marker is not None:
        rest = [v for v in rest if not (isinstance(v, ast.Name) and v.id == marker)]
        out["required"] = marker == "required"
    if rest and isinstance(rest[-1], ast.String) and (ptype != "string" or len(rest) == 2 or marker):
        out["doc"] = rest.pop().value
    if not rest:
        if ptype == "flag":
            out["default"] = False
        return out
    if len(rest) != 1 or marker is not None:
        return None
    from .values import BAD as _BAD, shape as _shape  # the one shape checker of property values
    if ptype == "flag":
        return None
    value = _shape(PropSpec("default", _value_shape(out), ""), rest)
    if value is _BAD:
        return None
    out["default"] = list(value) if isinstance(value, tuple) else value
    return out


def _value_shape(decl: dict) -> str:
    if decl["type"] in ("enum", "enums"):
        return decl["type"] + ":" + "|".join(decl["values"])
    return PROPERTY_TYPES[decl["type"]]


def tag_properties(spec) -> tuple[str, ...]:
    """The properties of a declared kind whose declaration types them `tags` (`immune tags`)."""
    origin = getattr(spec, "origin", None)
    if origin is None:
        return ()
    return tuple(name for name, pv in origin.props.items()
                 if isinstance(pv.value, dict) and pv.value.get("type") == "tags")


def bad_type_hint(values: list) -> str | None:
    if values and isinstance(values[0], ast.Name):
        if values[0].id == "enum":
            return "an enum lists its names, then an optional default among them: `enum [sun, moon] sun`"
        if values[0].id == "enums":
            return "`enums` lists the names its values are among: `enums [no-move, no-attack] optional`"
        if values[0].id == "effect":
            return "an effect names its context of effects, then `guarded` if it may carry `when COND`: " \
                   "`effect card guarded`"
        if values[0].id not in DECL_TYPES:
            return did_you_mean(values[0].id, DECL_TYPES)
        if any(isinstance(v, ast.Name) and v.id in ("required", "optional") for v in values[1:]):
            return f"`required` or `optional` stands instead of a default: `{values[0].id} optional \"...\"`"
    return None


def content_kinds(card_types: list, diags: Diagnostics, known=None) -> dict[str, KindSpec]:
    """The kinds the collection's card types and token types declare (by id), and `deck`
    holding the cards. `known` are the kinds already defined (default: every kind of
    dsl.schema). The toolchain's own (content/shared/card-types.mh) compiled with the content
    are no new kinds; a collection that declares them otherwise (a fork of the set that holds
    them) has its cards and tokens checked against its own declaration."""
    known = KINDS if known is None else known
    out: dict[str, KindSpec] = {}
    first: dict[str, object] = {}  # id -> the card type that declared it first
    from .card_children import as_child, nest
    for ct in card_types:
        spec = _kind_of(ct, diags)
        if ct.id in first:
            diags.error("E302", f"card type '{ct.id}' is declared twice", ct.decl.id_span,
                        related=[Related(first[ct.id].decl.id_span, "first declared here")])
            continue
        if ct.id in known and ct.id not in CONTENT_DECLARED:
            diags.error("E302", f"{_noun(ct)} type '{ct.id}' would hide the built-in kind '{ct.id}'",
                        ct.decl.id_span, hint=f"give the {_noun(ct)} type another id")
            continue
        shipped = getattr(known.get(ct.id), "origin", None)
        if shipped is not None and shipped.kind != ct.kind:
            diags.error("E302", f"'{ct.id}' is a {shipped.kind}, not a {ct.kind}", ct.decl.kind_span,
                        hint=f"declare it as the toolchain does: `{shipped.kind} {ct.id}`")
            continue
        first[ct.id] = ct
        if spec is not None:
            out[ct.id] = spec
    children = nest(out, card_types, diags)  # `children [ability]`: card types whose cards stand inside others'
    for k, spec in out.items():  # a fork of the toolchain's `ability` alone: it stands where the toolchain's does
        shipped = known.get(k)
        if k in CONTENT_DECLARED and k not in children and shipped is not None and shipped.origin is not None \
                and not any(p.startswith("<") for p in shipped.parents):
            out[k] = as_child(spec, shipped.parents)
    # the toolchain's own, declared as the toolchain does, are no new kinds
    out = {k: s for k, s in out.items() if not (k in CONTENT_DECLARED and s == known.get(k))}
    if out:
        ruling = known.get("ruling", KINDS["ruling"])
        deck = known.get("deck", KINDS["deck"])
        # a ruling (a FAQ answer) may sit in any card of a card type
        out["ruling"] = replace(ruling, parents=ruling.parents + tuple(k for k in sorted(out)
                                                                       if k not in ruling.parents))
        out["deck"] = replace(deck, children=tuple(sorted(k for k, s in out.items()
                                                          if k != "ruling" and "deck" in s.parents)))
    return out


def _noun(ct) -> str:
    return "token" if ct.kind == "token-type" else "card"


def _kind_of(ct, diags: Diagnostics) -> KindSpec | None:
    """The kind a card type or token type declares: its properties in the order written, its
    effects. A token stands anywhere a box file or a module file declares one, and is a
    component of its box."""
    tokens = ct.kind == "token-type"
    boxed = tokens or bool(ct.prop("no-decks"))
    common = BOX_CARD_PROPS if boxed else CARD_PROPS
    if ct.prop("unnamed"):  # `side a { ... }`: no display name, so no `named` either
        common = tuple(p for p in common if p.name != "named")
    noun = _noun(ct)
    required = set(ct.prop("requires") or ())
    for item in _list_items(ct, "requires"):
        if item.id not in {p.name for p in common}:
            diags.error("E206", f"'{item.id}' in requires is not a property every {noun} has", item.span,
                        hint=did_you_mean(item.id, [p.name for p in common])
                        or f"every {noun} has: " + ", ".join(p.name for p in common))
    own = {p.name for p in common} | {"source"} if tokens else CARD_PROP_NAMES
    common = tuple(replace(p, required=True) if p.name in required else p for p in common)
    props, slots = [], []
    for name, pv in ct.props.items():
        decl = pv.value if isinstance(pv.value, dict) and "type" in pv.value else None
        if decl is None:
            continue
        if name in own:
            diags.error("E302", f"every {noun} already has '{name}'", pv.node.name_span,
                        hint=f"{noun} types declare their own properties: " + ", ".join(sorted(own)))
            continue
        doc = decl["doc"] or f"{name} ({decl['type']})"
        if decl["type"] == "effect":
            if _context_ok(decl["context"], pv.node.values[1].span, diags):
                slots.append(SlotSpec(name, doc, decl["context"], guard=decl["guarded"]))
            continue
        need = decl.get("required", decl["default"] is None and decl["type"] != "flag")
        props.append(PropSpec(name, _value_shape(decl), doc, need))
    triggers = ct.prop("triggers")
    if triggers is not None and not _context_ok(triggers, ct.props["triggers"].node.values[0].span, diags):
        triggers = None
    _check_card_type(ct, {p.name for p in props}, diags)
    if triggers == "game" and not tokens and "once" not in {p.name for p in props}:  # a kernel game's cards: once per
        props.append(PropSpec("once", "once", "Its triggers run at most once per turn, round or game (listeners.py)."))
    if tokens:
        return KindSpec(ct.id, ct.prop("text") or ct.name or ct.id, ANYWHERE, props=common + tuple(props),
                        slots=tuple(slots), triggers=triggers, origin=ct)
    # a card that holds others (a dashboard) has no effect of its own unless it declares one: its
    # parts have them; nor has a card type that says `no-effect` (Locations, npcs: what they do is
    # their triggers)
    holder = "children" in ct.props or ct.prop("no-effect")
    return KindSpec(ct.id, ct.prop("text") or ct.name or ct.id, ("<box-file>",) if boxed else ("<box-file>", "deck"),
                    props=common + tuple(props), slots=tuple(slots) or (() if holder else (EFFECT,)),
                    triggers=triggers, children=("ruling",), needs_name=not ct.prop("unnamed"),
                    ids=tuple(ct.prop("ids") or ()), origin=ct)  # a Super Power's `on turn-end` goes inside its effect


# The contexts of effects that are a game's own slots and actions (its `setup { }`, its round and
# triggers, its turn's actions) or a keyword's (the context of whoever calls it): no card's
# effect runs there.
NOT_CARD_CONTEXTS = {
    "setup": "the game's setup steps, run once before the first round",
    "rules": "the game's own round, end and triggers",
    "turn": "the actions of the game's turn",
    "team-turn": "the action that starts a Team's turn",
    "keyword": "a keyword's, which runs in the context of whoever uses it",
}


def card_contexts() -> tuple[str, ...]:
    """The contexts a card type's effects and triggers may name (`card`, `mission`, `game` ...)."""
    from .builtins import CONTEXTS
    return tuple(c for c in CONTEXTS if c not in NOT_CARD_CONTEXTS)


def _context_ok(context: str, span, diags: Diagnostics) -> bool:
    allowed = card_contexts()
    if context in allowed:
        return True
    listed = "contexts of a card type's effects: " + ", ".join(allowed)
    if context in NOT_CARD_CONTEXTS:
        diags.error("E204", f"a card's effects are never in the context '{context}' "
                    f"({NOT_CARD_CONTEXTS[context]})", span, hint=listed)
        return False
    diags.error("E204", f"unknown context of effects '{context}'", span,
                hint=did_you_mean(context, allowed) or listed)
    return False


def _list_items(ct, name: str) -> list:
    pv = ct.props.get(name)
    return list(pv.node.values[0].items) if pv is not None else []


_standard: tuple = (None, {})  # (the file's path, modification time and size; its kinds)


def standard_kinds() -> dict[str, KindSpec]:
    """The kinds of the toolchain's content/shared/card-types.mh (`mayhem-card`, `go-card`, `token`, `location`, `npc`),
    compiled against the built-in kinds alone, again only when the file changed; {} when it
    is missing or does not compile (its errors show when the content holding it is checked)."""
    global _standard
    from mayhem.dsl.parser import parse_source, read_source
    from .contentsets import shipped_file
    from .model import SourceUnit, build_model
    path, stamp = shipped_file(STANDARD_FILE)
    if stamp == _standard[0]:
        return _standard[1]
    kinds: dict[str, KindSpec] = {}
    diags = Diagnostics()
    src = read_source(path, STANDARD_FILE, diags) if stamp is not None else None
    tree = parse_source(src, diags) if src is not None else None
    if tree is not None:
        unit = SourceUnit(tree, None, [])
        build_model({STANDARD_FILE: unit}, diags, kinds=BUILTIN_KINDS)
        declared = [ct for ct in unit.components if ct.kind in DECLARING and ct.id in CONTENT_DECLARED]
        for ct in declared:
            spec = _kind_of(ct, Diagnostics())
            if spec is not None:
                kinds[ct.id] = spec
        from .card_children import nest
        nest(kinds, declared, Diagnostics())  # a character's sides and Abilities: `children [...]`
    _standard = (stamp, kinds)
    return kinds


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
