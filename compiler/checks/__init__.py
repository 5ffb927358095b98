"""Cross-set consistency checks: named checks over the whole compiled collection, run by
`mayhem check` after the compiler's own errors.

Each check has a code (C1xx manifest, C2xx names, C3xx vocabulary, C4xx effect graph,
C5xx cross-box, C6xx Free-For-All, C7xx board, C8xx card games), a severity, documentation for
`mayhem explain`, and can be silenced on one component with
`silence "CODE" "reason"`."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
import re
from typing import Callable

import networkx as nx

from mayhem.dsl.diagnostics import Diagnostic, Related, did_you_mean
from mayhem.dsl.spans import Span

from mayhem.compiler.applicability import Applicability
from mayhem.compiler.ir_ops import STATEMENT_FIELDS, child_bodies


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: str
    family: str
    doc: str
    example: str
    fix: str
    run: Callable


CHECKS: dict[str, Check] = {}


def register(fn: Callable, code: str, name: str, severity: str, family: str, doc: str, example: str = "",
             fix: str = "") -> None:
    """Register `fn(col, emit)` as check `code`. Called after the function, not as a decorator:
    mutmut does not mutate decorated functions, so a decorator would leave the checks' bodies
    out of the mutation score (bench/mutation.py; tests/test_mutation.py keeps it so)."""
    if code in CHECKS:
        raise ValueError(f"check {code} is registered twice ({CHECKS[code].run.__qualname__}, {fn.__qualname__})")
    CHECKS[code] = Check(code, name, severity, family, doc, example, fix, fn)


def span_of(text: str | None) -> Span | None:
    if not text:
        return None
    m = re.match(r"^(.*):(\d+):(\d+)-(\d+):(\d+)$", text)
    if not m:
        return None
    return Span(m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)))


@dataclass
class Finding:
    code: str
    message: str
    qid: str | None  # the component it is about (for `silence`)
    span: Span | None
    hint: str | None = None
    related: list[Related] = field(default_factory=list)


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

    def stmts(self, body: list, depth: int = 0):
        for s in body:
            yield s
            if depth > 30:
                continue
            for inner in child_bodies(s):  # the registry says where a statement's bodies are
                yield from self.stmts(inner, depth + 1)

    def exprs(self, node, depth: int = 0):
        """Every expression under a statement or expression, in document order. The walk of
        a node is kept (by its identity, the node held with it so that no other object can
        take its id): the checks walk the same statements many times, and this walk was the
        largest single cost of the checks."""
        if depth:
            return _walk_exprs(node, depth)
        hit = self._exprs.get(id(node))
        if hit is None or hit[0] is not node:
            hit = (node, _walk_exprs(node, 0))
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


def _walk_exprs(node, depth: int) -> list[dict]:
    """The expressions under a node, preorder (a dict before what it holds, its values in
    order), not entering statement bodies and no deeper than 60 levels of dicts and lists."""
    out: list[dict] = []
    stack = [(node, depth)]
    pop, push = stack.pop, stack.append
    while stack:
        item, d = pop()
        if d > 60:
            continue
        if isinstance(item, dict):
            if "e" in item:
                out.append(item)
            below = [(v, d + 1) for k, v in item.items()
                     if k not in STATEMENT_FIELDS and isinstance(v, (dict, list))]
        elif isinstance(item, list):
            below = [(v, d + 1) for v in item]
        else:
            continue
        below.reverse()
        stack.extend(below)
    return out


def _silence_chain(col: Collection, qid: str) -> list[tuple[str, str]]:
    """[(code, reason)] a component silences, its parents' included."""
    chain = []
    q = qid
    while q is not None:
        for code, reason in col.prop(col.by_qid[q], "silence", []) or []:
            chain.append((code, reason))
        q = col.parent.get(q)
    return chain


def run_checks(ir: dict, graph: nx.DiGraph | None = None, only: set[str] | None = None):
    """Every check over the collection: (findings as Diagnostics, silenced findings with
    their reasons)."""
    col = Collection(ir, graph)
    findings: list[Finding] = []
    for code in sorted(CHECKS):
        if only and code not in only:
            continue
        findings.extend(run_one(col, code))
    return present(col, findings)


def run_one(col: Collection, code: str) -> list[Finding]:
    """What one check finds in a collection (compiler/checks/incremental.py runs a check over
    the components an edit changed, through a view of the collection)."""
    findings: list[Finding] = []

    def emit(message, qid=None, span=None, hint=None, related=(), _code=code):
        findings.append(Finding(_code, message, qid, span, hint, list(related)))

    CHECKS[code].run(col, emit)
    return findings


def present(col: Collection, findings: list[Finding]):
    """The findings as Diagnostics, those silenced on their component (or a parent of it)
    apart with the reason, and a C001 for each `silence` that names no check."""
    chains: dict[str, list[tuple[str, str]]] = {}
    shown: list[Diagnostic] = []
    silenced: list[tuple[Diagnostic, str]] = []
    unknown_silence: list[Diagnostic] = []
    for f in findings:
        # every finding carries a hint: its own, or the check's documented fix
        hint = f.hint or (f"{CHECKS[f.code].fix} (mayhem explain {f.code})" if CHECKS[f.code].fix
                          else f"mayhem explain {f.code}")
        d = Diagnostic(f.code, CHECKS[f.code].severity, f.message, f.span, hint, f.related)
        reason = None
        if f.qid and f.qid in col.by_qid:
            chain = chains.get(f.qid)
            if chain is None:
                chain = chains[f.qid] = _silence_chain(col, f.qid)
            reason = next((r for c, r in chain if c == f.code), None)
        if reason is not None:
            silenced.append((d, reason))
        else:
            shown.append(d)
    for comp in col.silencing:
        for code, _reason in col.prop(comp, "silence", []) or []:
            if code not in CHECKS:
                unknown_silence.append(Diagnostic(
                    "C001", "warning", f"'silence' names no check '{code}'", col.prop_span(comp, "silence"),
                    did_you_mean(code, CHECKS) or "`mayhem explain` lists every check"))
    return shown + unknown_silence, silenced


def _unknown_silence(col, emit):  # reported by run_checks itself
    return None


register(_unknown_silence, "C001", "unknown-silence", "warning", "checks",
         "A `silence` names a code that is no consistency check, so it silences nothing.",
         'silence "C999" "..."', 'silence "C303" "..."')


# The check families register themselves (register(...) after each function) when imported.
from . import board, crossbox, effect_graph, ffa, manifest, names, vocabulary  # noqa: E402,F401
from . import text  # noqa: E402,F401
from . import timing  # noqa: E402,F401
from . import conditions  # noqa: E402,F401
from . import placement  # noqa: E402,F401
from . import decks  # noqa: E402,F401
