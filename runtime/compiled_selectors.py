"""Selectors compiled once: `all KIND in X where COND` as one Python function with its place, its kind's test and its condition written in.

A selector that asks nothing (`all ...`, and the `in` and `where` of most `one ...`) is
compiled, like runtime/declared_plan.py's menus, into the source of one function: the
candidates are walked in a `for it in ...` loop, the kind's relation (`friend`, `opponent`,
...) and the condition's Python source (a pure compiled expression carries it:
runtime/compiled_expressions.py) are written into the loop with `it` read from the loop's
variable, so a candidate costs no call of a test, a condition or `dict.get`. The condition
still binds `it` in the Env's own scope while it runs (a part of it called as a closure, or
a selector inside it, reads `it` there) and the scope is given back as it was
(tests/test_runtime_selector_scope.py). A selector that asks (`one`, `up-to N`) stays a
generator around the same compiled walk."""
from __future__ import annotations

import re

from mayhem.compiler.shorthand import lowered

from .actions import DONE, NO_TARGET
from .compiled_expressions import _TARGETS, _target, as_generator, source
from .effects import id_of
from .expressions import RELATION_SOURCE, relation_test
from .state import Figure

_UNSET = object()
_NOT_FIGURES = ("team", "location", "edge")  # the selectors' kinds that are not figures (candidates())
_WALKED = {"location": "eng.state.board.live()", "team": "eng.state.order"}  # what eng.candidates walks
_IT = "env.locals.get('it')"  # how a compiled `it` reads it (compiled_expressions.compile_var)


def _condition(f_where, ns: dict) -> str:
    """The Python source of a selector's condition with `it` read from the loop's variable."""
    return source((f_where, False), ns).replace(_IT, "it")


def _reads_it_in_env(where: str) -> bool:
    """Could the condition's source read `it` from the Env's scope? Only a compiled part it
    calls as a closure (`F(eng, env)`: a part too long to write in, a selector inside it) or a
    read of the scope left in it can; the domain's functions and relation tests read no local
    but `$attack-target` (runtime/expressions.py). A condition that cannot reads `it` from the
    loop's variable alone: nothing is bound in the Env, nothing given back. A read of another
    name of the scope (`env.locals.get('figure')`, compile_var's) reads no `it`."""
    return "(eng, env)" in where or "env.locals" in _OTHER_NAMES.sub("", where)


_OTHER_NAMES = re.compile(r"env\.locals\.get\('(?!it')[^']*'\)")  # compile_var's read of a name but `it`


def _places(f_in, ns: dict, shape: str | None = None, kind: str = "") -> list[str]:
    """Lines that set `P`, the places the candidates are taken from (None: anywhere), with the
    `in` expression's source written in; `shape`, the context the `in` names (place_shape),
    lets the set be made without `eng.places`: `anywhere` is every Location in play (no
    filter at all for Locations and edges, the board's kept set for figures), `adjacent` and
    `here-or-adjacent` are lists of Locations, `teams` every Team."""
    if f_in is None or shape == "anywhere" and kind in ("location", "edge") or shape == "teams" and kind == "team":
        return ["    P = None"]
    if shape == "anywhere":
        return ["    P = eng.state.board.live_set()  # kept per board"]
    if shape in ("adjacent", "here-or-adjacent"):
        return [f"    P = set({source((f_in, False), ns)})  # a list of Locations"]
    return [f"    W = {source((f_in, False), ns)}",
            "    P = {W} if W.__class__ is int else eng.places(W)  # one Location: no call"]


def place_shape(code, e_in: dict | None) -> str | None:
    """The context a selector's `in` names (`anywhere`, `adjacent`, ...), else None."""
    if e_in is None:
        return None
    low = lowered(e_in, code.rules.game)
    return low["name"] if low.get("e") == "ctx" else None


def static_icons(code, kind: str, e_where: dict | None) -> tuple[tuple[str, ...], dict | None]:
    """The icons (ids) of the leading `has-icon(it, ICON)` terms of a Location selector's
    condition, and the IR of the rest of it (None: nothing left). A tile's icons are printed
    on it, so those terms are asked once per board (`Board.with_icons`), not of every Location
    at every call; the rest runs over the Locations they leave, in the same order."""
    if kind != "location" or e_where is None:
        return (), e_where
    game = code.rules.game
    low = lowered(e_where, game)
    items = low["items"] if low.get("e") == "and" else [low]
    icons = []
    for item in items:
        term = lowered(item, game)
        args = term.get("args") or {}
        if term.get("e") != "fn" or term["name"] != "has-icon" or (args.get("location") or {}).get("e") != "it" \
                or (args.get("icon") or {}).get("e") != "icon":
            break
        icons.append(id_of(args["icon"]["name"]))
    rest = items[len(icons):]
    if not icons:
        return (), e_where
    if not rest:
        return tuple(icons), None
    return tuple(icons), rest[0] if len(rest) == 1 else {"e": "and", "items": rest, "span": low.get("span")}


def _loops(kind: str, has_in: bool, where: str | None, ns: dict, collect: str, icons: tuple = (),
           shape: str | None = None) -> list[str]:
    """The loops over the candidates, each kept one going through `collect` (a line over `it`)."""
    test = RELATION_SOURCE.get(kind)
    if test is None:
        ns["TEST"] = relation_test(kind)
        test = "TEST(it, env)"

    def body(indent: str) -> list[str]:
        if where is None:
            return [f"{indent}{collect}"]
        return [f"{indent}L['it'] = it", f"{indent}if {where}:", f"{indent}    {collect}"]

    if icons:  # Locations whose tiles print these icons: the board's kept list
        ns["ICONS"] = icons
        return ["    I = eng.state.board.with_icons(ICONS)",
                "    for it in (I if P is None else [i for i in I if i in P]):"] + body("        ")
    if kind == "location" and shape in ("adjacent", "here-or-adjacent"):  # a few Locations: in index order,
        return ["    for it in sorted(P):",  # as the board's live ones are, less those out of play
                "        if not eng.state.board.locations[it].removed:"] + body("            ")
    if kind in _WALKED:  # Locations in play, Teams in seat order: eng.candidates' walk written in
        if not has_in:
            return [f"    for it in {_WALKED[kind]}:"] + body("        ")
        return [f"    for it in {_WALKED[kind]}:", "        if P is None or it in P:"] + body("            ")
    if kind in _NOT_FIGURES:  # edges: the engine's candidates
        return ["    for it in eng.candidates(KIND, P, env):"] + body("        ")
    lines = []
    branches = [("if P is None:", "it.location is not None")] if has_in else []
    branches.append(("else:" if has_in else None, "it.location in P" if has_in else "it.location is not None"))
    for head, located in branches:
        indent = "        " if head else "    "
        if head:
            lines.append(f"    {head}")
        lines.append(f"{indent}for it in eng.state.figures.values():")
        lines.append(f"{indent}    if {located} and ({test}):")
        lines += body(indent + "        ")
    return lines


def _function(name: str, head: str, kind: str, f_in, where: str | None, ns: dict, ret: str, shape: str | None = None,
              icons: tuple = ()):
    lines = [head] + _places(f_in, ns, shape, kind) + ["    out = []"]
    loops = _loops(kind, f_in is not None, where, ns, "out.append(it)", icons, shape)
    if where is None or not _reads_it_in_env(where):
        lines += [line for line in loops if line.strip() != "L['it'] = it"]
    else:  # `it` bound in the Env's own scope while the condition runs, then given back
        lines += ["    L = env.locals", "    B = L.get('it', UNSET)", "    try:"]
        lines += ["    " + line for line in loops]
        lines += ["    finally:", "        if B is UNSET: L.pop('it', None)", "        else: L['it'] = B"]
    lines.append(f"    return {ret}")
    text = "\n".join(lines)
    exec(compile(text, f"<selector {kind}>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    fn = ns[name]
    fn.selector_src = text
    return fn


def select_all_function(kind: str, f_in, f_where, shape: str | None = None, icons: tuple = ()):
    """`select_all(eng, env)`: the list of the candidates of `kind` in `f_in`'s places (every
    one without it) that meet `f_where` (none: all), in the order the engine lists them; `shape`
    the context `f_in` is (place_shape), `icons` those a Location must print besides `f_where`
    (static_icons)."""
    ns = {"KIND": kind, "UNSET": _UNSET}
    where = _condition(f_where, ns) if f_where is not None else None
    return _function("select_all", "def select_all(eng, env):", kind, f_in, where, ns, "out", shape, icons)


def where_of(code, kind: str, e_where: dict):
    """code.expr of a selector's condition, `code.it_kind` (a figure, Location, edge or Team) set while it
    compiles: a count of `it`'s pieces then reads that kind's store without asking its class."""
    before, code.it_kind = code.__dict__.get("it_kind"), kind if kind in _NOT_FIGURES else "figure"
    try:
        return code.expr(e_where)
    finally:
        code.it_kind = before


def _select_all(code, e: dict, fin, fwhere):
    """select_all_function for selector `e` (its `in` and `where` compiled, neither asking),
    the shape of its place and its condition's printed icons read from its IR."""
    icons, rest = static_icons(code, e["kind"], e["where"])
    if icons:
        fwhere = where_of(code, e["kind"], rest) if rest is not None else None
    return select_all_function(e["kind"], fin[0] if fin else None, fwhere[0] if fwhere else None,
                               place_shape(code, e["in"]), icons)


_BY_PLACE = ("friend", "opponent", "teammate", "character")  # relations only characters meet


def count_function(code, e: dict):
    """`count(all KIND in X where COND)` of a relation only characters meet, as one generated
    function: the candidates are read from the figures each Location of X lists (figures.relocate
    keeps a character's key in its Location's list while it stands there), not from a walk of every
    figure; a count needs no order. None when the selector is another (use len of select_all)."""
    kind = e["kind"]
    if e["quant"] != "all" or e["in"] is None or kind not in _BY_PLACE:
        return None
    shape = place_shape(code, e["in"])
    fin = code.expr(e["in"])
    fwhere = where_of(code, kind, e["where"]) if e["where"] is not None else None
    if shape == "anywhere" or fin[1] or (fwhere is not None and fwhere[1]):
        return None
    ns = {"KIND": kind, "UNSET": _UNSET}
    where = _condition(fwhere[0], ns) if fwhere is not None else None
    test = RELATION_SOURCE[kind]
    pad = " " * 20
    counted = [f"{pad}L['it'] = it", f"{pad}if {where}:", f"{pad}    n += 1"] if where is not None else [f"{pad}n += 1"]
    lines = _places(fin[0], ns, shape, kind)
    if lines[0].startswith("    W = "):  # one Location (most): its figures' list alone, no set of places
        lines = [lines[0], "    if W.__class__ is int:", "        n = 0", "        figures = eng.state.figures",
                 "        for k in eng.state.board.locations[W].figures:", "            it = figures[k]",
                 f"            if {test}:"] + [line[4:] for line in counted] + ["        return n",
                                                                              "    P = eng.places(W)"]
    lines += ["    n = 0", "    if P is None:"]
    lines += ["    " + line for line in _loops(kind, False, where, ns, "n += 1")]
    lines += ["    else:", "        locations, figures = eng.state.board.locations, eng.state.figures",
              "        for w in P:", "            if w.__class__ is not int: continue  # a Team: no figure stands there",
              "            for k in locations[w].figures:", "                it = figures[k]",
              f"                if {test}:"]
    lines += counted
    if where is None or not _reads_it_in_env(where):
        lines = [line for line in lines if line.strip() != "L['it'] = it"]
    else:  # `it` bound in the Env's own scope while the condition runs, then given back
        lines = ["    L = env.locals", "    B = L.get('it', UNSET)", "    try:"] + ["    " + line for line in lines] \
            + ["    finally:", "        if B is UNSET: L.pop('it', None)", "        else: L['it'] = B"]
    text = "\n".join(["def count_all(eng, env):"] + lines + ["    return n"])
    exec(compile(text, f"<count {kind}>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    fn = ns["count_all"]
    fn.selector_src = text
    return fn


def kept_function(f_where):
    """`kept(eng, env, items)`: the items that meet a condition that asks nothing, `it` bound
    to each in turn (in the Env's own scope, given back as it was)."""
    ns = {"UNSET": _UNSET}
    where = _condition(f_where, ns)
    if not _reads_it_in_env(where):  # `it` read from the loop's variable alone
        text = "\n".join(["def kept(eng, env, items):", "    out = []", "    for it in items:",
                          f"        if {where}: out.append(it)", "    return out"])
        exec(compile(text, "<selector condition>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
        return ns["kept"]
    text = "\n".join(["def kept(eng, env, items):",
                      "    out = []", "    L = env.locals", "    B = L.get('it', UNSET)", "    try:",
                      "        for it in items:", "            L['it'] = it",
                      f"            if {where}: out.append(it)",
                      "    finally:", "        if B is UNSET: L.pop('it', None)", "        else: L['it'] = B",
                      "    return out"])
    exec(compile(text, "<selector condition>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    return ns["kept"]


def _by_label(eng, items) -> dict:
    """The candidates by their target actions (`target LABEL`, eng.label's): a figure's by its
    key, a Location's from a table made once, an edge's by the board's label."""
    out = {}
    for item in items:
        cls = item.__class__
        if cls is Figure:
            out[_target(item.key)] = item
        elif cls is int and 0 <= item < len(_LOCATION_TARGETS):
            out[_LOCATION_TARGETS[item]] = item
        elif cls is tuple:  # an edge: its label is its two Locations'
            target = _EDGE_TARGETS.get(item)
            if target is None:
                target = _EDGE_TARGETS[item] = _target(eng.label(item))
            out[target] = item
        else:
            out[_target(eng.label(item))] = item
    return out


_LOCATION_TARGETS = [_target(f"L{i + 1}") for i in range(64)]  # `target L1` ... (eng.label of a Location)
_EDGE_TARGETS: dict = {}  # (a, b) -> `target La-Lb` (eng.label of an edge: Board.edge_label)
_TABLES: dict = {}  # a tuple of Locations or edges -> its _by_label (labels that name no board: `L3`, `L2-L5`)


def _kept_by_label(eng, items) -> dict:
    """_by_label of Locations or edges, kept by the tuple of the candidates (their labels are
    their indices', the same on every board): shared, never changed by its readers."""
    key = tuple(items)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 4096:  # bounded: the sets a game offers are few, but a long run meets many
            _TABLES.clear()
        table = _TABLES[key] = _by_label(eng, items)
    return table


def _figures_by_label(eng, items) -> dict:
    """_by_label of figures: each by its key's target action."""
    out = {}
    for item in items:
        target = _FIGURE_TARGETS.get(item.key)
        if target is None:
            target = _target(item.key)
        out[target] = item
    return out


_FIGURE_TARGETS = _TARGETS  # a figure's label is its key (decisions.fig_label)


def by_label_function(kind: str):
    """The _by_label a selector of `kind` uses: Locations' and edges' kept by their tuple,
    figures' by their keys, Teams' (and any other) the general one."""
    if kind in ("location", "edge"):
        return _kept_by_label
    if kind not in _NOT_FIGURES:
        return _figures_by_label
    return _by_label


def compile_selector(code, e: dict):
    """A selector: the candidates of its kind in its places that meet its condition; `all` of
    them is a value, `one` and `up-to N` ask the controller (one candidate is taken unasked)."""
    kind, quant = e["kind"], e["quant"]
    fin = code.expr(e["in"]) if e["in"] is not None else None
    fwhere = where_of(code, kind, e["where"]) if e["where"] is not None else None
    fcount = code.expr(e["count"]) if quant not in ("all", "one") else None
    parts = [p for p in (fin, fwhere, fcount) if p is not None]
    if quant == "all" and not any(a for _f, a in parts):
        return _select_all(code, e, fin, fwhere), False
    # a part that asks is a generator to `yield from`; one that does not (most `in` and
    # `where` of a `one` selector) is called as it is, with no generator per candidate
    f_in, in_asks = fin if fin else (None, False)
    f_where, where_asks = fwhere if fwhere else (None, False)
    kept = kept_function(f_where) if f_where is not None and not where_asks and in_asks else None
    # neither the place nor the condition asks: the candidates kept are select_all's (one function)
    found = _select_all(code, e, fin, fwhere) if not in_asks and not where_asks else None
    g_count = as_generator(*fcount) if fcount and fcount[1] else None  # a count that asks; else called as it is
    f_count = fcount[0] if fcount and not fcount[1] else None
    prompt_one = f"choose one {kind}"
    labels_of = by_label_function(kind)

    def choose(eng, env, items):
        """The controller's choice among the candidates kept."""
        if quant == "one":  # two candidates or more
            by_label = labels_of(eng, items)
            answer = eng.answer
            if answer is not None and len(by_label) > 1:  # Game.play_out(): Engine.decide's answer, no generator
                return by_label[answer(env.controller, "target", prompt_one, list(by_label), e)]
            choice = yield from eng.decide(env.controller, "target", prompt_one, list(by_label), e)
            return by_label[choice]
        # up-to N
        n = (yield from g_count(eng, env)) if g_count is not None else f_count(eng, env) if f_count is not None else None
        chosen = []
        remaining = list(items)
        while remaining and len(chosen) < (n or 0):
            by_label = labels_of(eng, remaining)
            options = list(by_label) + ([NO_TARGET] if not chosen else [DONE])
            choice = yield from eng.decide(env.controller, "target", f"choose up to {n} {kind}", options, e)
            if choice == NO_TARGET or choice == DONE:
                break
            item = by_label[choice]
            chosen.append(item)
            remaining.remove(item)
        if n == 1:
            return chosen[0] if chosen else None
        return chosen

    def select(eng, env):
        if found is not None:
            items = found(eng, env)
            if quant == "one" and len(items) < 2:  # nothing to choose: no generator for the choice
                return items[0] if items else None
            return (yield from choose(eng, env, items))
        places = None
        if f_in is not None:
            where = (yield from f_in(eng, env)) if in_asks else f_in(eng, env)
            places = {where} if where.__class__ is int else eng.places(where)  # one Location: no call
        items = eng.candidates(kind, places, env)
        if kept is not None:
            items = kept(eng, env, items)
        elif f_where is not None:
            out = []
            inner = env.child()  # the condition may ask: its `it` in an Env of its own while it waits
            scope = inner.locals
            for item in items:
                scope["it"] = item
                if (yield from f_where(eng, inner)):
                    out.append(item)
            items = out
        if quant == "all":
            return items
        if quant == "one" and len(items) < 2:
            return items[0] if items else None
        return (yield from choose(eng, env, items))

    return select, True
