"""A game's `board` laid from tiles, checked: one per game, its rows, the card type of its tiles and
the properties it reads (`capacity`, `bases`, `icons`), each problem at its property with a did-you-mean."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

from .card_children import card_types, unknown_card_type


def check_board(comp, game, model, diags: Diagnostics, counted: bool = True) -> None:
    """`counted`: the content holds a tile for each position (not for the shared rules' board, whose
    boxes each lay their own Locations in their own rows: C701)."""
    boards = [c for c in game.children if c.kind == "board"]
    if boards and comp is not boards[0]:
        diags.error("E205", f"a game lays one board: '{boards[0].id}' is declared first", comp.decl.id_span,
                    hint="declare one `board` in the game")
    rows = comp.prop("layout")
    if "layout" in comp.props and (not rows or any(not isinstance(n, int) or n < 1 for n in rows)):
        diags.error("E204", "a board's layout is its rows, each of one position or more", comp.props["layout"].span,
                    hint="layout [2, 3, 2]")
    ctype = comp.prop("tiles")
    if not isinstance(ctype, str):
        return
    # the collection's card types, and the toolchain's (`location`: known whether or not the
    # collection holds content/shared/card-types.mh), as a figure's `card-type` reads them
    kinds = model.kinds or {}
    types = card_types(kinds)
    spec = kinds.get(ctype) if ctype in types else None
    if spec is None:
        diags.error("E301", f"unknown card type '{ctype}'", comp.props["tiles"].span,
                    hint=unknown_card_type(ctype, types, kinds, game))
        return
    declared = {p.name: p.shape for p in spec.props}
    for role, shapes in (("capacity", ("int",)), ("bases", None), ("icons", ("list",))):
        name = comp.prop(role)
        if not isinstance(name, str):
            continue
        if name not in declared:
            diags.error("E301", f"card type '{ctype}' declares no property '{name}'", comp.props[role].span,
                        hint=did_you_mean(name, declared) or "its properties: " + ", ".join(declared))
        elif shapes and declared[name] not in shapes:
            want, example = ("a list", "list optional") if role == "icons" else ("a number", "int 2")
            diags.error("E204", f"'{role} {name}': the property is {declared[name]}, not {want}",
                        comp.props[role].span, hint=f"declare it in '{ctype}': {name} {example}")
    count = sum(1 for c in model.top_level() if c.kind == ctype)
    if counted and isinstance(rows, list) and all(isinstance(n, int) for n in rows) and count < sum(rows):
        cards = f"{count} card" + ("" if count == 1 else "s")
        diags.error("E204", f"the layout has {sum(rows)} positions, but the content has {cards} of '{ctype}'",
                    comp.props["layout"].span, hint="declare more tiles, or fewer positions")
