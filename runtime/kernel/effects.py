"""The interpreter of effect statements and expressions of kernel games. A choice it cannot
make comes from the run's answers, or stops the run with the question (NeedChoice)."""
from __future__ import annotations

from ..decisions import Decision
from .compile import compiled
from .rules import KernelError


class NeedChoice(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class GameOver(Exception):
    """The end condition held: the step stops where it is."""


class Run:
    """One step of play (setup, a turn's start or end, one action) being interpreted. The
    answers are the choices made in this step so far; the step is replayed from its start
    with them when the next one arrives, so no Python frame outlives a decision."""

    def __init__(self, game, answers: list[str]) -> None:
        self.game = game
        self.rules = game.rules
        self.state = game.state
        self.answers = answers
        self.used = 0

    # -- choices ---------------------------------------------------------------------

    def ask(self, player: str, kind: str, prompt: str, actions: list[str], span=None) -> str:
        if len(actions) == 1:
            return actions[0]
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            self.used += 1
            return answer
        raise NeedChoice(Decision(player, kind, prompt, actions, span))

    def choose_value(self, player: str, values: list, prompt: str, span=None):
        labels = self.game.labels(values)
        offered = list(dict.fromkeys(f"target {lab}" for lab in labels))  # copies alike: one choice
        picked = self.ask(player, "target", prompt, offered, span)
        return values[labels.index(picked.split(" ", 1)[1])]

    # -- statements ------------------------------------------------------------------

    def block(self, body: list, env: dict) -> None:
        for stmt in body:
            if self.state.end_turn and env.get("_stops"):
                return
            OPS[stmt["op"]](self, stmt, env)

    def primitive(self, stmt: dict, env: dict) -> None:
        from .primitives import PRIMITIVES
        PRIMITIVES[stmt["name"]](self, env, **{k.replace("-", "_"): (compiled(e)(self, env) if e is not None else None)
                                                for k, e in stmt["args"].items()})

    def keyword(self, stmt: dict, env: dict) -> None:
        kw = self.rules.keywords[stmt["keyword"]]
        inner = {k: v for k, v in env.items() if k.startswith("ctx:")}
        for name in kw["params"]:
            expr = stmt["args"].get(name)
            if expr is None:
                expr = kw["defaults"].get(name)
            inner["var:" + name] = self.expr(expr, env) if expr is not None else None
        self.block(kw["body"], inner)

    def may(self, stmt: dict, env: dict) -> None:
        label = stmt["label"] or "it"
        me = env["ctx:me"]
        if self.ask(me, "may", f"do {label}?", [f"do {label}", "skip"], stmt["span"]) != "skip":
            self.block(stmt["body"], env)

    def choose(self, stmt: dict, env: dict) -> None:
        labels = [o["label"] for o in stmt["options"]]
        picked = self.ask(env["ctx:me"], "choose", "choose one", [f"choose {lab}" for lab in labels], stmt["span"])
        self.block(stmt["options"][labels.index(picked[len("choose "):])]["body"], env)

    def if_(self, stmt: dict, env: dict) -> None:
        self.block(stmt["then"] if self.expr(stmt["cond"], env) else stmt["else"], env)

    def repeat(self, stmt: dict, env: dict) -> None:
        for _ in range(max(int(self.expr(stmt["count"], env) or 0), 0)):
            self.block(stmt["body"], env)

    def let(self, stmt: dict, env: dict) -> None:
        env["var:" + stmt["name"]] = self.expr(stmt["value"], env)

    def for_each(self, stmt: dict, env: dict) -> None:
        values = self.expr(stmt["source"], env)
        for value in list(_as_list(values)):
            env["var:" + stmt["var"]] = value
            self.block(stmt["body"], env)

    def as_(self, stmt: dict, env: dict) -> None:
        who = self.expr(stmt["who"], env)
        self.block(stmt["body"], {**env, "ctx:me": who})

    def trigger(self, stmt: dict, env: dict) -> None:
        """`on turn-end { ... }` inside an effect: once, at the next such structure event."""
        if stmt["event"] not in ("turn-start", "turn-end", "round-start", "round-end"):
            raise KernelError(f"{stmt['span']}: 'on {stmt['event']}' inside an effect waits for a structure event "
                              "(turn-start, turn-end, round-start, round-end)")
        self.state.triggers.append({"event": stmt["event"], "node": stmt["node"], "me": env.get("ctx:me"),
                                    "card": env.get("ctx:this-card"), "turn": self.state.turn,
                                    "vars": {k: v for k, v in env.items() if k.startswith("var:")}})

    def unsupported(self, stmt: dict, env: dict) -> None:
        raise KernelError(f"{stmt['span']}: '{stmt['op']}' is not supported in kernel games")

    # -- expressions -----------------------------------------------------------------

    def expr(self, e: dict | None, env: dict):
        if e is None:
            return None
        return compiled(e)(self, env)

    def select(self, e: dict, env: dict):
        pool = self.expr(e["in"], env) if e["in"] is not None else self.game.pool(e["kind"])
        values = list(_as_list(pool))
        if e["where"] is not None:
            values = [v for v in values if self.expr(e["where"], {**env, "var:it": v})]
        if e["quant"] == "all":
            return values
        if not values:
            return None
        return self.choose_value(env["ctx:me"], values, f"choose a {e['kind']}", e["span"])


def _as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]



OPS = {"primitive": Run.primitive, "keyword": Run.keyword, "may": Run.may, "choose": Run.choose,
       "if": Run.if_, "repeat": Run.repeat, "let": Run.let, "for-each": Run.for_each, "as": Run.as_,
       "trigger": Run.trigger, "until": Run.unsupported}
