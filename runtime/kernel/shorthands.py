"""The shared vocabulary's shorthand words lowered once, at load, to the kernel words they stand for.

A shorthand of compiler/builtins.py (`stands_for`) is a general word with some arguments given: a
counter's gain with its counter named, the face of the die the game's `effect-die` names
(compiler/shorthand.py, `lowered`, the table both runtimes read). The IR keeps the word as
written; a game whose components say a shorthand plays a lowered copy of them, so that the
kernel's compiler meets only its own words (and a game that says none is played from the IR
itself, unchanged)."""
from __future__ import annotations

import copy

from ...compiler import builtins as B
from ...compiler.ir_ops import ir_expressions, ir_statements
from ...compiler.shorthand import lowered

_SHORT = {("op", n) for n, p in B.PRIMITIVES.items() if p.stands_for is not None}
_SHORT |= {("e", n) for n, p in B.FUNCTIONS.items() if p.stands_for is not None}
_SHORT |= {("e", n) for n, p in B.CONTEXT_NAMES.items() if p.stands_for is not None}


def _short(node: dict) -> bool:
    if node.get("op") == "primitive":
        return ("op", node.get("name")) in _SHORT
    return node.get("e") in ("fn", "ctx") and ("e", node.get("name")) in _SHORT


def says_shorthand(comp: dict) -> bool:
    """Whether a component of the IR says a shorthand anywhere (its children too), in a statement
    or an expression, as the registry of IR ops walks them (compiler/ir_ops.py)."""
    return any(map(_short, ir_statements([comp]))) or any(map(_short, ir_expressions([comp])))


def _lower(comp: dict, game: dict) -> dict:
    """The component (a copy) with every shorthand inside it lowered in place: each statement,
    then each expression, the node's contents replaced by the lowered node's, so that the walk
    goes on under what the node has become."""
    for node in ir_statements([comp]):
        if _short(node):
            _replace(node, lowered(node, game))
    for node in ir_expressions([comp]):
        if _short(node):
            _replace(node, lowered(node, game))
    return comp


def _replace(node: dict, new: dict) -> None:
    if new is not node:
        node.clear()
        node.update(new)


def lower_components(comps: list[dict], game: dict) -> list[dict]:
    """The components as the kernel plays them: each that says a shorthand, a lowered copy
    (its own dicts: the IR is not changed); the others as they are."""
    return [_lower(copy.deepcopy(c), game) if says_shorthand(c) else c for c in comps]
