"""Pass 5, graph: the effect graph (networkx DiGraph) of components, triggers, conditions,
effects, targets and events; and the errors only a whole graph shows."""
from __future__ import annotations

from dataclasses import fields

import networkx as nx

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, Related

from . import builtins as B
from . import mayhem_events
from .model import Component, Model
from .resolve import Resolution

# Node types: component, slot, trigger, effect, keyword-call, choice, condition,
# target, event. Edge types: contains, calls, emits, listens, condition, targets.


def span_text(span) -> str:
    return f"{span.file}:{span.line}:{span.col}-{span.end_line}:{span.end_col}"


class GraphBuilder:
    def __init__(self, res: Resolution) -> None:
        self.res = res
        self.g = nx.DiGraph()
        self.node_of: dict[int, str] = {}  # AST node id -> graph node id
        self._target_count: dict[str, int] = {}
        # A top-level component's nodes and edges are gathered here, in the order they are
        # met, then written into the graph's dict-of-dicts (flush). One add_node or add_edge
        # call per node and edge was two thirds of this pass, and networkx's bulk loaders
        # (add_nodes_from, add_edges_from) were no faster (a (node, attrs) pair goes through a
        # caught TypeError each). The graph comes out as those calls build it: its nodes,
        # and each node's successors and predecessors, in the same order (a node an edge names
        # before it is added, a keyword's, is noted where the edge names it, as add_edge adds
        # it there); tests/test_ir_speed7.py compares it with the loaders' graph.
        self._nodes: dict[str, dict] = {}
        self._edges: list[tuple[str, str, dict]] = []

    def add(self, nid: str, type_: str, label: str, span, owner: str, **attrs) -> str:
        data = {"type": type_, "label": label, "span": span_text(span) if span else None, "component": owner}
        if attrs:
            data.update(attrs)
        have = self._nodes.get(nid)
        if have is None:
            self._nodes[nid] = data
        else:  # added again: its attributes updated in place, as add_node does
            have.update(data)
        return nid

    def edge(self, a: str, b: str, type_: str) -> None:
        nodes = self._nodes
        if a not in nodes:
            nodes[a] = {}
        if b not in nodes:
            nodes[b] = {}
        self._edges.append((a, b, {"type": type_}))

    def flush(self) -> None:
        """Write what was gathered since the last flush into the graph. The layout written
        is the one networkx documents for a DiGraph (its "Subclasses (Advanced)" section):
        `_node` maps a node to its attribute dict, `_succ` and `_pred` map it to its
        successors' and predecessors' dicts, and an edge's attribute dict is shared by the
        two. Only a fresh graph's, or one this builder alone wrote, is written here."""
        g = self.g
        node, succ, pred = g._node, g._succ, g._pred
        for nid, data in self._nodes.items():
            have = node.get(nid)
            if have is None:
                node[nid] = data
                succ[nid] = {}
                pred[nid] = {}
            else:  # added again: its attributes updated in place, as add_node does
                have.update(data)
        for a, b, data in self._edges:
            out = succ[a]
            have = out.get(b)
            if have is None:
                out[b] = data
                pred[b][a] = data
            else:
                have.update(data)
        self._nodes = {}
        self._edges = []
        nx._clear_cache(g)  # what add_node and add_edge do after a change

    def keyword_calls(self):
        """(node id, owner, keyword called) of each keyword call, in the graph's order."""
        return [(nid, data["component"], data["keyword"]) for nid, data in self.g.nodes(data=True)
                if data.get("type") == "keyword-call"]

    def event(self, name: str) -> str:
        nid = f"event:{name}"
        if nid not in self._nodes and nid not in self.g:
            known = mayhem_events.events(self.res).get(name)  # the shared game's declaration
            doc = known.doc if known is not None else ""
            self._nodes[nid] = {"type": "event", "label": name, "span": None, "component": None, "doc": doc}
        return nid

    def component(self, comp: Component, parent: str | None) -> None:
        self._component(comp, parent)
        if parent is None:
            self.flush()

    def _component(self, comp: Component, parent: str | None) -> None:
        nid = self.add(comp.qid, "component", f"{comp.kind} {comp.name or comp.id}", comp.span, comp.qid,
                       kind=comp.kind)
        if parent is not None:
            self.edge(parent, nid, "contains")
        for name, slot in comp.slots.items():
            sid = self.add(f"{comp.qid}#{name}", "slot", name, slot.span, comp.qid)
            self.node_of[id(slot)] = sid
            self.edge(nid, sid, "contains")
            if slot.guard is not None:
                self.condition(slot.guard, sid, comp.qid, f"{sid}?")
            self.block(slot.body, sid, comp.qid, sid)
        for i, trig in enumerate(comp.triggers):
            self.trigger(trig, nid, comp.qid, f"{comp.qid}#on.{i}")
        for child in comp.children:
            if not mayhem_events.engine_event(child):  # the event nodes stand for them
                self._component(child, nid)

    def trigger(self, trig: ast.Trigger, parent: str, owner: str, nid: str) -> None:
        self.add(nid, "trigger", f"on {trig.event}", trig.span, owner, event=trig.event)
        self.node_of[id(trig)] = nid
        self.edge(parent, nid, "contains")
        if trig.event in mayhem_events.events(self.res):
            self.edge(self.event(trig.event), nid, "listens")
        if trig.cond is not None:
            self.condition(trig.cond, nid, owner, f"{nid}?")
        self.block(trig.body, nid, owner, nid)

    def condition(self, expr, parent: str, owner: str, nid: str) -> None:
        self.add(nid, "condition", "when", expr.span, owner)
        self.node_of[id(expr)] = nid
        self.edge(parent, nid, "condition")
        self.targets(expr, nid, owner)

    def targets(self, expr, parent: str, owner: str) -> None:
        for node in _selectors(expr):
            k = self._target_count.get(parent, 0)
            self._target_count[parent] = k + 1
            tid = f"{parent}>{k}"
            self.add(tid, "target", f"{node.quant} {node.kind}", node.span, owner, kind=node.kind)
            self.node_of[id(node)] = tid
            self.edge(parent, tid, "targets")

    def block(self, block: ast.Block, parent: str, owner: str, prefix: str) -> None:
        for i, stmt in enumerate(block.stmts):
            self.stmt(stmt, parent, owner, f"{prefix}.{i}")

    def stmt(self, stmt, parent: str, owner: str, nid: str) -> None:
        if isinstance(stmt, ast.Trigger):
            self.trigger(stmt, parent, owner, nid)
            return
        if isinstance(stmt, ast.Call):
            sym = self.res.of(stmt)
            if sym is not None and sym.kind == "keyword":
                self.add(nid, "keyword-call", stmt.name, stmt.span, owner, keyword=sym.name)
                self.edge(nid, sym.name, "calls")
            else:
                self.add(nid, "effect", stmt.name, stmt.span, owner, primitive=stmt.name)
                for ev in B.EMITS.get(stmt.name, ()):
                    self.edge(nid, self.event(ev), "emits")
            for arg in stmt.args:
                self.targets(arg.value, nid, owner)
        else:
            label = {ast.May: "may", ast.Choose: "choose one", ast.If: "if", ast.Repeat: "repeat",
                     ast.Let: f"let {getattr(stmt, 'name', '')}", ast.ForEach: "for each", ast.As: "as",
                     ast.Until: f"until {getattr(stmt, 'event', '')}"}[type(stmt)]
            self.add(nid, "choice" if isinstance(stmt, (ast.May, ast.Choose)) else "effect", label,
                     stmt.span, owner)
        self.node_of[id(stmt)] = nid
        self.edge(parent, nid, "contains")
        if isinstance(stmt, ast.May):
            self.block(stmt.body, nid, owner, nid)
        elif isinstance(stmt, ast.Choose):
            for k, opt in enumerate(stmt.options):
                oid = self.add(f"{nid}/{k}", "choice", opt.label, opt.span, owner)
                self.edge(nid, oid, "contains")
                self.block(opt.body, oid, owner, oid)
        elif isinstance(stmt, ast.If):
            self.condition(stmt.cond, nid, owner, f"{nid}?")
            self.block(stmt.then, nid, owner, f"{nid}.then")
            if isinstance(stmt.orelse, ast.Block):
                self.block(stmt.orelse, nid, owner, f"{nid}.else")
            elif stmt.orelse is not None:
                self.stmt(stmt.orelse, nid, owner, f"{nid}.else")
        elif isinstance(stmt, (ast.Repeat, ast.ForEach, ast.As, ast.Until)):
            for attr in ("count", "source", "who"):
                if hasattr(stmt, attr):
                    self.targets(getattr(stmt, attr), nid, owner)
            self.block(stmt.body, nid, owner, nid)
        elif isinstance(stmt, ast.Let):
            self.targets(stmt.value, nid, owner)


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}  # node class -> the fields that may hold nodes


def _selectors(expr) -> list:
    """The selectors in an expression, in the order of ast.Node.walk (depth first, left to
    right). Every argument of every effect is searched, so the fields of each node class
    are looked up once, not per node (the walk was most of this pass)."""
    found = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Selector):
            found.append(node)
        names = _NODE_FIELDS.get(type(node))
        if names is None:
            names = _NODE_FIELDS[type(node)] = tuple(f.name for f in fields(node) if f.name != "span")
        below = []
        for name in names:
            value = getattr(node, name)
            if isinstance(value, ast.Node):
                below.append(value)
            elif isinstance(value, list):
                below.extend(item for item in value if isinstance(item, ast.Node))
        below.reverse()
        stack.extend(below)
    return found


def build_graph(model: Model, res: Resolution, diags: Diagnostics) -> GraphBuilder:
    gb = GraphBuilder(res)
    for comp in sorted(model.top_level(), key=lambda c: c.qid):
        gb.component(comp, None)
    _keyword_cycles(gb, model, diags)
    return gb


_NODE = ("node", None, None)  # NodeIds: what it notes of a node that is not a keyword call
_LEAVES = (ast.Number, ast.String, ast.Name)  # expressions without a selector in them


class NodeIds(GraphBuilder):
    """What `mayhem check` needs of the graph pass: the graph's node ids of the syntax nodes
    (`node_of`, for the IR) and the keyword calls (E501), found by the same walk as the
    graph's without its nodes' attributes and edges (the consistency checks do not read the
    graph). The graph itself, `g`, is built on first use, by a GraphBuilder of its own."""

    def __init__(self, res: Resolution, model: Model) -> None:
        self.res = res
        self.node_of = {}
        self._target_count = {}
        self._model = model
        self._g: nx.DiGraph | None = None
        # node id -> (type, owner, keyword called): in the order the graph would first
        # name each node (no edge names a keyword call's node before it is added)
        self._seen: dict[str, tuple] = {}

    def add(self, nid: str, type_: str, label: str, span, owner: str, **attrs) -> str:
        self._seen[nid] = (type_, owner, attrs.get("keyword"))
        return nid

    # The walk of GraphBuilder with the same ids, without the labels and attributes it
    # would give add (tests/test_check_speed9.py: the same node_of and keyword calls).

    def _component(self, comp: Component, parent: str | None) -> None:
        qid = comp.qid
        seen, node_of = self._seen, self.node_of
        seen[qid] = _NODE
        for name, slot in comp.slots.items():
            sid = f"{qid}#{name}"
            seen[sid] = _NODE
            node_of[id(slot)] = sid
            if slot.guard is not None:
                self.condition(slot.guard, sid, qid, f"{sid}?")
            self.block(slot.body, sid, qid, sid)
        for i, trig in enumerate(comp.triggers):
            self.trigger(trig, qid, qid, f"{qid}#on.{i}")
        for child in comp.children:
            self._component(child, qid)

    def trigger(self, trig: ast.Trigger, parent: str, owner: str, nid: str) -> None:
        self._seen[nid] = _NODE
        self.node_of[id(trig)] = nid
        if trig.cond is not None:
            self.condition(trig.cond, nid, owner, f"{nid}?")
        self.block(trig.body, nid, owner, nid)

    def condition(self, expr, parent: str, owner: str, nid: str) -> None:
        self._seen[nid] = _NODE
        self.node_of[id(expr)] = nid
        self.targets(expr, nid, owner)

    def targets(self, expr, parent: str, owner: str) -> None:
        if expr.__class__ in _LEAVES:
            return
        for node in _selectors(expr):
            k = self._target_count.get(parent, 0)
            self._target_count[parent] = k + 1
            tid = f"{parent}>{k}"
            self._seen[tid] = _NODE
            self.node_of[id(node)] = tid

    def stmt(self, stmt, parent: str, owner: str, nid: str) -> None:
        kind = stmt.__class__
        if kind is ast.Call:
            sym = self.res.of(stmt)
            if sym is not None and sym.kind == "keyword":
                self._seen[nid] = ("keyword-call", owner, sym.name)
            else:
                self._seen[nid] = _NODE
            for arg in stmt.args:
                self.targets(arg.value, nid, owner)
            self.node_of[id(stmt)] = nid
            return
        if kind is ast.Trigger:
            self.trigger(stmt, parent, owner, nid)
            return
        self._seen[nid] = _NODE
        self.node_of[id(stmt)] = nid
        if kind is ast.May:
            self.block(stmt.body, nid, owner, nid)
        elif kind is ast.Choose:
            for k, opt in enumerate(stmt.options):
                oid = f"{nid}/{k}"
                self._seen[oid] = _NODE
                self.block(opt.body, oid, owner, oid)
        elif kind is ast.If:
            self.condition(stmt.cond, nid, owner, f"{nid}?")
            self.block(stmt.then, nid, owner, f"{nid}.then")
            if isinstance(stmt.orelse, ast.Block):
                self.block(stmt.orelse, nid, owner, f"{nid}.else")
            elif stmt.orelse is not None:
                self.stmt(stmt.orelse, nid, owner, f"{nid}.else")
        elif kind in (ast.Repeat, ast.ForEach, ast.As, ast.Until):
            for attr in ("count", "source", "who"):
                if hasattr(stmt, attr):
                    self.targets(getattr(stmt, attr), nid, owner)
            self.block(stmt.body, nid, owner, nid)
        elif kind is ast.Let:
            self.targets(stmt.value, nid, owner)

    def edge(self, a: str, b: str, type_: str) -> None:
        pass

    def event(self, name: str) -> str:
        return f"event:{name}"

    def flush(self) -> None:
        pass

    @property
    def built(self) -> bool:
        return self._g is not None

    @property
    def g(self) -> nx.DiGraph:
        if self._g is None:
            full = GraphBuilder(self.res)
            for comp in sorted(self._model.top_level(), key=lambda c: c.qid):
                full.component(comp, None)
            self._g = full.g
        return self._g

    def keyword_calls(self):
        return [(nid, owner, keyword) for nid, (type_, owner, keyword) in self._seen.items()
                if type_ == "keyword-call"]


def node_ids(model: Model, res: Resolution, diags: Diagnostics) -> NodeIds:
    """build_graph's node ids and errors, its graph left for later (NodeIds)."""
    ids = NodeIds(res, model)
    for comp in sorted(model.top_level(), key=lambda c: c.qid):
        ids.component(comp, None)
    _keyword_cycles(ids, model, diags)
    return ids


def _keyword_cycles(gb: GraphBuilder, model: Model, diags: Diagnostics) -> None:
    """A keyword that uses itself, directly or through others, never ends. Only the calls
    made inside keywords are looked at: a call edge goes to a keyword, so a cycle goes
    through keywords alone (the 13,000 calls of 10,000 cards' effects cannot be on one)."""
    keywords = {c.qid: c for c in model.components() if c.kind == "keyword"}
    calls = nx.DiGraph()
    for nid, owner, keyword in gb.keyword_calls():
        if owner in keywords:
            calls.add_edge(owner, keyword, site=nid)
    for cycle in sorted(nx.simple_cycles(calls), key=sorted):
        if not all(q in keywords for q in cycle):
            continue
        start = min(cycle)
        k = cycle.index(start)
        cycle = cycle[k:] + cycle[:k]
        first = keywords[cycle[0]]
        names = " -> ".join(keywords[q].id for q in cycle + [cycle[0]])
        diags.error("E501", f"keyword '{first.id}' uses itself: {names}", first.decl.id_span,
                    related=[Related(keywords[q].decl.id_span, f"'{keywords[q].id}' declared here")
                             for q in cycle[1:]],
                    hint="a keyword is expanded where it is used, so it may not use itself")
