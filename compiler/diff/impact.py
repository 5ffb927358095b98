"""The consequences of a change, followed through the effect graph: who uses a changed
keyword, token, tag or icon (directly or through other keywords and tokens); which
Competitive Mode applicability changes; which consistency findings appear or disappear."""
from __future__ import annotations

from collections import Counter, deque

from ..applicability import Applicability
from ..ir_ops import named_refs
from .meaning import Entry, label

VOCABULARY = frozenset({"keyword", "token", "tag", "icon"})
PLAYED = ("character", "mayhem-card", "go-card", "npc")


def _own_refs(comp: dict) -> set[str]:
    """Keywords, tokens, tags, icons and components named in a component's own effects and triggers."""
    return named_refs([comp.get("effects", {}), comp.get("triggers", [])], keywords=True)


def refs(entries: dict[str, Entry]) -> dict[str, set[str]]:
    """Component qid (any depth) -> what its own effects use."""
    return {q: _own_refs(e.comp) - {q} for q, e in entries.items()}


def users_of(changed: list[str], entries: dict[str, Entry], uses: dict[str, set[str]]) -> dict[str, list[tuple]]:
    """Changed vocabulary qid -> [(user qid, via qid or None)], through keywords and tokens."""
    users: dict[str, set[str]] = {}
    for q, rs in uses.items():
        for r in rs:
            users.setdefault(r, set()).add(q)
    out = {}
    for start in changed:
        seen = {start: None}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for u in sorted(users.get(cur, ())):
                if u in seen or entries[u].top == start:
                    continue
                seen[u] = cur if cur != start else None
                if entries[u].kind in VOCABULARY:
                    queue.append(u)
        out[start] = [(u, via) for u, via in seen.items() if u != start]
    return out


def consequences(changes: list, old: dict[str, Entry], new: dict[str, Entry], pairs: dict[str, str],
                 uses: tuple[dict, dict]) -> list[dict]:
    """For every changed keyword, token, tag or icon: the components that use it (`uses`:
    `refs` of the old and the new side)."""
    changed_new = [c.qid for c in changes if c.semantic and c.kind in VOCABULARY and c.change != "removed"]
    removed_old = [c.qid for c in changes if c.change == "removed" and c.kind in VOCABULARY]
    found = users_of(changed_new, new, uses[1])
    found_old = users_of(removed_old, old, uses[0])
    out = []
    for c in changes:
        if c.qid in found:
            users, side = found[c.qid], new
        elif c.change == "removed" and c.qid in found_old:
            users, side = found_old[c.qid], old
        else:
            continue
        rows = []
        for u, via in users:
            e = side[u]
            rows.append({"qid": pairs.get(u, u) if side is old else u, "name": e.path, "kind": e.kind,
                         "box": e.box, "via": f"{side[via].path} ({side[via].kind})" if via else None,
                         "removed": side is old and u not in pairs})
        rows.sort(key=lambda r: (r["box"] or "", r["name"], r["qid"]))
        if rows:
            out.append({"qid": c.qid, "name": c.name, "kind": c.kind, "change": c.change, "users": rows})
    return out


def _closure(entries: dict[str, Entry], uses: dict[str, set[str]], parts: list[str]) -> set[str]:
    """Everything a top-level component (its `parts`: itself and its children) uses, through
    keywords and tokens."""
    start = set()
    for q in parts:
        start |= uses.get(q, set())
    seen, stack = set(), list(start)
    while stack:
        r = stack.pop()
        if r in seen:
            continue
        seen.add(r)
        if r in entries and entries[r].kind in VOCABULARY:
            stack.extend(uses.get(r, ()))
    return seen


def missing_by_board(ir: dict, entries: dict[str, Entry], uses: dict) -> dict[tuple[str, str], list[str]]:
    """(top-level qid, board) -> the tokens, icons and Locations it names that the board lacks."""
    where = Applicability(ir)
    parts: dict[str, list[str]] = {}
    for q, e in entries.items():
        parts.setdefault(e.top, []).append(q)
    out = {}
    for comp in ir["components"]:
        if comp["kind"] not in PLAYED:
            continue
        needed = sorted(_closure(entries, uses, parts[comp["qid"]]))
        for board in sorted(where.boxes):
            out[(comp["qid"], board)] = where.missing(needed, board, where.bringing_for(comp))
    return out


def applicability_changes(old_ir, new_ir, old, new, pairs, uses: tuple[dict, dict]) -> list[dict]:
    before = missing_by_board(old_ir, old, uses[0])
    after = missing_by_board(new_ir, new, uses[1])
    out = []
    back_of = {n: o for o, n in pairs.items()}
    for (q, board), miss in sorted(after.items()):
        back = back_of.get(q)
        if back is None or (back, board) not in before:
            continue
        was = [pairs.get(r, r) for r in before[(back, board)]]
        if sorted(was) == sorted(miss):
            continue
        name = lambda r, side: label(side[r].comp) if r in side else r  # noqa: E731
        out.append({"qid": q, "name": new[q].path, "board": board,
                    "before": [name(r, new) for r in was], "after": [name(r, new) for r in miss],
                    "gained": [name(r, new) for r in was if r not in miss],
                    "lost": [name(r, new) for r in miss if r not in was]})
    return out


def _finding(d) -> tuple:
    return (d.code, d.severity, d.message, d.span.file if d.span is not None else None)


def finding_changes(old_diags: list, new_diags: list) -> dict[str, list[dict]]:
    """The consistency findings (C codes) that appear or disappear (positions aside: moving a
    line is no new finding)."""
    a = Counter(_finding(d) for d in old_diags if d.code.startswith("C"))
    b = Counter(_finding(d) for d in new_diags if d.code.startswith("C"))

    def rows(counter):
        return [{"code": k[0], "severity": k[1], "message": k[2], "file": k[3]}
                for k in sorted(counter.elements(), key=lambda k: (k[0], k[3] or "", k[2]))]
    return {"appeared": rows(b - a), "disappeared": rows(a - b)}
