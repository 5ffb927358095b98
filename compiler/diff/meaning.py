"""What a component means, apart from how it is written: its IR without positions, graph
node ids, provenance and wording; and the matching of the components of two versions
(same qid, else the same meaning under a new id or name, else a close likeness).

>>> a = {"qid": "b/x", "kind": "token", "id": "x", "name": "X", "box": "b", "span": "b/t.mh:1:1-1:2",
...      "source": {"kind": "authored"}, "props": {"text": {"value": "Hi", "span": "", "source": {}}},
...      "effects": {}, "triggers": [], "children": []}
>>> b = dict(a, qid="b/y", id="y", span="b/u.mh:9:1-9:2")
>>> meaning(a) == meaning(b)
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
import difflib
import json
import re

from ..ir_ops import REF_FORMS

# Props that are wording, not meaning; and those that say where a fact comes from.
WORDING = frozenset({"text", "mission-text"})
PROVENANCE = frozenset({"named"})
DROPPED = frozenset({"span", "node", "source"})
RENAME_LIKENESS = 0.75  # how alike two components must be to be one renamed and changed
LIKENESS_ALONE = 0.95  # alike enough to be one component without sharing name or text
MAX_PAIRS = 40_000  # likeness is compared on at most this many pairs of unmatched components


@dataclass
class Entry:
    """A component of one version, with where it sits."""
    comp: dict
    parent: str | None  # the qid of the component it belongs to
    top: str  # the qid of its top-level component
    path: str  # "Robin › Staff Meeting"
    depth: int

    @property
    def qid(self) -> str:
        return self.comp["qid"]

    @property
    def kind(self) -> str:
        return self.comp["kind"]

    @property
    def box(self) -> str | None:
        return self.comp.get("box") or self.comp.get("scope")

    @property
    def file(self) -> str:
        return (self.comp.get("span") or "").split(":", 1)[0]


def flatten(ir: dict) -> dict[str, Entry]:
    out: dict[str, Entry] = {}

    def visit(comp: dict, parent: Entry | None) -> None:
        path = f"{parent.path} › {label(comp)}" if parent else label(comp)
        e = Entry(comp, parent.qid if parent else None, parent.top if parent else comp["qid"], path,
                  parent.depth + 1 if parent else 0)
        if parent is not None and comp.get("box") is None:
            e.comp = dict(comp, box=parent.comp.get("box"))
        out[comp["qid"]] = e
        for child in comp.get("children", ()):
            visit(child, e)

    for comp in ir["components"]:
        visit(comp, None)
    return out


def canon(x, remap: dict[str, str] | None = None):
    """The IR subtree without spans, node ids and provenance; references renamed by `remap`
    (old qid -> new qid) so that a renamed keyword does not change its users."""
    remap = remap or {}
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            if k in DROPPED or k == "children":
                continue
            if k == "name" and x.get("op") == "keyword":
                continue  # the keyword's id; its qid says it
            if k == "keyword" and isinstance(v, str):
                v = remap.get(v, v)
            elif k == "name" and x.get("e") in REF_FORMS and isinstance(v, str):
                v = remap.get(v, v)
            else:
                v = canon(v, remap)
            out[k] = v
        return out
    if isinstance(x, list):
        return [canon(v, remap) for v in x]
    return x


def _value(v, ids: dict[str, str]):
    if isinstance(v, str):
        return ids.get(v, v)
    if isinstance(v, list):
        return [_value(i, ids) for i in v]
    if isinstance(v, dict):
        return {ids.get(k, k): _value(w, ids) for k, w in v.items()}
    return v


def meaning(comp: dict, remap: dict[str, str] | None = None, ids: dict[str, str] | None = None) -> dict:
    """The component's own meaning (not its children's): kind, props but wording, effects,
    triggers and parameters. `ids` renames plain ids in props (old id -> new id)."""
    ids = ids or {}
    return {
        "kind": comp["kind"],
        "props": {k: _value(p["value"], ids) for k, p in sorted(comp["props"].items())
                  if k not in WORDING and k not in PROVENANCE},
        "effects": {slot: {"when": canon(e.get("when"), remap), "body": canon(e["body"], remap)}
                    for slot, e in sorted(comp["effects"].items())},
        "triggers": canon(comp.get("triggers", []), remap),
        "params": canon(comp.get("params"), remap),
    }


def wording(comp: dict) -> dict:
    return {k: p["value"] for k, p in sorted(comp["props"].items()) if k in WORDING}


def provenance(comp: dict) -> dict:
    return {"source": comp.get("source"),
            **{k: p["value"] for k, p in sorted(comp["props"].items()) if k in PROVENANCE},
            "props": {k: p.get("source") for k, p in sorted(comp["props"].items())},
            "effects": {k: e.get("source") for k, e in sorted(comp["effects"].items())}}


def _key(x) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


def signature(comp: dict, remap: dict[str, str]) -> str:
    """Own meaning and the children's, for telling a renamed component by what it does."""
    kids = sorted(signature(c, remap) for c in comp.get("children", ()))
    return _key({"own": meaning(comp, remap), "children": kids})


def _tokens(s: str) -> list[str]:
    return re.findall(r"[\w\-:/]+|[^\s\w]", s)


@dataclass
class Matching:
    pairs: dict[str, str] = field(default_factory=dict)  # old qid -> new qid
    removed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)

    @property
    def remap(self) -> dict[str, str]:
        return {o: n for o, n in self.pairs.items() if o != n}

    def ids(self, old: dict[str, Entry], new: dict[str, Entry]) -> dict[str, str]:
        """Old id -> new id of the renamed components, for props that name them by id; an old
        id that another component of the new side still has is ambiguous, and kept."""
        still = {e.comp["id"] for e in new.values()}
        return {old[o].comp["id"]: new[n].comp["id"] for o, n in self.pairs.items()
                if old[o].comp["id"] != new[n].comp["id"] and old[o].comp["id"] not in still}


def match(old: dict[str, Entry], new: dict[str, Entry]) -> Matching:
    """Pair the components of two versions: by qid; then, among the rest, same kind and the
    same meaning (top-level first, then children of paired parents by id); then by likeness
    with the same name or text (a rename that also changed)."""
    m = Matching({q: q for q in old if q in new})

    def free():
        taken = set(m.pairs.values())
        return [q for q in old if q not in m.pairs], [q for q in new if q not in taken]

    for depth_only in (True, False):
        olds, news = free()
        by_sig: dict[tuple, list[str]] = {}
        remap = m.remap
        for q in news:
            if depth_only and new[q].depth:
                continue
            by_sig.setdefault((new[q].kind, signature(new[q].comp, {})), []).append(q)
        for q in olds:
            if depth_only and old[q].depth:
                continue
            cands = by_sig.get((old[q].kind, signature(old[q].comp, remap)))
            if cands:
                best = max(cands, key=lambda n: (label(new[n]) == label(old[q]),
                                                 difflib.SequenceMatcher(None, old[q].comp["id"], new[n].comp["id"])
                                                 .ratio()))
                cands.remove(best)
                m.pairs[q] = best
        if depth_only:  # the children of a renamed component keep their ids
            olds, news = free()
            free_new = set(news)
            for q in olds:
                parent = old[q].parent
                if parent in m.pairs and m.pairs[parent] != parent:
                    cand = f"{m.pairs[parent]}/{old[q].comp['id']}"
                    if cand in free_new and new[cand].kind == old[q].kind:
                        m.pairs[q] = cand
                        free_new.discard(cand)
    olds, news = free()
    remap = m.remap
    scored = []
    if olds and news and len(olds) * len(news) <= MAX_PAIRS:
        sigs = {q: _tokens(signature(new[q].comp, {})) for q in news}
        for o in olds:
            so = _tokens(signature(old[o].comp, remap))
            for n in news:
                if new[n].kind != old[o].kind:
                    continue
                kinship = label(new[n].comp) == label(old[o].comp) or \
                    (wording(new[n].comp) and wording(new[n].comp) == wording(old[o].comp))
                ratio = difflib.SequenceMatcher(None, so, sigs[n], autojunk=False).ratio()
                if ratio >= LIKENESS_ALONE or (kinship and ratio >= RENAME_LIKENESS):
                    scored.append((ratio, o, n))
    taken_o, taken_n = set(), set()
    for _ratio, o, n in sorted(scored, key=lambda t: (-t[0], t[1], t[2])):
        if o not in taken_o and n not in taken_n:
            m.pairs[o] = n
            taken_o.add(o)
            taken_n.add(n)
    olds, news = free()
    m.removed, m.added = sorted(olds), sorted(news)
    return m


def label(comp_or_entry) -> str:
    """A component's display name, else its id."""
    comp = comp_or_entry.comp if isinstance(comp_or_entry, Entry) else comp_or_entry
    return comp.get("name") or comp["id"]
