"""A mode whose setup takes team lists: the figures' cards of every box naming the same game, and the pieces they bring; the box's first-game preset.

`load_game_rules(ir, box, mode=M)` where M's `setup { }` says `take-team-lists()` (a list may
name any box's cards, `box/id`): the cards of the game's owned figure kinds (`card-type T`, not
`unowned`) of every other box whose declaration names the same game join the box's own, with
the keywords and tags those boxes declare (the cards' effects use them), the cards of the type
the game's deck starts with (a list's hand may hold any box's: they are dealt to it, never to
the deck), the tokens the box has no token of that id for, and the pools of those tokens the
box lacks (each other box's pool of that id, as its box declares it). The board, its spaces,
the decks and the other pieces stay the box's own. Other boxes' figures that share an id with
the box's stay out. What each other box brings is `GameRules.brought` (`brought`): the setup's
`fill-pools()` sets aside the pieces of a box's pools when none of its figures plays, and
`shuffle-deck()` leaves its cards out of the deck (keeping.py)."""
from __future__ import annotations


def _prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


def _takes_lists(game: dict) -> bool:
    setup = (game.get("effects") or {}).get("setup") or {}
    return any(s.get("op") == "primitive" and s.get("name") == "take-team-lists"
               for s in setup.get("body") or () if isinstance(s, dict))


def collection(ir: dict, box: str, chosen) -> tuple[list, tuple]:
    """(the box's components with what other boxes bring, the boxes whose keywords and tags the
    game reads): the box's own and (box, None) unless the mode takes team lists."""
    tops = [c for c in ir["components"] if c["box"] == box]
    box_comp = next((c for c in tops if c["kind"] == "box"), None)
    if chosen is None or box_comp is None:
        return tops, (box, None)
    game_id = _prop(box_comp, "game")
    game = next((c for c in ir["components"] if c["kind"] == "game" and c["id"] == game_id
                 and c["box"] in (box, None)), None)
    if game is None or not _takes_lists(game):
        return tops, (box, None)
    others = [c["id"] for c in ir["components"] if c["kind"] == "box" and c["id"] != box
              and _prop(c, "game") == game_id]
    if not others:
        return tops, (box, None)
    types = {_prop(f, "card-type") for f in game["children"]
             if f["kind"] == "figure" and _prop(f, "card-type") and not _prop(f, "unowned")}
    deck = _prop(game, "draw-from") or "deck"  # the zone the game draws from, the kernel's default
    for z in game["children"]:  # the card type the deck starts with, or each of a list of them
        if z["kind"] == "zone" and z["id"] == deck and _prop(z, "starts-with"):
            kinds = _prop(z, "starts-with")
            types.update([kinds] if isinstance(kinds, str) else kinds)
    token_kinds = {c["id"] for c in ir["components"] if c["kind"] == "token-type"}
    ids = {(c["kind"], c["id"]) for c in ir["components"] if c["box"] in (box, None)}
    pools = {c["id"] for c in box_comp["children"] if c["kind"] == "pool"}
    extra, extra_pools = [], []
    for other in others:
        for c in ir["components"]:
            if c["box"] != other or (c["kind"], c["id"]) in ids:
                continue
            if c["kind"] in types or c["kind"] in token_kinds:
                extra.append(c)
                ids.add((c["kind"], c["id"]))
        brought = {c["id"] for c in extra if c["kind"] in token_kinds}
        other_box = next(c for c in ir["components"] if c["kind"] == "box" and c["id"] == other)
        for pool in other_box["children"]:
            if pool["kind"] == "pool" and pool["id"] not in pools and pool["id"] in brought:
                extra_pools.append(pool)
                pools.add(pool["id"])
    board = {**box_comp, "children": box_comp["children"] + extra_pools}
    return [board if c is box_comp else c for c in tops] + extra, (box, None, *others)


def brought(tops: list, box: str) -> dict[str, dict]:
    """What each other box brings to the collection (`collection`): its box id -> {"cards": the
    qids of its cards, "pools": the ids of its pools}; {} for a game of the box's own only."""
    out: dict[str, dict] = {}
    for c in tops:
        if c["kind"] == "box" and c["id"] == box:
            for pool in c["children"]:
                if pool["kind"] == "pool" and pool.get("box", box) != box:
                    out.setdefault(pool["box"], {"cards": set(), "pools": set()})["pools"].add(pool["id"])
        elif c.get("box") not in (box, None) and c["kind"] != "token":
            out.setdefault(c["box"], {"cards": set(), "pools": set()})["cards"].add(c["qid"])
    return out


def first_game(tops: list) -> dict[str, tuple]:
    """The box's `first-game` preset: a figure's card id -> the card ids its player starts with
    (keeping.chosen_hands, `KernelConfig.first_game`); {} without one."""
    preset = next((c for c in tops if c["kind"] == "first-game"), None)
    if preset is None:
        return {}
    return {k: tuple(v["value"]) for k, v in preset["props"].items() if isinstance(v["value"], list)}
