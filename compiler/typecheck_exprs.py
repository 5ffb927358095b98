"""Types of expressions: what each expression of an effect is, checked against what its place takes."""
from __future__ import annotations

from dataclasses import dataclass, field

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import did_you_mean

from . import builtins as B
from . import builtins_kernel as K
from .builtins_pieces import in_game
from . import kernel_events, mayhem_events


# The arguments that name a kind of die the game declares (`roll(mayhem)`, `shown-face("mayhem")`,
# `dice-of(t, d6)`), checked against its `die` declarations: an unknown one would read 1.
DIE_PARAMS = frozenset({("roll", "die"), ("grant-icon", "die"), ("shown-face", "die"), ("shows-icon", "die"),
                        ("dice-of", "die")})

_BY_NAME: dict[int, tuple] = {}  # id of a primitive or function -> it, its parameters by name


def params_by_name(spec) -> dict:
    """A primitive's or function's parameters by name, made once (read only)."""
    known = _BY_NAME.get(id(spec))
    if known is None or known[0] is not spec:
        known = _BY_NAME[id(spec)] = (spec, {p.name: p for p in spec.params})
    return known[1]


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


_SPATIAL = ("here", "adjacent", "here-or-adjacent", "anywhere")  # spaces of the board (runtime/kernel/relations.py)


def _on_a_piece(comp, ctx: Ctx) -> bool:
    """Inside a trigger of a token of a declared token type (a kernel game's piece, listeners.py)."""
    origin = getattr(getattr(comp, "spec", None), "origin", None)
    return ctx.event is not None and origin is not None and origin.kind == "token-type"


def describe_type(t: str) -> str:
    return {"figures": "a set of figures", "locations": "a set of Locations", "edges": "a set of edges",
            "tags": "a list of tags", "empty-list": "an empty list", "number": "a number", "bool": "a condition",
            "figure": "a figure", "location": "a Location", "edge": "an edge", "team": "a Team",
            "token": "a token type", "tag": "a tag", "icon": "an icon", "string": "a string",
            "relation": "a kind of figure", "player": "a player", "players": "a set of players",
            "card": "a card", "cards": "a set of cards", "zone": "a zone", "counter": "a counter",
            "property": "a card property", "ability": "an Ability", "abilities": "a set of Abilities",
            "tokens": "a set of token types"}.get(t, t)


def describe_param(t: str) -> str:
    return " or ".join(describe_type(x) for x in sorted(B.expand(t)))


class ExprTyper:
    """The typing of expressions and of a call's arguments, for the pass's checker
    (compiler.typecheck), which holds `res`, `diags` and `types`."""

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
                                 hint=f"{p.name}: {p.doc or describe_param(p.type)}")
                ok = False
        return bound if ok else None

    # -- expressions --------------------------------------------------------------

    def cond(self, node, ctx: Ctx) -> None:
        self.expect(node, "bool", ctx, "a condition")

    def expect(self, node, want: str, ctx: Ctx, what: str) -> str:
        t = self.expr(node, ctx)
        if not B.accepts(want, t):
            wanted = "true or false" if want == "bool" else describe_type(want)
            self.diags.error("E405", f"{what} must be {wanted}, not {describe_type(t)}", node.span)
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
            fn: B.Function = in_game(sym.target, ctx.kind)  # a piece word in a game: the kernel's
            self.bind(node.args, fn.params, f"'{fn.name}'", node.span)
            params = params_by_name(fn)
            for i, arg in enumerate(node.args):
                p = params.get(arg.name) if arg.name else (fn.params[i] if i < len(fn.params) else None)
                t = self.expr(arg.value, ctx)
                if p is not None and not B.accepts(p.type, t):
                    self.diags.error("E401", f"'{p.name}' of '{fn.name}' takes {describe_param(p.type)}, "
                                     f"not {describe_type(t)}", arg.value.span)
                if p is not None and (fn.name, p.name) in DIE_PARAMS:
                    self.die_arg(fn.name, arg.value)
            return fn.returns
        if isinstance(node, ast.BinOp) and node.op == "+" and ctx.kind == "game":
            lt, rt = self.expr(node.left, ctx), self.expr(node.right, ctx)
            if lt in ("players", "cards", "any", "figures", "abilities") or \
                    rt in ("players", "cards", "any", "figures", "abilities"):  # abilities: dashboards
                return lt if lt == rt else "any"  # a union of sets (players and cards: targets)
            for side, t in ((node.left, lt), (node.right, rt)):
                if not B.accepts("number", t):
                    self.diags.error("E405", f"arithmetic must be a number, not {describe_type(t)}", side.span)
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
                    self.diags.error("E405", f"cannot compare {describe_type(lt)} with {describe_type(rt)}", node.span)
            else:
                for side, t in ((node.left, lt), (node.right, rt)):
                    if not B.accepts("number", t):
                        self.diags.error("E405", f"'{node.op}' compares numbers, not {describe_type(t)}", side.span)
            return "bool"
        if isinstance(node, ast.Is):
            lt = self.expr(node.left, ctx)
            if not B.accepts("figure", lt):
                self.diags.error("E408", f"'is' tests a figure, not {describe_type(lt)}", node.left.span)
            sym = self.res.of(node.right)
            if sym is not None and sym.kind == "relation":
                self.types.of[id(node.right)] = "relation"
            else:
                rt = self.expr(node.right, ctx)
                if not B.accepts("figure", rt):
                    self.diags.error("E408", f"the right of 'is' is a figure or a kind of figure "
                                     f"({', '.join(B.RELATIONS)}), not {describe_type(rt)}", node.right.span)
            return "bool"
        if isinstance(node, ast.BoolOp):
            for item in node.items:
                self.cond(item, ctx)
            return "bool"
        if isinstance(node, ast.Not):
            self.cond(node.operand, ctx)
            return "bool"
        if isinstance(node, ast.Selector):
            kernel = K.KERNEL_SELECTOR_KINDS.get(node.kind) if ctx.kind == "game" else None  # a game's own first
            elem = (kernel or B.SELECTOR_KINDS.get(node.kind) or K.KERNEL_SELECTOR_KINDS.get(node.kind) or ("any",))[0]
            if node.count is not None:
                self.expect(node.count, "number", ctx, "'up-to' count")
            # `edge`, `location`, `friend` ... are the Mayhem vocabulary's too: outside a game their `in` takes Locations
            kernel_place = node.kind in K.KERNEL_SELECTOR_KINDS and node.kind not in K.SHARED_SELECTOR_KINDS
            if node.place is not None and (kernel_place or ctx.kind == "game"):
                pt = self.expr(node.place, ctx)
                if not B.accepts("players|cards|figures|location+", pt):  # a game's spaces: `in here`
                    self.diags.error("E401", "'in' takes players, cards, figures or spaces here, not "
                                     f"{describe_type(pt)}", node.place.span)
            elif node.place is not None:
                pt = self.expr(node.place, ctx)
                if not B.accepts("location+|figure", pt):
                    self.diags.error("E401", f"'in' takes Locations (or a figure), not {describe_type(pt)}",
                                     node.place.span, hint="here, adjacent, here-or-adjacent, anywhere, "
                                     "adjacent-to(x), location-of(x)")
            if node.where is not None:
                inner = ctx.inner()
                inner.locals["it"] = elem
                self.cond(node.where, inner)
            return elem if node.quant == "one" else B.SET_OF.get(elem, "any")
        return "any"

    def die_arg(self, what: str, value) -> None:
        """A die named by a string (`shown-face("mayhem")`) is one the game declares; a name
        (`roll(mayhem)`) is resolved as one already (compiler/resolve_names.py)."""
        if not isinstance(value, ast.String):
            return
        dice = self.dice_in_scope()
        if dice is not None and value.value not in dice:
            self.diags.error("E301", f"unknown die \"{value.value}\" of '{what}'", value.span,
                             hint=did_you_mean(value.value, dice) or
                             ("dice of the game: " + ", ".join(sorted(dice)) if dice else
                              "the game declares no die: die ID \"Name\" { faces 1..6 }"))

    def board_in_scope(self) -> bool:
        """The game the component being checked plays with has a board: `space` declarations or a
        `board` laid from tiles (any game's, for a component of no game's box: a tile's card type)."""
        comp = getattr(self, "comp", None)
        games = self.res.games
        game = games.get(comp.scope) if comp is not None else None
        chosen = [game] if game is not None else list(games.values())
        return any(c.kind in ("space", "board") for g in chosen for c in g.children)

    def dice_in_scope(self) -> set[str] | None:
        """The dice of the game the component being checked plays with: its box's game (a game of
        the rules kernel) or its module's, else those of the shared rules (module files); None
        when no game is in the collection (a content set checked alone: nothing to check against)."""
        comp = getattr(self, "comp", None)
        games = self.res.games
        game = games.get(comp.scope) if comp is not None else None
        chosen = [game] if game is not None else [g for scope, g in sorted(games.items()) if scope.endswith(".mh")]
        if not chosen:
            return None
        return {c.id for g in chosen for c in g.children if c.kind == "die"}

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
                carrying = mayhem_events.pending(self.res)  # the Mayhem events declared with `amount`
                if ctx.event not in carrying and not kernel_events.carries_amount(self.res, self.comp, ctx.event):
                    listed = ", ".join(f"'on {e}'" for e in carrying[:-1]) + f" and 'on {carrying[-1]}'" \
                        if len(carrying) > 1 else ", ".join(f"'on {e}'" for e in carrying) or "no"
                    self.diags.error("E403", "'pending' is the amount of the event being heard (the Damage about "
                                     f"to be dealt): it exists only in {listed} triggers", node.span)
            elif sym.name == "holder" and ctx.kind == "game" and not _on_a_piece(self.comp, ctx):
                self.diags.error("E403", "'holder' is what a piece lies on: it means something only in a token's "
                                 "trigger", node.span, hint="write it in an `on EVENT` trigger of a token whose "
                                 "token-type says `triggers game`; elsewhere name the figure, space or player")
            elif sym.name in _SPATIAL and ctx.kind == "game" and not self.board_in_scope():
                self.diags.error("E403", f"'{sym.name}' names spaces of the board, and this game has none",
                                 node.span, hint="declare the game's `space`s or a `board` laid from tiles; `here` "
                                 "is the tile whose trigger is heard, the space a piece lies on, else the space of "
                                 "the figure the effect is for (`self`, a piece's holder, the Active figure)")
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
