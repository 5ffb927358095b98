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


# ---- a card's symbols (Marvel Mayhem) ------------------------------------------------------

def test_a_card_whose_symbols_are_all_it_does_shows_them(compiled):
    """Panther Strike is `attack 2` and nothing else: its graph shows the symbol and the card
    type's `attack` effect that resolves it (and what that effect calls), not the card alone."""
    g, root = compiled.graph.g, "marvel-mayhem/black-panther/panther-strike"
    assert set(component_subgraph(g, root).nodes) == {root}  # without the IR: the graph alone
    sub = component_subgraph(g, root, compiled.ir)
    symbols = [(n, d["label"]) for n, d in sub.nodes(data=True) if d["type"] == "symbol"]
    assert [label for _, label in symbols] == ["attack 2"]
    (nid, _), = symbols
    assert sub.nodes[nid]["span"].startswith("marvel-mayhem/black-panther.mh:21:")
    assert sub.edges[nid, "marvel-mayhem/marvel-card#attack"]["type"] == "resolves"
    assert "marvel-mayhem:keyword:shield-then-hurt" in sub  # reached from the attack effect
    assert "marvel-mayhem/marvel-card#healing" not in sub  # a symbol the card does not print
    text = to_text(sub, root).splitlines()
    assert text[1:3] == ["  symbol: attack 2  (marvel-mayhem/black-panther.mh:21:5)",
                         "    [resolves] slot: attack  (marvel-mayhem/game.mh:123:3)"]


def test_symbols_come_in_the_card_types_resolve_order(compiled):
    """Wakanda Forever! prints Healing 1 and Attack 1; "The order for completing a card with
    multiple actions is Healing, Attack, Draw & Play, Defense": so they are listed."""
    root = "marvel-mayhem/black-panther/wakanda-forever"
    text = to_text(component_subgraph(compiled.graph.g, root, compiled.ir), root)
    assert [line.strip().split("  (")[0] for line in text.splitlines() if line.startswith("  symbol")] == \
        ["symbol: healing 1", "symbol: attack 1"]


def test_a_decks_graph_shows_each_cards_symbols_and_a_mayhem_card_none(compiled):
    g, ir = compiled.graph.g, compiled.ir
    deck = component_subgraph(g, "marvel-mayhem/iron-man", ir)
    cards = {n for n, d in deck.nodes(data=True) if d.get("kind") == "marvel-card"}
    with_symbol = {d["component"] for _, d in deck.nodes(data=True) if d["type"] == "symbol"}
    assert with_symbol and with_symbol <= cards
    assert any(d["label"].startswith("draw-play ") for _, d in deck.nodes(data=True) if d["type"] == "symbol")
    robin = "teen-titans-go/robin"
    assert set(component_subgraph(g, robin, ir).nodes) == set(component_subgraph(g, robin).nodes)
