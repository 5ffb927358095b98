"""Effect statements of the IR compiled once into Python functions `f(run, env)`, as
compile.py does for expressions: a block becomes the source of one function (its `if`,
`for each`, `repeat`, `let`, `may` and primitives inline, their expressions too), compiled
once and cached by the identity of its IR list, so a step of play runs Python instead of
reading `op` and `args` out of dictionaries. The functions belong to the rules (their IR
nodes), never to the state: the state stays data, and a clone or a replayed step uses the
same functions. Each does exactly what effects.py's `Run` methods did, in the same order
(the digests of tests/test_kernel_compiled.py hold the games to it)."""
from __future__ import annotations

from .compile import _as_list, call_source, compiled, name_for, source
from .rules import KernelError

_CACHE: dict[int, tuple[list, object]] = {}


def compiled_block(body: list):
    """The function running a list of statements: before each of them an action's body
    stops once the turn has ended (`end-turn`), as an `_stops` env says. Where a statement
    nested in another sees that, the whole body stops: what the rest would still do (set a
    loop's variable) changes nothing outside it."""
    if not body:  # no statements (a slot the game leaves out: a new list each time)
        return nothing
    hit = _CACHE.get(id(body))
    if hit is not None and hit[0] is body:
        return hit[1]
    space: dict = {"_as_list": _as_list}
    lines = ["def block(run, env):", "    state = run.state", "    stops = env.get('_stops')"]
    _emit(body, space, lines, 1)
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
    block = space["block"]
    _CACHE[id(body)] = (body, block)  # the list is kept alive with its function: its id stays its own
    return block


def nothing(run, env):
    return None


def _emit(body: list, space: dict, lines: list, depth: int) -> None:
    pad = "    " * depth
    if not body:
        lines.append(pad + "pass")
    for stmt in body:
        lines.append(pad + "if stops and state.end_turn: return")
        _emit_statement(stmt, space, lines, depth)


def _emit_statement(stmt: dict, space: dict, lines: list, depth: int) -> None:
    pad, op, n = "    " * depth, stmt["op"], len(lines)
    if op == "primitive":
        lines.append(pad + _primitive(stmt, space))
    elif op == "let":
        lines.append(pad + f"env[{'var:' + stmt['name']!r}] = {source(stmt['value'], space)}")
    elif op == "if":
        lines.append(pad + f"if {source(stmt['cond'], space)}:")
        _emit(stmt["then"], space, lines, depth + 1)
        lines.append(pad + "else:")
        _emit(stmt["else"], space, lines, depth + 1)
    elif op == "for-each":
        lines.append(pad + f"for _v{n} in list(_as_list({source(stmt['source'], space)})):")
        lines.append(pad + f"    env[{'var:' + stmt['var']!r}] = _v{n}")
        _emit(stmt["body"], space, lines, depth + 1)
    elif op == "repeat":
        lines.append(pad + f"for _r{n} in range(max(int(({source(stmt['count'], space)}) or 0), 0)):")
        _emit(stmt["body"], space, lines, depth + 1)
    elif op == "may":
        label = stmt["label"] or "it"
        offered = name_for(space, (f"do {label}", "skip"))
        lines.append(pad + f"if run.ask(env['ctx:me'], 'may', {name_for(space, f'do {label}?')}, list({offered}), "
                     f"{name_for(space, stmt['span'])}) != 'skip':")
        _emit(stmt["body"], space, lines, depth + 1)
    else:  # a statement of its own: a keyword, `choose one`, `as`, `on EVENT`, or unknown
        make = _MAKERS.get(op)
        if make is None:
            def unsupported(run, env):
                raise KernelError(f"{stmt['span']}: '{op}' is not supported in kernel games")
            fn = unsupported
        else:
            fn = make(stmt)
        lines.append(pad + name_for(space, fn) + "(run, env)")


def _primitive(stmt: dict, space: dict) -> str:
    from .primitives import PRIMITIVES
    fn = PRIMITIVES.get(stmt["name"])
    if fn is None:  # a primitive of another runtime (a shared keyword's): an error if it runs
        def unknown(run, env):
            raise KernelError(f"{stmt.get('span')}: '{stmt['name']}' is not a primitive of kernel games")
        return name_for(space, unknown) + "(run, env)"
    return call_source(fn, [(k.replace("-", "_"), e) for k, e in stmt["args"].items()], space)


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


def _choose(stmt: dict):
    labels = [o["label"] for o in stmt["options"]]
    bodies = [compiled_block(o["body"]) for o in stmt["options"]]
    offered, span = [f"choose {lab}" for lab in labels], stmt["span"]

    def choose(run, env):
        picked = run.ask(env["ctx:me"], "choose", "choose one", list(offered), span)
        bodies[labels.index(picked[len("choose "):])](run, env)
    return choose


def _as(stmt: dict):
    who = compiled(stmt["who"]) if stmt["who"] is not None else (lambda run, env: None)
    body = compiled_block(stmt["body"])

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


_MAKERS = {"keyword": _keyword, "choose": _choose, "as": _as, "trigger": _trigger}  # each its own function


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
