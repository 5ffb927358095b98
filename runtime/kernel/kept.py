"""What a game keeps as pieces: counters kept as a token's pieces, set out at setup, taken with their owner, piles.

A counter that says `kept-as TOKEN` (the shared rules' points, content/shared/game.mh) is no
number: its value for a Team is the pieces of that token lying on the Team and on its figures;
`gain` lays pieces of the Team's own (from its pool, which bounds it) on the Team, `lose` sends
them back. `set-out-on PROP` sets one piece of each Team's own out on every space whose tile
prints PROP at setup, when the token's pool says `set-out-if`'s property. A piece taken from a
holder is one of the receiver's Team when the token's pieces are a Team's own, and, when the
game says `owner-kept-if FLAG`, becomes the receiver's Team's unless its token has FLAG. A
`pile-on` pool's face-down pile lies in the game's `pile-to` zone (kept per space), and `has`,
`take`, `count` and `remove` at a space read its pieces and its pile as one heap.
docs/kernel.md, "Declarations the switch needed read"."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from operator import countOf

from .draws import shuffle as _shuffle
from .rules import KernelError
from .writers import moved


@dataclass(frozen=True)
class Kept:
    counter: str
    token: str  # the qid of the token whose pieces the counter is
    set_out_on: str | None  # a tile's property: one piece of each Team's lies there from setup
    set_out_if: str | None  # ... when the token's pool has this property


def _prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


def load(rules, tops: list[dict]) -> None:
    """The game's counters kept as pieces (each counter's `kept_as`; rules.pieces.kept by
    counter id) and the flag of the tokens that keep their owner when taken (`owner_kept_if`)."""
    rules.pieces.owner_kept_if = _prop(rules.game, "owner-kept-if")
    rules.pieces.pile = _pile_zone(rules, rules.pieces)
    for child in rules.game["children"]:
        token_id = _prop(child, "kept-as") if child["kind"] == "counter" else None
        if token_id is None or child["id"] not in rules.counters:
            continue
        token = next((c["qid"] for c in tops if c["kind"] in rules.pieces.types and c["id"] == token_id), None)
        if token is None:
            raise KernelError(f"counter '{child['id']}': 'kept-as {token_id}' names no token of the game")
        if rules.counters[child["id"]].per != "team":
            raise KernelError(f"counter '{child['id']}': `kept-as` is read for a counter kept per team")
        rules.pieces.kept[child["id"]] = Kept(child["id"], token, _prop(child, "set-out-on"), _prop(child, "set-out-if"))
        rules.counters[child["id"]].kept_as = token


def _pile_zone(rules, pieces) -> str | None:
    """The zone a `pile-on` pool's pieces lie in: the game's `pile-to` (a zone kept per space),
    else the zone of pieces kept per space."""
    name = _prop(rules.game, "pile-to")
    if name is None or name not in rules.zones:  # none, or a mode left it out (its pools too: modes.py)
        return pieces.zones.get("space")
    if rules.zones[name].per != "space":
        raise KernelError(f"game '{rules.game['id']}': 'pile-to {name}' names a zone kept per "
                          f"{rules.zones[name].per or 'no one'}: a pile lies on a space (`per space`)")
    return name


def shuffle_piles(rules, state) -> None:
    """The face-down piles (`pile-on`) shuffled, seeded, once the table is laid."""
    piles = [f"{rules.pieces.pile}/{pile}" for _pool, _counts, pile in rules.pieces.pools if pile]
    if piles:
        gen = state.random()
        for key in dict.fromkeys(piles):
            _shuffle(gen, state.zones[key])
        state.keep(gen)


def heap(run, holder, kinds: tuple, key: str) -> list[int]:
    """The pieces of these tokens lying on a holder (`key` its pile of pieces): on a space whose
    face-down pile lies in a zone of its own (`pile-to`), the space's pieces, then the pile's
    from its top, as one heap, each face of the pool the token is named after among them."""
    state, p = run.state, run.rules.pieces
    cards, has = state.cards.__getitem__, kinds.__contains__
    pile = state.zones.get(key, ())  # its pieces of those kinds picked in C (compress), not walked in Python
    found = list(compress(pile, map(has, map(cards, pile)))) if pile else []
    piles = p.heaps if p.heaps is not None else heaps(run.rules)  # (the space's pile's key, made once per rules)
    if holder in piles:
        pile = state.zones.get(piles[holder])
        if pile:
            found += compress(pile, map(has, map(cards, pile)))
    return found


def heaps(rules) -> dict:
    """{space: the key of its face-down pile} when a `pile-on` pool's pieces lie in a zone of
    their own (`pile-to`), else {}: made once per rules (`Pieces.heaps`), so `heap` and
    pieces_at.count read a space's pile without making its key at each call."""
    p = rules.pieces
    if p.heaps is None:
        own = p.pile is not None and p.pile != p.zones.get("space")
        p.heaps = {space: f"{p.pile}/{space}" for space in rules.spaces} if own else {}
    return p.heaps


def _team(state, holder):
    if holder in state.players:
        return state.team_of(holder)
    return holder if holder in state.teams else None


def _keys(run, team) -> list[str]:
    """The piles of pieces a Team's counter reads: on the Team, then on its figures (the list
    kept, not to be written). They change only with the figures dealt and their owners (each such
    write gives `figures_off_mark` a new number: writers.py) and with the Teams' seats (a new
    `team_by`): kept per Team with both (`Pieces.team_keys`), never for a state not marked."""
    state, p = run.state, run.rules.pieces
    mark, kept = state.figures_off_mark, p.team_keys
    if team in kept and mark:
        got = kept[team]
        if got[0] == mark and got[1] is state.team_by:
            return got[2]
    zones = p.zones
    keys = [f"{zones['team']}/{team}"] if "team" in zones else []
    if "figure" in zones:
        zone, members = zones["figure"], state.teams.get(team, ())
        for f, x in state.figures.items():  # (a loop: a comprehension would make cells)
            if x["owner"] == team or x["owner"] in members:
                keys.append(f"{zone}/{f}")
    if mark:
        kept[team] = (mark, state.team_by, keys)
    return keys


def value(run, counter: str, holder) -> int:
    """A Team's counter kept as pieces: its pieces of the token on the Team and its figures."""
    state, token = run.state, run.rules.counters[counter].kept_as
    team = _team(state, holder)
    if team is None:
        return 0
    cards, zones, n = state.cards.__getitem__, state.zones, 0
    for key in _keys(run, team):  # each pile's pieces of the token counted in C
        pile = zones.get(key)
        if pile:
            n += countOf(map(cards, pile), token)
    return n


def change(run, counter: str, holder, amount: int, add: bool) -> None:
    """Pieces of the Team's own laid on it from its pool (as many as are left) or sent back,
    until its value is its old one plus `amount` (or `amount`, not `add`); logged under the
    counter's id with the Team and its `total`."""
    from .pieces import _move, _pool_key, holder_key
    state, token = run.state, run.rules.counters[counter].kept_as
    team = _team(state, holder)
    if team is None:
        return
    before = value(run, counter, team)
    delta = amount if add else amount - before
    if delta > 0:
        pool = _pool_key(run, {"ctx:me": team}, team)
        key = holder_key(run, team)
        for uid in [u for u in state.zones.get(pool, ()) if state.cards[u] == token][:delta]:
            _move(state, uid, key)
    elif delta < 0:
        held = [u for key in _keys(run, team) for u in state.zones.get(key, ()) if state.cards[u] == token]
        for uid in held[:-delta]:
            _move(state, uid, _pool_key(run, {"ctx:me": team}, state.owners[uid]))
    after = value(run, counter, team)
    if after != before:
        state.log.append({"event": counter, "team": team, "total": after})


def check_teams(rules, state) -> None:
    """Once the setup has run (the Teams formed): a counter kept as pieces of a Team's own has
    pieces for every Team, in the Team's pool or already its own; else a KernelError at the mode
    (or the counter) that keeps it, rather than a counter that silently stays 0 (a pool counted
    by the colours of the game's Teams, played in a mode whose Teams are others)."""
    p = rules.pieces
    if not p.kept or not state.teams:
        return
    for kept in p.kept.values():
        own = {state.owners[u] for u, q in enumerate(state.cards) if q == kept.token}
        short = [t for t in state.teams if t not in own and not any(
            state.cards[u] == kept.token for u in state.zones.get(f"{p.pool_zone}/{t}" if p.pool_per else "", ()))]
        if not short:
            continue
        mode = rules.mode
        where = f"{mode.span}: mode '{mode.id}'" if mode is not None and mode.span else f"game '{rules.game['id']}'"
        token = rules.cards[kept.token].id if kept.token in rules.cards else kept.token
        raise KernelError(f"{where} keeps the counter '{kept.counter}', kept as each Team's own pieces of "
                          f"'{token}', but Teams {', '.join(short)} have none: their '{kept.counter}' would stay 0\n"
                          f"  hint: leave the counter out in the mode (`without counter {kept.counter}`, and the "
                          f"rules that change it), or give the pool of '{token}' pieces for each of its Teams")


def set_out(rules, state) -> None:
    """At setup, once the pools are laid: for each counter kept as a pool's pieces that says
    `set-out-on PROP` (and whose pool has `set-out-if`'s property), one piece of each Team's
    own from its pool on every space whose tile prints PROP."""
    p = rules.pieces
    if not p.kept or "space" not in p.zones:
        return
    printed = rules.layout.printed if rules.layout is not None else {}
    for kept in p.kept.values():
        pool = next((props for pid, props in p.pool_props.items() if kept.token in p.fed[pid]), None)
        if kept.set_out_on is None or pool is None or (kept.set_out_if is not None and not pool.get(kept.set_out_if)):
            continue
        for space in rules.spaces:
            card = printed.get(space)
            if card is None or not card.props.get(kept.set_out_on):
                continue
            for team in rules.team_ids:
                key = f"{p.pool_zone}/{team}" if p.pool_per is not None else p.pool_zone
                uid = next((u for u in state.zones.get(key, ()) if state.cards[u] == kept.token
                            and state.owners[u] == team), None)
                if uid is not None:
                    state.zones[key].remove(uid)
                    state.zones.setdefault(f"{p.zones['space']}/{space}", []).append(uid)
                    state.places[uid] = f"{p.zones['space']}/{space}"
                    moved(state)


def taken(run, token: str, uids: list[int], to) -> list[int]:
    """The pieces a holder may take of those lying there: of a token whose pieces are a Team's
    own, those of the receiver's Team (when any there has an owner)."""
    if token not in run.rules.pieces.teamed:
        return uids
    state = run.state
    team = _team(state, state.figures[to]["owner"] if to in state.figures else to)
    if team is None or not any(state.owners[u] is not None for u in uids):
        return uids
    return [u for u in uids if state.owners[u] == team]


def reown(run, token: str, uid: int, to) -> None:
    """A piece taken becomes the receiver's Team's, unless its token has the game's
    `owner-kept-if` flag (such a piece stays its Team's); a game that says no
    `owner-kept-if` keeps every piece's owner."""
    flag = run.rules.pieces.owner_kept_if
    if flag is None or run.rules.cards[token].props.get(flag):
        return
    state = run.state
    team = _team(state, state.figures[to]["owner"] if to in state.figures else to)
    if team is not None:
        state.owners[uid] = team
        moved(state)
