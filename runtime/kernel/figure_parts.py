"""The parts (Abilities) of a figure's card, indexed once per rules: `abilities-of`, `activated`, `activations`.

A figure's parts lie in zones `TYPE/FIGURE` (dashboards.py); which zones a figure's card
(or the side it plays) has is a fact of the rules, so it is worked out once per card and
read at each call: the zones' cards are read as they lie, never kept."""
from __future__ import annotations

_ZONES: dict[int, tuple] = {}  # id(the rules' Dashboards) -> (the Dashboards, {card qid: (zone prefix, ...)})


def _prefixes(rules) -> dict:
    """Each figure card's zone prefixes (`TYPE/`), one per part in printed order (two parts
    of one type give its zone twice, as dashboards.py always read it), those of a type used
    `once per ...` left out."""
    dash = rules.dash
    hit = _ZONES.get(id(dash))
    if hit is not None and hit[0] is dash:
        return hit[1]
    cards, limited = rules.cards, dash.limited
    table = {card: tuple(cards[part].type + "/" for part in parts if not (limited and cards[part].type in limited))
             for card, parts in dash.parts.items()}
    _ZONES[id(dash)] = (dash, table)
    return table


def abilities_of(run, env, figure) -> list[int]:
    """The cards declared inside these figures' cards (their parts), in printed order."""
    state = run.state
    table = _prefixes(run.rules)
    figures, zones = state.figures, state.zones
    many = isinstance(figure, list)
    out: list[int] = []
    for f in figure if many else () if figure is None else (figure,):
        fig = figures.get(f) if isinstance(f, str) else None
        if fig is not None and "card" in fig:
            for prefix in table.get(fig.get("side") or fig["card"], ()):  # a side's, once chosen
                out += zones.get(prefix + f, ())
    return sorted(set(out)) if many and len(figure) > 1 else out


_KEYS: dict[tuple, tuple] = {}  # (id(the Dashboards), the figure's card, the figure) -> (the Dashboards, its zones)


def _keys(run, figure):
    """The zones of a figure's parts (`TYPE/FIGURE`, a type once), None for a value that is no
    figure of a card; worked out once per figure and card (or side) it plays."""
    fig = run.state.figures.get(figure) if isinstance(figure, str) else None
    if fig is None or "card" not in fig:
        return None
    dash = run.rules.dash
    card = fig.get("side") or fig["card"]
    hit = _KEYS.get((id(dash), card, figure))
    if hit is None or hit[0] is not dash:
        keys = tuple(prefix + figure for prefix in dict.fromkeys(_prefixes(run.rules).get(card, ())))
        hit = _KEYS[(id(dash), card, figure)] = (dash, keys)
    return hit[1]


def activations(run, env, figure) -> int:
    """How many times these figures were made Active this round: the dice placed on their parts
    (a die placed stays until the round ends; dashboards.py). 0 for a figure that is no card."""
    if run.rules.dash is None:
        return 0
    if isinstance(figure, str):  # one figure: a die counts when the card it lies on is in one of its zones
        keys = _keys(run, figure)
        if not keys:
            return 0
        state = run.state
        zones = state.zones
        for key in keys:  # (a loop: no generator, no call a key)
            if key in zones and zones[key]:
                break
        else:
            return 0
        places = state.places
        return len([on for x in state.dice.values() if (on := x["on"]).__class__ is int and places[on] in keys])
    parts = set(abilities_of(run, env, figure))
    return sum(1 for x in run.state.dice.values() if x["on"] in parts) if parts else 0


def activated(run, env, figure=None, **given) -> bool:
    """The figure was made Active on this part this round: a die lies on it. (`given`: the part,
    under the shared word's own parameter name.)"""
    part = None
    for v in given.values():  # the part under its one name (the common case), read without a call
        if v.__class__ is int:
            part = v
            break
    if part is None or run.rules.dash is None:
        return False
    for x in run.state.dice.values():  # a die on the part first: most parts have none (no zones read)
        if x["on"] == part:
            break
    else:
        return False
    if isinstance(figure, str):  # the part is the figure's when it lies in one of its zones
        keys = _keys(run, figure)
        return bool(keys) and 0 <= part < len(run.state.places) and run.state.places[part] in keys
    return part in abilities_of(run, env, figure)
