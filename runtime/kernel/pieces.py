"""Pieces: tokens as card instances of a declared token type, lying on figures, spaces, players or Teams.

Worked out once per game at load (`load`): each token as a printed card, the box's pools and
the tokens each feeds, the zone of pieces of each kind of holder, the actions each token
restricts and its discard time. Setup lays each pool's pieces in the game's `pools` zone (a
`pile-on` pool's face down and shuffled on its space); `place`, `remove`, `remove-all` and
`take` move them; the legal actions leave out those a piece on the acting player restricts
(a part of their guards: actions.menu) and the turn-end and round-end steps send pieces back at
their discard times, after the event's triggers (both in discards.py).
A piece is a card: `cards-in`, `top-card`, `move-card` and the scenarios' `zones` serve it too."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress, islice

from .compile import _as_list
from .damage import _tags
from .record import cleared, placed
from .rules import Card, CardType, KernelError
from .standing import immune_to, stand
from .writers import moved, tick

HOLDER_KINDS = ("figure", "space", "player", "team", "edge")


@dataclass
class Pieces:
    types: set[str]  # the token types' ids: a card of one of these kinds is a piece
    pool_zone: str | None  # the zone flagged `pools`
    pool_per: str | None  # None (one shared pool zone) or "team"
    zones: dict[str, str]  # kind of holder -> the zone flagged `pieces` kept per it
    pools: list[tuple[str, dict, str | None]]  # (pool id, {Team or None: count}, the `pile-on` space)
    fed: dict[str, list[str]]  # pool id -> the qids of the tokens it feeds, in declaration order
    restricts: dict[str, set[str]] = field(default_factory=dict)  # verb -> qids of the tokens restricting it
    discards: dict[str, set[str]] = field(default_factory=dict)  # structure event -> qids discarded at it
    limits: dict[str, int] = field(default_factory=dict)  # qid -> at most this many on one holder
    teamed: set[str] = field(default_factory=set)  # qids whose pool has a count per Team (a Team's own pieces)
    blocking: set[str] = field(default_factory=set)  # qids that say `blocks-adjacency`: block their edge (edges.py)
    later: set[str] = field(default_factory=set)  # qids `discarded next-turn-end`: spared by their holder's own turn
    discard_spans: dict[str, str] = field(default_factory=dict)  # qid -> its `discarded` line's span (the log's)
    pile: str | None = None  # the zone a `pile-on` pool's pieces lie in (the game's `pile-to`; else the space's)
    heaps: dict | None = None  # {space: its face-down pile's key} with `pile` a zone of its own, else {} (kept.heaps)
    team_keys: dict = field(default_factory=dict, compare=False, repr=False)  # Team -> kept._keys' answer, its marks
    pool_props: dict = field(default_factory=dict)  # pool id -> its properties (kept.set_out)
    kept: dict = field(default_factory=dict)  # counter id -> kept.Kept: a counter kept as pieces (`kept-as`)
    owner_kept_if: str | None = None  # the flag of the tokens whose pieces keep their owner when taken (kept.py)
    groups: dict = field(default_factory=dict)  # qid -> the qids its pieces are read as: it and its `group`'s
    standing: dict = field(default_factory=dict)  # qid -> the kind of figure its pieces stand as (standing.py)
    immune: dict = field(default_factory=dict)  # such a qid -> the tags (qids) of what does nothing to its figure
    silencing: frozenset = frozenset()  # qids naming a restriction that `stops [special]` (specials.silenced)
    sides: dict = field(default_factory=dict)  # qid -> the tokens its pool's plain pieces may be drawn as (flip.py)
    nobody: bool = False  # `fill-pools(owner: "none")`: every piece is no one's, placed too
    held: frozenset = field(init=False)  # the zones of pieces (zones' values): listeners.components
    kinds: dict = field(init=False)  # such a zone -> (its kind of holder, that kind's rank in `zones`)
    # ({figure: its pile's key}, {space: its pile's key}, {structure event: the tokens due then}, {edge:
    # its pile's key}), filled as asked (pieces_at.holder_key, discards.discard_due)
    keyed: tuple = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.held = frozenset(self.zones.values())
        self.kinds = {zone: (kind, rank) for rank, (kind, zone) in enumerate(self.zones.items())}
        self.keyed = ({}, {}, {}, {})


def _prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


KINDS = ("pool",)  # the box's pools, which `load` reads (primitives.KINDS: bench/switch.py's meter)


def load(rules, tops: list[dict], box: dict) -> None:
    """rules.pieces for the game's tokens, pools and zones of pieces; None (nothing to pay for
    at play) when the game declares no token type and no zone of pieces or pools."""
    types = {c["id"]: c for c in tops if c["kind"] == "token-type"}
    zones = {z: c for c in rules.game["children"] if c["kind"] == "zone"
             for z in (c["id"],) if _prop(c, "pieces") or _prop(c, "pools")}
    if not types and not zones:
        return
    for ident, comp in types.items():
        decl = {k: v["value"] for k, v in comp["props"].items() if isinstance(v["value"], dict)}
        rules.card_types[ident] = CardType(ident, decl, [], {})
    held = {_prop(c, "per"): z for z, c in zones.items() if _prop(c, "pieces")}
    restrictions = {c["id"]: _prop(c, "actions") or () for c in rules.game["children"] if c["kind"] == "restriction"}
    silent = {c["id"] for c in rules.game["children"] if c["kind"] == "restriction" and "special" in (_prop(c, "stops") or ())}
    pool_zone = next((z for z, c in zones.items() if _prop(c, "pools")), None)
    pieces = Pieces(set(types), pool_zone, rules.zones[pool_zone].per if pool_zone else None,
                    {k: held[k] for k in HOLDER_KINDS if k in held}, [], {})
    for c in tops:
        if c["kind"] not in types:
            continue
        rules.cards[c["qid"]] = Card(c["qid"], c["id"], c["name"] or c["id"], c["kind"],
                                     {k: v["value"] for k, v in c["props"].items()}, 1,
                                     (c["effects"].get("effect") or {}).get("body"))  # its use (spend.py)
        pieces.fed.setdefault(_prop(c, "drawn-from") or c["id"], []).append(c["qid"])
        if silent.intersection(_prop(c, "restricts") or ()):
            pieces.silencing |= {c["qid"]}
        for name in _prop(c, "restricts") or ():
            if name not in restrictions:
                raise KernelError(f"token '{c['id']}': 'restricts {name}' names no restriction of the game")
            for verb in restrictions[name]:
                pieces.restricts.setdefault(verb, set()).add(c["qid"])
        if _prop(c, "discarded"):
            pieces.discards.setdefault(_prop(c, "discarded"), set()).add(c["qid"])
            pieces.discard_spans[c["qid"]] = c["props"]["discarded"].get("span")
        if _prop(c, "limit") is not None:
            pieces.limits[c["qid"]] = _prop(c, "limit")
        if _prop(c, "blocks-adjacency"):
            pieces.blocking.add(c["qid"])
    by_id = {card.id: q for q, card in rules.cards.items() if card.type in types}
    for c in tops:  # a token's `group` names a token: a holder's pieces of that one are the group's too
        head = by_id.get(_prop(c, "group")) if c["kind"] in types else None
        if head is not None:
            pieces.groups[head] = (*pieces.groups.get(head, (head,)), c["qid"])
    for pool, qids in pieces.fed.items():  # the token named as a pool that is its faces' `group` (a face-down
        faces = [q for q in qids if rules.cards[q].id != pool]  # pile's back) is no piece of it: its faces are
        if any(rules.cards[q].props.get("group") == pool for q in faces):
            pieces.fed[pool] = faces
    load_sides(rules, pieces)  # a pool of plain pieces feeding several tokens: a piece is any of them (flip.py)
    names = list(_prop(rules.game, "team-names") or [])
    for pool in box["children"] if box else ():
        if pool["kind"] != "pool" or _prop(pool, "tracks") is not None:
            continue  # a pool that `tracks` a number (damage markers): the kernel keeps its counter instead
        counts = {None: _prop(pool, "count")} if _prop(pool, "count") is not None else {}
        for i in range(rules.teams):  # a Team's own count, under its id (`t1 4`) or its name
            team = rules.team_ids[i]
            n = _prop(pool, team, _prop(pool, names[i]) if i < len(names) else None)
            if n is not None:
                counts[team] = n
        if pool["id"] not in pieces.fed:  # its tokens' content not loaded (a dependency left out): no pieces,
            continue  # as no token of the game draws from it (a pool of no token at all is the checks' E301)
        pile = _prop(pool, "pile-on")
        if pile is not None and "space" not in pieces.zones:
            raise KernelError(f"pool '{pool['id']}': 'pile-on {pile}' needs a zone of pieces kept per space")
        if pile is None and pool_zone is None:
            raise KernelError(f"pool '{pool['id']}': the game has no zone flagged `pools` for it")
        pieces.pools.append((pool["id"], counts, pile))
        pieces.pool_props[pool["id"]] = {k: v["value"] for k, v in pool["props"].items()}
        if None not in counts and counts:
            pieces.teamed.update(pieces.fed[pool["id"]])
    from .keeping import communal
    if communal(rules):  # `fill-pools(owner: "none")`: no piece is a Team's own
        pieces.teamed, pieces.nobody = set(), True
    for name in pieces.discards.get("next-turn-end", ()):
        pieces.later.add(name)
    if "round-end" in pieces.discards:
        rules.uses_rounds = True  # a discard at the round's end: the turns come in rounds
    rules.pieces = pieces
    from .standing import load as load_standing
    load_standing(rules, tops, types)  # the tokens whose placed pieces stand as figures (standing.py)
    from .kept import load as load_kept
    load_kept(rules, tops)  # the `pile-to` zone, counters kept as pieces, a piece taken's owner (kept.py)


# -- setup ---------------------------------------------------------------------------------

def setup_pieces(rules, state) -> None:
    """Each pool's pieces, in the order the box declares the pools: its count of pieces (per
    Team, owned by the Team) in the pools zone, or on its `pile-on` space; the tokens a pool
    feeds take turns. Zones kept per space get a pile for every space."""
    p = rules.pieces
    from .keeping import communal
    nobody = communal(rules)  # `fill-pools(owner: "none")` in the setup: every piece is no one's
    for kind, zone in p.zones.items():
        if kind == "space":
            for space in rules.spaces:
                state.zones.setdefault(f"{zone}/{space}", [])
    for pool, counts, pile in p.pools:
        fed = p.fed[pool]
        for team, n in counts.items():
            if pile is not None:
                key = f"{p.pile}/{pile}"
            else:  # a Team's own count in its Team's pile of a zone kept per Team; the rest (all: communal) shared
                key = p.pool_zone if p.pool_per is None or team is None or nobody else f"{p.pool_zone}/{team}"
            for i in range(n or 0):
                uid = len(state.cards)
                state.cards.append(fed[i % len(fed)])
                state.owners.append(None if nobody else team)
                state.places.append(key)
                state.zones.setdefault(key, []).append(uid)
    moved(state)
    from .kept import set_out
    set_out(rules, state)  # a counter's pieces set out on the tiles that print its `set-out-on`


# -- where pieces lie ------------------------------------------------------------------------

def _pool_key(run, env, owner, kind=None) -> str:
    """The pile of the pool a piece goes back to (of its owner, a Team, or the shared one), or
    that a token's pieces come from (`kind`: of `me`'s Team when its pool counts per Team)."""
    p = run.rules.pieces
    if p.pool_zone is None:
        raise KernelError("the game has no zone flagged `pools`: pieces have no pool to come from or go back to")
    if p.pool_per is None:
        return p.pool_zone
    if owner is None and kind in p.teamed:
        owner = run.state.holder(env["ctx:me"], "team")
    return p.pool_zone if owner is None else f"{p.pool_zone}/{owner}"


def _move(state, uid: int, key: str) -> None:
    state.zones[state.places[uid]].remove(uid)
    state.zones.setdefault(key, []).append(uid)
    state.places[uid] = key
    state.pieces_mark = tick()  # (writers.moved, written out)
    if state.spared and uid in state.spared:  # off its holder: no longer spared by its turn
        state.spared.remove(uid)


def _token_id(run, token: str) -> str:
    return run.rules.cards[token].id


# -- primitives ------------------------------------------------------------------------------

def place(run, env, token, count=1, on=None, tags=(), life=0) -> None:
    """Pieces of the token from its pool onto each holder: as many as are left (a spent pool
    places fewer), up to the token's `limit` on one holder; none on a figure immune to the
    tags, and each piece of a token whose pieces stand as figures placed on a space stands
    there with its `life` (standing.py)."""
    state, p = run.state, run.rules.pieces
    limit = p.limits.get(token)
    stands = token in p.standing
    blocking = token in p.blocking
    cards, figures = state.cards, state.figures
    for holder in on if on.__class__ is list else _as_list(on):
        key = holder_key(run, holder)
        if holder in figures and "immune" in figures[holder] and immune_to(state, holder, _tags(tags, env)):
            continue  # (immune_to: a figure without `immune` is immune to nothing)
        if blocking and _encloses(run, env, holder):
            state.log.append({"event": "refused", "place": run.rules.cards[token].id, "on": holder,
                              "why": "it would enclose a tile"})
            continue
        n = max(int(count or 0), 0)
        if limit is not None:
            n = min(n, max(limit - len(_of(state, key, token)), 0))
        pool = _pool_key(run, env, None, token) if p.pool_per is not None or p.pool_zone is None else p.pool_zone
        # _of(...)[:n], read in C (the pool is most pieces of the game): its first n of the token
        pile = state.zones.get(pool) if n else None
        taken = list(islice(compress(pile, map(token.__eq__, map(cards.__getitem__, pile))), n)) if pile else []
        if len(taken) < n and token in p.sides:  # the pool's other faces, turned (flip.py)
            taken += turned(run, env, token, n - len(taken))
        placer = None if token in p.teamed or p.nobody else _placer(state, env)
        for uid in taken:
            _move(state, uid, key)
            if placer is not None:  # a piece of a shared pool is the placing Team's while it lies out
                state.owners[uid] = placer
        if stands and holder in run.rules.spaces:
            figures_ = []
            for uid in taken:  # (a loop: a comprehension would make six of place's locals cells)
                figures_.append(stand(run, token, uid, holder, state.owners[uid] or placer, life))
            state.log.append({"event": "place", "token": run.rules.cards[token].id, "on": holder, "count": len(taken),
                              **({"figure": figures_[0], "life": life} if figures_ else {})})
            continue
        if taken and run.rules.dash is not None:  # the stack carries the Active figure's bonus (record.py)
            placed(run, env, token, holder, tags)
        if taken and token in p.later and key in concerned(run.rules, state, state.active):
            state.spared.extend(taken)  # placed in its holder's own turn: gone at the end of the next
        state.log.append({"event": "place", "token": run.rules.cards[token].id, "on": holder, "count": len(taken),
                          **({"short": n - len(taken)} if len(taken) < n else {})})
        if blocking:
            _blocks(run, token, holder)


def _placer(state, env):
    """Whose a placed piece of a shared pool is: the placing player's Team (else the player), or None."""
    me = env.get("ctx:me")
    return state.team_by.get(me) if state.teams and me in state.players else me if me in state.players else None


def _encloses(run, env, holder) -> bool:
    """A blocking piece placed there would leave a tile with no open side (edges.encloses)."""
    if run.rules.layout is None or holder not in run.rules.layout.edges:
        return False
    return encloses(run, env, holder)


def _back(run, env, token, holders, count, event: str, of=None) -> None:
    state = run.state
    cards = state.cards
    for holder in holders if holders.__class__ is list else _as_list(holders):
        pieces = _owned(state, _at(run, holder, token), of)
        back = pieces if count is None else pieces[:max(int(count or 0), 0)]
        if not back:
            continue
        for uid in back:  # to its owner's pool when its token's pieces are a Team's own (kept.reown)
            _home(run, env, cards[uid], uid)
        if run.rules.dash is not None:  # none left: its stacks' bonus too (record.py)
            if token not in map(cards.__getitem__, state.zones.get(holder_key(run, holder), ())):  # _of(...), in C
                cleared(state, holder, token)
        state.log.append({"event": event, "token": run.rules.cards[token].id, "from": holder, "count": len(back)})
        if token in run.rules.pieces.blocking:
            _blocks(run, token, holder)


def _home(run, env, token, uid: int) -> None:
    """A piece back into its pool: its owner's when its token's pieces are a Team's own, else
    the shared one, nobody's again."""
    state, p = run.state, run.rules.pieces
    if token in p.teamed:
        _move(state, uid, _pool_key(run, env, state.owners[uid]))
    else:
        _move(state, uid, p.pool_zone if p.pool_per is None and p.pool_zone is not None else _pool_key(run, env, None))
        state.owners[uid] = None


def remove(run, env, token, count=1, **where) -> None:
    """Up to `count` pieces of the token on each holder (`from`; those `of` owns) back into their pool."""
    _back(run, env, token, where.get("from"), count, "remove", where.get("of"))


def remove_all(run, env, token, **where) -> None:
    _back(run, env, token, where.get("from"), None, "remove", where.get("of"))


def take(run, env, token, **where) -> None:
    """Up to `count` pieces of the token from one holder to another, the first lying there
    (the top of an ordered pile); nothing when either is none (no one to hand a piece to)."""
    state = run.state
    source, to = where.get("from"), where.get("to")
    if source is None or to is None:
        return
    from .kept import reown, taken
    moved = taken(run, token, _at(run, source, token), to)[:max(int(where.get("count", 1) or 0), 0)]
    key = holder_key(run, to)
    for uid in moved:
        _move(state, uid, key)
        reown(run, state.cards[uid], uid, to)
    state.log.append({"event": "take", "token": _token_id(run, token), "from": source, "to": to,
                      "count": len(moved)})
    _blocks(run, token, source)
    _blocks(run, token, to)


def _blocks(run, token, holder) -> None:
    """A blocking piece moved onto or off an edge: the edge's block in step with it (edges.py)."""
    if token in run.rules.pieces.blocking and run.rules.layout is not None and holder in run.rules.layout.edges:
        sync(run, holder)


PRIMITIVES = {"place": place, "remove": remove, "remove-all": remove_all, "take": take}


# -- imported here, once: at the end, as these modules import this one's names (cycles): where pieces
# lie and `has`/`count` (pieces_at.py); what pieces
# forbid and when they go back (discards.py), named here as before; a pool's plain pieces (flip.py)
from .pieces_at import _at, _of, _owned, count, has, holder_key  # noqa: E402,F401
from .discards import _concerned as concerned, discard_due, restricted_plans  # noqa: E402,F401
from .flip import load as load_sides, turned  # noqa: E402
from .kept import heap  # noqa: E402

FUNCTIONS = {"has": has, "count": count}  # pieces_at.py's
from .edges import encloses, sync  # noqa: E402 - blocking pieces on edges (edges.py)
