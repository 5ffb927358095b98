"""Effect graphs exported for people (text) and for tools (DOT, Mermaid) stay well formed,
whatever the names in them."""
import networkx as nx

from mayhem.compiler.graph_export import component_subgraph, to_dot, to_mermaid, to_text


def hostile_graph():
    g = nx.DiGraph()
    g.add_node("box/x", type="component", label='card A "quoted" <b>#1</b>\nsecond line', span="x.mh:1:1-2:1",
               component="box/x")
    g.add_node("box/x#effect", type="slot", label="effect", span="x.mh:2:1-2:9", component="box/x")
    g.add_node("event:damage", type="event", label="damage", span=None, component=None)
    g.add_edge("box/x", "box/x#effect", type="contains")
    g.add_edge("box/x#effect", "event:damage", type="emits")
    return g


def test_mermaid_labels_cannot_break_out():
    out = to_mermaid(hostile_graph(), "box/x")
    lines = out.splitlines()
    assert lines[0] == "flowchart LR"
    label_line = next(l for l in lines if "card A" in l)
    inner = label_line.split('["', 1)[1].rsplit('"]', 1)[0]
    assert '"' not in inner and "<" not in inner and ">" not in inner and "\n" not in inner
    assert "#35;1" in inner and "#quot;quoted#quot;" in inner
    assert len(lines) == 1 + 3 + 2  # header, three nodes, two edges: nothing split a line


def test_dot_quotes_labels():
    out = to_dot(hostile_graph(), "box/x")
    assert out.startswith('digraph "box/x" {') and out.rstrip().endswith("}")
    assert '\\"quoted\\"' in out


def test_subgraph_follows_contains_and_emits():
    g = hostile_graph()
    g.add_node("other", type="component", label="other", span=None, component="other")
    sub = component_subgraph(g, "box/x")
    assert set(sub.nodes) == {"box/x", "box/x#effect", "event:damage"}
    text = to_text(sub, "box/x")
    assert "[emits] event: damage" in text


def test_text_spans_keep_dashes_in_the_path():
    """Issue 10, item 12: a span of `teen-titans-go/robin.mh` was cut at its first dash."""
    g = nx.DiGraph()
    g.add_node("teen-titans-go/robin", type="component", label="character Robin",
               span="teen-titans-go/robin.mh:3:1-40:2", component="teen-titans-go/robin")
    g.add_node("teen-titans-go/robin#effect", type="slot", label="effect",
               span="teen-titans-go/robin.mh:12:5-14:6", component="teen-titans-go/robin")
    g.add_edge("teen-titans-go/robin", "teen-titans-go/robin#effect", type="contains")
    assert to_text(g, "teen-titans-go/robin").splitlines() == [
        "component: character Robin  (teen-titans-go/robin.mh:3:1)",
        "  slot: effect  (teen-titans-go/robin.mh:12:5)",
    ]
