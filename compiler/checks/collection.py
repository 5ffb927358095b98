"""The compiled collection as the checks read it: its components indexed (by qid, kind and
box, a top-level component's share kept between checks by a Workspace), their effect bodies,
statements and expressions walked by the IR registry, and what each component's effects use."""
from __future__ import annotations

from functools import cached_property
import re

import networkx as nx

from mayhem.compiler.applicability import Applicability
from mayhem.compiler.ir_ops import EXPRESSIONS, STATEMENTS
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
        self.keywords: dict[str, dict] = {}
        self.tokens: dict[str, dict] = {}
        self.silencing: list[dict] = []
        # one pass, depth first, a component before its children (the order of by_qid's
        # keys, of `silencing`, and of the keywords and tokens the others are merged from)
        stack = [(comp, None)]
        while stack:
            c, parent = stack.pop()
            qid = c["qid"]
            self.by_qid[qid] = c
            self.parent[qid] = parent
            kind = c["kind"]
            if kind == "keyword":
                self.keywords[qid] = c
            elif kind == "token":
                self.tokens[qid] = c
            if "silence" in c["props"]:
                self.silencing.append(c)
            children = c["children"]
            if children:
                stack.extend((child, qid) for child in reversed(children))


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
        self._stmts: dict[int, tuple[list, list[dict]]] = {}
        self._texted: dict[tuple, tuple[object, list]] = {}
        self._in_order: tuple[object, list] | None = None
        self._bodies: dict[int, tuple[dict, list]] = {}
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

    @cached_property
    def events(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """The Mayhem events as the IR carries them (the shared game's children of kind `event`):
        each one's (field, type) pairs by event; the toolchain's shipped ones where no shared game
        of the collection declares them (a box checked alone)."""
        from mayhem.compiler.mayhem_events import ir_events, shipped
        return {e.name: e.params for e in (ir_events(self.ir) or shipped()[0]).values()}

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
        """A component and its children, depth first, each before its children (one generator,
        not one per level)."""
        stack = [comp]
        while stack:
            c = stack.pop()
            yield c
            children = c["children"]
            if children:
                stack.extend(reversed(children))

    def bodies(self, comp: dict) -> list[tuple[str, list, str]] | tuple:
        """(label, body, span) of every effect slot and trigger of a component (not its
        children): listed once per component (kept by its identity, as the walks are; a
        trigger's one-statement body is the same list each time, so its walk is kept too)."""
        if not comp["effects"] and not comp["triggers"]:
            return ()  # (most children: nothing to list or keep)
        hit = self._bodies.get(id(comp))
        if hit is None or hit[0] is not comp:
            out = [(name, eff["body"], eff["span"]) for name, eff in sorted(comp["effects"].items())]
            out.extend((f"on {trig['event']}", [trig], trig["span"]) for trig in comp["triggers"])
            hit = (comp, out)
            self._bodies[id(comp)] = hit
        return hit[1]

    def stmts(self, body: list) -> list[dict]:
        """Every statement of a body and of the bodies inside it, as the registry's walk
        (compiler/ir_ops.walk_statements) gives them: kept by the body's identity, as exprs'
        walks are (a dozen checks walk the same bodies)."""
        hit = self._stmts.get(id(body))
        if hit is None or hit[0] is not body:
            out: list[dict] = []
            _walk_statements(body, 0, out)
            hit = (body, out)
            self._stmts[id(body)] = hit
        return hit[1]

    def exprs(self, node) -> list[dict]:
        """Every expression under a statement (not in its bodies) or an expression, as the
        registry's walk (compiler/ir_ops.walk_expressions) gives them. The walk of a node is
        kept (by its identity, the node held with it so that no other object can take its
        id): the checks walk the same statements many times, and this walk was the largest
        single cost of the checks."""
        hit = self._exprs.get(id(node))
        if hit is None or hit[0] is not node:
            out: list[dict] = []
            _walk_expressions(node, 0, out)
            hit = (node, out)
            self._exprs[id(node)] = hit
        return hit[1]

    def in_order(self) -> list[tuple[str, dict]]:
        """(qid, component) of every component, in qid order (`sorted(by_qid.items())`, which a
        dozen checks go through): sorted once per `by_qid` (a View of the collection has its own)."""
        hit = self._in_order
        if hit is None or hit[0] is not self.by_qid:
            hit = self._in_order = (self.by_qid, sorted(self.by_qid.items()))
        return hit[1]

    def texted(self, kinds) -> list[tuple[str, dict, str]]:
        """(qid, component, text) of the components of these kinds with a text, in qid order
        (four text checks go through them): worked out once per `by_qid` (a View of the
        collection has its own)."""
        key = (id(self.by_qid), tuple(kinds))
        hit = self._texted.get(key)
        if hit is None or hit[0] is not self.by_qid:
            kinds = set(kinds)
            out = []
            for qid, comp in self.in_order():
                if comp["kind"] in kinds:
                    p = comp["props"].get("text")
                    if p is not None and p["value"]:
                        out.append((qid, comp, p["value"]))
            hit = (self.by_qid, out)
            self._texted = {key: hit}
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
        stack = [comp]  # the component and (children) its children, as walk() gives them
        while stack:
            c = stack.pop()
            if c["effects"] or c["triggers"]:  # (most children have neither)
                # (a trigger's `when` is among its statement's expressions: the walk collects it)
                for _label, body, _span in self.bodies(c):
                    self._visit_uses(body, used, seen)
                for eff in c["effects"].values():
                    if eff["when"]:
                        self._collect_uses(eff["when"], used)
            if children and c["children"]:
                stack.extend(reversed(c["children"]))
        if seen is None and used["keyword"]:
            self._add_keyword_uses(used)
        return used

    def _visit_uses(self, body: list, used: dict, seen: set | None) -> None:
        """`seen` None: the keywords called are noted, and what they use is added once
        (_add_keyword_uses) when the component's (or keyword's) bodies are walked; else the
        keyword's bodies are visited here, once (the keywords already visited are in `seen`)."""
        primitives, keywords, select = used["primitive"], used["keyword"], used["select"]
        walked = self._exprs  # (exprs(s)'s look-up, written out: once per statement)
        for s in self.stmts(body):
            op = s["op"]
            if op == "primitive":
                primitives.add(s["name"])
            elif op == "keyword":
                qid = s["keyword"]
                keywords.add(qid)
                if seen is not None and qid in self.keywords and qid not in seen:
                    seen.add(qid)
                    self._keyword_body_uses(qid, used, seen)
            hit = walked.get(id(s))
            for e in (hit[1] if hit is not None and hit[0] is s else self.exprs(s)):
                # _collect_uses(s, used), written out (once per statement)
                kind = e["e"]
                if kind in _NAMED_USES:
                    used[kind].add(e["name"])
                elif kind == "select":
                    select.add(e["kind"])

    def _add_keyword_uses(self, used: dict) -> None:
        """What the keywords a walk noted use, their own calls followed (_keyword_uses is
        transitive: the keywords it adds need no visit of their own)."""
        for qid in [q for q in used["keyword"] if q in self.keywords]:
            for kind, names in self._keyword_uses(qid).items():
                if names:
                    used[kind] |= names

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
            self._add_keyword_uses(hit)
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
            if kind in _NAMED_USES:
                used[kind].add(e["name"])
            elif kind == "select":
                used["select"].add(e["kind"])


# The registry's walks (compiler/ir_ops.py), written out for the checks: the same nodes in the
# same order and to the same depths, without a generator per level or a Form looked up by
# attribute per node (the checks walk every statement and expression of a collection).
_BODIES = {op: (f.bodies, f.options) for op, f in STATEMENTS.items()}
_STMT_EXPRS = {op: (f.exprs, f.expr_lists, f.expr_maps) for op, f in STATEMENTS.items()}
_EXPR_EXPRS = {e: (f.exprs, f.expr_lists, f.expr_maps) for e, f in EXPRESSIONS.items()}
_MAX_STMT_DEPTH = 30  # walk_statements' max_depth
_MAX_EXPR_DEPTH = 60  # walk_expressions'


def _walk_statements(body: list, depth: int, out: list) -> None:
    for s in body:
        out.append(s)
        if depth <= _MAX_STMT_DEPTH:
            fields, options = _BODIES[s["op"]]
            for b in fields:
                inner = s.get(b)
                if isinstance(inner, list):
                    _walk_statements(inner, depth + 1, out)
            if options:
                for o in s.get("options") or []:
                    _walk_statements(o["body"], depth + 1, out)


def _walk_expressions(node: dict, depth: int, out: list) -> None:
    if "e" in node:
        out.append(node)
        fields, lists, maps = _EXPR_EXPRS[node["e"]]
    else:
        fields, lists, maps = _STMT_EXPRS[node["op"]]
    if depth >= _MAX_EXPR_DEPTH:
        return
    depth += 1
    # a leaf (a number, a name: most expressions) is listed here, without a call of its own
    for k in fields:
        v = node.get(k)
        if isinstance(v, dict):
            if v.get("e") in _LEAVES:
                out.append(v)
            else:
                _walk_expressions(v, depth, out)
    for k in lists:
        for v in node.get(k) or []:
            if isinstance(v, dict):
                if v.get("e") in _LEAVES:
                    out.append(v)
                else:
                    _walk_expressions(v, depth, out)
    for k in maps:
        for v in (node.get(k) or {}).values():
            if isinstance(v, dict):
                if v.get("e") in _LEAVES:
                    out.append(v)
                else:
                    _walk_expressions(v, depth, out)


_LEAVES = frozenset(e for e, (fields, lists, maps) in _EXPR_EXPRS.items() if not (fields or lists or maps))


_NAMED_USES = frozenset({"token", "icon", "component", "ctx", "tag", "fn"})  # a use by its `name`


class _KeywordCycle(Exception):
    """A keyword that calls itself, directly or through others."""


def _no_uses() -> dict[str, set]:
    return {"primitive": set(), "keyword": set(), "token": set(), "icon": set(), "component": set(),
            "select": set(), "ctx": set(), "fn": set(), "tag": set()}
