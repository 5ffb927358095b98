"""Expressions: a handler per IR expression form, relations, context names, selectors, functions."""
from __future__ import annotations

from mayhem.compiler.ir_ops import EXPRESSIONS, dispatch, register_walker

from .actions import DONE, NO_TARGET, Action
from .decisions import fig_label
from .effects import Env, _FN_PARAMS, id_of
from .rules import prop
from .state import Figure


class ExpressionsMixin:
    def ev(self, e, env: Env):
        """The value of an expression, as a generator to `yield from` (a selector may ask for a
        decision): the handler's own generator, or a finished one around a leaf's value."""
        if e is None:
            return _value(None)
        k = e["e"]
        leaf = _LEAF.get(k)
        if leaf is not None:
            return _value(leaf(self, e, env))
        return _COMPOUND[k](self, e, env)

    # one handler per expression form of the registry (compiler/ir_ops.py): a form
    # without sub-expressions is a plain function, the others are generators

    def expr_num(self, e, env):
        return e["v"]

    expr_str = expr_bool = expr_num

    def expr_ctx(self, e, env):
        return self.ctx(e["name"], env)

    def expr_var(self, e, env):
        return env.locals.get(e["name"])

    expr_param = expr_it = expr_var

    def expr_event(self, e, env):
        return env.event.get(e["name"])

    def expr_token(self, e, env):
        return e["name"]

    expr_tag = expr_icon = expr_token
    expr_zone = expr_counter = expr_property = expr_token  # a kernel game's names (runtime/kernel plays those)

    def expr_component(self, e, env):
        return self.component_value(e["name"])

    def expr_relation(self, e, env):
        return ("relation", e["name"])

    def expr_none(self, e, env):
        return None

    expr_unresolved = expr_none

    def expr_list(self, e, env):
        out = []
        for item in e["items"]:
            out.append((yield from self.ev(item, env)))
        return out

    def expr_fn(self, e, env):
        return (yield from self.call_fn(e, env))

    def expr_bin(self, e, env):
        a = (yield from self.ev(e["l"], env)) or 0
        b = (yield from self.ev(e["r"], env)) or 0
        op = e["op"]
        return a + b if op == "+" else a - b if op == "-" else a * b

    def expr_neg(self, e, env):
        return -((yield from self.ev(e["x"], env)) or 0)

    def expr_cmp(self, e, env):
        a = yield from self.ev(e["l"], env)
        b = yield from self.ev(e["r"], env)
        op = e["op"]
        if op == "==":
            return a == b
        if op == "!=":
            return a != b
        a, b = a or 0, b or 0
        return a < b if op == "<" else a <= b if op == "<=" else a > b if op == ">" else a >= b

    def expr_is(self, e, env):
        a = yield from self.ev(e["l"], env)
        b = yield from self.ev(e["r"], env)
        result = self.is_test(a, b, env)
        return (not result) if e["negated"] else result

    def expr_and(self, e, env):
        for item in e["items"]:
            if not (yield from self.ev(item, env)):
                return False
        return True

    def expr_or(self, e, env):
        for item in e["items"]:
            if (yield from self.ev(item, env)):
                return True
        return False

    def expr_not(self, e, env):
        return not (yield from self.ev(e["x"], env))

    def expr_select(self, e, env):
        return (yield from self.select(e, env))

    def is_test(self, a, b, env: Env) -> bool:
        if not isinstance(a, Figure):
            return False
        if isinstance(b, tuple) and b and b[0] == "relation":
            return self.relation(a, b[1], env)
        return a is b

    def relation(self, f: Figure, rel: str, env: Env) -> bool:
        if rel == "figure":
            return True
        if rel == "character":
            return f.kind == "character"
        if rel == "opponent":
            return f.kind == "character" and self.opposed(f.team, env.team)
        if rel == "friend":
            return f.kind == "character" and f.team == env.team and env.team is not None
        if rel == "teammate":
            return f.kind == "character" and f.team == env.team and f is not env.self_fig
        if rel == "foe":
            if f.kind == "character":
                return self.opposed(f.team, env.team)
            if f.kind == "token":
                return f.owner == env.team
            return f.kind == "npc"
        return False

    def opposed(self, a: str | None, b: str | None) -> bool:
        return a is not None and b is not None and a != b

    def here_of(self, env: Env) -> int | None:
        if env.here is not None:
            return env.here
        fig = env.self_fig or env.holder
        return fig.location if fig is not None else None

    def ctx(self, name: str, env: Env):
        st = self.state
        if name == "self":
            return env.self_fig
        if name == "holder":
            return env.holder
        if name == "owner":
            return env.owner
        if name == "here":
            return self.here_of(env)
        if name == "adjacent":
            here = self.here_of(env)
            return list(st.board.adjacent(here)) if here is not None else []
        if name == "here-or-adjacent":
            here = self.here_of(env)
            return [here, *st.board.adjacent(here)] if here is not None else []
        if name == "anywhere":
            return st.board.live()
        if name == "active":
            return st.figures[st.active.figure] if st.active else None
        if name == "my-team":
            return env.team
        if name == "opposing-team":
            others = [t for t in st.order if t != env.team]
            return others[0] if others else None
        if name == "mayhem-die":
            return st.mayhem_value
        if name == "mayhem-icon":
            return st.mayhem_icon or st.icon_granted
        if name == "activation-die":
            return st.active.die if st.active else 0
        if name == "attack-target":
            return st.active.attack_target if st.active else env.locals.get("$attack-target")
        if name == "free-move-available":
            return bool(st.active) and not st.active.free_move_used and not st.active.ability_done
        if name == "monster-life":
            return prop(env.card, "monster-life", 0) if env.card else 0
        if name == "pending":
            return env.pending.amount if env.pending else 0
        raise AssertionError(name)  # pragma: no cover

    # ---- selectors ----------------------------------------------------------------

    def candidates(self, kind: str, places, env: Env) -> list:
        st = self.state
        if kind == "location":
            live = st.board.live()
            return live if places is None else [p for p in live if p in places]
        if kind == "edge":
            edges = st.board.edges()
            if places is not None:
                edges = [e for e in edges if e[0] in places or e[1] in places]
            # edges hold the tokens that close them, and a Location always keeps an open
            # side: an edge that would close its last one is no choice at all
            return [e for e in edges if not st.board.would_enclose(e)]
        figs = [f for f in st.figures.values() if f.location is not None]
        if places is not None:
            figs = [f for f in figs if f.location in places]
        return [f for f in figs if self.relation(f, kind, env)]

    def places(self, value) -> set | None:
        if value is None:
            return None
        if isinstance(value, Figure):
            return {value.location} if value.location is not None else set()
        if isinstance(value, int):
            return {value}
        if isinstance(value, list):
            out = set()
            for v in value:
                out |= self.places(v) or set()
            return out
        return set()

    def label(self, item) -> str:
        if isinstance(item, Figure):
            return fig_label(item)
        if isinstance(item, tuple):
            return self.state.board.edge_label(item)
        return f"L{item + 1}"

    def select(self, e: dict, env: Env):
        places = None
        if e["in"] is not None:
            places = self.places((yield from self.ev(e["in"], env)))
        items = self.candidates(e["kind"], places, env)
        if e["where"] is not None:
            kept = []
            for item in items:
                inner = env.child()
                inner.locals["it"] = item
                if (yield from self.ev(e["where"], inner)):
                    kept.append(item)
            items = kept
        quant = e["quant"]
        if quant == "all":
            return items
        if quant == "one":
            if not items:
                return None
            if len(items) == 1:
                return items[0]
            by_label = {Action("target", (self.label(i),)): i for i in items}
            choice = yield from self.decide(env.controller, "target", f"choose one {e['kind']}", list(by_label), e)
            return by_label[choice]
        # up-to N
        n = yield from self.ev(e["count"], env)
        chosen = []
        remaining = list(items)
        while remaining and len(chosen) < (n or 0):
            by_label = {Action("target", (self.label(i),)): i for i in remaining}
            options = list(by_label) + ([NO_TARGET] if not chosen else [DONE])
            choice = yield from self.decide(env.controller, "target", f"choose up to {n} {e['kind']}", options, e)
            if choice == NO_TARGET or choice == DONE:
                break
            item = by_label[choice]
            chosen.append(item)
            remaining.remove(item)
        if n == 1:
            return chosen[0] if chosen else None
        return chosen

    # ---- functions -------------------------------------------------------------------

    def call_fn(self, e: dict, env: Env):
        name = e["name"]
        args = {}
        for pname in _FN_PARAMS[name]:
            args[pname] = yield from self.ev(e["args"].get(pname), env)
        st = self.state
        if name == "count":
            what = args["what"]
            if isinstance(what, list):
                return len(what)
            if what is None:
                return 0
            return self.count_tokens(what, args["on"], args["of"])
        if name == "stack-bonus":
            where = args["on"]
            if isinstance(where, int):
                return st.board.locations[where].bonus.get((args["token"], args["of"]), 0)
            return 0
        if name == "open":
            return self.is_open(args["location"])
        if name == "empty":
            loc = args["location"]
            if loc is None:
                return False
            L = st.board.locations[loc]
            return not L.figures and not any(L.tokens.values()) and \
                not any(loc in e for e in st.board.blocked)
        if name == "has-icon":
            loc = args["location"]
            if loc is None or st.board.locations[loc].comp is None:
                return False
            return id_of(args["icon"]) in (prop(st.board.locations[loc].comp, "icons", []) or [])
        if name == "has":
            return self.count_tokens(args["token"], args["holder"], None) > 0
        if name == "adjacent-to":
            w = args["where"]
            loc = w.location if isinstance(w, Figure) else w
            return list(st.board.adjacent(loc)) if loc is not None else []
        if name == "location-of":
            f = args["figure"]
            return f.location if isinstance(f, Figure) else None
        if name == "team-of":
            f = args["figure"]
            if not isinstance(f, Figure):
                return None
            return f.team if f.kind != "token" else f.owner
        if name == "damage-on":
            f = args["figure"]
            return f.damage if isinstance(f, Figure) else 0
        if name == "life":
            f = args["figure"]
            return (f.life or 0) if isinstance(f, Figure) else 0
        if name == "vp-of":
            return self.vp(args["team"]) if args["team"] else 0
        if name == "is-base":
            loc = args["location"]
            comp = st.board.locations[loc].comp if loc is not None else None
            return bool(comp and prop(comp, "base"))
        if name == "tagged":
            tags = env.pending.tags if env.pending else env.event.get("$tags", frozenset())
            return args["tag"] in tags
        if name == "can-move":
            f = args["figure"]
            return isinstance(f, Figure) and f.location is not None and "no-move" not in self.restriction(f)
        if name == "same-location":
            a, b = args["a"], args["b"]
            return isinstance(a, Figure) and isinstance(b, Figure) and a.location is not None \
                and a.location == b.location
        raise AssertionError(name)  # pragma: no cover

    def is_open(self, loc) -> bool:
        if loc is None:
            return False
        L = self.state.board.locations[loc]
        return not L.removed and len(L.figures) < L.slots

    def component_value(self, qid: str):
        comp = self.rules.by_qid.get(qid)
        if comp is None:
            return None
        if comp["kind"] == "location":
            for loc in self.state.board.locations:
                if loc.comp is not None and loc.comp["qid"] == qid and not loc.removed:
                    return loc.index
            return None
        for fig in self.state.figures.values():
            if fig.comp["qid"] == qid:
                return fig
        return None


def _value(value):
    return value
    yield  # a generator that asks nothing and returns the value


_EXPRESSION = dispatch(ExpressionsMixin, "expr_", EXPRESSIONS)
_LEAF = {k: f for k, f in _EXPRESSION.items() if EXPRESSIONS[k].leaf}
_COMPOUND = {k: f for k, f in _EXPRESSION.items() if not EXPRESSIONS[k].leaf}
register_walker("runtime: the effect interpreter's expressions", EXPRESSIONS, _EXPRESSION)
