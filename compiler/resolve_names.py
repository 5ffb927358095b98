"""Names in components: each name of a component's properties and effects resolved in the scopes its file sees."""
from __future__ import annotations

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean
from mayhem.dsl.schema import UNIVERSAL_PROPS
from mayhem.dsl.spans import Span

from . import builtins as B
from . import builtins_kernel as K
from . import kernel_events, mayhem_events
from .card_types import tag_properties
from .game_parts import (check_box_property, check_die, check_kept_as, check_kernel_component, check_shared_rules,
                         check_zone_refs)
from .game_restrictions import check_restriction, check_restriction_named, check_restricts
from .model import Component, Model, a_kind as _a
from .symbols import Resolution, Symbol

UNIVERSAL = {p.name for p in UNIVERSAL_PROPS}  # properties any component may carry
_PARAMS: dict[int, tuple] = {}  # id of a primitive or function -> it, its parameters' names, their types


def _params(spec) -> tuple[list[str], dict[str, str]]:
    """A primitive's or function's parameter names and types by name, made once (read only)."""
    known = _PARAMS.get(id(spec))
    if known is None or known[0] is not spec:
        known = _PARAMS[id(spec)] = (spec, [p.name for p in spec.params], {p.name: p.type for p in spec.params})
    return known[1], known[2]


class NameResolver:
    def __init__(self, model: Model, res: Resolution, diags: Diagnostics) -> None:
        self.model = model
        self.res = res
        self.diags = diags
        # the files of the components box_ref found (no symbol says so): a Workspace that
        # replays a component's names looks them up again when one of these files changes
        self.box_files: set[str] | None = None

    # -- lookups ---------------------------------------------------------------

    def vocab(self, file: str, kind: str, name: str) -> list[Component]:
        found = []
        for scope in self.res.visible.get(file, []):
            comp = self.res.vocab.get(scope, {}).get(kind, {}).get(name)
            if comp is not None:
                found.append(comp)
        return found

    def vocab_names(self, file: str, kind: str) -> set[str]:
        out: set[str] = set()
        for scope in self.res.visible.get(file, []):
            out.update(self.res.vocab.get(scope, {}).get(kind, {}))
        return out

    def unused_module_hint(self, file: str, kind: str, name: str) -> str | None:
        for scope, kinds in sorted(self.res.vocab.items()):
            if name in kinds.get(kind, {}) and scope not in self.res.visible.get(file, []):
                if scope.endswith(".mh"):
                    return f"'{name}' is {_a(kind)} of {scope}, which this file does not use: add `use \"{scope}\"`"
                return f"'{name}' is {_a(kind)} of box '{scope}'; a box's own vocabulary is not visible elsewhere"
        return None

    def find_vocab(self, file: str, kind: str, name: str, span: Span, *, report=True) -> Component | None:
        found = self.vocab(file, kind, name)
        if len(found) > 1:
            self.diags.error("E314", f"'{name}' is ambiguous: several {kind}s of that id are visible",
                             span, related=[Related(c.decl.id_span, f"a {kind} '{name}' is declared here")
                                            for c in found],
                             hint="remove one of the 'use' lines, or rename one of them")
            return found[0]
        if found:
            return found[0]
        if report:
            hint = did_you_mean(name, self.vocab_names(file, kind)) or self.unused_module_hint(file, kind, name)
            self.diags.error("E301", f"unknown {kind} '{name}'", span, hint=hint)
        return None

    # -- components --------------------------------------------------------------

    def component(self, comp: Component) -> None:
        file = comp.file
        box = self.model.units[file].box
        for name in dict.fromkeys(("tags", "immune") + tag_properties(comp.spec)):
            tags = comp.prop(name)  # (a list: a card or token type's `immune tags` declares, names no tag)
            for tag in tags if isinstance(tags, list) else ():
                self.find_vocab(file, "tag", tag, comp.props[name].span)
        icons = comp.prop("icons")  # (a list: a card type's `icons list` declares, names no icon)
        for icon in icons if isinstance(icons, list) else ():
            self.find_vocab(file, "icon", icon, comp.props["icons"].span)
        if comp.kind == "pool" and comp.prop("pile-on") and box and self.res.games.get(box) is None:
            self.box_ref(box, comp.prop("pile-on"), "location", comp.props["pile-on"])
        if comp.kind == "npc" and box:
            self.box_ref(box, comp.prop("figure"), "character", comp.props.get("figure"))
        if comp.kind == "first-game" and box:
            for prop_name, pv in comp.props.items():
                if (comp.spec is not None and comp.spec.prop(prop_name) is not None) or prop_name in UNIVERSAL:
                    continue  # `source`, `silence`: not a character's hand
                self.box_ref(box, prop_name, "character", pv, span=pv.node.name_span)
                items = pv.node.values[0].items  # the shape check made it one [list] of names
                for card, item in zip(pv.value, items):
                    self.box_ref(box, card, "mayhem-card", pv, span=item.span)
        game = self.res.games.get(box) if box else None
        if game is not None:  # a component of a box whose game is the kernel's, or a part of that game
            check_kernel_component(comp, game, box, self.res, self.model, self.diags)
        if game is None or not (comp is game or comp.parent is game):
            if not box and (comp.kind == "game" or (comp.parent is not None and comp.parent.kind == "game")):
                check_zone_refs(comp, comp if comp.kind == "game" else comp.parent, self.diags)  # a module's game
            if comp.kind == "die" and comp.parent is not None and comp.parent.kind == "game":
                check_die(comp, comp.parent, self.diags)  # a die of the shared rules of a module
            elif comp.kind == "counter" and comp.parent is not None and comp.parent.kind == "game":
                check_kept_as(comp, self.diags)  # a counter kept as a token's pieces
                if isinstance(comp.prop("kept-as"), str):
                    self.any_token(comp.prop("kept-as"), comp.props["kept-as"].span)
            elif comp.kind == "game":
                check_shared_rules(comp, self.model, self.diags)
            elif comp.kind == "restriction" and comp.parent is not None and comp.parent.kind == "game":
                check_restriction(comp, comp.parent, self.diags)  # a restriction of the shared rules
            if comp.kind == "token" and game is None:  # a Mayhem box's token: the shared rules' restrictions
                check_restricts(comp, self.res.games.get(self.game_scope(file, None)), self.diags)
        kernel_events.check_event(comp, self.diags)  # a game's own event
        if comp.kind in ("keyword", "action"):
            scope = {p.name: Symbol("param", p.name) for p in comp.decl.params}
            before: dict = {}  # an action's domain may read the parameters before it
            for p in comp.decl.params:
                if p.default is not None:
                    self.expr(p.default, file, box, dict(before) if comp.kind == "action" else {}, None)
                elif comp.kind == "action":
                    self.diags.error("E402", f"the parameter '{p.name}' of action '{comp.id}' needs its domain",
                                     p.span, hint=f"for example: ({p.name} = cards-in(hand, me))")
                before[p.name] = scope[p.name]
        else:
            scope = {}
        if comp.kind == "event":  # a game's own event: its effect reads its fields by name
            scope = {p.name: Symbol("event", p.name) for p in comp.decl.params}
        for slot in comp.slots.values():
            if slot.guard is not None:
                self.expr(slot.guard, file, box, dict(scope), None)
            self.block(slot.body, file, box, dict(scope))
        for trig in comp.triggers:
            self.trigger(trig, file, box, dict(scope))

    def box_ref(self, box: str, name: str | None, kind: str, pv, span: Span | None = None) -> None:
        if name is None:
            return
        comp = self.res.components.get(box, {}).get(name)
        if comp is not None and self.box_files is not None:
            self.box_files.add(comp.file)
        span = span or pv.span
        if comp is None or comp.kind != kind:
            names = [c.id for c in self.res.components.get(box, {}).values() if c.kind == kind]
            self.diags.error("E309", f"no {kind} '{name}' in box '{box}'", span, hint=did_you_mean(name, names))

    # -- effects ------------------------------------------------------------------

    def trigger(self, trig: ast.Trigger, file: str, box: str | None, scope: dict) -> None:
        mayhem = mayhem_events.events(self.res)  # the Mayhem events: the shared game's declarations
        event = mayhem.get(trig.event) or K.KERNEL_EVENTS.get(trig.event)  # which fits where: typecheck
        event = kernel_events.heard(self.res, self.game_scope(file, box), trig.event) or event  # the game's own
        if event is None:
            self.diags.error("E404", f"unknown event '{trig.event}'", trig.event_span,
                             hint=kernel_events.unknown_event_hint(self.res, self.game_scope(file, box), trig.event,
                                                                   mayhem) or "events: " + ", ".join(mayhem))
            # the misspelt event's parameters would each be an 'unknown name' too: the
            # E404 is the one to fix, so every event parameter is taken as known here
            for known in (*mayhem.values(), *mayhem_events.shipped()[0].values()):  # a fork's, and the shipped
                for pname, _ in known.params:
                    scope.setdefault(pname, Symbol("event", pname))
        else:
            for pname, _ in event.params:
                scope[pname] = Symbol("event", pname)
        if trig.cond is not None:
            self.expr(trig.cond, file, box, scope, None)
        self.block(trig.body, file, box, dict(scope))

    def block(self, block: ast.Block, file: str, box: str | None, scope: dict) -> None:
        for stmt in block.stmts:
            self.stmt(stmt, file, box, scope)

    def stmt(self, stmt, file: str, box: str | None, scope: dict) -> None:
        if isinstance(stmt, ast.Call):
            self.call(stmt, file, box, scope)
        elif isinstance(stmt, ast.May):
            self.block(stmt.body, file, box, dict(scope))
        elif isinstance(stmt, ast.Choose):
            for opt in stmt.options:
                self.block(opt.body, file, box, dict(scope))
        elif isinstance(stmt, ast.If):
            self.expr(stmt.cond, file, box, scope, None)
            self.block(stmt.then, file, box, dict(scope))
            if isinstance(stmt.orelse, ast.Block):
                self.block(stmt.orelse, file, box, dict(scope))
            elif stmt.orelse is not None:
                self.stmt(stmt.orelse, file, box, scope)
        elif isinstance(stmt, ast.Repeat):
            self.expr(stmt.count, file, box, scope, None)
            self.block(stmt.body, file, box, dict(scope))
        elif isinstance(stmt, ast.Let):
            self.expr(stmt.value, file, box, scope, None)
            scope[stmt.name] = Symbol("var", stmt.name)
        elif isinstance(stmt, ast.ForEach):
            self.expr(stmt.source, file, box, scope, None)
            inner = dict(scope)
            inner[stmt.var] = Symbol("var", stmt.var)
            self.block(stmt.body, file, box, inner)
        elif isinstance(stmt, ast.As):
            self.expr(stmt.who, file, box, scope, None)
            self.block(stmt.body, file, box, dict(scope))
        elif isinstance(stmt, ast.Until):
            if stmt.event not in B.UNTIL_EVENTS:
                self.diags.error("E410", f"'until {stmt.event}' is not supported", stmt.event_span,
                                 hint="until turn-end, until round-end or until next-turn-end")
            self.block(stmt.body, file, box, dict(scope))
        elif isinstance(stmt, ast.Trigger):
            self.trigger(stmt, file, box, dict(scope))

    def call(self, call: ast.Call, file: str, box: str | None, scope: dict) -> None:
        keyword = self.find_vocab(file, "keyword", call.name, call.name_span, report=False)
        params: dict[str, str] = {}
        if keyword is not None:
            self.res.symbols[id(call)] = Symbol("keyword", keyword.qid, keyword)
            order = [p.name for p in keyword.decl.params]
            params = {p: "any" for p in order}
        elif call.name in B.PRIMITIVES or call.name in K.KERNEL_PRIMITIVES:
            prim = B.PRIMITIVES.get(call.name) or K.KERNEL_PRIMITIVES[call.name]
            self.res.symbols[id(call)] = Symbol("primitive", call.name, prim)
            order, params = _params(prim)
        else:
            names = set(B.PRIMITIVES) | set(K.KERNEL_PRIMITIVES) | self.vocab_names(file, "keyword")
            hint = did_you_mean(call.name, names) or self.unused_module_hint(file, "keyword", call.name)
            if call.name in B.FUNCTIONS:
                hint = f"'{call.name}' is a function that gives a value; use it inside an effect's arguments"
            self.diags.error("E301", f"unknown effect '{call.name}'", call.name_span, hint=hint)
            order = []
        self.args(call.args, order, params, file, box, scope)

    def args(self, args: list[ast.Arg], order: list[str], params: dict[str, str], file, box, scope) -> None:
        for i, arg in enumerate(args):
            pname = arg.name if arg.name is not None else (order[i] if i < len(order) else None)
            self.expr(arg.value, file, box, scope, params.get(pname))

    def expr(self, node, file: str, box: str | None, scope: dict, expected: str | None) -> None:
        """Resolve the names of an expression; `expected` (a parameter type) picks the
        namespace of a bare name: a token, a tag, an icon or a value."""
        if isinstance(node, ast.Name):
            self.name(node, file, box, scope, expected)
        elif isinstance(node, ast.ListExpr):
            item_type = None
            if expected and ("tags" in expected or "tag" in expected):
                item_type = "tag"
            for item in node.items:
                self.expr(item, file, box, scope, item_type)
        elif isinstance(node, ast.CallExpr):
            fn = B.FUNCTIONS.get(node.name) or K.KERNEL_FUNCTIONS.get(node.name)
            if fn is None:
                hint = did_you_mean(node.name, set(B.FUNCTIONS) | set(K.KERNEL_FUNCTIONS))
                if node.name in B.PRIMITIVES or self.vocab(file, "keyword", node.name):
                    hint = f"'{node.name}' is an effect, not a value; write it as a statement of its own"
                self.diags.error("E301", f"unknown function '{node.name}'", node.name_span, hint=hint)
                order, params = [], {}
            else:
                self.res.symbols[id(node)] = Symbol("function", node.name, fn)
                if node.name == "box-property" and node.args and isinstance(node.args[0].value, ast.String):
                    check_box_property(node.args[0].value, self.diags)
                if node.name == "restricted":  # `restricted(self, "no-ability")`: a restriction of the game
                    check_restriction_named(node.args, self.res.games.get(self.game_scope(file, box)), self.diags)
                order, params = _params(fn)
            self.args(node.args, order, params, file, box, scope)
        elif isinstance(node, ast.Selector):
            if node.kind not in B.SELECTOR_KINDS and node.kind not in K.KERNEL_SELECTOR_KINDS:
                self.diags.error("E407", f"cannot select '{node.kind}'", node.kind_span,
                                 hint=did_you_mean(node.kind, set(B.SELECTOR_KINDS) | set(K.KERNEL_SELECTOR_KINDS))
                                 or "select: " + ", ".join(B.SELECTOR_KINDS))
            if node.count is not None:
                self.expr(node.count, file, box, scope, None)
            if node.place is not None:
                self.expr(node.place, file, box, scope, None)
            if node.where is not None:
                inner = dict(scope)
                inner["it"] = Symbol("it", "it")
                self.expr(node.where, file, box, inner, None)
        elif isinstance(node, ast.Is):
            self.expr(node.left, file, box, scope, None)
            if isinstance(node.right, ast.Name) and node.right.id in B.RELATIONS and node.right.id not in scope:
                self.res.symbols[id(node.right)] = Symbol("relation", node.right.id)
            else:
                self.expr(node.right, file, box, scope, None)
        else:
            for child in node.children():
                self.expr(child, file, box, scope, None)

    def name(self, node: ast.Name, file: str, box: str | None, scope: dict, expected: str | None) -> None:
        name = node.id
        if expected == "tag":
            comp = self.find_vocab(file, "tag", name, node.span)
            if comp is not None:
                self.res.symbols[id(node)] = Symbol("tag", comp.qid, comp)
            return
        if expected and "icon" in B.expand(expected):
            comp = self.find_vocab(file, "icon", name, node.span)
            if comp is not None:
                self.res.symbols[id(node)] = Symbol("icon", comp.qid, comp)
            return
        if expected in K.DECLARED_TYPES:  # a module's shared rules are their own game
            self.declared(node, self.game_scope(file, box), expected)
            return
        if name in scope:
            self.res.symbols[id(node)] = scope[name]
            return
        if expected and "token" in B.expand(expected):
            comp = self.find_vocab(file, "token", name, node.span, report=False)
            if comp is not None:
                self.res.symbols[id(node)] = Symbol("token", comp.qid, comp)
                return
        if name in B.CONTEXT_NAMES or name in K.KERNEL_CONTEXT_NAMES:
            self.res.symbols[id(node)] = Symbol("context", name)
            return
        if name == "none":
            self.res.symbols[id(node)] = Symbol("none", name)
            return
        game_of = self.game_scope(file, box)
        for kind in ("space", "die"):  # a space or a die of the box's game, where a value is read
            if game_of in self.res.games and name in self.game_names(game_of, kind):
                self.res.symbols[id(node)] = Symbol(kind, name)
                return
        if box is not None:
            comp = self.res.components.get(box, {}).get(name)
            if comp is not None and comp.kind in ("location", "character"):
                self.res.symbols[id(node)] = Symbol("component", comp.qid, comp)
                return
        if expected in (None, "any"):
            # an argument of a keyword (untyped parameters) or a bound value may be a token,
            # a tag or an icon: `strike(1, tags: [burn])`
            for kind in ("token", "tag", "icon"):
                comp = self.find_vocab(file, kind, name, node.span, report=False)
                if comp is not None:
                    self.res.symbols[id(node)] = Symbol(kind, comp.qid, comp)
                    return
        candidates = set(scope) | set(B.CONTEXT_NAMES) | set(K.KERNEL_CONTEXT_NAMES) | self.game_names(game_of, "die")
        if expected and "token" in B.expand(expected):
            candidates |= self.vocab_names(file, "token")
        hint = did_you_mean(name, candidates)
        if hint is None and name in B.RELATIONS:
            hint = f"'{name}' is a kind of figure: select one (`one {name} in here`) or test it (`x is {name}`)"
        if hint is None:
            hint = self.unused_module_hint(file, "token", name)
        self.diags.error("E301", f"unknown name '{name}'", node.span, hint=hint)

    def any_token(self, name: str, span: Span) -> None:
        """A token of the content, in any file: the shared rules are played with every box's."""
        tokens = {n for scope in self.res.vocab.values() for n in scope.get("token", {})}
        if tokens and name not in tokens:  # none at all: the rules' own set is missing (E706)
            self.diags.error("E301", f"unknown token '{name}'", span,
                             hint=did_you_mean(name, tokens) or "tokens of the content: " + ", ".join(sorted(tokens)))

    def declared(self, node: ast.Name, box: str | None, kind: str) -> None:
        """A zone, a counter or a card property of the box's game."""
        names = self.game_names(box, kind)
        if node.id in names:
            self.res.symbols[id(node)] = Symbol(kind, node.id)
            return
        where = f"the game of box '{box}'" if box in self.res.games else "this box (it declares no game)"
        listed = ", ".join(sorted(names)) or "none"
        self.diags.error("E301", f"unknown {kind} '{node.id}'", node.span,
                         hint=did_you_mean(node.id, names) or f"{kind}s of {where}: {listed}")

    def game_scope(self, file: str, box: str | None) -> str:
        """Whose game names are read: the box's; a module's shared rules are their own game, and
        a module that declares none (modes.mh: a mode's own round) reads the shared rules'."""
        if box is not None or file in self.res.games:
            return box if box is not None else file
        shared = [scope for scope in sorted(self.res.games) if scope.endswith(".mh")]
        return shared[0] if len(shared) == 1 else file

    def game_names(self, box: str | None, kind: str) -> set[str]:
        if kind == "property":
            return {name for comp in self.res.components.get(box, {}).values() if comp.kind in ("card-type", "token-type")
                    for name, pv in comp.props.items() if isinstance(pv.value, dict)} | {"copies", "text"}
        game = self.res.games.get(box)
        return {c.id for c in game.children if c.kind == kind} if game is not None else set()
