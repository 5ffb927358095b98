"""The compiled collection as the checks read it: its components indexed (by qid, kind and
box, a top-level component's share kept between checks by a Workspace), their effect bodies,
statements and expressions walked by the IR registry, and what each component's effects use."""
from __future__ import annotations

from functools import cached_property
import re

import networkx as nx

from mayhem.compiler.applicability import Applicability
from mayhem.compiler.ir_ops import walk_expressions, walk_statements
from mayhem.dsl.spans import Span


def span_of(text: str | None) -> Span | None:
    if not text:
        return None
    m = re.match(r"^(.*):(\d+):(\d+)-(\d+):(\d+)$", text)
    if not m:
        return None
    return Span(m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)))


class _Part:
    """One top-level component's share of a Collection's indexes (its qid and its children's)."""

    __slots__ = ("comp", "by_qid", "parent", "keywords", "tokens", "silencing")

    def __init__(self, comp: dict) -> None:
        self.comp = comp
        self.by_qid: dict[str, dict] = {}
        self.parent: dict[str, str | None] = {}

        def index(c: dict, parent: str | None) -> None:
            self.by_qid[c["qid"]] = c
            self.parent[c["qid"]] = parent
            for child in c["children"]:
                index(child, c["qid"])

        index(comp, None)
        self.keywords = {q: c for q, c in self.by_qid.items() if c["kind"] == "keyword"}
        self.tokens = {q: c for q, c in self.by_qid.items() if c["kind"] == "token"}
        self.silencing = [c for c in self.by_qid.values() if "silence" in c["props"]]


class Collection:
    """The compiled content as the checks read it."""

    def __init__(self, ir: dict, graph: nx.DiGraph | None = None, parts: dict | None = None) -> None:
        """`parts`: each top-level component's share of the indexes, kept by a Workspace
        between checks (by qid; a share is reused while its component is the same object)."""
        self.ir = ir
        self.graph = graph
        self.by_qid: dict[str, dict] = {}
        self.parent: dict[str, str | None] = {}
        self.top: list[dict] = ir["components"]
        self.keywords: dict[str, dict] = {}
        self.tokens: dict[str, dict] = {}
        self.silencing: list[dict] = []  # the components with a `silence`, in the collection's order
        kept = {} if parts is None else parts
        fresh = {}
        for comp in self.top:
            part = kept.get(comp["qid"])
            if part is None or part.comp is not comp:
                part = _Part(comp)
            fresh[comp["qid"]] = part
            self.by_qid.update(part.by_qid)
            self.parent.update(part.parent)
            if part.keywords:
                self.keywords.update(part.keywords)
            if part.tokens:
                self.tokens.update(part.tokens)
            if part.silencing:
                self.silencing.extend(part.silencing)
        if parts is not None:
            parts.clear()
            parts.update(fresh)
        # the Mayhem boxes; a box that names another `game` (Marvel Mayhem) has checks of its own
        self.boxes = {c["id"]: c for c in self.top if c["kind"] == "box" and "game" not in c["props"]}
        self._of_kind: dict[tuple[str, str | None], list[dict]] = {}
        self._kind_index: dict[str, list[dict]] | None = None
        self._uses: dict[tuple[str, bool], dict] = {}
        self._exprs: dict[int, tuple[object, list[dict]]] = {}
        self._kw_uses: dict[str, dict] = {}
        self._kw_busy: set[str] = set()
        self.memo: dict[tuple, object] = {}  # what the checks work out per component, for several of them
        self.tallies: dict[str, object] = {}  # what cross-set checks count, by check (checks/tally.py)
        self.tallies_fresh: set[str] = set()  # the tallies counted or patched for this collection
        self.tallies_stale: set[str] | None = None  # the components changed since the tallies carried over

    @cached_property
    def where(self) -> Applicability:
        """What applies on which board (Competitive Mode), shared with the site and the runtime."""
        return Applicability(self.ir)

    def of_kind(self, kind: str, box: str | None = None) -> list[dict]:
        # Checks ask this once per component and board; a scan of the whole collection
        # each time made the checks quadratic in the number of components.
        found = self._of_kind.get((kind, box))
        if found is None:
            if self._kind_index is None:  # one pass over the collection for every kind and box
                self._kind_index = index = {}
                for c in self.top:
                    key = c["kind"]
                    index.setdefault(key, []).append(c)
                    index.setdefault((key, c["box"]), []).append(c)
            found = self._kind_index.get(kind if box is None else (kind, box), [])
            self._of_kind[(kind, box)] = found
        return list(found)

    def by_display_name(self, kinds: tuple[str, ...], keep=lambda comp: True) -> dict[tuple[str, str], list[dict]]:
        """Top-level components of these kinds, grouped by (kind, display name in lower case)."""
        out: dict[tuple[str, str], list[dict]] = {}
        for comp in self.top:
            if comp["kind"] in kinds and keep(comp):
                key = (comp["kind"], (comp["name"] or comp["id"]).strip().lower())
                out.setdefault(key, []).append(comp)
        return {k: sorted(v, key=lambda c: c["qid"]) for k, v in sorted(out.items())}

    @staticmethod
    def prop(comp: dict, name: str, default=None):
        p = comp["props"].get(name)
        return p["value"] if p is not None else default

    @staticmethod
    def prop_span(comp: dict, name: str) -> Span | None:
        p = comp["props"].get(name)
        return span_of(p["span"]) if p is not None else span_of(comp["span"])

    def walk(self, comp: dict):
        yield comp
        for child in comp["children"]:
            yield from self.walk(child)

    def bodies(self, comp: dict):
        """(label, body, span) of every effect slot and trigger of a component (not its children)."""
        for name, eff in sorted(comp["effects"].items()):
            yield name, eff["body"], eff["span"]
        for trig in comp["triggers"]:
            yield f"on {trig['event']}", [trig], trig["span"]

    @staticmethod
    def stmts(body: list):
        """Every statement of a body and of the bodies inside it, by the registry's walk."""
        return walk_statements(body)

    def exprs(self, node) -> list[dict]:
        """Every expression under a statement (not in its bodies) or an expression, by the
        registry's walk (compiler/ir_ops.py). The walk of a node is kept (by its identity, the
        node held with it so that no other object can take its id): the checks walk the same
        statements many times, and this walk was the largest single cost of the checks."""
        hit = self._exprs.get(id(node))
        if hit is None or hit[0] is not node:
            hit = (node, list(walk_expressions(node)))
            self._exprs[id(node)] = hit
        return hit[1]

    def uses(self, comp: dict, *, children: bool = True) -> dict:
        """What a component's effects use, keywords followed: primitives, keywords, tokens,
        icons, components, selector kinds, context names, functions. Computed once per
        component (several checks ask, the cross-box ones once per board)."""
        key = (comp["qid"], children)
        if key not in self._uses:
            self._uses[key] = self._compute_uses(comp, children)
        return self._uses[key]

    def _compute_uses(self, comp: dict, children: bool) -> dict:
        try:
            return self._uses_of(comp, children, None)
        except _KeywordCycle:  # not in a compiled collection (E501); followed once per component
            return self._uses_of(comp, children, set())

    def _uses_of(self, comp: dict, children: bool, seen: set | None) -> dict:
        used = _no_uses()
        comps = list(self.walk(comp)) if children else [comp]
        for c in comps:
            for _label, body, _span in self.bodies(c):
                self._visit_uses(body, used, seen)
                for s in body:
                    if s["op"] == "trigger" and s.get("when"):
                        self._collect_uses(s["when"], used)
            for eff in c["effects"].values():
                if eff["when"]:
                    self._collect_uses(eff["when"], used)
        return used

    def _visit_uses(self, body: list, used: dict, seen: set | None) -> None:
        """`seen` None: a called keyword's uses come from _keyword_uses; else the keyword's
        bodies are visited here, once (the keywords already visited are in `seen`)."""
        for s in self.stmts(body):
            if s["op"] == "primitive":
                used["primitive"].add(s["name"])
            elif s["op"] == "keyword":
                qid = s["keyword"]
                used["keyword"].add(qid)
                if qid in self.keywords and seen is None:
                    for kind, names in self._keyword_uses(qid).items():
                        used[kind] |= names
                elif qid in self.keywords and qid not in seen:
                    seen.add(qid)
                    self._keyword_body_uses(qid, used, seen)
            self._collect_uses(s, used)

    def _keyword_uses(self, qid: str) -> dict:
        """What a keyword's bodies and parameter defaults use, the keywords they call followed:
        worked out once per keyword, not once per component that calls it."""
        hit = self._kw_uses.get(qid)
        if hit is None:
            if qid in self._kw_busy:
                raise _KeywordCycle(qid)
            self._kw_busy.add(qid)
            hit = _no_uses()
            self._keyword_body_uses(qid, hit, None)
            self._kw_busy.discard(qid)
            self._kw_uses[qid] = hit
        return hit

    def _keyword_body_uses(self, qid: str, used: dict, seen: set | None) -> None:
        kw = self.keywords[qid]
        for _l, kb, _s in self.bodies(kw):
            self._visit_uses(kb, used, seen)
        for p in kw.get("params", []):
            if p["default"] is not None:
                self._collect_uses(p["default"], used)

    def _collect_uses(self, node, used: dict) -> None:
        for e in self.exprs(node):
            kind = e["e"]
            if kind in ("token", "icon", "component", "ctx", "tag"):
                used[kind].add(e["name"])
            elif kind == "select":
                used["select"].add(e["kind"])
            elif kind == "fn":
                used["fn"].add(e["name"])


class _KeywordCycle(Exception):
    """A keyword that calls itself, directly or through others."""


def _no_uses() -> dict[str, set]:
    return {"primitive": set(), "keyword": set(), "token": set(), "icon": set(), "component": set(),
            "select": set(), "ctx": set(), "fn": set(), "tag": set()}
