"""The pieces, the tiles and the figures that hear one raise of an event, in order, found from caches kept beside the state.

listeners.py reads who can hear each event once (a table per event: `Heard`); here, at each raise,
the holders are listed in the order the listeners hear them (`components`: the pieces lying on
holders, the tiles in play, the figures that are cards), from what is kept for the state's cards
and figures (`state.heard_uids`: the uids of the pieces whose token hears the event, the figures
whose card does, the zones' order), and the pieces' and figures' triggers on a structure event are
heard (`hear_structure`). listeners.py re-exports these names."""
from __future__ import annotations

from itertools import compress, count, islice
from operator import itemgetter

from .once import spend, spent

def components(state, rules, here, own: bool = False, at=None, tile=None) -> list:
    """(trigger, me, card, variables) of the pieces, the spaces and the figures that hear the
    event, in order: the pieces lying on figures, spaces, players, Teams, then edges (each
    holder in the order of its kind, each token once per holder: `holder` names it,
    `this-card` its first piece, `me` its holder's controller: spaces.controller), then the
    tiles in play in board order (`here` the tile), then the figures that are cards, in the
    order dealt (`self` the figure, `this-card` the part whose trigger it is). `me` is, for the
    tiles, the player whose turn it is, as for the rules; for the figures too at a structure
    event, but a game's own event (`own`) a figure hears as its controller, as a piece on it does
    (its part's `opponent` is its own side's). An event raised at a space (`at`, a figure
    entering it: events.land) leaves out the pieces on other spaces and the other tiles, which
    do not hear it there (movement.heard_at); one about a figure (`tile`: the space it stands on,
    events.land) is heard by that tile alone."""
    out = []
    if here.pieces:
        out += _pieces_heard(state, rules, here, at)
    if here.spaces:
        where = at if at is not None else tile
        out += tiles_heard(state, here.spaces) if where is None else _tile_at(state, here.spaces, where)
    if here.figures:
        out += _figures_heard(state, rules, here, own)
    return out


def _figures_heard(state, rules, here, own: bool) -> list:
    """components' figures: (trigger, me, the part's uid, variables) of the figures whose card
    hears the event, in the order dealt (a lander calls it for an event figures hear)."""
    figures = state.figures
    last = here.dealt  # figures_hearing's last list, kept on the table with the dict it was found for
    if last is not None and last[0] is figures and last[1] == len(figures):
        hearing = last[2]
    else:
        hearing = _parts_hearing(state, rules, here)
        here.dealt = (figures, len(figures), hearing)
    if not hearing:  # no figure dealt whose card hears it
        return []
    cards = state.cards
    out = []
    me = state.active
    zones, sided = state.zones, rules.__dict__.get("_sided_parts", ())
    silencing = rules.pieces.silencing if rules.pieces is not None else None  # (`stops [special]`)
    for fid, part, t, key, once in hearing:
        uid = None
        if part is not None:
            for u in zones[key] if key in zones else ():  # (a loop: no generator's frame)
                if cards[u] == part:
                    uid = u
                    break
            if uid is None and part in sided or silencing and silenced(state, rules, fid, part):
                continue  # a part of the side the figure was not dealt, or silenced (spaces.py)
        out.append((t, controller(state, "figure", fid) if own else me, uid, {"ctx:self": fid, "_once": once}))
    return out


def _parts_hearing(state, rules, here) -> list:
    """(figure, part, trigger, the part's pile key, its `_once` key) for figures_hearing's pairs,
    in order: the keys made once per deal, not at each raise (_figures_heard)."""
    return [(fid, part, t, None if part is None else f"{rules.cards[part].type}/{fid}", f"{fid}/{part or ''}")
            for fid, heard in figures_hearing(state, here) for part, t in heard]


def pieces_hearing(state, here) -> tuple:
    """The uids of the pieces whose token hears the table's event, found once per game: a card's
    uid keeps its qid (flip.turned, which turns a piece over, drops the cache), and cards are only
    added (so a longer list is read from where it was)."""
    cache, cards = state.heard_uids, state.cards
    if cache is None or cache[0] is not cards:
        cache = state.heard_uids = [cards, {}]
    got = cache[1].get(here)
    n = len(cards)
    if got is not None and got[0] == n:
        return got[1]
    start, uids = got if got is not None else (0, ())
    # the cards from `start` on whose qid is a hearing token's, picked in C (no bytecode a card)
    uids += tuple(compress(range(start, n), map(here.pieces.__contains__, islice(cards, start, n))))
    cache[1][here] = (n, uids)
    return uids


def _tile_at(state, spaces: dict, at: str) -> list:
    """spaces.tiles_heard of the one tile `at` (an event raised there), if it is in play."""
    board = state.board
    if not board or board.get("down") or at in board["gone"] or at not in spaces or at not in board["tiles"]:
        return []
    out, active = [], state.active
    for t in spaces[at]:  # (a loop: a comprehension would make state and at cells)
        out.append((t, active, None, {"ctx:here": at, "_once": f"space/{at}"}))
    return out


def _tiles_live(state, tiles: dict, where) -> list:
    """(trigger, variables) of the tiles in play that hear the event (`tiles`: a lander's, each
    tile's listeners with their variables made once), in board order (spaces.tiles_heard); of
    the tile `where` alone (_tile_at) unless it is None; "" is no tile."""
    board = state.board
    if not board or board.get("down"):  # a board laid face down prints no trigger (keeping.py)
        return []
    gone = board["gone"]
    if where is not None:
        return tiles[where] if where in tiles and where not in gone and where in board["tiles"] else []
    out = []
    for tile in board["tiles"]:
        if tile in tiles and tile not in gone:
            out += tiles[tile]
    return out


def figures_hearing(state, here) -> list:
    """(figure, its card's (part, trigger) pairs) of the figures whose card hears the table's
    event, in the order dealt: a figure keeps its card and is never taken out of the dict, so
    the list is found again only for another dict of figures (a copy's) or once one was dealt
    (kept with the pieces' uids, state.heard_uids, under (the table, "figures"))."""
    cache, figures = state.heard_uids, state.figures
    if cache is None or cache[0] is not state.cards:
        cache = state.heard_uids = [state.cards, {}]
    key = (here, "figures")
    got = cache[1].get(key)
    if got is None or got[0] is not figures or got[1] != len(figures):
        heard = here.figures
        got = cache[1][key] = (figures, len(figures), [(f, heard[x["card"]]) for f, x in figures.items()
                                                       if "card" in x and x["card"] in heard])
    return got[2]


def zone_order(state) -> dict:
    """{zone key: its place among the state's zones}: zones are only added (a copy keeps their
    order), so the index is kept with the pieces' (state.heard_uids, under the key None) for
    that dict of zones and only extended when it grew."""
    cache, zones = state.heard_uids, state.zones
    if cache is None or cache[0] is not state.cards:
        cache = state.heard_uids = [state.cards, {}]
    got = cache[1].get(None)
    if got is None or got[0] is not zones:
        got = cache[1][None] = (zones, {})
    index = got[1]
    if len(index) != len(zones):  # the zones added since, numbered on from the last (in C)
        index.update(zip(islice(zones, len(index), None), count(len(index))))
    return index


def _pieces_heard(state, rules, here, at=None) -> list:
    """components' pieces: the piles of pieces that hold one whose token hears the event, found
    from those pieces' places (pieces_hearing), in the order of a walk over every holder of each
    kind (_ranked), then each pile's pieces in order, a token once per pile. The piles' order is
    kept beside the state (`state.heard_uids`, under (the table, "ranked")) with the places it was
    found from: the same places give the same piles in the same order, for a state of this game
    or a copy (figures, zones and seats are only added, and each keeps its place). Raised at a
    space (`at`), the piles of other spaces are not heard: the order keeps, for each space a pile
    lies on, the piles heard there (`Piles.at`), and the piles on holders of other kinds, heard at
    any space (`Piles.others`), so a raise at a space where no hearing piece lies walks nothing
    and one order serves every space a figure enters."""
    cache, cards = state.heard_uids, state.cards
    last = here.last  # (the cache, the cards then, the places' reader, the places, the piles' order)
    if last is not None and last[0] is cache and cache[0] is cards and last[1] == len(cards):
        where = last[2](state.places)
        ranked = last[4] if where == last[3] else _reranked(state, rules, here, last[2], where)
    else:  # another state (a copy) or more cards: the uids (pieces_hearing) and their reader again
        got = cache[1][here] if cache is not None and cache[0] is cards and here in cache[1] else None
        uids = got[1] if got is not None and got[0] == len(cards) else pieces_hearing(state, here)
        getter = itemgetter(*uids) if uids else ().count  # (one uid: its place alone; none: 0)
        where = getter(state.places)
        got = state.heard_uids[1][(here, "ranked")] if (here, "ranked") in state.heard_uids[1] else None
        ranked = got[1] if got is not None and got[0] == where else _reranked(state, rules, here, getter, where)
        here.last = (state.heard_uids, len(cards), getter, where, ranked)
    if not ranked:
        return []
    if at is not None:  # the piles heard at that space: those on other kinds of holder and its own
        ranked = ranked.at[at] if at in ranked.at else ranked.others
        if not ranked:
            return []  # nothing on that space hears it, nor anything elsewhere
    out = []
    pieces, zones = here.pieces, state.zones
    for key, kind, holder in ranked:
        seen = set()
        for uid in zones[key]:
            qid = cards[uid]
            if qid in pieces and qid not in seen:
                seen.add(qid)
                for t in pieces[qid]:
                    out.append((t, controller(state, kind, holder), uid, {"ctx:holder": holder}))
    return out


def _reranked(state, rules, here, getter, where) -> list:
    """_pieces_heard's piles in order for the places `where` (its reader's answer), kept in the
    state's cache (a copy starts from it) and on the table (the next raise in this state). The
    orders found in this state are kept by their places too (the table's `orders`, with the
    cache they were found for: a copy finds its own), as pieces that come back to where they
    lay give the order found then (the figures, zones and seats of one state are only added)."""
    cache = state.heard_uids
    orders = here.orders  # (on the table, as `last`: in the cache it would make a cycle of it)
    if orders is None or orders[0] is not cache:
        orders = here.orders = (cache, {})
    ranked = orders[1][where] if where in orders[1] else None
    if ranked is None:
        # the places as a tuple: `where` itself (the reader of several uids gives one), else read again
        places = where if type(where) is tuple else tuple(map(state.places.__getitem__, pieces_hearing(state, here)))
        ranked = _ranked(state, rules, places, None)
        if len(orders[1]) >= 256:  # (a long game's many places: start again)
            orders[1].clear()
        orders[1][where] = ranked
    cache[1][(here, "ranked")] = (where, ranked)
    here.last = (state.heard_uids, len(state.cards), getter, where, ranked)
    return ranked


def _ranked(state, rules, where: tuple, at) -> list:
    """(pile key, holder kind, holder) of the piles of holders among `where` (the places of the
    pieces that hear the event), each once, in the order of a walk over every holder of each kind
    (the kinds in order; the figures, players, Teams and edges in theirs; the spaces of a laid
    board in the order their piles were made, else the rules'); raised at a space (`at`), the
    piles of other spaces left out."""
    held = rules.pieces.held
    found = {}
    for key in dict.fromkeys(where):  # each pile once, in order
        zone, _, holder = key.partition("/")
        if zone in held:
            found[key] = (zone, holder)
    if not found:
        return []
    kinds = rules.pieces.kinds
    ranked = []
    laid = None  # a laid board's piles, by the order they were made (zone_order), if asked
    for key, (zone, holder) in found.items():
        kind, rank = kinds[zone]
        if kind == "space" and at is not None and holder != at:
            continue  # not where the event is raised: not heard (movement.heard_at)
        if kind == "space" and rules.layout is not None:
            if laid is None:
                laid = zone_order(state)
            ranked.append((rank, laid[key], key, kind, holder))
            continue
        order = (state.figures if kind == "figure" else rules.spaces if kind == "space" else state.players
                 if kind == "player" else state.teams if kind == "team" else
                 rules.layout.edges if rules.layout is not None else ())
        order = list(order)
        if holder in order:
            ranked.append((rank, order.index(holder), key, kind, holder))
    ranked.sort()
    return Piles([(key, kind, holder) for _rank, _at, key, kind, holder in ranked])


class Piles(list):
    """_ranked's piles in order, (pile key, holder kind, holder), with the piles heard by a raise
    at a space (_pieces_heard's `at`): `at[space]` those of other kinds of holder and the space's
    own, in order, for each space a pile lies on; `others` those of other kinds, for any other
    space."""

    __slots__ = ("at", "others")

    def __init__(self, piles: list) -> None:
        super().__init__(piles)
        self.others, self.at = [], {}
        for pile in piles:  # (loops: no comprehension's cells)
            if pile[1] != "space":
                self.others.append(pile)
                for heard in self.at.values():
                    heard.append(pile)
            elif pile[2] in self.at:
                self.at[pile[2]].append(pile)
            else:
                self.at[pile[2]] = self.others[:] + [pile]


def hear_structure(game, run, event: str, fields: dict | None = None) -> None:
    """The pieces' and the figures' triggers on a structure event (rounds.run_triggers), each
    whose `when` holds, with the event's `fields`, then the end check; a `once` limit spent as a
    rule's is."""
    rules = game.rules
    hearing = rules.hearing
    if event not in hearing.components:  # no piece, tile or figure hears it (listeners.load_events)
        return
    state, heard = game.state, hearing.heard
    here = heard[event] if event in heard else hearing.table(rules, event)
    once = hearing.once
    about = hearing.events.get(event, {}).get("about") if here.spaces else None
    for trigger, me, card, kept in components(state, rules, here, tile=tile_of(state, about, fields)
                                              if about is not None else None):
        env = {"ctx:me": me, "ctx:this-card": card, **(fields or {}), **kept}
        period = once.get(id(trigger)) if once else None
        if period is not None and spent(state, trigger, kept):
            continue
        if trigger.get("when") is None or compiled(trigger["when"])(run, env):
            if period is not None:
                spend(state, trigger, kept, period)
            compiled_block(trigger["body"])(run, env)
            game.check_end(run)


# -- imported here, once: at the end, as these modules import this one's names
from .spaces import controller, silenced, tile_of, tiles_heard  # noqa: E402 - bound once, after this module's names (cycles)
from .compile import compiled  # noqa: E402 - bound once, after this module's names (cycles)
from .compile_stmts import compiled_block  # noqa: E402 - bound once, after this module's names (cycles)
