"""A body of statements compiled into one function: the checks between its statements, and the statements that carry Python source, written in.

A body runs its statements one after the other while the game goes on and the figure whose
effect it is stays on the board when it is the Active Character (else `Stop`). Its function
returns an iterator to `yield from` at once, as a statement's does. As runtime/declared_plan.py
writes a menu, the body is written as the source of one function: a primitive written over its
evaluated arguments (primitives.evaluated) is a call of its body with the arguments' dict
display written in (no closure for the statement, none for its arguments), a `let` that asks
nothing is an assignment, and the other statements are calls of their compiled closures. A body
none of whose statements can ask is a plain function (it runs when called and returns an
iterator at its end); a body of one statement returns that statement's own iterator; the
others are generators. An engine of another class than `Engine` runs the closures as before
(`run_closures`)."""
from __future__ import annotations

from .effects import Stop

NOTHING = ()  # the iterator of a statement that does nothing now
RAN = iter(())  # an iterator already at its end: what a primitive that has run returns (next() on it stops)
_CHECK = ["    if st.winners is not None: return{ran}  # the game is over",
          "    if me is not None and me.location is None and st.active is not None and st.active.figure == me.key:",
          "        raise STOP()  # the Active Character was KO'ed: the rest of its effects do not happen"]


def run_closures(fns: list):
    """The body as closures: each statement's function called in turn, the checks between."""
    if not fns:
        return lambda eng, env: NOTHING
    if len(fns) == 1:  # the statement's own iterator, not a generator around it: one layer less
        only = fns[0]

        def run_one(eng, env):
            st = eng.state
            if st.winners is not None:  # the game is over
                return NOTHING
            me = env.self_fig
            if me is not None and me.location is None and st.active is not None and st.active.figure == me.key:
                raise Stop()  # the Active Character was KO'ed: the rest of its effects do not happen
            return only(eng, env)
        return run_one

    def run(eng, env):
        st = eng.state
        me = env.self_fig  # an Env's figure is never changed (an inner block's is its own Env)
        for f in fns:
            if st.winners is not None:  # the game is over
                return
            if me is not None and me.location is None and st.active is not None and st.active.figure == me.key:
                raise Stop()
            yield from f(eng, env)
    return run


def run_in_order(fns: list):
    """fn(engine, env) -> iterator of the statements `fns` (compiled closures, some carrying
    `inline`: ("call", body, yields, args source, names), ("raw", method, arguments' IR) or ("let",
    name, source, names))."""
    closures = run_closures(fns)
    forms = [getattr(f, "inline", None) for f in fns]
    if not fns or (len(fns) == 1 and forms[0] is None) or all(form is None for form in forms):
        return closures  # nothing to write in: the closures' own body
    from .engine import Engine  # here: the engine's modules import this one
    ns = {"ENGINE": Engine, "CLOSURES": closures, "STOP": Stop, "RAN": RAN}
    yields = any(form is None or form[0] == "raw" or (form[0] == "call" and form[2]) for form in forms)
    lines = []
    for i, (fn, form) in enumerate(zip(fns, forms)):
        lines += [line.format(ran="" if yields else " RAN") for line in _CHECK]
        if form is None:
            ns[f"F{i}"] = fn
            lines.append(f"    yield from F{i}(eng, env)")
        elif form[0] == "raw":  # a primitive called with its arguments' IR, an iterator to go through
            ns[f"I{i}"], ns[f"R{i}"], ns[f"S{i}"] = form[1], form[2], fn.node
            call = f"I{i}(eng, R{i}, env, S{i})"
            lines.append(f"    return {call}" if len(fns) == 1 else f"    yield from {call}")
        elif form[0] == "let":
            _let, name, src, names = form
            ns.update(names)
            lines.append(f"    env.locals[{name!r}] = {src}")
        else:
            _call, body, body_yields, src, names = form
            ns.update(names)
            ns[f"B{i}"], ns[f"S{i}"] = body, fn.node
            call = f"B{i}(eng, {src}, env, S{i})"
            if len(fns) == 1 and body_yields:
                lines.append(f"    return {call}")  # its own iterator, not a generator around it
            elif body_yields:
                lines.append(f"    yield from {call}")
            else:
                lines.append(f"    {call}")
    single = len(fns) == 1 and (forms[0][0] == "raw" or (forms[0][0] == "call" and forms[0][2]))
    head = ["def run(eng, env):",
            "    if eng.__class__ is not ENGINE: return CLOSURES(eng, env)" if not yields or single else
            "    if eng.__class__ is not ENGINE:\n        yield from CLOSURES(eng, env)\n        return",
            "    st = eng.state",
            "    me = env.self_fig  # an Env's figure is never changed (an inner block's is its own Env)"]
    if single:
        lines = [line.format(ran=" RAN") for line in _CHECK] + lines[len(_CHECK):]
    elif not yields:
        lines.append("    return RAN")
    text = "\n".join(head + lines)
    exec(compile(text, "<body>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    run = ns["run"]
    run.body_src = text
    return run
