"""The consistency checks of a Workspace after an edit: each per-component check runs over
the components the edit changed (through a view of the collection), its findings about
the others kept from the check before; the cross-set checks run over the whole
collection, from the per-component facts the Collection keeps (what a component uses, its
conditions, its walks) carried over for the components that did not change
(checks/incremental_collection.py).

A check is per-component when what it finds about a component depends on that component
(its children included) and on the collection's interface alone (the vocabulary, the box
manifests, the card types: compiler/incremental_interface.py), and, for some, on the
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

from collections.abc import Mapping
from dataclasses import dataclass

from ..incremental_interface import LEAF_KINDS
from . import CHECKS, Collection, Finding, present, run_one
from .incremental_collection import Memo, carry, carry_where, patched_collection
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
        self.callers: set[str] = set()  # the components whose calls reach a keyword built again
        self.rereads: list[dict] = []  # those of them the checks read again (their IR unchanged)

    def note(self, changed: set[str] | None, kinds: set[str], removed_irs: list[dict],
             callers: set[str] = frozenset()) -> None:
        """The graph pass built these top-level components again (None: every one); the IR of
        the ones it dropped (rebuilt or gone); the components (their qids, children's too)
        whose calls reach a keyword it built again."""
        if changed is None:
            self.dirty = None
        elif self.dirty is not None:
            self.dirty |= changed
        self.dirty_kinds |= kinds
        self.removed_irs.extend(removed_irs)
        self.callers |= callers

    def _callers(self, backend) -> None:
        """When a keyword's body changed in what a caller's checks read of it (its IR but its
        own text and source: `_as_called`), the components that call it (through other
        keywords too) are checked again as if they had changed (their IR is the same)."""
        callers, self.callers = self.callers, set()
        if self.dirty is None or not callers or self.col is None:
            return
        old = self.col
        edited = [q for q in self.dirty if q in old.keywords and q in backend.pieces]
        if all(_as_called(old.by_qid[q]) == _as_called(backend.pieces[q].ir) for q in edited):
            return
        top = _owner(old)
        for qid in callers:
            if qid in old.by_qid:
                t = top(qid)
                if t not in self.dirty:
                    self.dirty.add(t)
                    self.dirty_kinds.add(old.by_qid[t]["kind"])
                    self.rereads.append(old.by_qid[t])  # its IR the same: its walks kept, what it uses not

    def run(self, ir: dict, graph, backend):
        self._callers(backend)
        dirty = self.dirty if self.col is not None else None
        # the former top-level components of the changed qids (the old indexes are patched in place)
        self.prior = {} if dirty is None else {q: self.col.by_qid[q] for q in dirty
                                               if q in self.col.by_qid and self.col.parent.get(q) is None}
        col = None if dirty is None else patched_collection(self.col, ir, graph, self.parts, dirty, backend)
        if col is None:
            col = Collection(ir, graph, self.parts)
        if dirty is not None:
            carry(self.col, col, dirty, self.removed_irs, self.prior, self.rereads)
            carry_where(self.col, col, self.dirty_kinds)
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
                kept = self.found.get(code) if dirty is not None and "keyword" not in self.dirty_kinds else None
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
        self.dirty, self.dirty_kinds, self.removed_irs, self.rereads = set(), set(), [], []
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

def _as_called(keyword: dict) -> dict:
    """What the checks of a keyword's callers read of it: its IR but its own text and source
    (its words are checked on it alone: C303 reads a caller's keywords by their name)."""
    out = {k: v for k, v in keyword.items() if k != "source"}
    out["props"] = {k: v for k, v in keyword["props"].items() if k != "text"}
    return out


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
