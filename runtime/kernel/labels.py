"""How the values of actions and choices print: a player's seat, a card's printed id (with
`#uid` only where two cards alike differ), a die's value; stable strings that parse back."""
from __future__ import annotations

from collections import Counter

_INT = {int}


def labels(game, values: list, cards: bool = True) -> list[str]:
    """Stable strings for players and cards: a player's seat; a card's id, with `#uid`
    only where two of the values share an id but differ (zone or counters). An int is a
    card only where the values are cards (`cards`): an action's parameter whose domain
    yields numbers prints them as numbers (rules.py, `Action.cards`)."""
    state, printed = game.state, game.rules.cards
    dice = state.dice
    if cards and set(map(type, values)) <= _INT:  # cards only (the common case)
        ids = game._ids
        if len(ids) != len(state.cards):  # a card's printed id by uid: uids are only added
            ids = game._ids = [printed[qid].id for qid in state.cards]
        out = [ids[v] for v in values]
    else:
        out = []
        for v in values:
            if cards and isinstance(v, int) and not isinstance(v, bool):
                out.append(printed[state.cards[v]].id)
            elif dice and isinstance(v, str) and v in dice:  # a die shows its value
                out.append(str(dice[v]["value"]))
            else:
                out.append(str(v))
    if len(set(out)) == len(out):
        return out  # no two alike: nothing to tell apart
    held = None
    for lab, count in Counter(out).items():
        if count < 2:
            continue  # alone with its label: kept as it is
        same = [i for i, other in enumerate(out) if other == lab]
        looks = []
        for i in same:
            v = values[i]
            if cards and isinstance(v, int) and not isinstance(v, bool):
                if held is None:  # the counters on cards, by card: one pass over the counters
                    held = {}
                    for k, n in state.counters.items():
                        at = k.rfind("/#")
                        if at >= 0:
                            held.setdefault(k[at + 2:], []).append((k, n))
                looks.append((state.places[v], tuple(sorted(held.get(str(v), ())))))
            elif isinstance(v, str) and v in dice:
                die = dice[v]
                looks.append((die["owner"], die["on"]))  # two free 3s of a pool: one action
            else:
                looks.append(None)
        if len(set(looks)) > 1:  # alike but not the same: told apart, in order, from those
            look_of, plain = dict(zip(same, looks)), list(same)  # still under the shared label
            for i, look in zip(same, looks):
                if look is not None and any(look_of[j] != look for j in plain):
                    v = values[i]
                    out[i] = game.label(v) if cards and isinstance(v, int) else v
                    plain.remove(i)
    return out
