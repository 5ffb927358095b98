"""The parts (Abilities) of a figure's card, indexed once per rules: `abilities-of`, `activated`, `activations`.

A figure's parts lie in zones `TYPE/FIGURE` (dashboards.py); which zones a figure's card
(or the side it plays) has is a fact of the rules, so it is worked out once per card and
read at each call: the zones' cards are read as they lie, never kept."""
from __future__ import annotations

from operator import itemgetter

_ON = itemgetter("on")  # what a die lies on (state.dice's records)


def _prefixes(rules) -> dict:
    """Each figure card's zone prefixes (`TYPE/`), one per part in printed order (two parts
    of one type give its zone twice, as dashboards.py always read it), those of a type used
    `once per ...` left out."""
    dash = rules.dash
    try:  # kept on the rules' Dashboards: {card qid: (zone prefix, ...)} (an attribute read, no call)
        return dash.prefixes_kept
    except AttributeError:
        pass
    cards, limited = rules.cards, dash.limited
    table = dash.prefixes_kept = {card: tuple(cards[part].type + "/" for part in parts
                                              if not (limited and cards[part].type in limited))
                                  for card, parts in dash.parts.items()}
    return table


def abilities_of(run, env, figure) -> list[int]:
    """The cards declared inside these figures' cards (their parts), in printed order, each
    once: a figure's zones (`_keys`, a type once) read in order. (Until December 4, 2026 a
    figure with two parts of one type listed that zone twice, so each of those parts came
    twice: a menu over them asked every part twice and offered it once.)"""
    state = run.state
    figures, zones = state.figures, state.zones
    kept = run.rules.dash.__dict__.get("keys_kept") if run.rules.dash is not None else None
    many = figure.__class__ is list or isinstance(figure, list)
    out: list[int] = []
    for f in figure if many else () if figure is None else (figure,):  # (reads by `in` and subscript: no call)
        fig = figures[f] if (f.__class__ is str or isinstance(f, str)) and f in figures else None
        if fig is not None and "card" in fig:
            card = fig["side"] if "side" in fig and fig["side"] else fig["card"]  # a side's, once chosen
            for key in kept[card, f] if kept is not None and (card, f) in kept else _keys(run, f):
                if key in zones:
                    out += zones[key]
    return sorted(set(out)) if many and len(figure) > 1 else out


def _keys(run, figure):
    """The zones of a figure's parts (`TYPE/FIGURE`, a type once), None for a value that is no
    figure of a card; worked out once per figure and card (or side) it plays."""
    figures = run.state.figures
    fig = figures[figure] if (figure.__class__ is str or isinstance(figure, str)) and figure in figures else None
    if fig is None or "card" not in fig:
        return None
    dash = run.rules.dash
    card = fig["side"] if "side" in fig and fig["side"] else fig["card"]
    try:  # kept on the rules' Dashboards: (the figure's card, the figure) -> its zones
        kept = dash.keys_kept
    except AttributeError:
        kept = dash.keys_kept = {}
    if (card, figure) in kept:
        return kept[card, figure]
    keys = kept[card, figure] = tuple(prefix + figure for prefix in dict.fromkeys(_prefixes(run.rules).get(card, ())))
    return keys


def activations(run, env, figure) -> int:
    """How many times these figures were made Active this round: the dice placed on their parts
    (a die placed stays until the round ends; dashboards.py). 0 for a figure that is no card."""
    if run.rules.dash is None:
        return 0
    if figure.__class__ is str or isinstance(figure, str):  # one figure: a die counts when its card lies in its zones
        state = run.state
        figures = state.figures
        fig = figures[figure] if figure in figures else None
        if fig is None or "card" not in fig:
            return 0
        kept = run.rules.dash.__dict__.get("keys_kept")  # _keys(run, figure), its kept answer read in place
        card = fig["side"] if "side" in fig and fig["side"] else fig["card"]
        keys = kept[card, figure] if kept is not None and (card, figure) in kept else _keys(run, figure)
        if not keys:
            return 0
        zones, parts = state.zones, None
        for key in keys:  # the figure's parts (a loop: no generator, no call a key)
            if key in zones and (lying := zones[key]):
                parts = lying if parts is None else parts + lying
        if parts is None:
            return 0
        ons, n = list(map(_ON, state.dice.values())), 0  # what each die lies on, read in C: a die on a
        for part in parts:  # part lies on a uid of the figure's zones (a uid lies in one zone)
            n += ons.count(part)
        return n
    parts = set(abilities_of(run, env, figure))
    n = 0
    for x in run.state.dice.values() if parts else ():  # (a loop: a generator would make `parts` a cell)
        if x["on"] in parts:
            n += 1
    return n


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
    if part not in map(_ON, run.state.dice.values()):  # a die on the part first, read in C: most parts
        return False  # have none (no zones read)
    if figure.__class__ is str or isinstance(figure, str):  # the part is the figure's when it lies in one of its zones
        state = run.state
        figures, places = state.figures, state.places
        fig = figures[figure] if figure in figures else None
        if fig is None or "card" not in fig:
            return False
        kept = run.rules.dash.__dict__.get("keys_kept")  # _keys(run, figure), its kept answer read in place
        card = fig["side"] if "side" in fig and fig["side"] else fig["card"]
        keys = kept[card, figure] if kept is not None and (card, figure) in kept else _keys(run, figure)
        return (True if keys else False) and 0 <= part < len(places) and places[part] in keys
    return part in abilities_of(run, env, figure)
