"""A declared action's menu as one Python function, written once per set of rules.

`offer_function(verb, names, slots, guards, domains, plan)` writes the walk over the
combinations of an action's parameters (runtime/declared_actions.py) as Python source, one
nested `for` per parameter, and compiles it: the guard's terms of each depth are asked
where their parameters are bound, a domain that reads no parameter is read once before the
loops (the last first: an inner parameter without a value leaves no combination; its
values printed once, before the loops), each value is printed once per level, a parameter is
bound in the env's locals only while a later guard or domain may read it there, and an
action's pair `(verb, args)` is made only for a whole combination, its Action once per pair
for the whole run (an action without parameters: its one Action made with the function).
Each level is nested under the conditions that let it offer something, so an action that
offers nothing falls through to the next. For `place-die` (figure,
ability, value) the function reads:

    def offer(eng, env, L, key, out, bound):
        # place-die
        F2 = D2(eng, env) ...                   # dice-of(my-team): once
        if F2:
            F0 = D0(eng, env) ...               # figures-of(my-team): once
            if F0:
                P2 = [<x printed> for x in F2]  # (a loop: no comprehension's call)
                for v0 in F0:
                    L['figure'] = v0
                    if not G1(eng, env): continue       # location-of(figure) != none and ...
                    p0 = <v0 printed>
                    F1 = D1(eng, env) ...               # abilities-of(figure)
                    for v1 in F1:
                        L['ability'] = v1
                        if not G2(eng, env): continue   # not activated(figure, ability)
                        p1 = <v1 printed>
                        for v2, p2 in zip(F2, P2):      # no guard reads `value`: not bound
                            k = ('place-die', (p2, p0, p1))
                            a = MADE.get(k) or ...      # its Action, made once per pair
                            if a not in bound: ...      # two dice of one value: one action
        out.extend(bound)                               # the menu: the Actions in their order

The menu is the same as walking the combinations one by one (the same calls, in the same
order), with fewer Python calls: the guards and domains are the rules' compiled
expressions (runtime/compiled.py), written in where they carry their source, else called.
What the function can know when it is written shortens it further (the `place-die` above is
the plain form): a domain of one component is no loop, one of a word that gives a list is not
made a list, a token action guarded by `flagged` asks the store for the flagged types first,
`abilities-of(figure)` and `place-die`'s Actions are kept per figure (`own_abilities`), and the
Active Character's menu is written for each character (runtime/declared_own.py's `folded`:
its dashboard's Special Ability and Abilities folded in, each value's Action kept)."""
from __future__ import annotations

import re

from .actions import _MADE as MADE_ACTIONS, Action
from .compiled_expressions import source
from .declared_own import folded, hoisted, reads_locals, shared, truth
from .effects import id_of
from .state import Figure
from .turn_words import INT_VALUED, KEYED_BY_VALUE, LIST_VALUED, tokens_on


def offer_function(verb: str, names: tuple, slots: tuple, guards: tuple, domains: tuple, plan):
    """`offer(eng, env, L, key, out, bound)`: adds the action's legal actions to `bound` (Action
    -> (plan, values), given empty), in the order of the combinations, and then its keys to
    `out` (one list of them at the end, not an append per action); `env` is the env
    the guards and domains read and the parameters are bound in, `L` its locals, `key` the
    acting figure's key. `slots`:
    per argument of the printed form, the parameter's index or -1 (the acting figure);
    `guards`: the guard's terms per depth (None: none); `domains`: (fn, reads a parameter
    before it) per parameter. A guard's or domain's Python source (a pure compiled expression
    carries it: runtime/compiled_expressions.py) is written into the function; another is called."""
    return menu_function(f"action {verb}", [(verb, names, slots, guards, domains, plan)])


def menu_function(name: str, actions: list, eng=None, fig: Figure | None = None, empty=None):
    """One function that offers several actions in turn, `offer(eng, env, L, key, out, bound)`
    as offer_function's, with each action's walk written one after the other, each nested under
    its own conditions (its guard's first terms, its domains read once): a menu of seven actions
    is one call, not seven, and an action that offers nothing leaves by falling through.
    `actions`: offer_function's arguments but the last, per action, in the menu's order.

    With `fig` (and its game's `eng`): the menu of that acting character alone, what it reads of
    the character's dashboard folded in (`_folded`), as `offer(eng, env) -> (actions, bound)`,
    never empty: `empty(key)` raises when it would be (not asked when an action is always offered)."""
    ns = {"MADE": MADE_ACTIONS, "MAKE": _make, "PRINTED": printed, "IDS": _IDS, "FIGURE": Figure,
          "TOKENS_ON": tokens_on, "ABILITIES_OF": abilities_of, "KEPT_ENTRY": kept_entry,
          "OWN_ABILITIES": own_abilities, "OWN_ACTION": own_action, "PLAYABLE": playable, "MISS": _MISS}
    # each action's own verb: no two actions offer one Action, so an action whose values cannot
    # print alike adds its entries without asking `bound` first (_entry, _walk)
    ns["DISTINCT"] = len({verb for verb, *_rest in actions}) == len(actions)
    lines = ["def offer(eng, env, L, key, out, bound):" if fig is None else "def offer(eng, env):"]
    if fig is not None:  # its own list and entries, given back
        lines += ["    L = env.locals", "    key = KEY", "    bound = {}"]
        ns["KEY"] = fig.key
    for j, (verb, names, slots, guards, domains, plan) in enumerate(actions):
        ns[f"VERB{j}"], ns[f"PLAN{j}"] = verb, plan
        walk = None if fig is None else folded(j, names, slots, guards, domains, ns, eng, fig, _walk)
        if walk is None:
            walk = _walk(j, names, slots, guards, domains, ns)
        lines += [f"    # {verb}"] + ["    " + line for line in walk]
    # the legal actions, in the order they were offered
    if fig is not None and not any(_ALWAYS.fullmatch(line) for line in lines):  # it may offer nothing
        ns["EMPTY"] = empty
        lines.append("    if not bound: EMPTY(key)")
    lines.append("    out.extend(bound)" if fig is None else "    return [*bound], bound")
    if fig is not None and "L[" not in "\n".join(lines[4:]):
        del lines[1]  # no parameter bound in the env's locals: `L` unread
    text = hoisted("\n".join(lines))
    exec(compile(text, f"<{name}>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    offer = ns["offer"]
    offer.src = text
    return offer


def _printed(v: str) -> str:
    """The source printing the value in `v` as an action's argument (`printed`, in place)."""
    return (f"({v} if (c := {v}.__class__) is int else {v}['id'] if c is dict else {v}.key if c is FIGURE "
            f"else (IDS.get({v}) or PRINTED({v})) if c is str else PRINTED({v}))")


def _walk(j: int, names: tuple, slots: tuple, guards: tuple, domains: tuple, ns: dict) -> list[str]:
    """The lines (unindented) of one action's walk over its combinations, each level nested
    under the conditions that let it offer something (nothing after it in its block)."""
    def src(fn, bound: int) -> str:  # over `eng` and `env`; a bound parameter's value read from its loop's variable
        text = source((fn, False), ns)
        for i in range(bound):
            text = text.replace(f"env.locals.get({names[i]!r})", f"v{i}")
        return text
    count = len(names)
    # a character's own menu (its key fixed) of one parameter whose values are numbers or texts
    kept = "KEY" in ns and count == 1 and getattr(ns[f"PLAN{j}"], "keyed", False)
    guard_src = [None if g is None else truth(src(g, d)) for d, g in enumerate(guards)]
    timing = getattr(ns[f"PLAN{j}"], "playable", None)
    if timing is not None:  # `can-play(v0, T)`: the card's printed part kept by the card (playable)
        ns[f"PLAY{j}"], ns[f"TIMING{j}"] = {}, timing
        guard_src[1] = (f"((cp := PLAY{j}.get(v0, MISS)) is True or cp is not False and (eng.static_eval(cp, env) "
                        f"if cp is not MISS else PLAYABLE(eng, env, PLAY{j}, v0, TIMING{j})))")
    domain_src = [src(fn, i) for i, (fn, _reads) in enumerate(domains)]

    def listed(i: int, indent: str) -> list[str]:  # F{i}: a domain's values as a list
        if _word(ns[f"PLAN{j}"], i) in LIST_VALUED:  # a list already
            return [f"{indent}F{i} = {domain_src[i]}"]
        return [f"{indent}F{i} = {domain_src[i]}",
                f"{indent}if F{i}.__class__ is not list: F{i} = [F{i}] if F{i}.__class__ is dict else [] if F{i} is None "
                f"else F{i} if isinstance(F{i}, list) else [F{i}]"]  # one Ability (a dict), none, a list's subclass
    lines: list[str] = []
    indent = ""
    if guards[0] is not None:
        lines.append(f"if {guard_src[0]}:")
        indent += "    "
    fixed = set()
    flagged = getattr(ns[f"PLAN{j}"], "flagged", None)
    if flagged is not None:  # `tokens-on(W, of: T)` whose guard is `flagged(token, F)`: the store asked first
        where, of, ns[f"FLAG{j}"], kind = flagged
        of_src = 'None' if of is None else source((of, False), ns)
        if kind == "self":  # the acting figure's store: the token types it holds, read once a menu (ST)
            lines += [f"{indent}if ST is not None and not FLAG{j}.isdisjoint(ST):",
                      f"{indent}    F0 = TOKENS_ON(eng, env, env.self_fig, {of_src})"]
        else:
            lines += [f"{indent}W{j} = {source((where, False), ns)}",
                      f"{indent}S{j} = eng.state.board.locations[W{j}].tokens if W{j} is not None else None"
                      if kind == "here" else  # a Location's index or none
                      f"{indent}S{j} = W{j}.tokens if (c := W{j}.__class__) is FIGURE else "
                      f"eng.state.board.locations[W{j}].tokens if c is int else None",
                      f"{indent}if S{j} and not FLAG{j}.isdisjoint(S{j}.totals):",  # a token of type F lies there
                      f"{indent}    F0 = TOKENS_ON(eng, env, W{j}, {of_src})"]
        indent += "    "
        guard_src[1] = f"v0 in FLAG{j}"
        fixed.add(0)
    elif count == 1 and getattr(ns[f"PLAN{j}"], "one", False):  # a component or none (`special-of(self)`)
        lines += [f"{indent}v0 = {domain_src[0]}", f"{indent}if v0 is not None:"]  # no list, no loop
        indent += "    "
        if reads_locals(guard_src[1]):
            lines.append(f"{indent}L[{names[0]!r}] = v0")
        if guards[1] is not None:
            lines.append(f"{indent}if {guard_src[1]}:")
            indent += "    "
        if 0 in slots:  # a component prints as its id
            lines.append(f"{indent}p0 = v0['id'] if v0.__class__ is dict else PRINTED(v0)")
        return lines + _entry(j, slots, count, indent, ns["DISTINCT"])  # one value: one Action
    elif count == 1:  # one parameter (the Move's Location, the card played): its domain after the guard
        lines += listed(0, indent)
        fixed.add(0)
    else:
        for i in range(count - 1, -1, -1):
            if not domains[i][1]:
                lines += listed(i, indent) + [f"{indent}if F{i}:"]
                indent += "    "
                fixed.add(i)
    if flagged is None:  # a guard inside the loops that asks a fixed domain again reads its list
        for i in sorted(fixed):
            if _word(ns[f"PLAN{j}"], i) in LIST_VALUED:  # F{i} is the domain's value itself
                guard_src[1:] = [shared(g, domain_src[i], f"F{i}") for g in guard_src[1:]]
    # a parameter is bound in the env's locals only where a later guard or domain may read them
    read_later = [any(reads_locals(t) for t in guard_src[i + 1:]) or
                  any(reads_locals(domain_src[k]) for k in range(i + 1, count) if k not in fixed) for i in range(count)]
    hoisted = {i for i in fixed if i > 0}  # a fixed domain walked inside a loop: its values printed once
    # (figure, one of its Abilities, a number of a fixed domain: `place-die`): the Actions kept per
    # figure and Ability, by the number (own_abilities)
    own = count == 3 and 2 in hoisted and 1 not in fixed and _of_dashboard(ns[f"PLAN{j}"], 1, names) == 0 \
        and _word(ns[f"PLAN{j}"], 2) in KEYED_BY_VALUE
    for i in sorted(hoisted) if not own else ():
        lines += [f"{indent}P{i} = []", f"{indent}for x in F{i}: P{i}.append({_printed('x')})"]
    for i, name in enumerate(names):
        if own and i == 1:
            ns[f"OWN{j}"], ns[f"SLOTS{j}"] = {}, slots
            lines += [f"{indent}if v0.__class__ is not FIGURE: continue",  # abilities-of: none
                      f"{indent}c = OWN{j}.get(v0.key)",
                      f"{indent}if c is None or c[0] is not v0.side: c = OWN_ABILITIES(eng, v0, OWN{j})"]

            def walk(indent: str, unasked: bool) -> list[str]:  # unasked: no Action of it in `bound` yet
                out = [f"{indent}for v1, acts in c[1]:"]
                if read_later[1]:
                    out.append(f"{indent}    L[{name!r}] = v1")
                if guards[2] is not None:
                    out.append(f"{indent}    if not {guard_src[2]}: continue")
                out.append(f"{indent}    for v2 in F2:")
                if read_later[2]:
                    out.append(f"{indent}        L[{names[2]!r}] = v2")
                if guards[3] is not None:  # a term that reads the number
                    out.append(f"{indent}        if not {guard_src[3]}: continue")
                a = f"acts.get(v2) or OWN_ACTION(acts, VERB{j}, SLOTS{j}, key, (v0, v1, v2))"
                return out + ([f"{indent}        bound[{a}] = (PLAN{j}, (v0, v1, v2))"] if unasked else
                              [f"{indent}        a = {a}", f"{indent}        if a not in bound: bound[a] = (PLAN{j}, (v0, v1, v2))"])
            # the figure, its Ability (ids of one dashboard told apart: c[2]) and the number all printed,
            # the numbers never printed alike: no two combinations print alike
            if ns["DISTINCT"] and {0, 1, 2} <= set(slots) and _word(ns[f"PLAN{j}"], 2) in INT_VALUED:
                return lines + [f"{indent}if c[2]:"] + walk(indent + "    ", True) + [f"{indent}else:"] + \
                    walk(indent + "    ", False)
            return lines + walk(indent, False)
        m = None if i in fixed else _of_dashboard(ns[f"PLAN{j}"], i, names)
        if m is not None:  # `abilities-of(an earlier figure)`: its Abilities and their ids, per dashboard
            ns[f"ABILITIES{j}_{i}"] = {}
            lines += [f"{indent}F{i} = (ABILITIES{j}_{i}.get(v{m}.side['qid']) or ABILITIES_OF(eng, v{m}, "
                      f"ABILITIES{j}_{i})) if v{m}.__class__ is FIGURE else ()"]
        elif i not in fixed:
            lines += listed(i, indent)
        lines.append(f"{indent}for v{i}, p{i} in zip(F{i}, P{i}):" if i in hoisted else
                     f"{indent}for v{i}, p{i} in F{i}:" if m is not None else f"{indent}for v{i} in F{i}:")
        indent += "    "
        if read_later[i]:
            lines.append(f"{indent}L[{name!r}] = v{i}")
        if guards[i + 1] is not None:
            lines.append(f"{indent}if not {guard_src[i + 1]}: continue")
        if i not in hoisted and m is None and i in slots and not kept and not own:
            lines.append(f"{indent}p{i} = {_printed(f'v{i}')}")
    if not count:  # no parameter: one Action, made here, and one entry
        ns[f"ACTION{j}"], ns[f"ENTRY{j}"] = _make((ns[f"VERB{j}"], ())), (ns[f"PLAN{j}"], ())
    if kept:  # one character's menu: the value's Action and entry made once, kept by the value
        ns[f"KEPT{j}"], ns[f"SLOTS{j}"] = {}, slots
        lines.append(f"{indent}e = KEPT{j}.get(v0) or KEPT_ENTRY(KEPT{j}, VERB{j}, PLAN{j}, SLOTS{j}, key, v0)")
        # numbers print apart, and one number's entry is one tuple: set again, nothing changes
        return lines + [f"{indent}bound[e[0]] = e[1]" if ns["DISTINCT"] and _word(ns[f"PLAN{j}"], 0) in INT_VALUED
                        else f"{indent}if e[0] not in bound: bound[e[0]] = e[1]"]
    return lines + _entry(j, slots, count, indent, ns["DISTINCT"] and not count)


_ALWAYS = re.compile(r"    bound\[ACTION\d+\] = ENTRY\d+")  # an action offered at every menu (its entry unasked)
def _word(plan, i: int) -> str | None:
    """The word (function or context) parameter i's domain is, if it is one."""
    decl = getattr(plan, "decl", None)
    domain = decl.params[i][1] if decl is not None else None
    return domain.get("name") if domain and domain.get("e") in ("fn", "ctx") else None


def _of_dashboard(plan, i: int, names: tuple) -> int | None:
    """The index of the earlier parameter whose Abilities parameter i's domain is
    (`abilities-of(figure)`: read from the figure's dashboard alone), else None."""
    decl = getattr(plan, "decl", None)
    domain = decl.params[i][1] if decl is not None else None
    if not domain or domain.get("e") != "fn" or domain.get("name") != "abilities-of":
        return None
    arg = (domain.get("args") or {}).get("figure") or {}
    if arg.get("e") in ("param", "var") and arg.get("name") in names[:i]:
        return names.index(arg["name"])
    return None


def abilities_of(eng, fig: Figure, known: dict) -> list:
    """A figure's Abilities (TurnMixin.abilities: its dashboard's) with each one's printed id,
    kept in `known` by the dashboard's qid."""
    pairs = known[fig.side["qid"]] = [(a, printed(a)) for a in eng.abilities(fig)]
    return pairs


def own_abilities(eng, fig: Figure, known: dict) -> tuple:
    """(its dashboard, [(Ability, {number: Action})], whether no two of them share an id) of a
    figure, kept in `known` by its key: its Abilities (TurnMixin.abilities), each with the
    Actions made so far by own_action."""
    abilities = eng.abilities(fig)
    made = known[fig.key] = (fig.side, [(a, {}) for a in abilities], len({a["id"] for a in abilities}) == len(abilities))
    return made


def own_action(acts: dict, verb: str, slots: tuple, key, values: tuple) -> Action:
    """The Action of `values` (figure, Ability, number) printed by the slots, kept in `acts` by the
    number (the figure's and the Ability's own table)."""
    args = tuple(printed(values[s]) if s >= 0 else key for s in slots)
    a = acts[values[-1]] = MADE_ACTIONS.get((verb, args)) or _make((verb, args))
    return a


def kept_entry(kept: dict, verb: str, plan, slots: tuple, key, value) -> tuple:
    """(Action, entry) of an action of one parameter at `value` (a number or a text) in the menu
    of the character `key`, made and kept in `kept` by the value: the same for every menu."""
    args = tuple(printed(value) if s >= 0 else key for s in slots)
    made = kept[value] = (MADE_ACTIONS.get((verb, args)) or _make((verb, args)), (plan, (value,)))
    return made


def playable(eng, env, kept: dict, card, timing: str):
    """`can-play(card, timing)` (runtime/functions.py's `_can_play`), what it reads of the card's
    printed declaration kept in `kept` by the card: False (no effect, another timing), True (no
    condition) or the condition, asked at each menu."""
    comp = eng.rules.by_qid.get(card) if isinstance(card, str) else None
    if comp is None or "effect" not in comp["effects"]:
        kept[card] = False
        return False
    p = comp["props"].get("timing")
    if (p["value"] if p is not None else None) != timing:
        kept[card] = False
        return False
    guard = kept[card] = comp["effects"]["effect"]["when"]
    if guard is None:
        kept[card] = True
        return True
    return eng.static_eval(guard, env)


_MISS = object()  # no entry yet in a `playable` table


def _entry(j: int, slots: tuple, count: int, indent: str, unasked: bool = False) -> list[str]:
    """The lines that add a whole combination's Action and entry to `bound` (once per Action;
    `unasked`: the action offers one Action, which no other action offers: set, not asked)."""
    if not count:  # no parameter: one Action, made with the function (_walk), and one entry
        return [f"{indent}bound[ACTION{j}] = ENTRY{j}" if unasked else f"{indent}if ACTION{j} not in bound: bound[ACTION{j}] = ENTRY{j}"]
    args = ", ".join(f"p{s}" if s >= 0 else "key" for s in slots)
    values = ", ".join(f"v{i}" for i in range(count))
    return [f"{indent}k = (VERB{j}, ({args}{',' if len(slots) == 1 else ''}))",
            f"{indent}a = MADE.get(k) or MAKE(k)",  # an Action is a non-empty tuple
            f"{indent}{'' if unasked else 'if a not in bound: '}bound[a] = (PLAN{j}, ({values}{',' if count == 1 else ''}))"]


def printed(value):
    """A value as an action's argument: a figure by its key, a card, token or Ability by its
    id, a Location by its board index (printed Ln), a die by its face.

    >>> printed(4), printed({"id": "first-ability", "qid": "box/hero/first-ability"})
    (4, 'first-ability')
    """
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
def _make(k: tuple) -> Action:
    """The Action of a pair (verb, args) that runtime/actions.py's `_MADE` does not hold yet: made and kept there."""
    return Action(*k)
