"""The IR's statement ops and expression forms the kernel's compiler has no emitter for, found at load with their component and span.

A game's load (rules.py) reads every body of the components it plays, keywords included
(whose bodies compile at their first call), before it compiles any: an op or form that
compile_stmts.EMIT or compile_exprs.EMIT lacks is a KernelError then, naming the op, where
it is written and in which component, never an error in the middle of a game:

>>> comp = {"kind": "card", "qid": "box.zap", "id": "zap", "triggers": [], "children": [],
...         "effects": {"effect": {"when": None, "body": [{"op": "goto", "span": "zap.mh:3:5"}]}}}
>>> print(message(uncompiled([comp])[0]))
zap.mh:3:5: card 'box.zap': the statement 'goto' is not supported in kernel games: no op of the IR's registry (compiler/ir_ops.py): the IR was written by another compiler; compile the content again with this toolchain

Each is a reason as gather.py keeps them (`kind`, `word`, `where`, `why`), `message` its text.
"""
from __future__ import annotations

from ...compiler.ir_ops import EXPRESSIONS, STATEMENTS, child_bodies, sub_expressions


FOREIGN = ("no {what} of the IR's registry (compiler/ir_ops.py): the IR was written by another compiler; "
           "compile the content again with this toolchain")


def message(reason: dict) -> str:
    """A reason's text, as the KernelError of a load says it: `SPAN: COMPONENT: why`."""
    return f"{reason['where']}: {reason['why']}"


def uncompiled(components: list[dict], keywords: dict | None = None) -> list[dict]:
    """What the kernel's compiler cannot compile in `components` and their children, in the
    components' order, then in the rules' `keywords` (rules.py: qid -> params, defaults and
    body), once each (a shared keyword may be both)."""
    from .compile_exprs import EMIT as FORMS, IGNORED
    from .compile_stmts import EMIT as OPS
    found: list[tuple] = []

    def label(comp: dict) -> str:
        return f"{comp.get('kind')} '{comp.get('qid') or comp.get('id')}'"

    def expression(e: dict, where: str, parent: dict | None = None) -> None:
        form = e.get("e")
        if form == "relation" and parent is not None and parent.get("e") == "is" and parent.get("r") is e:
            return  # read by its `is` (compile_exprs.Forms.form_is)
        if form not in FORMS:
            why = IGNORED.get(form) or (FOREIGN.format(what="form") if form not in EXPRESSIONS else "no emitter writes it")
            found.append(("expression", form, e.get("span"),
                          f"{where}: the expression form '{form}' is not supported in kernel games: {why}"))
            return
        for child in sub_expressions(e):
            expression(child, where, e)

    def body(stmts: list, where: str) -> None:
        for stmt in stmts:
            op = stmt.get("op")
            if op not in OPS:
                why = FOREIGN.format(what="op") if op not in STATEMENTS else "the kernel compiler has no emitter for it"
                found.append(("statement", op, stmt.get("span"),
                              f"{where}: the statement '{op}' is not supported in kernel games: {why}"))
                continue
            for e in sub_expressions(stmt):
                expression(e, where)
            for inner in child_bodies(stmt):
                body(inner, where)

    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        where = label(comp)
        for eff in (comp.get("effects") or {}).values():
            if eff.get("when"):
                expression(eff["when"], where)
            body(eff.get("body") or [], where)
        body(comp.get("triggers") or [], where)  # `on EVENT` statements (compiler/ir_ops.component_bodies)
        for param in comp.get("params") or ():
            if param.get("default"):
                expression(param["default"], where)
        stack.extend(reversed(comp.get("children") or ()))
    for qid, kw in (keywords or {}).items():
        for e in kw["defaults"].values():
            if e is not None:
                expression(e, f"keyword '{qid}'")
        body(kw["body"], f"keyword '{qid}'")
    return [{"kind": kind, "word": word, "where": where, "why": why} for kind, word, where, why in dict.fromkeys(found)]
