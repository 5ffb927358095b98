"""The statements the kernel's compiler makes into functions of their own: a keyword's call, `choose one`, `as`, `on EVENT`, `until`.

Their emitters (`Made.stmt_OP`) are the registry's dispatch's with compile_stmts.py's
(compile_stmts.Statements): each writes one call of the function its maker made, once, at
load (a keyword's body is read from the rules at its first call, `_Late`). A keyword's call in
code made with its rules is its body written in instead (keyword_lines, since December 4, 2026)."""
from __future__ import annotations

import re

from .compile import compiled, name_for, source
from .compile_stmts import _RESYNC, compiled_block, inline_lines
from .rules import KernelError

# the contexts an env can hold, in the order they are set (the resolvers' `me`, `this-card`,
# `amount`; an action's, a slot's, a trigger's and `as`'s `me`): a keyword's env copies them
# (tests/test_kernel_speed10.py holds the kernel to setting no other)
CONTEXTS = ("ctx:me", "ctx:this-card", "ctx:amount")
CONTEXTS += ("ctx:self", "ctx:holder")  # a figure's and a piece's trigger (listeners.components): copied only in
CONTEXTS += ("ctx:here",)               # (a tile's trigger: spaces.py)
HEARD = CONTEXTS[3:]                    # a game whose pieces, tiles or figures hear events


class _Late:
    """A function set at its first call: a keyword's, built from the rules it is played with
    (its parameters and body are read from them), then called as `holder.f(run, env)`."""

    __slots__ = ("f",)


def _keyword(stmt: dict) -> _Late:
    qid = stmt["keyword"]
    holder = _Late()

    def first(run, env):
        """The keyword's parameters and body read from the rules at the first call: one
        generated function making its env (the contexts, each parameter's value in order)
        and running its body."""
        kw = run.rules.keywords[qid]
        space: dict = {"__rules__": run.rules}
        lines = ["def keyword(run, env):", "    inner = {}"]  # the caller's contexts, in their order
        hearing = run.rules.hearing
        heard = hearing is not None and bool(hearing.piece_triggers or hearing.figure_triggers
                                             or hearing.space_triggers)
        lines += [f"    if {key!r} in env: inner[{key!r}] = env[{key!r}]" for key in CONTEXTS
                  if heard or key not in HEARD]
        if kw.get("tags"):  # the tags it adds to its primitives', and its caller's (damage.py, record.py)
            lines.append(f"    inner['_effect-tags'] = (*env.get('_effect-tags', ()), *{name_for(space, kw['tags'])})")
        else:
            lines.append("    if '_effect-tags' in env: inner['_effect-tags'] = env['_effect-tags']")
        known = {}
        for n, name in enumerate(kw["params"]):
            expr = stmt["args"].get(name)
            if expr is None:
                expr = kw["defaults"].get(name)
            known["var:" + name] = f"_kp{n}"  # source(None): None
            lines.append(f"    _kp{n} = inner[{'var:' + name!r}] = {source(expr, space)}")
        # the body written in, run in its own env: no `_stops` there, so none of its statements stops
        lines += ["    env = inner", "    state = run.state"] + (inline_lines(kw["body"], space, known) or ["    pass"])
        exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
        holder.f = space["keyword"]
        holder.f(run, env)

    holder.f = first
    return holder


WRITE_IN = [True]  # a keyword's body written into its caller's code where the rules are known (a test's switch)
_OWN = re.compile(r"\b(_[a-z]{1,3}\d+)\b")  # the generated code's own locals (`_l0`, `_g3`, `_kp0`)


def keyword_lines(stmt: dict, space: dict, contexts: tuple | None = None) -> list[str] | None:
    """A keyword's call written into the calling code (at depth 0): _keyword's function's lines,
    its env made as that function made it, the caller's put back after its body, the body's own
    locals named apart (a suffix of their own). None where the code is made without its rules
    (the body is read from the rules at the first call then), or for a keyword inside itself.
    Where the caller's env holds exactly the context keys `contexts`, its env is one dict display."""
    rules, qid = space.get("__rules__"), stmt["keyword"]
    kw = rules.keywords.get(qid) if rules is not None else None
    inside = space.get("__keywords__", ())
    if kw is None or qid in inside or len(inside) >= 4:
        return None
    n = space["__keyword_n__"] = space.get("__keyword_n__", 0) + 1
    hearing = rules.hearing
    heard = hearing is not None and bool(hearing.piece_triggers or hearing.figure_triggers or hearing.space_triggers)
    inner, saved = f"_kwenv_{n}", f"_kwsaved_{n}"  # (names the suffixing below leaves alone)
    copied = [key for key in CONTEXTS if heard or key not in HEARD]
    if contexts is None:  # the contexts env holds, each copied if there
        out = [f"{inner} = {{}}"] + [f"if {key!r} in env: {inner}[{key!r}] = env[{key!r}]" for key in copied]
        tagged = None
    else:  # those it surely holds, in the order they are copied
        copied = [key for key in copied if key in contexts]
        out = [f"{inner} = {{" + ", ".join(f"{key!r}: env[{key!r}]" for key in copied) + "}"]
        tagged = "_effect-tags" in contexts
    if kw.get("tags"):
        out.append(f"{inner}['_effect-tags'] = (*env.get('_effect-tags', ()), *{name_for(space, kw['tags'])})")
    elif tagged is None:
        out.append(f"if '_effect-tags' in env: {inner}['_effect-tags'] = env['_effect-tags']")
    elif tagged:
        out.append(f"{inner}['_effect-tags'] = env['_effect-tags']")
    held = None if contexts is None else (*copied, *(("_effect-tags",) if kw.get("tags") or tagged else ()))
    known = {}
    for i, name in enumerate(kw["params"]):
        expr = stmt["args"].get(name)
        if expr is None:
            expr = kw["defaults"].get(name)
        known["var:" + name] = f"_kp{i}"
        out.append(f"_kp{i} = {inner}[{'var:' + name!r}] = {source(expr, space)}")
    space["__keywords__"] = (*inside, qid)
    try:
        body = [line[4:] for line in inline_lines(kw["body"], space, known, contexts=held)]
    finally:
        space["__keywords__"] = inside
    out += [f"{saved}, env = env, {inner}"] + (body or ["pass"]) + [f"env = {saved}"]
    return [_OWN.sub(rf"\1_{n}", line) for line in out]


def _choose(stmt: dict, rules=None):
    labels = [o["label"] for o in stmt["options"]]
    bodies = [compiled_block(o["body"], rules) for o in stmt["options"]]  # (made with the caller's rules)
    offered, span = [f"choose {lab}" for lab in labels], stmt["span"]

    def choose(run, env):
        picked = run.ask(env["ctx:me"], "choose", "choose one", list(offered), span)
        bodies[offered.index(picked)](run, env)  # the answer is one of the offered texts
    return choose


def _as(stmt: dict, rules=None):
    who = compiled(stmt["who"]) if stmt["who"] is not None else (lambda run, env: None)
    body = compiled_block(stmt["body"], rules)  # (made with the caller's rules: its keywords written in)

    def as_(run, env):
        me = who(run, env)
        if me is not None and (me in run.state.teams or me in run.state.figures):
            # a Team acts: its player in turn; a figure: its controller's (spaces.controller)
            me = controller(run.state, "team" if me in run.state.teams else "figure", me)
        body(run, {**env, "ctx:me": me})
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


def _until(stmt: dict):
    from .listeners import make_until  # triggers installed until a structure event (listeners.py)
    return make_until(stmt)


class Made:
    """`stmt_OP(stmt, space, lines, depth, names)`: the line calling the statement's own function."""

    @staticmethod
    def stmt_keyword(stmt, space, lines, depth, names):
        written = keyword_lines(stmt, space, names.contexts) if WRITE_IN[0] else None  # its body in the caller's
        if written is None:
            lines.append("    " * depth + name_for(space, _keyword(stmt)) + ".f(run, env)")
        else:
            lines += ["    " * depth + line for line in written]

    @staticmethod
    def stmt_choose(stmt, space, lines, depth, names):
        pad = "    " * depth
        lines.append(pad + name_for(space, _choose(stmt, space.get("__rules__"))) + "(run, env)")
        lines.append(pad + _RESYNC)  # its option ran in this env and may have set variables: read them again
        names.known.update(names.local)  # every local is read again there (the final list)

    @staticmethod
    def stmt_as(stmt, space, lines, depth, names):
        lines.append("    " * depth + name_for(space, _as(stmt, space.get("__rules__"))) + "(run, env)")

    @staticmethod
    def stmt_trigger(stmt, space, lines, depth, names):
        lines.append("    " * depth + name_for(space, _trigger(stmt)) + "(run, env)")

    @staticmethod
    def stmt_until(stmt, space, lines, depth, names):
        lines.append("    " * depth + name_for(space, _until(stmt)) + "(run, env)")


from .spaces import controller  # noqa: E402 - (cycles)
