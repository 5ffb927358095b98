"""The registry of the IR's statement ops and expression forms, with the walks and dispatch every walker uses.

The compiler (compiler/ir.py) emits only what is registered here, and the schema
(compiler/schema/) allows only that; each walker (the runtime's interpreter, the
bots, the text rendering, the checks, the site) dispatches on these names and says
which it handles and which it ignores, so a new op cannot be forgotten by one of
them (tests/test_runtime_ir_ops.py):

>>> sorted(STATEMENTS)[:4]
['as', 'choose', 'for-each', 'if']
>>> STATEMENTS["if"].bodies, STATEMENTS["if"].exprs
(('then', 'else'), ('cond',))
>>> stmt = {"op": "if", "cond": {"e": "bool", "v": True}, "then": [{"op": "let", "name": "n",
...         "value": {"e": "num", "v": 1}}], "else": []}
>>> [s["op"] for s in walk_statements([stmt])], [e["e"] for e in walk_expressions(stmt)]
(['if', 'let'], ['bool'])
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator


@dataclass(frozen=True)
class Form:
    """One statement op or expression form and where its children are."""

    name: str
    doc: str
    bodies: tuple[str, ...] = ()  # fields holding a list of statements
    options: bool = False  # a list of {label, body} (choose one)
    exprs: tuple[str, ...] = ()  # fields holding one expression (or None)
    expr_lists: tuple[str, ...] = ()  # fields holding a list of expressions
    expr_maps: tuple[str, ...] = ()  # fields holding {name: expression} (arguments)

    @property
    def leaf(self) -> bool:
        """An expression form without sub-expressions (a value or a name)."""
        return not (self.exprs or self.expr_lists or self.expr_maps or self.bodies or self.options)


STATEMENTS: dict[str, Form] = {f.name: f for f in (
    Form("primitive", "a runtime primitive with its bound arguments", expr_maps=("args",)),
    Form("keyword", "a call of a DSL keyword with its bound arguments", expr_maps=("args",)),
    Form("may", "an optional block the controller takes or leaves", bodies=("body",)),
    Form("choose", "one of several labelled blocks", options=True),
    Form("if", "a condition, then a block, else a block", bodies=("then", "else"), exprs=("cond",)),
    Form("repeat", "a block run N times", bodies=("body",), exprs=("count",)),
    Form("let", "a local name bound to a value", exprs=("value",)),
    Form("for-each", "a block run for each item of a list", bodies=("body",), exprs=("source",)),
    Form("as", "a block run as another figure's Team", bodies=("body",), exprs=("who",)),
    Form("until", "triggers that last until an event", bodies=("body",)),
    Form("trigger", "a block run when an event happens (and its condition holds)", bodies=("body",),
         exprs=("when",)),
)}

_NAMES = ("ctx", "event", "var", "param", "it", "token", "tag", "icon", "relation", "component", "none",
          "unresolved", "zone", "counter", "property")  # the last three: names of a kernel game's declarations
EXPRESSIONS: dict[str, Form] = {f.name: f for f in (
    Form("num", "a number"),
    Form("str", "a string"),
    Form("bool", "true or false"),
    *(Form(n, f"a name resolved as a {n}") for n in _NAMES),
    Form("list", "a list of expressions", expr_lists=("items",)),
    Form("fn", "a call of a runtime function with its bound arguments", expr_maps=("args",)),
    Form("bin", "arithmetic: l + r, l - r, l * r", exprs=("l", "r")),
    Form("neg", "minus x", exprs=("x",)),
    Form("cmp", "a comparison: ==, !=, <, <=, >, >=", exprs=("l", "r")),
    Form("is", "a figure test: l is (not) r", exprs=("l", "r")),
    Form("and", "all of the items", expr_lists=("items",)),
    Form("or", "any of the items", expr_lists=("items",)),
    Form("not", "not x", exprs=("x",)),
    Form("select", "a selector: quantifier, count, kind, place, condition", exprs=("count", "in", "where")),
)}

# the fields of a statement that hold statements, not expressions
STATEMENT_FIELDS = frozenset({b for f in STATEMENTS.values() for b in f.bodies} | {"options"})


def child_bodies(stmt: dict) -> list[list]:
    """The statement lists directly inside a statement, in order (a `choose`'s options' bodies);
    none for an op the registry does not hold (a hand-made IR's: a walker's dispatch, or the
    kernel's load, runtime/kernel/compile_check.py, says it)."""
    form = STATEMENTS.get(stmt["op"])
    if form is None:
        return []
    out = [stmt[b] for b in form.bodies if isinstance(stmt.get(b), list)]
    if form.options:
        out.extend(o["body"] for o in stmt.get("options") or [])
    return out


def walk_statements(body: list, max_depth: int = 30) -> Iterator[dict]:
    """Every statement of a body and of the bodies inside it, depth first, in order."""
    yield from _walk(body, 0, max_depth)


def _walk(body: list, depth: int, max_depth: int) -> Iterator[dict]:
    for s in body:
        yield s
        if depth <= max_depth:
            for inner in child_bodies(s):
                yield from _walk(inner, depth + 1, max_depth)


def sub_expressions(node: dict) -> list[dict]:
    """The expressions directly inside a statement or an expression (not inside its bodies);
    none for an op or form the registry does not hold (as child_bodies)."""
    form = STATEMENTS.get(node["op"]) if "op" in node and "e" not in node else EXPRESSIONS.get(node["e"])
    if form is None:
        return []
    out = [node[k] for k in form.exprs if isinstance(node.get(k), dict)]
    for k in form.expr_lists:
        out.extend(v for v in node.get(k) or [] if isinstance(v, dict))
    for k in form.expr_maps:
        out.extend(v for v in (node.get(k) or {}).values() if isinstance(v, dict))
    return out


def walk_expressions(node: dict, max_depth: int = 60) -> Iterator[dict]:
    """Every expression under a statement (not in its bodies) or an expression, itself first."""
    stack = [(node, 0)]
    while stack:
        n, depth = stack.pop()
        if "e" in n:
            yield n
        if depth < max_depth:
            stack.extend((c, depth + 1) for c in reversed(sub_expressions(n)))


def component_bodies(comp: dict) -> Iterator[list]:
    """The statement lists a compiled component holds itself (not its children's): each
    effect slot's body, then its triggers (a hand-made component may leave either out)."""
    for eff in (comp.get("effects") or {}).values():
        yield eff["body"]
    yield comp.get("triggers") or []


def ir_statements(components: list[dict]) -> Iterator[dict]:
    """Every statement of compiled components and their children, at any depth: effect slots,
    triggers, keyword bodies, and the bodies inside them."""
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        for body in component_bodies(comp):
            yield from walk_statements(body)
        stack.extend(reversed(comp.get("children") or ()))


def ir_expressions(components: list[dict]) -> Iterator[dict]:
    """Every expression of compiled components and their children: those of their statements,
    their effect slots' `when` conditions and their parameters' defaults."""
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        for eff in (comp.get("effects") or {}).values():
            if eff.get("when"):
                yield from walk_expressions(eff["when"])
            for s in walk_statements(eff["body"]):
                yield from walk_expressions(s)
        for s in walk_statements(comp.get("triggers") or []):
            yield from walk_expressions(s)
        for param in comp.get("params") or ():
            if param.get("default"):
                yield from walk_expressions(param["default"])
        stack.extend(reversed(comp.get("children") or ()))


REF_FORMS = frozenset({"token", "tag", "icon", "component"})  # expression forms that name a component


def named_refs(subtree, *, keywords: bool = False) -> set[str]:
    """The tokens, tags, icons and components named anywhere in an IR subtree (not inside
    `children`); with `keywords`, also the keywords its statements call."""
    out: set[str] = set()
    stack = [subtree]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if v.get("e") in REF_FORMS and "name" in v:
                out.add(v["name"])
            if keywords and v.get("op") == "keyword":
                out.add(v["keyword"])
            stack.extend(w for k, w in v.items() if k != "children")
        elif isinstance(v, list):
            stack.extend(v)
    return out


def dispatch(owner: type, prefix: str, forms: dict[str, Form], *, ignores: Iterable[str] = (),
             also: dict[str, Callable] | None = None) -> dict[str, Callable]:
    """A walker's dispatch table: each form handled by `owner`'s method PREFIX + name (dashes as
    underscores), or by `also`; a form neither handled nor in `ignores` is an error, and so
    is a method for no form, so that a walker and the registry cannot drift apart."""
    ignores = set(ignores)
    table, missing = {}, []
    for name in forms:
        method = getattr(owner, prefix + name.replace("-", "_"), None)
        if also and name in also:
            method = also[name]
        if method is not None:
            table[name] = method
        elif name not in ignores:
            missing.append(name)
    stale = [m for m in dir(owner) if m.startswith(prefix) and m[len(prefix):].replace("_", "-") not in forms]
    if missing or stale or ignores - set(forms) or ignores & set(table):
        raise TypeError(f"{owner.__name__}: no handler for {missing}, handlers for no form {stale}, "
                        f"ignored but unknown or handled {sorted(ignores - set(forms) | ignores & set(table))}")
    return table


@dataclass(frozen=True)
class Walker:
    """What one walker of the IR does with each form: handled, or ignored on purpose."""

    name: str
    forms: dict[str, Form]
    handles: frozenset[str]
    ignores: frozenset[str] = frozenset()


WALKERS: list[Walker] = []


def register_walker(name: str, forms: dict[str, Form], handles: Iterable[str], ignores: Iterable[str] = ()) -> None:
    """Declare a walker, so the test holds it to every registered form."""
    WALKERS.append(Walker(name, forms, frozenset(handles), frozenset(ignores)))
