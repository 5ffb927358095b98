"""The kernel's primitives and functions over the piles of cards.

Moving a card (to a zone of a player, a Team or the table, within its capacity), drawing (with the reshuffle of an
emptied pile), shuffling, the refill of zones between steps, and the cards of a zone.
primitives.py registers them with the others (PRIMITIVES, FUNCTIONS)."""
from __future__ import annotations

from .compile import _as_list
from .draws import shuffle as _shuffle
from .writers import tick


def _role(run, role: str, primitive: str) -> str:
    zone = run.rules.zone_roles[role]
    if zone is None:
        from .rules import KernelError
        raise KernelError(f"'{primitive}' needs the game's `{role}` zone; game '{run.rules.game['id']}' "
                          f"names none (write `{role} ZONE`)")
    return zone


def move(run, uid: int, zone: str, owner: str | None, top: bool = False) -> bool:
    """Move a card; a zone at its capacity takes no more (False)."""
    state = run.state
    spec = run.rules.zones[zone]
    per = spec.per
    if per == "team" and owner in state.players:
        owner = state.team_by.get(owner)
    key = zone if not per or owner is None else f"{zone}/{owner}"
    zones = state.zones
    capacity = spec.capacity
    if capacity is not None and len(zones.get(key, ())) >= capacity:
        state.log.append({"event": "full", "zone": key})
        return False
    zones[state.places[uid]].remove(uid)
    pile = zones.get(key)
    if pile is None:
        pile = zones[key] = []
    if top:
        pile.insert(0, uid)
    else:
        pile.append(uid)
    state.places[uid] = key
    state.pieces_mark = tick()  # (writers.moved, written out)
    return True


def draw(run, env, who, count=1) -> None:
    rules, state = run.rules, run.state
    if type(who) is str and type(count) is int and count > 0:  # one player's cards, written out
        plain = _DRAW_PLAIN.get(id(rules))
        if plain is None or plain[0] is not rules:
            plain = _draw_plain(rules)
        if plain[1] is not None:
            zones = state.zones
            pile = zones.get(plain[1] + who)
            if pile and count == 1:  # one card (a turn's draw); an empty pile is reshuffled below
                uid = pile.pop(0)  # its first card: the pile is where its place says (move() keeps them so)
                into = plain[2] + who if plain[3] else plain[2]
                hand = zones.get(into)
                if hand is None:
                    hand = zones[into] = []
                hand.append(uid)
                state.places[uid] = into
                state.pieces_mark = tick()
                return
            if pile and len(pile) >= count:  # a hand's cards at once (no reshuffle on the way), in order
                drawn = pile[:count]
                del pile[:count]
                into = plain[2] + who if plain[3] else plain[2]
                hand = zones.get(into)
                if hand is None:
                    hand = zones[into] = []
                hand += drawn
                places = state.places
                for uid in drawn:
                    places[uid] = into
                state.pieces_mark = tick()
                return
    roles = rules.zone_roles
    src, dst = roles["draw-from"], roles["draw-to"]
    if src is None or dst is None:
        src, dst = _role(run, "draw-from", "draw"), _role(run, "draw-to", "draw")
    zones, places = state.zones, state.places
    spec = rules.zones[dst]
    plain = spec.capacity is None and spec.per != "team"  # move() reduced to its lists, written out here
    for player in who if isinstance(who, list) else [] if who is None else (who,):  # _as_list(who)
        into = dst if not spec.per or player is None else f"{dst}/{player}"
        for _ in range(max(int(count or 0), 0)):
            key = f"{src}/{player}" if player is not None else src
            if key not in zones and not rules.zones[src].per:  # one deck all players draw from
                key = src
            pile = zones.get(key, [])
            if not pile:
                pile = reshuffled(run, env, src, key, player)
                if not pile:
                    break
            if plain:  # move(run, pile[0], dst, player)
                uid = pile[0]
                zones[places[uid]].remove(uid)
                hand = zones.get(into)
                if hand is None:
                    hand = zones[into] = []
                hand.append(uid)
                places[uid] = into
                state.pieces_mark = tick()
            else:
                move(run, pile[0], dst, player)


def reshuffled(run, env, src: str, key: str, player) -> list:
    """The empty pile `key` of zone `src` (`player`'s, or the table's) made again from the zone's
    `reshuffle-from` pile of the same holder: its cards moved in and shuffled (seeded), logged
    `reshuffle`; the pile after. A zone without `reshuffle-from`, or whose `reshuffle-from` pile
    is empty too, moves and logs nothing. draw() and `reshuffle-if-empty` (gaining.py) share it."""
    rules, state = run.rules, run.state
    refill = rules.zones[src].reshuffle_from
    if refill is None:
        return []
    cards = state.zones.get(state.zone_key(refill, player if rules.zones[refill].per else None))
    if not cards:
        return []
    mine = player if rules.zones[src].per else None  # a shared pile is no one's
    _move_all(run, cards, src, mine)
    shuffle(run, env, src, mine)
    state.log.append({"event": "reshuffle", "player": player, "zone": src})
    return state.zones.get(key, [])


def deal_round(run, env, wants: dict) -> bool:
    """Hands drawn from one pile every player draws from, which holds fewer cards than they want
    in all (`draw-hands()`, keeping.py): its cards dealt one at a time round the table, in seat
    order, each player up to what they want, and `deck-short` logged (the cards wanted, the cards
    there). False, nothing dealt, when the pile holds enough or each player draws from their own."""
    rules, state = run.rules, run.state
    src = _role(run, "draw-from", "draw-hands")
    if rules.zones[src].per:
        return False
    pile = state.zones.get(src, [])
    wanted = sum(wants.values())
    if wanted <= len(pile):
        return False
    state.log.append({"event": "deck-short", "zone": src, "wanted": wanted, "cards": len(pile)})
    dealt = dict.fromkeys(wants, 0)
    while pile and any(dealt[p] < wants[p] for p in wants):
        for player in wants:
            if pile and dealt[player] < wants[player]:
                draw(run, env, player, 1)
                dealt[player] += 1
    return True


_DRAW_PLAIN: dict[int, tuple] = {}  # id(rules) -> (rules, "FROM/", TO, TO is per player or Team)


def _draw_plain(rules) -> tuple:
    """draw()'s zones read once per rules: (rules, the pile's key less its player, the hand's
    zone, whether it is per holder); (rules, None, ...) when the hand has a capacity or is a
    Team's (move() is called) or the game names no draw zones (draw() says so)."""
    src, dst = rules.zone_roles["draw-from"], rules.zone_roles["draw-to"]
    spec = rules.zones.get(dst) if src is not None and dst is not None else None
    if spec is None or spec.capacity is not None or spec.per == "team":
        hit = (rules, None, None, False)
    else:
        hit = (rules, f"{src}/", f"{dst}/" if spec.per else dst, bool(spec.per))
    _DRAW_PLAIN[id(rules)] = hit
    return hit


def make_draw_one(rules):
    """`one(run, env, who)`: draw(run, env, who, 1) for a player (a turn's draw), its zones'
    keys written in; kept as `rules.draw_one`. An empty pile (its reshuffle) and a hand with a
    capacity or a Team's go through draw()."""
    _src, into, per = _draw_plain(rules)[1:]
    if _src is None:
        def one(run, env, who):
            draw(run, env, who, 1)
    else:
        space = {"SRC": _src, "INTO": into, "draw": draw, "tick": tick}
        exec("\n".join(["def one(run, env, who):",
                         "    state = run.state",
                         "    zones = state.zones",
                         "    pile = zones.get(SRC + who)",
                         "    if not pile:",
                         "        return draw(run, env, who, 1)",
                         "    uid = pile.pop(0)",
                         f"    into = {'INTO + who' if per else 'INTO'}",
                         "    hand = zones.get(into)",
                         "    if hand is None:",
                         "        hand = zones[into] = []",
                         "    hand.append(uid)",
                         "    state.places[uid] = into",
                         "    state.pieces_mark = tick()"]), space)  # noqa: S102 - source generated here
        one = space["one"]
    rules.draw_one = one
    return one


def make_cards_in(spec):
    """`cards(run, env, of)`: cards_in(run, env, spec.id, of) for this zone, its holder's key
    made without reading the zone's declaration (rules.Zone.cards)."""
    zone, prefix = spec.id, spec.id + "/"
    if not spec.per:
        return lambda run, env, of: list(run.state.zones.get(zone, []))
    if spec.per == "team":
        return lambda run, env, of: cards_in(run, env, zone, of)

    def cards(run, env, of):
        if type(of) is str:  # one player (the common case: `cards-in(hand, me)`), first
            return list(run.state.zones.get(prefix + of, ()))
        if of is None:
            who = env["ctx:me"]
        elif isinstance(of, list):
            zones, out = run.state.zones, []
            for holder in dict.fromkeys(of):
                out += zones.get(prefix + holder if type(holder) is str else zone if holder is None
                                 else f"{zone}/{holder}", ())
            return out
        else:
            who = of
        return list(run.state.zones.get(prefix + who if type(who) is str else zone if who is None
                                        else f"{zone}/{who}", ()))
    return cards


def make_put(spec):
    """`put(run, uid, owner)`: move(run, uid, spec.id, owner) for this zone; for a zone without
    a capacity or a Team, its lists changed without reading the zone's declaration (rules.Zone.put)."""
    zone, prefix = spec.id, spec.id + "/"
    if spec.capacity is not None or spec.per == "team":
        return lambda run, uid, owner: move(run, uid, zone, owner)
    per = bool(spec.per)

    def put(run, uid, owner):
        state = run.state
        key = ((prefix + owner if type(owner) is str else zone if owner is None else f"{zone}/{owner}")
               if per else zone)
        zones, places = state.zones, state.places
        zones[places[uid]].remove(uid)
        pile = zones.get(key)
        if pile is None:
            pile = zones[key] = []
        pile.append(uid)
        places[uid] = key
        state.pieces_mark = tick()
        return True
    return put


def _move_all(run, uids: list, zone: str, owner) -> None:
    """move(run, uid, zone, owner) for each of `uids` (a copy of it is walked), in order;
    for a zone without a capacity or a Team, its lists changed here without a call each."""
    spec = run.rules.zones[zone]
    if spec.capacity is not None or spec.per == "team":
        for uid in list(uids):
            move(run, uid, zone, owner)
        return
    state = run.state
    zones, places = state.zones, state.places
    key = zone if not spec.per or owner is None else f"{zone}/{owner}"
    state.pieces_mark = tick()
    here = places[uids[0]] if uids else key
    if here != key and zones.get(here) is uids and len(set(map(places.__getitem__, uids))) == 1:
        # a whole pile (a discard pile reshuffled into its deck): moved at once, in its order
        pile = zones.get(key)
        if pile is None:
            pile = zones[key] = []
        pile += uids
        for uid in uids:
            places[uid] = key
        uids.clear()
        return
    for uid in list(uids):
        zones[places[uid]].remove(uid)
        pile = zones.get(key)
        if pile is None:
            pile = zones[key] = []
        pile.append(uid)
        places[uid] = key


def move_card(run, env, card, to, of=None) -> None:
    for uid in _as_list(card):
        move(run, uid, to, of if of is not None else run.state.owners[uid])


def shuffle(run, env, zone, of=None) -> None:
    state = run.state
    gen = state.random()
    for player in _as_list(of) if of is not None else [None]:
        pile = state.zones.get(state.zone_key(zone, player))
        if pile:
            _shuffle(gen, pile)  # gen.shuffle(pile), in one call (draws.py)
    state.keep(gen)


def refill(run) -> None:
    """Zones with `refill-from` and a capacity are filled up from the top of that zone
    (of the same player), after every step of play."""
    state = run.state
    for zone in run.rules.zones.values():
        if zone.refill_from is None or zone.capacity is None:
            continue
        for owner in (state.players if zone.per == "player" else list(state.teams) if zone.per else [None]):
            key = state.zone_key(zone.id, owner)
            per = run.rules.zones[zone.refill_from].per
            source = state.zones.get(state.zone_key(zone.refill_from, state.holder(owner, per) if per else None), [])
            while len(state.zones.get(key, ())) < zone.capacity and source:
                move(run, source[0], zone.id, owner)


def cards_in(run, env, zone, of=None) -> list[int]:
    state = run.state
    per = run.rules.zones[zone].per
    if not per:
        return list(state.zones.get(zone, []))
    if of is None or of.__class__ is str or not isinstance(of, list):  # one holder (`me` by default): that zone, copied
        who = env["ctx:me"] if of is None else of
        if per == "team" and who in state.players:
            who = state.team_by[who] if who in state.team_by else None
        zones = state.zones
        return list(zones[key]) if (key := f"{zone}/{who}" if who is not None else zone) in zones else []
    out: list[int] = []
    holders = of
    if per == "team":
        holders = []
        for who in of:
            holders.append(state.holder(who, per))
    zones = state.zones
    for holder in dict.fromkeys(holders):  # two players of one Team: their Team's zone once
        out += zones.get(f"{zone}/{holder}" if holder is not None else zone, ())
    return out


def top_card(run, env, zone, of=None):
    cards = cards_in(run, env, zone, of)
    return cards[0] if cards else None


def inline_put(spec, uid: str, owner: str, n: int) -> list[str] | None:
    """make_put's body written into a generated block (compile_stmts' move-card) for an owner
    that is a player (a str), for a zone kept per player without a capacity; the zone's own
    `put` for any other owner. None for any other zone (its `put` is called). The block's
    space holds writers.tick as `_tick` (the pieces' mark)."""
    if spec.per != "player" or spec.capacity is not None:
        return None
    key, pile = f"_y{n}", f"_p{n}"
    return [f"if type({owner}) is str:",
            f"    {key} = {spec.id + '/'!r} + {owner}",
            f"    state.zones[state.places[{uid}]].remove({uid})",
            f"    {pile} = state.zones.get({key})",
            f"    if {pile} is None:",
            f"        {pile} = state.zones[{key}] = []",
            f"    {pile}.append({uid})",
            f"    state.places[{uid}] = {key}",
            "    state.pieces_mark = _tick()",
            "else:",
            f"    run.rules.zones[{spec.id!r}].put(run, {uid}, {owner})"]


def inline_draw_one(rules, who: str, n: int, fallback: str, player: bool = False) -> list[str] | None:
    """make_draw_one's body written into a generated block (compile_stmts' draw(WHO, 1)) for
    a player `who` (a str) whose pile is not empty; `fallback` (draw()) otherwise. None when
    draw_one itself would call draw() (a hand with a capacity or a Team's). `player`: `who` is
    surely a player (the one whose turn it is), not tested. The block's space holds
    writers.tick as `_tick` (the pieces' mark)."""
    _rules, src, into, per = _draw_plain(rules)
    if src is None:
        return None
    pile, uid, key, hand = f"_dp{n}", f"_du{n}", f"_dk{n}", f"_dh{n}"
    test = "" if player else f"type({who}) is str and "
    return [f"if {test}({pile} := state.zones.get({src!r} + {who})):",
            f"    {uid} = {pile}.pop(0)",
            f"    {key} = {into!r} + {who}" if per else f"    {key} = {into!r}",
            f"    {hand} = state.zones.get({key})",
            f"    if {hand} is None:",
            f"        {hand} = state.zones[{key}] = []",
            f"    {hand}.append({uid})",
            f"    state.places[{uid}] = {key}",
            "    state.pieces_mark = _tick()",
            "else:",
            f"    {fallback}"]
