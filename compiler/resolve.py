"""Pass 3, resolve: every name to what it means, all unresolved names reported at once."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean

from . import builtins as B
from . import mayhem_events
from .mode_overrides import check_box_modes, check_cards_with, check_overrides, check_phase_overrides
from .model import VOCABULARY_KINDS, Model
from .resolve_names import NameResolver
from .symbols import Resolution, Symbol  # noqa: F401 (the pass's result, imported from here)

COMPONENT_KINDS = ("box", "character", "mayhem-card", "go-card", "location", "npc", "first-game")


def resolve(model: Model, diags: Diagnostics, each=None, symbols: dict | None = None,
            components: list | None = None, order: list | None = None) -> Resolution:
    """`each(resolver, comp)`, when given, resolves one component in its place (a Workspace
    replays what an unchanged component resolved to: compiler/incremental_front.py, which
    passes the previous check's `symbols` table to be patched, and the model's `components`
    in its order and in the `order` of their qids, kept between checks)."""
    res = Resolution() if symbols is None else Resolution(symbols=symbols)
    declare(model, res, diags)
    resolver = NameResolver(model, res, diags)
    everything = list(model.components()) if components is None else components  # walked once
    for comp in sorted(everything, key=lambda c: c.qid) if order is None else order:
        resolver.component(comp) if each is None else each(resolver, comp)
    check_modes(model, everything, res, diags)
    return res


def declare(model: Model, res: Resolution, diags: Diagnostics) -> None:
    """The collection-wide part before the components' names: the tables of what each scope
    declares, the scopes each file sees, each file's box and each box's game."""
    _declare(model, res, diags)
    see_scopes(model, res, diags)


def see_scopes(model: Model, res: Resolution, diags: Diagnostics) -> None:
    """The scopes each file sees, its box declared, each box's game (per file: a Workspace
    does this at every check, the declaration tables only when the ids changed)."""
    for name in sorted(model.units):
        unit = model.units[name]
        res.visible[name] = [unit.box or name] + [u for u in unit.uses if u in model.units]
    if model.units:
        for name in sorted(model.units):
            unit = model.units[name]
            if unit.box is not None and unit.box not in res.boxes:
                hint = did_you_mean(unit.box, res.boxes) or "declare it: box ID \"Title\" { ... }"
                diags.error("E307", f"no box '{unit.box}' is declared", unit.file.in_box.span, hint=hint)
    for box in res.boxes.values():
        want = box.prop("game")
        game = res.games.get(box.id)
        # or the shared rules' game, declared in a module file (`game mayhem`: the switch's trial)
        shared = [g for scope, g in res.games.items() if scope.endswith(".mh") and g.id == want]
        if want is not None and (game is None or game.id != want) and not shared:
            # the games it may name: its own box's, the shared rules' (a module's)
            known = ([game.id] if game is not None else []) + [
                g.id for scope, g in sorted(res.games.items()) if scope.endswith(".mh")]
            diags.error("E309", f"no game '{want}' in box '{box.id}'", box.props["game"].span,
                        hint=did_you_mean(want, known)
                        or "declare it in the box: game " + want + " \"Title\" { seats 2..4 ... }")


def check_modes(model: Model, everything: list, res: Resolution, diags: Diagnostics) -> None:
    """The collection-wide part after the components' names: what the modes override, and the
    shared game's events named for the moments the rules kernel raises one at."""
    mayhem_events.check_emits(res, diags)
    modes = [c for c in everything if c.kind == "mode" and "without" in c.props]
    shared = [g for scope, g in sorted(res.games.items()) if scope.endswith(".mh")]
    if modes:  # a mode of a box changes its box's game (a kernel game's); a module's, the shared game
        check_overrides([m for m in modes if m.scope.endswith(".mh") or m.scope not in res.games], shared, diags)
        for mode in modes:
            if not mode.scope.endswith(".mh") and mode.scope in res.games:
                check_overrides([mode], [res.games[mode.scope]], diags)
    check_box_modes([c for c in everything if c.kind == "mode" and not c.scope.endswith(".mh")], res, diags)
    filtered = [c for c in everything if c.kind == "mode" and "cards-with" in c.props]
    if filtered:
        check_cards_with(filtered, [c for c in model.top_level() if c.kind == "card-type"], diags)
    phased = [c for c in everything if c.kind == "mode" and any(k.kind == "phase" for k in c.children)]
    for mode in phased:
        own = res.games.get(mode.scope) if not mode.scope.endswith(".mh") else None
        check_phase_overrides([mode], [own] if own is not None else shared, diags)


def _declare(model: Model, res: Resolution, diags: Diagnostics) -> None:
    for comp in sorted(model.top_level(), key=lambda c: (c.file, c.span.line)):
        if comp.kind in VOCABULARY_KINDS:
            table = res.vocab.setdefault(comp.scope, {}).setdefault(comp.kind, {})
        elif comp.kind == "game":  # may share its box's id: `box x { game x }`
            if comp.scope in res.games:
                diags.error("E302", f"box '{comp.scope}' declares a second game", comp.decl.id_span,
                            related=[Related(res.games[comp.scope].decl.id_span, "the first is declared here")])
            res.games.setdefault(comp.scope, comp)
            continue
        elif comp.kind == "box":
            if comp.id in res.boxes:
                first = res.boxes[comp.id]
                diags.error("E302", f"box '{comp.id}' is declared twice", comp.decl.id_span,
                            related=[Related(first.decl.id_span, "first declared here")])
                continue
            if comp.id != comp.scope:
                diags.error("E307", f"this file is 'in box {comp.scope}' but declares box '{comp.id}'",
                            comp.decl.id_span, hint=f"write 'in box {comp.id}' at the top of the file")
            res.boxes[comp.id] = comp
            table = res.components.setdefault(comp.scope, {})
        else:
            table = res.components.setdefault(comp.scope, {})
        if comp.kind == "keyword" and comp.id in B.PRIMITIVES:
            diags.error("E302", f"keyword '{comp.id}' would hide the primitive of that name",
                        comp.decl.id_span, hint="give the keyword another id; its display name can stay")
            continue
        first = table.get(comp.id)
        if first is not None and comp.kind != "box":
            where = ("in this module" if comp.scope.endswith(".mh") else "in this box") \
                if comp.scope == first.scope else ""
            diags.error("E302", f"'{comp.id}' is declared twice {where}".strip(), comp.decl.id_span,
                        related=[Related(first.decl.id_span, f"the {first.kind} '{comp.id}' is declared here")],
                        hint="ids are unique per box (per kind for keywords, tokens, tags, icons and pools)")
            continue
        table[comp.id] = comp
