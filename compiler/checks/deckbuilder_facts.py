"""What a deck-builder's rules and cards say, as its checks read them: the counter a card's
cost is paid from, the card types bought and the zones they are bought from, the main deck,
and what each card does when played (its Power, its draws, what it destroys, gains, discards,
raises or puts into play), through its card type's parts and its own effects.

Nothing here names a game: the counter is the one an action of the game `lose`s by a card's
`prop(..., cost)`; the zones bought from are those that card is taken from (an action's
parameter `cards-in(lineup)`, or `top-card(stack)` written in place); a zone feeds another when
a statement of the game moves a card of the one (`top-card(main)`, a `for each` over its
cards) into the other, or when the other `draws-from` it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# the properties of a `contents` block that are no count
CONTENTS_KEYS = frozenset({"source", "text", "silence", "authored-effects", "distinct-from", "named"})


def copies(col, card: dict) -> int:
    n = col.prop(card, "copies", 1)
    return n if isinstance(n, int) else 1


def games(col) -> dict[str, dict]:
    """The games of the collection that declare zones (the rules kernel's), by id."""
    return {g["id"]: g for g in col.of_kind("game") if any(c["kind"] == "zone" for c in g["children"])}


def _zones(col, expr) -> set[str]:
    return {e["name"] for e in col.exprs(expr) if e.get("e") == "zone"} if isinstance(expr, dict) else set()


def _bodies(col, comp: dict):
    """Every statement of a component and of its children's effects and triggers."""
    for c in col.walk(comp):
        for _label, body, _span in col.bodies(c):
            yield from col.stmts(body)


@dataclass
class Market:
    """What a game sells: `pay` the counter its actions pay a cost from (`pay_name` its display
    name), `bought` each card type bought with where from, in words, the game's card
    types, its cards (those of its card types), and `main`: the zone of the most bought cards
    at the start (the main deck) with them."""

    game: dict
    pay: str
    pay_name: str
    bought: dict[str, str]
    card_types: dict[str, dict]
    cards: list[dict]
    main: tuple[dict, list[dict]] | None = None
    zones: dict[str, dict] = field(default_factory=dict)

    def cards_of(self, type_id: str) -> list[dict]:
        return [c for c in self.cards if c["kind"] == type_id]

    def default(self, card: dict, name: str):
        decl = self.card_types[card["kind"]]["props"].get(name)
        return decl["value"].get("default") if decl is not None and isinstance(decl["value"], dict) else None


def _starts(col, zone: dict) -> list[str]:
    starts = col.prop(zone, "starts-with")
    return [starts] if isinstance(starts, str) else list(starts or [])


def _paid(col, game: dict):
    """(counter, zones bought from) of the game's actions that pay a card's `cost`."""
    pay, bought = None, set()
    for action in (c for c in game["children"] if c["kind"] == "action"):
        params = {p["name"]: p.get("default") for p in action.get("params") or ()}
        for s in _bodies(col, action):
            if s["op"] != "primitive" or s.get("name") != "lose":
                continue
            args = s.get("args") or {}
            for e in col.exprs(args.get("amount") or {}):
                if e.get("e") == "fn" and e.get("name") == "prop" and \
                        (e["args"].get("name") or {}).get("name") == "cost":
                    card = e["args"].get("card") or {}
                    counter = args.get("counter") or {}
                    pay = pay or counter.get("name")
                    if card.get("e") == "param":
                        bought |= _zones(col, params.get(card["name"]))
                    else:
                        bought |= _zones(col, card)
    return pay, bought


def _feeders(col, game: dict, zones: dict[str, dict]) -> dict[str, set[str]]:
    """Each zone's feeders: the zones its cards come from."""
    feeds: dict[str, set[str]] = {}
    each: dict[str, set[str]] = {}  # a `for each` variable: the zones its cards come from
    stmts = list(_bodies(col, game))
    for s in stmts:
        if s["op"] == "for-each":
            each.setdefault(s["var"], set()).update(_zones(col, s.get("source")))
    for s in stmts:
        if s["op"] != "primitive" or s.get("name") not in ("move-card", "gain-card"):
            continue
        args = s.get("args") or {}
        to = _zones(col, args.get("to"))
        card = args.get("card") or {}
        froms = _zones(col, card) | {z for e in col.exprs(card) if e.get("e") == "var" for z in each.get(e["name"], ())}
        for z in to:
            feeds.setdefault(z, set()).update(froms)
    for zid, zone in zones.items():
        source = col.prop(zone, "draws-from")
        if source:
            feeds.setdefault(zid, set()).add(source)
    return feeds


def market(col, game: dict) -> Market | None:
    """What the game sells, or None when no action of it pays a cost (worked out once per
    collection: it reads every card, so it is not kept in `col.memo`, which a Workspace carries
    over to the next check for the components an edit did not change)."""
    if _CACHE.get("col") is not col:
        _CACHE.clear()
        _CACHE["col"] = col
    key = game["qid"]
    if key not in _CACHE:
        _CACHE[key] = _market(col, game)
    return _CACHE[key]


_CACHE: dict = {}


def cards_by_kind(col) -> dict[str, list[dict]]:
    """The cards of the collection's card types, by card type, in qid order (one pass, kept
    for the collection as `market` is)."""
    if _CACHE.get("col") is not col:
        _CACHE.clear()
        _CACHE["col"] = col
    found = _CACHE.get("cards")
    if found is None:
        types = {c["id"] for c in col.of_kind("card-type")}
        found = _CACHE["cards"] = {}
        for _q, c in col.in_order():
            if c["kind"] in types:
                found.setdefault(c["kind"], []).append(c)
    return found


def _market(col, game: dict) -> Market | None:
    pay, bought_zones = _paid(col, game)
    if pay is None:
        return None
    zones = {c["id"]: c for c in game["children"] if c["kind"] == "zone"}
    counters = {c["id"]: c for c in game["children"] if c["kind"] == "counter"}
    feeds = _feeders(col, game, zones)
    types = {c["id"]: c for c in col.of_kind("card-type") if col.prop(c, "game") == game["id"]}
    bought: dict[str, str] = {}
    seen: set[str] = set()
    todo = [(z, z) for z in sorted(bought_zones)]
    while todo:  # the zones bought from, and those that feed them
        z, origin = todo.pop(0)
        if z in seen or z not in zones:
            continue
        seen.add(z)
        for kind in _starts(col, zones[z]):
            if kind in types:
                bought.setdefault(kind, f"zone '{z}'" if z == origin else f"zone '{origin}', filled from '{z}'")
        todo.extend((f, origin) for f in sorted(feeds.get(z, ())))
    by_kind = cards_by_kind(col)
    cards = sorted((c for kind in types for c in by_kind.get(kind, ())), key=lambda c: c["qid"])
    main = None
    for z in sorted(seen):
        held = [c for c in cards if c["kind"] in _starts(col, zones[z]) and c["kind"] in bought]
        n = sum(copies(col, c) for c in held)
        if held and (main is None or n > sum(copies(col, c) for c in main[1])):
            main = (zones[z], held)
    pay_comp = counters.get(pay)
    return Market(game, pay, (pay_comp or {}).get("name") or pay, bought, types, cards, main, zones)


@dataclass
class Does:
    """What one card does when played and from play: `power` the Power its parts and effects
    add (None: an amount only known in play), `trigger_power` what its triggers add, `power_numbers`
    every number of Power it writes or prints, `draws` the cards it draws (None: unknown),
    `draw_numbers` likewise, `primitives` every primitive its effects run, `to_zones` the zones
    it moves or gains cards into, `raises` the events it raises, `slots` its own effect blocks."""

    power: int | None = 0
    trigger_power: int | None = 0
    power_numbers: set = field(default_factory=set)
    draws: int | None = 0
    draw_numbers: set = field(default_factory=set)
    primitives: set = field(default_factory=set)
    to_zones: set = field(default_factory=set)
    raises: set = field(default_factory=set)
    slots: set = field(default_factory=set)
    power_props: set = field(default_factory=set)  # the properties whose parts add Power
    draw_props: set = field(default_factory=set)  # and draw


def _add(total, n):
    return None if total is None or n is None else total + n


def _visit(col, sold: Market, body: list, amount, does: Does, trigger: bool, seen: set, part=None) -> None:
    for s in col.stmts(body):
        if s["op"] == "keyword":
            kw = col.keywords.get(s.get("keyword"))
            if kw is not None and kw["qid"] not in seen:
                seen.add(kw["qid"])
                for _label, kbody, _span in col.bodies(kw):
                    _visit(col, sold, kbody, None, does, trigger, seen, part)
            continue
        if s["op"] != "primitive":
            continue
        name, args = s.get("name"), s.get("args") or {}
        does.primitives.add(name)
        if name in ("move-card", "gain-card"):
            does.to_zones |= _zones(col, args.get("to"))
        if name == "raise":
            ev = args.get("event") or {}
            if ev.get("name"):
                does.raises.add(ev["name"])
        if name == "gain" and (args.get("counter") or {}).get("name") == sold.pay:
            n = _number(args.get("amount"), amount)
            if n is not None:
                does.power_numbers.add(n)
            if part is not None:
                does.power_props.add(part)
            if trigger:
                does.trigger_power = _add(does.trigger_power, n)
            else:
                does.power = _add(does.power, n)
        if name == "draw":
            n = _number(args.get("count"), amount)
            if n is not None:
                does.draw_numbers.add(n)
            if part is not None:
                does.draw_props.add(part)
            does.draws = _add(does.draws, n)


def _number(expr, amount) -> int | None:
    if not isinstance(expr, dict):
        return None
    if expr.get("e") == "num":
        return expr["v"]
    if expr.get("e") == "ctx" and expr.get("name") == "amount":
        return amount
    return None


def does(col, sold: Market, card: dict) -> Does:
    """What a card does (worked out once per card)."""
    key = ("deckbuilder-does", card["qid"], sold.pay)
    hit = col.memo.get(key)
    if hit is not None:
        return hit
    out = Does()
    ct = sold.card_types.get(card["kind"])
    if ct is not None:
        for name in col.prop(ct, "resolve-order") or ():
            slot = ct["effects"].get(name)
            decl = ct["props"].get(name)
            if slot is None or decl is None or not isinstance(decl["value"], dict):
                continue
            value = col.prop(card, name, decl["value"].get("default"))
            if isinstance(value, int) and value > 0:
                _visit(col, sold, slot["body"], value, out, False, set(), name)
    for eff_name, eff in sorted(card["effects"].items()):
        out.slots.add(eff_name)
        _visit(col, sold, eff["body"], None, out, False, set())
    for trig in card["triggers"]:
        _visit(col, sold, [trig], None, out, True, set())
    col.memo[key] = out
    return out


@dataclass
class Bound:
    most: int | None  # None: unbounded
    why: str


def power_bound(col, sold: Market) -> Bound:
    """The most Power one turn can make, from above (C808's doc says how)."""
    hand = 0
    for s in _bodies(col, sold.game):
        if s["op"] == "primitive" and s.get("name") == "draw":
            n = _number((s.get("args") or {}).get("count"), None)
            hand = max(hand, n or 0)
    if not hand:
        return Bound(None, "the game deals no hand of a known size")
    played: list[int] = []
    drawn = 0
    from_play = 0
    for card in sold.cards:  # the triggers of every card (a Super Hero's, in play from the start)
        d = does(col, sold, card)
        if d.power is None or d.draws is None or d.trigger_power is None:
            return Bound(None, f"{card['kind']} '{card['id']}' adds an amount known only in play")
        n = copies(col, card)
        from_play += max(d.trigger_power, 0) * n
        if card["kind"] in sold.bought or col.parent.get(card["qid"]) is not None:  # bought, or dealt
            played += [max(d.power, 0)] * n
            drawn += max(d.draws, 0) * n
    played.sort(reverse=True)
    size = hand + drawn
    best = played[:size]
    most = sum(best) + from_play
    groups = sorted({p: best.count(p) for p in best}.items(), reverse=True)
    sums = " + ".join(f"{n}x{p}" for p, n in groups if p) or "0"
    why = (f"a hand of {hand} and the {counted_cards(drawn)} the cards a player can own may draw, "
           f"the {counted_cards(min(size, len(played)))} of most {sold.pay_name} among them ({sums})"
           + (f", and {from_play} from the triggers of every card of the game" if from_play else ""))
    return Bound(most, why)


def counted_cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"
