"""The IR's expression forms compiled once into closures: a pure one returns its value, one that may ask a decision is a generator.

Each `compile_<form>` of `ExpressionCompiler` turns an expression node into a pair
(fn, asks): `fn(engine, env)` is the node's value when `asks` is False, and a generator
to `yield from` (it may yield a Decision and returns the value) when it is True. Only a
selector that lets a player choose (`one`, `up-to`) asks, and any expression around one;
the others, most of them, are plain calls with no generator, no dictionary look-up and no
dispatch on the form's name at play time. The engine's domain (contexts, functions,
relations, candidates) is runtime/expressions.py's; this module knows only the forms.
"""
from __future__ import annotations

from mayhem.compiler.ir_ops import EXPRESSIONS, dispatch, register_walker

from .actions import DONE, NO_TARGET, Action
from .expressions import context, function, is_test, FN_PARAMS


_ACTIONS: dict[tuple, Action] = {}


def action(verb: str, args: tuple = ()) -> Action:
    """The one Action value of a verb and arguments, made once and printed once: the legal
    actions of every decision are these, so that printing them (`Engine.decide`) is a look-up."""
    a = _ACTIONS.get((verb, args))
    if a is None:
        a = _ACTIONS[(verb, args)] = Action(verb, args)
        str(a)  # its text, kept with it
    return a


def const(value):
    """A closure that returns `value`."""
    return lambda eng, env: value


def as_generator(fn, asks: bool):
    """The generator form of a compiled expression (for the rare expression around one that asks)."""
    if asks:
        return fn

    def gen(eng, env):
        return fn(eng, env)
        yield  # a generator that asks nothing
    return gen


def _ask_all(parts: list) -> tuple[list, bool]:
    """The compiled parts as they are if none asks, else all as generators."""
    asks = any(a for _f, a in parts)
    return ([as_generator(f, a) for f, a in parts] if asks else [f for f, _a in parts]), asks


class ExpressionCompiler:
    """One compile method per expression form of the registry (compiler/ir_ops.py); `code`
    is the Code cache (runtime/compiled.py) that compiles the sub-expressions."""

    # ---- leaves: values and names ---------------------------------------------------

    def compile_num(code, e):
        return const(e["v"]), False

    compile_str = compile_bool = compile_num

    def compile_ctx(code, e):
        return context(e["name"]), False

    def compile_var(code, e):
        name = e["name"]
        return (lambda eng, env: env.locals.get(name)), False

    compile_param = compile_it = compile_var

    def compile_event(code, e):
        name = e["name"]
        return (lambda eng, env: env.event.get(name)), False

    def compile_token(code, e):
        return const(e["name"]), False

    compile_tag = compile_icon = compile_token
    compile_zone = compile_counter = compile_property = compile_token  # a kernel game's names

    def compile_component(code, e):
        qid = e["name"]
        return (lambda eng, env: eng.component_value(qid)), False

    def compile_relation(code, e):
        name = e["name"]
        return (lambda eng, env: ("relation", name)), False

    def compile_none(code, e):
        return const(None), False

    compile_unresolved = compile_none

    # ---- compound forms ---------------------------------------------------------------

    def compile_list(code, e):
        fns, asks = _ask_all([code.expr(item) for item in e["items"]])
        if not asks:
            return (lambda eng, env: [f(eng, env) for f in fns]), False

        def gen(eng, env):
            out = []
            for f in fns:
                out.append((yield from f(eng, env)))
            return out
        return gen, True

    def compile_fn(code, e):
        impl = function(e["name"])
        fns, asks = _ask_all([code.expr(e["args"].get(p)) for p in FN_PARAMS.get(e["name"], ())])
        if not asks:
            if len(fns) == 1:
                f1, = fns
                return (lambda eng, env: impl(eng, env, f1(eng, env))), False
            if len(fns) == 2:
                f1, f2 = fns
                return (lambda eng, env: impl(eng, env, f1(eng, env), f2(eng, env))), False
            if len(fns) == 3:
                f1, f2, f3 = fns
                return (lambda eng, env: impl(eng, env, f1(eng, env), f2(eng, env), f3(eng, env))), False
            return (lambda eng, env: impl(eng, env, *[f(eng, env) for f in fns])), False

        def gen(eng, env):
            args = []
            for f in fns:
                args.append((yield from f(eng, env)))
            return impl(eng, env, *args)
        return gen, True

    def compile_bin(code, e):
        op = e["op"]
        (fl, fr), asks = _ask_all([code.expr(e["l"]), code.expr(e["r"])])
        if not asks:
            if op == "+":
                return (lambda eng, env: (fl(eng, env) or 0) + (fr(eng, env) or 0)), False
            if op == "-":
                return (lambda eng, env: (fl(eng, env) or 0) - (fr(eng, env) or 0)), False
            return (lambda eng, env: (fl(eng, env) or 0) * (fr(eng, env) or 0)), False

        def gen(eng, env):
            a = (yield from fl(eng, env)) or 0
            b = (yield from fr(eng, env)) or 0
            return a + b if op == "+" else a - b if op == "-" else a * b
        return gen, True

    def compile_neg(code, e):
        fx, asks = code.expr(e["x"])
        if not asks:
            return (lambda eng, env: -(fx(eng, env) or 0)), False

        def gen(eng, env):
            return -((yield from fx(eng, env)) or 0)
        return gen, True

    def compile_cmp(code, e):
        compare = _COMPARE[e["op"]]
        (fl, fr), asks = _ask_all([code.expr(e["l"]), code.expr(e["r"])])
        if not asks:
            return (lambda eng, env: compare(fl(eng, env), fr(eng, env))), False

        def gen(eng, env):
            a = yield from fl(eng, env)
            b = yield from fr(eng, env)
            return compare(a, b)
        return gen, True

    def compile_is(code, e):
        negated = bool(e["negated"])
        (fl, fr), asks = _ask_all([code.expr(e["l"]), code.expr(e["r"])])
        if not asks:
            if negated:
                return (lambda eng, env: not is_test(eng, fl(eng, env), fr(eng, env), env)), False
            return (lambda eng, env: is_test(eng, fl(eng, env), fr(eng, env), env)), False

        def gen(eng, env):
            a = yield from fl(eng, env)
            b = yield from fr(eng, env)
            result = is_test(eng, a, b, env)
            return (not result) if negated else result
        return gen, True

    def compile_and(code, e):
        fns, asks = _ask_all([code.expr(item) for item in e["items"]])
        if not asks:
            if len(fns) == 2:
                f1, f2 = fns
                return (lambda eng, env: bool(f1(eng, env)) and bool(f2(eng, env))), False

            def every(eng, env):
                for f in fns:
                    if not f(eng, env):
                        return False
                return True
            return every, False

        def gen(eng, env):
            for f in fns:
                if not (yield from f(eng, env)):
                    return False
            return True
        return gen, True

    def compile_or(code, e):
        fns, asks = _ask_all([code.expr(item) for item in e["items"]])
        if not asks:
            def some(eng, env):
                for f in fns:
                    if f(eng, env):
                        return True
                return False
            return some, False

        def gen(eng, env):
            for f in fns:
                if (yield from f(eng, env)):
                    return True
            return False
        return gen, True

    def compile_not(code, e):
        fx, asks = code.expr(e["x"])
        if not asks:
            return (lambda eng, env: not fx(eng, env)), False

        def gen(eng, env):
            return not (yield from fx(eng, env))
        return gen, True

    def compile_select(code, e):
        return compile_selector(code, e)


def _compare(op: str):
    if op == "==":
        return lambda a, b: a == b
    if op == "!=":
        return lambda a, b: a != b
    if op == "<":
        return lambda a, b: (a or 0) < (b or 0)
    if op == "<=":
        return lambda a, b: (a or 0) <= (b or 0)
    if op == ">":
        return lambda a, b: (a or 0) > (b or 0)
    return lambda a, b: (a or 0) >= (b or 0)


_COMPARE = {op: _compare(op) for op in ("==", "!=", "<", "<=", ">", ">=")}


def compile_selector(code, e: dict):
    """A selector: the candidates of its kind in its places that meet its condition; `all` of
    them is a value, `one` and `up-to N` ask the controller (one candidate is taken unasked)."""
    kind, quant = e["kind"], e["quant"]
    fin, fwhere = (code.expr(e[k]) if e[k] is not None else None for k in ("in", "where"))
    fcount = code.expr(e["count"]) if quant not in ("all", "one") else None
    parts = [p for p in (fin, fwhere, fcount) if p is not None]
    if quant == "all" and not any(a for _f, a in parts):
        f_in = fin[0] if fin else None
        f_where = fwhere[0] if fwhere else None

        def select_all(eng, env):
            items = eng.candidates(kind, eng.places(f_in(eng, env)) if f_in is not None else None, env)
            if f_where is None:
                return items
            inner = env.child()  # one Env for the condition of every candidate: it reads `it`
            scope = inner.locals
            kept = []
            for item in items:
                scope["it"] = item
                if f_where(eng, inner):
                    kept.append(item)
            return kept
        return select_all, False
    g_in = as_generator(*fin) if fin else None
    g_where = as_generator(*fwhere) if fwhere else None
    g_count = as_generator(*fcount) if fcount else None
    prompt_one = f"choose one {kind}"

    def select(eng, env):
        places = None
        if g_in is not None:
            places = eng.places((yield from g_in(eng, env)))
        items = eng.candidates(kind, places, env)
        if g_where is not None:
            kept = []
            inner = env.child()
            scope = inner.locals
            for item in items:
                scope["it"] = item
                if (yield from g_where(eng, inner)):
                    kept.append(item)
            items = kept
        if quant == "all":
            return items
        if quant == "one":
            if not items:
                return None
            if len(items) == 1:
                return items[0]
            by_label = {action("target", (eng.label(i),)): i for i in items}
            choice = yield from eng.decide(env.controller, "target", prompt_one, list(by_label), e)
            return by_label[choice]
        # up-to N
        n = (yield from g_count(eng, env)) if g_count is not None else None
        chosen = []
        remaining = list(items)
        while remaining and len(chosen) < (n or 0):
            by_label = {action("target", (eng.label(i),)): i for i in remaining}
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
    return select, True


EXPRESSION_COMPILERS = dispatch(ExpressionCompiler, "compile_", EXPRESSIONS)
register_walker("runtime: the effect interpreter's expressions", EXPRESSIONS, EXPRESSION_COMPILERS)
