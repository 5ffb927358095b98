"""A mode's overrides: `without counter vp`, `without rule ko-vp` name declarations of the
game the Mayhem boxes share (a `game` of a module file, content/shared/game.mh) that the mode
leaves out; each must name one, or it is an error with a did-you-mean. `cards-with PROPERTY`
keeps only the cards with that flag in the deck: it names a flag a card type declares. A mode
declared in a box file that names a game (a game of the rules kernel) changes that game."""
from __future__ import annotations

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

from .model import Component

# What a mode may leave out of the game: its counters, its rules and its zones.
OVERRIDABLE = ("counter", "rule", "zone")


def override_names(values: list) -> tuple[ast.Name, ast.Name] | None:
    """`without KIND ID` (maybe ending with its provenance, `rulebook "Section"`): the kind and
    the id, or None when the values are not a kind and a name."""
    from .model_props import split_provenance
    values, _own = split_provenance(values)
    if len(values) == 2 and all(isinstance(v, ast.Name) for v in values) and values[0].id in OVERRIDABLE:
        return values[0], values[1]
    return None


def parse_without(values: list) -> list[list[str]] | None:
    """`without KIND ID`: [[kind, id]], or None when the values are not a kind and a name."""
    names = override_names(values)
    return [[names[0].id, names[1].id]] if names is not None else None


def without_props(mode: Component) -> list[ast.Prop]:
    """The `without` lines of a mode, in source order (the property may repeat)."""
    return [m for m in mode.decl.members if isinstance(m, ast.Prop) and m.name == "without"]


def check_overrides(modes: list[Component], games: list[Component], diags: Diagnostics) -> None:
    """Every `without` of every mode names a declaration of the shared game."""
    declared: dict[str, list[str]] = {kind: [] for kind in OVERRIDABLE}
    for game in games:
        for child in game.children:
            if child.kind in declared:
                declared[child.kind].append(child.id)
    for mode in modes:
        for prop in without_props(mode):
            names = override_names(prop.values)
            if names is None:
                continue  # its E204 is given by the model pass
            kind, name = names
            if name.id in declared[kind.id]:
                continue
            if not games:
                diags.error("E301", f"unknown {kind.id} '{name.id}': no game declares what a mode leaves out",
                            name.span, hint="a mode changes the game of a module file (`game NAME \"...\" { ... }` "
                                            "outside any box); declare it, or drop this line")
                continue
            hint = did_you_mean(name.id, declared[kind.id])
            if hint is None:
                hint = (f"the {kind.id}s of the game: " + ", ".join(sorted(declared[kind.id]))) \
                    if declared[kind.id] else f"the game '{games[0].id}' declares no {kind.id}"
            diags.error("E301", f"unknown {kind.id} '{name.id}' in the game '{games[0].id}'", name.span, hint=hint)


def card_type_flags(card_types: list[Component]) -> list[str]:
    """The flag properties the card types declare (`free-for-all flag "..."`), in order: the
    content's own card types, then the toolchain's (content/shared/card-types.mh, which a
    content root without card types plays with). A card type with `no-effect` (Locations,
    non-player figures) has no card a deck holds: its flags are not listed."""
    from .card_types import parse_propdecl, standard_kinds
    out = []
    for ct in card_types:
        if ct.prop("no-effect"):
            continue
        for member in ct.decl.members:
            if isinstance(member, ast.Prop):
                decl = parse_propdecl(member.values)
                if decl is not None and decl["type"] == "flag" and member.name not in out:
                    out.append(member.name)
    for spec in standard_kinds().values():
        if spec.origin.kind != "card-type" or spec.origin.prop("no-effect"):
            continue  # (the token type, Locations, npcs: a deck holds no tokens, tiles or figures)
        out += [p.name for p in spec.props if p.shape == "flag" and p.name not in out]
    return out


def check_cards_with(modes: list[Component], card_types: list[Component], diags: Diagnostics) -> None:
    """Every `cards-with PROPERTY` of a mode names a flag of a card type: the property its deck
    keeps its cards by."""
    flags = card_type_flags(card_types)
    for mode in modes:
        prop = mode.props.get("cards-with")
        if prop is None or not prop.node.values or not isinstance(prop.node.values[0], ast.Name):
            continue  # a malformed value has its E204 from the model pass
        name = prop.node.values[0]
        if name.id in flags:
            continue
        listed = ", ".join(flags) or "none"
        hint = did_you_mean(name.id, flags) or "the flags the card types declare: " + listed
        diags.error("E301", f"unknown card property '{name.id}': no card type declares it as a flag", name.span,
                    hint=hint)


def check_phase_overrides(modes: list[Component], games: list[Component], diags: Diagnostics) -> None:
    """A mode's `phase` takes the place of the game's phase of the same id: it must name one."""
    from .game_parts import check_phases
    declared = [c.id for g in games for c in g.children if c.kind == "phase"]
    for mode in modes:
        phases = [c for c in mode.children if c.kind == "phase"]
        check_phases(phases, diags)
        for phase in phases:
            if phase.id not in declared:
                diags.error("E301", f"unknown phase '{phase.id}': a mode's phase replaces the game's of the same id",
                            phase.decl.id_span, hint=did_you_mean(phase.id, declared) or
                            ("the phases of the game: " + ", ".join(declared) if declared
                             else "the game declares no phases"))


def check_box_modes(modes: list[Component], res, diags: Diagnostics) -> None:
    """A mode of a box file: of a box that names a game, a mode of that game, which needs no
    `seats` nor `start` (the kernel game's own seats stand without them); of a Mayhem box,
    both, as a module's modes (the model pass leaves a box file's mode to this check)."""
    from mayhem.dsl.schema import KINDS
    from .values import example
    for mode in modes:
        if mode.scope in res.games:
            continue
        for pspec in KINDS["mode"].props:
            if pspec.required and pspec.name != "source" and pspec.name not in mode.props:
                diags.error("E205", f"mode '{mode.id}' needs '{pspec.name}'", mode.decl.id_span,
                            hint=f"{pspec.doc} For example: `{example(pspec)}`")
