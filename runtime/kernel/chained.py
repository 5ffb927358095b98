"""Action parameters whose domain reads the parameters before them, listed one after another.

`(figure = figures-of(me), part = abilities-of(figure), die = dice-of(me))`: the legal
actions are each value of the first domain, then each value of the second read with it, and
so on, that the guard allows. Only such an action is walked here (actions._plan marks its
domains `Chained`); an action whose domains read no parameter keeps menu()'s product. An action
that declares its `form` is walked here too (`Formed`), each combination printed by the form
(runtime/actions.py's one printer): `place 4 gale/gust` for `form "{die:int} {figure}/{part}"`."""
from __future__ import annotations

from ..actions import Action
from .compile import pure
from .effects import NeedChoice
from .labels import labels
from .leveled import Levels
from .walks import walk_of

_GENERATED = [True]  # False: the walk below, as written (tests/test_kernel_speed_menus.py compares the two)


class Chained(tuple):
    """An action's domains (actions._plan) of which one reads a parameter before it."""

    free: frozenset = frozenset()  # the domains that read none of the parameters before them (actions._plan)


class Formed(Chained):
    """An action's domains when it declares its `form`: its strings are printed by it (`printed`)."""

    form = None  # the action's form (runtime/actions.py's _Form)
    fields: tuple = ()  # the parameter printed in each field of the form, in order; -1: the Active figure

    def printed(self, game, labels: list) -> str:
        """The action's string: each field of the form filled with its parameter's label, and
        `{figure}` where no parameter is so named with the Active figure's id (`none` before one is)."""
        state = game.state
        active = state.active_figure if state.active_turn == state.turn else None
        return self.form.fill([labels[i] if i >= 0 else str(active).lower() for i in self.fields])


_FORM_HINT = ("hint: a form names each parameter of the action once, as `{NAME}`, `{NAME:int}` or "
              "`{NAME:loc}`, and `{figure}` for the acting figure when no parameter is so named")


def chained(domains: tuple, params: list, form: str | None = None, verb: str = "", span: str | None = None) -> tuple:
    """The domains, `Chained` when one of them reads an earlier parameter; `Formed` when the
    action declares its form (a KernelError at the declaration's span, with a hint, when the
    form does not name its parameters)."""
    keys = ["var:" + name for name, _domain in params]
    if form is not None:
        from ..actions import declared_form
        from .rules import KernelError
        names = [name for name, _domain in params]
        try:
            out = Formed(domains)
            out.form = declared_form(verb, names, form, own=False)
        except ValueError as exc:
            raise KernelError(f"{span or 'action ' + repr(verb)}: {exc}\n  {_FORM_HINT}") from None
        out.fields = tuple(names.index(name) if name in names else -1 for name in out.form.names)
        return out
    if any(not pure(domain, frozenset(keys[:i])) for i, (_name, domain) in enumerate(params) if i):
        return Chained(domains)
    return domains


def chained_menu(game, verb: str, domains: tuple, keys: tuple, guard, cards_of: tuple, probe, env: dict,
                 seen: set, texts: list, out: list) -> None:
    """Adds the action's legal combinations to the menu (actions.menu): each parameter's
    domain asked with the values before it set, the guard (asked whole) with them all; of
    combinations that print alike, the first."""
    last = len(domains) - 1
    if last >= 0 and _GENERATED[0]:  # the walk below, generated once per plan (walks.py)
        walk_of(verb, domains, keys, guard, cards_of, game.rules.actions.get(verb))(game, probe, env, seen, texts, out)
        return
    printed = domains.printed if domains.__class__ is Formed else None
    levels = guard if guard.__class__ is Levels else None  # asked once their parameters are set (leveled.py)
    if levels is not None:
        guard = levels[-1]

    free, known = domains.free, {}  # a domain that reads no parameter before it: listed once

    def walk(i: int, inner: dict, combo: tuple) -> None:
        listed = known.get(i)
        if listed is None:
            value = domains[i](probe, inner)
            values = [] if value is None else value if isinstance(value, list) else [value]
            listed = (values, labels(game, values, cards_of[i]))
            if i in free:
                known[i] = listed
        if levels is not None and listed[0] and levels[i] is not None and not levels[i](probe, inner):
            return  # the parts of the guard that read only the parameters before this one say no
        for value, label in zip(*listed):
            here = dict(inner)
            here[keys[i]] = value
            if i < last:
                walk(i + 1, here, combo + ((value, label),))
                continue
            done = combo + ((value, label),)
            text = " ".join([verb] + [lab for _value, lab in done]) if printed is None else \
                printed(game, [lab for _value, lab in done])
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

    if last < 0:  # no parameter (an action of a form alone): one action, if the guard allows it
        text = printed(game, [])
        try:
            allowed = guard is None or guard(probe, env)
        except NeedChoice:
            allowed = False  # a guard asks no question
        if allowed and text not in seen:
            seen.add(text)
            texts.append(text)
            out.append(Action(verb, (), text))
        return
    walk(0, env, ())
