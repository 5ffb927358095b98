"""`draw-into(ZONE, of: HOLDER)` as the zone's declaration allows it: whose pile the card is drawn into.

A zone of the table (no `per`) is no one's: `draw-into(lair)` takes no `of`, and the card's
`enter-effect` runs with `me` the player acting. A zone kept per player takes a player as `of`
(default `me`); one kept per team a Team, or a player for their Team (default `me`'s Team). A
zone kept per figure or space is no pile a card is drawn into (runtime/kernel/card_flow.py,
`draw_into`), and a zone draws from a pile of the table, of its own kind of holder, or (a
player's zone) of the player's Team. Each mismatch is an error at the argument, with what the zone allows as its hint."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics

from . import builtins as B

# what `of` may be for a zone kept per each kind of holder, and an example of it
_HOLDERS = {"player": ("player", "a player", "draw-into({zone}, of: p)"),
            "team": ("player|team", "a Team, or a player for their Team", "draw-into({zone}, of: t)")}


def check_draw_into(res, comp, bound: dict, types: dict, context: str, diags: Diagnostics) -> None:
    """The call's `of` (bound argument and its type) against the `per` of the zone it names, a
    zone of the game of `comp`'s scope; nothing to say when the zone is not found (E301 said it)."""
    zone_arg, of_arg = bound.get("zone"), bound.get("of")
    name = getattr(zone_arg.value, "id", None) if zone_arg is not None else None
    game = res.games.get(getattr(comp, "scope", None))
    zone = next((c for c in game.children if c.kind == "zone" and c.id == name), None) if game and name else None
    if zone is None:
        return
    per, source = zone.prop("per"), zone.prop("draws-from")
    if source is None:
        diags.error("E401", f"zone '{name}' draws from no zone: 'draw-into' takes a zone that `draws-from` one",
                    zone_arg.span, hint=f"declare in zone '{name}': draws-from ZONE (the pile its cards come from)")
        return
    pile = next((c for c in game.children if c.kind == "zone" and c.id == source), None)
    if per is None and pile is not None and pile.prop("per") is not None:
        diags.error("E401", f"zone '{name}' is a zone of the table, and draws from '{source}', kept per "
                    f"{pile.prop('per')}: no one's pile to draw from", zone_arg.span,
                    hint=f"draw from a zone of the table, or keep '{name}' per {pile.prop('per')} too")
        return
    if per is None:
        if of_arg is not None:
            diags.error("E401", f"zone '{name}' is a zone of the table: 'draw-into' takes no 'of' for it",
                        of_arg.span, hint=f"leave out 'of': draw-into({name}); the card drawn is no one's, and "
                        "`me` of its enter-effect is the player acting")
        return
    if per not in _HOLDERS:
        diags.error("E401", f"zone '{name}' is kept per {per}: 'draw-into' draws into a zone of the table, "
                    "or one kept per player or team", zone_arg.span,
                    hint="declare the zone without `per` (the table's), or `per player` or `per team`")
        return
    held = pile.prop("per") if pile is not None else None
    if held is not None and held != per and not (per == "player" and held == "team"):
        diags.error("E401", f"zone '{name}' is kept per {per}, and draws from '{source}', kept per {held}: "
                    f"a {per} holds no such pile", zone_arg.span,
                    hint=f"draw from a zone of the table or one kept per {per}, or keep '{name}' per {held} too")
        return
    want, words, example = _HOLDERS[per]
    if of_arg is None:
        if "me" not in B.CONTEXTS.get(context, ()):
            diags.error("E402", f"zone '{name}' is kept per {per}: 'draw-into' needs 'of' here, "
                        "where there is no `me`", zone_arg.span, hint=example.format(zone=name))
        return
    t = types.get("of")
    if t is not None and B.accepts("player|team", t) and not B.accepts(want, t):
        diags.error("E401", f"zone '{name}' is kept per {per}: 'of' of 'draw-into' takes {words} for it",
                    of_arg.value.span, hint=example.format(zone=name))
