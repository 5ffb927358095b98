"""A chained action's guard split by the parameters its parts read, each asked once they are set.

`place (figure = figures-of(me), part = parts-of(figure), die = dice-of(me))` guarded by
`space-of(figure) != none and not used(figure, part) and ...`: the first part of the guard is
asked once per figure, the second once per figure and part, not once per combination with
each die (chained.chained_menu); each once the next domain lists a value. The
parts of a top-level `and` keep their order: a part is asked at the first parameter by which
every part up to it can be (a part never runs where one before it would have said no), and
only when they ask and draw nothing (compile.pure). Those that read no parameter are asked
once per listing, once the first domain lists a value. A domain that reads no parameter
before it (`die = dice-of(me)`) is listed once per listing too (`free_domains`)."""
from __future__ import annotations

from .compile import compiled, pure


class Levels(tuple):
    """A chained action's guard by parameter: item i is asked once the parameters before the
    i-th are set and its domain lists a value (None: nothing is asked there); the last item,
    once all are, per combination."""

    irs: tuple = ()  # each item's expression (None: nothing asked), as leveled() compiled it


def leveled(guard: dict, keys: tuple):
    """The guard's Levels, or None when it cannot be split so (asked whole, per combination)."""
    if not keys:
        return None
    items = guard["items"] if guard["e"] == "and" else [guard]
    at: list[list] = [[] for _ in range(len(keys) + 1)]  # i: asked once the parameters before the i-th are set
    level = 0
    for item in items:
        if not pure(item):  # it may ask: with the rest, per combination
            level = len(keys)
        else:
            read = [i for i, key in enumerate(keys) if not pure(item, frozenset([key]))]
            level = max(level, max(read) + 1 if read else 0)
        at[level].append(item)
    if not any(at[:-1]):
        return None
    irs = tuple(_joined(parts) for parts in at)
    out = Levels(compiled(ir) if ir is not None else None for ir in irs)
    out.irs = irs  # each item's expression (walks.py writes them into the walk)
    return out


def _joined(items: list):
    """The parts as one expression (an `and` of them), None for none."""
    if not items:
        return None
    return items[0] if len(items) == 1 else {"e": "and", "items": items}


def free_domains(params: list) -> frozenset:
    """The places of the parameters whose domain reads none of the parameters before it and
    asks and draws nothing: listed once per listing by chained.chained_menu (Chained.free)."""
    return frozenset(i for i, (_name, domain) in enumerate(params)
                     if domain is not None and pure(domain, frozenset("var:" + n for n, _d in params[:i])))
