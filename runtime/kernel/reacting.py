"""Which triggers of a card type that `reacts-from` a zone answer an event from it, and which are heard in play.

A card type's `reacts-from hand` makes its cards Reactions: each trigger of theirs that hears a
raised event offers the card from its owner's hand (events._offer). Two declarations beside it
narrow that, so a keyword of some cards of several card types says it: `reacts-to [assail]`,
only triggers on those events answer from the zone; `reacts-if warded`, only the cards whose
property of that name is set (not 0, not absent) answer. A trigger
that does not answer is heard as any card's is, while the card lies in a zone marked `in-play`
(listeners.Heard: the table's `cards`, not its `reactions`). Without either, every trigger of
the card type answers, as before."""
from __future__ import annotations


def load(rules, tops: list) -> None:
    """{card type: (its `reacts-to` events or None, its `reacts-if` property or None)} of the
    card types that react from a zone and narrow it, kept as `rules.reacting` (listeners.load_events)."""
    narrowed = {}
    for c in tops:
        props = c["props"]
        if c["kind"] == "card-type" and "reacts-from" in props and ("reacts-to" in props or "reacts-if" in props):
            events = props["reacts-to"]["value"] if "reacts-to" in props else None
            keyword = props["reacts-if"]["value"] if "reacts-if" in props else None
            narrowed[c["id"]] = (frozenset(events) if events is not None else None, keyword)
    rules.reacting = narrowed


def answers(rules, qid: str, event: str) -> bool:
    """Whether the printed card `qid`'s triggers on `event` answer it from the zone its card type
    reacts from (else they are heard while it lies in play)."""
    card = rules.cards[qid]
    if card.type not in rules.hearing.reacts:
        return False
    narrowed = rules.reacting.get(card.type)
    if narrowed is None:
        return True
    events, keyword = narrowed
    if events is not None and event not in events:
        return False
    if keyword is not None:
        value = card.props.get(keyword, rules.card_types[card.type].props.get(keyword, {}).get("default"))
        return bool(value)
    return True
