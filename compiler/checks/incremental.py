"""The consistency checks of a Workspace after an edit: each per-component check runs over
the components the edit changed (through a view of the collection), its findings about
the others kept from the check before; the cross-set checks run over the whole
collection, from the per-component facts the Collection keeps (what a component uses, its
conditions, its walks) carried over for the components that did not change.

A check is per-component when what it finds about a component depends on that component
(its children included) and on the collection's interface alone (the vocabulary, the box
manifests, the card types: compiler/incremental_passes.py), and, for some, on the
components of a few kinds (`context`: C402 reads the icons the box's Locations show):
a change to one of those runs the check over everything again.

A check is per-group (GROUPED) when its findings fall into groups of top-level components
that share a key, each group's findings depending on the group's members alone: C201 (a
box and a display name), C202 (a kind and a display name). After an edit it runs over the
groups of the changed components (their keys before the edit and after), through a view
whose `top` holds those groups' members; the other groups' findings are kept.

A check that counts over the whole collection (C101 the cards of each box, C102 the tokens
each box's components use, C302 the keywords called, C405 the unbounded triggers, C406 what
comes into play) reads it through a tally (checks/tally.py): each top-level component's
share, patched here for the changed ones, the conclusion drawn from the sums at every check
(and C108 the Mayhem cards of each box's decks). A check that reads the interface alone
(INTERFACE_ONLY: C301) keeps its findings while the interface is unchanged. Every other
check runs over everything at every check.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
import copy
from dataclasses import dataclass

from . import CHECKS, Collection, Finding, present, run_one
from .collection import _Part
from .names import BOX_KINDS


@dataclass(frozen=True, slots=True)
class PerComponent:
    iterates_kinds: bool = False  # it goes through of_kind(...) of the changed kinds, not by_qid/top
    context: frozenset = frozenset()  # kinds whose change makes it run over everything


_PLAIN = PerComponent()
PER_COMPONENT: dict[str, PerComponent] = {
    "C104": _PLAIN,  # impossible-life: a component's Life (a side's parent is in its component)
    "C303": _PLAIN, "C304": _PLAIN, "C305": _PLAIN, "C306": _PLAIN, "C307": _PLAIN,  # text vs effect
    "C401": PerComponent(context=frozenset({"location"})),  # no-target: the icons the Locations show
    "C402": PerComponent(context=frozenset({"location"})),  # never-holds: likewise
    "C403": _PLAIN, "C404": _PLAIN,  # an ability's slot and effects
    "C407": PerComponent(iterates_kinds=True),  # timing-vs-content: of_kind("mayhem-card")
    "C408": PerComponent(context=frozenset({"location"})),  # always-holds
    "C409": _PLAIN,  # never-lies-there: the tokens an effect places
    # competitive-needs, does-not-apply: what a character or card uses against what each board
    # offers (its pools: the box manifests; its Locations and their icons)
    "C501": PerComponent(iterates_kinds=True, context=frozenset({"location"})),
    "C502": PerComponent(context=frozenset({"location"})),
    "C601": PerComponent(iterates_kinds=True),  # ffa-card-refers: of_kind("mayhem-card")
    "C702": PerComponent(iterates_kinds=True),  # slots: of_kind("location")
    "C802": _PLAIN, "C803": _PLAIN, "C804": _PLAIN,  # a card's symbols and text (the card types: interface)
}


# The checks whose findings read the interface alone (top-level keywords and tokens: C301
# compares the definitions of one name): kept as they are while the interface is unchanged.
INTERFACE_ONLY = frozenset({"C301"})


def _name(comp: dict, fallback: str | None) -> str:
    return (comp["name"] or fallback or "").strip().lower()


@dataclass(frozen=True, slots=True)
class Grouped:
    key: object  # a top-level component -> its group's key, or None (in no group)
    order: object  # (group key, finding) -> where a full run puts the finding


GROUPED: dict[str, Grouped] = {
    # duplicate-name: the components of BOX_KINDS of one box, by display name; a full run
    # goes box by box, in qid order
    "C201": Grouped(lambda c: (c["box"], _name(c, None)) if c["kind"] in BOX_KINDS else None,
                    lambda key, f: (key[0], f.qid)),
    # same-name-across-boxes: those of every box, by kind and display name (Collection.by_display_name)
    "C202": Grouped(lambda c: (c["kind"], _name(c, c["id"])) if c["kind"] in BOX_KINDS and c["box"] else None,
                    lambda key, f: (key, f.qid)),
}


class _Some(Mapping):
    """`by_qid` of a view: every component looked up, the changed ones iterated (the whole
    table is the collection's, not copied)."""

    def __init__(self, full: dict, keep: list[str]) -> None:
        self._full = full
        self._keep = keep

    def __getitem__(self, qid):
        return self._full[qid]

    def get(self, qid, default=None):
        return self._full.get(qid, default)

    def __contains__(self, qid) -> bool:
        return qid in self._full

    def __iter__(self):
        return iter(self._keep)

    def __len__(self) -> int:
        return len(self._keep)

    def keys(self):
        return list(self._keep)

    def values(self):
        return [self._full[q] for q in self._keep]

    def items(self):
        return [(q, self._full[q]) for q in self._keep]


class View(Collection):
    """The collection as a per-component check sees it after an edit: lookups see every
    component; `top`, `by_qid`'s iteration and (for the checks that go by kind) `of_kind`
    of the leaf kinds see the changed components only. The per-component facts are the
    full collection's (computed once, shared)."""

    def __init__(self, col: Collection, tops: list[str], qids: list[str], by_kind: bool) -> None:  # noqa
        self.__dict__.update(col.__dict__)
        self.full = col
        self.top = [col.by_qid[q] for q in tops]
        self.by_qid = _Some(col.by_qid, qids)
        self._of_kind = {}
        self._kind_index = None
        self._restricted = by_kind

    @property
    def where(self):
        return self.full.where

    def of_kind(self, kind: str, box: str | None = None) -> list[dict]:
        from ..incremental_passes import LEAF_KINDS
        if self._restricted and kind in LEAF_KINDS:
            return Collection.of_kind(self, kind, box)
        return self.full.of_kind(kind, box)


class CheckCache:
    """What the checks found at the latest check, by check and by top-level component, and
    the components changed since (`note`, from the graph pass)."""

    def __init__(self) -> None:
        self.found: dict[str, dict[str, list[Finding]] | None] = {}
        self.groups: dict[str, dict[object, set[str]]] = {}  # a GROUPED check's groups: key -> qids
        self.dirty: set[str] | None = None  # top-level qids changed since the checks last ran; None: all
        self.dirty_kinds: set[str] = set()
        self.col: Collection | None = None
        self.removed_irs: list[dict] = []
        self.parts: dict = {}  # each top-level component's share of the Collection's indexes

    def note(self, changed: set[str] | None, kinds: set[str], removed_irs: list[dict]) -> None:
        """The graph pass built these top-level components again (None: every one); the IR of
        the ones it dropped (rebuilt or gone)."""
        if changed is None:
            self.dirty = None
        elif self.dirty is not None:
            self.dirty |= changed
        self.dirty_kinds |= kinds
        self.removed_irs.extend(removed_irs)

    def run(self, ir: dict, graph, backend):
        dirty = self.dirty if self.col is not None else None
        # the former top-level components of the changed qids (the old indexes are patched in place)
        self.prior = {} if dirty is None else {q: self.col.by_qid[q] for q in dirty
                                               if q in self.col.by_qid and self.col.parent.get(q) is None}
        col = None if dirty is None else _patched_collection(self.col, ir, graph, self.parts, dirty, backend)
        if col is None:
            col = Collection(ir, graph, self.parts)
        if dirty is not None:
            self._carry(self.col, col, dirty)
            self._carry_where(self.col, col)
        else:
            col.memo = Memo()
        findings: list[Finding] = []
        tops = sorted(q for q in (dirty or ()) if q in col.by_qid)
        qids = [q for top in tops for q in backend.pieces[top].qids]
        views: dict[bool, View] = {}
        for code in sorted(CHECKS):
            if code in GROUPED:
                findings.extend(self._grouped(col, code, dirty))
                continue
            if code in INTERFACE_ONLY:
                kept = self.found.get(code) if dirty is not None else None
                got = kept[None] if kept is not None else run_one(col, code)
                self.found[code] = {None: got}
                findings.extend(got)
                continue
            spec = PER_COMPONENT.get(code)
            kept = self.found.get(code)
            if spec is None or dirty is None or kept is None or spec.context & self.dirty_kinds:
                got = run_one(col, code)
                findings.extend(got)
                if spec is not None:
                    self.found[code] = _by_owner(col, got)
                continue
            view = views.get(spec.iterates_kinds)
            if view is None:
                view = views[spec.iterates_kinds] = View(col, tops, qids, spec.iterates_kinds)
            new = _by_owner(col, run_one(view, code))
            if new is None:  # a finding on no component: this check runs over everything
                got = run_one(col, code)
                findings.extend(got)
                self.found[code] = _by_owner(col, got)
                continue
            now = {q: f for q, f in kept.items() if q not in dirty}
            now.update((q, f) for q, f in new.items() if q in dirty)
            self.found[code] = now
            # a full run goes through the components in qid order: so do the kept findings
            findings.extend(sorted((f for fs in now.values() for f in fs), key=lambda f: f.qid))
        self.col = col
        self.dirty, self.dirty_kinds, self.removed_irs = set(), set(), []
        return present(col, findings)

    def _grouped(self, col: Collection, code: str, dirty: set[str] | None) -> list[Finding]:
        """A GROUPED check's findings: over the groups the changed components are (or were)
        in, the others' kept. The groups' members are kept too, patched for the changed
        components (a pass over the whole collection costs more than the check's work)."""
        spec = GROUPED[code]
        kept = self.found.get(code)
        if dirty is None or kept is None:
            touched, view = None, col
            groups: dict = {}
            for c in col.top:
                k = spec.key(c)
                if k is not None:
                    groups.setdefault(k, set()).add(c["qid"])
        else:
            groups = self.groups[code]
            touched = set()
            for c in list(self.prior.values()) + self.removed_irs:
                k = spec.key(c)
                touched.add(k)
                groups.get(k, set()).discard(c["qid"])
            for q in dirty:
                c = col.by_qid.get(q)
                if c is not None and col.parent.get(q) is None:
                    k = spec.key(c)
                    touched.add(k)
                    if k is not None:
                        groups.setdefault(k, set()).add(q)
            touched.discard(None)
            view = object.__new__(Collection)
            view.__dict__.update(col.__dict__)
            view.top = [col.by_qid[q] for q in sorted(q for k in touched for q in groups.get(k, ()))]
        self.groups[code] = groups
        new: dict = {}
        for f in run_one(view, code):
            new.setdefault(spec.key(col.by_qid[f.qid]), []).append(f)
        if touched is not None:
            new.update((k, fs) for k, fs in kept.items() if k not in touched)
        self.found[code] = new
        return sorted((f for fs in new.values() for f in fs),
                      key=lambda f: spec.order(spec.key(col.by_qid[f.qid]), f))

    def _carry_where(self, old: Collection, new: Collection) -> None:
        """What applies on which board (Collection.where) depends on the boxes, their pools,
        the tokens and the Locations; while those are the same objects, the earlier answers
        hold, and only its index of components is the new collection's."""
        where = old.__dict__.get("where")
        if where is None or "location" in self.dirty_kinds:
            return
        if new.boxes.keys() != where.boxes.keys() or any(new.boxes[b] is not where.boxes[b] for b in new.boxes):
            return
        if new.tokens.keys() != where.tokens.keys() or any(new.tokens[q] is not where.tokens[q] for q in new.tokens):
            return
        carried = copy.copy(where)
        carried.by_qid, carried.tokens = new.by_qid, new.tokens
        new.__dict__["where"] = carried

    def _carry(self, old: Collection, new: Collection, dirty: set[str]) -> None:
        """The per-component facts of the components that did not change, and every
        keyword's (the keywords are in the interface: unchanged): the old collection's
        tables, less what they hold about the components dropped since."""
        new._kw_uses = old._kw_uses
        new._uses, new.memo, exprs = old._uses, old.memo, old._exprs
        for comp in self.removed_irs:
            for c in _components(comp):
                new._uses.pop((c["qid"], True), None)
                new._uses.pop((c["qid"], False), None)
                for key in new.memo.keys_of(c["qid"]):
                    new.memo.pop(key, None)
            for node in _containers(comp):
                hit = exprs.get(id(node))
                if hit is not None and hit[0] is node:
                    del exprs[id(node)]
        new._exprs = exprs
        new._kind_index = _patched_kinds(old, new, dirty, self.prior)
        # the cross-set checks' tallies (checks/tally.py), patched for `dirty` when a check asks
        new.tallies = {name: t for name, t in old.tallies.items() if name in old.tallies_fresh}
        new.tallies_stale = set(dirty)


def _patched_collection(old: Collection, ir: dict, graph, parts: dict, dirty: set[str], backend) -> Collection | None:
    """The Collection of `ir` made from the previous one: its indexes by qid patched for the
    top-level components changed since (`dirty`), each one's share (_Part) made again, the
    others' kept; the indexes of the kinds few components have (keywords, tokens, the
    boxes, the silenced) listed again only when a changed component has some. None when
    the IR is not the one the pieces say (the Collection is made from scratch then)."""
    new_parts, old_parts = {}, {}
    for qid in dirty:
        piece = backend.pieces.get(qid)
        if piece is not None:
            if piece.ir is None:
                return None
            new_parts[qid] = _Part(piece.ir)
        if qid in parts:
            old_parts[qid] = parts[qid]
    col = Collection(dict(ir, components=[]), graph)  # every other attribute as a new one has it
    col.ir, col.top = ir, ir["components"]
    col.by_qid, col.parent = old.by_qid, old.parent  # patched in place: the old collection is done with
    for part in old_parts.values():
        for qid in part.by_qid:
            del col.by_qid[qid]
            del col.parent[qid]
    for part in new_parts.values():
        col.by_qid.update(part.by_qid)
        col.parent.update(part.parent)
    for qid in old_parts:
        del parts[qid]
    parts.update(new_parts)
    touched = list(old_parts.values()) + list(new_parts.values())
    if len(parts) != len(col.top):
        return None  # not the shares of this IR: from scratch
    col.keywords, col.tokens, col.silencing, col.boxes = old.keywords, old.tokens, old.silencing, old.boxes
    if any(p.keywords or p.tokens or p.silencing or p.comp["kind"] == "box" for p in touched):
        fresh = Collection(ir, graph, parts)  # rare (a leaf component that silences a check): as a new one
        col.keywords, col.tokens, col.silencing, col.boxes = fresh.keywords, fresh.tokens, fresh.silencing, fresh.boxes
    return col


def _patched_kinds(old: Collection, new: Collection, dirty: set[str], prior: dict) -> dict | None:
    """The old collection's index of top-level components by kind (and box), the changed
    ones taken out and put in again at their place (the lists are in qid order, as a
    Workspace's IR lists its components); None: the new collection indexes afresh."""
    index = old._kind_index
    if index is None:
        return None
    index = {key: list(comps) for key, comps in index.items()}  # the old collection's stays as it was

    def place(comp: dict):
        return (index.setdefault(comp["kind"], []), index.setdefault((comp["kind"], comp["box"]), []))

    for qid in dirty:
        comp = prior.get(qid)  # its former top-level component
        if comp is not None:
            for comps in place(comp):
                at = bisect_left(comps, qid, key=_qid)
                if at == len(comps) or comps[at] is not comp:
                    return None  # not in qid order: not patched
                del comps[at]
        comp = new.by_qid.get(qid)
        if comp is not None and new.parent.get(qid) is None:
            for comps in place(comp):
                comps.insert(bisect_left(comps, qid, key=_qid), comp)
    return index


def _qid(comp: dict) -> str:
    return comp["qid"]


class Memo(dict):
    """Collection.memo, whose keys (what, qid, ...) are also found by their qid."""

    def __init__(self) -> None:
        super().__init__()
        self._by_qid: dict[str, set] = {}

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        if isinstance(key, tuple) and len(key) > 1 and isinstance(key[1], str):
            self._by_qid.setdefault(key[1], set()).add(key)

    def keys_of(self, qid: str) -> set:
        return self._by_qid.pop(qid, set())


def _components(comp: dict):
    yield comp
    for child in comp["children"]:
        yield from _components(child)


def _owner(col: Collection):
    def top(qid: str) -> str | None:
        q = qid
        while True:
            up = col.parent.get(q)
            if up is None:
                return q
            q = up
    return top


def _by_owner(col: Collection, findings: list[Finding]) -> dict[str, list[Finding]] | None:
    """Findings by the top-level component they are about; None when one is about none."""
    top = _owner(col)
    out: dict[str, list[Finding]] = {}
    for f in findings:
        if f.qid is None or f.qid not in col.by_qid:
            return None
        out.setdefault(top(f.qid), []).append(f)
    return out


def _containers(node):
    """Every dict and list in an IR subtree."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            yield item
            stack.extend(v for v in item if isinstance(v, (dict, list)))
