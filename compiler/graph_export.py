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


def component_subgraph(g: nx.DiGraph, root: str) -> nx.DiGraph:
    """The component, everything it contains, the keywords it calls (their own graphs
    included) and the events its effects set off."""
    keep = {root}
    stack = [root]
    while stack:
        node = stack.pop()
        for _, succ, data in g.out_edges(node, data=True):
            if data["type"] in FOLLOW and succ not in keep:
                keep.add(succ)
                if g.nodes[succ].get("type") != "event":
                    stack.append(succ)
    return g.subgraph(keep).copy()


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
