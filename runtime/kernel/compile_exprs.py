"""The kernel compiler's emitters of expressions: one per form of the IR's registry, each its form's Python source.

compile.source() looks the form up in `EMIT`, made by the registry's `dispatch`
(compiler/ir_ops.py): every registered expression form has its emitter here (`form_NAME`)
or is ignored below with the reason, and a form of neither is refused when this module is
imported, so a form the compiler emits cannot reach a game unhandled
(tests/test_runtime_ir_ops.py). An emitter writes what the interpreter did, in the same order
(the digests of tests/test_kernel_compiled.py); it runs at load, never at play.
"""
from __future__ import annotations

from ...compiler.ir_ops import EXPRESSIONS, dispatch, register_walker
from .compile import (_ARG, _CONTEXT, _INLINE, _ORDER, _declared, _plus, _select, call_source, fresh, me_of,
                      name_for, printed_name, source)
from .rules import KernelError

# the forms no emitter writes alone, and why
IGNORED = {"relation": "read by `is` as its right side (`x is friend`, relations.py), never a value alone",
           "unresolved": "a name the compiler could not resolve: an error the compiler reports first"}


class Forms:
    """`form_NAME(e, space, bound)`: the source of an expression of form NAME (compile.source)."""

    @staticmethod
    def form_num(e, space, bound):
        return name_for(space, e["v"])
    form_bool = form_str = form_num

    @staticmethod
    def form_none(e, space, bound):
        return "None"

    @staticmethod
    def form_zone(e, space, bound):  # a declaration named; a token of the box: its qid, its printed card
        return name_for(space, e["name"])  # (pieces.py); an icon's, a tag's: its name
    form_counter = form_property = form_token = form_icon = form_tag = form_zone

    @staticmethod
    def form_component(e, space, bound):  # a component named: a tile of the board is its space (layout.py), else its qid
        from .layout import component
        return f"{name_for(space, component)}(run, {name_for(space, e['name'])})"

    @staticmethod
    def form_var(e, space, bound):
        kind = e["e"]
        key = "var:" + (e["name"] if kind != "it" else "it")
        return bound.read(key) if bound is not None else f"(env[{key!r}] if {key!r} in env else None)"
    form_param = form_it = form_event = form_var

    @staticmethod
    def form_ctx(e, space, bound):
        key = "ctx:" + e["name"]
        if e["name"] in getattr(bound, "context", ()):  # a name the generated code keeps in a local (walks.py)
            return bound.context[e["name"]]
        if "_rel[" in _CONTEXT.get(e["name"], ""):
            from .relations import CONTEXT
            space["_rel"] = CONTEXT
        elif "_move[" in _CONTEXT.get(e["name"], ""):
            from .movement import CONTEXT as MOVE
            space["_move"] = MOVE
        if e["name"] not in _CONTEXT and printed_name(space.get("__rules__"), e["name"]):
            from .primitives import property_of  # the running card's printed property of that name
            return f"{name_for(space, property_of)}(run, env.get('ctx:this-card'), {name_for(space, e['name'])})"
        return _CONTEXT.get(e["name"]) or (bound.read(key) if bound is not None else f"(env[{key!r}] if {key!r} in env else None)")

    @staticmethod
    def form_list(e, space, bound):
        return "[" + ", ".join(source(i, space, bound) for i in e["items"]) + "]"

    @staticmethod
    def form_fn(e, space, bound):
        from .primitives import FUNCTIONS, get_value
        args = {k: v for k, v in e["args"].items() if v is not None}
        if e["name"] in _INLINE and list(args) == [_ARG[e["name"]]]:  # one argument, read once
            arg = source(args[_ARG[e["name"]]], space, bound)
            return _INLINE[e["name"]].format(fresh(space), arg)
        if e["name"] == "value" and list(args) in (["counter"], ["counter", "of"]):
            counter = source(args["counter"], space, bound)
            # a counter named: its own function (counters.py); else get_value
            call = (f"run.rules.counters[{counter}].get(run, " if args["counter"]["e"] == "counter"
                    else f"{name_for(space, get_value)}(run, {counter}, ")
            if "of" not in args:  # `value(plays)`: of `me`
                holder = me_of(bound)
            else:
                of, w = source(args["of"], space, bound), fresh(space)  # `value(tokens, of: c)`: of c, else `me`
                holder = f"{w} if ({w} := {of}) is not None else {me_of(bound)}"
            spec = _declared(space, "counters", args["counter"]) if args["counter"]["e"] == "counter" else None
            if spec is not None and spec.per in ("player", "card"):  # a player's key read in place (counters.make_get)
                w = fresh(space)
                return (f"(run.state.counters.get({name_for(space, spec.id + '/')} + {w}, {name_for(space, spec.start)}) "
                        f"if type({w} := ({holder})) is str else {call}{w}))")
            return call + holder + ")"
        if e["name"] == "owner-of" and list(args) == ["card"]:  # a card's owner read in place
            from .primitives import owner_of
            w = fresh(space)
            return (f"(run.state.owners[{w}] if isinstance({w} := {source(args['card'], space, bound)}, int) "
                    f"and not isinstance({w}, bool) else {name_for(space, owner_of)}(run, env, {w}))")
        if e["name"] == "cards-in" and list(args) in (["zone"], ["zone", "of"]) and args["zone"]["e"] == "zone":
            of = source(args["of"], space, bound) if "of" in args else "None"  # a zone named: its own function
            call = f"run.rules.zones[{source(args['zone'], space, bound)}].cards(run, env, "
            spec = _declared(space, "zones", args["zone"])
            if spec is not None and spec.per == "player":  # one player's pile read in place (piles.make_cards_in)
                w, who = fresh(space), of if "of" in args else me_of(bound)
                return (f"(list(run.state.zones.get({name_for(space, spec.id + '/')} + {w}, ())) if type({w} := "
                        f"{who}) is str else {call}{w}))")
            return call + of + ")"
        if e["name"] == "prop" and list(args) == ["card", "name"]:  # `prop(c, cost)`
            from .primitives import property_of
            card, name = source(args["card"], space, bound), source(args["name"], space, bound)
            return f"{name_for(space, property_of)}(run, {card}, {name})"
        if e["name"] not in FUNCTIONS:
            raise KernelError(f"{e.get('span')}: the rules kernel has no function '{e['name']}' (a word of another game's rules?)")
        return call_source(FUNCTIONS[e["name"]], [(k.replace("-", "_"), v) for k, v in e["args"].items()
                                                  if v is not None], space, bound)

    @staticmethod
    def form_select(e, space, bound):
        return name_for(space, _select(e)) + "(run, env)"

    @staticmethod
    def form_bin(e, space, bound):
        left, right, op = source(e["l"], space, bound), source(e["r"], space, bound), e["op"]
        if op == "+":
            return f"{name_for(space, _plus)}({left}, {right})"
        return f"((({left}) or 0) {'-' if op == '-' else '*'} (({right}) or 0))"

    @staticmethod
    def form_neg(e, space, bound):
        return f"(-(({source(e['x'], space, bound)}) or 0))"

    @staticmethod
    def form_cmp(e, space, bound):  # a variable ordered, or compared with a number, may be a die: its value (dice.py)
        from .dice import operand as _operand
        op, ordered = e["op"], e["op"] in _ORDER
        left = _operand(e["l"], ordered or e["r"]["e"] == "num", space, bound)
        if op in ("==", "!="):
            return f"(({left}) {op} ({_operand(e['r'], e['l']['e'] == 'num', space, bound)}))"
        if e["r"]["e"] == "num":  # against a number (`value(plays) > 0`): it is read once
            return f"(int(({left}) or 0) {op} {name_for(space, int(e['r']['v'] or 0))})"
        return f"(int(({left}) or 0) {op} int(({_operand(e['r'], True, space, bound)}) or 0))"

    @staticmethod
    def form_and(e, space, bound):
        kind = e["e"]
        items = [f"({source(i, space, bound)})" for i in e["items"]]
        if not items:
            return "True" if kind == "and" else "False"
        return f"(True if {f' {kind} '.join(items)} else False)"
    form_or = form_and

    @staticmethod
    def form_not(e, space, bound):
        return f"(not ({source(e['x'], space, bound)}))"

    @staticmethod
    def form_is(e, space, bound):
        if e["r"]["e"] == "relation":  # `x is friend`: relations.py
            from .relations import is_related
            from ...compiler.shorthand import kernel_kind  # a kind of the shared vocabulary: the kernel's own
            left, rel = source(e["l"], space, bound), name_for(space, kernel_kind(e["r"]["name"]))
            return f"({name_for(space, is_related)}(run, env, {left}, {rel}) != {name_for(space, e['negated'])})"
        left, right = source(e["l"], space, bound), source(e["r"], space, bound)
        return f"((({left}) == ({right})) != {name_for(space, e['negated'])})"


EMIT = dispatch(Forms, "form_", EXPRESSIONS, ignores=IGNORED)
register_walker("kernel-expressions", EXPRESSIONS, EMIT, ignores=IGNORED)
