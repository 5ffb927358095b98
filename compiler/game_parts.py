"""The parts of a `game` declaration that name each other: a space's `adjacent` spaces, a
figure's `start` spaces, Teams that `per team` and `turn-order alternate-teams` need, a
die's faces, and events a one-shot trigger can wait for; and `check_kernel_component`, which
runs the checks of a kernel game's pieces, board, figures that are cards and fallback. Checked
when names are resolved, so each problem is positioned at the property that has it."""
from __future__ import annotations

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, did_you_mean

STRUCTURE_EVENTS = ("round-start", "round-end", "turn-start", "turn-end")
# the properties that name another zone of the game (the card flow's roles, a zone's piles)
ZONE_REFS = {"game": ("pile-to", "decks-to", "draw-from", "draw-to", "discard-to", "play-to"),
             "zone": ("draws-from", "done-to", "reshuffle-from", "refill-from"), "card-type": ("reacts-from",)}


def _items(pv) -> list[tuple[str, object]]:
    """(name, span) of each name a property gives: one, or a [list] of them."""
    value = pv.value
    if isinstance(value, (list, tuple)):
        node = pv.node.values[0] if pv.node.values else None
        spans = [i.span for i in getattr(node, "items", [])] or [pv.span] * len(value)
        return list(zip(value, spans))
    return [(value, pv.span)] if isinstance(value, str) else []


def check_part(comp, game, diags: Diagnostics, box=None) -> None:
    """One child of a game (or the game itself); `box`, the box that names the game."""
    spaces = [c.id for c in game.children if c.kind == "space"]
    teams = game.prop("teams") or game.prop("team-names")  # `team-names [a, b]`: as many Teams
    if comp.kind in ("space", "figure"):
        prop = "adjacent" if comp.kind == "space" else "start"
        pv = comp.props.get(prop)
        for name, span in (_items(pv) if pv is not None else []):
            if name not in spaces:
                diags.error("E301", f"unknown space '{name}'", span,
                            hint=did_you_mean(name, spaces) or "spaces of the game: " + (", ".join(spaces) or "none"))
    if comp.kind == "die":
        check_die(comp, game, diags, box)
    if comp.kind in ("zone", "counter", "figure") and comp.prop("per") == "team" and not teams:
        diags.error("E205", f"'{comp.id}' is kept per team, but the game has no Teams", comp.props["per"].span,
                    hint="declare them in the game: teams 2")
    check_zone_refs(comp, game, diags, kernel=True)
    phases = [c for c in comp.children if c.kind == "phase"] if comp.kind == "game" else []
    if phases:  # the kernel plays them in order (runtime/kernel/phases.py): one of them runs the turns
        check_phases(phases, diags)
        if not any(p.prop("runs") == "turns" for p in phases):
            diags.error("E205", f"game '{comp.id}': its phases run no turns", phases[0].decl.id_span,
                        hint="one phase plays the round's turns: phase turns \"Turns\" { runs turns }")
    if comp.kind == "game" and comp.prop("turn-order") == "alternate-teams" and not teams:
        diags.error("E205", "'turn-order alternate-teams' needs Teams", comp.props["turn-order"].span,
                    hint="declare them in the game: teams 2")


def check_zone_refs(comp, game, diags: Diagnostics, kernel: bool = False) -> None:
    """The zones a game, a zone or a card type names (ZONE_REFS: `draw-from`, `reshuffle-from`,
    `reacts-from`...) are the game's; a zone kept per location is the pile the game's `pile-to`
    names (a module's game: the Mayhem rules, content/shared/game.mh), and none of a game of the
    rules `kernel`."""
    zones = [c.id for c in game.children if c.kind == "zone"]
    for prop in ZONE_REFS.get(comp.kind, ()):
        pv = comp.props.get(prop)
        if pv is not None and isinstance(pv.value, str) and pv.value not in zones:
            span = pv.node.values[0].span if getattr(pv.node, "values", None) else pv.span
            diags.error("E301", f"unknown zone '{pv.value}'", span,
                        hint=did_you_mean(pv.value, zones)
                        or ("zones of the game: " + ", ".join(zones) if zones else None))
    if comp.kind == "zone" and comp.prop("per") == "location" and kernel:
        diags.error("E204", f"zone '{comp.id}' is kept per location, a word of the Mayhem boxes' shared rules",
                    comp.props["per"].span, hint="a zone of a kernel game is kept per player, team, figure or space")
    elif comp.kind == "zone" and comp.prop("per") == "location" and game.prop("pile-to") != comp.id:
        diags.error("E205", f"zone '{comp.id}' is kept per location: a pile of tokens, which the game names",
                    comp.props["per"].span, hint=f"declare it in the game: pile-to {comp.id}")


def check_kept_as(comp, diags: Diagnostics) -> None:
    """A counter of the shared rules kept as pieces (`kept-as TOKEN`) is a Team's, and the
    properties it sets the pieces out by are a Location's and a pool's flags."""
    from mayhem.dsl.schema import KINDS
    if "kept-as" not in comp.props:
        for name in ("set-out-on", "set-out-if"):
            if name in comp.props:
                diags.error("E205", f"'{name}' sets out the pieces of a counter kept as pieces", comp.props[name].span,
                            hint="name the token first: kept-as TOKEN")
        return
    if comp.prop("per") != "team":
        diags.error("E205", f"counter '{comp.id}' is kept as pieces, which are a Team's", comp.props["kept-as"].span,
                    hint="keep it per team: per team")
    for name, kind in (("set-out-on", "location"), ("set-out-if", "pool")):
        pv = comp.props.get(name)
        flags = [p.name for p in KINDS[kind].props if p.shape == "flag"]
        if pv is not None and pv.value not in flags:
            diags.error("E301", f"unknown {kind} property '{pv.value}'", pv.span,
                        hint=did_you_mean(pv.value, flags) or f"flags of a {kind}: " + ", ".join(flags))


def check_token_flag(comp, name: str, diags: Diagnostics) -> None:
    """A property that names a flag a token's declaration may give (`owner-kept-if mission`)."""
    from mayhem.dsl.schema import KINDS
    pv = comp.props.get(name)
    flags = [p.name for p in KINDS["token"].props if p.shape == "flag"]
    if pv is not None and pv.value not in flags:
        diags.error("E301", f"unknown token flag '{pv.value}'", pv.span,
                    hint=did_you_mean(pv.value, flags) or "flags of a token: " + ", ".join(flags))


def check_box_property(name: ast.String, diags: Diagnostics) -> None:
    """`box-property("win-vp")` reads a property a box can print."""
    from mayhem.dsl.schema import KINDS
    props = [p.name for p in KINDS["box"].props]
    if name.value not in props:
        diags.error("E301", f"unknown box property '{name.value}'", name.span,
                    hint=did_you_mean(name.value, props) or "properties of a box: " + ", ".join(props))


def check_shared_rules(game, model, diags: Diagnostics) -> None:
    """The game of a module file: the dice its `effect-die` and `pool-die` name are its own; its
    phases each do something, and run each part of the round's structure once at most; its
    board (the Locations laid) is checked as a kernel game's is. Its turn order is any the rules
    kernel plays (runtime/kernel/rounds.py: every value of `turn-order`)."""
    from .game_board import check_board
    for board in (c for c in game.children if c.kind == "board"):
        check_board(board, game, model, diags, counted=False)
    check_phases([c for c in game.children if c.kind == "phase"], diags)
    check_token_flag(game, "owner-kept-if", diags)
    from .builtins_damage import check_damage
    # what the kernel's damage uses (builtins_damage.py); its events once the game declares them
    check_damage(game, diags, events=any(c.kind == "event" for c in game.children))
    from .builtins_setup import check_hand_limit
    check_hand_limit(game, diags)  # the counter `draw-hands()` keeps a hand down to
    from .builtins_movement import check_movement  # and what moving figures raises (builtins_movement.py)
    check_movement(game, diags, events=any(c.kind == "event" for c in game.children))
    dice = [c.id for c in game.children if c.kind == "die"]
    for name in ("effect-die", "pool-die"):
        pv = game.props.get(name)
        if pv is not None and pv.value not in dice:
            diags.error("E301", f"unknown die '{pv.value}'", pv.span,
                        hint=did_you_mean(pv.value, dice) or "dice of the game: " + (", ".join(dice) or "none"))


def check_die(comp, game, diags: Diagnostics, box=None) -> None:
    """A die needs its faces: a range, a list, or a property of the box being played that lists
    them (the shared rules of a module file: any box; a box's game: `box`, which prints it)."""
    given = [p for p in ("faces", "face-values", "faces-from") if p in comp.props]
    if not given:
        diags.error("E205", f"die '{comp.id}' needs its faces", comp.decl.id_span,
                    hint="write: faces 1..6 (or face-values [1, 1, 2, 2, 3, 3])")
        return
    pv = comp.props.get("faces-from")
    if pv is None:
        return
    from mayhem.dsl.schema import KINDS
    listed = [p.name for p in KINDS["box"].props if p.shape == "strings"]
    if pv.value not in listed:
        diags.error("E301", f"unknown list of faces '{pv.value}': a box has no such property", pv.span,
                    hint=did_you_mean(pv.value, listed) or "lists of faces of a box: " + ", ".join(listed))
    elif box is not None and pv.value not in box.props:
        diags.error("E205", f"die '{comp.id}' reads its faces from box '{box.id}', which prints no "
                    f"'{pv.value}'", pv.span, hint=f"print them in the box: {pv.value} [\"1\", \"2\", \"3*\"] "
                    "(`*`: the face shows the die's icon), or write the die's faces: faces 1..6")


def check_one_shot(trig: ast.Trigger, diags: Diagnostics) -> None:
    """`on EVENT { }` inside an effect of a game waits for a structure event, once."""
    if trig.event not in STRUCTURE_EVENTS:
        diags.error("E404", f"'on {trig.event}' inside an effect waits for a structure event, once",
                    trig.event_span, hint=f"events here: {', '.join(STRUCTURE_EVENTS)}; 'on {trig.event}' "
                    "belongs to a `rule` of the game")


def check_phases(phases, diags: Diagnostics) -> None:
    """Phases of a round (a game's, or those a mode puts in their place): each runs a part of the
    round's structure or has an effect, and no part is run twice."""
    runs: dict[str, object] = {}
    for phase in phases:
        pv = phase.props.get("runs")
        if pv is None and "effect" not in phase.slots:
            diags.error("E205", f"phase '{phase.id}' does nothing", phase.decl.id_span,
                        hint="give it `runs round`, `runs turns` or `runs round-end`, or an `effect { ... }`")
        elif pv is not None and pv.value in runs:
            diags.error("E205", f"phase '{phase.id}' runs {pv.value}, which another phase already runs",
                        pv.span, hint="each part of the round's structure is run by one phase")
        elif pv is not None:
            runs[pv.value] = phase


def check_kernel_component(comp, game, box: str, res, model, diags: Diagnostics) -> None:
    """A component of a box whose game is the kernel's: its pieces (zones, pools, tokens); and a part
    of that game: its spaces, figures, Teams and dice, its board laid from tiles, figures that are
    cards, the turn's fallback."""
    from .card_children import (check_bots_wait_for, check_fallback, check_figure_cards, check_form, check_sides,
                                 check_starts_with)
    from .game_board import check_board
    from .game_pieces import check_pieces
    from .game_restrictions import check_restriction
    check_pieces(comp, game, res.boxes.get(box), res.vocab.get(box, {}).get("token", {}), diags,
                 res.components.get(box, {}))
    check_sides(comp, model.kinds or {}, diags)  # a figure's card with sides holds nothing else (E212)
    if comp.kind == "card-type":  # the zone its cards are played from in answer (`reacts-from`) is the game's
        check_zone_refs(comp, game, diags, kernel=True)
        from .reacting import check_reacting
        check_reacting(comp, game, diags)  # `reacts-to` and `reacts-if`: the game's events, a keyword property
    if comp.kind == "deck" and "card-type" in comp.props:  # a deck's card type (it was read by nothing)
        check_figure_cards(comp, model.kinds, diags, game)
    if not (comp is game or comp.parent is game):
        return
    check_part(comp, game, diags, res.boxes.get(box))
    if comp is game:  # what its damage uses (builtins_damage.py)
        from .builtins_damage import check_damage
        check_damage(game, diags)
        from .builtins_setup import check_hand_limit
        check_hand_limit(game, diags)  # the counter `draw-hands()` keeps a hand down to
        from .builtins_movement import check_movement
        check_movement(game, diags)
    if comp.kind == "board":
        check_board(comp, game, model, diags)
    if comp.kind == "zone" and "starts-with" in comp.props:
        check_starts_with(comp, model.kinds, diags, game)  # the card types it is filled with at setup
    if comp.kind == "figure" and "card-type" in comp.props:
        check_figure_cards(comp, model.kinds, diags, game)
    elif comp.kind == "action" and "fallback" in comp.props:
        check_fallback(comp, game, diags)
    elif comp.kind == "restriction":
        check_restriction(comp, game, diags, kernel=True, kinds=model.kinds)
    if comp.kind == "action" and "form" in comp.props:
        check_form(comp, diags)
    if comp.kind == "action" and "bots-wait-for" in comp.props:
        check_bots_wait_for(comp, game, diags)
