"""How the values of actions and choices print, as stable strings that parse back.

A player prints as its seat, a card as its printed id (with `#uid` only where two cards
alike differ), a die as its value."""
from __future__ import annotations

_INT = {int}
_INT_STR = {int, str}
_STR = {str}


_DEALS: dict[tuple, tuple] = {}  # the printed card of each uid -> (the rules, each uid's printed id)


def _ids_of(rules, cards: list) -> list[str]:
    """Each card's printed id by uid, made once per deal (the same decks dealt give every uid
    the same card: setup.py copies the table), not once per game."""
    key = tuple(cards)
    hit = _DEALS.get(key)
    if hit is None or hit[0] is not rules:
        if len(_DEALS) > 4096:  # many deals in one process: keep it small
            _DEALS.clear()
        hit = _DEALS[key] = (rules, [rules.cards[qid].id for qid in cards])
    return hit[1]


def labels(game, values: list, cards: bool = True) -> list[str]:
    """Stable strings for players and cards: a player's seat; a card's id, with `#uid`
    only where two of the values share an id but differ (zone or counters). An int is a
    card only where the values are cards (`cards`): an action's parameter whose domain
    yields numbers prints them as numbers (rules.py, `Action.cards`)."""
    if not values:
        return []
    state, printed = game.state, game.rules.cards
    dice = state.dice
    if len(values) == 1:  # one value: nothing to tell apart, printed as the branches below print it
        v = values[0]
        if v.__class__ is str:
            return [v] if cards and not dice else [str(dice[v]["value"]) if v in dice else
                                                   printed[v].id if v in printed else v]
        if v.__class__ is int:
            if not cards:
                return [str(v)]
            ids = game._ids
            if len(ids) != len(state.cards):
                ids = game._ids = _ids_of(game.rules, state.cards)
            return [ids[v]]
    types = set(map(type, values)) if cards else None
    only_cards = cards and types <= _INT
    out = None
    if not cards:  # names (figures, spaces, dice): printed in a loop, no set of their types, no comprehension
        out = []
        for v in values:
            if v.__class__ is not str:
                out = None  # (another value among them: the branches below)
                break
            out.append(str(dice[v]["value"]) if v in dice else printed[v].id if v in printed else v)
    if out is not None:
        pass
    elif only_cards:  # cards only (the common case)
        ids = game._ids
        if len(ids) != len(state.cards):  # a card's printed id by uid: uids are only added
            ids = game._ids = _ids_of(game.rules, state.cards)
        out = list(map(ids.__getitem__, values))
    elif cards and not dice and types <= _INT_STR:  # cards and players (a target)
        ids = game._ids
        if len(ids) != len(state.cards):
            ids = game._ids = _ids_of(game.rules, state.cards)
        out = _cards_and_players(ids, values)
    elif (types if types is not None else set(map(type, values))) <= _STR:  # names (figures, spaces, dice)
        out = _names(dice, printed, values)
    else:
        out = []
        for v in values:
            if cards and isinstance(v, int) and not isinstance(v, bool):
                out.append(printed[state.cards[v]].id)
            elif dice and isinstance(v, str) and v in dice:  # a die shows its value
                out.append(str(dice[v]["value"]))
            elif isinstance(v, str) and v in printed:  # a printed card by its qid (a token: `tokens-on`)
                out.append(printed[v].id)
            else:
                out.append(str(v))
    if len(set(out)) == len(out):
        return out  # no two alike: nothing to tell apart
    return _told_apart(game, values, cards, out, only_cards)


# (the comprehensions below are in functions of their own: in labels() they would make its
# locals cells, paid at every call and every read)
def _cards_and_players(ids: list, values: list) -> list[str]:
    return [ids[v] if type(v) is int else v for v in values]


def _names(dice: dict, printed: dict, values: list) -> list[str]:
    out = []
    for v in values:  # (a loop: a comprehension would make dice and printed cells)
        out.append(str(dice[v]["value"]) if v in dice else printed[v].id if v in printed else str(v))
    return out


def _told_apart(game, values: list, cards: bool, out: list, only_cards: bool) -> list[str]:
    """labels() where two values share a label: alike and the same (cards of one zone, no
    counter on them; dice of one pool) keep it, others are told apart (`#uid`)."""
    state = game.state
    marked = None
    if only_cards and len(set(map(state.places.__getitem__, values))) == 1:
        if "/#" not in "\n".join(state.counters):
            return out  # cards of one zone and no counter on any card (`NAME/#uid`): alike are the same
        marked = {k[k.rfind("/#") + 2:] for k in state.counters if "/#" in k}  # the cards with a counter
        if marked.isdisjoint(map(str, values)):
            return out  # cards of one zone, none of them with a counter: alike are the same
    seen: set[str] = set()
    alike: dict[str, None] = {}  # the labels two values or more share, in order
    for lab in out:
        if lab in seen:
            alike[lab] = None
        else:
            seen.add(lab)
    places = state.places
    for lab in alike:
        same = [i for i, other in enumerate(out) if other == lab]
        if cards and type(values[same[0]]) is int:  # copies of a card: in one zone, no counters?
            where = {places[values[i]] for i in same}
            if len(where) == 1:
                if marked is None:  # the cards with a counter on them (`NAME/#uid`)
                    marked = {k[k.rfind("/#") + 2:] for k in state.counters if "/#" in k}
                if not marked or all(str(values[i]) not in marked for i in same):
                    continue  # the same: one action, one label
        looks = [_look(game, values[i], cards) for i in same]
        if looks.count(looks[0]) == len(looks):
            continue  # alike and the same: one action, one label
        look_of, plain = dict(zip(same, looks)), list(same)  # still under the shared label
        for i, look in zip(same, looks):  # told apart, in order, from those still alike
            if look is not None and any(look_of[j] != look for j in plain):
                v = values[i]
                out[i] = game.label(v) if cards and isinstance(v, int) else v
                plain.remove(i)
    return out


def _look(game, v, cards: bool):
    """What tells two values of one label apart: a card's zone and the counters on it
    (`NAME/#uid`), a die's pool and what it is placed on; None for anything else."""
    state = game.state
    if cards and isinstance(v, int) and not isinstance(v, bool):
        counters = state.counters
        keys = [f"{name}/#{v}" for name in game.rules.counters]
        return state.places[v], tuple(sorted((k, counters[k]) for k in keys if k in counters))
    if isinstance(v, str) and v in state.dice:
        die = state.dice[v]
        return die["owner"], die["on"]  # two free 3s of a pool: one action
    return None
