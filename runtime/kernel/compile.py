"""Expressions of the IR compiled once into Python closures `f(run, env)`, cached by the
identity of their IR node, so that play does not walk dictionaries at every step."""
from __future__ import annotations

import inspect
import keyword

_CACHE: dict[int, tuple[dict, object]] = {}


def compiled(e: dict):
    hit = _CACHE.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    fn = _compile(e)
    _CACHE[id(e)] = (e, fn)  # the node is kept alive with its closure: its id stays its own
    return fn


def _as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _compile(e: dict):
    kind = e["e"]
    if kind in ("num", "bool", "str"):
        value = e["v"]
        return lambda run, env: value
    if kind == "none":
        return lambda run, env: None
    if kind in ("zone", "counter", "property"):
        name = e["name"]
        return lambda run, env: name
    if kind in ("var", "param", "it", "event"):
        key = "var:" + (e["name"] if kind != "it" else "it")
        return lambda run, env: env.get(key)
    if kind == "ctx":
        name, key = e["name"], "ctx:" + e["name"]
        if name == "players":
            return lambda run, env: run.state.in_game()
        if name == "turn-player":
            return lambda run, env: run.state.active
        if name == "teams":
            return lambda run, env: list(run.state.teams)
        if name == "round":
            return lambda run, env: run.state.round
        if name == "spaces":
            return lambda run, env: list(run.rules.spaces)
        return lambda run, env: env.get(key)
    if kind == "list":
        items = [compiled(i) for i in e["items"]]
        return lambda run, env: [f(run, env) for f in items]
    if kind == "fn":
        from .primitives import FUNCTIONS
        fn = FUNCTIONS[e["name"]]
        return call(fn, [(k.replace("-", "_"), v) for k, v in e["args"].items() if v is not None])
    if kind == "select":
        return _select(e)
    if kind == "bin":
        left, right, op = compiled(e["l"]), compiled(e["r"]), e["op"]
        if op == "+":
            def plus(run, env):
                a, b = left(run, env), right(run, env)
                if isinstance(a, list) or isinstance(b, list):
                    return _as_list(a) + _as_list(b)
                return (a or 0) + (b or 0)
            return plus
        if op == "-":
            return lambda run, env: (left(run, env) or 0) - (right(run, env) or 0)
        return lambda run, env: (left(run, env) or 0) * (right(run, env) or 0)
    if kind == "neg":
        x = compiled(e["x"])
        return lambda run, env: -(x(run, env) or 0)
    if kind == "cmp":
        left, right, op = compiled(e["l"]), compiled(e["r"]), e["op"]
        if op == "==":
            return lambda run, env: left(run, env) == right(run, env)
        if op == "!=":
            return lambda run, env: left(run, env) != right(run, env)
        if e["r"]["e"] == "num":  # against a number (`value(plays) > 0`): it is read once
            c = int(e["r"]["v"] or 0)
            if op == "<":
                return lambda run, env: int(left(run, env) or 0) < c
            if op == "<=":
                return lambda run, env: int(left(run, env) or 0) <= c
            if op == ">":
                return lambda run, env: int(left(run, env) or 0) > c
            return lambda run, env: int(left(run, env) or 0) >= c
        test = {"<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__}[op]
        return lambda run, env: test(int(left(run, env) or 0), int(right(run, env) or 0))
    if kind == "and":
        items = tuple(compiled(i) for i in e["items"])

        def and_(run, env):
            for f in items:
                if not f(run, env):
                    return False
            return True
        return and_
    if kind == "or":
        items = tuple(compiled(i) for i in e["items"])

        def or_(run, env):
            for f in items:
                if f(run, env):
                    return True
            return False
        return or_
    if kind == "not":
        x = compiled(e["x"])
        return lambda run, env: not x(run, env)
    if kind == "is":
        left, right, negated = compiled(e["l"]), compiled(e["r"]), e["negated"]
        return lambda run, env: (left(run, env) == right(run, env)) != negated
    from .rules import KernelError
    raise KernelError(f"{e.get('span')}: the expression '{kind}' is not supported in kernel games")


def _select(e: dict):
    """`one KIND in SET where COND` (a choice, asked of `me`) or `all ...` (the list)."""
    pool = compiled(e["in"]) if e["in"] is not None else None
    where = compiled(e["where"]) if e["where"] is not None else None
    kind, every, span, prompt = e["kind"], e["quant"] == "all", e["span"], f"choose a {e['kind']}"

    def select(run, env):
        values = list(_as_list(pool(run, env) if pool is not None else run.game.pool(kind)))
        if where is not None:
            values = [v for v in values if where(run, {**env, "var:it": v})]
        if every:
            return values
        if not values:
            return None
        return run.choose_value(env["ctx:me"], values, prompt, span)
    return select


def pure(e: dict | None, names: frozenset = frozenset()) -> bool:
    """The expression asks nothing, draws nothing and reads none of `names` (`var:NAME`
    keys): its value is the same each time it is evaluated in one state and context."""
    if e is None:
        return True
    kind = e["e"]
    if kind in ("var", "param", "it", "event") and "var:" + (e["name"] if kind != "it" else "it") in names:
        return False
    if kind == "select" and e["quant"] != "all":
        return False
    if kind == "fn" and e["name"] in IMPURE_FUNCTIONS:
        return False
    return all(pure(child, names) for child in _children(e))


def _children(x):
    """The expressions directly under an expression (in `args`, `items`, `l`, ...)."""
    for value in x.values():
        if isinstance(value, dict):
            if "e" in value:
                yield value
            else:
                yield from _children(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, dict) and "e" in item:
                    yield item


IMPURE_FUNCTIONS = {"coin-toss"}  # functions that change the state (a toss is logged and drawn)


CONSTANTS = ("num", "bool", "str", "zone", "counter", "property", "none")  # a value known before play


def call(fn, args: list):
    """A closure calling `fn(run, env, ...)` with the values of `args` ((keyword, expression
    or None) pairs, evaluated in their order): by position where they are fn's next
    parameters in that order, by keyword otherwise. The closure is generated as Python source
    once (as Jinja2 compiles a template): a constant argument (a counter's name, a number) is its
    value in the call, any other the call of its closure, so no dictionary or list is built per call."""
    names = [k for k, _e in args]
    try:
        params = list(inspect.signature(fn).parameters)[2:]
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        params = None
    positional = params is not None and names == params[:len(names)]
    if not positional and any(keyword.iskeyword(k) or not k.isidentifier() for k in names):
        fs = [(k, compiled(e) if e is not None else None) for k, e in args]  # pragma: no cover
        return lambda run, env: fn(run, env, **{k: f(run, env) if f else None for k, f in fs})
    space, values = {"fn": fn}, []
    for i, (k, e) in enumerate(args):
        if e is None or e["e"] in CONSTANTS:
            space[f"c{i}"] = (None if e is None or e["e"] == "none" else e["v"] if e["e"] in ("num", "bool", "str")
                              else e["name"])
            value = f"c{i}"
        else:
            space[f"f{i}"] = compiled(e)
            value = f"f{i}(run, env)"
        values.append(value if positional else f"{k}={value}")
    return eval("lambda run, env: fn(" + ", ".join(["run", "env"] + values) + ")", space)  # noqa: S307 - our own source
