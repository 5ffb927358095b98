"""One component's effect graph, as text, DOT or Mermaid."""
from __future__ import annotations

import networkx as nx

FOLLOW = ("contains", "calls", "condition", "targets", "emits")


def find_component(g: nx.DiGraph, name: str) -> list[str]:
    """Components matching a qualified id, an id or a display name (case-insensitive)."""
    comps = [(n, d) for n, d in g.nodes(data=True) if d.get("type") == "component"]
    exact = [n for n, _ in comps if n == name]
    if exact:
        return exact
    low = name.lower()
    by_id = sorted(n for n, _ in comps if n.rsplit("/", 1)[-1].rsplit(":", 1)[-1] == low)
    if by_id:
        return by_id
    return sorted(n for n, d in comps if d["label"].split(" ", 1)[-1].lower() == low)


def component_subgraph(g: nx.DiGraph, root: str, ir: dict | None = None) -> nx.DiGraph:
    """The component, everything it contains, the keywords it calls (their own graphs
    included) and the events its effects set off. Given the `ir`, a card whose card type
    resolves symbols (with_symbols) shows them too."""
    sub = g.subgraph(_reach(g, [root])).copy()
    if ir is not None:
        with_symbols(g, sub, root, ir)
    return sub


def _reach(g: nx.DiGraph, roots: list[str]) -> set[str]:
    """The nodes reached from `roots` along FOLLOW edges (an event is reached, not walked)."""
    keep = set(roots)
    stack = list(roots)
    while stack:
        node = stack.pop()
        for _, succ, data in g.out_edges(node, data=True):
            if data["type"] in FOLLOW and succ not in keep:
                keep.add(succ)
                if g.nodes[succ].get("type") != "event":
                    stack.append(succ)
    return keep


def with_symbols(g: nx.DiGraph, sub: nx.DiGraph, root: str, ir: dict) -> None:
    """Add to `sub` the symbols of each card in it (`root`, or a deck's cards) whose card type
    resolves them (a Marvel Mayhem card's Attack 2: a property of the card that the card
    type's effect of the same name resolves, in its `resolve-order`): a `symbol` node per
    symbol the card prints above 0, each leading (`resolves`) to that effect and what it
    reaches. A card whose symbols are all it does has no effect of its own: without them its
    graph would be the card alone."""
    from .checks.collection import Collection
    from .checks.decks import card_types, symbols

    col = Collection(ir)
    types = card_types(col)
    if not types:
        return
    for qid in [n for n, d in sub.nodes(data=True) if d.get("type") == "component" and d.get("kind") in types]:
        card = col.by_qid.get(qid)
        if card is None:
            continue
        ct = types[card["kind"]]
        for i, name in enumerate(symbols(col, ct)):
            value = col.prop(card, name, 0)
            effect = f"{ct['qid']}#{name}"
            if not isinstance(value, int) or value <= 0 or effect not in g:
                continue
            nid = f"{qid}@{i}.{name}"  # (in resolve order: a node's edges are listed by id)
            sub.add_node(nid, type="symbol", label=f"{name} {value}", span=card["props"][name].get("span"),
                         component=qid)
            sub.add_edge(qid, nid, type="contains")
            if effect not in sub:
                reached = _reach(g, [effect])
                sub.add_nodes_from((n, g.nodes[n]) for n in reached)
                sub.add_edges_from(g.subgraph(reached).edges(data=True))
            sub.add_edge(nid, effect, type="resolves")


def _label(data: dict) -> str:
    return f"{data.get('type')}: {data.get('label')}"


def to_text(g: nx.DiGraph, root: str) -> str:
    lines: list[str] = []
    seen: set[str] = set()

    def walk(node: str, depth: int, via: str | None) -> None:
        data = g.nodes[node]
        arrow = f"[{via}] " if via and via != "contains" else ""
        # "file:line:col-end_line:end_col": the path may hold dashes, the end never does
        span = f"  ({data['span'].rsplit('-', 1)[0]})" if data.get("span") else ""
        lines.append("  " * depth + arrow + _label(data) + span)
        if node in seen:
            return
        seen.add(node)
        for _, succ, edata in sorted(g.out_edges(node, data=True), key=lambda e: e[1]):
            walk(succ, depth + 1, edata["type"])

    walk(root, 0, None)
    return "\n".join(lines)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(g: nx.DiGraph, root: str) -> str:
    ids = {n: f"n{i}" for i, n in enumerate(sorted(g.nodes))}
    shape = {"component": "box", "event": "ellipse", "condition": "diamond", "target": "parallelogram",
             "trigger": "hexagon", "choice": "octagon"}
    out = [f"digraph {_quote(root)} {{", "  rankdir=LR;"]
    for n in sorted(g.nodes):
        d = g.nodes[n]
        out.append(f"  {ids[n]} [label={_quote(_label(d))}, shape={shape.get(d['type'], 'box')}];")
    for a, b, d in sorted(g.edges(data=True)):
        out.append(f"  {ids[a]} -> {ids[b]} [label={_quote(d['type'])}];")
    out.append("}")
    return "\n".join(out)


def _mermaid_text(s: str) -> str:
    """Text inside a quoted Mermaid label: entity codes for what Mermaid would read."""
    s = " ".join(s.split())  # no line breaks inside a label
    s = s.replace("#", "#35;")
    return s.replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")


def to_mermaid(g: nx.DiGraph, root: str) -> str:
    ids = {n: f"n{i}" for i, n in enumerate(sorted(g.nodes))}
    out = ["flowchart LR"]
    for n in sorted(g.nodes):
        d = g.nodes[n]
        text = _mermaid_text(_label(d))
        if d["type"] == "event":
            out.append(f'  {ids[n]}(("{text}"))')
        elif d["type"] == "condition":
            out.append(f'  {ids[n]}{{"{text}"}}')
        else:
            out.append(f'  {ids[n]}["{text}"]')
    for a, b, d in sorted(g.edges(data=True)):
        out.append(f"  {ids[a]} -->|{d['type']}| {ids[b]}")
    return "\n".join(out)
