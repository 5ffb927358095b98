"""A chained action's guard split by the parameters its parts read, each asked once they are set.

`place (figure = figures-of(me), part = parts-of(figure), die = dice-of(me))` guarded by
`space-of(figure) != none and not used(figure, part) and ...`: the first part of the guard is
asked once per figure, the second once per figure and part, not once per combination with
each die (chained.chained_menu). The
parts of a top-level `and` keep their order: a part is asked at the first parameter by which
every part up to it can be (a part never runs where one before it would have said no), and
only when they ask and draw nothing (compile.pure). Those that read no parameter are asked
once per listing (actions.menu's `once`), before any domain. A domain that reads no parameter
before it (`die = dice-of(me)`) is listed once per listing too (`free_domains`)."""
from __future__ import annotations

from .compile import compiled, pure


class Levels(tuple):
    """A chained action's guard by parameter: item i is asked once the parameters 0 .. i are
    set (None: nothing is asked there); the last item, once all are, per combination."""


def leveled(guard: dict, keys: tuple) -> tuple:
    """(the parts read before any parameter as a tuple of functions, or None; the Levels of the
    rest, or None when the guard cannot be split so: asked whole, per combination)."""
    if not keys:
        return None, None
    items = guard["items"] if guard["e"] == "and" else [guard]
    at: list[list] = [[] for _ in range(len(keys) + 1)]  # 0: before any parameter; i + 1: once i is set
    level = 0
    for item in items:
        if not pure(item):  # it may ask: with the rest, per combination
            level = len(keys)
        else:
            read = [i for i, key in enumerate(keys) if not pure(item, frozenset([key]))]
            level = max(level, max(read) + 1 if read else 0)
        at[level].append(item)
    if not any(at[:-1]):
        return None, None
    once = tuple(compiled(item) for item in at[0]) or None
    return once, Levels(_joined(parts) for parts in at[1:])


def _joined(items: list):
    """The parts as one function (an `and` of them), None for none."""
    if not items:
        return None
    return compiled(items[0] if len(items) == 1 else {"e": "and", "items": items})


def free_domains(params: list) -> frozenset:
    """The places of the parameters whose domain reads none of the parameters before it and
    asks and draws nothing: listed once per listing by chained.chained_menu (Chained.free)."""
    return frozenset(i for i, (_name, domain) in enumerate(params)
                     if domain is not None and pure(domain, frozenset("var:" + n for n, _d in params[:i])))
