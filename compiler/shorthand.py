"""Shorthand words lowered to the words they stand for (`compiler/builtins.py`, `StandsFor`):
`gain-vp(2, team: t)` is `gain(vp, 2, on: t)`, `vp-of(t)` is `value(vp, of: t)`, `win-vp` is
`box-property("win-vp")`; `mayhem-die`, `mayhem-icon`, `roll-mayhem-die` and `grant-mayhem-icon`
are `shown-face`, `shows-icon`, `roll` and `grant-icon` of the die the game's `effect-die` names
(`roll(mayhem)`), `complete-mission` is `card-done()`, `attack` the kernel's `assault` and
`draw-mayhem(n)` its `draw(me, n)`; the selectors `one location` and `one
character` are the kernel's `one space` and `one player-figure` (`kernel_kind`). The IR keeps the word as written (the
checks, the site and the bots read it); the runtime lowers each node once, when it compiles it,
with the game whose declarations a given argument may name."""
from __future__ import annotations

from . import builtins as B
from . import builtins_kernel as K


def _given(form: str, value: str, game: dict | None) -> dict:
    if form == "game":  # the value of the game's property: `effect-die` gives the die it names
        prop = (game or {}).get("props", {}).get(value)
        return {"e": "str", "v": prop["value"] if prop is not None else None}
    return {"e": form, "v": value} if form in ("str", "num") else {"e": form, "name": value}


def _params(word: str) -> list[str]:
    """The parameters of the word a shorthand stands for, in order."""
    found = (B.PRIMITIVES.get(word) or B.FUNCTIONS.get(word) or K.KERNEL_PRIMITIVES.get(word)
             or K.KERNEL_FUNCTIONS.get(word))
    return [p.name for p in found.params] if found is not None else []


def _args(short: B.StandsFor, args: dict, game: dict | None) -> dict:
    """The arguments of the word stood for: those given, those renamed, none for the rest (as
    the compiler writes an argument left out)."""
    out = {param: None for param in _params(short.word)}
    out.update({param: _given(form, value, game) for param, form, value in short.given})
    for param, own in short.renamed:
        out[param] = args.get(own)
    return out


def lowered(node: dict, game: dict | None = None) -> dict:
    """The node a shorthand statement or expression stands for (a new dict, with the span and
    node id of the written one); any other node as it is.

    >>> lowered({"op": "primitive", "name": "gain-vp", "node": 7, "span": "s",
    ...          "args": {"amount": {"e": "num", "v": 2}, "team": {"e": "ctx", "name": "my-team"}}})["args"]
    {'counter': {'e': 'counter', 'name': 'vp'}, 'amount': {'e': 'num', 'v': 2}, 'on': {'e': 'ctx', 'name': 'my-team'}}
    >>> lowered({"e": "ctx", "name": "win-vp", "span": "s"})
    {'e': 'fn', 'name': 'box-property', 'args': {'name': {'e': 'str', 'v': 'win-vp'}}, 'span': 's'}

    A given argument may be a declaration of the `game` (a dict of the IR): `mayhem-die` is the
    face of the die its `effect-die` names, `roll-mayhem-die` a roll of it.

    >>> game = {"props": {"effect-die": {"value": "mayhem"}}}
    >>> lowered({"e": "ctx", "name": "mayhem-die", "span": "s"}, game)["args"]
    {'die': {'e': 'str', 'v': 'mayhem'}}
    >>> lowered({"op": "primitive", "name": "roll-mayhem-die", "args": {}}, game)["args"]
    {'die': {'e': 'str', 'v': 'mayhem'}, 'count': None, 'of': None}
    """
    if node.get("op") == "primitive":
        prim = B.PRIMITIVES.get(node["name"])
        if prim is not None and prim.stands_for is not None:
            return {**node, "name": prim.stands_for.word, "args": _args(prim.stands_for, node["args"], game)}
    elif node.get("e") == "fn":
        fn = B.FUNCTIONS.get(node["name"])
        if fn is not None and fn.stands_for is not None:
            return {**node, "name": fn.stands_for.word, "args": _args(fn.stands_for, node["args"], game)}
    elif node.get("e") == "ctx":
        ctx = B.CONTEXT_NAMES.get(node["name"])
        if ctx is not None and ctx.stands_for is not None:
            return {"e": "fn", "name": ctx.stands_for.word, "args": _args(ctx.stands_for, {}, game), "span": node.get("span")}
    return node


# selectors' kinds of the Mayhem vocabulary and the kernel's kinds they are (runtime/kernel/compile.py)
KERNEL_KINDS = {"location": "space", "character": "player-figure"}


def kernel_kind(kind: str) -> str:
    """The rules kernel's kind of figure or space a selector's kind stands for.

    >>> kernel_kind("location"), kernel_kind("character"), kernel_kind("friend")
    ('space', 'player-figure', 'friend')
    """
    return KERNEL_KINDS.get(kind, kind)


def shorthands() -> dict[str, B.StandsFor]:
    """Every shorthand word of the language, with what it stands for."""
    words = list(B.PRIMITIVES.values()) + list(B.FUNCTIONS.values()) + list(B.CONTEXT_NAMES.values())
    return {w.name: w.stands_for for w in words if w.stands_for is not None}
