"""The IR's statements compiled once into closures, and the cache of compiled nodes (by node identity) of one set of rules.

Like a template engine that compiles each template once, the runtime turns each
statement, body, expression, trigger and primitive's arguments of the rules into Python
closures the first time it meets them, and keeps them for every later game on the same
rules (`code_for(rules)`). Play then calls closures: no walk of the IR's dictionaries,
no dispatch on op names. The IR stays as it is, for the logs (spans), the site and the
checks.

A compiled statement is `fn(engine, env)` returning an iterator to `yield from`: a
statement that may ask a decision is a generator that yields the Decision and receives
the answer, exactly as the interpreter it replaces did; one that cannot ask returns a
finished iterator. Every statement op of the registry (compiler/ir_ops.py) has a
`compile_<op>` here, checked at import; the expression forms are compiled by
runtime/compiled_expressions.py.
"""
from __future__ import annotations

from mayhem.compiler import builtins as B
from mayhem.compiler.ir_ops import STATEMENTS, dispatch, register_walker
from mayhem.compiler.shorthand import lowered

from .actions import SKIP
from .compiled_bodies import NOTHING, RAN, Args, binds_names, keyword_form, keyword_function, loop_inline, \
    run_in_order
from .compiled_expressions import EXPRESSION_COMPILERS, action, as_generator, const, source
from .decisions import slug
from .effects import Env, _new, env_for
from .rules import Rules, prop
from .state import Figure

PRIM_PARAMS = {name: [p.name for p in prim.params] for name, prim in B.PRIMITIVES.items()}
_NONE = (const(None), False)  # an absent expression: None


class Code:
    """The compiled forms of one Rules' IR nodes, each compiled on first use and kept by the
    node's identity (the node is kept too, so that its id cannot be reused)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._exprs: dict[int, tuple] = {}
        self._stmts: dict[int, object] = {}
        self._bodies: dict[int, object] = {}
        self._args: dict[int, Args] = {}
        self._triggers: dict[int, tuple] = {}
        self._binds: dict[int, bool] = {}
        self._lists: dict[tuple, object] = {}  # statements(): ids of the statements -> their function
        self.compiling: set[str] = set()  # the keywords whose blocks are being compiled now
        self.compiled_triggers = self._triggers  # id(trigger) -> what trigger() returned (read by emit)
        self._kept: list = []  # the nodes compiled: their ids stay theirs
        # what the rules alone decide, shared by every game (runtime/events.py, turn.py)
        self.triggers: dict[str, dict[str, list]] = {}  # component qid -> event -> its triggers
        self.heard: dict[str, dict] = {}  # event -> which components hear it
        self.bonus: dict[int, bool] = {}  # id(statement) -> does it only add a bonus

    def expr(self, e: dict | None) -> tuple:
        """(fn, asks) of an expression (runtime/compiled_expressions.py)."""
        if e is None:
            return _NONE
        hit = self._exprs.get(id(e))
        if hit is None:
            low = lowered(e, self.rules.game)  # a shorthand word as what it stands for (compiler/shorthand.py)
            hit = EXPRESSION_COMPILERS[low["e"]](self, low)
            self._exprs[id(e)] = hit
            self._kept.append(e)
        return hit

    def stmt(self, s: dict):
        """fn(engine, env) -> iterator of a statement."""
        fn = self._stmts.get(id(s))
        if fn is None:
            low = lowered(s, self.rules.game)  # a shorthand word as the word it stands for
            fn = STATEMENT_COMPILERS[low["op"]](self, low)
            self._stmts[id(s)] = fn
            self._kept.append(s)
        return fn

    def body(self, body: list):
        """fn(engine, env) -> iterator of a list of statements of the rules."""
        fn = self._bodies.get(id(body))
        if fn is None:
            fn = self.statements(body)
            self._bodies[id(body)] = fn
            self._kept.append(body)
        return fn

    def binds(self, body: list | None) -> bool:
        """Does this block bind a name in its own scope (compiled_bodies.binds_names)? Kept by
        the block's identity."""
        if not body:
            return False
        hit = self._binds.get(id(body))
        if hit is None:
            hit = self._binds[id(body)] = binds_names([lowered(s, self.rules.game) for s in body])
            self._kept.append(body)
        return hit

    def statements(self, body: list):
        """A list of statements made during play (an Ability's sections, joined) compiled, kept by
        the identities of its statements (each kept by stmt()): the next game that makes the
        same list finds its function, not its source written and compiled again."""
        key = tuple(map(id, body))
        fn = self._lists.get(key)
        if fn is None:
            fn = self._lists[key] = run_in_order([self.stmt(s) for s in body])
        return fn

    def args(self, prim: str, raw: dict) -> Args:
        hit = self._args.get(id(raw))
        if hit is None:
            hit = Args(self, PRIM_PARAMS.get(prim, list(raw)), raw)
            self._args[id(raw)] = hit
            self._kept.append(raw)
        return hit

    def trigger(self, t: dict) -> tuple:
        """(condition fn, condition asks, body fn) of a trigger; the condition fn is None when
        it has none."""
        hit = self._triggers.get(id(t))
        if hit is None:
            when, asks = self.expr(t["when"]) if t["when"] is not None else (None, False)
            hit = (when, asks, self.body(t["body"]))
            self._triggers[id(t)] = hit
            self._kept.append(t)
        return hit

    def compile_all(self) -> int:
        """Compile every effect body and trigger of the rules now (as `load_rules` would); the
        number of statements compiled."""
        def comps(c):
            yield c
            for child in c["children"]:
                yield from comps(child)

        for top in self.rules.ir["components"]:
            for c in comps(top):
                for eff in c["effects"].values():
                    self.body(eff["body"])
                    if eff.get("when") is not None:
                        self.expr(eff["when"])
                for t in c["triggers"]:
                    self.trigger(t)
        return len(self._stmts)


def code_for(rules: Rules) -> Code:
    """The compiled forms of these rules, shared by every game played on them."""
    code = rules.__dict__.get("_code")
    if code is None:
        code = rules.__dict__["_code"] = Code(rules)
    return code


class StatementCompiler:
    """One compile method per statement op of the registry (compiler/ir_ops.py); `code` is
    the Code cache that compiles the children."""

    def compile_primitive(code, s):
        method = "p_" + s["name"].replace("-", "_")
        raw = s["args"]
        args = code.args(s["name"], raw)
        from .engine import Engine  # here: the engine's modules import this one
        impl = getattr(Engine, method, None)
        with_values = getattr(impl, "with_values", None)  # primitives.evaluated: (body, is a generator)
        found = {}  # another engine class -> its method, looked up once

        def generic(eng, env):
            cls_impl = found.get(eng.__class__)
            if cls_impl is None:
                cls_impl = found[eng.__class__] = getattr(eng.__class__, method)
            return cls_impl(eng, raw, env, s)
        if with_values is None or args.asks:
            if impl is None:
                return generic

            def primitive_raw(eng, env):  # the primitive evaluates its arguments (`self.args`)
                if eng.__class__ is not Engine:
                    return generic(eng, env)
                return impl(eng, raw, env, s)
            primitive_raw.inline, primitive_raw.node = ("raw", impl, raw), s  # compiled_bodies.py
            return primitive_raw
        # the arguments evaluated by the function compiled for this call, then the primitive's body
        body, body_yields = with_values
        now = args.now
        if body_yields:
            def primitive(eng, env):
                if eng.__class__ is not Engine:
                    return generic(eng, env)
                return body(eng, now(eng, env), env, s)
        else:
            def primitive(eng, env):  # a primitive that cannot ask: run now, nothing to iterate
                if eng.__class__ is not Engine:
                    return generic(eng, env)
                body(eng, now(eng, env), env, s)
                return RAN
        primitive.inline, primitive.node = ("call", body, body_yields, now.src, now.names), s  # compiled_bodies.py
        return primitive

    def compile_keyword(code, s):
        kw = code.rules.keywords.get(s["keyword"])
        if kw is None:  # not a keyword of these rules: an error if it is ever run
            return lambda eng, env: eng.rules.keywords[s["keyword"]]
        params = [(p["name"], code.expr(s["args"][p["name"]]) if s["args"].get(p["name"]) is not None else None)
                  for p in kw["params"]]
        tags = prop(kw, "tags")
        eff = kw["effects"].get("effect")
        inner_body = eff["body"] if eff is not None else None

        if not any(part[1] for _name, part in params if part is not None):  # no parameter asks: one function
            keyword_now = keyword_function(kw, tags, inner_body, params)
            if not tags and inner_body is not None:  # its block written into the body that calls it
                keyword_now.inline = keyword_form(code, s["keyword"], inner_body, params)
            return keyword_now

        def keyword(eng, env):
            inner = _new(Env)  # env.child() with locals of its own: the keyword's parameters
            fields = inner.__dict__
            fields.update(env.__dict__)
            fields["locals"] = scope = {}
            for name, part in params:
                if part is None:
                    scope[name] = None
                else:
                    fn, asks = part
                    scope[name] = (yield from fn(eng, env)) if asks else fn(eng, env)
            if tags:
                inner.tags = env.tags | frozenset(eng.tag_qids(kw, tags))
            if inner_body is not None:  # compiled when first run: a keyword's body may use keywords
                yield from eng.code.body(inner_body)(eng, inner)
        return keyword

    def compile_may(code, s):
        label = s["label"] or "it"
        prompt = f"{label}?"
        options = [action("do", (slug(label),)), SKIP]
        body = code.body(s["body"])
        binds = code.binds(s["body"])

        def may(eng, env):
            answer = eng.answer
            if answer is not None:  # Game.play_out(): Engine.decide's answer without its generator (two options)
                choice = answer(env.controller, "optional", prompt, list(options), s)
            else:
                choice = yield from eng.decide(env.controller, "optional", prompt, list(options), s)
            if choice != SKIP:
                yield from body(eng, env.child() if binds else env)
        return may

    def compile_choose(code, s):
        bodies = {action("choose", (slug(o['label']),)): code.body(o["body"]) for o in s["options"]}
        binds = {action("choose", (slug(o['label']),)): code.binds(o["body"]) for o in s["options"]}
        labels = list(bodies)

        def choose(eng, env):
            answer = eng.answer
            if answer is not None and len(labels) > 1:  # Game.play_out(): Engine.decide's answer, no generator
                choice = answer(env.controller, "option", "choose one", list(labels), s)
            else:
                choice = yield from eng.decide(env.controller, "option", "choose one", list(labels), s)
            yield from bodies[choice](eng, env.child() if binds[choice] else env)
        return choose

    def compile_if(code, s):
        cond, asks = code.expr(s["cond"])
        then_body = code.body(s["then"]) if s["then"] else None
        else_body = code.body(s["else"]) if s["else"] else None
        then_binds, else_binds = code.binds(s["then"]), code.binds(s["else"])
        if not asks:
            def if_now(eng, env):
                if cond(eng, env):
                    return then_body(eng, env.child() if then_binds else env) if then_body is not None else NOTHING
                return else_body(eng, env.child() if else_binds else env) if else_body is not None else NOTHING
            if not then_binds and not else_binds:  # its blocks written into the body around it (compiled_bodies.py)
                names: dict = {}
                if_now.inline = ("if", source((cond, False), names), names, then_body.fns if then_body else [],
                                 else_body.fns if else_body else [])
            return if_now

        def if_asked(eng, env):
            if (yield from cond(eng, env)):
                if then_body is not None:
                    yield from then_body(eng, env.child() if then_binds else env)
            elif else_body is not None:
                yield from else_body(eng, env.child() if else_binds else env)
        return if_asked

    def compile_repeat(code, s):
        count, count_asks = code.expr(s["count"])
        body = code.body(s["body"])
        binds = code.binds(s["body"])

        def repeat(eng, env):
            n = (yield from count(eng, env)) if count_asks else count(eng, env)
            for _ in range(max(0, int(n or 0))):
                yield from body(eng, env.child() if binds else env)
        return repeat

    def compile_let(code, s):
        name = s["name"]
        value, asks = code.expr(s["value"])
        if not asks:
            def let_now(eng, env):
                env.locals[name] = value(eng, env)
                return NOTHING
            names: dict = {}
            let_now.inline = ("let", name, source((value, False), names), names)  # compiled_bodies.py
            return let_now

        def let_asked(eng, env):
            env.locals[name] = yield from value(eng, env)
        return let_asked

    def compile_for_each(code, s):
        source_fn, source_asks = code.expr(s["source"])
        var = s["var"]
        body = code.body(s["body"])
        if code.binds(s["body"]):
            def for_each_binding(eng, env):  # each item's block binds names of its own: an Env each
                items = (yield from source_fn(eng, env)) if source_asks else source_fn(eng, env)
                for item in list(items or []):
                    inner = env.child()
                    inner.locals[var] = item
                    yield from body(eng, inner)
            return for_each_binding
        inline = None
        if not source_asks and loop_inline(body.fns):  # written into the body around it, the item a Python variable
            names: dict = {}
            inline = ("for", var, source((source_fn, False), names), names, body.fns)

        def for_each(eng, env):
            items = (yield from source_fn(eng, env)) if source_asks else source_fn(eng, env)  # no generator for a value
            if not items:
                return
            inner = env.child()  # one Env for the loop: the block binds nothing but the item
            scope = inner.locals
            for item in list(items):
                scope[var] = item
                yield from body(eng, inner)
        for_each.inline = inline
        return for_each

    def compile_as(code, s):
        who_fn, who_asks = code.expr(s["who"])
        who_of = as_generator(who_fn, who_asks)
        body = code.body(s["body"])
        inner = env_for(code.binds(s["body"]))
        if not who_asks:
            def as_now(eng, env):
                who = who_fn(eng, env)
                if isinstance(who, Figure):
                    team, controller = who.team, eng.controller_of(who)
                else:
                    team, controller = who, eng.team_player(who)
                return body(eng, inner(env, team, controller)) if team is not None else NOTHING
            return as_now

        def as_(eng, env):
            who = yield from who_of(eng, env)
            if isinstance(who, Figure):
                team, controller = who.team, eng.controller_of(who)
            else:
                team, controller = who, eng.team_player(who)
            if team is not None:
                yield from body(eng, inner(env, team, controller))
        return as_

    def compile_until(code, s):
        triggers = [t for t in s["body"] if t["op"] == "trigger"]
        event = s["event"]

        def until(eng, env):
            for t in triggers:
                eng.install(t, env, event)
            return NOTHING
        return until

    def compile_trigger(code, s):
        def trigger(eng, env):
            eng.install(s, env, "round-end")
            return NOTHING
        return trigger


STATEMENT_COMPILERS = dispatch(StatementCompiler, "compile_", STATEMENTS)
register_walker("runtime: the effect interpreter's statements", STATEMENTS, STATEMENT_COMPILERS)
