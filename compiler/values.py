"""The value shapes of properties (`int`, `range`, `counts`, ...): checking a property's
values against its shape, and how a shape reads in an error message."""
from __future__ import annotations

import re

from mayhem.dsl import ast
from mayhem.dsl.schema import PropSpec

BAD = object()
_BAD = BAD
FACE = re.compile(r"[0-9]+\*?")


def example(p: PropSpec) -> str:
    examples = {"nested": "[[2], [2]]", "int": "3", "string": '"..."', "id": "name", "list": "[a, b]", "ints": "[3, 4, 3]",
                "strings": '["1", "2*"]', "range": "2..4", "counts": "black 2 white 2",
                "source": "authored", "once": "per turn", "flag": "", "signed": "+1", "ids": "name",
                "names": "[a, b]",
                "overrides": "rule ko-vp"}
    if p.shape.startswith(("enum:", "enums:")):
        return f"{p.name} {p.shape.split(':', 1)[1].split('|')[0]}"
    return f"{p.name} {examples.get(p.shape, '')}".strip()


def shape_text(shape: str) -> str:
    if shape.startswith("enum:"):
        return "one of: " + ", ".join(shape[5:].split("|"))
    if shape.startswith("enums:"):
        return "one or more of: " + ", ".join(shape[6:].split("|"))
    return {
        "flag": "no value", "int": "a number", "signed": "a number", "string": "a string", "id": "a name",
        "ids": "one or more names", "names": "a name or a [list] of names", "list": "a [list] of names",
        "ints": "a [list] of numbers",
        "strings": "a [list] of strings", "range": "a number or a range like 2..4",
        "nested": "a [list] of [lists] of numbers, like [[2], [2]]",
        "counts": "a number, or colours with numbers like `black 2 white 2`", "once": "per turn, per round or per game",
        "overrides": "a kind (counter, rule, zone) and an id, like `rule ko-vp`",
    }.get(shape, shape)


def shape(p: PropSpec, values: list):
    shape = p.shape
    names = all(isinstance(v, ast.Name) for v in values)
    if shape == "flag":
        return True if not values else _BAD
    if shape == "nested":
        if len(values) == 1 and isinstance(values[0], ast.ListExpr) and values[0].items and all(
                isinstance(row, ast.ListExpr) and row.items and all(isinstance(n, ast.Number) for n in row.items)
                for row in values[0].items):
            return [[n.value for n in row.items] for row in values[0].items]
        return _BAD
    if shape in ("int", "signed"):
        if len(values) == 1 and isinstance(values[0], ast.Number) and (shape == "signed" or values[0].value >= 0):
            return values[0].value
        return _BAD
    if shape == "string":
        return values[0].value if len(values) == 1 and isinstance(values[0], ast.String) else _BAD
    if shape == "id":
        return values[0].id if len(values) == 1 and isinstance(values[0], ast.Name) else _BAD
    if shape.startswith("enum:"):
        options = shape[5:].split("|")
        if len(values) == 1 and isinstance(values[0], ast.Name) and values[0].id in options:
            return values[0].id
        return _BAD
    if shape.startswith("enums:"):
        options = shape[6:].split("|")
        if values and names and all(v.id in options for v in values) and len({v.id for v in values}) == len(values):
            return [v.id for v in values]
        return _BAD
    if shape == "names":  # one name (kept as it is) or a [list] of them (kept as a list)
        if len(values) == 1 and isinstance(values[0], ast.Name):
            return values[0].id
        if len(values) == 1 and isinstance(values[0], ast.ListExpr) and values[0].items \
                and all(isinstance(i, ast.Name) for i in values[0].items):
            return [i.id for i in values[0].items]
        return _BAD
    if shape == "ids":
        return [v.id for v in values] if values and names else _BAD
    if shape in ("list", "ints", "strings"):
        if len(values) != 1 or not isinstance(values[0], ast.ListExpr):
            return _BAD
        items = values[0].items
        want = {"list": ast.Name, "ints": ast.Number, "strings": ast.String}[shape]
        if not all(isinstance(i, want) for i in items):
            return _BAD
        if shape == "list":
            return [i.id for i in items]
        return [i.value for i in items]
    if shape == "range":
        if len(values) == 1 and isinstance(values[0], ast.Range) and values[0].low <= values[0].high:
            return (values[0].low, values[0].high)
        if len(values) == 1 and isinstance(values[0], ast.Number):
            return (values[0].value, values[0].value)
        return _BAD
    if shape == "counts":
        if len(values) == 1 and isinstance(values[0], ast.Number):
            return {"count": values[0].value}
        if values and len(values) % 2 == 0:
            out = {}
            for colour, num in zip(values[::2], values[1::2]):
                # a Team's name (its colour): checked against the game's `team-names` (compiler/typecheck_teams.py)
                if not (isinstance(colour, ast.Name) and isinstance(num, ast.Number)):
                    return _BAD
                if colour.id in out:
                    return _BAD
                out[colour.id] = num.value
            return out
        return _BAD
    if shape == "once":
        if len(values) == 2 and names and values[0].id == "per" and values[1].id in ("turn", "round", "game"):
            return values[1].id
        return _BAD
    raise AssertionError(shape)  # pragma: no cover


