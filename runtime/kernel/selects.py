"""A selector as one generated function: its pool's source written in, and a `where` as one list comprehension.

compile._select's closure calls the pool's own function, copies its list, then asks
`Run.choose_value`, which takes a lone value without asking. Here the pool's source is the
function's body, a list the pool makes itself (`A + B`) is not copied again, a lone value is
taken in place, and in `A + f(..., A)` (`opponents(me) + cards-in(ZONE, of:
opponents(me))`) a pure A is evaluated once: nothing between its two places can change it
(tests/test_kernel_speed11.py holds it to the closure). A selector with `where` (a condition
that holds no selector), or a relation's, is the pool and the condition in one comprehension,
`it` its variable: no function called a candidate (where_select_of; tests/test_kernel_speed_kspeed6c.py
holds it to the closure); one whose condition holds a selector is one loop over a copy of env
made once a call (NESTED; tests/test_kernel_speed_kspeed9d.py)."""
from __future__ import annotations

from .compile import _plus, fresh, name_for, pure, source
from .relations import RELATIONS

_SHARED = "var:\x00shared"  # the key a repeated pure expression is read by in the generated source


class _Shared:
    """`bound` of compile.source(): a shared expression's local by its key, any other name read from env."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def read(self, key: str) -> str:
        return self.names.get(key) or f"env.get({key!r})"


_MADE: dict[int, tuple] = {}  # id(a selector's IR node) -> (the node, its function)


def select_of(e: dict):
    """written_select for the selector `e` (`one KIND in POOL`, no `where`), made once per IR
    node (the node kept alive with it: its id stays its own), however often its source is
    written (a card's parts are written into each card's own function)."""
    hit = _MADE.get(id(e))
    if hit is None or hit[0] is not e:
        hit = _MADE[id(e)] = (e, written_select(e["in"], e["quant"] == "all", f"choose a {e['kind']}", e["span"],
                                                e["quant"] == "up-to"))
    return hit[1]


def written_select(pool: dict, every: bool, prompt: str, span, optional: bool = False):
    """`select(run, env)` for `one KIND in POOL` (`all` when `every`; `up-to 1` when `optional`:
    or none, Run.choose_value): the value chosen (None when the pool is empty), or the list."""
    space: dict = {"_prompt": prompt, "_span": span}
    if pool.get("e") == "bin" and pool.get("op") == "+":
        left, right, shared = source(pool["l"], space), pool["r"], _Shared()
        if pool["l"].get("e") == "fn" and pure(pool):
            replaced = _replaced(right, _bare(pool["l"]), {"e": "var", "name": _SHARED[4:]})
            if replaced is not right:  # the left operand again in the right one: read from its local
                local = shared.names[_SHARED] = fresh(space)
                left, right = f"({local} := {left})", replaced
        src = f"{name_for(space, _plus)}({left}, {source(right, space, shared)})"
        made = f"values if isinstance(values := {src}, list) else [] if values is None else [values]"  # _plus's list
    else:
        made = f"list(values) if isinstance(values := {source(pool, space)}, list) else [] if values is None else [values]"
    lines = ["def select(run, env):", f"    values = {made}"]
    lines += ["    return values"] if every else [
        "    if not values:", "        return None",
        "    return run.choose_value(env['ctx:me'], values, _prompt, _span, True)"] if optional else [
        "    if not values:", "        return None",
        "    if len(values) == 1:", "        return values[0]",  # run.choose_value's own first test
        "    return run.choose_value(env['ctx:me'], values, _prompt, _span)"]
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
    return space["select"]


def select_for(e: dict, kind: str, selects) -> object | None:
    """The selector's one generated function (compile._select; `kind` the kernel's word for its
    kind, `selects` compile._selects): without `where`, its pool's source written in
    (select_of; not for an edge or a relation); with a `where`, or a relation's without one,
    the pool and the condition in one comprehension (where_select_of; an edge's in a set), or
    in one loop over a copy of env when the condition holds a selector (NESTED); else None."""
    if kind == "edge" and (e["in"] is None or e["where"] is None):
        return None
    if e["where"] is None and kind not in RELATIONS:
        return select_of(e) if e["in"] is not None else None
    if e["where"] is not None and selects(e["where"]) and not NESTED[0]:
        return None  # (a test's switch: compile._select's closure, an env copied per candidate)
    return where_select_of(e, kind, selects)


def where_select_of(e: dict, kind: str, selects=lambda e: False):
    """written_where for the selector `e` (`one KIND in POOL where COND`, or a relation's
    without one; `kind` the kernel's word for its kind, `selects` whether an expression holds a
    selector: compile._selects), made once per IR node."""
    hit = _WHERE.get(id(e))
    if hit is None or hit[0] is not e:
        hit = _WHERE[id(e)] = (e, written_where(e, kind, selects))
    return hit[1]


_WHERE: dict[int, tuple] = {}  # id(a selector's IR node) -> (the node, its function)

# A relation's selector `in anywhere` (`all friend in anywhere`) ranges over the figures on the
# spaces in play; every figure on the board stands on one (a tile is removed only with no figure
# on it, layout.remove_space; a figure is placed, returned or moved onto a space in play), so it
# is relations.figures_in over the board (its set None: the figures' view's rows), not over the
# list of every space (each looked up, then the rows of several spaces put back in order: about
# 400 bytecodes a call). tests/test_kernel_speed_kspeed9d.py holds the two at every decision.
BOARD = [True]  # (a test's switch: False reads the list of spaces, as before)
# A condition that holds a selector (`all space in anywhere where count(all friend in it) > 0`)
# reads `it` from env in it: compile._select's closure made a copy of env for each candidate
# (`{**env, "var:it": v}`) and called the condition's function. Written here, the env is copied
# once a call and `it` set in the copy for each candidate (no expression writes env: the same
# values as a copy each), the condition written in the loop (no call a candidate).
NESTED = [True]  # (a test's switch: False leaves such a selector to compile._select's closure)


def on_board_is_anywhere(pool: dict | None) -> bool:
    """Whether a relation's set is `anywhere` (the context alone): its figures are the board's."""
    return pool is not None and pool.get("e") == "ctx" and pool.get("name") == "anywhere"


def written_where(e: dict, kind: str, selects=lambda e: False):
    """`select(run, env)` for a selector with `where`, as compile._select's closure does it in
    one function: the pool (a relation's figures, relations.figures_in; the set named; else the
    game's pool of the kind; an edge's, the edges of the set's spaces) and the condition
    written in one list comprehension, `it` its
    variable (no call a candidate), then the tail written_select writes."""
    from .compile import _It
    from .relations import figures_in
    space: dict = {"_prompt": f"choose a {e['kind']}", "_span": e["span"], "_kind": kind}
    of = source(e["in"], space) if e["in"] is not None else None
    if kind in RELATIONS and BOARD[0] and on_board_is_anywhere(e["in"]):
        of = None  # `in anywhere`: every figure on the board, as with no set (see on_board_is_anywhere)
    if kind in RELATIONS:  # figures by whom they belong to (figures_in makes a new list)
        made = f"{name_for(space, figures_in)}(run, env, _kind, {of or 'None'})"
    elif kind == "edge":  # the edges that touch the spaces of the set (edges.py)
        from .edges import edges_in
        made = f"{name_for(space, edges_in)}(run, {of})"
    else:
        made = of or "run.game.pool(_kind)"
    if e["where"] is None:  # a relation's figures alone: figures_in's new list
        lines = ["def select(run, env):", f"    values = {made}"]
    elif selects(e["where"]):  # a selector in the condition reads `it` from env: one copy, `it` set in it
        lines = ["def select(run, env):", f"    pool = {made}", "    env, values = {**env}, []",
                 "    for it in (pool if isinstance(pool, list) else [] if pool is None else [pool]):",
                 "        env['var:it'] = it",
                 f"        if ({source(e['where'], space, _It)}):",
                 "            values.append(it)"]
    else:
        lines = ["def select(run, env):", f"    pool = {made}",
                 "    values = [it for it in (pool if isinstance(pool, list) else [] if pool is None else [pool])"
                 f" if ({source(e['where'], space, _It)})]"]
    every, optional = e["quant"] == "all", e["quant"] == "up-to"
    lines += ["    return values"] if every else [
        "    if not values:", "        return None",
        "    return run.choose_value(env['ctx:me'], values, _prompt, _span, True)"] if optional else [
        "    if not values:", "        return None",
        "    if len(values) == 1:", "        return values[0]",
        "    return run.choose_value(env['ctx:me'], values, _prompt, _span)"]
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
    return space["select"]


def _bare(e):
    """An IR node without its spans: two nodes of the same expression compare equal."""
    if isinstance(e, dict):
        return {k: _bare(v) for k, v in e.items() if k != "span"}
    if isinstance(e, list):
        return [_bare(v) for v in e]
    return e


def _replaced(e, target: dict, by: dict):
    """`e` with each node equal to `target` (spans aside) replaced by `by`; `e` itself (the
    same object) where none is."""
    if isinstance(e, dict):
        if "e" in e and _bare(e) == target:
            return by
        out = {k: _replaced(v, target, by) for k, v in e.items()}
        return out if any(out[k] is not e[k] for k in e) else e
    if isinstance(e, list):
        out = [_replaced(v, target, by) for v in e]
        return out if any(a is not b for a, b in zip(out, e)) else e
    return e
