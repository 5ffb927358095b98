"""The Mayhem events as the compiler reads them: the `event`s declared by the game the Mayhem boxes share.

The game of a module file (`game mayhem`, content/shared/game.mh) declares the events the
rules kernel raises (`event ko "KO" (figure = figure) { ... }`): a trigger of a Mayhem box,
of a module or of the game's own rules hears one of them, reads its fields, and reads `pending`
where it carries an amount. A collection without that game, or whose game declares no event
(a box checked alone, the tests' small fixtures), hears those the toolchain's own
content/shared/game.mh declares (`shipped`): there is no built-in table of them."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics

from .builtins_kernel import KERNEL_RAISING
from . import kernel_events
from .vocabulary_types import Event

_CACHE: dict[int, tuple] = {}  # id of the shared game -> (it, its events, those with an amount)


def shared_game(res):
    """The game of a module file, if the collection holds exactly one (`game mayhem`), else None."""
    shared = [g for scope, g in sorted(res.games.items()) if scope.endswith(".mh")]
    return shared[0] if len(shared) == 1 else None


_shipped: tuple = (None, {}, ())  # (the file's stamp; its events; those with an amount)


def shipped() -> tuple[dict[str, Event], tuple[str, ...]]:
    """The Mayhem events the toolchain's own content/shared/game.mh declares (its game's `event`s)
    and those with `amount`, read again only when the file changed (none without it)."""
    global _shipped
    from mayhem.dsl import ast
    from mayhem.dsl.parser import parse_source, read_source
    from .contentsets import shipped_file
    path, stamp = shipped_file("shared/game.mh")
    if stamp != _shipped[0]:
        src = read_source(path, "shared/game.mh", Diagnostics()) if stamp is not None else None
        tree = parse_source(src, Diagnostics()) if src is not None else None
        games = [d for d in (tree.decls if tree is not None else ()) if d.kind == "game"]
        decls = [m for g in games[:1] for m in g.members if isinstance(m, ast.Decl) and m.kind == "event"]
        props = [{m.name: m.values for m in d.members if isinstance(m, ast.Prop)} for d in decls]
        events = {d.id: Event(d.id, tuple((p.name, kernel_events.field_type(p)) for p in d.params),
                              next((v.value for v in pr.get("text", ()) if isinstance(v, ast.String)), None)
                              or d.name or d.id) for d, pr in zip(decls, props)}
        _shipped = (stamp, events, tuple(d.id for d, pr in zip(decls, props) if "amount" in pr))
    return _shipped[1], _shipped[2]


def _tables(res) -> tuple:
    game = shared_game(res)
    if game is None:
        return (None, *shipped())
    known = _CACHE.get(id(game))
    if known is None or known[0] is not game:
        decls = [c for c in game.children if c.kind == "event"]
        if decls:
            known = (game, {d.id: kernel_events.as_event(d) for d in decls},
                     tuple(d.id for d in decls if d.prop("amount")))
        else:
            known = (game, *shipped())
        if len(_CACHE) > 64:  # an editor's session makes a new game at every edit of its file
            _CACHE.clear()
        _CACHE[id(game)] = known
    return known


def ir_events(ir: dict) -> dict[str, Event]:
    """The Mayhem events as an IR document carries them: the children of kind `event` of the
    shared game (its box None), each with its fields and their types and its `text` for doc, in
    the order declared ({} where that game declares none, or the IR holds no such game)."""
    game = next((c for c in ir["components"] if c["kind"] == "game" and c["box"] is None), None)
    return {c["id"]: Event(c["id"], tuple((f["name"], f["type"]) for f in c.get("fields", ())),
                           (c["props"].get("text") or {}).get("value") or c["name"] or c["id"])
            for c in (game["children"] if game is not None else ()) if c["kind"] == "event"}


def engine_event(comp) -> bool:
    """Whether `comp` is an event of the shared game (of a module file): raised by the rules
    kernel; the IR carries it as a child of the game, and the effect graph's event nodes stand
    for it (no component node of its own)."""
    return comp.kind == "event" and comp.parent is not None and comp.parent.kind == "game" \
        and comp.scope.endswith(".mh")


def events(res) -> dict[str, Event]:
    """The Mayhem events by name, in the order declared: the shared game's, else the shipped ones."""
    return _tables(res)[1]


def pending(res) -> tuple[str, ...]:
    """The Mayhem events whose triggers read (and change) `pending`: those declared with `amount`."""
    return _tables(res)[2]


def declared_by_game(res) -> bool:
    """Whether the shared game declares the Mayhem events (else the shipped ones stand in)."""
    game = _tables(res)[0]
    return game is not None and any(c.kind == "event" for c in game.children)


def check_emits(res, diags: Diagnostics) -> None:
    """A shared game that declares its events names one (`ko-event ko`) for each moment the rules
    kernel's primitives raise an event at (compiler/builtins_kernel.py `KERNEL_RAISING`, the
    kernel's table): a trigger of a box on that moment would never be heard otherwise. The event
    each names is declared, with its fields (check_damage, check_movement)."""
    if not declared_by_game(res):
        return
    game = shared_game(res)
    missing: dict[str, list[str]] = {}
    for prim, props in KERNEL_RAISING.items():
        for prop in props:
            if game.props.get(prop) is None:
                missing.setdefault(prop, []).append(prim)
    if missing:
        said = "; ".join(f"`{prop}` (raised by {', '.join(prims)})" for prop, prims in sorted(missing.items()))
        diags.error("E404", f"game '{game.id}' declares the Mayhem events, and names none for these moments "
                    f"the rules kernel raises one at: {said}", game.decl.id_span,
                    hint=f"name the event the kernel raises there, as `{min(missing)} EVENT`, each declared "
                    "`event EVENT \"...\" (FIELD = TYPE, ...) { text \"...\" }`; declared: " + ", ".join(events(res)))
