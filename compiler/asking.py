"""Which statements of an effect may stop to ask a player something: `may`, `choose one`, a
`one` or `up to` selector, a keyword whose effect does, and a primitive whose play may ask
(it asks itself, or raises an event whose listeners and Reactions may). The rules kernel
checks the game's `end when` at any moment, even in the middle of another question (after a
knock-out, a step, a card): that body must ask nothing (E412). The primitives are the
kernel's own tables (compiler/builtins_kernel.py); tests/test_end_asks.py holds them to what
runtime/kernel/asking.py judges."""
from __future__ import annotations

from mayhem.dsl import ast
from mayhem.dsl.spans import Span

from . import builtins as B
from .builtins_kernel import KERNEL_ASKING, KERNEL_RAISING

# the primitives, as the kernel plays them (a shorthand's word: `attack` is `assault`), whose
# play can stop with a question: those that ask, and those that raise an event of the game
ASKING_PRIMITIVES = KERNEL_ASKING | frozenset(KERNEL_RAISING)


def _played(name: str) -> str:
    """The primitive the runtime plays for this one: a shorthand's word (`roll-mayhem-die` is
    `roll`, compiler/shorthand.py), else itself."""
    prim = B.PRIMITIVES.get(name)
    return prim.stands_for.word if prim is not None and prim.stands_for is not None else name


def questions(block: ast.Block, res, seen: frozenset = frozenset()):
    """Each statement or expression of `block` that may ask a player, with why, outermost
    first (not what lies inside one that asks already). `res` resolves a call to its
    primitive or keyword."""
    stack: list[ast.Node] = [block]
    while stack:
        node = stack.pop()
        found = _asks(node, res, seen)
        if found is not None:
            yield found
        elif not isinstance(node, ast.Trigger):  # a trigger installed runs later, on its event
            stack.extend(reversed(list(node.children())))


def _asks(node: ast.Node, res, seen: frozenset) -> tuple[Span, str] | None:
    if isinstance(node, ast.May):
        return node.span, "'may' lets a player take it or leave it"
    if isinstance(node, ast.Choose):
        return node.span, "'choose one' asks a player which option"
    if isinstance(node, ast.Selector) and node.quant in ("one", "up-to"):
        return node.span, f"'{node.quant} {node.kind}' asks a player to pick"
    if isinstance(node, ast.Call):
        sym = res.of(node)
        if sym is not None and sym.kind == "primitive" and _played(node.name) in ASKING_PRIMITIVES:
            return node.name_span, f"'{node.name}' may ask a player (it asks, or its events' triggers may)"
        if sym is not None and sym.kind == "keyword" and sym.target.qid not in seen:
            slot = sym.target.slots.get("effect")
            inner = next(questions(slot.body, res, seen | {sym.target.qid}), None) if slot is not None else None
            if inner is not None:
                return node.name_span, f"keyword '{node.name}' may ask a player: {inner[1]}"
    return None
