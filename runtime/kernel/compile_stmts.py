"""Effect statements of the IR compiled once into Python closures `f(run, env)`, as
compile.py does for expressions: a block becomes one closure over its statements' closures,
cached by the identity of its IR list, so a step of play calls functions instead of reading
`op` and `args` out of dictionaries. The closures belong to the rules (their IR nodes), never
to the state: the state stays data, and a clone or a replayed step uses the same closures.
Each closure does exactly what effects.py's `Run` methods did, in the same order (the
digests of tests/test_kernel_compiled.py hold the games to it)."""
from __future__ import annotations

from .compile import _as_list, call, compiled, pure
from .rules import KernelError

_CACHE: dict[int, tuple[list, object]] = {}


def compiled_block(body: list):
    """The closure running a list of statements: between two of them an action's body
    stops once the turn has ended (`end-turn`), as an `_stops` env says."""
    hit = _CACHE.get(id(body))
    if hit is not None and hit[0] is body:
        return hit[1]
    fns = tuple(_statement(stmt) for stmt in body)
    if not fns:
        def block(run, env):
            return None
    elif len(fns) == 1:
        only = fns[0]

        def block(run, env):
            if run.state.end_turn and env.get("_stops"):
                return
            only(run, env)
    else:
        def block(run, env):
            for fn in fns:
                if run.state.end_turn and env.get("_stops"):
                    return
                fn(run, env)
    _CACHE[id(body)] = (body, block)  # the list is kept alive with its closure: its id stays its own
    return block


def _optional(e):
    if e is None:
        return lambda run, env: None
    return compiled(e)


def _statement(stmt: dict):
    op = stmt["op"]
    make = _MAKERS.get(op)
    if make is None:
        def unsupported(run, env):
            raise KernelError(f"{stmt['span']}: '{op}' is not supported in kernel games")
        return unsupported
    return make(stmt)


def _primitive(stmt: dict):
    from .primitives import PRIMITIVES
    fn = PRIMITIVES.get(stmt["name"])
    if fn is None:  # a primitive of another runtime (a shared keyword's): an error if it runs
        def unknown(run, env):
            raise KernelError(f"{stmt.get('span')}: '{stmt['name']}' is not a primitive of kernel games")
        return unknown
    return call(fn, [(k.replace("-", "_"), e) for k, e in stmt["args"].items()])


def _keyword(stmt: dict):
    qid = stmt["keyword"]
    plan = None  # the keyword's parameters and body, read from the rules at the first call

    def keyword(run, env):
        nonlocal plan
        if plan is None:
            kw = run.rules.keywords[qid]
            params = []
            for name in kw["params"]:
                expr = stmt["args"].get(name)
                if expr is None:
                    expr = kw["defaults"].get(name)
                params.append(("var:" + name, compiled(expr) if expr is not None else None))
            plan = (tuple(params), compiled_block(kw["body"]))
        params, body = plan
        inner = {k: v for k, v in env.items() if k.startswith("ctx:")}
        for key, f in params:
            inner[key] = f(run, env) if f is not None else None
        body(run, inner)
    return keyword


def _may(stmt: dict):
    label = stmt["label"] or "it"
    body, span = compiled_block(stmt["body"]), stmt["span"]
    offered, prompt = [f"do {label}", "skip"], f"do {label}?"

    def may(run, env):
        if run.ask(env["ctx:me"], "may", prompt, list(offered), span) != "skip":
            body(run, env)
    return may


def _choose(stmt: dict):
    labels = [o["label"] for o in stmt["options"]]
    bodies = [compiled_block(o["body"]) for o in stmt["options"]]
    offered, span = [f"choose {lab}" for lab in labels], stmt["span"]

    def choose(run, env):
        picked = run.ask(env["ctx:me"], "choose", "choose one", list(offered), span)
        bodies[labels.index(picked[len("choose "):])](run, env)
    return choose


def _if(stmt: dict):
    cond, then, else_ = _optional(stmt["cond"]), compiled_block(stmt["then"]), compiled_block(stmt["else"])

    def if_(run, env):
        if cond(run, env):
            then(run, env)
        else:
            else_(run, env)
    return if_


def _repeat(stmt: dict):
    count, body = _optional(stmt["count"]), compiled_block(stmt["body"])

    def repeat(run, env):
        for _ in range(max(int(count(run, env) or 0), 0)):
            body(run, env)
    return repeat


def _let(stmt: dict):
    key, value = "var:" + stmt["name"], _optional(stmt["value"])

    def let(run, env):
        env[key] = value(run, env)
    return let


def _for_each(stmt: dict):
    key, source, body = "var:" + stmt["var"], _optional(stmt["source"]), compiled_block(stmt["body"])

    def for_each(run, env):
        for value in list(_as_list(source(run, env))):
            env[key] = value
            body(run, env)
    return for_each


def _as(stmt: dict):
    who, body = _optional(stmt["who"]), compiled_block(stmt["body"])

    def as_(run, env):
        body(run, {**env, "ctx:me": who(run, env)})
    return as_


def _trigger(stmt: dict):
    event = stmt["event"]

    def trigger(run, env):
        """`on turn-end { ... }` inside an effect: once, at the next such structure event."""
        if event not in ("turn-start", "turn-end", "round-start", "round-end"):
            raise KernelError(f"{stmt['span']}: 'on {event}' inside an effect waits for a structure event "
                              "(turn-start, turn-end, round-start, round-end)")
        run.state.triggers.append({"event": event, "node": stmt["node"], "me": env.get("ctx:me"),
                                   "card": env.get("ctx:this-card"), "turn": run.state.turn,
                                   "vars": {k: v for k, v in env.items() if k.startswith("var:")}})
    return trigger


_MAKERS = {"primitive": _primitive, "keyword": _keyword, "may": _may, "choose": _choose, "if": _if,
           "repeat": _repeat, "let": _let, "for-each": _for_each, "as": _as, "trigger": _trigger}


def compile_rules(rules) -> None:
    """Compile every body, guard and domain of a game once, at load (rules.py): play then
    only calls closures, and an expression the kernel cannot play is an error at load."""
    from .actions import _plan
    bodies = list(rules.slots.values()) + [a.body for a in rules.actions.values()]
    bodies += [b for ct in rules.card_types.values() for b in ct.effects.values()]
    bodies += [c.effect for c in rules.cards.values() if c.effect]
    bodies += [r["body"] for r in rules.rules]  # keywords (shared ones too) compile when first called
    for body in bodies:
        compiled_block(body)
    for action in rules.actions.values():
        _plan(action)
    for e in [rules.end_guard, rules.round_end_guard] + [r.get("when") for r in rules.rules]:
        if e is not None:
            compiled(e)
