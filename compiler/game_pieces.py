"""The pieces of a game of the rules kernel, checked when names are resolved: its zones of
pieces and its pools' zone, the box's pools (what they feed, where a face-down pile lies) and
each token's `restricts` (compiler/game_restrictions.py), `drawn-from`, `placed-on` and `discarded` (runtime/kernel/pieces.py
plays them). Each problem is positioned at the property that has it."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

from .game_parts import _items
from .game_restrictions import check_restricts

HOLDERS = ("figure", "space", "player", "team", "edge")  # what a piece may lie on: a zone kept per each
DISCARD_TIMES = ("turn-end", "next-turn-end", "round-end")  # the structure events the kernel discards pieces at


def check_pieces(comp, game, box, tokens: dict, diags: Diagnostics, parts=None) -> None:
    """One component of a box (`box`, its declaration) whose game is `game` (`tokens`: the
    box's, by id; `parts`: the box's components by id, among them a board's tiles)."""
    if comp.kind == "zone" and comp.parent is game:
        _zone(comp, game, diags)
    elif comp.kind == "pool":
        _pool(comp, game, tokens, diags, parts or {})
    elif comp.kind == "token":
        _token(comp, game, box, diags)


def _zone(comp, game, diags: Diagnostics) -> None:
    per = comp.prop("per")
    if comp.prop("pieces") and per not in HOLDERS:
        diags.error("E205", f"zone '{comp.id}' holds pieces, so it is kept per the kind of holder they lie on",
                    comp.props["pieces"].span, hint="write `per figure`, `per space`, `per player` or `per team`")
    if comp.prop("pieces") and per in HOLDERS:
        first = next(c for c in game.children if c.kind == "zone" and c.prop("pieces") and c.prop("per") == per)
        if first is not comp:
            diags.error("E205", f"zone '{comp.id}': pieces on a {per} already lie in zone '{first.id}'",
                        comp.props["pieces"].span, hint="one zone of pieces per kind of holder")
    if comp.prop("pieces") and per == "edge" and not any(c.kind == "board" for c in game.children):
        diags.error("E205", f"zone '{comp.id}' holds pieces on edges, but game '{game.id}' lays no board of tiles",
                    comp.props["per"].span, hint="edges are those of a `board`: declare one in the game, "
                    "board NAME { layout [2, 3, 2]  tiles TYPE }")
    if comp.prop("pools"):
        if per not in (None, "team"):
            diags.error("E205", f"zone '{comp.id}' holds the pools: one shared zone, or one per Team",
                        comp.props["per"].span, hint="leave out `per`, or write `per team`")
        first = next(c for c in game.children if c.kind == "zone" and c.prop("pools"))
        if first is not comp:
            diags.error("E205", f"zone '{comp.id}': the pools already lie in zone '{first.id}'",
                        comp.props["pools"].span, hint="one zone holds the pools")


def _pool(comp, game, tokens: dict, diags: Diagnostics, parts: dict) -> None:
    spaces = [c.id for c in game.children if c.kind == "space"]
    board = next((c for c in game.children if c.kind == "board"), None)
    if board is not None and isinstance(board.prop("tiles"), str):  # a tile of a laid board is a space too
        spaces += sorted(c.id for c in parts.values() if c.kind == board.prop("tiles"))
    pile = comp.props.get("pile-on")
    if pile is not None and pile.value not in spaces:
        diags.error("E301", f"unknown space '{pile.value}'", pile.span,
                    hint=did_you_mean(pile.value, spaces) or f"spaces of the game: {', '.join(spaces) or 'none'}")
    fed = [c.id for c in tokens.values() if (c.prop("drawn-from") or c.id) == comp.id]
    if not fed:
        tokens = sorted(tokens)
        diags.error("E301", f"pool '{comp.id}' feeds no token: a pool is named after its token, or a token "
                    "names it `drawn-from`", comp.decl.id_span,
                    hint=did_you_mean(comp.id, tokens) or f"tokens of the box: {', '.join(tokens) or 'none'}")
    if not any(c.kind == "zone" and c.prop("pools") for c in game.children):
        diags.error("E205", f"pool '{comp.id}': the game has no zone for the pools", comp.decl.id_span,
                    hint=f"declare one in game '{game.id}': zone supply \"The supply\" {{ pools }}")


def _token(comp, game, box, diags: Diagnostics) -> None:
    check_restricts(comp, game, diags)
    pools = [c.id for c in (box.children if box is not None else ()) if c.kind == "pool"]
    pv = comp.props.get("drawn-from")
    if pv is not None and pv.value not in pools:
        diags.error("E301", f"unknown pool '{pv.value}'", pv.span,
                    hint=did_you_mean(pv.value, pools) or f"pools of the box: {', '.join(pools) or 'none'}")
    pv = comp.props.get("discarded")
    if pv is not None and pv.value not in DISCARD_TIMES:
        diags.error("E205", f"'discarded {pv.value}': a game of the rules kernel discards pieces at "
                    "turn-end, next-turn-end or round-end", pv.span, hint="discarded turn-end, next-turn-end or "
                    "round-end")
    held = {c.prop("per") for c in game.children if c.kind == "zone" and c.prop("pieces")}
    pv = comp.props.get("placed-on")
    for name, span in (_items(pv) if pv is not None else []):
        if name not in HOLDERS:
            diags.error("E301", f"unknown holder '{name}': pieces lie on a figure, a space, a player or a Team",
                        span, hint=did_you_mean(name, HOLDERS) or "placed-on figure, space, player or team")
        elif name not in held:
            diags.error("E205", f"token '{comp.id}' is placed on a {name}, but no zone of the game holds pieces "
                        f"on a {name}", span, hint=f"declare one: zone on-{name} {{ per {name}  pieces }}")
