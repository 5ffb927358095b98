"""The comparison of two compiled versions of a content collection, component by component.

A matched pair is classified by what differs: its meaning (effects, props, triggers,
parameters), its wording (`text`), its id or name, its file or box, its provenance.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
import gc

from ..driver import GC_THRESHOLD

from .impact import applicability_changes, consequences, finding_changes, refs
from .meaning import Entry, flatten, match, meaning, provenance, wording
from .words import differences

# The kinds of change, in the order reports list them; the first five change meaning.
CHANGES = ("effect-changed", "both-changed", "added", "removed", "moved", "renamed", "text-changed",
           "source-changed")
SEMANTIC = frozenset({"effect-changed", "both-changed", "added", "removed"})
TITLES = {
    "effect-changed": "Effect changed, same text (check the wording!)",
    "both-changed": "Effect and text changed",
    "added": "Added",
    "removed": "Removed",
    "moved": "Moved",
    "renamed": "Renamed (same meaning)",
    "text-changed": "Text changed (same effect)",
    "source-changed": "Provenance changed",
}


@dataclass
class ComponentChange:
    change: str  # one of CHANGES
    kind: str
    qid: str  # the new qid (the old one for a removed component)
    name: str  # "Robin › Staff Meeting"
    box: str | None
    semantic: bool
    old_qid: str | None = None
    old_name: str | None = None
    differences: list[str] = field(default_factory=list)
    nodes: list[str] = field(default_factory=list)
    text: dict | None = None  # {"old": ..., "new": ...}
    moved: dict | None = None  # {"old": file or box, "new": ...}
    renamed: bool = False

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Diff:
    old: str
    new: str
    components: list[ComponentChange] = field(default_factory=list)
    consequences: list[dict] = field(default_factory=list)
    applicability: list[dict] = field(default_factory=list)
    findings: dict = field(default_factory=lambda: {"appeared": [], "disappeared": []})
    scenarios: list[dict] | None = None  # None: not run
    balance: dict | None = None  # None: not run

    @property
    def semantic(self) -> bool:
        """Does anything change meaning? (What exit code 1 says.)"""
        return any(c.semantic for c in self.components) or bool(self.applicability) or \
            bool(self.scenarios and any(s["changed"] for s in self.scenarios))

    def counts(self) -> dict[str, int]:
        out = {k: 0 for k in CHANGES}
        for c in self.components:
            out[c.change] += 1
        return out

    def as_dict(self) -> dict:
        return {"format": "mayhem-diff", "version": 1, "old": self.old, "new": self.new,
                "semantic": self.semantic, "counts": self.counts(),
                "components": [c.as_dict() for c in self.components],
                "consequences": self.consequences, "applicability": self.applicability,
                "findings": self.findings, "scenarios": self.scenarios, "balance": self.balance}


def _keywords(entries: dict[str, Entry]) -> dict[str, dict]:
    return {q: e.comp for q, e in entries.items() if e.kind == "keyword"}


def _classify(o: Entry, n: Entry, remap: dict, ids: dict, old_kw: dict, new_kw: dict) -> ComponentChange | None:
    same_meaning = meaning(o.comp, remap, ids) == meaning(n.comp)
    same_words = wording(o.comp) == wording(n.comp)
    renamed = o.comp["id"] != n.comp["id"] or (o.comp.get("name") or "") != (n.comp.get("name") or "") or \
        (o.qid != n.qid and o.box == n.box)
    moved = None
    if o.box != n.box:
        moved = {"old": o.box, "new": n.box, "what": "box"}
    elif o.file != n.file and o.depth == 0:
        moved = {"old": o.file, "new": n.file, "what": "file"}
    if not same_meaning and not same_words:
        change = "both-changed"
    elif not same_meaning:
        change = "effect-changed"
    elif not same_words:
        change = "text-changed"
    elif moved:
        change = "moved"
    elif renamed:
        change = "renamed"
    elif provenance(o.comp) != provenance(n.comp):
        change = "source-changed"
    else:
        return None
    words, nodes = ([], []) if same_meaning else differences(o.comp, n.comp, old_kw, new_kw, remap, ids)
    if renamed:
        words.insert(0, f"renamed: {o.comp['id']} '{o.comp.get('name') or ''}' -> "
                        f"{n.comp['id']} '{n.comp.get('name') or ''}'")
    if moved:
        words.insert(0, f"moved from {moved['what']} {moved['old']} to {moved['new']}")
    if change == "source-changed":
        words.append("provenance: " + ", ".join(
            f"{k}" for k in ("source", "named", "props", "effects")
            if provenance(o.comp).get(k) != provenance(n.comp).get(k)))
    text = None if same_words else {"old": wording(o.comp).get("text"), "new": wording(n.comp).get("text")}
    if text is not None and text["old"] == text["new"]:
        text = {"old": wording(o.comp), "new": wording(n.comp)}
    semantic = change in SEMANTIC or (moved is not None and moved["what"] == "box")
    return ComponentChange(change, n.kind, n.qid, n.path, n.box, semantic,
                           old_qid=o.qid if o.qid != n.qid else None,
                           old_name=o.path if o.path != n.path else None,
                           differences=words, nodes=nodes, text=text, moved=moved, renamed=renamed)


def compare(old_ir: dict, new_ir: dict, *, old_label: str = "old", new_label: str = "new",
            old_diagnostics=(), new_diagnostics=()) -> Diff:
    """The differences between two IR documents (and their consistency findings)."""
    # many small objects, few freed: collect less often (as the compiler's driver does)
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], GC_THRESHOLD), *thresholds[1:])
    try:
        return _compare(old_ir, new_ir, old_label, new_label, old_diagnostics, new_diagnostics)
    finally:
        gc.set_threshold(*thresholds)


def _compare(old_ir, new_ir, old_label, new_label, old_diagnostics, new_diagnostics) -> Diff:
    old, new = flatten(old_ir), flatten(new_ir)
    m = match(old, new)
    remap, ids = m.remap, m.ids(old, new)
    old_kw, new_kw = _keywords(old), _keywords(new)
    changes = []
    for o, n in m.pairs.items():
        c = _classify(old[o], new[n], remap, ids, old_kw, new_kw)
        if c is not None:
            changes.append(c)
    for q in m.added:
        e = new[q]
        changes.append(ComponentChange("added", e.kind, q, e.path, e.box, True,
                                       text={"old": None, "new": wording(e.comp).get("text")}))
    for q in m.removed:
        e = old[q]
        changes.append(ComponentChange("removed", e.kind, q, e.path, e.box, True,
                                       text={"old": wording(e.comp).get("text"), "new": None}))
    added_tops = {q for q in m.added if new[q].depth == 0}
    removed_tops = {q for q in m.removed if old[q].depth == 0}
    # the abilities of an added or removed character go with it: listed under it, not apart
    changes = [c for c in changes if not (c.change == "added" and new[c.qid].top in added_tops and new[c.qid].depth)
               and not (c.change == "removed" and old[c.qid].top in removed_tops and old[c.qid].depth)]
    changes.sort(key=lambda c: (CHANGES.index(c.change), c.box or "", c.name, c.qid))
    diff = Diff(old_label, new_label, changes)
    uses = (refs(old), refs(new))
    diff.consequences = consequences(changes, old, new, m.pairs, uses)
    diff.applicability = applicability_changes(old_ir, new_ir, old, new, m.pairs, uses)
    diff.findings = finding_changes(list(old_diagnostics), list(new_diagnostics))
    return diff
