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
from ...compiler.shorthand import lowered

_SHORT = {("op", n) for n, p in B.PRIMITIVES.items() if p.stands_for is not None}
_SHORT |= {("e", n) for n, p in B.FUNCTIONS.items() if p.stands_for is not None}
_SHORT |= {("e", n) for n, p in B.CONTEXT_NAMES.items() if p.stands_for is not None}


def _short(node: dict) -> bool:
    if node.get("op") == "primitive":
        return ("op", node.get("name")) in _SHORT
    return node.get("e") in ("fn", "ctx") and ("e", node.get("name")) in _SHORT


def says_shorthand(node) -> bool:
    """Whether a node of the IR (a component, a body, an expression) says a shorthand anywhere."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            stack.extend(n)
        elif isinstance(n, dict):
            if _short(n):
                return True
            stack.extend(v for v in n.values() if isinstance(v, (dict, list)))
    return False


def _lower(node, game: dict):
    """The node with every shorthand inside it lowered, in place where it can (a copy's)."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            node[i] = _lower(item, game)
        return node
    if not isinstance(node, dict):
        return node
    if _short(node):
        node = lowered(node, game)
    for key, value in node.items():
        if isinstance(value, (dict, list)):
            node[key] = _lower(value, game)
    return node


def lower_components(comps: list[dict], game: dict) -> list[dict]:
    """The components as the kernel plays them: each that says a shorthand, a lowered copy
    (its own dicts: the IR is not changed); the others as they are."""
    return [_lower(copy.deepcopy(c), game) if says_shorthand(c) else c for c in comps]
