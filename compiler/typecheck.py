"""Pass 4, type-check: argument counts and types, conditions, and what each context offers."""
from __future__ import annotations

from dataclasses import dataclass, field

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, did_you_mean
from mayhem.dsl.schema import KINDS

from . import builtins as B
from . import builtins_kernel as K
from .builtins_pieces import in_game
from .drawing import check_draw_into
from . import kernel_events, mayhem_events
from .asking import questions
from .builtins_setup import SETUP_CHOICES, SETUP_PRIMITIVES, order_problems
from .game_parts import check_one_shot
from .model import Component, Model
from .resolve import Resolution
from .typecheck_teams import check_team_names
from .typecheck_exprs import DIE_PARAMS, Ctx, ExprTyper, describe_param, describe_type, params_by_name


# The slots of a `game` of a module file (the rules the Mayhem boxes share) that the Mayhem engine
# plays, in the context of the game's triggers (`rules`): its round, its end and its `end when`; and
# its setup, in the context `setup` (its steps, compiler/builtins_setup.py).
SHARED_RULES_SLOTS = ("setup", "round", "round-end", "end")


def string_choices(events=None) -> dict[tuple[str, str], tuple[str, ...]]:
    """The string arguments of the round's statements that name one of a fixed set (an event
    announced for each figure: one of `events`, the Mayhem events, by default the shipped ones)."""
    from .mayhem_events import shipped
    figure_events = tuple(e.name for e in (events or shipped()[0]).values() if e.params == (("figure", "figure"),))
    discarded = KINDS["token"].prop("discarded").shape.split(":")[1].split("|")
    return {("announce-together", "event"): figure_events, ("place-figures", "apart"): ("team", "all", "none"),
            ("reset-limits", "period"): ("round", "turn"), ("discard-tokens", "when"): tuple(discarded),
            **SETUP_CHOICES}


@dataclass
class Types:
    """Types of expressions (by node id), and the context names each keyword needs."""

    of: dict[int, str] = field(default_factory=dict)
    keyword_needs: dict[str, set[str]] = field(default_factory=dict)
    # keyword qid -> parameter -> the context names its default reads (only when not given)
    default_needs: dict[str, dict[str, set[str]]] = field(default_factory=dict)


def typecheck(model: Model, res: Resolution, diags: Diagnostics, each=None, of: dict | None = None,
              order: list | None = None) -> Types:
    """`each(checker, comp)`, when given, checks one component in its place (as resolve's; `of`:
    the previous check's table of types, to be patched; `order`: the components by qid)."""
    checker = _Checker(res, diags)
    if of is not None:
        checker.types.of = of
    comps = sorted(model.components(), key=lambda c: c.qid) if order is None else order
    for comp in comps:
        if comp.kind == "keyword":
            checker.keyword_needs(comp)
    for comp in comps:
        checker.component(comp) if each is None else each(checker, comp)
    return checker.types


class _Checker(ExprTyper):
    def __init__(self, res: Resolution, diags: Diagnostics) -> None:
        self.res = res
        self.diags = diags
        self.types = Types()
        self._needs_in_progress: set[str] = set()
        self.comp: Component | None = None  # the component being checked (the game whose dice it names)

    # -- keywords -------------------------------------------------------------

    def keyword_needs(self, kw: Component) -> set[str]:
        if kw.qid in self.types.keyword_needs:
            return self.types.keyword_needs[kw.qid]
        if kw.qid in self._needs_in_progress:
            return set()  # recursion is reported by the graph pass
        self._needs_in_progress.add(kw.qid)
        outer, self.comp = self.comp, kw
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
        self.comp = outer
        self.types.keyword_needs[kw.qid] = ctx.needs
        return ctx.needs

    # -- components -------------------------------------------------------------

    def component(self, comp: Component) -> None:
        if comp.kind == "keyword":
            return
        self.comp = comp
        check_team_names(comp, self.res.games, self.diags)  # pools, Bases and counts per Team
        spec = comp.spec or KINDS[comp.kind]
        params = {}
        # an action of the game the Mayhem boxes share (a module's game) is a move of the
        # Active Character's turn, in the Mayhem vocabulary; a kernel game's, in its own
        turn = comp.kind == "action" and comp.parent is not None and comp.parent.scope.endswith(".mh")
        # the action that starts a Team's turn (`starts-turn`: `place-die`) has no Active Character yet
        kind = ("team-turn" if comp.prop("starts-turn") or comp.prop("fallback") else "turn") if turn else "game"
        for p in comp.decl.params if comp.kind == "action" else ():
            inner = Ctx(kind)
            inner.locals.update(params)  # a domain may read the parameters before it
            domain = self.expr(p.default, inner) if p.default is not None else "any"
            # a set of values, or one value (none: no action), as `chosen-ability`
            params[p.name] = B.ELEMENT_OF.get(domain, domain if domain in B.SET_OF else "any")
            if domain not in B.ELEMENT_OF and domain not in B.SET_OF and domain != "any":
                sets = "figures, Abilities, tokens, Locations or edges" if turn else "players or cards"
                self.diags.error("E401", f"the domain of '{p.name}' is a set of {sets}, not "
                                 f"{describe_type(domain)}", p.default.span)
        if turn:
            self.turn_action(comp)
        # the game the Mayhem boxes share (a game of a module file) and its `rule`s are played by
        # the Mayhem engine, in the context of that game's own triggers (`rules`): its `round`,
        # `round-end` and `end when` slots, and its triggers
        shared_rules = comp.kind in ("rule", "game") and comp.scope.endswith(".mh")
        # a mode of a box that names a game changes a game of the rules kernel: its slots take
        # the place of that game's, in the game's context
        kernel_mode = comp.kind == "mode" and not comp.scope.endswith(".mh") and comp.scope in self.res.games
        for name, slot in comp.slots.items():
            slot_spec = spec.slot(name)
            ctx = Ctx(kind if turn else slot_spec.context if slot_spec else spec.dynamic_slots)
            if kernel_mode:
                ctx = Ctx("game")
            if shared_rules:
                ctx = Ctx("setup" if name == "setup" else "rules")  # the setup's steps: compiler/builtins_setup.py
                if comp.kind == "game" and name not in SHARED_RULES_SLOTS:
                    self.diags.error("E205", f"the shared rules of a module file play no '{name}' slot",
                                     slot.name_span, hint="slots of shared rules: " + ", ".join(SHARED_RULES_SLOTS))
            ctx.locals.update(params)
            if slot.guard is not None:
                self.cond(slot.guard, ctx)
            self.block(slot.body, ctx)
            if name == "end" and (shared_rules or comp.kind == "mode" and not kernel_mode):
                self.asks_nothing(slot)
            if name == "setup" and ctx.kind == "setup":
                self.setup_order(slot)
        for trig in comp.triggers:
            self.trigger(trig, Ctx("rules" if shared_rules else spec.triggers or "ability"))

    def setup_order(self, slot) -> None:
        """The steps of a `setup { }` come after what they need, and none it must have is missing
        (compiler/builtins_setup.py)."""
        calls = [s for s in slot.body.stmts if isinstance(s, ast.Call) and s.name in SETUP_PRIMITIVES]
        for i, message, hint in order_problems([c.name for c in calls]):
            self.diags.error("E205", message, calls[i].name_span if i is not None else slot.name_span, hint=hint)

    def asks_nothing(self, slot) -> None:
        """The rules kernel checks its `end when` (and a mode's) at any moment, even while a
        player is being asked something else: its body may ask nothing (compiler/asking.py)."""
        for span, why in questions(slot.body, self.res):
            self.diags.error("E412", f"the body of `end when` asks a player something: {why}", span,
                             hint="`end when` only decides who wins: compute the winners with `all` and "
                             "`if`, and end the game with end-game(...); ask the question in a `rule` or the round")

    def turn_action(self, comp: Component) -> None:
        """An action of the Mayhem turn prints by its declaration's form (runtime/actions.py):
        its `form` names its parameters (the Active Character fills `figure`), or, without one,
        its parameters print in order; it is not a verb of the Mayhem rules' own questions printed
        alike; and without an effect it is a verb the engine still builds."""
        from mayhem.runtime.actions import FORMS, declared_form
        verb = comp.id
        if "effect" not in comp.slots:
            self.diags.error("E411", f"action '{verb}' has no effect", comp.decl.id_span,
                             hint="give it `effect { ... }`: what taking the action does")
            return
        names = [p.name for p in comp.decl.params]
        form = comp.prop("form")
        try:
            declared_form(verb, names, form)
        except ValueError as exc:
            span = comp.props["form"].span if form is not None else comp.decl.id_span
            hint = ("the verbs of the Mayhem rules' own questions: " + ", ".join(FORMS)) if verb in FORMS else \
                ("write its `form` with each parameter once, as `{name}`, `{name:int}` (a number) or "
                 "`{name:loc}` (a Location Ln), and `{figure}` for the Active Character")
            self.diags.error("E411", str(exc), span, hint=hint)

    def string_choice(self, prim: str, param: str, value: ast.String) -> None:
        """A primitive's string argument that names one of a fixed set (an event, a period)."""
        choices = string_choices(mayhem_events.events(self.res)).get((prim, param))
        scope = getattr(self.comp, "scope", None)
        if prim == "announce-together" and scope in self.res.games and not scope.endswith(".mh"):
            # a game of the rules kernel: its own events with the one field `figure` (runtime/kernel/keeping.py)
            choices = tuple(c.id for c in self.res.games[scope].children if c.kind == "event"
                            and [p.name for p in c.decl.params] == ["figure"])
        if choices is not None and value.value not in choices:
            self.diags.error("E402", f"'{param}' of '{prim}' is one of: " + ", ".join(choices) +
                             f", not \"{value.value}\"", value.span,
                             hint=did_you_mean(value.value, choices) or None)

    def trigger(self, trig: ast.Trigger, ctx: Ctx) -> None:
        own = kernel_events.heard(self.res, getattr(self.comp, "scope", None), trig.event)  # the game's own event
        mayhem = mayhem_events.events(self.res)  # the Mayhem events: the shared game's declarations
        if own is None and ctx.kind == "game" and trig.event in mayhem and trig.event not in K.KERNEL_EVENTS:
            self.diags.error("E404", f"'on {trig.event}' is not an event of games of the rules kernel",
                             trig.event_span, hint="events of games: " + ", ".join(K.KERNEL_EVENTS))
        elif own is None and ctx.kind not in ("game", "keyword") and trig.event in K.KERNEL_EVENTS \
                and trig.event not in mayhem:
            self.diags.error("E404", f"'on {trig.event}' is an event of games of the rules kernel only",
                             trig.event_span, hint=did_you_mean(trig.event, mayhem) or "events: " +
                             ", ".join(mayhem))
        inner = ctx.inner(event=trig.event)
        event = (K.KERNEL_EVENTS if ctx.kind == "game" else mayhem).get(trig.event)
        event = own or event
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
                self.diags.error("E401", f"'for each' needs a set, not {describe_type(t)}", stmt.source.span,
                                 hint="select with 'all': for each x in all opponent in here { ... }")
            inner = ctx.inner()
            inner.locals[stmt.var] = B.ELEMENT_OF.get(t, "any")
            self.block(stmt.body, inner)
        elif isinstance(stmt, ast.As):
            t = self.expr(stmt.who, ctx)
            if t not in ("team", "figure", "player", "any"):  # a player: in a game of the rules kernel
                self.diags.error("E401", f"'as' takes a Team, a figure or a player, not {describe_type(t)}",
                                 stmt.who.span)
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

    def call(self, call: ast.Call, ctx: Ctx) -> None:
        sym = self.res.of(call)
        if sym is None:
            for arg in call.args:
                self.expr(arg.value, ctx)
            return
        if sym.kind == "primitive":
            prim: B.Primitive = sym.target
            prim = in_game(prim, ctx.kind)  # a piece word in a game: the kernel's (builtins_pieces.py)
            if ctx.kind == "game" and prim.name in kernel_events.KERNEL_OWN:  # the kernel's own word
                prim = K.KERNEL_PRIMITIVES[prim.name]
            if prim.name == "raise":  # its parameters are the event's fields too
                prim = kernel_events.raise_signature(self.res, self.comp, call, prim, self.diags)
            if (prim.contexts is not None and ctx.kind not in prim.contexts) or \
                    (prim.contexts is None and ctx.kind == "game" and prim.name not in K.SHARED_WORDS):
                if prim.contexts is None:
                    self.diags.error("E406", f"'{prim.name}' is a Mayhem primitive; games of the rules "
                                     "kernel use its own", call.name_span,
                                     hint=did_you_mean(prim.name, K.KERNEL_PRIMITIVES) or
                                     "primitives of games: " + ", ".join(K.KERNEL_PRIMITIVES))
                    return
                self.diags.error("E406", f"'{prim.name}' cannot be used in "
                                 f"{B.CONTEXT_DOCS.get(ctx.kind, ctx.kind).split(':')[0].lower()}",
                                 call.name_span, hint=f"'{prim.name}' works in: " + ", ".join(prim.contexts))
            if prim.name in ("prevent", "increase") and ctx.kind != "keyword" and ctx.event not in ("damage", "attack") \
                    and not kernel_events.carries_amount(self.res, self.comp, ctx.event):
                if ctx.kind == "game":  # a game of the kernel: its own events carry the amounts
                    kernel_events.no_amount(prim.name, call.name_span, self.res, self.comp, self.diags)
                else:
                    self.diags.error("E406", f"'{prim.name}' changes pending Damage, so it belongs in an "
                                     "'on damage' or 'on attack' trigger", call.name_span)
            bound = self.bind(call.args, prim.params, f"'{prim.name}'", call.span)
            params, types = params_by_name(prim), {}
            for arg in call.args:
                pname = arg.name
                if pname is None and bound:
                    pname = next((k for k, v in bound.items() if v is arg), None)
                t = types[pname] = self.expr(arg.value, ctx)
                p = params.get(pname) if pname else None
                if p is not None and not B.accepts(p.type, t):
                    self.diags.error("E401", f"'{p.name}' of '{prim.name}' takes {describe_param(p.type)}, "
                                     f"not {describe_type(t)}", arg.value.span, hint=p.doc or None)
                if p is not None and isinstance(arg.value, ast.String):
                    self.string_choice(prim.name, p.name, arg.value)
                if p is not None and (prim.name, p.name) in DIE_PARAMS:
                    self.die_arg(prim.name, arg.value)
            if prim.name == "draw-into" and bound is not None:  # `of` as the zone's `per` allows (drawing.py)
                check_draw_into(self.res, self.comp, bound, types, ctx.kind, self.diags)
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
