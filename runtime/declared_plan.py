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
            for v1 in as_list(D1(eng, inner)):  # abilities-of(figure)
                L['ability'] = v1
                if not G2(eng, inner): continue # not activated(figure, ability)
                ...
                for v2 in F2:
                    k = ('place-die', (p2, p0, p1))
                    if k not in bound: ...      # two dice of one value: one action

The menu is the same as walking the combinations one by one (the same calls, in the same
order), with fewer Python calls: the guards and domains are the rules' compiled
expressions (runtime/compiled.py), called directly."""
from __future__ import annotations

from .actions import Action
from .effects import id_of
from .state import Figure


def offer_function(verb: str, names: tuple, slots: tuple, guards: tuple, domains: tuple, plan):
    """`offer(eng, env, inner, L, key, out, bound)`: adds the action's legal actions to `out`
    and `bound` (Action -> (plan, values)), in the order of the combinations; `L` is `inner`'s
    locals, `key` the acting figure's key. `slots`: per argument of the printed form, the
    parameter's index or -1 (the acting figure); `guards`: the guard's terms per depth (None:
    none); `domains`: (fn, reads a parameter before it) per parameter."""
    ns = {"VERB": verb, "PLAN": plan, "MADE": _MADE, "MAKE": _make, "AS_LIST": as_list, "PRINTED": printed,
          "IDS": _IDS, "FIGURE": Figure}
    count = len(names)
    lines = ["def offer(eng, env, inner, L, key, out, bound):"]
    if guards[0] is not None:
        ns["G0"] = guards[0]
        lines.append("    if not G0(eng, env): return")
    fixed = set()
    if count == 1:  # one parameter (the Move's Location, the card played): its domain after the guard
        ns["D0"] = domains[0][0]
        lines.append("    F0 = AS_LIST(D0(eng, env))")
        fixed.add(0)
    else:
        for i in range(count - 1, -1, -1):
            fn, reads = domains[i]
            ns[f"D{i}"] = fn
            if not reads:
                lines += [f"    F{i} = AS_LIST(D{i}(eng, env))", f"    if not F{i}: return"]
                fixed.add(i)
    indent = "    "
    for i, name in enumerate(names):
        source = f"F{i}" if i in fixed else f"AS_LIST(D{i}(eng, inner))"
        lines.append(f"{indent}for v{i} in {source}:")
        indent += "    "
        guard = guards[i + 1]
        if guard is not None or count > 1:  # a later domain or guard may read it
            lines.append(f"{indent}L[{name!r}] = v{i}")
        if guard is not None:
            ns[f"G{i + 1}"] = guard
            lines.append(f"{indent}if not G{i + 1}(eng, inner): continue")
        lines += [f"{indent}c = v{i}.__class__",
                  f"{indent}p{i} = (v{i} if c is int else v{i}.key if c is FIGURE else v{i}['id'] if c is dict "
                  f"else (IDS.get(v{i}) or PRINTED(v{i})) if c is str else PRINTED(v{i}))"]
    args = ", ".join(f"p{s}" if s >= 0 else "key" for s in slots)
    values = ", ".join(f"v{i}" for i in range(count))
    lines += [f"{indent}k = (VERB, ({args}{',' if len(slots) == 1 else ''}))",
              f"{indent}if k not in bound:",
              f"{indent}    a = MADE.get(k)",
              f"{indent}    if a is None: a = MAKE(k)",
              f"{indent}    bound[a] = (PLAN, ({values}{',' if count == 1 else ''}))",
              f"{indent}    out.append(a)"]
    exec(compile("\n".join(lines), f"<action {verb}>", "exec"), ns)
    return ns["offer"]


def as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


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
