"""The Collection a Workspace's checks read after an edit, made from the previous one: its
indexes patched for the changed components, the unchanged ones' facts carried over.

A Collection made from scratch indexes every component of the IR and works out, as the
checks ask, what each one uses, its conditions and walks (compiler/checks/collection.py).
After an edit only the top-level components the graph pass built again (`dirty`) change:
their shares of the indexes by qid and by kind are taken out and put in again
(patched_collection, patched_kinds); every other component's facts, and every keyword's
(unless a keyword's body was edited), are the previous collection's, less what it holds
about the components dropped (carry: a keyword's callers are among them when what they
read of its body changed, checks/incremental.py); what applies on which board is kept while
the boxes, the tokens and the Locations are the same (carry_where).
"""
from __future__ import annotations

from bisect import bisect_left
import copy

from .collection import Collection, _Part


def patched_collection(old: Collection, ir: dict, graph, parts: dict, dirty: set[str], backend) -> Collection | None:
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
    if any(p.tokens or p.silencing or p.comp["kind"] == "box" for p in touched) or any(
            (old_parts[q].keywords.keys() if q in old_parts else set())
            != (new_parts[q].keywords.keys() if q in new_parts else set()) for q in old_parts.keys() | new_parts.keys()):
        fresh = Collection(ir, graph, parts)  # rare (a leaf component that silences a check): as a new one
        col.keywords, col.tokens, col.silencing, col.boxes = fresh.keywords, fresh.tokens, fresh.silencing, fresh.boxes
    elif any(p.keywords for p in touched):  # a keyword's body edited: the same qids, at their place
        col.keywords = dict(old.keywords)
        for part in new_parts.values():
            col.keywords.update(part.keywords)
    return col


def patched_kinds(old: Collection, new: Collection, dirty: set[str], prior: dict) -> dict | None:
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


def carry(old: Collection, new: Collection, dirty: set[str], removed_irs: list[dict], prior: dict,
          rereads: list[dict] = ()) -> None:
    """The per-component facts of the components that did not change, and every
    keyword's while no keyword changed (an edit of a keyword's body: what each keyword
    uses is worked out again): the old collection's tables, less what they hold about the
    components dropped since, and what they hold of `rereads` (a keyword's callers, read
    again: their IR, and so their walks, the same) but its walks."""
    new._kw_uses = {} if any(c["kind"] == "keyword" for c in removed_irs) else old._kw_uses
    new._uses, new.memo, exprs, stmts, bodies = old._uses, old.memo, old._exprs, old._stmts, old._bodies
    for comp in rereads:  # a keyword's callers: what they use through it, and what was worked out from it
        for c in _components(comp):
            new._uses.pop((c["qid"], True), None)
            new._uses.pop((c["qid"], False), None)
            for key in new.memo.keys_of(c["qid"]):
                new.memo.pop(key, None)
    for comp in removed_irs:
        for c in _components(comp):
            new._uses.pop((c["qid"], True), None)
            new._uses.pop((c["qid"], False), None)
            for key in new.memo.keys_of(c["qid"]):
                new.memo.pop(key, None)
            hit = bodies.get(id(c))
            if hit is not None and hit[0] is c:  # its bodies, and the walks of its triggers' own lists
                del bodies[id(c)]
                for _label, body, _span in hit[1]:
                    walk = stmts.get(id(body))
                    if walk is not None and walk[0] is body:
                        del stmts[id(body)]
        for node in _containers(comp):
            for walks in (exprs, stmts):
                hit = walks.get(id(node))
                if hit is not None and hit[0] is node:
                    del walks[id(node)]
    new._exprs, new._stmts, new._bodies = exprs, stmts, bodies
    new._kind_index = patched_kinds(old, new, dirty, prior)
    # the cross-set checks' tallies (checks/tally.py), patched for `dirty` when a check asks
    new.tallies = {name: t for name, t in old.tallies.items() if name in old.tallies_fresh}
    new.tallies_stale = set(dirty)


def carry_where(old: Collection, new: Collection, dirty_kinds: set[str]) -> None:
    """What applies on which board (Collection.where) depends on the boxes, their pools,
    the tokens and the Locations; while those are the same objects, the earlier answers
    hold, and only its index of components is the new collection's."""
    where = old.__dict__.get("where")
    if where is None or "location" in dirty_kinds:
        return
    if new.boxes.keys() != where.boxes.keys() or any(new.boxes[b] is not where.boxes[b] for b in new.boxes):
        return
    if new.tokens.keys() != where.tokens.keys() or any(new.tokens[q] is not where.tokens[q] for q in new.tokens):
        return
    carried = copy.copy(where)
    carried.by_qid, carried.tokens = new.by_qid, new.tokens
    new.__dict__["where"] = carried


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
