"""The interpreter of effect trees: statements, expressions, selectors and primitives.

Every method that may need a decision is a generator: it yields a Decision and
receives the chosen action string back (runtime/decisions.py). The interpreter
knows the primitives of compiler/builtins.py and nothing of any content."""
from __future__ import annotations

from dataclasses import dataclass, field
import re

from mayhem.compiler import builtins as B
from mayhem.compiler.ir_ops import EXPRESSIONS, STATEMENTS, dispatch, register_walker

from .actions import DONE, NO_TARGET, SKIP, Action
from .decisions import fig_label, slug
from .rules import prop
from .state import Figure, Pending

_PRIM_PARAMS = {name: [p.name for p in prim.params] for name, prim in B.PRIMITIVES.items()}
_FN_PARAMS = {name: [p.name for p in fn.params] for name, fn in B.FUNCTIONS.items()}


def id_of(qid: str) -> str:
    """'shared/core:token:x' -> 'x'; 'some-box/some-character' -> 'some-character'."""
    return re.split(r"[:/]", qid)[-1]


@dataclass
class Env:
    """Where an effect runs: who decides, for which Team, about whom."""

    controller: str | None
    team: str | None
    self_fig: Figure | None = None
    holder: Figure | None = None
    owner: str | None = None
    here: int | None = None
    event: dict = field(default_factory=dict)
    locals: dict = field(default_factory=dict)
    pending: Pending | None = None
    until: object = None
    source: str | None = None  # qid of the component whose effect runs
    card: dict | None = None  # the GO! card of a Mission
    tags: frozenset = frozenset()  # tags a keyword adds to its primitives

    def child(self, **kw) -> "Env":
        env = Env(self.controller, self.team, self.self_fig, self.holder, self.owner, self.here, self.event,
                  dict(self.locals), self.pending, self.until, self.source, self.card, self.tags)
        for k, v in kw.items():
            setattr(env, k, v)
        return env


class Stop(Exception):
    """The turn ends now (the Active Character left the board)."""


class EffectsMixin:
    """Statement and expression evaluation; the engine supplies state, rules, rng,
    decide(), emit(), log() and the board-changing services."""

    # ---- statements -------------------------------------------------------------

    def run(self, body: list, env: Env):
        st = self.state
        for stmt in body:
            if st.over:
                return
            me = env.self_fig
            if me is not None and me.location is None and st.active is not None and st.active.figure == me.key:
                raise Stop()  # the Active Character was KO'ed: the rest of its effects do not happen
            yield from self.run_stmt(stmt, env)

    def run_stmt(self, s: dict, env: Env):
        yield from _STATEMENT[s["op"]](self, s, env)

    # one handler per statement op of the registry (compiler/ir_ops.py)

    def stmt_primitive(self, s: dict, env: Env):
        yield from getattr(self, "p_" + s["name"].replace("-", "_"))(s["args"], env, s)

    def stmt_keyword(self, s: dict, env: Env):
        kw = self.rules.keywords[s["keyword"]]
        inner = env.child()
        inner.locals = {}
        for p in kw["params"]:
            arg = s["args"].get(p["name"])
            inner.locals[p["name"]] = (yield from self.ev(arg, env)) if arg is not None else None
        tags = prop(kw, "tags")
        if tags:
            inner.tags = env.tags | frozenset(self.tag_qids(kw, tags))
        body = kw["effects"].get("effect")
        if body is not None:
            yield from self.run(body["body"], inner)

    def stmt_may(self, s: dict, env: Env):
        label = s["label"] or "it"
        choice = yield from self.decide(env.controller, "optional", f"{label}?",
                                        [Action("do", (slug(label),)), SKIP], s)
        if choice != SKIP:
            yield from self.run(s["body"], env.child())

    def stmt_choose(self, s: dict, env: Env):
        options = {Action("choose", (slug(o['label']),)): o for o in s["options"]}
        choice = yield from self.decide(env.controller, "option", "choose one", list(options), s)
        yield from self.run(options[choice]["body"], env.child())

    def stmt_if(self, s: dict, env: Env):
        cond = yield from self.ev(s["cond"], env)
        yield from self.run(s["then"] if cond else s["else"], env.child())

    def stmt_repeat(self, s: dict, env: Env):
        n = yield from self.ev(s["count"], env)
        for _ in range(max(0, int(n or 0))):
            yield from self.run(s["body"], env.child())

    def stmt_let(self, s: dict, env: Env):
        env.locals[s["name"]] = yield from self.ev(s["value"], env)

    def stmt_for_each(self, s: dict, env: Env):
        items = yield from self.ev(s["source"], env)
        for item in list(items or []):
            inner = env.child()
            inner.locals[s["var"]] = item
            yield from self.run(s["body"], inner)

    def stmt_as(self, s: dict, env: Env):
        who = yield from self.ev(s["who"], env)
        if isinstance(who, Figure):
            team, controller = who.team, self.controller_of(who)
        else:
            team, controller = who, self.team_player(who)
        if team is not None:
            yield from self.run(s["body"], env.child(team=team, controller=controller))

    def stmt_until(self, s: dict, env: Env):
        for t in s["body"]:
            if t["op"] == "trigger":
                self.install(t, env, s["event"])
        return
        yield  # a generator, as every statement handler is

    def stmt_trigger(self, s: dict, env: Env):
        self.install(s, env, "round-end")
        return
        yield

    def tag_qids(self, comp: dict, tag_ids: list[str]) -> list[str]:
        """Tag ids of a keyword's `tags` property, as the qids its primitives use."""
        out = []
        for tid in tag_ids:
            out.extend(q for q in self.tags_by_id.get(tid, ()))
        return out

    # ---- expressions ------------------------------------------------------------

    def ev(self, e, env: Env):
        if e is None:
            return None
        leaf = _LEAF.get(e["e"])
        if leaf is not None:
            return leaf(self, e, env)
        return (yield from _COMPOUND[e["e"]](self, e, env))

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

    # ---- token bookkeeping --------------------------------------------------------------

    def token_store(self, place):
        """The Counter of tokens at a place: a figure, a Location, an edge or a Team."""
        st = self.state
        if isinstance(place, Figure):
            return place.tokens
        if isinstance(place, int):
            return st.board.locations[place].tokens
        if isinstance(place, tuple):
            return st.board.edge_tokens.setdefault(place, {})
        if isinstance(place, str) and place in st.teams:
            return st.teams[place].tokens
        return None

    def matches(self, key_token: str, token: str) -> bool:
        return key_token == token or self.group_of.get(key_token) == token

    def count_tokens(self, token: str, where, of) -> int:
        if where is None:
            return 0
        if isinstance(where, list):
            return sum(self.count_tokens(token, w, of) for w in where)
        store = self.token_store(where)
        total = 0
        if store is not None:
            total = sum(n for (t, owner, _c), n in store.items() if self.matches(t, token)
                        and (of is None or owner == of))
        if isinstance(where, str) and where in self.state.teams:
            for fk in self.state.teams[where].characters:
                total += self.count_tokens(token, self.state.figures[fk], of)
        return total


_STATEMENT = dispatch(EffectsMixin, "stmt_", STATEMENTS)
_EXPRESSION = dispatch(EffectsMixin, "expr_", EXPRESSIONS)
_LEAF = {k: f for k, f in _EXPRESSION.items() if EXPRESSIONS[k].leaf}
_COMPOUND = {k: f for k, f in _EXPRESSION.items() if not EXPRESSIONS[k].leaf}
register_walker("runtime: the effect interpreter's statements", STATEMENTS, _STATEMENT)
register_walker("runtime: the effect interpreter's expressions", EXPRESSIONS, _EXPRESSION)
