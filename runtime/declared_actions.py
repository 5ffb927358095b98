"""The actions a game declares, offered and taken in the engine's turn.

`action VERB "Label" (param = DOMAIN, ...) { effect when GUARD { ... } }` in the shared
game (content/shared/game.mh) is one verb of the Active Character's menu: its legal
actions are every combination of its parameters' values that the guard allows, evaluated
for the acting figure (`self`) by the rules' compiled expressions; taking one runs its
effect with the parameters bound. The declarations' order is the menu's order. A
declaration without an effect is a verb the engine still builds itself (`builders`).

An action prints by its form in runtime/actions.py (`move hero L4`): a form's argument
named like a parameter takes its value; `figure`, when no parameter is so named, is the
acting figure.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .actions import VERBS, Action, arguments, usage
from .compiled import action
from .effects import Env, id_of
from .state import Figure


class DeclarationError(ValueError):
    """A declared action the engine cannot offer (a verb outside the action grammar, a
    parameter its printed form does not have): the content and runtime/actions.py disagree."""


@dataclass(frozen=True)
class Declared:
    """One declared action of the game, read from the IR once."""

    verb: str
    label: str
    params: tuple  # (name, domain expression), in declaration order
    guard: dict | None  # the part of the guard that reads a parameter: asked for every value
    fixed: dict | None  # the part that reads none: asked once, before the domains
    body: list | None  # None: the engine builds and takes this verb itself
    span: str | None
    slots: tuple  # per argument of the printed form: the parameter's index, or -1 (the acting figure)


def declared_actions(rules) -> tuple[Declared, ...]:
    """The shared game's actions in declaration order, read once per set of rules."""
    known = rules.__dict__.get("_declared_actions")
    if known is None:
        known = rules.__dict__["_declared_actions"] = tuple(
            _read(child) for child in (rules.game or {}).get("children", ()) if child["kind"] == "action")
    return known


def _read(comp: dict) -> Declared:
    verb = comp["id"]
    params = tuple((p["name"], p["default"]) for p in comp.get("params", ()))
    effect = comp["effects"].get("effect")
    names = [name for name, _domain in params]
    if verb not in VERBS:
        raise DeclarationError(f"{comp.get('span')}: action '{verb}' is no verb of the action grammar "
                               f"(runtime/actions.py)")
    slots = ()
    if effect is not None:  # the compiler checked the same (E411): the content and the grammar agree
        form = next((f for f in arguments(verb) if set(names) <= set(f) <= set(names) | {"figure"}), None)
        if form is None:
            raise DeclarationError(f"{comp.get('span')}: the parameters of action '{verb}' ({', '.join(names)}) "
                                   f"are not the arguments of its printed form ({' or '.join(usage(verb))})")
        slots = tuple(names.index(n) if n in names else -1 for n in form)
    guard, fixed = _split(effect["when"] if effect else None, set(names))
    return Declared(verb, comp.get("name") or verb, params, guard, fixed,
                    effect["body"] if effect else None, comp.get("span"), slots)


def _split(guard: dict | None, names: set) -> tuple[dict | None, dict | None]:
    """A guard `A and B and C` as (the terms that read a parameter, those that read none), each
    joined by `and` again (None: no such term). A guard is a condition: it changes nothing, so
    its terms may be asked in this order; those that read no parameter are asked once a menu
    (`free-move-available` before every adjacent Location)."""
    if guard is None:
        return None, None
    terms = guard["items"] if guard.get("e") == "and" else [guard]
    per = [t for t in terms if _reads(t, names)]
    once = [t for t in terms if not _reads(t, names)]

    def joined(items):
        return None if not items else items[0] if len(items) == 1 else {**guard, "e": "and", "items": items}
    return joined(per), joined(once)


def _reads(node, names: set) -> bool:
    if isinstance(node, dict):
        if node.get("e") in ("param", "var") and node.get("name") in names:
            return True
        return any(_reads(v, names) for v in node.values())
    if isinstance(node, list):
        return any(_reads(v, names) for v in node)
    return False


def menu(eng, fig: Figure, env: Env, builders: dict) -> tuple[list[Action], dict]:
    """The legal actions of the acting figure's turn (`env`: its own) in the declarations'
    order, and for each one the declared action and the values it binds (`take`); a verb
    without an effect is built by `builders[verb]()` (a list of Actions, bound to nothing)."""
    out: list[Action] = []
    bound: dict = {}
    for decl, fixed, guard, domains_of in _plans(eng):
        if decl.body is None:
            build = builders.get(decl.verb)
            if build is None:
                raise DeclarationError(f"{decl.span}: action '{decl.verb}' declares no effect and the "
                                       "engine builds no such verb: give it an effect")
            out.extend(build())
            continue
        if fixed is not None and not fixed(eng, env):
            continue
        if not domains_of:
            if guard is None or guard(eng, env):
                act = action(decl.verb, (fig.key,) * len(decl.slots))
                bound[act] = (decl, ())
                out.append(act)
            continue
        inner = env.child()
        names = [name for name, _domain in decl.params]
        for values in product(*[_as_list(domain(eng, env)) for domain in domains_of]):
            for name, value in zip(names, values):
                inner.locals[name] = value
            if guard is not None and not guard(eng, inner):
                continue
            act = action(decl.verb, tuple([_printed(values[i]) if i >= 0 else fig.key for i in decl.slots]))
            if act not in bound:
                bound[act] = (decl, values)
                out.append(act)
    if not out:
        raise DeclarationError(f"{fig.key}'s turn offers no action: the shared game (content/shared/game.mh) "
                               "declares none that is legal now; declare `action end-turn` (effect `end-turn()`)")
    return out, bound


def _plans(eng) -> tuple:
    """Per declared action: it, the guard's two parts and the domains as closures of the rules'
    compiled expressions (runtime/compiled.py), made once per set of rules."""
    plans = eng.code.__dict__.get("_declared_plans")
    if plans is None:
        plans = eng.code.__dict__["_declared_plans"] = tuple(
            (decl, _condition(eng, decl.fixed), _condition(eng, decl.guard),
             tuple(_domain(eng, domain) for _name, domain in decl.params))
            for decl in declared_actions(eng.rules))
    return plans


def _condition(eng, expr):
    if expr is None:
        return None
    fn, asks = eng.code.expr(expr)
    if asks:  # a condition that would ask a question: allowed, as a card's guard is (static_eval)
        return lambda e, env: e.static_eval(expr, env)
    return fn


def _domain(eng, expr):
    if expr is None:
        return lambda e, env: None
    fn, asks = eng.code.expr(expr)
    if asks:
        raise DeclarationError(f"{expr.get('span')}: the domain of an action is a set, not a choice (`one ... in`)")
    return fn


def _as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _printed(value):
    """A value as an action's argument: a figure by its key, a card by its id, a Location
    by its board index (printed Ln)."""
    if value.__class__ is int:
        return value
    if isinstance(value, Figure):
        return value.key
    if isinstance(value, str):
        known = _IDS.get(value)
        if known is None:
            known = _IDS[value] = id_of(value)
        return known
    return value


_IDS: dict[str, str] = {}  # card qid -> its id, as printed


def take(eng, fig: Figure, decl: Declared, values: tuple):
    """Run a declared action's effect for the acting figure, its parameters bound."""
    env = eng.fig_env(fig, source=eng.rules.game["qid"])
    for (name, _domain), value in zip(decl.params, values):
        env.locals[name] = value
    yield from eng.run(decl.body, env)
