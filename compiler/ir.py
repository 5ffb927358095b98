"""Pass 6, serialize: the IR JSON document, validated against the shipped JSON Schema."""
from __future__ import annotations

from functools import lru_cache
import json
from operator import itemgetter
from pathlib import Path

import jsonschema_rs

from mayhem.dsl import ast

from . import builtins as B
from . import builtins_kernel as K
from . import kernel_events
from .graph import GraphBuilder, span_text
from .model import Component, Model
from .resolve import Resolution

IR_VERSION = "1.0"
SCHEMA_PATH = Path(__file__).with_name("schema") / "ir-1.0.schema.json"


class IRError(Exception):
    """An IR document does not match its schema."""


@lru_cache(maxsize=None)
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _validator():
    """The schema compiled by jsonschema-rs (a validator in Rust): validating the IR of
    10,000 cards with the `jsonschema` library took three quarters of the whole compile.
    The `jsonschema` library stays the reference the schema's own tests use."""
    return jsonschema_rs.validator_for(schema())


def validate(doc: dict) -> None:
    """Raise IRError with every schema violation (path and message)."""
    validator = _validator()
    if validator.is_valid(doc):
        return
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.instance_path)))
    if errors:
        lines = [f"/{'/'.join(map(str, e.instance_path))}: {e.message}" for e in errors[:20]]
        if len(errors) > 20:
            lines.append(f"... and {len(errors) - 20} more")
        raise IRError("the IR does not match its schema:\n" + "\n".join(lines))


def dumps(doc: dict) -> str:
    """Canonical bytes: sorted keys, fixed separators, a final newline."""
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, indent=1, separators=(",", ": ")) + "\n"


class Serializer:
    def __init__(self, res: Resolution, graph: GraphBuilder) -> None:
        self.res = res
        self.graph = graph

    def component(self, comp: Component) -> dict:
        out = {
            "qid": comp.qid,
            "kind": comp.kind,
            "id": comp.id,
            "name": comp.name,
            "scope": comp.scope,
            "box": comp.scope if not comp.scope.endswith(".mh") else None,
            "span": span_text(comp.span),
            "source": comp.source.to_json(),
            "props": {k: {"value": _plain(v.value), "source": v.source.to_json(), "span": span_text(v.span)}
                      for k, v in sorted(comp.props.items())},
            "effects": {},
            "triggers": [self.trigger(t) for t in comp.triggers],
            "children": [self.component(c) for c in comp.children],
        }
        for name, slot in sorted(comp.slots.items()):
            authored = name in (comp.prop("authored-effects") or [])
            out["effects"][name] = {
                "source": {"kind": "authored"} if authored else comp.source.to_json(),
                "node": self.graph.node_of.get(id(slot)),
                "when": self.expr(slot.guard) if slot.guard is not None else None,
                "body": self.block(slot.body),
                "span": span_text(slot.span),
            }
        if comp.kind == "event":  # a game's event: its fields and their types (`target = figure`)
            out["fields"] = [{"name": p.name, "type": kernel_events.field_type(p)} for p in comp.decl.params]
        if comp.kind in ("keyword", "action"):
            out["params"] = [{"name": p.name, "default": self.expr(p.default) if p.default is not None else None}
                             for p in comp.decl.params]
        return out

    def trigger(self, trig: ast.Trigger) -> dict:
        return {"op": "trigger", "event": trig.event, "node": self.graph.node_of.get(id(trig)),
                "when": self.expr(trig.cond) if trig.cond is not None else None,
                "body": self.block(trig.body), "span": span_text(trig.span)}

    def block(self, block: ast.Block) -> list:
        return [self.stmt(s) for s in block.stmts]

    def stmt(self, s) -> dict:
        node = self.graph.node_of.get(id(s))
        span = span_text(s.span)
        if isinstance(s, ast.Trigger):
            return self.trigger(s)
        if isinstance(s, ast.Call):
            sym = self.res.of(s)
            if sym is not None and sym.kind == "keyword":
                kw: Component = sym.target
                params = kw.decl.params
                args = self.bind(s.args, [p.name for p in params])
                for p in params:
                    if p.name not in args:
                        args[p.name] = self.expr(p.default) if p.default is not None else None
                return {"op": "keyword", "keyword": kw.qid, "name": kw.id, "args": args, "node": node, "span": span}
            prim = B.PRIMITIVES.get(s.name) or K.KERNEL_PRIMITIVES[s.name]
            args = self.bind(s.args, [p.name for p in prim.params])
            for p in prim.params:
                if p.name not in args:
                    args[p.name] = _default(p.default)
            return {"op": "primitive", "name": s.name, "args": args, "node": node, "span": span}
        if isinstance(s, ast.May):
            return {"op": "may", "label": s.label, "body": self.block(s.body), "node": node, "span": span}
        if isinstance(s, ast.Choose):
            return {"op": "choose", "node": node, "span": span,
                    "options": [{"label": o.label, "body": self.block(o.body), "span": span_text(o.span)}
                                for o in s.options]}
        if isinstance(s, ast.If):
            orelse = []
            if isinstance(s.orelse, ast.Block):
                orelse = self.block(s.orelse)
            elif s.orelse is not None:
                orelse = [self.stmt(s.orelse)]
            return {"op": "if", "cond": self.expr(s.cond), "then": self.block(s.then), "else": orelse,
                    "node": node, "span": span}
        if isinstance(s, ast.Repeat):
            return {"op": "repeat", "count": self.expr(s.count), "body": self.block(s.body), "node": node,
                    "span": span}
        if isinstance(s, ast.Let):
            return {"op": "let", "name": s.name, "value": self.expr(s.value), "node": node, "span": span}
        if isinstance(s, ast.ForEach):
            return {"op": "for-each", "var": s.var, "source": self.expr(s.source), "body": self.block(s.body),
                    "node": node, "span": span}
        if isinstance(s, ast.As):
            return {"op": "as", "who": self.expr(s.who), "body": self.block(s.body), "node": node, "span": span}
        if isinstance(s, ast.Until):
            return {"op": "until", "event": s.event, "body": self.block(s.body), "node": node, "span": span}
        raise AssertionError(type(s))  # pragma: no cover

    def bind(self, args: list[ast.Arg], names: list[str]) -> dict:
        out = {}
        for i, arg in enumerate(args):
            name = arg.name if arg.name is not None else (names[i] if i < len(names) else f"_{i}")
            out[name] = self.expr(arg.value)
        return out

    def expr(self, e) -> dict:
        span = span_text(e.span)
        if isinstance(e, ast.Number):
            return {"e": "num", "v": e.value, "span": span}
        if isinstance(e, ast.String):
            return {"e": "str", "v": e.value, "span": span}
        if isinstance(e, ast.Name):
            sym = self.res.of(e)
            kind = sym.kind if sym is not None else "unresolved"
            if kind in ("space", "die"):  # a space or a die kind of a game: its id, a string
                return {"e": "str", "v": sym.name, "span": span}
            ref = {"context": "ctx", "event": "event", "var": "var", "param": "param", "it": "it",
                   "token": "token", "tag": "tag", "icon": "icon", "relation": "relation",
                   "component": "component", "none": "none", "zone": "zone", "counter": "counter",
                   "property": "property"}.get(kind, "unresolved")
            name = sym.name if sym is not None else e.id
            return {"e": ref, "name": name, "span": span}
        if isinstance(e, ast.ListExpr):
            return {"e": "list", "items": [self.expr(i) for i in e.items], "span": span}
        if isinstance(e, ast.CallExpr):
            fn = B.FUNCTIONS.get(e.name) or K.KERNEL_FUNCTIONS.get(e.name)
            args = self.bind(e.args, [p.name for p in fn.params] if fn else [])
            if fn is not None:
                for p in fn.params:
                    if p.name not in args:
                        args[p.name] = _default(p.default)
            return {"e": "fn", "name": e.name, "args": args, "span": span}
        if isinstance(e, ast.BinOp):
            return {"e": "bin", "op": e.op, "l": self.expr(e.left), "r": self.expr(e.right), "span": span}
        if isinstance(e, ast.Neg):
            return {"e": "neg", "x": self.expr(e.operand), "span": span}
        if isinstance(e, ast.Compare):
            return {"e": "cmp", "op": e.op, "l": self.expr(e.left), "r": self.expr(e.right), "span": span}
        if isinstance(e, ast.Is):
            return {"e": "is", "l": self.expr(e.left), "r": self.expr(e.right), "negated": e.negated, "span": span}
        if isinstance(e, ast.BoolOp):
            return {"e": e.op, "items": [self.expr(i) for i in e.items], "span": span}
        if isinstance(e, ast.Not):
            return {"e": "not", "x": self.expr(e.operand), "span": span}
        if isinstance(e, ast.Selector):
            return {"e": "select", "quant": e.quant, "count": self.expr(e.count) if e.count is not None else None,
                    "kind": e.kind, "in": self.expr(e.place) if e.place is not None else None,
                    "where": self.expr(e.where) if e.where is not None else None,
                    "node": self.graph.node_of.get(id(e)), "span": span}
        raise AssertionError(type(e))  # pragma: no cover


def _default(value) -> dict | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return {"e": "bool", "v": value, "span": None}
    if isinstance(value, int):
        return {"e": "num", "v": value, "span": None}
    if isinstance(value, tuple):
        return {"e": "list", "items": [], "span": None}
    if isinstance(value, str):
        return {"e": "ctx", "name": value, "span": None}
    raise AssertionError(value)  # pragma: no cover


def _plain(value):
    if isinstance(value, tuple):
        return list(value)
    return value


def to_ir(model: Model, res: Resolution, graph: GraphBuilder, *, generator: str, graph_lists: bool = True) -> dict:
    """The IR document; without `graph_lists`, without its "graph" (for a check: see
    compiler.driver's Compilation.ir, which adds it on first use)."""
    ser = Serializer(res, graph)
    comps = sorted(model.top_level(), key=lambda c: c.qid)
    doc = {
        "ir_version": IR_VERSION,
        "generator": generator,
        "files": sorted(model.units),
        "boxes": sorted(c.id for c in comps if c.kind == "box"),
        "components": [ser.component(c) for c in comps],
    }
    if graph_lists:
        doc["graph"] = {"nodes": graph_nodes(graph.g), "edges": graph_edges(graph.g)}
    return doc


def graph_nodes(g) -> list[dict]:
    """The graph's nodes by id, each {"id", then its attributes by name}. The nodes come in a
    few shapes (the attribute names of a kind of node, in the order the graph builder adds
    them): each shape's key order and a getter of its values are made once, not a sort per
    node (72,000 nodes at 10,000 cards)."""
    shapes: dict[tuple, tuple] = {}
    out = []
    append = out.append
    attrs = g._node  # the graph's own dicts (graph.py, flush): networkx's views cost a generator each
    for nid in sorted(attrs):
        data = attrs[nid]
        shape = tuple(data)
        known = shapes.get(shape)
        if known is None:
            names = tuple(sorted(shape))
            get = itemgetter(*names) if len(names) > 1 else (lambda d, n=names: tuple(d[k] for k in n))
            known = shapes[shape] = (("id",) + names, get)
        keys, get = known
        append(dict(zip(keys, (nid,) + get(data))))
    return out


def graph_edges(g) -> list[dict]:
    """The graph's edges by (source, target): a DiGraph has one edge per pair."""
    return [{"source": a, "target": b, "type": t}
            for a, b, t in sorted((a, b, d["type"]) for a, succ in g._succ.items() for b, d in succ.items())]
