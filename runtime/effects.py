"""The effect interpreter's statements: where an effect runs (Env), and a handler per IR statement op.

Every method that may need a decision is a generator: it yields a Decision and
receives the chosen Action back (runtime/actions.py). The interpreter (this module,
expressions.py, primitives.py) knows the primitives of compiler/builtins.py and
nothing of any content."""
from __future__ import annotations

from dataclasses import dataclass, field
import re

from mayhem.compiler import builtins as B
from mayhem.compiler.ir_ops import STATEMENTS, dispatch, register_walker

from .actions import SKIP, Action
from .decisions import slug
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


_STATEMENT = dispatch(EffectsMixin, "stmt_", STATEMENTS)
register_walker("runtime: the effect interpreter's statements", STATEMENTS, _STATEMENT)
