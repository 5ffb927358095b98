"""Primitives written out into a compiled block's source: counters changed, cards moved, played and drawn.

compile_stmts.py emits a primitive's call, or for these its lines: `gain`, `lose` and
`set-counter` around the one change they make per holder, `move-card` around the one move per
card, `play-card` and `resolve` through the printed card's own function (resolvers.py), and a
turn's `draw(me, 1)`; where the rules the block is made with declare the counter or zone, the
change is written in for a player (a card) in place (counters.inline_change, piles.inline_put)."""
from __future__ import annotations

from .compile import _declared, call_source, me_of, me_player, name_for, source
from .counters import inline_change
from .piles import inline_draw_one, inline_put
from .writers import tick


def _counter_lines(sign: str, add: bool):
    """gain (sign "", add), lose (sign "-", add), set-counter (sign "", not add): for each
    holder (`on`, a list or one; `me` when it is none) `_change(run, COUNTER, holder, VALUE, add)`,
    its arguments evaluated in their order, once (primitives.gain)."""
    def lines(args: dict, space: dict, names, n: int) -> list[str]:
        from .primitives import _change
        amount = args.get("amount", args.get("value"))
        if amount is not None and amount.get("e") == "num" and type(amount["v"]) is int:
            value = f"{sign}({int(amount['v'] or 0)!r})"  # a number written: int(n or 0) made here
        else:
            value = None
        counter, amount = source(args["counter"], space, names), source(amount, space, names)
        if args["counter"].get("e") == "counter":  # a counter named: its own function (counters.py)
            change = f"run.rules.counters[{counter}].{'add' if add else 'put'}"
            if args.get("on") is None:  # of `me`
                spec, player = _declared(space, "counters", args["counter"]), me_player(names)
                written = spec is not None and inline_change(spec, player or me_of(names),
                                                             value or f"{sign}int(({amount}) or 0)", add, n, space,
                                                             checked=player is not None)
                return written or [f"{change}(run, {me_of(names)}, {value or f'{sign}int(({amount}) or 0)'})"]
            loop = [f"for _h{n} in (({me_of(names)},) if _o{n} is None else _o{n} if isinstance(_o{n}, list) "
                    f"else (_o{n},)):",
                    f"    {change}(run, _h{n}, {value or f'{sign}int(_a{n} or 0)'})"]
            spec = _declared(space, "counters", args["counter"])
            one = spec is not None and inline_change(spec, f"_o{n}", value or f"{sign}int(_a{n} or 0)", add, n,
                                                     space, checked=True)
            if one:  # one player (`lose(C, n, on: who)`) changed in place; a list, `me` or a card, one by one
                return ([f"_a{n}, _o{n} = {amount}, {source(args['on'], space, names)}", f"if type(_o{n}) is str:"]
                        + ["    " + line for line in one] + ["else:"] + ["    " + line for line in loop])
            return [f"_a{n}, _o{n} = {amount}, {source(args['on'], space, names)}"] + loop
        change = name_for(space, _change)
        if args.get("on") is None:  # of `me`
            return [f"{change}(run, {counter}, {me_of(names)}, {sign}int(({amount}) or 0), {add})"]
        return [f"_c{n}, _a{n}, _o{n} = {counter}, {amount}, {source(args['on'], space, names)}",
                f"for _h{n} in (({me_of(names)},) if _o{n} is None else _o{n} if isinstance(_o{n}, list) "
                f"else (_o{n},)):",
                f"    {change}(run, _c{n}, _h{n}, {sign}int(_a{n} or 0), {add})"]
    return lines


def _move_card_lines(args: dict, space: dict, names, n: int) -> list[str]:
    """move-card: for each card, `move(run, uid, TO, OF or the card's owner)` (piles.move_card)."""
    from .piles import move
    card, to, of = (source(args[k], space, names) for k in ("card", "to", "of"))
    if args["to"] is not None and args["to"].get("e") == "zone":  # a zone named: its own function (rules.Zone.put)
        spec = _declared(space, "zones", args["to"])
        written = spec is not None and inline_put(spec, f"_u{n}", f"_h{n}", n)
        space["_tick"] = tick  # (the pieces' mark, written by the lines: writers.py)
        if written:  # a player's pile changed in place
            loop = [f"for _u{n} in (_k{n} if isinstance(_k{n}, list) else [] if _k{n} is None else (_k{n},)):",
                    f"    _h{n} = _o{n} if _o{n} is not None else state.owners[_u{n}]"] + ["    " + x for x in written]
            if _owner_of_itself(args):  # `move-card(c, Z, of: owner-of(c))`: one card, to its owner's pile
                return ([f"_k{n} = {card}", f"if type(_k{n}) is int:", f"    _u{n} = _k{n}",
                         f"    _h{n} = state.owners[_u{n}]"] + ["    " + x for x in written]
                        + ["else:", f"    _o{n} = {of}"] + ["    " + x for x in loop])
            one = [f"_u{n} = _k{n}", f"_h{n} = _o{n} if _o{n} is not None else state.owners[_u{n}]"] + written
            return ([f"_k{n}, _o{n} = {card}, {of}", f"if type(_k{n}) is int:"] + ["    " + x for x in one]
                    + ["else:"] + ["    " + x for x in loop])
        return [f"_k{n}, _t{n}, _o{n} = {card}, run.rules.zones[{to}].put, {of}",
                f"for _u{n} in (_k{n} if isinstance(_k{n}, list) else [] if _k{n} is None else (_k{n},)):",
                f"    _t{n}(run, _u{n}, _o{n} if _o{n} is not None else state.owners[_u{n}])"]
    return [f"_k{n}, _t{n}, _o{n} = {card}, {to}, {of}",
            f"for _u{n} in (_k{n} if isinstance(_k{n}, list) else [] if _k{n} is None else (_k{n},)):",
            f"    {name_for(space, move)}(run, _u{n}, _t{n}, _o{n} if _o{n} is not None else state.owners[_u{n}])"]


def _owner_of_itself(args: dict) -> bool:
    """Whether move-card's `of` is the owner of the card it moves, named alike (a variable or
    a context: read twice, the same value): the card's owner is then read from the state."""
    card, of = args["card"], args["of"]
    if of is None or of.get("e") != "fn" or of.get("name") != "owner-of" or card is None:
        return False
    inner = {k: v for k, v in of["args"].items() if v is not None}
    return (list(inner) == ["card"] and card.get("e") in ("var", "ctx") and inner["card"].get("e") == card["e"]
            and inner["card"].get("name") == card.get("name"))


def _card_lines(play: bool):
    """play-card and resolve: the printed card's own function (resolvers.py), called in place."""
    def lines(args: dict, space: dict, names, n: int) -> list[str]:
        from .resolvers import make
        table = "plays" if play else "resolves"
        rules = space.get("__rules__")  # the rules' own table of the cards' functions, read once
        found = f"run.rules.{table}" if rules is None else name_for(space, getattr(rules, table))
        return [f"_k{n} = {source(args['card'], space, names)}",
                f"if _k{n} is not None:",
                f"    _q{n} = state.cards[_k{n}]",
                f"    ({found}.get(_q{n}) or {name_for(space, make)}(run.rules, _q{n}, {play}))"
                f"(run, {me_of(names)}, _k{n})"]
    return lines


def _draw_lines(args: dict, space: dict, names, n: int) -> list[str]:
    """draw(WHO, 1), a turn's draw: for one player, the rules' own function (piles.make_draw_one)."""
    from .piles import draw, make_draw_one
    count = args["count"]
    space["_tick"] = tick  # (the pieces' mark, written by inline_draw_one's lines: writers.py)
    if count is None or count.get("e") != "num" or count["v"] != 1 or isinstance(count["v"], bool):
        written = (count is not None and space.get("__rules__") is not None
                   and inline_draw_one(space["__rules__"], f"_d{n}", n, f"{name_for(space, draw)}(run, env, _d{n}, _c{n})"))
        if written:  # `draw(me, amount)`: one card written in when the amount is 1, else draw()
            return ([f"_d{n} = {source(args['who'], space, names)}", f"_c{n} = {source(count, space, names)}",
                     f"if _c{n} == 1:"] + ["    " + line for line in written]
                    + ["else:", f"    {name_for(space, draw)}(run, env, _d{n}, _c{n})"])
        return [call_source(draw, [("who", args["who"]), ("count", count)], space, names)]
    who = args["who"]
    player = me_player(names) if who is not None and who.get("e") == "ctx" and who.get("name") == "me" else None
    written = space.get("__rules__") is not None and inline_draw_one(space["__rules__"], f"_d{n}", n,
                                                                 f"{name_for(space, draw)}(run, env, _d{n}, 1)",
                                                                 player=player is not None)
    if written:  # the rules' draw_one written in
        return [f"_d{n} = {source(who, space, names)}"] + written
    return [f"_d{n} = {source(args['who'], space, names)}",
            f"if type(_d{n}) is str:",
            f"    (run.rules.draw_one or {name_for(space, make_draw_one)}(run.rules))(run, env, _d{n})",
            "else:",
            f"    {name_for(space, draw)}(run, env, _d{n}, 1)"]


# primitives written out: (the lines' maker, the IR arguments it expects)
WRITTEN_OUT = {"play-card": (_card_lines(True), ("card",)), "resolve": (_card_lines(False), ("card",)),
                "draw": (_draw_lines, ("who", "count")),
                "gain": (_counter_lines("", True), ("counter", "amount", "on")),
                "lose": (_counter_lines("-", True), ("counter", "amount", "on")),
                "set-counter": (_counter_lines("", False), ("counter", "value", "on")),
                "move-card": (_move_card_lines, ("card", "to", "of"))}


def emptied_pile_lines(stmt: dict, space: dict, names, n: int) -> list[str] | None:
    """`for each c in cards-in(Z) { move-card(c, Z2, of: owner-of(c)) }` (a turn's played cards
    put into their owners' discard piles): Z's pile of one player moved card by card to the
    owners' piles of Z2, then emptied at once, not each card taken out of it (no `remove`),
    when every card of it has a player for its owner; the loop's variable left at its last
    card, as the loop leaves it. Lines that test that (`if ...:`), to be followed by the
    loop's own lines under `else:`; None for any other loop, or zones not kept per player."""
    source_e, body, key = stmt["source"], stmt["body"], "var:" + stmt["var"]
    if (source_e.get("e") != "fn" or source_e.get("name") != "cards-in" or len(body) != 1
            or body[0].get("op") != "primitive" or body[0].get("name") != "move-card"):
        return None
    args = {k: v for k, v in source_e["args"].items() if v is not None}
    margs = body[0]["args"]
    zone, of, card, to = args.get("zone") or {}, args.get("of"), margs.get("card") or {}, margs.get("to") or {}
    if (not set(args) <= {"zone", "of"} or zone.get("e") != "zone" or to.get("e") != "zone"
            or zone.get("name") == to.get("name") or (of is not None and of.get("e") not in ("var", "ctx"))
            or card.get("e") != "var" or card.get("name") != stmt["var"]
            or not (margs.get("of") is None or _owner_of_itself(margs))):
        return None
    src, dst = _declared(space, "zones", zone), _declared(space, "zones", to)
    if (src is None or dst is None or src.per != "player" or dst.per != "player"
            or src.capacity is not None or dst.capacity is not None):
        return None
    who = source(of, space, names) if of is not None else me_of(names)
    pile, v, y, p = f"_sp{n}", f"_v{n}", f"_y{n}", f"_p{n}"
    strs = name_for(space, frozenset([str]))
    player = me_player(names) if of is None else None  # `me`, surely a player: not tested
    test = f"({pile} := state.zones.get({src.id + '/'!r} + {player}))" if player else (
        f"type(_e{n} := {who}) is str and ({pile} := state.zones.get({src.id + '/'!r} + _e{n}))")
    return [f"if {test} "
            f"and {strs} == set(map(type, map(state.owners.__getitem__, {pile}))):",
            f"    for {v} in {pile}:",
            f"        {y} = {dst.id + '/'!r} + state.owners[{v}]",
            f"        {p} = state.zones.get({y})",
            f"        if {p} is None:",
            f"            {p} = state.zones[{y}] = []",
            f"        {p}.append({v})",
            f"        state.places[{v}] = {y}",
            f"    {names.name(key)} = env[{key!r}] = {v}",
            f"    {pile}.clear()",
            f"    state.pieces_mark = {name_for(space, tick)}()"]
