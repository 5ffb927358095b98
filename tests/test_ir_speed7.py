"""The effect graph written straight into networkx's dicts (compiler/graph.py, flush) and the
IR's node dicts built once per shape (compiler/ir.py): the same graph and the same IR as the
public calls build, over the real content and a keyword called before it is declared."""
from __future__ import annotations

from pathlib import Path

import networkx as nx

from mayhem.compiler import driver, graph as graph_mod, ir as ir_mod

REPO = Path(__file__).resolve().parent.parent


class PublicBuilder(graph_mod.GraphBuilder):
    """The reference: the builder as it was, each node and edge given to networkx at once by
    add_node and add_edge (an edge to a node not yet added adds it there)."""

    def add(self, nid, type_, label, span, owner, **attrs):
        self.g.add_node(nid, type=type_, label=label, span=graph_mod.span_text(span) if span else None,
                        component=owner, **attrs)
        return nid

    def edge(self, a, b, type_):
        self.g.add_edge(a, b, type=type_)

    def event(self, name):
        nid = f"event:{name}"
        if nid not in self.g:
            known = graph_mod.mayhem_events.events(self.res).get(name)  # the shared game's declaration
            doc = known.doc if known is not None else ""
            self.g.add_node(nid, type="event", label=name, span=None, component=None, doc=doc)
        return nid

    def flush(self):
        assert not self._nodes and not self._edges


def _layout(g: nx.DiGraph) -> tuple:
    """Everything whose order a pass may see: nodes with their data, each node's successors
    and predecessors with their edge data, in order."""
    return (list(g.nodes(data=True)),
            [(n, list(g.succ[n].items()), list(g.pred[n].items())) for n in g])


def _both(c) -> tuple[nx.DiGraph, nx.DiGraph]:
    fast = graph_mod.build_graph(c.model, c.resolution, type(c.diagnostics)())
    ref = PublicBuilder(c.resolution)
    for comp in sorted(c.model.top_level(), key=lambda x: x.qid):
        ref.component(comp, None)
    return fast.g, ref.g


def test_graph_written_directly_is_the_graph_networkx_builds(compiled):
    fast, ref = _both(compiled)
    assert len(fast) > 1000
    assert _layout(fast) == _layout(ref)
    # the edge's data is one dict seen from both ends, as networkx shares it
    a, b = next(iter(fast.edges()))
    assert fast.succ[a][b] is fast.pred[b][a]


def test_node_named_by_an_edge_before_it_is_added():
    """keyword-params: combo calls strike and plus-damage, which come after it by qid, so
    the call edges name their nodes before the keywords add them."""
    c = driver.check([REPO / "tests" / "fixtures" / "compile" / "keyword-params"])
    fast, ref = _both(c)
    order = list(fast)
    later = [b for a, b, d in fast.edges(data=True)
             if d["type"] == "calls" and order.index(b) == order.index(a) + 1]
    assert later, "a keyword's node first named by a call edge"
    assert fast.nodes[later[0]]["type"] == "component"  # its attributes filled in when it is added
    assert _layout(fast) == _layout(ref)


def test_ir_nodes_keep_their_key_order(compiled):
    """The IR's graph nodes: "id" first, then the attributes sorted, as before."""
    doc = ir_mod.to_ir(compiled.model, compiled.resolution, compiled.graph, generator="t")
    for node in doc["graph"]["nodes"]:
        keys = list(node)
        assert keys[0] == "id" and keys[1:] == sorted(keys[1:])
    data = dict(compiled.graph.g.nodes(data=True))
    assert [n["id"] for n in doc["graph"]["nodes"]] == sorted(data)
    assert all({k: v for k, v in n.items() if k != "id"} == data[n["id"]] for n in doc["graph"]["nodes"])
