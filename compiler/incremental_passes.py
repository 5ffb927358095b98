"""The effect graph, the IR and the consistency checks of a Workspace, kept per top-level
component between two checks, so that an edit rebuilds what it reaches and no more.

What a top-level component's graph nodes and IR are depends on its declaration (its
syntax tree: a file that did not change keeps its tree, see incremental_parse.ParseCache)
and on the declarations it can name: the collection's *interface* (incremental_interface.py).
While the interface is unchanged, a component whose syntax tree is the same object as at
the previous check keeps its graph nodes (`Piece`), its IR dict and its consistency
findings (checks/incremental.py); the others are built again, the networkx graph and the
IR's sorted node and edge lists patched (in place: the graph of a Workspace's result is
the next check's too; the IR's component dicts are shared between results, and nothing
may change them). An edit that changes the interface (a keyword, a box manifest, a new
id, a file added or removed) rebuilds everything, as a check from scratch does.

The model, name resolution and type checking keep their per-component results the same
way (incremental_model.py, incremental_front.py); the cross-set consistency checks run
over the whole collection, from the per-component facts the Collection keeps between
checks (checks/incremental.py, checks/incremental_collection.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mayhem import __version__
from mayhem.dsl import ast

from . import graph as graph_mod
from .graph import GraphBuilder
from .incremental_front import FrontEnd
from .incremental_interface import Interface
from .incremental_tables import KeywordCalls, Sorted
from .ir import IR_VERSION, Serializer


@dataclass(slots=True)
class Piece:
    """One top-level component's share of the graph and the IR."""

    decl: ast.Decl  # the declaration it was built from (kept alive: its nodes' ids key node_of)
    nodes: list  # (node id, attributes) of its own nodes (not the shared event nodes)
    node_of: dict  # id(syntax node) -> graph node id
    ir: dict | None = None  # its IR component, once serialized
    qids: list = field(default_factory=list)  # its qid and its children's, once serialized
    broken: frozenset = frozenset()  # the files that did not parse when it was built: built again when they change


class BackEnd:
    """The graph, IR and checks passes of a Workspace (pass_graph, pass_serialize,
    pass_consistency in driver's sense), with what they keep between checks."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.same = False  # the interface is the one of the previous check
        self.front = FrontEnd()
        self.interface = Interface()  # each file's share of the key, the files standing in
        self.pieces: dict[str, Piece] = {}
        self.reset_broken: frozenset = frozenset()  # the files that did not parse when everything was last built
        self.builder: GraphBuilder | None = None
        self.ir_nodes = Sorted()  # the IR's graph node dicts, by node id
        self.ir_edges = Sorted()  # its edge dicts, by (source, target)
        self.cycles: list = []  # the E501 findings of the keywords, while they stay the same
        self.changed: set[str] | None = None  # top-level qids built again by the latest check (None: all)
        self.removed: dict[str, Piece] = {}  # the pieces the latest check dropped
        from .checks.incremental import CheckCache
        self.checks = CheckCache()
        self.ir_components: Sorted | None = None  # the IR's components by qid (None: listed afresh)
        self.ir_dirty: dict = {}  # qid -> its Component to serialize again, or None (gone)
        self.ir_boxes: list = []
        self.built_broken: dict[str, str] = {}  # qid -> file of a piece built while a file did not parse
        self._cut: list = []  # the edges into the pieces dropped from other pieces' nodes (_drop)
        self._cut_nodes: set = set()  # the nodes of the pieces dropped

    def pass_model(self, c) -> None:
        key, self.changed_files = self.interface.key(c)
        # a file parsing again keeps its last share: what was built while it was broken is
        # built again (Kept.files, Piece.broken), the rest is kept
        self.same = key == self.key
        self.key = key
        self.front.pass_model(c, self.same)
        if self.same and self.front.models.fresh is None and any(
                self.interface.shares[n][1][1] == "whole" for n in self.changed_files if n in self.interface.shares):
            # a file of the interface changed, and not by file: its keywords' bodies (the key
            # holds their signatures alone) are seen by names, types, graph and checks as an
            # edit of the interface (the model kept per declaration holds either way)
            self.same = False

    def pass_resolve(self, c) -> None:
        self.front.pass_resolve(c, self.same, self.changed_files, frozenset(self.interface.stood_in))

    def pass_typecheck(self, c) -> None:
        self.front.pass_typecheck(c)

    # -- the graph -------------------------------------------------------------------------

    def pass_graph(self, c) -> None:
        front = self.front
        if (front.redone is not None and self.same and self.builder is not None
                and self.reset_broken.isdisjoint(self.changed_files)):
            self._patch_graph(c)
            return
        self.ir_components = None
        comps = sorted(c.model.top_level(), key=lambda x: x.qid)
        qids = [x.qid for x in comps]
        same = self.same and self.builder is not None and len(set(qids)) == len(qids)
        if len(set(qids)) != len(qids):
            self.key = None  # duplicate ids: nothing kept
        if not same or not self.reset_broken.isdisjoint(self.changed_files):
            # everything built while a file was broken is built again once it changes: the
            # pieces of the keywords too, whose nodes other pieces' edges point at (a piece
            # rebuilt alone would lose them)
            self._reset(c, comps)
            return
        gb = self.builder
        gb.res = c.resolution
        old, self.pieces = self.pieces, {}
        self.changed, self.removed = set(), {}
        for comp in comps:
            piece = old.pop(comp.qid, None)
            if piece is not None and piece.decl is comp.decl and piece.broken.isdisjoint(self.changed_files):
                self.pieces[comp.qid] = piece
                continue
            if piece is not None:
                self._drop(piece)
                self.removed[comp.qid] = piece
            piece, extra = self._build(c.resolution, comp)
            piece.broken = frozenset(self.interface.stood_in)
            self.pieces[comp.qid] = piece
            self._add(piece, extra)
            self.changed.add(comp.qid)
        for qid, piece in old.items():  # components no longer declared
            self._drop(piece)
            self.removed[qid] = piece
        self.built_broken = {comp.qid: comp.file for comp in comps if self.pieces[comp.qid].broken}
        self._cut, self._cut_nodes = [], set()  # leaf pieces: no other piece's edge goes into theirs
        kinds = {p.decl.kind for p in self.removed.values()} | {self.pieces[q].decl.kind for q in self.changed}
        self.checks.note(self.changed | set(self.removed), kinds,
                         [p.ir for p in self.removed.values() if p.ir is not None])
        for d in self.cycles:  # the keywords are part of the interface: their cycles are the same
            c.diagnostics.items.append(d)
        c.graph = gb

    def _patch_graph(self, c) -> None:
        """The graph by file (after the front end's by file): the pieces of the files whose
        syntax tree changed built again, every other piece kept without a look."""
        front, gb = self.front, self.builder
        gb.res = c.resolution
        self.changed, self.removed = set(), {}
        for name, old in front.models.gone.items():
            for comp in old.components:
                piece = self.pieces.pop(comp.qid, None)
                if piece is not None:
                    self._drop(piece)
                    self.removed[comp.qid] = piece
                self.ir_dirty[comp.qid] = None
        build = [comp for unit in front.models.fresh.values() for comp in unit.components]
        # the pieces built while a file now changed did not parse (Piece.broken): built again
        again = {q: f for q, f in self.built_broken.items() if q not in self.removed and q in self.pieces
                 and f not in front.models.fresh and not self.pieces[q].broken.isdisjoint(self.changed_files)}
        for qid, file in again.items():
            comp = next((x for x in c.model.units[file].components if x.qid == qid), None) \
                if file in c.model.units else None
            if comp is None:
                return self._reset(c, sorted(c.model.top_level(), key=lambda x: x.qid))
            piece = self.pieces.pop(qid)
            self._drop(piece)
            self.removed[qid] = piece
            build.append(comp)
        for comp in build:
            piece, extra = self._build(c.resolution, comp)
            piece.broken = frozenset(self.interface.stood_in)
            self.built_broken.pop(comp.qid, None)
            if piece.broken:
                self.built_broken[comp.qid] = comp.file
            self.pieces[comp.qid] = piece
            self._add(piece, extra)
            self.changed.add(comp.qid)
            self.ir_dirty[comp.qid] = comp
        callers = self._mend()
        kinds = {p.decl.kind for p in self.removed.values()} | {self.pieces[q].decl.kind for q in self.changed}
        self.checks.note(self.changed | set(self.removed), kinds,
                         [p.ir for p in self.removed.values() if p.ir is not None], callers)
        if "keyword" in kinds:  # a keyword's body edited: its calls may make a cycle, or end one
            before = len(c.diagnostics.items)
            calls = KeywordCalls(self.pieces, self.front.keywords)
            graph_mod._keyword_cycles(calls, calls, c.diagnostics)
            self.cycles = c.diagnostics.items[before:]
        else:
            c.diagnostics.items.extend(self.cycles)
        c.graph = gb

    def _mend(self) -> set[str]:
        """The edges that other pieces' nodes had into the pieces dropped (a call's into a
        keyword rebuilt: `_drop` cut them) put back where both ends are in the graph again;
        the components whose calls reach a keyword rebuilt (through other keywords too)."""
        g = self.builder.g
        cut, gone, self._cut, self._cut_nodes = self._cut, self._cut_nodes, [], set()
        callers: set[str] = set()
        todo = []
        for a, b, attrs in cut:  # (the IR's list of edges kept them)
            if a in gone or a not in g or b not in g or g.nodes[a].get("type") == "event":
                # its own piece was dropped too (and built again with its edges), or gone
                if not g.has_edge(a, b):
                    self.ir_edges.pop((a, b), None)
                continue
            g.add_edge(a, b, **attrs)
            if attrs["type"] == "calls":
                todo.append(a)
        while todo:
            owner = g.nodes[todo.pop()].get("component")
            if owner is None or owner in callers:
                continue
            callers.add(owner)
            piece = self.pieces.get(owner)
            if piece is not None and piece.decl.kind == "keyword":  # who calls it reads the body too
                for nid, _attrs in piece.nodes:
                    todo.extend(a for a, _b, t in g.in_edges(nid, data="type") if t == "calls")
        return callers

    def _reset(self, c, comps) -> None:
        """Everything built again, as a check from scratch does (one builder; each
        component's nodes noted as they are added)."""
        gb = self.builder = GraphBuilder(c.resolution)
        self.pieces, self.built_broken, self.ir_components = {}, {}, None
        self.reset_broken = frozenset(self.interface.stood_in)
        self._cut, self._cut_nodes = [], set()
        self.changed, self.removed = None, {}
        self.checks.note(None, set(), [])
        g = gb.g
        top_of: dict[str, str] = {}  # a component's qid (a child's too) -> its top-level component's
        node_of = gb.node_of
        for comp in comps:
            gb.node_of = {}  # the builder only writes it: each component's share apart
            gb.component(comp, None)
            if comp.qid in self.pieces:  # two components with one qid (an error): not kept
                self.builder, self.pieces = None, {}
                c.graph = graph_mod.build_graph(c.model, c.resolution, c.diagnostics)
                return
            top_of.update((part.qid, comp.qid) for part in comp.walk())
            self.pieces[comp.qid] = Piece(comp.decl, [], gb.node_of)
            node_of.update(gb.node_of)
        gb.node_of = node_of
        for nid, attrs in g.nodes(data=True):  # each node to the component that added it
            owner = top_of.get(attrs.get("component"))
            if owner is not None and attrs.get("type") != "event":
                self.pieces[owner].nodes.append((nid, attrs))
        before = len(c.diagnostics.items)
        graph_mod._keyword_cycles(gb, c.model, c.diagnostics)
        self.cycles = c.diagnostics.items[before:]
        self.ir_nodes = Sorted((nid, {"id": nid, **{k: v for k, v in sorted(data.items())}})
                               for nid, data in g.nodes(data=True))
        self.ir_edges = Sorted(((a, b), {"source": a, "target": b, "type": d["type"]}) for a, b, d in g.edges(data=True))
        c.graph = gb

    @staticmethod
    def _build(res, comp) -> tuple[Piece, list]:
        """A component's piece, built apart, and its edges."""
        part = GraphBuilder(res)
        part.component(comp, None)
        # a keyword call's edge goes to the keyword's node, which its own piece adds; the
        # event nodes are shared (the graph keeps one while an edge touches it)
        nodes = [(nid, attrs) for nid, attrs in part.g.nodes(data=True) if attrs.get("type") not in (None, "event")]
        events = [(nid, attrs) for nid, attrs in part.g.nodes(data=True) if attrs.get("type") == "event"]
        return Piece(comp.decl, nodes, part.node_of), events + [(a, b, d) for a, b, d in part.g.edges(data=True)]

    def _add(self, piece: Piece, extra: list) -> None:
        """Put a piece built apart in the graph (`extra`: its event nodes, then its edges)."""
        gb = self.builder
        g = gb.g
        for item in extra:
            if len(item) == 2 and item[0] not in g:
                g.add_node(item[0], **item[1])
                self.ir_nodes[item[0]] = {"id": item[0], **{k: v for k, v in sorted(item[1].items())}}
        for nid, attrs in piece.nodes:
            g.add_node(nid, **attrs)
            self.ir_nodes[nid] = {"id": nid, **{k: v for k, v in sorted(attrs.items())}}
        for item in extra:
            if len(item) == 3:
                a, b, attrs = item
                g.add_edge(a, b, **attrs)
                self.ir_edges[(a, b)] = {"source": a, "target": b, "type": attrs["type"]}
        gb.node_of.update(piece.node_of)

    def _drop(self, piece: Piece) -> None:
        """Take a piece out of the graph, and the event nodes no edge touches any more (the
        edges other pieces' nodes had into it noted: _mend puts them back)."""
        gb = self.builder
        g = gb.g
        events = set()
        mine = {nid for nid, _attrs in piece.nodes}
        self._cut_nodes |= mine
        for nid, _attrs in piece.nodes:
            if nid not in g:
                continue
            cut = [(a, b, attrs) for a, b, attrs in g.in_edges(nid, data=True) if a not in mine]
            self._cut.extend(cut)
            for a, b in [(a, b) for a, b in g.in_edges(nid) if a in mine] + list(g.out_edges(nid)):
                self.ir_edges.pop((a, b), None)
                for end in (a, b):
                    if g.nodes[end].get("type") == "event":
                        events.add(end)
            g.remove_node(nid)
            self.ir_nodes.pop(nid, None)
        for nid in events:
            if g.degree(nid) == 0:
                g.remove_node(nid)
                self.ir_nodes.pop(nid, None)
        for key in piece.node_of:
            gb.node_of.pop(key, None)

    # -- the IR ----------------------------------------------------------------------------

    def pass_serialize(self, c) -> None:
        if c.diagnostics.has_errors():
            return
        if self.builder is None:  # not kept (duplicate ids): as driver.pass_serialize
            from . import ir as ir_mod
            c.ir = ir_mod.to_ir(c.model, c.resolution, c.graph, generator=f"mayhem {__version__}")
            return
        ser = Serializer(c.resolution, c.graph)
        if self.ir_components is not None:  # by file: the components built again serialized
            for qid, comp in self.ir_dirty.items():
                if comp is None:
                    self.ir_components.pop(qid)
                    continue
                piece = self.pieces[qid]
                if piece.ir is None:
                    piece.ir = ser.component(comp)
                    piece.qids = _qids(piece.ir)
                self.ir_components[qid] = piece.ir
            components = self.ir_components.in_order()
        else:
            comps = sorted(c.model.top_level(), key=lambda x: x.qid)
            components = []
            for comp in comps:
                piece = self.pieces[comp.qid]
                if piece.ir is None:
                    piece.ir = ser.component(comp)
                    piece.qids = _qids(piece.ir)
                components.append(piece.ir)
            self.ir_components = Sorted((x["qid"], x) for x in components)
            self.ir_boxes = sorted(x.id for x in comps if x.kind == "box")
        self.ir_dirty = {}
        c.ir = {
            "ir_version": IR_VERSION,
            "generator": f"mayhem {__version__}",
            "files": sorted(c.model.units),
            "boxes": list(self.ir_boxes),
            "components": components,
            "graph": {"nodes": self.ir_nodes.in_order(), "edges": self.ir_edges.in_order()},
        }

    # -- the consistency checks ------------------------------------------------------------

    def pass_consistency(self, c) -> None:
        if c.ir is None:
            return
        shown, c.silenced = self.checks.run(c.ir, c.graph.g, self)
        c.diagnostics.items.extend(shown)

    @property
    def passes(self) -> tuple:
        from . import driver
        return (driver.pass_load, self.pass_model, self.pass_resolve, self.pass_typecheck,
                self.pass_graph, self.pass_serialize, self.pass_consistency)


def _qids(comp: dict) -> list[str]:
    out = [comp["qid"]]
    for child in comp["children"]:
        out.extend(_qids(child))
    return out
