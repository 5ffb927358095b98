"""The actions a game declares, offered and taken in the engine's turns.

`action VERB "Label" (param = DOMAIN, ...) { effect when GUARD { ... } }` in the shared
game (content/shared/game.mh) is one verb of a decision: its legal actions are every
combination of its parameters' values that the guard allows, evaluated by the rules'
compiled expressions; taking one runs its effect with the parameters bound. The action
that `starts-turn` (`place-die`) is offered alone, to the Team whose turn it is (context
`team-turn`); the others are the Active Character's menu (`self`), in declaration order.

A parameter's domain may read the parameters before it (`ability = abilities-of(figure)`):
the combinations are walked parameter by parameter, and each term of the guard (the items of
its top-level `and`) is asked as soon as the parameters it reads are bound: a term that reads
none once a menu, one that reads only the first parameter once per value of it, and so on.
A domain that reads no parameter is evaluated once a menu.

An action prints by its form in runtime/actions.py (`move hero L4`): a form's argument
named like a parameter takes its value; `figure`, when no parameter is so named, is the
acting figure.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import VERBS, Action, arguments, usage
from .compiled import action
from .effects import Env, id_of
from .state import Figure


# the group of the action a Team takes without a choice when the one that starts its turn
# allows nothing (`fallback`); `menu(..., starts_turn=FALLBACK)` lists what it allows
FALLBACK = "fallback"


class DeclarationError(ValueError):
    """A declared action the engine cannot offer (a verb outside the action grammar, a
    parameter its printed form does not have): the content and runtime/actions.py disagree."""


@dataclass(frozen=True)
class Declared:
    """One declared action of the game, read from the IR once."""

    verb: str
    label: str
    params: tuple  # (name, domain expression), in declaration order
    terms: tuple  # per depth 0..len(params): the guard's terms asked once that many parameters are bound
    body: list | None  # None: the declaration gives no effect (an error when it is offered)
    span: str | None
    slots: tuple  # per argument of the printed form: the parameter's index, or -1 (the acting figure)
    starts_turn: bool | str  # offered alone, to the Team whose turn it is (`starts-turn`); FALLBACK: `fallback`


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
    props = comp.get("props") or {}
    starts = FALLBACK if props.get("fallback", {}).get("value") else bool(props.get("starts-turn", {}).get("value"))
    return Declared(verb, comp.get("name") or verb, params, _by_depth(effect["when"] if effect else None, names),
                    effect["body"] if effect else None, comp.get("span"), slots, starts)


def _by_depth(guard: dict | None, names: list[str]) -> tuple:
    """A guard `A and B and C` as its terms grouped by how many parameters must be bound to ask
    them (the last parameter each reads), each group joined by `and` again (None: no term). A
    guard is a condition: it changes nothing, so its terms may be asked in this order."""
    groups: list[list] = [[] for _ in range(len(names) + 1)]
    if guard is not None:
        for term in guard["items"] if guard.get("e") == "and" else [guard]:
            read = [i for i, name in enumerate(names) if _reads(term, {name})]
            groups[max(read) + 1 if read else 0].append(term)

    def joined(items):
        return None if not items else items[0] if len(items) == 1 else {**guard, "e": "and", "items": items}
    return tuple(joined(items) for items in groups)


def _reads(node, names: set) -> bool:
    if isinstance(node, dict):
        if node.get("e") in ("param", "var") and node.get("name") in names:
            return True
        return any(_reads(v, names) for v in node.values())
    if isinstance(node, list):
        return any(_reads(v, names) for v in node)
    return False


def menu(eng, fig: Figure | None, env: Env, starts_turn: bool = False) -> tuple[list[Action], dict]:
    """The legal actions of a decision in the declarations' order, and for each one the
    declared action and the values it binds (`take`): the Active Character's turn (`fig`,
    `env` its own), or, with `starts_turn`, the action that starts the Team's turn (`env` the
    Team's; an empty list when it allows nothing)."""
    out: list[Action] = []
    bound: dict = {}
    key = fig.key if fig is not None else None
    inner = env.child()  # the parameters' values: each guard reads only its own action's
    locals_ = inner.locals
    for decl, guards, domains, names, count, shape in _plans(eng)[starts_turn]:
        once = guards[0]
        if once is not None and not once(eng, env):
            continue
        if count == 1:  # one parameter (the Move's Location, the card played): no walk
            name, guard, verb = names[0], guards[1], decl.verb
            value = domains[0][0](eng, env)
            for value in (value if value.__class__ is list else () if value is None else (value,)):
                if guard is not None:
                    locals_[name] = value
                    if not guard(eng, inner):
                        continue
                printed = _printed(value)
                act = action(verb, (printed,) if shape is _FIRST else (key, printed) if shape is _FIGURE_FIRST
                             else tuple([printed if s >= 0 else key for s in shape]))
                if act not in bound:
                    bound[act] = (decl, (value,))
                    out.append(act)
        elif count == 0:
            act = action(decl.verb, (key,) * len(shape))
            bound[act] = (decl, ())
            out.append(act)
        else:
            _walk(eng, decl, guards, domains, names, env, inner, key, out, bound)
    if not out and not starts_turn:
        raise DeclarationError(f"{key}'s turn offers no action: the shared game (content/shared/game.mh) "
                               "declares none that is legal now; declare `action end-turn` (effect `end-turn()`)")
    return out, bound


_FIRST = (0,)  # a form whose one argument is the parameter (`play CARD`)
_FIGURE_FIRST = (-1, 0)  # the acting figure, then the parameter (`move CHARACTER Ln`)


def _walk(eng, decl: Declared, guards: tuple, domains: tuple, names: tuple, env: Env, inner: Env, key,
          out: list, bound: dict) -> None:
    """Every combination of the parameters' values, walked one parameter after the other; the
    guard's terms of each depth asked as soon as their parameters are bound."""
    last = len(domains) - 1
    values: list = [None] * len(domains)
    # a domain that reads no parameter: its values once a menu, the last first (an inner
    # parameter without a value, as a Team without a free die, leaves no combination)
    fixed: list = [None] * len(domains)
    for i in range(last, -1, -1):
        domain, reads = domains[i]
        if not reads:
            fixed[i] = _as_list(domain(eng, env))
            if not fixed[i]:
                return
    slots = decl.slots
    verb = decl.verb
    locals_ = inner.locals
    printed: list = [key] * (len(domains) + 1)  # each parameter's value as printed; the last: the acting figure
    picks = tuple(s if s >= 0 else len(domains) for s in slots)  # where each argument of the form is

    def walk(i: int) -> None:
        domain, _reads_before = domains[i]
        guard = guards[i + 1]
        name = names[i]
        leaf = i == last
        for value in (fixed[i] if fixed[i] is not None else _as_list(domain(eng, inner))):
            locals_[name] = value
            if guard is not None and not guard(eng, inner):
                continue
            values[i] = value
            printed[i] = _printed(value)
            if not leaf:
                walk(i + 1)
                continue
            act = action(verb, tuple([printed[p] for p in picks]))
            if act not in bound:
                bound[act] = (decl, tuple(values))
                out.append(act)
    walk(0)


def _plans(eng) -> dict:
    """The declared actions that start a turn (`True`) and the others (`False`), each with the
    guard's terms per depth, the domains (with whether each reads a parameter before it) as
    closures of the rules' compiled expressions (runtime/compiled.py) and the parameters'
    names, made once per set of rules."""
    plans = eng.code.__dict__.get("_declared_plans")
    if plans is None:
        plans = {True: [], False: [], FALLBACK: []}
        for decl in declared_actions(eng.rules):
            if decl.body is None:
                raise DeclarationError(f"{decl.span}: action '{decl.verb}' declares no effect: give it one "
                                       "(`effect { ... }`)")
            shape = {_FIRST: _FIRST, _FIGURE_FIRST: _FIGURE_FIRST}.get(decl.slots, decl.slots)
            plans[decl.starts_turn].append((
                decl, tuple(_condition(eng, t) for t in decl.terms),
                tuple((_domain(eng, domain), _reads(domain, {n for n, _d in decl.params[:i]}))
                      for i, (_name, domain) in enumerate(decl.params)),
                tuple(name for name, _domain in decl.params), len(decl.params), shape))
        plans = eng.code.__dict__["_declared_plans"] = {k: tuple(v) for k, v in plans.items()}
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
    """A value as an action's argument: a figure by its key, a card, token or Ability by its
    id, a Location by its board index (printed Ln), a die by its face."""
    cls = value.__class__
    if cls is int:
        return value
    if cls is str:
        known = _IDS.get(value)
        if known is None:
            known = _IDS[value] = id_of(value)
        return known
    if cls is Figure:
        return value.key
    if cls is dict:  # a component: an Ability
        return value["id"]
    return value


_IDS: dict[str, str] = {}  # card or token qid -> its id, as printed


def team_env(eng, team: str, player: str) -> Env:
    """Where the action that starts a Team's turn is asked and taken: the Team, no figure."""
    return Env(player, team, source=eng.rules.game["qid"])


def take(eng, fig: Figure | None, decl: Declared, values: tuple, env: Env | None = None):
    """Run a declared action's effect, its parameters bound: for the acting figure, or, for the
    action that starts a turn, in the Team's `env`."""
    env = eng.fig_env(fig, source=eng.rules.game["qid"]) if fig is not None else env.child()
    for (name, _domain), value in zip(decl.params, values):
        env.locals[name] = value
    yield from eng.run(decl.body, env)
