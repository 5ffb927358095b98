"""A game played in one of its modes: the mode's overrides applied to the game's declaration before it is loaded.

A `mode` declared in the box of a kernel game changes that game's structure, not flags the
runtime reads: `without KIND ID` leaves a counter, rule or zone out (and the pools that would
lie in a zone left out), its `rule`s are added, its `phase`s replace the game's of their id,
its `setup { }`, `round { }` and `end when`
take the place of the game's, its `round-end { }` runs first in the game's; its `seats` are the
players, their Teams and how many figures each controls, its `board` the rows a board is laid
in, its `cards-with FLAG` the cards its decks keep. load_game_rules(ir, box, mode=ID) reads the game so changed (docs/kernel.md, "Modes")."""
from __future__ import annotations

from dataclasses import dataclass

from ...compiler.ir_ops import ir_expressions
from ...dsl.diagnostics import did_you_mean
from .rules import KernelError

KINDS = ("mode",)  # the declarations this module loads (primitives.KINDS: bench/switch.py's meter)
STANDARD = "standard"  # the game as declared, when the box declares no mode of that id
FLOW = ("draws-from", "done-to")  # a zone's properties that name another zone (finish.FLOW)
LEFT_OUT = ("counter", "rule", "zone")  # what a mode's `without` may name (compiler/mode_overrides.py)
READS = {"counter": "counter", "zone": "zone"}  # the IR forms that name a counter or a zone


@dataclass(frozen=True)
class Chosen:
    """The mode a game is played in, as the kernel reads it (GameRules.mode)."""
    id: str
    name: str
    team_of: tuple[int, ...] = ()  # by seat, in seat order: the index of its Team (none: the game's)
    figures: tuple[int, ...] = ()  # by seat: how many figures of each kind kept per player it controls
    props: dict | None = None  # every property of the mode, as written (`hand-draw`, `start`, ...)
    span: str | None = None  # where the mode is declared (`file:line:col-line:col`), for the errors it causes


def figure_counts(rules, spec: dict, holders: list) -> list[int]:
    """How many figures of a kind each holder takes, in the holders' order: by the seats of the
    mode the game is played in for a kind kept per player (for one kept per Team, its seats'
    figures summed), else the kind's `count` each."""
    mode = rules.mode
    if mode is not None and mode.figures and spec["per"] == "player":
        return list(mode.figures[:len(holders)])
    if mode is not None and mode.figures and mode.team_of and spec["per"] == "team":  # its seats' figures
        return [sum(n for t, n in zip(mode.team_of, mode.figures) if t == i) for i in range(len(holders))]
    return [spec["count"]] * len(holders)


def mode_prop(rules, name: str, default=None):
    """A property of the mode the game is played in, as written (`hand-draw`, `start`,
    `cards-with`), or `default` when the game is played as declared or the mode gives none:
    the one function the setup words read a mode's properties through."""
    props = rules.mode.props if rules.mode is not None else None
    return props.get(name, default) if props else default


def offered(ir: dict, box: str) -> dict[str, dict]:
    """The modes of the game box `box` names, by id: those declared in the box, and for a game
    of a module file (the rules boxes share), the modes of the module files too."""
    game_id = next((_prop(c, "game") for c in ir["components"] if c["kind"] == "box" and c["id"] == box), None)
    shared = not any(c["kind"] == "game" and c["id"] == game_id and c["box"] == box for c in ir["components"])
    return {c["id"]: c for c in ir["components"]
            if c["kind"] == "mode" and (c["box"] == box or shared and c["box"] is None)}


def _prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


def seat_order(seats: list[list[int]]) -> list[tuple[int, int]]:
    """(Team index, figures) of each seat in turn: the Teams' first players, then their second
    players, and so on, so that the players of one Team do not sit together.

    >>> seat_order([[2], [1, 1]])
    [(0, 2), (1, 1), (1, 1)]
    >>> seat_order([[1], [1], [1]])
    [(0, 1), (1, 1), (2, 1)]
    """
    return [(t, team[k]) for k in range(max(map(len, seats))) for t, team in enumerate(seats) if k < len(team)]


def apply_mode(ir: dict, box: str, mode: str) -> tuple[dict, Chosen | None]:
    """The IR with box `box`'s game changed by the mode, and the mode as read; the IR as it
    is and None for `standard` when the box declares no such mode. A KernelError names the
    modes the game has when it has not this one."""
    modes = offered(ir, box)
    comp = modes.get(mode)
    if comp is None:
        if mode == STANDARD:
            return ir, None
        game_id = next((_prop(c, "game") for c in ir["components"] if c["kind"] == "box" and c["id"] == box), None)
        game_name = next((c["name"] or c["id"] for c in ir["components"] if c["kind"] == "game" and c["id"] == game_id
                          and c["box"] in (box, None)), box)
        hint = did_you_mean(mode, sorted(modes))
        listed = ", ".join(sorted(modes)) if modes else f"none but {STANDARD}, the game as declared"
        raise KernelError(f"{game_name} has no mode '{mode}'" + (f" ({hint})" if hint else "") + f"; its modes: {listed}")
    gone = {(kind, ident) for kind, ident in _prop(comp, "without", [])}
    seats = _prop(comp, "seats")
    game_id = next(_prop(c, "game") for c in ir["components"] if c["kind"] == "box" and c["id"] == box)
    components = []
    for c in ir["components"]:
        if c["kind"] == "game" and c["id"] == game_id and c["box"] in (box, None):
            c = _game(c, comp, gone, seats)
        elif c["box"] == box and c["kind"] == "box":
            c = _box(c, ir, box, gone)
        elif c["box"] == box and c["kind"] == "deck" and _prop(comp, "cards-with"):
            c = _deck(c, ir, _prop(comp, "cards-with"))
        components.append(c)
    changed = {**ir, "components": components}
    _still_named(changed, box, gone, comp)
    order = seat_order(seats) if seats else []
    return changed, Chosen(comp["id"], comp["name"] or comp["id"], tuple(t for t, _ in order),
                           tuple(n for _, n in order), {k: v["value"] for k, v in comp["props"].items()},
                           comp.get("span"))


def _game(game: dict, mode: dict, gone: set, seats) -> dict:
    """The game's declaration less what the mode leaves out, with the mode's rules, phases (each
    in place of the game's of its id), slots, seats and board rows."""
    phases = {c["id"]: c for c in mode["children"] if c["kind"] == "phase"}  # in place of the game's of that id
    children = [phases.get(c["id"], c) if c["kind"] == "phase" else c
                for c in game["children"] if (c["kind"], c["id"]) not in gone]
    # a zone kept that draws from (or is done to) a zone left out: its flow goes with that zone
    # (a mode that left out a deck kept the zone drawing from it, which finish._flow refused)
    children = [{**c, "props": {k: v for k, v in c["props"].items()
                                if not (k in FLOW and ("zone", v["value"]) in gone)}}
                if c["kind"] == "zone" and any(("zone", c["props"][k]["value"]) in gone for k in FLOW if k in c["props"])
                else c for c in children]
    children += [c for c in mode["children"] if c["kind"] == "rule"]
    rows = _prop(mode, "board")
    if rows:
        children = [{**c, "props": {**c["props"], "layout": {**c["props"]["layout"], "value": list(rows)}}}
                    if c["kind"] == "board" and "layout" in c["props"] else c for c in children]
    effects = dict(game["effects"])
    for name, slot in mode.get("effects", {}).items():
        if name == "round-end" and name in effects:  # the mode's first, then the game's, under its `when`
            effects[name] = {**effects[name], "body": slot["body"] + effects[name]["body"],
                             "first": len(slot["body"])}  # where the mode's part ends (phases.py)
        else:
            effects[name] = {**slot, "first": len(slot["body"])} if name == "round-end" else slot
    props = dict(game["props"])
    if seats:
        players = sum(map(len, seats))
        props["seats"] = {**props["seats"], "value": [players, players]}
        props["teams"] = {**props.get("teams", {}), "value": len(seats)}
    return {**game, "children": children, "effects": effects, "props": props}


def _box(box_comp: dict, ir: dict, box: str, gone: set) -> dict:
    """The box less the pools whose pieces would lie in a zone the mode leaves out: the zone
    flagged `pools`, or for a pool laid face down on a space (`pile-on`), the zone of pieces
    kept per space or the game's `pile-to` zone."""
    game_id = _prop(box_comp, "game")
    game = next(c for c in ir["components"] if c["kind"] == "game" and c["id"] == game_id and c["box"] in (box, None))
    zones = [c for c in game["children"] if c["kind"] == "zone" and ("zone", c["id"]) in gone]
    pools_gone = any(_prop(z, "pools") for z in zones)
    piles_gone = any(_prop(z, "pieces") and _prop(z, "per") == "space" or z["id"] == _prop(game, "pile-to")
                     for z in zones)  # the zone of pieces on a space, or the one the piles lie in
    if not pools_gone and not piles_gone:
        return box_comp
    kept = [c for c in box_comp["children"]
            if c["kind"] != "pool" or not (piles_gone if _prop(c, "pile-on") else pools_gone)]
    return {**box_comp, "children": kept}


def _deck(deck: dict, ir: dict, flag: str) -> dict:
    """The deck less the cards whose card type's flag `flag` is not set (`cards-with FLAG`): the
    card's own value, else its card type's default; a card type without the flag sets none."""
    defaults = {c["id"]: (c["props"].get(flag) or {}).get("value") for c in ir["components"]
                if c["kind"] == "card-type"}

    def flagged(card: dict) -> bool:
        default = defaults.get(card["kind"])
        if not isinstance(default, dict) or default.get("type") != "flag":
            return False
        return bool(_prop(card, flag, default.get("default")))

    return {**deck, "children": [c for c in deck["children"] if c["kind"] not in defaults or flagged(c)]}


def _still_named(ir: dict, box: str, gone: set, mode: dict) -> None:
    """A KernelError when what the mode leaves out is still named by the rest of the game (an
    action, a slot, a rule, a card): the mode must leave that out too, or keep it."""
    out = {(kind, ident) for kind, ident in gone if kind in READS}
    if not out:
        return
    for comp in ir["components"]:
        if comp["box"] not in (box, None) or comp["kind"] == "mode":
            continue
        found = _names(comp, out)
        if found is not None:
            (kind, ident), where = found
            raise KernelError(f"mode '{mode['id']}' leaves out {kind} '{ident}', which {where} still names: "
                              f"leave that out too, or keep the {kind}")


def _names(comp: dict, out: set, where: str | None = None):
    """((kind, id), what names it) for the first part of the component that names one of `out`."""
    where = where or f"{comp['kind']} '{comp['id']}'"
    for child in comp.get("children", ()):
        if (child["kind"], child["id"]) in out:
            continue
        found = _names(child, out, f"{child['kind']} '{child['id']}'")
        if found is not None:
            return found
    for e in ir_expressions([{**comp, "children": []}]):  # its own parts, as the registry walks them
        if e["e"] in READS and (READS[e["e"]], e.get("name")) in out:
            return (READS[e["e"]], e["name"]), where
    return None
