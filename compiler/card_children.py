"""Card types nested in card types: `children [ability]` makes each card of a card type hold
cards of the child types, declared inside it and only there (a dashboard's Abilities).

And the other checks of a kernel game's dashboards: a figure's card type, the turn's fallback,
an action's printed form."""
from __future__ import annotations

from dataclasses import replace

from mayhem.dsl.diagnostics import Diagnostics, did_you_mean
from mayhem.dsl.schema import PropSpec

# A child's provenance: its parent's unless it says otherwise.
CHILD_SOURCE = PropSpec("source", "source", "Where the facts come from (default: the enclosing one).")


def nest(kinds: dict, card_types: list, diags: Diagnostics) -> set[str]:
    """The kinds of the collection's card types (`kinds`, by id) with their `children`: each
    child type's cards stand only inside the card types that list it, which hold them, and are
    parts of them (no component of their own; their `source` the parent's by default). A name
    that is no card type of the collection, or its own parent, is an error with a did-you-mean.
    Returns the child types."""
    parents: dict[str, list[str]] = {}
    for ct in card_types:
        pv = ct.props.get("children")
        if pv is None or ct.id not in kinds:
            continue
        for item in pv.node.values[0].items:
            child = getattr(item, "id", None)
            if child == ct.id:
                diags.error("E206", f"card type '{ct.id}' cannot hold cards of its own type", item.span,
                            hint="its children are other card types: `children [ability]`")
            elif child not in kinds or kinds[child].origin is None or kinds[child].origin.kind != "card-type":
                known = [k for k, s in kinds.items() if s.origin is not None and s.origin.kind == "card-type"]
                diags.error("E206", f"'{child}' in children is no card type of the collection", item.span,
                            hint=did_you_mean(str(child), known) or "declare it: `card-type ability \"Ability\" "
                            "{ slot int }`")
            elif ct.id not in parents.setdefault(child, []):
                parents[child].append(ct.id)
                kinds[ct.id] = replace(kinds[ct.id], children=kinds[ct.id].children + (child,))
    for child, holders in parents.items():
        kinds[child] = as_child(kinds[child], tuple(holders))
    for ct in card_types:  # `sides [face]`: some of its children are a card's sides
        pv = ct.props.get("sides")
        for item in pv.node.values[0].items if pv is not None and ct.id in kinds else ():
            side = getattr(item, "id", None)
            held = [c for c in kinds[ct.id].children if c in parents and ct.id in parents[c]]  # its card types
            if side not in held:
                diags.error("E206", f"'{side}' in the sides of card type '{ct.id}' is none of its children",
                            item.span, hint=f"list it in its children too: `children [{', '.join(held + [str(side)])}]`")
    return set(parents)


def as_child(spec, holders: tuple[str, ...]):
    """A card type's kind as a child of `holders`: part of its parent (listed, counted and rendered
    with it), its `source` the parent's by default."""
    props = tuple(CHILD_SOURCE if p.name == "source" else p for p in spec.props)
    return replace(spec, parents=holders, props=props, component=False)


_UNIVERSAL = ("source", "text", "named", "silence")


def check_sides(card, kinds: dict, diags: Diagnostics) -> None:
    """A card of a card type with `sides` holds its sides or a one-sided card, not both: no child
    of another type beside a side, and none of the sides' properties printed on it (E212)."""
    spec = kinds.get(card.kind)
    origin = getattr(spec, "origin", None)
    pv = origin.props.get("sides") if origin is not None and origin.kind == "card-type" else None
    if pv is None:
        return
    side_kinds = set(pv.value)
    if not any(c.kind in side_kinds for c in card.children):
        return
    others = [c.id for c in card.children if c.kind not in side_kinds]
    shared = {p.name for k in side_kinds if k in kinds for p in kinds[k].props} - set(_UNIVERSAL)
    printed = sorted(name for name in card.props if name in shared)
    if others or printed:
        diags.error("E212", f"{card.kind} '{card.id}' mixes sides with a one-sided card: "
                    + ", ".join(others + printed) + " outside its sides", card.decl.id_span,
                    hint="put its properties and parts either all in the card or all in each of its sides")


def card_types(kinds: dict) -> list[str]:
    """Every card type of the collection, the toolchain's included (content/shared/card-types.mh)."""
    return sorted(k for k, s in (kinds or {}).items() if s.origin is not None and s.origin.kind == "card-type")


def unknown_card_type(name: str, known: list[str], kinds: dict, game) -> str:
    """The hint of an E301 of a card type no card type of the collection has: a did-you-mean among
    the game's own card types (those it declares in its box, or that say `game GAME`), else among
    every one; else the game's own listed (the collection's when the game has none)."""
    own = [k for k in known if game is not None and (kinds[k].origin.scope == game.scope
                                                    or kinds[k].origin.prop("game") == game.id)]
    guess = did_you_mean(str(name), own) or did_you_mean(str(name), known)
    if guess:
        return guess
    if own:
        return f"card types of game '{game.id}': {', '.join(own)}"
    return f"card types of the collection: {', '.join(known) or 'none'}"


def check_starts_with(zone, kinds: dict, diags: Diagnostics, game=None) -> None:
    """Each card type a zone `starts-with` (a name or a [list] of them) is a card type of the
    collection: its cards are what the zone takes at setup (runtime/kernel/filling.py)."""
    from .game_parts import _items
    known = card_types(kinds)
    pv = zone.props["starts-with"]
    for name, span in _items(pv):
        if isinstance(pv.value, str) and getattr(pv.node, "values", None):
            span = pv.node.values[0].span  # the name itself, not the whole property
        if name not in known:
            diags.error("E301", f"zone '{zone.id}' starts with an unknown card type '{name}'", span,
                        hint=unknown_card_type(name, known, kinds, game))


def check_figure_cards(figure, kinds: dict, diags: Diagnostics, game=None) -> None:
    """A figure kind's `card-type` names a card type of the collection (its figures are its cards);
    so does a deck's (the card type of its cards)."""
    pv = figure.props["card-type"]
    known = card_types(kinds)
    if pv.value not in known:
        span = pv.node.values[0].span if getattr(pv.node, "values", None) else pv.span
        diags.error("E301", f"unknown card type '{pv.value}'", span,
                    hint=unknown_card_type(pv.value, known, kinds, game))


def check_fallback(action, game, diags: Diagnostics) -> None:
    """A `fallback` action stands in for the game's actions that `starts-turn` when none is
    legal: the game has one, and the fallback is not one of them."""
    starters = [c.id for c in game.children if c.kind == "action" and c.prop("starts-turn")]
    span = action.props["fallback"].span
    if action.prop("starts-turn"):
        diags.error("E204", f"action '{action.id}' is both `starts-turn` and `fallback`", span,
                    hint="the fallback is taken when no action that starts the turn is legal: keep one of the two")
    elif not starters:
        diags.error("E205", f"action '{action.id}' is `fallback`, but no action of game '{game.id}' `starts-turn`",
                    span, hint="mark the action that begins a turn `starts-turn` (`place`: a die placed on an "
                    "Ability), or drop `fallback`")


def check_form(action, diags: Diagnostics) -> None:
    """A kernel game's action that declares its `form` names each of its parameters in it once
    (`{figure}`, where no parameter is so named, prints the Active figure): runtime/actions.py's
    template, read as the Mayhem turn's actions' are, its answers read back from the legal list."""
    from mayhem.runtime.actions import declared_form
    try:
        declared_form(action.id, [p.name for p in action.decl.params], action.prop("form"), own=False)
    except ValueError as exc:
        diags.error("E411", str(exc), action.props["form"].span,
                    hint="write its `form` with each parameter once, as `{name}` or `{name:int}` (a number), "
                    "and `{figure}` for the Active figure: `form \"{die:int} {figure}/{ability}\"`")


def check_bots_wait_for(action, game, diags: Diagnostics) -> None:
    """`bots-wait-for [ACTION, ...]`: other actions of the game (the random bots do not take this
    one while one of them is offered: runtime/kernel/play.py)."""
    from .game_parts import _items
    actions = [c.id for c in game.children if c.kind == "action"]
    for name, span in _items(action.props["bots-wait-for"]):
        if name not in actions or name == action.id:
            others = [a for a in actions if a != action.id]
            diags.error("E301", f"unknown action '{name}': `bots-wait-for` names other actions of the game"
                        if name != action.id else f"action '{action.id}' waits for itself", span,
                        hint=did_you_mean(name, others) or f"other actions of the game: {', '.join(others) or 'none'}")
