"""Shorthand words lowered to the words they stand for (`compiler/builtins.py`, `StandsFor`):
`gain-vp(2, team: t)` is `gain(vp, 2, on: t)`, `vp-of(t)` is `value(vp, of: t)`, `win-vp` is
`box-property("win-vp")`. The IR keeps the word as written (the checks, the site and the bots
read it); the runtime lowers each node once, when it compiles it."""
from __future__ import annotations

from . import builtins as B


def _given(form: str, value: str) -> dict:
    return {"e": form, "v": value} if form in ("str", "num") else {"e": form, "name": value}


def _args(short: B.StandsFor, args: dict) -> dict:
    out = {param: _given(form, value) for param, form, value in short.given}
    for param, own in short.renamed:
        out[param] = args.get(own)
    return out


def lowered(node: dict) -> dict:
    """The node a shorthand statement or expression stands for (a new dict, with the span and
    node id of the written one); any other node as it is.

    >>> lowered({"op": "primitive", "name": "gain-vp", "node": 7, "span": "s",
    ...          "args": {"amount": {"e": "num", "v": 2}, "team": {"e": "ctx", "name": "my-team"}}})["args"]
    {'counter': {'e': 'counter', 'name': 'vp'}, 'amount': {'e': 'num', 'v': 2}, 'on': {'e': 'ctx', 'name': 'my-team'}}
    >>> lowered({"e": "ctx", "name": "win-vp", "span": "s"})
    {'e': 'fn', 'name': 'box-property', 'args': {'name': {'e': 'str', 'v': 'win-vp'}}, 'span': 's'}
    """
    if node.get("op") == "primitive":
        prim = B.PRIMITIVES.get(node["name"])
        if prim is not None and prim.stands_for is not None:
            return {**node, "name": prim.stands_for.word, "args": _args(prim.stands_for, node["args"])}
    elif node.get("e") == "fn":
        fn = B.FUNCTIONS.get(node["name"])
        if fn is not None and fn.stands_for is not None:
            return {**node, "name": fn.stands_for.word, "args": _args(fn.stands_for, node["args"])}
    elif node.get("e") == "ctx":
        ctx = B.CONTEXT_NAMES.get(node["name"])
        if ctx is not None and ctx.stands_for is not None:
            return {"e": "fn", "name": ctx.stands_for.word, "args": _args(ctx.stands_for, {}), "span": node.get("span")}
    return node


def shorthands() -> dict[str, B.StandsFor]:
    """Every shorthand word of the language, with what it stands for."""
    words = list(B.PRIMITIVES.values()) + list(B.FUNCTIONS.values()) + list(B.CONTEXT_NAMES.values())
    return {w.name: w.stands_for for w in words if w.stands_for is not None}
