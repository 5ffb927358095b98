"""Pass 4, type-check: argument counts and types, conditions, and what each context offers."""
from __future__ import annotations

from dataclasses import dataclass, field

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, did_you_mean
from mayhem.dsl.schema import KINDS

from . import builtins as B
from . import builtins_kernel as K
from .game_parts import check_one_shot
from .model import Component, Model
from .resolve import Resolution


@dataclass
class Ctx:
    kind: str  # a key of builtins.CONTEXTS
    event: str | None = None  # the enclosing trigger's event
    locals: dict[str, str] = field(default_factory=dict)  # name -> type
    needs: set[str] | None = None  # keyword bodies: the context names they read

    def inner(self, **kw) -> "Ctx":
        c = Ctx(self.kind, self.event, dict(self.locals), self.needs)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


@dataclass
class Types:
    """Types of expressions (by node id), and the context names each keyword needs."""

    of: dict[int, str] = field(default_factory=dict)
    keyword_needs: dict[str, set[str]] = field(default_factory=dict)
    # keyword qid -> parameter -> the context names its default reads (only when not given)
    default_needs: dict[str, dict[str, set[str]]] = field(default_factory=dict)


def typecheck(model: Model, res: Resolution, diags: Diagnostics) -> Types:
    checker = _Checker(res, diags)
    comps = sorted(model.components(), key=lambda c: c.qid)
    for comp in comps:
        if comp.kind == "keyword":
            checker.keyword_needs(comp)
    for comp in comps:
        checker.component(comp)
    return checker.types


def _describe(t: str) -> str:
    return {"figures": "a set of figures", "locations": "a set of Locations", "edges": "a set of edges",
            "tags": "a list of tags", "empty-list": "an empty list", "number": "a number", "bool": "a condition",
            "figure": "a figure", "location": "a Location", "edge": "an edge", "team": "a Team",
            "token": "a token type", "tag": "a tag", "icon": "an icon", "string": "a string",
            "relation": "a kind of figure", "player": "a player", "players": "a set of players",
            "card": "a card", "cards": "a set of cards", "zone": "a zone", "counter": "a counter",
            "property": "a card property"}.get(t, t)


def _describe_param(t: str) -> str:
    return " or ".join(_describe(x) for x in sorted(B.expand(t)))


class _Checker:
    def __init__(self, res: Resolution, diags: Diagnostics) -> None:
        self.res = res
        self.diags = diags
        self.types = Types()
        self._needs_in_progress: set[str] = set()

    # -- keywords -------------------------------------------------------------

    def keyword_needs(self, kw: Component) -> set[str]:
        if kw.qid in self.types.keyword_needs:
            return self.types.keyword_needs[kw.qid]
        if kw.qid in self._needs_in_progress:
            return set()  # recursion is reported by the graph pass
        self._needs_in_progress.add(kw.qid)
        ctx = Ctx("keyword", needs=set())
        ctx.locals = {p.name: "any" for p in kw.decl.params}
        defaults: dict[str, set[str]] = {}
        for p in kw.decl.params:
            if p.default is not None:
                defaults[p.name] = set()
                self.expr(p.default, Ctx("keyword", needs=defaults[p.name]))
        self.types.default_needs[kw.qid] = defaults
        slot = kw.slots.get("effect")
        if slot is not None:
            self.block(slot.body, ctx)
        else:
            self.diags.error("E205", f"keyword '{kw.id}' needs an effect", kw.decl.id_span,
                             hint="write: effect { ... }")
        self._needs_in_progress.discard(kw.qid)
        self.types.keyword_needs[kw.qid] = ctx.needs
        return ctx.needs

    # -- components -------------------------------------------------------------

    def component(self, comp: Component) -> None:
        if comp.kind == "keyword":
            return
        spec = comp.spec or KINDS[comp.kind]
        params = {}
        # an action of the game the Mayhem boxes share (a module's game) is a move of the
        # Active Character's turn, in the Mayhem vocabulary; a kernel game's, in its own
        turn = comp.kind == "action" and comp.parent is not None and comp.parent.scope.endswith(".mh")
        for p in comp.decl.params if comp.kind == "action" else ():
            domain = self.expr(p.default, Ctx("turn" if turn else "game")) if p.default is not None else "any"
            params[p.name] = B.ELEMENT_OF.get(domain, "any")
            if domain not in B.ELEMENT_OF and domain != "any":
                sets = "figures, Locations or edges" if turn else "players or cards"
                self.diags.error("E401", f"the domain of '{p.name}' is a set of {sets}, not "
                                 f"{_describe(domain)}", p.default.span)
        if turn:
            self.turn_action(comp)
        for name, slot in comp.slots.items():
            slot_spec = spec.slot(name)
            ctx = Ctx("turn" if turn else slot_spec.context if slot_spec else spec.dynamic_slots)
            ctx.locals.update(params)
            if slot.guard is not None:
                self.cond(slot.guard, ctx)
            self.block(slot.body, ctx)
        for trig in comp.triggers:
            self.trigger(trig, Ctx(spec.triggers or "ability"))

    def turn_action(self, comp: Component) -> None:
        """An action of the Mayhem turn prints as a verb of the legal-action grammar
        (runtime/actions.py): its verb is one, its parameters are the arguments of the verb's
        form (the Active Character fills `figure`), and without an effect it is a verb the
        engine still builds."""
        from mayhem.runtime.actions import ENGINE_TURN_VERBS, VERBS, arguments, usage
        verb = comp.id
        if verb not in VERBS:
            self.diags.error("E411", f"action '{verb}' is no verb of the legal-action grammar", comp.decl.id_span,
                             hint=did_you_mean(verb, VERBS) or "verbs: " + ", ".join(VERBS))
            return
        if "effect" not in comp.slots:
            if verb not in ENGINE_TURN_VERBS:
                self.diags.error("E411", f"action '{verb}' has no effect, and the engine builds no '{verb}'",
                                 comp.decl.id_span, hint="give it `effect { ... }`; the verbs the engine still "
                                 "builds: " + ", ".join(ENGINE_TURN_VERBS))
            return
        names = [p.name for p in comp.decl.params]
        if not any(set(names) <= set(form) <= set(names) | {"figure"} for form in arguments(verb)):
            wrong = next((p for p in comp.decl.params if not any(p.name in f for f in arguments(verb))), None)
            self.diags.error("E411", f"the parameters of action '{verb}' are not the arguments of its printed form",
                             wrong.span if wrong is not None else comp.decl.id_span,
                             hint=f"'{verb}' is printed " + " or ".join(repr(u) for u in usage(verb)) +
                             "; name its parameters " + " or ".join(", ".join(f) or "nothing" for f in
                                                                     arguments(verb)) +
                             " (CHARACTER is the Active Character when no parameter is `figure`)")

    def trigger(self, trig: ast.Trigger, ctx: Ctx) -> None:
        if ctx.kind == "game" and trig.event in B.EVENTS and trig.event not in K.KERNEL_EVENTS:
            self.diags.error("E404", f"'on {trig.event}' is not an event of games of the rules kernel",
                             trig.event_span, hint="events of games: " + ", ".join(K.KERNEL_EVENTS))
        elif ctx.kind not in ("game", "keyword") and trig.event in K.KERNEL_EVENTS and trig.event not in B.EVENTS:
            self.diags.error("E404", f"'on {trig.event}' is an event of games of the rules kernel only",
                             trig.event_span, hint=did_you_mean(trig.event, B.EVENTS) or "events: " +
                             ", ".join(B.EVENTS))
        inner = ctx.inner(event=trig.event)
        event = (K.KERNEL_EVENTS if ctx.kind == "game" else B.EVENTS).get(trig.event)
        if event is not None:
            for pname, ptype in event.params:
                inner.locals[pname] = ptype
        if trig.cond is not None:
            self.cond(trig.cond, inner)
        self.block(trig.body, inner)

    def block(self, block: ast.Block, ctx: Ctx) -> None:
        ctx = ctx.inner()
        for stmt in block.stmts:
            self.stmt(stmt, ctx)

    def stmt(self, stmt, ctx: Ctx) -> None:
        if isinstance(stmt, ast.Call):
            self.call(stmt, ctx)
        elif isinstance(stmt, ast.May):
            self.block(stmt.body, ctx)
        elif isinstance(stmt, ast.Choose):
            labels = [o.label for o in stmt.options]
            if len(stmt.options) < 2:
                self.diags.error("E402", "'choose one' needs at least two options", stmt.span)
            for dup in sorted({l for l in labels if labels.count(l) > 1}):
                self.diags.error("E402", f"two options are labelled \"{dup}\"", stmt.span,
                                 hint="labels name the choice in the list of legal actions; make them unique")
            for opt in stmt.options:
                self.block(opt.body, ctx)
        elif isinstance(stmt, ast.If):
            self.cond(stmt.cond, ctx)
            self.block(stmt.then, ctx)
            if isinstance(stmt.orelse, ast.Block):
                self.block(stmt.orelse, ctx)
            elif stmt.orelse is not None:
                self.stmt(stmt.orelse, ctx)
        elif isinstance(stmt, ast.Repeat):
            self.expect(stmt.count, "number", ctx, "a repeat count")
            self.block(stmt.body, ctx)
        elif isinstance(stmt, ast.Let):
            ctx.locals[stmt.name] = self.expr(stmt.value, ctx)
        elif isinstance(stmt, ast.ForEach):
            t = self.expr(stmt.source, ctx)
            if t not in B.ELEMENT_OF and t != "any":
                self.diags.error("E401", f"'for each' needs a set, not {_describe(t)}", stmt.source.span,
                                 hint="select with 'all': for each x in all opponent in here { ... }")
            inner = ctx.inner()
            inner.locals[stmt.var] = B.ELEMENT_OF.get(t, "any")
            self.block(stmt.body, inner)
        elif isinstance(stmt, ast.As):
            t = self.expr(stmt.who, ctx)
            if t not in ("team", "figure", "any"):
                self.diags.error("E401", f"'as' takes a Team or a figure, not {_describe(t)}", stmt.who.span)
            self.block(stmt.body, ctx)
        elif isinstance(stmt, ast.Until):
            if stmt.event == "next-turn-end":
                # the next turn of `self`: only where there is a character the effect is for
                if ctx.needs is not None:
                    ctx.needs.add("self")
                elif "self" not in B.CONTEXTS[ctx.kind]:
                    self.diags.error("E403", "'until next-turn-end' lasts until the end of the next turn of "
                                     f"'self', which means nothing in {B.CONTEXT_DOCS[ctx.kind].split(':')[0].lower()}",
                                     stmt.event_span, hint="write `until turn-end` or `until round-end`: only a character has turns of its own")
            self.block(stmt.body, ctx)
        elif isinstance(stmt, ast.Trigger):
            if ctx.kind == "game" and stmt.event in K.KERNEL_EVENTS:
                check_one_shot(stmt, self.diags)  # `on out` belongs to a rule
            self.trigger(stmt, ctx)

    def bind(self, args: list[ast.Arg], params, what: str, span) -> dict[str, ast.Arg] | None:
        """Match call arguments to parameters; report every mismatch."""
        bound: dict[str, ast.Arg] = {}
        names = [p.name for p in params]
        ok = True
        for i, arg in enumerate(args):
            if arg.name is None:
                if bound and any(a.name is not None for a in args[:i]):
                    self.diags.error("E402", "a positional argument cannot follow a named one", arg.span)
                    ok = False
                    continue
                if i >= len(params):
                    self.diags.error("E402", f"{what} takes {len(params)} argument"
                                     f"{'' if len(params) == 1 else 's'}, not {len(args)}", arg.span,
                                     hint="parameters: " + (", ".join(names) or "none"))
                    ok = False
                    continue
                bound[names[i]] = arg
            else:
                if arg.name not in names:
                    self.diags.error("E402", f"{what} has no parameter '{arg.name}'", arg.span,
                                     hint=did_you_mean(arg.name, names) or "parameters: " + (", ".join(names) or "none"))
                    ok = False
                    continue
                if arg.name in bound:
                    self.diags.error("E402", f"'{arg.name}' is given twice", arg.span)
                    ok = False
                    continue
                bound[arg.name] = arg
        for p in params:
            if p.default is B.REQUIRED and p.name not in bound:
                self.diags.error("E402", f"{what} needs '{p.name}'", span,
                                 hint=f"{p.name}: {p.doc or _describe_param(p.type)}")
                ok = False
        return bound if ok else None

    def call(self, call: ast.Call, ctx: Ctx) -> None:
        sym = self.res.of(call)
        if sym is None:
            for arg in call.args:
                self.expr(arg.value, ctx)
            return
        if sym.kind == "primitive":
            prim: B.Primitive = sym.target
            if (prim.contexts is not None and ctx.kind not in prim.contexts) or \
                    (prim.contexts is None and ctx.kind == "game"):
                if prim.contexts is None:
                    self.diags.error("E406", f"'{prim.name}' is a Mayhem primitive; games of the rules "
                                     "kernel use its own", call.name_span,
                                     hint=did_you_mean(prim.name, K.KERNEL_PRIMITIVES) or
                                     "primitives of games: " + ", ".join(K.KERNEL_PRIMITIVES))
                    return
                self.diags.error("E406", f"'{prim.name}' cannot be used in "
                                 f"{B.CONTEXT_DOCS.get(ctx.kind, ctx.kind).split(':')[0].lower()}",
                                 call.name_span, hint=f"'{prim.name}' works in: " + ", ".join(prim.contexts))
            if prim.name in ("prevent", "increase") and ctx.kind != "keyword" and ctx.event not in ("damage", "attack"):
                self.diags.error("E406", f"'{prim.name}' changes pending Damage, so it belongs in an "
                                 "'on damage' or 'on attack' trigger", call.name_span)
            bound = self.bind(call.args, prim.params, f"'{prim.name}'", call.span)
            params = {p.name: p for p in prim.params}
            for arg in call.args:
                pname = arg.name
                if pname is None and bound:
                    pname = next((k for k, v in bound.items() if v is arg), None)
                t = self.expr(arg.value, ctx)
                p = params.get(pname) if pname else None
                if p is not None and not B.accepts(p.type, t):
                    self.diags.error("E401", f"'{p.name}' of '{prim.name}' takes {_describe_param(p.type)}, "
                                     f"not {_describe(t)}", arg.value.span, hint=p.doc or None)
        elif sym.kind == "keyword":
            kw: Component = sym.target
            params = [B.Param(p.name, "any", B.REQUIRED if p.default is None else None) for p in kw.decl.params]
            bound = self.bind(call.args, params, f"keyword '{kw.id}'", call.span) or {}
            for arg in call.args:
                self.expr(arg.value, ctx)
            needs = set(self.keyword_needs(kw))
            for pname, reads in self.types.default_needs.get(kw.qid, {}).items():
                if pname not in bound:
                    needs |= reads  # the default is evaluated where the keyword is used
            if ctx.needs is not None:
                ctx.needs |= needs
            else:
                available = set(B.CONTEXTS[ctx.kind])
                missing = sorted(needs - available)
                if missing:
                    self.diags.error("E409", f"keyword '{kw.id}' reads {', '.join(missing)}, which "
                                     f"{B.CONTEXT_DOCS[ctx.kind].split(':')[0].lower()} do not have",
                                     call.name_span, hint=B.CONTEXT_DOCS[ctx.kind])

    # -- expressions --------------------------------------------------------------

    def cond(self, node, ctx: Ctx) -> None:
        self.expect(node, "bool", ctx, "a condition")

    def expect(self, node, want: str, ctx: Ctx, what: str) -> str:
        t = self.expr(node, ctx)
        if not B.accepts(want, t):
            wanted = "true or false" if want == "bool" else _describe(want)
            self.diags.error("E405", f"{what} must be {wanted}, not {_describe(t)}", node.span)
        return t

    def expr(self, node, ctx: Ctx) -> str:
        t = self._expr(node, ctx)
        self.types.of[id(node)] = t
        return t

    def _expr(self, node, ctx: Ctx) -> str:
        if isinstance(node, ast.Number):
            return "number"
        if isinstance(node, ast.String):
            return "string"
        if isinstance(node, ast.Name):
            return self.name(node, ctx)
        if isinstance(node, ast.ListExpr):
            types = {self.expr(i, ctx) for i in node.items}
            if not types:
                return "empty-list"
            if len(types) == 1:
                (t,) = types
                return B.SET_OF.get(t, "any")
            return "any"
        if isinstance(node, ast.CallExpr):
            sym = self.res.of(node)
            if sym is None:
                for a in node.args:
                    self.expr(a.value, ctx)
                return "any"
            fn: B.Function = sym.target
            self.bind(node.args, fn.params, f"'{fn.name}'", node.span)
            params = {p.name: p for p in fn.params}
            for i, arg in enumerate(node.args):
                p = params.get(arg.name) if arg.name else (fn.params[i] if i < len(fn.params) else None)
                t = self.expr(arg.value, ctx)
                if p is not None and not B.accepts(p.type, t):
                    self.diags.error("E401", f"'{p.name}' of '{fn.name}' takes {_describe_param(p.type)}, "
                                     f"not {_describe(t)}", arg.value.span)
            return fn.returns
        if isinstance(node, ast.BinOp) and node.op == "+" and ctx.kind == "game":
            lt, rt = self.expr(node.left, ctx), self.expr(node.right, ctx)
            if lt in ("players", "cards", "any") or rt in ("players", "cards", "any"):
                return lt if lt == rt else "any"  # a union of sets (players and cards: targets)
            for side, t in ((node.left, lt), (node.right, rt)):
                if not B.accepts("number", t):
                    self.diags.error("E405", f"arithmetic must be a number, not {_describe(t)}", side.span)
            return "number"
        if isinstance(node, (ast.BinOp, ast.Neg)):
            operands = [node.left, node.right] if isinstance(node, ast.BinOp) else [node.operand]
            for o in operands:
                self.expect(o, "number", ctx, "arithmetic")
            return "number"
        if isinstance(node, ast.Compare):
            lt, rt = self.expr(node.left, ctx), self.expr(node.right, ctx)
            if node.op in ("==", "!="):
                if "any" not in (lt, rt) and lt != rt:
                    self.diags.error("E405", f"cannot compare {_describe(lt)} with {_describe(rt)}", node.span)
            else:
                for side, t in ((node.left, lt), (node.right, rt)):
                    if not B.accepts("number", t):
                        self.diags.error("E405", f"'{node.op}' compares numbers, not {_describe(t)}", side.span)
            return "bool"
        if isinstance(node, ast.Is):
            lt = self.expr(node.left, ctx)
            if not B.accepts("figure", lt):
                self.diags.error("E408", f"'is' tests a figure, not {_describe(lt)}", node.left.span)
            sym = self.res.of(node.right)
            if sym is not None and sym.kind == "relation":
                self.types.of[id(node.right)] = "relation"
            else:
                rt = self.expr(node.right, ctx)
                if not B.accepts("figure", rt):
                    self.diags.error("E408", f"the right of 'is' is a figure or a kind of figure "
                                     f"({', '.join(B.RELATIONS)}), not {_describe(rt)}", node.right.span)
            return "bool"
        if isinstance(node, ast.BoolOp):
            for item in node.items:
                self.cond(item, ctx)
            return "bool"
        if isinstance(node, ast.Not):
            self.cond(node.operand, ctx)
            return "bool"
        if isinstance(node, ast.Selector):
            elem = (B.SELECTOR_KINDS.get(node.kind) or K.KERNEL_SELECTOR_KINDS.get(node.kind) or ("any",))[0]
            if node.count is not None:
                self.expect(node.count, "number", ctx, "'up-to' count")
            if node.place is not None and (node.kind in K.KERNEL_SELECTOR_KINDS or ctx.kind == "game"):
                pt = self.expr(node.place, ctx)
                if not B.accepts("players|cards|figures", pt):
                    self.diags.error("E401", f"'in' takes players, cards or figures here, not {_describe(pt)}",
                                     node.place.span)
            elif node.place is not None:
                pt = self.expr(node.place, ctx)
                if not B.accepts("location+|figure", pt):
                    self.diags.error("E401", f"'in' takes Locations (or a figure), not {_describe(pt)}",
                                     node.place.span, hint="here, adjacent, here-or-adjacent, anywhere, "
                                     "adjacent-to(x), location-of(x)")
            if node.where is not None:
                inner = ctx.inner()
                inner.locals["it"] = elem
                self.cond(node.where, inner)
            return elem if node.quant == "one" else B.SET_OF.get(elem, "any")
        return "any"

    def name(self, node: ast.Name, ctx: Ctx) -> str:
        sym = self.res.of(node)
        if sym is None:
            return "any"
        kind = sym.kind
        if kind in ("var", "event", "it", "param"):
            return ctx.locals.get(sym.name, "any")
        if kind == "context":
            if ctx.needs is not None:
                ctx.needs.add(sym.name)
            elif sym.name == "pending":
                if ctx.event not in B.PENDING_EVENTS:
                    self.diags.error("E403", "'pending' is the Damage about to be dealt: it exists only in "
                                     "'on damage', 'on damaged' and 'on attack' triggers", node.span)
            elif sym.name not in B.CONTEXTS[ctx.kind]:
                self.diags.error("E403", f"'{sym.name}' means nothing in "
                                 f"{B.CONTEXT_DOCS[ctx.kind].split(':')[0].lower()}", node.span,
                                 hint=B.CONTEXT_DOCS[ctx.kind] + " Names here: " +
                                 ", ".join(sorted(B.CONTEXTS[ctx.kind])))
            return (B.CONTEXT_NAMES.get(sym.name) or K.KERNEL_CONTEXT_NAMES[sym.name]).type
        if kind == "component":
            return "location" if sym.target.kind == "location" else "figure"
        if kind == "none":
            return "any"
        return {"token": "token", "tag": "tag", "icon": "icon", "relation": "relation", "zone": "zone",
                "counter": "counter", "property": "property"}.get(kind, "any")
