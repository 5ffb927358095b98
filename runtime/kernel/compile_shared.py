"""One evaluation of an expression a statement's arguments repeat: read once into a local before the statement.

A primitive's arguments may name one expression twice (`act(part, first: roll >= cost(part),
second: roll >= cost(part) and lucky)`): each place was evaluated where it stands, two calls of
each word. Where every argument is pure (compile.pure: it asks nothing, draws nothing, changes nothing), the order the
arguments are evaluated in changes nothing, so an expression repeated where it is surely
evaluated (not behind an `and` or `or` that may stop before it, not inside a selector) is
evaluated once, into a local, before the statement; its places read the local. What is
repeated is found by its shape (its spans left out); the largest repeated expressions are
taken first, and nothing inside them is taken again."""
from __future__ import annotations

import json

from .compile import pure, source
from .selects import _bare  # an IR node without its spans
from ...compiler.ir_ops import sub_expressions

SHARE = [True]  # (a test's switch: off, every place evaluates its expression as written)
# forms worth a local: those that call or compute (a name or a number is read as cheaply as a local)
_WORTH = frozenset(("fn", "cmp", "bin", "neg", "not", "and", "or", "is", "ctx", "list"))


def _shape(e: dict) -> str:
    """The expression's shape: its text less the spans (two places of one expression differ by them)."""
    return json.dumps(_bare(e), sort_keys=True, default=str)


def _surely(e: dict, out: list) -> None:
    """The sub-expressions of `e` surely evaluated once `e` is (e itself first): only the first
    item of an `and` or `or`, nothing inside a selector."""
    out.append(e)
    kind = e.get("e")
    if kind == "select":
        return
    if kind in ("and", "or"):
        if e["items"]:
            _surely(e["items"][0], out)
        return
    for child in sub_expressions(e):
        if child is not None:
            _surely(child, out)


def shared_args(args: dict, space: dict, names, n: int) -> tuple[list[str], dict]:
    """(the lines evaluating each repeated expression into a local, the arguments with its places
    reading that local); no lines and `args` itself where nothing repeats or an argument is not pure."""
    values = [e for e in args.values() if e is not None]
    if not SHARE[0] or len(values) < 2 or not all(pure(e) for e in values):
        return [], args
    seen: dict[str, list] = {}
    for e in values:
        found: list = []
        _surely(e, found)
        for sub in found:
            if sub.get("e") in _WORTH:
                seen.setdefault(_shape(sub), []).append(sub)
    repeated = sorted((subs for subs in seen.values() if len(subs) > 1),
                      key=lambda subs: -len(_shape(subs[0])))
    if not repeated:
        return [], args
    lines, swap, covered = [], {}, set()  # id of a node taken -> the node reading its local; ids inside those
    for k, subs in enumerate(repeated):
        subs = [s for s in subs if id(s) not in covered]  # (those inside a larger one taken are read with it)
        if len(subs) < 2:
            continue
        key = f"var: shared {n}.{k}"  # (a name no game can write: it has spaces)
        code = source(subs[0], space, names)
        local = names.set(key)
        lines.append(f"{local} = {code}")
        for s in subs:
            swap[id(s)] = {"e": "var", "name": key[4:]}
            _cover(s, covered)
    if not lines:
        return [], args
    return lines, {k: _swapped(e, swap) for k, e in args.items()}


def _cover(e: dict, covered: set) -> None:
    covered.add(id(e))
    for c in sub_expressions(e):
        if c is not None:
            _cover(c, covered)


def _inside(e: dict, swap: dict) -> bool:
    """Whether a node taken (its id in `swap`) lies inside `e`: then `e` is not taken whole."""
    return any(id(c) in swap or _inside(c, swap) for c in sub_expressions(e) if c is not None)


def _swapped(e, swap: dict):
    """`e` with each node taken replaced by its local's reading (a copy where one is inside)."""
    if e is None or not isinstance(e, dict):
        return e
    if id(e) in swap:
        return swap[id(e)]
    if not any(id(c) in swap or _inside(c, swap) for c in sub_expressions(e) if c is not None):
        return e
    out = dict(e)
    for field, value in e.items():
        if isinstance(value, dict) and "e" in value:
            out[field] = _swapped(value, swap)
        elif isinstance(value, list):
            out[field] = [_swapped(v, swap) if isinstance(v, dict) and "e" in v else v for v in value]
        elif isinstance(value, dict):  # a map of expressions (a function's `args`)
            out[field] = {k: _swapped(v, swap) if isinstance(v, dict) and "e" in v else v for k, v in value.items()}
    return out
