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

An action prints by its declaration's form (`form "{figure} {location:loc}"`: `move hero L4`;
without one, its parameters in order), added to the grammar of runtime/actions.py as the
rules are read: a form's argument named like a parameter takes its value; `figure`, when no
parameter is so named, is the acting figure.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, declare
from .declared_plan import menu_function, offer_function
from .effects import Env, make_env
from .state import Figure
from .turn_words import KEYED_BY_VALUE, ONE_VALUED


# the group of the action a Team takes without a choice when the one that starts its turn
# allows nothing (`fallback`); `menu(..., starts_turn=FALLBACK)` lists what it allows
FALLBACK = "fallback"


class DeclarationError(ValueError):
    """A declared action the engine cannot offer (a form that does not name its parameters, a
    verb of the engine's own questions): the content and runtime/actions.py disagree."""


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
        children = (rules.game or {}).get("children", ())
        forbidding: dict[str, list] = {}  # verb -> the restrictions whose `actions` name it
        for child in children:
            if child["kind"] == "restriction":
                for verb in (child["props"].get("actions") or {}).get("value") or ():
                    forbidding.setdefault(verb, []).append(child)
        known = rules.__dict__["_declared_actions"] = tuple(
            _read(child, forbidding.get(child["id"], ())) for child in children if child["kind"] == "action")
    return known


def _forbidden(effect: dict | None, restrictions) -> dict | None:
    """The effect with its guard's part of each restriction whose `actions` name the action:
    `not restricted(self, NAME)` before the terms the game wrote (the Active Character holds
    no token that restricts NAME), at the restriction's span."""
    if effect is None or not restrictions:
        return effect
    terms = []
    for r in restrictions:
        at = r.get("span")
        terms.append({"e": "not", "x": {"e": "fn", "name": "restricted", "args": {
            "figure": {"e": "ctx", "name": "self", "span": at}, "what": {"e": "str", "v": r["id"], "span": at}},
            "span": at}, "span": at})
    when = effect["when"]
    items = terms + ([] if when is None else when["items"] if when.get("e") == "and" else [when])
    return {**effect, "when": {"e": "and", "items": items, "span": when["span"] if when else terms[0]["span"]}}


def _read(comp: dict, restrictions=()) -> Declared:
    verb = comp["id"]
    params = tuple((p["name"], p["default"]) for p in comp.get("params", ()))
    effect = _forbidden(comp["effects"].get("effect"), restrictions)
    names = [name for name, _domain in params]
    props = comp.get("props") or {}
    slots = ()
    if effect is not None:  # the compiler checked the same (E411): a form of the declaration's parameters
        try:
            form = declare(verb, (props.get("form") or {}).get("value"), names)
        except ValueError as exc:
            raise DeclarationError(f"{comp.get('span')}: {exc}") from None
        slots = tuple(names.index(n) if n in names else -1 for n in form.names)
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
    """The legal actions of a decision in the declarations' order, and for each one its plan
    and the values it binds (`take`): the Active Character's turn (`fig`, `env` its own), or,
    with `starts_turn`, the action that starts the Team's turn (`env` the Team's; an empty
    list when it allows nothing). `env` is made for this decision: the parameters' values
    are bound in its own locals as the walks go (each guard reads only its own action's, and
    `take` binds the chosen action's again), not in a copy of it per menu."""
    if fig is not None and starts_turn is False:  # the acting character's own menu (_fig_menu): never empty
        mine = eng._fig_menus.get(fig.key)
        if mine is not None and mine[0] is fig.side:
            return mine[1](eng, env)
        return _fig_menu(eng, fig)[1](eng, env)
    out: list[Action] = []
    bound: dict = {}
    menus = eng._menus or _menus(eng)  # the rules' menus, kept on the engine: one look-up a decision
    menus[starts_turn](eng, env, env.locals, fig.key if fig is not None else None, out, bound)
    if not out and not starts_turn:
        no_action(fig.key if fig is not None else None)
    return out, bound


def no_action(key) -> None:
    """The error of a turn whose menu offers nothing (a character's own menu raises it too)."""
    raise DeclarationError(f"{key}'s turn offers no action: the shared game (content/shared/game.mh) "
                           "declares none that is legal now; declare `action end-turn` (effect `end-turn()`)")


class Plan:
    """A declared action compiled once per set of rules: `offer(eng, env, locals, key, out,
    bound)` adds its legal actions to a menu, a function made from Python source with one
    loop per parameter (runtime/declared_plan.py; a menu runs the walks of all its actions in
    one such function, made from `parts`); `names` and `run` are what `take` binds and runs."""

    __slots__ = ("decl", "names", "run", "offer", "parts", "flagged", "one", "keyed", "playable")

    def __init__(self, decl: Declared, names: tuple, run, offer) -> None:
        self.decl = decl
        self.names = names
        self.run = run
        self.offer = offer
        self.flagged = None  # (where, of, the token types flagged): _flagged_tokens
        self.one = False  # one parameter whose domain is one component or none (turn_words.ONE_VALUED)
        self.keyed = False  # one parameter whose values are numbers or texts (turn_words.KEYED_BY_VALUE)
        self.playable = None  # that parameter's guard `can-play(card, "T")` alone: "T" (_playable)


def _plans(eng) -> dict:
    """The declared actions that start a turn (`True`) and the others (`False`) as Plans, made
    once per set of rules."""
    plans = eng.code.__dict__.get("_declared_plans")
    if plans is None:
        plans = {True: [], False: [], FALLBACK: []}
        for decl in declared_actions(eng.rules):
            if decl.body is None:
                raise DeclarationError(f"{decl.span}: action '{decl.verb}' declares no effect: give it one "
                                       "(`effect { ... }`)")
            plans[decl.starts_turn].append(_plan(eng, decl))
        plans = eng.code.__dict__["_declared_plans"] = {k: tuple(v) for k, v in plans.items()}
    return plans


def _menus(eng) -> dict:
    """Per group of _plans, one function that offers all its actions in order
    (declared_plan.menu_function), made once per set of rules."""
    menus = eng.code.__dict__.get("_declared_menus")
    if menus is None:
        menus = eng.code.__dict__["_declared_menus"] = {
            group: menu_function(f"menu {group}", [plan.parts for plan in plans])
            for group, plans in _plans(eng).items()}
    eng._menus = menus
    return menus


def _fig_menu(eng, fig: Figure) -> tuple:
    """The Active Character's menu written for one character (declared_plan.menu_function with
    `fig`: what the actions read of its dashboard folded in), made once per set of rules,
    dashboard and key, and kept on the engine by key with the dashboard it was made for."""
    made = eng.code.__dict__.setdefault("_declared_fig_menus", {})
    key = (fig.side["qid"], fig.key)
    offer = made.get(key)
    if offer is None:
        offer = made[key] = menu_function(f"menu {fig.key}", [plan.parts for plan in _plans(eng)[False]], eng, fig,
                                          no_action)
    mine = eng._fig_menus[fig.key] = (fig.side, offer)
    return mine


def _plan(eng, decl: Declared) -> Plan:
    guards = tuple(_condition(eng, t) for t in decl.terms)
    domains = tuple((_domain(eng, domain), _reads(domain, {n for n, _d in decl.params[:i]}))
                    for i, (_name, domain) in enumerate(decl.params))
    names = tuple(name for name, _domain in decl.params)
    plan = Plan(decl, names, eng.code.body(decl.body), None)
    plan.flagged = _flagged_tokens(eng, decl)
    word = (decl.params[0][1] or {}).get("name") if len(decl.params) == 1 and \
        (decl.params[0][1] or {}).get("e") in ("fn", "ctx") else None
    plan.one, plan.keyed = word in ONE_VALUED, word in KEYED_BY_VALUE
    plan.playable = _playable(decl) if plan.keyed else None
    plan.parts = (decl.verb, names, decl.slots, guards, domains, plan)
    plan.offer = offer_function(*plan.parts)
    return plan


def _flagged_tokens(eng, decl: Declared) -> tuple | None:
    """For an action of one parameter `(token = tokens-on(W, of: T))` whose guard on it is
    `flagged(token, "F")` alone: (W and T compiled, the token types of the rules flagged F, and
    `"self"` or `"here"` when W is that context: a figure's store or a Location's), so that its
    menu asks the store for those types before listing it (runtime/declared_plan.py).
    A token's flags are printed, so the set is made once per set of rules."""
    if len(decl.params) != 1 or decl.terms[1] is None:
        return None
    (name, domain), term = decl.params[0], decl.terms[1]
    flag = (term.get("args") or {}).get("flag") or {}
    token = (term.get("args") or {}).get("token") or {}
    if not (term.get("e") == "fn" and term.get("name") == "flagged" and flag.get("e") == "str"
            and token.get("e") in ("param", "var") and token.get("name") == name
            and (domain or {}).get("e") == "fn" and domain.get("name") == "tokens-on"):
        return None
    where, of = domain["args"].get("where"), domain["args"].get("of")
    if where is None or _reads(where, {name}) or _reads(of, {name}):
        return None
    (w, w_asks), (o, o_asks) = eng.code.expr(where), (eng.code.expr(of) if of is not None else (None, False))
    if w_asks or o_asks:
        return None
    rules = eng.rules
    kind = where.get("name") if where.get("e") == "ctx" and where.get("name") in ("self", "here") else None
    return (w, o, frozenset(t for t in rules.tokens if rules.token_flag(t, flag["v"])), kind)


def _playable(decl: Declared) -> str | None:
    """For an action of one parameter whose guard on it is `can-play(card, "T")` alone: "T", so
    that its menu keeps what the function reads of each card's printed declaration (its effect,
    its timing, its condition) by the card (runtime/declared_plan.py's `playable`)."""
    term = decl.terms[1]
    args = (term or {}).get("args") or {}
    card, timing = args.get("card") or {}, args.get("timing") or {}
    if term is None or term.get("e") != "fn" or term.get("name") != "can-play" or timing.get("e") != "str" \
            or card.get("e") not in ("param", "var") or card.get("name") != decl.params[0][0]:
        return None
    return timing["v"]


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


def team_env(eng, team: str, player: str) -> Env:
    """Where the action that starts a Team's turn is asked and taken: the Team, no figure."""
    return make_env(player, team, source=eng.rules.game["qid"])


def take(eng, fig: Figure | None, plan: Plan, values: tuple, env: Env):
    """Run a declared action's effect, its parameters bound, in the `env` its menu was asked in
    (the acting figure's, made for this choice; or, for the action that starts a turn, the
    Team's, of which a child). The iterator of its decisions, to `yield from`."""
    if fig is not None:  # the game's effect runs, as the game's
        env.source = eng.rules.game["qid"]
    else:
        env = env.child()
    bind = env.locals
    for name, value in zip(plan.names, values):
        bind[name] = value
    return plan.run(eng, env)
