"""What a game's cards are worth to a bot and which counters its end scores, read from the rules once: the card properties the end reads, the price its actions spend.

A game that scores its players by the cards they own says so in its rules, in two places the
greedy bot (greedy.py) and `simulate` (play.py) read without knowing the game:

- **scored**: the card properties its end condition's body reads (`prop(CARD, NAME)`, in the
  end's body or a keyword it calls): what a card is worth at the end;
- **prices** and **currencies**: the card properties and counters an action pays by
  (`lose(COUNTER, prop(CARD, NAME))` in an action's body or a keyword it calls): what a card
  costs, and what it is paid with.

A card's worth is the sum of its scored properties and its prices (what it cost stands for
what it does for its owner's deck until the end), read once per card; a player's holding the
worth of the cards in the zones kept for them (`per player`), and half of what they hold of a
currency (unspent, it still buys: but less than what it bought). The end's **scores** are the
counters kept per player that its body writes (`gain`, `set-counter`): `simulate` reports their
mean at the end. A game whose end reads no card property and whose actions pay by none has no
worth (`Worth.weighs` false)."""
from __future__ import annotations

from dataclasses import dataclass

from ...compiler.ir_ops import walk_expressions, walk_statements

SPENT = 0.5  # a currency's unit held, against a card's worth


@dataclass(frozen=True)
class Worth:
    scored: tuple[str, ...]  # card properties the end reads
    prices: tuple[str, ...]  # card properties an action pays by
    currencies: tuple[str, ...]  # counters kept per player an action pays with
    scores: tuple[str, ...]  # counters kept per player the end writes
    owned: tuple[str, ...]  # zones kept per player: a player's own cards
    by_card: dict  # card qid -> its worth

    @property
    def weighs(self) -> bool:
        return bool(self.scored or self.prices)

    def holding(self, state, player: str) -> float:
        """The worth of the player's cards and half of their currencies (module docstring)."""
        zones, cards, by_card, counters = state.zones, state.cards, self.by_card, state.counters
        total = 0.0
        for zone in self.owned:
            for uid in zones.get(f"{zone}/{player}", ()):
                total += by_card.get(cards[uid], 0)
        for counter in self.currencies:
            total += SPENT * counters.get(f"{counter}/{player}", 0)
        return total


def worth_of(rules) -> Worth:
    """The rules' Worth, read once per rules (kept in their `__dict__`)."""
    found = rules.__dict__.get("_worth")
    if found is None:
        found = rules.__dict__["_worth"] = _read(rules)
    return found


def _read(rules) -> Worth:
    from .layout import printed_property
    end = list(_statements(rules, rules.slots.get("end") or []))
    scored = _props(e for s in end for e in _expressions(s))
    scores = _written(rules, end)
    paid = [s for a in rules.actions.values() for s in _statements(rules, a.body or [])
            if s.get("op") == "primitive" and s.get("name") == "lose"]
    prices, currencies = {}, {}
    for s in paid:
        names = _props(walk_expressions((s.get("args") or {}).get("amount") or {"e": "none"}))
        counter = ((s.get("args") or {}).get("counter") or {}).get("name")
        spec = rules.counters.get(counter)
        if names and spec is not None and spec.per == "player":
            prices.update(dict.fromkeys(names))
            currencies[counter] = None
    props = tuple(scored) + tuple(p for p in prices if p not in scored)
    by_card = {}
    for qid, card in rules.cards.items():
        values = [printed_property(rules, card, name) for name in props]
        by_card[qid] = sum(v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool))
    owned = tuple(z.id for z in rules.zones.values() if z.per == "player")
    return Worth(tuple(scored), tuple(prices), tuple(currencies), scores, owned, by_card)


def _statements(rules, body: list, seen: set | None = None):
    """Every statement of the body, and of the keywords it calls (each once)."""
    seen = set() if seen is None else seen
    for s in walk_statements(body):
        yield s
        if s.get("op") == "keyword" and s.get("keyword") not in seen:
            seen.add(s.get("keyword"))
            kw = rules.keywords.get(s.get("keyword")) or {}
            yield from _statements(rules, kw.get("body") or [], seen)


def _expressions(stmt: dict):
    from ...compiler.ir_ops import sub_expressions
    for e in sub_expressions(stmt):
        yield from walk_expressions(e)


def _props(exprs) -> dict:
    """The property names read by `prop(_, NAME)` among the expressions, in order."""
    found = {}
    for e in exprs:
        if e.get("e") == "fn" and e.get("name") == "prop":
            name = ((e.get("args") or {}).get("name") or {})
            if name.get("e") in ("property", "str"):
                found[name.get("name", name.get("v"))] = None
    return found


def _written(rules, body: list) -> tuple:
    """The counters kept per player that the statements write (`gain`, `lose`, `set-counter`):
    those gained by a card's property (`gain(score, prop(c, worth), on: p)`) if any, else all."""
    found, by_prop = {}, {}
    for s in body:
        if s.get("op") == "primitive" and s.get("name") in ("gain", "lose", "set-counter"):
            args = s.get("args") or {}
            name = (args.get("counter") or {}).get("name")
            spec = rules.counters.get(name)
            if spec is not None and spec.per == "player":
                found[name] = None
                if s["name"] == "gain" and _props(walk_expressions(args.get("amount") or {"e": "none"})):
                    by_prop[name] = None
    return tuple(by_prop or found)
