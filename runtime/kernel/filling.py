"""The zones filled with the box's cards: `fill-zones()` (each zone that `starts-with` a card type or a list of them) and the deck's own fill (keeping.shuffle_deck)."""
from __future__ import annotations

from .rules import KernelError
from .writers import moved


def fill_zones(run, env) -> None:
    """`fill-zones()`: each zone of the game that `starts-with` a card type (or a list of them)
    takes the box's cards of that type, each as many times as its `copies`, in the order the rules
    hold them (by id), a list's types one after the other (each holder's pile of a zone kept per
    player or Team its own), shuffled (seeded) when the zone says `shuffled`; logged `fill`."""
    rules, state = run.rules, run.state
    for zone in rules.game["children"]:
        props = zone["props"] if zone["kind"] == "zone" else {}
        ctypes = props["starts-with"]["value"] if "starts-with" in props else None
        if ctypes is None or zone["id"] == rules.zone_roles.get("draw-from"):
            continue  # the deck is shuffle-deck's to fill
        for ctype in [ctypes] if isinstance(ctypes, str) else ctypes:
            if ctype not in rules.card_types:
                raise KernelError(f"zone '{zone['id']}': 'starts-with {ctype}' names no card type; card types: "
                                  + ", ".join(sorted(rules.card_types)))
        if zone["id"] not in rules.zones:
            continue  # left out of the game
        _fill(run, zone["id"], ctypes, "shuffled" in props)


def _fill(run, zone: str, ctypes: str | list, shuffled: bool, flag: str | None = None) -> None:
    """The zone's piles (one per holder of a zone kept per player or Team) take the box's cards
    of the card type (of each card type of a list, one type after the other), each as many times
    as its `copies`, in the order the rules hold them (only those whose `flag` is set, when
    given), shuffled (seeded) if `shuffled`; logged `fill` with the number of cards laid."""
    rules, state = run.rules, run.state
    others = {q for b in rules.brought.values() for q in b["cards"]}  # other boxes' (collection.py): not the box's
    qids = [c.qid for ctype in ([ctypes] if isinstance(ctypes, str) else ctypes) for c in rules.cards.values()
            if c.type == ctype and (flag is None or c.props.get(flag)) and c.qid not in others]
    per = rules.zones[zone].per
    holders = state.players if per == "player" else list(state.teams) if per == "team" else [None]
    for holder in holders:
        key = state.zone_key(zone, holder)
        pile = state.zones.setdefault(key, [])
        for qid in qids:
            for _ in range(rules.cards[qid].copies):  # a card printed `copies N`: N of it
                pile.append(len(state.cards))
                state.cards.append(qid)
                state.owners.append(holder)
                state.places.append(key)
        moved(state)
        if shuffled and pile:
            from .draws import shuffle
            gen = state.random()
            shuffle(gen, pile)
            state.keep(gen)
        state.log.append({"event": "fill", "zone": key, "count": sum(rules.cards[q].copies for q in qids)})
