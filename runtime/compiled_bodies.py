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

from .compiled_expressions import joined, source
from .effects import Env, Stop, _new

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


def _yields(forms: list) -> bool:
    """Can a body of these statements' forms ask (is its function a generator)?"""
    for form in forms:
        if form is None or form[0] == "raw" or (form[0] == "call" and form[2]):
            return True
        if form[0] == "if" and (_yields(_forms(form[3])) or _yields(_forms(form[4]))) \
                or form[0] == "for" and _yields(_forms(form[4])) or form[0] == "keyword" and _yields(_forms(form[2])):
            return True
    return False


def _returns(forms: list) -> bool:
    """Is a body of these forms one that asks by one statement's own iterator, returned, with
    no generator of its own around it: one primitive (that evaluates its arguments' IR, or whose
    body asks), or a keyword or an `if` written in whose blocks are such bodies or ask nothing?"""
    if len(forms) != 1 or forms[0] is None:
        return False
    form = forms[0]
    if form[0] == "raw":
        return True
    if form[0] == "call":
        return form[2]
    if form[0] == "keyword":
        inner = _forms(form[2])
        return not _yields(inner) or _returns(inner)
    if form[0] == "if":
        return all(not _yields(f) or _returns(f) for f in (_forms(form[3]), _forms(form[4])))
    return False


def _forms(fns: list) -> list:
    return [getattr(f, "inline", None) for f in fns]


class _Writer:
    """The lines of a body's function: each statement written in by its form, an inner block of
    `if` or `for each` written inside its parent's (its statements indented under it)."""

    def __init__(self, ns: dict, yields: bool) -> None:
        self.ns, self.yields, self.n = ns, yields, 0

    def block(self, fns: list, forms: list, pad: str, only: bool = False) -> list[str]:
        """The lines of a block; `only`: the function returns the iterator of the one statement
        that asks (_returns), no generator around it."""
        ran = "" if self.yields else " RAN"
        lines = []
        for fn, form in zip(fns, forms):
            i = self.n
            self.n += 1
            lines += [pad + line[4:].format(ran=ran) for line in _CHECK]
            if form is None:
                self.ns[f"F{i}"] = fn
                lines.append(f"{pad}yield from F{i}(eng, env)")
            elif form[0] == "raw":  # a primitive called with its arguments' IR, an iterator to go through
                self.ns[f"I{i}"], self.ns[f"R{i}"], self.ns[f"S{i}"] = form[1], form[2], fn.node
                call = f"I{i}(eng, R{i}, env, S{i})"
                lines.append(f"{pad}return {call}" if only else f"{pad}yield from {call}")
            elif form[0] == "let":
                _let, name, src, names = form
                self.ns.update(names)
                lines.append(f"{pad}env.locals[{name!r}] = {src}")
            elif form[0] == "if":  # its blocks bind no name: written here, in this Env
                _if, src, names, then_fns, else_fns = form
                self.ns.update(names)
                lines.append(f"{pad}if {src}:")
                lines += self.block(then_fns, _forms(then_fns), pad + "    ", only) or [pad + "    pass"]
                if else_fns:
                    lines.append(f"{pad}else:")
                    lines += self.block(else_fns, _forms(else_fns), pad + "    ", only)
            elif form[0] == "for":  # the item a Python variable of the loop, never in the Env
                _for, var, src, names, body_fns = form
                self.ns.update(names)
                inner = self.block(body_fns, _forms(body_fns), pad + "    ")
                v = f"V{i}"
                lines.append(f"{pad}for {v} in list({src} or ()):")
                lines += [line.replace(f"env.locals.get({var!r})", v) for line in inner] or [pad + "    pass"]
            elif form[0] == "keyword":  # its parameters Python variables, its block written here
                _kw, params, body_fns = form
                inner = self.block(body_fns, _forms(body_fns), pad, only)
                for j, (name, src, names) in enumerate(params):
                    self.ns.update(names)
                    lines.append(f"{pad}K{i}_{j} = {src}")
                    inner = [line.replace(f"env.locals.get({name!r})", f"K{i}_{j}") for line in inner]
                lines += inner
            else:
                _call, body, body_yields, src, names = form
                self.ns.update(names)
                self.ns[f"B{i}"], self.ns[f"S{i}"] = body, fn.node
                call = f"B{i}(eng, {src}, env, S{i})"
                if only and body_yields:
                    lines.append(f"{pad}return {call}")  # its own iterator, not a generator around it
                elif body_yields:
                    lines.append(f"{pad}yield from {call}")
                else:
                    lines.append(f"{pad}{call}")
        return lines


def loop_inline(body_fns: list) -> bool:
    """Can a `for each` over these statements be written into its parent's function, its item a
    Python variable? Only when nothing in its block could read the item from the Env: every
    statement written in (a primitive over its evaluated arguments, an `if` or a `for each`
    written in), none a closure called with the Env, none a primitive that evaluates its
    arguments' IR in it, no `let`, and no part of their source a closure called with the Env."""
    forms = _forms(body_fns)
    if not forms or any(f is None or f[0] in ("raw", "let") for f in forms):
        return False
    text = "\n".join(_Writer({}, True).block(body_fns, forms, "    "))
    return "(eng, env)" not in text and "(eng, R" not in text and "env.locals[" not in text


def keyword_inline(params: list[str], body_fns: list) -> bool:
    """Can a keyword's block be written into the body that calls it, its parameters Python
    variables? As loop_inline, and its source reads no other name of the Env (a keyword's block
    sees its parameters alone: a name of the caller's scope is not one of its)."""
    forms = _forms(body_fns)
    if not forms or any(f is None or f[0] in ("raw", "let") for f in forms):
        return False
    text = "\n".join(_Writer({}, True).block(body_fns, forms, "    "))
    for name in params:
        text = text.replace(f"env.locals.get({name!r})", "")
    return "(eng, env)" not in text and "(eng, R" not in text and "env.locals" not in text


def keyword_form(code, qid: str, inner_body: list, params: list):
    """The inline form of a call of keyword `qid` (("keyword", its parameters' (name, source,
    names), its block's fns)) when its block can be written into the body that calls it, its
    parameters Python variables (keyword_inline); else None. `params`: (name, (fn, asks) or
    None) of the call, none asking."""
    if qid in code.compiling:  # a keyword's block calling it again is not written into itself
        return None
    code.compiling.add(qid)
    try:
        body = code.body(inner_body)
    finally:
        code.compiling.discard(qid)
    if not keyword_inline([name for name, _part in params], body.fns):
        return None
    written = []
    for name, part in params:
        names: dict = {}
        written.append((name, source(part, names) if part is not None else "None", names))
    return ("keyword", written, body.fns)


def keyword_function(kw: dict, tags, inner_body: list | None, params: list):
    """`keyword_now(eng, env)`: a call of keyword `kw` none of whose parameters asks, as one
    generated function: its Env a copy of the caller's with the parameters' values (their
    source written in a dict display) as its locals and the keyword's `tags` added (their qids
    kept per Code: they are the rules'), and the keyword's block compiled when first run (a
    keyword's block may call keywords) returning its own iterator."""
    ns = {"NEW": _new, "ENV": Env, "NOTHING": NOTHING, "KW": kw, "TAGS": tags, "INNER": inner_body,
          "KEPT": [None, None], "QIDS": [None, None]}
    scope = ", ".join(f"{name!r}: {source(part, ns) if part is not None else 'None'}" for name, part in params)
    lines = ["def keyword_now(eng, env):", "    inner = NEW(ENV)", "    fields = inner.__dict__",
             "    fields.update(env.__dict__)", f"    fields['locals'] = {{{scope}}}"]
    if tags:
        lines += ["    Q = QIDS", "    if Q[1] is not eng.code: Q[:] = [frozenset(eng.tag_qids(KW, TAGS)), eng.code]",
                  "    fields['tags'] = env.tags | Q[0]"]
    if inner_body is None:
        lines.append("    return NOTHING")
    else:
        lines += ["    body = KEPT[0]", "    if body is None or KEPT[1] is not eng.code:",
                  "        body = eng.code.body(INNER)", "        KEPT[:] = [body, eng.code]",
                  "    return body(eng, inner)"]
    text = "\n".join(lines)
    exec(compile(text, "<keyword>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    fn = ns["keyword_now"]
    fn.keyword_src = text
    return fn


BINDING_PRIMITIVES = frozenset({"assault"})  # (the Mayhem `attack`, lowered)  # the primitives that write a name into their Env's locals


def binds_names(statements: list) -> bool:
    """Does a statement of this block (lowered) bind a name in the block's own scope (a `let`; an
    `attack`'s `$attack-target`, primitives.p_assault)? An inner block that binds none runs in
    its parent's Env as it is: there is nothing of its own to keep inside, so no copy is made
    (a `for each` makes one Env for the whole loop, not one per item)."""
    return any(s["op"] == "let" or (s["op"] == "primitive" and s["name"] in BINDING_PRIMITIVES)
               for s in statements)


def run_in_order(fns: list):
    """fn(engine, env) -> iterator of the statements `fns` (compiled closures, some carrying
    `inline`: ("call", body, yields, args source, names), ("raw", method, arguments' IR), ("let",
    name, source, names), ("if", condition source, names, then fns, else fns) or ("for", name,
    items source, names, block fns)); the function keeps `fns`."""
    run = _run_in_order(fns)
    run.fns = fns
    return run


def _run_in_order(fns: list):
    closures = run_closures(fns)
    forms = _forms(fns)
    if not fns or (len(fns) == 1 and forms[0] is None) or all(form is None for form in forms):
        return closures  # nothing to write in: the closures' own body
    from .engine import Engine  # here: the engine's modules import this one
    ns = {"ENGINE": Engine, "CLOSURES": closures, "STOP": Stop, "RAN": RAN}
    single = _returns(forms)  # no generator: the one statement's own iterator returned
    gen = _yields(forms) and not single
    lines = _Writer(ns, gen).block(fns, forms, "    ", only=single)
    head = ["def run(eng, env):",
            "    if eng.__class__ is not ENGINE: return CLOSURES(eng, env)" if not gen else
            "    if eng.__class__ is not ENGINE:\n        yield from CLOSURES(eng, env)\n        return",
            "    st = eng.state",
            "    me = env.self_fig  # an Env's figure is never changed (an inner block's is its own Env)"]
    if not gen and not (single and forms[0][0] in ("raw", "call")):
        lines.append("    return RAN")
    text = "\n".join(head + lines)
    exec(compile(text, "<body>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
    run = ns["run"]
    run.body_src = text
    return run


class Args:
    """A primitive's arguments, compiled: their values in the order of its parameters. When
    none asks, `now(eng, env)` is one function built from the arguments' joined Python source
    that returns them by name (a dict display: evaluated in the parameters' order). `values(eng,
    env)`, a generator to `yield from` (an argument may be a selector that asks), is one generated
    function of the same display, an argument that asks written in as `(yield from A<i>(eng, env))`."""

    __slots__ = ("parts", "asks", "now", "values")

    def __init__(self, code: object, names: list[str], raw: dict) -> None:
        self.parts = [(n, *code.expr(raw.get(n))) for n in names]
        self.asks = any(asks for _n, _fn, asks in self.parts)
        self.now = None
        ns: dict = {}
        items = []
        for i, (n, fn, asks) in enumerate(self.parts):
            if asks:
                ns[f"A{i}"] = fn
                items.append(f"{n!r}: (yield from A{i}(eng, env))")
            else:
                items.append(f"{n!r}: {source((fn, False), ns)}")
        display = "{" + ", ".join(items) + "}"
        if not self.asks:
            self.now = joined(display, dict(ns))
        text = f"def values(eng, env):\n    return {display}\n    yield  # a generator, even when none asks"
        exec(compile(text, "<arguments>", "exec"), ns)  # noqa: S102 (source made here, from the IR's forms)
        self.values = ns["values"]
