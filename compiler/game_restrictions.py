"""A game's restrictions (`restriction NAME { actions [...]  stops [...] }`) and the tokens that name
them (`restricts NAME`), checked when names are resolved: what each forbids is the game's actions
and the words the primitives ask (runtime/turn.py, runtime/kernel/pieces.py play them)."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

from .game_parts import _items

# what a primitive of the Mayhem boxes' engine asks the restrictions of the figure it concerns
STOP_WORDS = ("move", "attack", "special", "place")
# ... and those the rules kernel's primitives always ask (runtime/kernel/movement.py: a Move, a
# placement); a kernel game's assault too, by the word its `assault-event` names
# (runtime/kernel/damage.py), and `special` where parts are used `once per ...` (spaces.silenced)
KERNEL_STOP_WORDS = ("move", "place")


def kernel_stop_words(game, kinds: dict | None = None) -> tuple[str, ...]:
    """The words a restriction of a kernel game may stop: KERNEL_STOP_WORDS, the name of the game's
    `assault-event` (a figure holding the piece makes no assault), and `special` when a card type
    of the game's box declares `once` (its parts, `special-of`'s, are not heard: `kinds`, the
    model's kinds, card types' too)."""
    words = list(KERNEL_STOP_WORDS)
    pv = game.props.get("assault-event")
    if pv is not None and isinstance(pv.value, str):
        words.append(pv.value)
    if any(k.origin is not None and k.origin.kind == "card-type" and getattr(k.origin, "scope", None) == game.scope
           and any(p.name == "once" for p in k.props) for k in (kinds or {}).values()):
        words.append("special")
    return tuple(dict.fromkeys(words))


def check_restriction(comp, game, diags: Diagnostics, kernel: bool = False, kinds: dict | None = None) -> None:
    """A restriction of a game: its `actions` are the game's, its `stops` words a primitive asks;
    one of a game of the rules `kernel` forbids actions or stops the words its primitives ask
    (kernel_stop_words: `move`, `place`, the game's assault event, `special`)."""
    actions = [c.id for c in game.children if c.kind == "action"]
    pv = comp.props.get("actions")
    if pv is None and kernel and "stops" not in comp.props:
        diags.error("E205", f"restriction '{comp.id}' forbids nothing: a game of the rules kernel reads its "
                    "`actions` and `stops`", comp.decl.id_span,
                    hint="name the actions it forbids, or what it stops: actions [ACTION], stops [move]")
    for name, span in (_items(pv) if pv is not None else []):
        if name not in actions:
            diags.error("E301", f"unknown action '{name}': a restriction forbids actions of the game", span,
                        hint=did_you_mean(name, actions) or f"actions of the game: {', '.join(actions) or 'none'}")
    pv = comp.props.get("stops")
    played = kernel_stop_words(game, kinds) if kernel else STOP_WORDS
    known = tuple(dict.fromkeys(STOP_WORDS + played))
    for name, span in (_items(pv) if pv is not None else []):
        if name not in known:
            diags.error("E301", f"unknown word '{name}': a restriction stops {', '.join(known)}", span,
                        hint=did_you_mean(name, known) or f"stops [{', '.join(played)}]")
        elif name not in played:
            why = ("no card type of its box declares `once`, the parts `special-of` reads" if name == "special"
                   else f"the game names no `assault-event {name}`")
            diags.error("E205", f"'stops [{name}]': in this game the rules kernel's primitives ask a restriction "
                        f"{', '.join(played)} only ({why})", span,
                        hint=f"stops [{', '.join(played)}]; an action it forbids: actions [ACTION]")


_shipped: tuple = (None, [])  # (the file's stamp; its restrictions)


def shipped_restrictions() -> list[str]:
    """The restrictions the toolchain's content/shared/game.mh declares, read again only when the
    file changed ([] without it)."""
    global _shipped
    from mayhem.dsl import ast
    from mayhem.dsl.parser import parse_source, read_source
    from .contentsets import shipped_file
    path, stamp = shipped_file("shared/game.mh")
    if stamp != _shipped[0]:
        src = read_source(path, "shared/game.mh", Diagnostics()) if stamp is not None else None
        tree = parse_source(src, Diagnostics()) if src is not None else None
        found, stack = [], list(tree.decls) if tree is not None else []
        while stack:
            decl = stack.pop(0)
            if decl.kind == "restriction":
                found.append(decl.id)
            stack.extend(m for m in decl.members if isinstance(m, ast.Decl))
        _shipped = (stamp, found)
    return _shipped[1]


def _names(pv) -> list[tuple[str, object]]:
    """(name, span) of each name of a property: a [list], or names one after the other (`ids`)."""
    values = getattr(pv.node, "values", None) or []
    if isinstance(pv.value, list) and len(values) == len(pv.value) and all(hasattr(v, "span") for v in values):
        return list(zip(pv.value, (v.span for v in values)))
    return _items(pv)


def check_restricts(comp, game, diags: Diagnostics) -> None:
    """A token's `restricts` names restrictions its game declares (a Mayhem box's token: those of
    the shared rules, content/shared/game.mh)."""
    pv = comp.props.get("restricts")
    if pv is None:
        return
    # no game among the files checked (a box's folder checked alone: content/shared/game.mh is
    # none of its files): the restrictions of the toolchain's own shared rules
    names = [c.id for c in game.children if c.kind == "restriction"] if game is not None else shipped_restrictions()
    for name, span in _names(pv):
        if name not in names:
            where = f"game '{game.id}'" if game is not None else "the shared rules"
            says = "declares" if game is not None else "declare"
            diags.error("E301", f"unknown restriction '{name}': a token restricts what {where} {says}", span,
                        hint=did_you_mean(name, names) or (f"restrictions of {where}: {', '.join(names)}" if names
                                                          else f"declare one in {where}: restriction {name} "
                                                          f"\"...\" {{ actions [ACTION] }}"))


def check_restriction_named(args: list, game, diags: Diagnostics) -> None:
    """`restricted(figure, "NAME")` in a guard names a restriction the game declares (`args`:
    the call's)."""
    from mayhem.dsl import ast
    name = next((a.value for i, a in enumerate(args) if a.name == "what" or (a.name is None and i == 1)), None)
    if not isinstance(name, ast.String):
        return
    names = [c.id for c in game.children if c.kind == "restriction"] if game is not None else []
    if game is not None and name.value not in names:
        diags.error("E301", f"unknown restriction '{name.value}'", name.span,
                    hint=did_you_mean(name.value, names) or f"restrictions of game '{game.id}': "
                    f"{', '.join(names) or 'none'}")
