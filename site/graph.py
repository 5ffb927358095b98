"""A component's effect graph as a Mermaid flowchart, rendered in the browser by the site's own Mermaid.

The subgraph is the compiler's (`component_subgraph`: the component, what it
contains, the keywords it calls, the events it sets off, the symbols its cards resolve). Labels come from
content, so every character that Mermaid or Markdown could read as syntax is
written as a Mermaid entity code (`#60;`), and newlines become spaces.
"""
from __future__ import annotations

import re

import networkx as nx

from mayhem.compiler.graph_export import component_subgraph

_SAFE = re.compile(r"[A-Za-z0-9 ,.:'/+()?!-]")
SHAPES = {"event": ('(("', '"))'), "condition": ('{"', '"}'), "trigger": ('{{"', '"}}'),
          "choice": ('(["', '"])'), "target": ('[/"', '"/]')}


def label(s: str) -> str:
    s = " ".join(str(s).split())
    return "".join(c if _SAFE.fullmatch(c) else f"#{ord(c)};" for c in s)


def mermaid(g: nx.DiGraph, root: str, ir: dict | None = None) -> str:
    """The flowchart of `root`'s subgraph, with node ids in sorted order (stable across builds);
    given the `ir`, its cards' symbols too (a Marvel Mayhem card's Attack 2)."""
    sub = component_subgraph(g, root, ir)
    ids = {n: f"n{i}" for i, n in enumerate(sorted(sub.nodes))}
    out = ["flowchart TD"]  # top to bottom: a long chain grows down the page, not past its edge
    for n in sorted(sub.nodes):
        d = sub.nodes[n]
        kind = d.get("type", "")
        text = label(f"{kind}: {d.get('label', n)}")
        left, right = SHAPES.get(kind, ('["', '"]'))
        out.append(f"  {ids[n]}{left}{text}{right}")
        if n == root:
            out.append(f"  style {ids[n]} stroke-width:3px")
    for a, b, d in sorted(sub.edges(data=True)):
        out.append(f"  {ids[a]} -->|{label(d['type'])}| {ids[b]}")
    return "\n".join(out)
