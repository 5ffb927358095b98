"""The values of the language's expressions as the rules kernel computes them (docs/language.md,
Expressions: `+ - *`, comparisons `== != < <= > >=`, `and`, `or`, `not`, lists): each IR
expression compiled by the kernel (runtime/kernel/compile.py) into a `let`, its value read back.
A missing value (`none`: a figure off the board, no such counter) counts as 0 in arithmetic and
in an order, as the Mayhem engine counted it (tests/test_runtime_effects.py before the engine
was deleted, December 4, 2026: the same cases)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from mayhem.runtime.kernel.compile_stmts import compiled_block
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.state import State

NONE = {"e": "none"}
TRUE, FALSE = {"e": "bool", "v": True}, {"e": "bool", "v": False}


def num(v: int | None) -> dict:
    return {"e": "num", "v": v} if v is not None else NONE


def value(expr: dict):
    """The value the kernel gives `expr`: `let x = EXPR` run in an empty game, `x` read."""
    env: dict = {}
    compiled_block([{"op": "let", "name": "x", "value": expr}])(Run(SimpleNamespace(rules=None, state=State(0)), []), env)
    return env["var:x"]


@pytest.mark.parametrize("op, l, r, expected", [
    ("+", 5, 3, 8), ("-", 5, 3, 2), ("*", 5, 3, 15), ("+", None, 3, 3), ("-", 4, None, 4), ("*", None, 3, 0),
])
def test_arithmetic(op, l, r, expected):
    assert value({"e": "bin", "op": op, "l": num(l), "r": num(r)}) == expected


def test_negation():
    assert value({"e": "neg", "x": num(4)}) == -4
    assert value({"e": "neg", "x": NONE}) == 0


@pytest.mark.parametrize("op, l, r, expected", [
    ("==", 3, 3, True), ("==", 3, 4, False), ("!=", 3, 4, True), ("!=", 3, 3, False),
    ("<", 2, 3, True), ("<", 3, 3, False), ("<=", 3, 3, True), ("<=", 4, 3, False),
    (">", 4, 3, True), (">", 3, 3, False), (">=", 3, 3, True), (">=", 2, 3, False),
    ("<", None, 1, True), (">", None, 0, False),
])
def test_comparisons(op, l, r, expected):
    assert value({"e": "cmp", "op": op, "l": num(l), "r": num(r)}) is expected


def test_logic_and_lists():
    assert value({"e": "and", "items": [TRUE, TRUE]}) is True
    assert value({"e": "and", "items": [TRUE, FALSE]}) is False
    assert value({"e": "and", "items": []}) is True
    assert value({"e": "or", "items": [FALSE, TRUE]}) is True
    assert value({"e": "or", "items": [FALSE, FALSE]}) is False
    assert value({"e": "or", "items": []}) is False
    assert value({"e": "not", "x": FALSE}) is True
    assert value({"e": "list", "items": [num(1), num(2)]}) == [1, 2]
    assert value({"e": "str", "v": "a"}) == "a" and value(NONE) is None
