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

import re

from mayhem.compiler.ir_ops import EXPRESSIONS, dispatch, register_walker
from mayhem.compiler.shorthand import lowered

from .actions import DONE, NO_TARGET, Action
from .expressions import RELATION_SOURCE, context, function, is_test, relation_test, FN_PARAMS
from .functions import CONTEXT_INLINE, COUNT_SOURCES, INLINE, OF_FIGURE, INLINE_NAMES, adjacent_source, here_source, or_0, temp
from .state import Figure


_ACTIONS: dict[tuple, Action] = {}


def action(verb: str, args: tuple = ()) -> Action:
    """The one Action value of a verb and arguments, made once and printed once: the legal
    actions of every decision are these, so that printing them (`Engine.decide`) is a look-up."""
    a = _ACTIONS.get((verb, args))
    if a is None:
        a = _ACTIONS[(verb, args)] = Action(verb, args)  # its text printed with it
    return a


def _target(label: str) -> Action:
    """action("target", (label,)), kept by the label alone."""
    a = _TARGETS.get(label)
    if a is None:
        a = _TARGETS[label] = action("target", (label,))
    return a


_TARGETS: dict = {}


def const(value):
    """A closure that returns `value`."""
    return joined(_literal(value), {} if value.__class__ in _LITERALS else {_name(value): value})


# ---- joining closures into one: a pure expression's closures become one Python function -------
#
# A pure (non-asking) compiled expression may carry its Python source (`fn.src`, over `eng`,
# `env` and the names in `fn.names`); an expression whose parts all do is compiled into one
# function from the joined source, as Jinja2 turns a template into one function, instead of a
# closure per node calling the closures of its parts. The source evaluates the parts in the
# order the closures did, with the same operators.

_LITERALS = (int, str, bool, type(None))
_INLINE_UP_TO = 600  # a longer part's source is called as its own function: joined source stays small
# `me`, the player acting, is the kernel's word, which a shorthand's arguments may name (`draw-mayhem(n)`: `draw(me, n)`)
_CONTEXT_SOURCE = {"self": "env.self_fig", "holder": "env.holder", "owner": "env.owner", "my-team": "env.team",
                   "me": "env.controller"}


def _name(obj) -> str:
    """A name for a value or closure bound into joined source (unique while it lives)."""
    return f"_k{id(obj)}"


def _literal(value) -> str:
    return repr(value) if value.__class__ in _LITERALS else _name(value)


def joined(src: str, names: dict):
    """The function `lambda eng, env: <src>`, carrying its source and names for the next join."""
    fn = eval(f"lambda eng, env: {src}", dict(names))  # noqa: S307 (source made here, from the IR's forms)
    fn.src, fn.names = src, names
    return fn


def source(part: tuple, names: dict) -> str:
    """The Python source of a pure compiled part (fn, False), its names added to `names`:
    its own source if it has one, else a call of the closure."""
    fn = part[0]
    src = getattr(fn, "src", None)
    if src is not None and len(src) < _INLINE_UP_TO:
        names.update(fn.names)
        return f"({src})"
    names[_name(fn)] = fn
    return f"{_name(fn)}(eng, env)"


def call(fn, args: list[tuple], names: dict, prefix: str = "eng, env") -> str:
    """The source of `fn(prefix, *args)`, `fn` bound by name."""
    names[_name(fn)] = fn
    return f"{_name(fn)}({', '.join([prefix] + [source(a, names) for a in args])})"


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
        name = e["name"]
        if name in _CONTEXT_SOURCE:
            return joined(_CONTEXT_SOURCE[name], {}), False
        if name == "here":  # written in (runtime/functions.py), as `adjacent`
            return joined(here_source(), {}), False
        if name == "adjacent":
            return joined(adjacent_source(), {}), False
        if name in CONTEXT_INLINE:  # the turn's contexts (runtime/turn_words.py)
            return joined(CONTEXT_INLINE[name](), {}), False
        return context(name), False

    def compile_var(code, e):
        return joined(f"env.locals.get({e['name']!r})", {}), False

    compile_param = compile_it = compile_var

    def compile_event(code, e):
        return joined(f"env.event.get({e['name']!r})", {}), False

    def compile_token(code, e):
        return const(e["name"]), False

    compile_tag = compile_icon = compile_token
    compile_zone = compile_counter = compile_property = compile_token  # a kernel game's names

    def compile_component(code, e):
        comp = code.rules.by_qid.get(e["name"])
        if comp is not None and comp["kind"] == "location":  # a tile's index: no figure looked at
            return joined(f"eng.location_value({e['name']!r})", {}), False
        return joined(f"eng.component_value({e['name']!r})", {}), False

    def compile_relation(code, e):
        return const(("relation", e["name"])), False

    def compile_none(code, e):
        return const(None), False

    compile_unresolved = compile_none

    # ---- compound forms ---------------------------------------------------------------

    def compile_list(code, e):
        parts = [code.expr(item) for item in e["items"]]
        fns, asks = _ask_all(parts)
        if not asks:
            names = {}
            return joined("[" + ", ".join(source(p, names) for p in parts) + "]", names), False

        def gen(eng, env):
            out = []
            for f in fns:
                out.append((yield from f(eng, env)))
            return out
        return gen, True

    def compile_fn(code, e):
        impl = function(e["name"])
        parts = [code.expr(e["args"].get(p)) for p in FN_PARAMS.get(e["name"], ())]
        fns, asks = _ask_all(parts)
        if not asks:
            names = {}
            what = e["args"].get("what")
            if e["name"] == "count" and what is not None and what["e"] == "select" and what["quant"] == "all" \
                    and not any(e["args"].get(p) is not None for p in ("on", "of")):
                # `count(all ...)`: the selector's list is counted in place (functions._count's first case)
                from .compiled_selectors import count_function  # here: that module builds on this one's forms
                counter = count_function(code, lowered(what, code.rules.game))
                if counter is not None:  # its candidates read from the Locations' lists
                    return joined(call(counter, [], names), names), False
                return joined(f"len({source(parts[0], names)})", names), False
            counted = COUNT_SOURCES.get(e["name"])
            if counted is not None:  # a count of pieces written in, the token's group known (runtime/functions.py)
                names.update(INLINE_NAMES)
                place = e["args"].get("on" if e["name"] == "count" else "holder")
                it_kind = None if place is None else code.__dict__.get("it_kind") if place["e"] == "it" else \
                    "team" if place["e"] == "ctx" and place["name"] == "my-team" else None  # a Team's id, or None
                return joined(counted(*(source(p, names) for p in parts), code.rules, names, it_kind), names), False
            if e["name"] in OF_FIGURE and code.__dict__.get("it_kind") == "figure" \
                    and (e["args"].get("figure") or {}).get("e") == "it":  # a figure selector's `it`: no test of its class
                return joined(OF_FIGURE[e["name"]](source(parts[0], names)), names), False
            inline = INLINE.get(e["name"])
            if inline is not None:  # written into the expression (runtime/functions.py)
                names.update(INLINE_NAMES)
                return joined(inline(*(source(p, names) for p in parts)), names), False
            return joined(call(impl, parts, names), names), False

        def gen(eng, env):
            args = []
            for f in fns:
                args.append((yield from f(eng, env)))
            return impl(eng, env, *args)
        return gen, True

    def compile_bin(code, e):
        op = e["op"]
        parts = [code.expr(e["l"]), code.expr(e["r"])]
        (fl, fr), asks = _ask_all(parts)
        if not asks:
            names = {}
            left, right = (source(p, names) for p in parts)
            return joined(f"{or_0(left)} {op if op in ('+', '-') else '*'} {or_0(right)}", names), False

        def gen(eng, env):
            a = (yield from fl(eng, env)) or 0
            b = (yield from fr(eng, env)) or 0
            return a + b if op == "+" else a - b if op == "-" else a * b
        return gen, True

    def compile_neg(code, e):
        fx, asks = code.expr(e["x"])
        if not asks:
            names = {}
            return joined(f"-({source((fx, asks), names)} or 0)", names), False

        def gen(eng, env):
            return -((yield from fx(eng, env)) or 0)
        return gen, True

    def compile_cmp(code, e):
        compare = _COMPARE[e["op"]]
        parts = [code.expr(e["l"]), code.expr(e["r"])]
        (fl, fr), asks = _ask_all(parts)
        if not asks:
            names = {}
            left, right = (source(p, names) for p in parts)
            if e["op"] in ("==", "!="):
                return joined(f"{left} {e['op']} {right}", names), False
            return joined(f"{or_0(left)} {e['op']} {or_0(right)}", names), False

        def gen(eng, env):
            a = yield from fl(eng, env)
            b = yield from fr(eng, env)
            return compare(a, b)
        return gen, True

    def compile_is(code, e):
        negated = bool(e["negated"])
        parts = [code.expr(e["l"]), code.expr(e["r"])]
        (fl, fr), asks = _ask_all(parts)
        if not asks and e["r"]["e"] == "relation":  # `x is opponent`: the relation's test written in
            names = {"FIGURE": Figure}
            a = temp()
            rel = e["r"]["name"]
            if rel in RELATION_SOURCE:
                test = re.sub(r"\bit\b", a, RELATION_SOURCE[rel])
            else:
                names[_name(relation_test(rel))] = relation_test(rel)
                test = f"{_name(relation_test(rel))}({a}, env)"
            test = f"(isinstance({a} := {source(parts[0], names)}, FIGURE) and ({test}))"
            return joined(f"not {test}" if negated else test, names), False
        if not asks and e["r"]["e"] == "ctx" and e["r"]["name"] in ("self", "holder"):  # `x is self`: a figure or none
            names = {"FIGURE": Figure}
            a = temp()
            left, right = (source(p, names) for p in parts)
            test = f"(isinstance({a} := {left}, FIGURE) and {a} is {right})"
            return joined(f"not {test}" if negated else test, names), False
        if not asks:
            names = {_name(is_test): is_test}
            left, right = (source(p, names) for p in parts)
            test = f"{_name(is_test)}(eng, {left}, {right}, env)"
            return joined(f"not {test}" if negated else test, names), False

        def gen(eng, env):
            a = yield from fl(eng, env)
            b = yield from fr(eng, env)
            result = is_test(eng, a, b, env)
            return (not result) if negated else result
        return gen, True

    def compile_and(code, e):
        parts = [code.expr(item) for item in e["items"]]
        fns, asks = _ask_all(parts)
        if not asks:
            if not parts:
                return const(True), False
            names = {}  # bool(A and B) is bool(A) and bool(B), with one call
            return joined("bool(" + " and ".join(source(p, names) for p in parts) + ")", names), False

        def gen(eng, env):
            for f in fns:
                if not (yield from f(eng, env)):
                    return False
            return True
        return gen, True

    def compile_or(code, e):
        parts = [code.expr(item) for item in e["items"]]
        fns, asks = _ask_all(parts)
        if not asks:
            if not parts:
                return const(False), False
            names = {}
            return joined("bool(" + " or ".join(source(p, names) for p in parts) + ")", names), False

        def gen(eng, env):
            for f in fns:
                if (yield from f(eng, env)):
                    return True
            return False
        return gen, True

    def compile_not(code, e):
        fx, asks = code.expr(e["x"])
        if not asks:
            names = {}
            return joined(f"not {source((fx, asks), names)}", names), False

        def gen(eng, env):
            return not (yield from fx(eng, env))
        return gen, True

    def compile_select(code, e):
        from .compiled_selectors import compile_selector  # here: that module builds on this one's forms
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


EXPRESSION_COMPILERS = dispatch(ExpressionCompiler, "compile_", EXPRESSIONS)
register_walker("runtime: the effect interpreter's expressions", EXPRESSIONS, EXPRESSION_COMPILERS)
