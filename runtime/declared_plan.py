"""A declared action's menu as one Python function, written once per set of rules.

`offer_function(verb, names, slots, guards, domains, plan)` writes the walk over the
combinations of an action's parameters (runtime/declared_actions.py) as Python source, one
nested `for` per parameter, and compiles it: the guard's terms of each depth are asked
where their parameters are bound, a domain that reads no parameter is read once before the
loops (the last first: an inner parameter without a value leaves no combination), each
value is printed once per level, and an action's pair `(verb, args)` is made only for a
whole combination, its Action once per pair for the whole run. For `place-die` (figure,
ability, value) the function reads:

    def offer(eng, env, inner, L, key, out, bound):
        F2 = D2(eng, env) ...                   # dice-of(my-team): once
        F0 = D0(eng, env) ...                   # figures-of(my-team): once
        for v0 in F0:
            L['figure'] = v0
            if not G1(eng, inner): continue     # location-of(figure) != none and ...
            p0 = <v0 printed>
            F1 = D1(eng, inner) ...             # abilities-of(figure)
            for v1 in F1:
                L['ability'] = v1
                if not G2(eng, inner): continue # not activated(figure, ability)
                ...
                for v2 in F2:
                    k = ('place-die', (p2, p0, p1))
                    a = MADE.get(k) ...         # its Action, made once per pair
                    if a not in bound: ...      # two dice of one value: one action

The menu is the same as walking the combinations one by one (the same calls, in the same
order), with fewer Python calls: the guards and domains are the rules' compiled
expressions (runtime/compiled.py), called directly."""
from __future__ import annotations

from .actions import Action
from .compiled_expressions import source
from .effects import id_of
from .state import Figure


def offer_function(verb: str, names: tuple, slots: tuple, guards: tuple, domains: tuple, plan):
    """`offer(eng, env, inner, L, key, out, bound)`: adds the action's legal actions to `out`
    and `bound` (Action -> (plan, values)), in the order of the combinations; `inner` is the
    `env` the parameters are bound in, `L` its locals, `key` the acting figure's key. `slots`:
    per argument of the printed form, the parameter's index or -1 (the acting figure);
    `guards`: the guard's terms per depth (None: none); `domains`: (fn, reads a parameter
    before it) per parameter. A guard's or domain's Python source (a pure compiled expression
    carries it: runtime/compiled_expressions.py) is written into the function; another is called."""
    return menu_function(f"action {verb}", [(verb, names, slots, guards, domains, plan)], single=True)


def menu_function(name: str, actions: list, single: bool = False):
    """One function that offers several actions in turn, `offer(eng, env, inner, L, key, out,
    bound)` as offer_function's, with each action's walk written one after the other (each in
    a block of its own that it leaves where the single function would return): a menu of
    seven actions is one call, not seven. `actions`: offer_function's arguments but the last,
    per action, in the menu's order."""
    ns = {"MADE": _MADE, "MAKE": _make, "PRINTED": printed, "IDS": _IDS, "FIGURE": Figure, "ONCE": (None,)}
    lines = ["def offer(eng, env, inner, L, key, out, bound):"]
    if not single:
        lines.append("    outer = env")
    for j, (verb, names, slots, guards, domains, plan) in enumerate(actions):
        ns[f"VERB{j}"], ns[f"PLAN{j}"] = verb, plan
        block = _walk(j, names, slots, guards, domains, ns, "return" if single else "break")
        if single:
            lines += ["    " + line for line in block]
        else:
            lines += [f"    env = outer  # {verb}", "    for _once in ONCE:"] + ["        " + line for line in block]
    if len(lines) == 1:
        lines.append("    return")
    text = "\n".join(lines)
    exec(compile(text, f"<{name}>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    offer = ns["offer"]
    offer.src = text
    return offer


def _walk(j: int, names: tuple, slots: tuple, guards: tuple, domains: tuple, ns: dict, leave: str) -> list[str]:
    """The lines (unindented) of one action's walk over its combinations: `leave` where it
    offers nothing (`return`, or `break` out of its block in a menu of several)."""
    bound_names: list[str] = []  # the parameters bound where the source is written

    def src(fn) -> str:  # over `eng` and `env`; a bound parameter's value read from its loop's variable
        text = source((fn, False), ns)
        for i in range(len(bound_names)):
            text = text.replace(f"env.locals.get({bound_names[i]!r})", f"v{i}")
        return text

    def listed(i: int, indent: str) -> list[str]:  # F{i}: a domain's values as a list
        return [f"{indent}F{i} = {src(domains[i][0])}",
                f"{indent}if F{i}.__class__ is not list: F{i} = [] if F{i} is None else F{i} if isinstance(F{i}, list) "
                f"else [F{i}]"]
    count = len(names)
    lines = []
    if guards[0] is not None:
        lines.append(f"if not {src(guards[0])}: {leave}")
    fixed = set()
    if count == 1:  # one parameter (the Move's Location, the card played): its domain after the guard
        lines += listed(0, "")
        fixed.add(0)
    else:
        for i in range(count - 1, -1, -1):
            if not domains[i][1]:
                lines += listed(i, "") + [f"if not F{i}: {leave}"]
                fixed.add(i)
    lines.append("env = inner  # from here, the parameters are bound")
    indent = ""
    for i, name in enumerate(names):
        if i not in fixed:
            lines += listed(i, indent)
        lines.append(f"{indent}for v{i} in F{i}:")
        indent += "    "
        bound_names.append(name)
        guard = guards[i + 1]
        if guard is not None or count > 1:  # a later domain or guard may read it
            lines.append(f"{indent}L[{name!r}] = v{i}")
        if guard is not None:
            lines.append(f"{indent}if not {src(guard)}: continue")
        lines += [f"{indent}c = v{i}.__class__",
                  f"{indent}p{i} = (v{i} if c is int else v{i}.key if c is FIGURE else v{i}['id'] if c is dict "
                  f"else (IDS.get(v{i}) or PRINTED(v{i})) if c is str else PRINTED(v{i}))"]
    args = ", ".join(f"p{s}" if s >= 0 else "key" for s in slots)
    values = ", ".join(f"v{i}" for i in range(count))
    lines += [f"{indent}k = (VERB{j}, ({args}{',' if len(slots) == 1 else ''}))",
              f"{indent}a = MADE.get(k)",
              f"{indent}if a is None: a = MAKE(k)",
              f"{indent}if a not in bound:",
              f"{indent}    bound[a] = (PLAN{j}, ({values}{',' if count == 1 else ''}))",
              f"{indent}    out.append(a)"]
    return lines


def printed(value):
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
_MADE: dict[tuple, Action] = {}  # (verb, args) -> its Action, made once


def _make(k: tuple) -> Action:
    a = _MADE[k] = Action(*k)
    return a
