"""`mayhem check` builds only what it reads (issue #15, "Speed"): the graph pass finds the
graph's node ids and its errors without the graph (compiler/graph.py, NodeIds), and the IR's
lists of graph nodes and edges wait for their first use (compiler/driver.py,
Compilation.ir). Everything a check gives is what the passes before gave: the findings in the
same order with the same spans, hints and related places, the silenced ones, and the IR,
byte for byte; the graph, built when asked for, is the graph pass's.

The reference is the check as it ran before: driver.run with the compile's passes followed by
the consistency checks."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mayhem.compiler import driver, graph as graph_mod, ir as ir_mod
from mayhem.dsl.diagnostics import Diagnostics

from conftest import CONTENT, REPO

ERRORS = REPO / "tests" / "fixtures" / "errors"
BEFORE = driver.FRONT_PASSES + (driver.pass_serialize, driver.pass_consistency)


def _everything(c: driver.Compilation) -> tuple:
    diags = [(d.code, d.severity, d.message, str(d.span), d.hint, [(str(r.span), r.message) for r in d.related])
             for d in c.diagnostics.items]
    silenced = [(d.code, d.message, str(d.span), reason) for d, reason in c.silenced]
    return diags, silenced, ir_mod.dumps(c.ir) if c.ir is not None else None


def _layout(g) -> tuple:
    return (list(g.nodes(data=True)), [(n, list(g.succ[n].items()), list(g.pred[n].items())) for n in g])


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory) -> Path:
    sys.path.insert(0, str(REPO / "bench"))
    from synthetic import generate
    root = tmp_path_factory.mktemp("cards") / "content"
    generate(root, 300, 2)
    return root


def _roots(synthetic: Path) -> list[Path]:
    return [CONTENT, synthetic] + sorted(p for p in ERRORS.iterdir() if (p / "mayhem.toml").exists())


def test_a_check_gives_what_it_gave_with_the_whole_graph_and_ir(synthetic):
    roots = _roots(synthetic)
    assert len(roots) > 100
    cycles = 0
    for root in roots:
        before = driver.run([root], passes=BEFORE)
        now = driver.check([root])
        assert now.timings.keys() == before.timings.keys(), root
        assert (now.graph is None) == (before.graph is None), root  # a load that failed stops both
        assert now.graph is None or now.graph.built is False, root  # nothing in a check asked for the graph
        assert _everything(now) == _everything(before), root
        cycles += any(d.code == "E501" for d in now.diagnostics.items)
        if now.ir is not None:
            assert now.graph.built and "graph" in now.ir  # asked for: built, the lists added
            assert _layout(now.graph.g) == _layout(before.graph.g), root
    assert cycles  # the keyword cycles' fixture (E501) was among them


def test_node_ids_are_the_graph_builders(synthetic):
    for root in (CONTENT, synthetic, ERRORS / "E501"):
        c = driver.run([root], passes=driver.FRONT_PASSES)
        full = graph_mod.build_graph(c.model, c.resolution, Diagnostics())
        ids = graph_mod.node_ids(c.model, c.resolution, Diagnostics())
        assert len(ids.node_of) >= 4
        assert ids.node_of == full.node_of
        assert ids.keyword_calls() == full.keyword_calls()
        assert not ids.built


def test_keyword_calls_in_the_order_of_the_graph():
    c = driver.run([ERRORS / "E501"], passes=driver.FRONT_PASSES)
    ids = graph_mod.node_ids(c.model, c.resolution, Diagnostics())
    calls = ids.keyword_calls()
    assert [owner for _nid, owner, _kw in calls] == sorted(owner for _nid, owner, _kw in calls)
    assert {(owner.split(":")[-1], kw.split(":")[-1]) for _nid, owner, kw in calls} >= {("ping", "pong"),
                                                                                       ("pong", "ping")}
