"""Who hears a game's own events: read once at load, a table per event made at its first raise.

A game declares its events (`event hit "A hit" (attacker, target) { amount }`). Six kinds of
listener hear one, always in this order: the game's `rule`s (in declaration order), the pieces
lying on holders and the figures that are cards (`components`: also for structure events,
`hear_structure`), the cards lying in a zone marked `in-play` (zones in declaration order, a
zone kept per player in seat order, its cards in order), the triggers installed by `until
EVENT { on ... }` (in the order installed), then the cards of a card type that `reacts-from`
a zone, offered to their owners (events.py). A listener's once-per limit is kept in the rules
(`Hearing.once`), and installed triggers and spent limits in the state (once.py). A game that
declares no event pays nothing: nothing here runs."""
from __future__ import annotations

from .once import NEXT, PERIODS, UNTIL, expire, listener_key, make_until, spend, spent  # noqa: F401 - (re-exported)
from .landers import Landers
from .reacting import answers, load as load_reacting
from .rules import KernelError, index_bodies


class Hearing:
    """What the game's events need, read once from the IR (load_events): the events, the
    zones in play, the zones cards react from, the cards' triggers; and, made at an event's
    first raise, its table of listeners (`heard`)."""

    __slots__ = ("events", "in_play", "reacts", "card_triggers", "heard", "expires", "piece_triggers",
                 "figure_triggers", "structure", "space_triggers", "_per", "_keys", "once", "_react_keys",
                 "landers", "components")

    def __init__(self) -> None:
        self.events: dict[str, dict] = {}  # event id -> {"amount": bool, "body": list, "about": field or None}
        self.in_play: list[str] = []  # zones marked `in-play`, in declaration order
        self.reacts: dict[str, str] = {}  # card type -> the zone its cards react from
        self.card_triggers: dict[str, list] = {}  # printed card qid -> its triggers
        self.heard: dict[str, "Heard"] = {}
        self.expires = False  # an installed trigger or a once-per limit may wait for a structure event
        self.piece_triggers: dict[str, list] = {}  # token qid -> its triggers, heard while a piece lies on a holder
        self.figure_triggers: dict[str, list] = {}  # figure card qid -> [(part qid or None, trigger)]
        self.structure = False  # a piece, a tile or a figure hears a structure event (rounds.run_triggers)
        self.space_triggers: dict[str, list] = {}  # tile (space) id -> its card's triggers, heard while it is in play
        self.once: dict[int, str] = {}  # id(trigger) -> its `once per` period (turn, round, game): once.py
        self.landers: dict = {}  # event -> its lander (landers.Landers, made by load_events)
        self.components: set = set()  # the events a piece, a tile or a figure hears (heard.hear_structure)

    def in_play_per(self, rules) -> list:
        """(zone, how it is kept: "player", "team" or None) of the zones in play, read once."""
        try:
            return self._per
        except AttributeError:
            self._per = [(zone, rules.zones[zone].per) for zone in self.in_play]
            return self._per

    def in_play_keys(self, rules, state) -> list:
        """The keys of the zones in play, in order (a zone kept per player in seat order, per Team
        in Team order), found again only for another list of seats or dict of Teams: the seats
        and the Teams' ids are set at setup and never change in place (a copy is another)."""
        return self._seat_keys("_keys", state, lambda: self.in_play_per(rules), False)

    def react_keys(self, rules, state) -> list:
        """The keys of every pile of the zones cards react from (each player's, each Team's and
        the table's), found again only for another list of seats or dict of Teams (in_play_keys)."""
        return self._seat_keys("_react_keys", state, lambda: [(zone, rules.zones[zone].per) for zone in
                                                              dict.fromkeys(self.reacts.values())], True)

    def _seat_keys(self, slot: str, state, zones, table: bool) -> list:
        """The piles' keys of the zones `zones()` lists ((zone, per) pairs, asked only when the keys
        are found again), kept in `slot` for these seats and Teams (`table`: a zone kept per Team
        has the table's pile too)."""
        try:
            players, teams, keys = getattr(self, slot)
            if players is state.players and teams is state.teams:
                return keys
        except AttributeError:
            pass
        keys = []
        for zone, per in zones():
            keys += ([f"{zone}/{p}" for p in state.players] if per == "player" else
                     [f"{zone}/{t}" for t in state.teams] + ([zone] if table else []) if per == "team"
                     else [zone])
        setattr(self, slot, (state.players, state.teams, keys))
        return keys

    def table(self, rules, event: str) -> "Heard":
        here = self.heard.get(event)
        if here is None:
            here = self.heard[event] = Heard(rules, self, event)
        return here


class Heard:
    """Who can hear one event in these rules: the rules' triggers, and the printed cards' in
    play and in answer, by qid; worked out once, so an event nobody hears costs one look-up."""

    __slots__ = ("rules", "cards", "reactions", "silent", "pieces", "figures", "spaces", "last", "dealt",
                 "orders")

    def __init__(self, rules, hearing: Hearing, event: str) -> None:
        self.rules = [t for t in rules.rules if t["event"] == event]
        self.cards: dict[str, list] = {}
        self.reactions: dict[str, list] = {}
        for qid, triggers in hearing.card_triggers.items():
            mine = [t for t in triggers if t["event"] == event]
            if mine:
                reacting = answers(rules, qid, event)  # (reacting.py: `reacts-to`, `reacts-if`)
                (self.reactions if reacting else self.cards)[qid] = mine
        if not hearing.in_play:
            self.cards = {}
        self.pieces = {q: m for q, ts in hearing.piece_triggers.items()
                       if (m := [t for t in ts if t["event"] == event])}
        self.figures = {q: m for q, ts in hearing.figure_triggers.items()
                        if (m := [(part, t) for part, t in ts if t["event"] == event])}
        self.spaces = {s: m for s, ts in hearing.space_triggers.items()
                       if (m := [t for t in ts if t["event"] == event])}
        self.last = None  # heard._pieces_heard's last search, for the state it was made in
        self.dealt = None  # heard._figures_heard's last figures hearing, for the dict of figures it was found in
        self.orders = None  # heard._reranked's orders by places, with the state's cache they were found for
        self.silent = not (self.rules or self.cards or self.reactions or self.pieces or self.figures or self.spaces)


def load_events(rules, game: dict, tops: list) -> None:
    """The game's events, zones in play, reacting card types and cards' triggers (rules.py)."""
    hearing = rules.hearing = Hearing()
    hearing.landers = Landers(rules)
    once = {}
    for child in game["children"]:
        props = child["props"]
        if child["kind"] == "event":
            effect = child["effects"].get("effect")
            named = [f["name"] for f in child.get("fields", ())]  # "about": its field of the figure it is about
            hearing.events[child["id"]] = {"amount": bool(props.get("amount", {}).get("value")), "body": effect["body"]
                                           if effect else [], "about": next((f for f in ("figure", "target") if f in named), None)}
        elif child["kind"] == "zone" and props.get("in-play", {}).get("value"):
            hearing.in_play.append(child["id"])
        elif child["kind"] == "rule" and "once" in props:
            once[child["id"]] = props["once"]["value"]
    for t in rules.rules:
        if t["rule"] in once and t["event"] in hearing.events:
            hearing.once[id(t)] = once[t["rule"]]  # in the rules, not in the IR they were read from
            hearing.expires = True
    for c in tops:
        if c["kind"] == "card-type" and "reacts-from" in c["props"]:
            zone = c["props"]["reacts-from"]["value"]
            if zone not in rules.zones:
                raise KernelError(f"card type '{c['id']}': 'reacts-from {zone}' names no zone of the game")
            hearing.reacts[c["id"]] = zone
    load_reacting(rules, tops)
    comps = [c for top in tops for c in [top] + (top["children"] if top["kind"] == "deck" else [])]
    tokens = rules.pieces.types if rules.pieces is not None else ()
    figures = {q for qs in rules.dash.roster.values() for q in qs} if rules.dash is not None else ()
    tiles = {card.qid: ident for ident, card in rules.layout.printed.items()} if rules.layout is not None else {}
    for c in comps:
        if c["qid"] in figures:
            _figure(rules, hearing, c)
        elif c["qid"] in tiles and c["triggers"]:  # a tile of the board: heard while it is in play
            _once(hearing, c)
            hearing.space_triggers[tiles[c["qid"]]] = c["triggers"]
        elif c.get("qid") in rules.cards and c["triggers"]:
            _once(hearing, c)
            (hearing.piece_triggers if c["kind"] in tokens else hearing.card_triggers)[c["qid"]] = c["triggers"]
    bodies = [e["body"] for e in hearing.events.values()] + [t["body"] for ts in hearing.card_triggers.values()
                                                             for t in ts]
    bodies += [t["body"] for ts in hearing.piece_triggers.values() for t in ts]
    bodies += [t["body"] for ts in hearing.figure_triggers.values() for _part, t in ts]
    bodies += [t["body"] for ts in hearing.space_triggers.values() for t in ts]
    for t in [t for ts in hearing.piece_triggers.values() for t in ts] + \
            [t for ts in hearing.figure_triggers.values() for _part, t in ts] + \
            [t for ts in hearing.space_triggers.values() for t in ts]:
        hearing.components.add(t["event"])
        if t["event"] in UNTIL + ("round-start", "turn-start"):
            hearing.structure = True
        elif t["event"] not in hearing.events:
            known = list(hearing.events) + ["round-start", "round-end", "turn-start", "turn-end"]
            raise KernelError(f"{t['span']}: 'on {t['event']}' hears no event of the game; events: "
                              + ", ".join(known))
    for t in (t for ts in hearing.card_triggers.values() for t in ts):
        if t["event"] not in hearing.events:
            raise KernelError(f"{t['span']}: 'on {t['event']}' on a card hears no event of the game; events: "
                              + (", ".join(hearing.events) or "none"))
    _index(rules, hearing, bodies)
    if hearing.events:
        _quiet(rules, hearing, [game] + tops)


def _quiet(rules, hearing: Hearing, decls: list) -> None:
    """Each `raise` of an event that nobody hearing it can ask about marked `quiet`: no
    Reaction answers it, and no listener's `when` or body (a `raise` in it counted as asking),
    nor the event's `effect`, can ask; a step that raises only such events keeps no copy to
    replay from (asking.py). Worked out once per game at load, kept in the rules (the IR, which
    two games may share, is left as it is)."""
    from ...compiler.ir_ops import ir_statements
    from .asking import asks
    from .chosen import opted
    from .compile import pure
    heard = [t for t in rules.rules] + [t for ts in hearing.card_triggers.values() for t in ts]
    heard += [t for ts in hearing.piece_triggers.values() for t in ts]
    heard += [t for ts in hearing.figure_triggers.values() for _part, t in ts]
    heard += [t for ts in hearing.space_triggers.values() for t in ts]
    heard += [t for s in rules.nodes.values() if s.get("op") == "until" for t in s["body"] if t.get("op") == "trigger"]
    loud = {q for q, ts in hearing.card_triggers.items() if rules.cards[q].type in hearing.reacts for t in ts}
    loud = {t["event"] for q in loud for t in hearing.card_triggers[q]}
    loud |= {t["event"] for t in heard if asks(t["body"], rules) or not pure(t.get("when"))}
    loud |= {e for e, spec in hearing.events.items() if asks(spec["body"], rules)}
    if opted(rules):  # `trigger-order chosen`: two listeners of one player ask which first (chosen.py)
        loud |= set(hearing.events)
    quiet = {}
    for x in ir_statements(decls):  # every statement of the declarations, as the registry walks them
        if x["op"] == "primitive" and x["name"] == "raise":
            event = (x.get("args") or {}).get("event") or {}
            if event.get("e") == "event" and event.get("name") in hearing.events and event["name"] not in loud:
                quiet[id(x)] = x
    rules.__dict__["_quiet_raises"] = quiet  # id -> the statement, kept alive with it
    rules.__dict__.pop("_asks", None)  # (asked above before the marks: asked again)


def _once(hearing: Hearing, comp: dict) -> None:
    """A card's `once per turn|round|game` on each of its triggers (spent per card: listener_key)."""
    once = comp["props"].get("once")
    if once is not None:
        for t in comp["triggers"]:
            hearing.once[id(t)] = once["value"]
        hearing.expires = True


def _figure(rules, hearing: Hearing, comp: dict) -> None:
    """A figure's card: its own triggers and those of the cards declared inside it (its parts),
    or inside one of its sides (heard only while the figure was dealt that side's part)."""
    heard = []
    sided = [g for c in comp["children"] if c["kind"] == "side" for g in c["children"]]
    for c in [comp] + comp["children"] + sided:
        if c["triggers"] and (c is comp or c["qid"] in rules.cards):
            _once(hearing, c)
            heard += [(None if c is comp else c["qid"], t) for t in c["triggers"]]
            if c in sided:
                rules.__dict__.setdefault("_sided_parts", set()).add(c["qid"])
    if heard:
        hearing.figure_triggers[comp["qid"]] = heard


def _index(rules, hearing: Hearing, bodies: list) -> None:
    """Every statement of these bodies by its node id (as rules._index), and whether one of
    the game's bodies installs a trigger (`until`)."""
    index_bodies(rules, bodies)
    hearing.expires = hearing.expires or any(s.get("op") == "until" for s in rules.nodes.values())


# -- imported here, once: at the end, as these modules import this one's names
from .heard import (components, figures_hearing, hear_structure, pieces_hearing,  # noqa: E402,F401 - (re-exported:
                    zone_order, _pieces_heard, _tile_at)  # the pieces, tiles and figures hearing one raise, heard.py)
