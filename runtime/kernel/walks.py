"""A chained action's menu as one function generated per declaration: its domains' loops, the guard's levels and the form's printing written out.

chained.chained_menu walks `(figure = figures-of(me), part = abilities-of(figure), die =
dice-of(me))` one parameter after another; this writes that walk as nested `for` loops in
one Python source, compiled once per action's plan (actions._plan): each domain listed with
the parameters before it set (a domain that reads none of them listed once, first,
`Chained.free`: none listed, no walk), the guard's parts asked where leveled.py put them (once
their parameters are set, before the next domain is listed: domains and levels are pure, so a
no lists nothing under it; a part kept per outer value asked as soon as that value is set),
the whole guard per combination (a question it would ask: not allowed; a pure one before the
combination is printed, so that labels are made only once one is allowed), the string printed by the form's pieces joined as constants (the Active figure's id
read once per menu), and of combinations that print alike the first. The same actions, in the
same order, as the walk (tests/test_kernel_speed_menus.py)."""
from __future__ import annotations

from ..actions import Action
from .effects import NeedChoice
from .compile import compiled, pure, source, sub_expressions
from .labels import labels
from .leveled import Levels

_MADE: dict[tuple, tuple] = {}  # ids of (the action's domains, its guard) -> (the domains, the guard, the walk)
_GUARD_FIRST = [True]  # False: a pure last guard asked after the combination is printed, as before (tests)


def walk_of(verb: str, domains: tuple, keys: tuple, guard, cards_of: tuple, action=None):
    """The action's menu function `walk(game, run, env, seen, texts, out)` (chained_menu's
    walk, generated), made once per plan; None for an action of no parameter. With the
    action's declaration, its domains' and guard's expressions are written into the walk
    (compile.source, as compiled() writes each in a function of its own), not called."""
    key = (id(domains), id(guard), verb)
    hit = _MADE.get(key)
    if hit is not None and hit[0] is domains and hit[1] is guard:
        return hit[2]
    made = _made(verb, domains, keys, guard, cards_of, _written(action, domains, guard)) if domains else None
    _MADE[key] = (domains, guard, made)
    return made


def _written(action, domains: tuple, guard) -> dict:
    """The expressions the walk may write in, by the name of the function they were compiled to
    (`D1`, `L2`, `G`): only those whose compiled function is the one the plan holds."""
    if action is None or len(action.params) != len(domains):
        return {}
    out = {}
    for i, (_name, e) in enumerate(action.params):
        if e is not None and compiled(e) is domains[i]:
            out[f"D{i}"] = e
    if guard.__class__ is Levels:
        for i, e in enumerate(guard.irs):
            if e is not None and compiled(e) is guard[i]:
                out[f"L{i}" if i < len(domains) else "G"] = e
    elif guard is not None and action.guard is not None and compiled(action.guard) is guard:
        out["G"] = action.guard
    return out


def _made(verb: str, domains: tuple, keys: tuple, guard, cards_of: tuple, written: dict):
    space: dict = {"labels": labels, "NeedChoice": NeedChoice, "Action": Action, "_new": tuple.__new__, "_U": _U}
    named, body = walk_lines(verb, domains, keys, guard, cards_of, written, space, "", "return")
    lines = ["def walk(game, run, e0, seen, texts, out):", " me = e0.get('ctx:me')",
             " mt = e0['_my-team'] if '_my-team' in e0 else _U",
             " sf = run.state.active_figure if run.state.active_turn == run.state.turn else None"]
    if named:
        lines.append(" act = None")
    lines += [" " + line for line in body]
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the plan
    walk = space["walk"]
    walk.source = "\n".join(lines)
    return walk


def walk_lines(verb: str, domains: tuple, keys: tuple, guard, cards_of: tuple, written: dict, space: dict,
               p: str, stop0: str, count: dict | None = None) -> tuple[bool, list[str]]:
    """The walk's body (_made's, with no indent): its names bound in `space` (`labels`,
    `NeedChoice`, `Action`, `_new` and `_U` there already), those of this action prefixed by `p`
    (menus.py writes several walks in one function), a no before the first domain's loop ending
    the walk by `stop0` (`return`, or `break` out of the loop menus.py puts it in). It reads
    `game`, `run`, `e0` (the menu's env), `seen`, `texts`, `out`, `me`, `mt` (`_U` until read),
    `sf` (the Active figure, None before one is) and, when the first item says so, `act` (None
    until read). `count` (counted.py, a random bot's menu): no text printed, the combinations
    counted in `cnt` and kept as counted.count_print says; what it needs to print the one
    drawn is left in `count` (counted.NotCountable: a walk it cannot count)."""
    levels = guard if guard.__class__ is Levels else None
    from .counted import count_group, count_print
    final = levels[-1] if levels is not None else guard
    last = len(domains) - 1
    form = getattr(domains, "form", None)
    space[p + "VERB"], space[p + "G"] = verb, final
    for i, domain in enumerate(domains):
        space[f"{p}D{i}"], space[f"{p}C{i}"], space[f"{p}K{i}"] = domain, cards_of[i], keys[i]
        if levels is not None and levels[i] is not None:
            space[f"{p}L{i}"] = levels[i]
    lines: list[str] = []
    from .relations import CONTEXT
    space["_rel"] = CONTEXT
    fields = getattr(domains, "fields", ())
    named = form is not None and -1 in fields  # `{figure}` no parameter names: the Active figure, read once
    free = [i for i in sorted(domains.free) if 0 < i <= last]
    for i in free:  # listed once per menu, first (pure, reading no parameter): none lists no combination
        lines += _asked(f"v = {{}}", _call(f'D{i}', 'e0', written, space, _Set(keys, 0), p))
        lines.append(f"f{i} = v if v.__class__ is list else [] if v is None else v if isinstance(v, list) else [v]")
        lines.append(f"if not f{i}: {stop0}")
        lines.append(f"b{i} = None")
    memos = _memos(levels, keys, written, last)
    parts = _text(verb, form, fields, last, space, p)
    inner = parts.index(f"b{last}[j{last}]") if f"b{last}[j{last}]" in parts else None
    hoist = _HOIST[0] and final is None and last >= 1
    for i in range(last + 1):
        pad = " " * i
        stop = stop0 if i == 0 else "continue"
        if f"{p}L{i}" in space:  # the level's guard first (pure, as the domain is): a no lists nothing
            lines += _asked(f"{pad}if not {{}}: {stop}", _level(i, written, space, keys, memos, p))
        lines += _hoisted(memos.get(i - 1, {}), i - 1, space, keys, pad, stop)  # kept parts of a later level
        if i in free:
            lines.append(f"{pad}v{i} = f{i}")
        else:
            lines += _asked(f"{pad}v = {{}}", _call(f'D{i}', f'e{i}', written, space, _Set(keys, i), p))
            lines.append(f"{pad}v{i} = v if v.__class__ is list else [] if v is None else v if isinstance(v, list) "
                         "else [v]")
            lines.append(f"{pad}b{i} = None  # labelled once a combination under them is printed")
        if count is not None and hoist and i == last:  # counted: the group of the last level's values, no loop
            made = count_group(count, parts, inner, last, named, p, i in free)
            lines += [pad + line for line in made] if i in free else [f"{pad}if v{i}:"] + [f"{pad} {ln}" for ln in made]
            return named, _env_once(lines)
        if hoist and i == last:  # no guard under the last level: what a combination prints of the levels
            # above it is made once per their values, before its loop (each of its values prints one)
            made = [f"if b{k} is None: b{k} = labels(game, v{k}, {p}C{k})" for k in range(last + 1)]
            if named:
                made.append("if act is None: act = str(sf).lower()")
            if inner is not None and inner + 1 < len(parts):
                made.append(f"tl = {' + '.join(parts[inner + 1:])}")
            lines += [pad + line for line in made] if i in free else \
                [f"{pad}if v{i}:"] + [f"{pad} {line}" for line in made]
        lines.append(f"{pad}for j{i}, a{i} in enumerate(v{i}):")
        if (i < last or final is not None) and not _COPIES[0] and not _read_in_env(i, keys, domains, levels, final, written):
            lines.append(f"{pad} e{i + 1} = e{i}  # (the value is read from its local `a{i}` below: env needs no copy)")
        elif i < last or final is not None:
            lines.append(f"{pad} e{i + 1} = e{i}.copy()")
            lines.append(f"{pad} e{i + 1}[{p}K{i}] = a{i}")
    pad = " " * (last + 1)
    asked = []
    if final is not None:
        asked.append(f"{pad}try:")
        asked += _asked(f"{pad} if not {{}}: continue", _call('G', f'e{last + 1}', written, space, _Set(keys, last + 1), p))
        asked.append(f"{pad}except NeedChoice: continue  # a guard asks no question")
    # a pure guard (its expression written in: it asks and draws nothing) is asked before the
    # combination is printed: the labels are made only once one is allowed (most are not:
    # `can-use(special)`), and a copy printed alike is still offered once
    first = _GUARD_FIRST[0] and final is not None and written.get("G") is not None and pure(written["G"])
    if count is not None:  # counted: the place allowed kept (counted.count_print), its text made if it is drawn
        tail = count_print(count, final is None or first, parts, last, pad, p)
        return named, _env_once(lines + asked + tail)
    if first:
        lines += asked
    if hoist:  # (labels and the text's tail made above the loop)
        text = parts[:inner + 1] + ["tl"] if inner is not None and inner + 1 < len(parts) else parts
        lines.append(f"{pad}t = {' + '.join(text)}")
    else:
        for i in range(last + 1):
            lines.append(f"{pad}if b{i} is None: b{i} = labels(game, v{i}, {p}C{i})")
        if named:  # read the first time a combination is printed
            lines.append(f"{pad}if act is None: act = str(sf).lower()")
        lines.append(f"{pad}t = {' + '.join(parts)}")
    lines.append(f"{pad}if t in seen: continue")
    if not first:
        lines += asked
    lines.append(f"{pad}seen.add(t)")
    lines.append(f"{pad}texts.append(t)")
    args = "".join(f"a{i}, " for i in range(last + 1))
    lines.append(f"{pad}out.append(_new(Action, ({p}VERB, ({args}), t)))")
    return named, _env_once(lines)


_COPIES = [False]  # True: every level's env copied, as before (tests)
_HOIST = [True]  # False: the labels and the text made in the last level's loop, as before (tests)
# the forms whose source reads a parameter from its local (compile_exprs: `var` through walks._Set, a
# function's arguments written in): any other form (a selector's own function, `is` a relation)
# may read it from the env it is given
_INLINE_FORMS = frozenset(("num", "none", "bool", "str", "zone", "counter", "property", "component", "var", "param",
                           "ctx", "list", "fn", "bin", "neg", "cmp", "and", "or", "not"))


def _read_in_env(i: int, keys: tuple, domains: tuple, levels, final, written: dict) -> bool:
    """Whether something evaluated below level i (the later domains, the later levels' guards,
    the last guard) may read the i-th parameter from env, not from its local `a{i}`: one not
    written into the walk (its own function: it reads env), or one with a form outside
    `_INLINE_FORMS` that reads it. A no: the level's env is the one above it, not a copy
    with the value set (every function of the vocabulary reads only `ctx:` and `_` keys of env)."""
    key = frozenset([keys[i]])
    below = [f"D{j}" for j in range(i + 1, len(domains))]
    if levels is not None:
        below += [f"L{j}" for j in range(i + 1, len(domains)) if levels[j] is not None]
    if final is not None:
        below.append("G")
    for name in below:
        e = written.get(name)
        if e is None:
            if name.startswith("D") and int(name[1:]) in getattr(domains, "free", ()):
                continue  # listed once, first, with the menu's env (it reads no parameter)
            return True
        if _reads(e, key):
            return True
    return False


def _reads(e: dict, key: frozenset) -> bool:
    """The expression reads `key` through a form that may take it from env (not `_INLINE_FORMS`)."""
    if e["e"] not in _INLINE_FORMS:
        return not pure(e, key)
    for child in sub_expressions(e):
        if child is not None and _reads(child, key):
            return True
    return False


def _env_once(lines: list[str]) -> list[str]:
    """The lines less an `env = eN` that repeats the one in force: the same line at the same
    indent with only one-line statements of that indent between (no loop, no block: the
    expressions compile.source writes read `env` and never assign it)."""
    out, last = [], None
    for line in lines:
        body = line.lstrip()
        indent = len(line) - len(body)
        if body.startswith("env = "):
            if last == (indent, body):
                continue
            last = (indent, body)
        elif last is not None and (indent != last[0] or body.startswith(("for ", "while ", "try:", "except"))):
            last = None
        out.append(line)
    return out


_U = object()  # a part of a level's guard not asked yet for the values it reads


def _memos(levels, keys: tuple, written: dict, last: int) -> dict:
    """{r: {(i, k): the part}}: the parts of level i's guard (an `and`, written in) that read no
    parameter after the r-th (-1: none), kept in `m{i}_{k}` from their first asking until the
    r-th parameter takes its next value: `not activated(figure, part) and activations(figure)
    == 0` asks activations once per figure, not once per part. A part is still asked only
    where the parts before it said yes (leveled.py keeps their order)."""
    out: dict = {}
    if levels is None:
        return out
    for i in range(1, last + 1):
        e = written.get(f"L{i}")
        if e is None or e["e"] != "and":
            continue
        for k, item in enumerate(e["items"]):
            read = [j for j, key in enumerate(keys) if not pure(item, frozenset([key]))]
            r = max(read) if read else -1
            if r < i - 1 and pure(item):
                out.setdefault(r, {})[(i, k)] = item
    return {r: {f"{i}_{k}": item for (i, k), item in parts.items()} for r, parts in out.items()}


def _hoisted(parts: dict, r: int, space: dict, keys: tuple, pad: str, stop: str) -> list[str]:
    """The kept parts (_memos) that read no parameter after the r-th, asked as soon as it is set:
    a no stops the walk under that value before the next domain is listed (every part is pure,
    each level's guard an `and` of them: no combination under it could be printed)."""
    lines = []
    for name, item in parts.items():
        lines += _asked(f"{pad}m{name} = {{}}", (f"e{r + 1}", f"({source(item, space, _Set(keys, r + 1))})"))
        lines.append(f"{pad}if not m{name}: {stop}")
    return lines


def _level(i: int, written: dict, space: dict, keys: tuple, memos: dict, p: str = "") -> tuple:
    """The source of level i's guard: _call's, with the parts kept from an outer value read
    from their `m{i}_{k}` (asked the first time)."""
    kept = {name: item for parts in memos.values() for name, item in parts.items() if name.startswith(f"{i}_")}
    if not kept:
        return _call(f"L{i}", f"e{i}", written, space, _Set(keys, i), p)
    bound = _Set(keys, i)
    items = []
    for k, item in enumerate(written[f"L{i}"]["items"]):
        text = source(item, space, bound)
        if f"{i}_{k}" in kept:
            text = f"m{i}_{k} if m{i}_{k} is not _U else (m{i}_{k} := ({text}))"
        items.append(f"({text})")
    return f"e{i}", f"(True if {' and '.join(items)} else False)"


class _Set:
    """compile.source's `bound` in a walk: the parameters set at a level read from their loop's
    locals (`a0`, `a1`), `me` from the local read once per menu, any other name from env."""

    # `my-team` (the Team of `me`, the same for the whole menu): asked once, the first time it is read
    # `self` (the Active figure, none before one is: no menu's env holds `ctx:self`): read once a menu
    context = {"my-team": "(mt if mt is not _U else (mt := _rel['my-team'](run, e0)))", "self": "sf"}

    def __init__(self, keys: tuple, level: int) -> None:
        self.local = {"ctx:me": "me", **{key: f"a{j}" for j, key in enumerate(keys[:level])}}
        self.known = frozenset(self.local)

    def read(self, key: str) -> str:
        return self.local.get(key) or f"(env[{key!r}] if {key!r} in env else None)"  # (a read: no call)


def _call(name: str, env: str, written: dict, space: dict, bound: _Set, p: str = "") -> tuple:
    """(the env its source reads as `env`, or None; the source) of a domain's or a guard's part
    evaluated with `env`: its expression written in (compile.source reads `run` and `env`), else
    a call of its function (bound as `p` + name)."""
    e = written.get(name)
    if e is None:
        return None, f"{p}{name}(run, {env})"
    return env, f"({source(e, space, bound)})"


def _asked(line: str, called: tuple) -> list[str]:
    """`line` with the expression of `called` (_call's: the env it reads, its source) in its `{}`,
    after `env = eN` when the source reads `env` (compile.source's expressions read it so)."""
    env, text = called
    out = [line.format(text)]
    if env is not None and "env" in text:
        out.insert(0, line[:len(line) - len(line.lstrip())] + f"env = {env}")
    return out


def _text(verb: str, form, fields: tuple, last: int, space: dict, p: str = "") -> list[str]:
    """The sources of the pieces a combination's string joins (`+`): `VERB L0 L1 ...`, or the
    form filled (its pieces as constants, runtime/actions.py's _Form.fill)."""
    if form is None:
        space[p + "P"], space[p + "SP"] = verb + " ", " "
        parts = [p + "P"]
        for i in range(last + 1):
            parts += [p + "SP", f"b{i}[j{i}]"] if i else [f"b{i}[j{i}]"]
        return parts
    words = [f"b{i}[j{i}]" if i >= 0 else "act" for i in fields]
    pieces = list(form.pieces)
    parts = []
    for j, word in enumerate(words):
        text = (verb + (" " if form.template else "") if j == 0 else "") + pieces[j]
        if text:
            space[f"{p}S{j}"] = text
            parts.append(f"{p}S{j}")
        parts.append(word)
    tail = pieces[len(words)] if len(words) < len(pieces) else ""
    if not words:
        tail = verb + (" " if form.template else "") + tail
    if tail:
        space[p + "T"] = tail
        parts.append(p + "T")
    return parts
