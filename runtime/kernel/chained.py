"""Action parameters whose domain reads the parameters before them, listed one after another.

`(figure = figures-of(me), part = abilities-of(figure), die = dice-of(me))`: the legal
actions are each value of the first domain, then each value of the second read with it, and
so on, that the guard allows. Only such an action is walked here (actions._plan marks its
domains `Chained`); an action whose domains read no parameter keeps menu()'s product."""
from __future__ import annotations

from ..actions import Action
from .compile import pure
from .effects import NeedChoice
from .labels import labels


class Chained(tuple):
    """An action's domains (actions._plan) of which one reads a parameter before it."""


def chained(domains: tuple, params: list) -> tuple:
    """The domains, `Chained` when one of them reads an earlier parameter."""
    keys = ["var:" + name for name, _domain in params]
    if any(not pure(domain, frozenset(keys[:i])) for i, (_name, domain) in enumerate(params) if i):
        return Chained(domains)
    return domains


def chained_menu(game, verb: str, domains: tuple, keys: tuple, guard, cards_of: tuple, probe, env: dict,
                 seen: set, texts: list, out: list) -> None:
    """Adds the action's legal combinations to the menu (actions.menu): each parameter's
    domain asked with the values before it set, the guard (asked whole) with them all; of
    combinations that print alike, the first."""
    last = len(domains) - 1

    def walk(i: int, inner: dict, combo: tuple) -> None:
        value = domains[i](probe, inner)
        values = [] if value is None else value if isinstance(value, list) else [value]
        for value, label in zip(values, labels(game, values, cards_of[i])):
            here = dict(inner)
            here[keys[i]] = value
            if i < last:
                walk(i + 1, here, combo + ((value, label),))
                continue
            done = combo + ((value, label),)
            text = " ".join([verb] + [lab for _value, lab in done])
            if text in seen:
                continue
            try:
                allowed = guard is None or guard(probe, here)
            except NeedChoice:
                allowed = False  # a guard asks no question
            if allowed:
                seen.add(text)
                texts.append(text)
                out.append(Action(verb, tuple(v for v, _lab in done), text))

    walk(0, env, ())
