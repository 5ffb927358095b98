"""Name checks: a name used twice in a box, and one name across boxes."""
from __future__ import annotations

import json

from mayhem.dsl.diagnostics import Related

from . import check, span_of

BOX_KINDS = ("character", "mayhem-card", "go-card", "location", "npc")
IGNORED = {"span", "qid", "scope", "box", "source", "text", "node", "named", "silence", "distinct-from"}


def canonical(node):
    """A component without where it was written: for comparing meanings."""
    if isinstance(node, dict):
        return {k: canonical(v) for k, v in sorted(node.items()) if k not in IGNORED}
    if isinstance(node, list):
        return [canonical(v) for v in node]
    if isinstance(node, str) and node.count("/") == 1 and ":" not in node:
        return node.split("/")[-1]  # a box component's qid: compare by id across boxes
    return node


def same_meaning(a: dict, b: dict) -> bool:
    keep = ("effects", "triggers", "children")
    ca = {k: canonical(a[k]) for k in keep}
    cb = {k: canonical(b[k]) for k in keep}
    pa = {k: v["value"] for k, v in a["props"].items() if k not in IGNORED}
    pb = {k: v["value"] for k, v in b["props"].items() if k not in IGNORED}
    return json.dumps([ca, pa], sort_keys=True) == json.dumps([cb, pb], sort_keys=True)


@check("C201", "duplicate-name", "warning", "names",
       "Two different components of one box share a display name, so players cannot tell them apart "
       "(identical ones, like the two Black Bases, may).",
       'mayhem-card heal-a "Heal" { ... }\nmayhem-card heal-b "Heal" { ... }', "Rename one.")
def duplicate_name(col, emit):
    for box_id in sorted(col.boxes):
        seen: dict[str, dict] = {}
        for comp in sorted((c for c in col.top if c["box"] == box_id and c["kind"] in BOX_KINDS),
                           key=lambda c: c["qid"]):
            key = (comp["name"] or "").strip().lower()
            if key in seen and not same_meaning(seen[key], comp):
                first = seen[key]
                emit(f"{comp['kind']} '{comp['id']}' and {first['kind']} '{first['id']}' are both called "
                     f"\"{comp['name']}\"", comp["qid"], span_of(comp["span"]),
                     related=[Related(span_of(first["span"]), "the other one")])
            elif key not in seen:
                seen[key] = comp


@check("C202", "same-name-across-boxes", "error", "names",
       "A component name printed in two boxes (Invisible Paint is in both) must mean the same component: "
       "the same effects, timing and duration; or one of them says `distinct-from \"other-box/id\"`.",
       "mayhem-card invisible-paint \"Invisible Paint\" { ... }   # different effects in the two boxes",
       'Make them the same, or add `distinct-from "looney-tunes/invisible-paint"` to one of them.')
def same_name_across_boxes(col, emit):
    for (kind, _name), comps in col.by_display_name(BOX_KINDS, lambda c: c["box"]).items():
        if len({c["box"] for c in comps}) < 2:
            continue
        for a, b in zip(comps, comps[1:]):
            if a["box"] == b["box"] or same_meaning(a, b):
                continue
            declared = set(col.prop(a, "distinct-from", []) or []) | set(col.prop(b, "distinct-from", []) or [])
            if a["qid"] in declared or b["qid"] in declared:
                continue
            emit(f"\"{a['name']}\" is a {kind} of both '{a['box']}' and '{b['box']}', with different effects",
                 b["qid"], span_of(b["span"]), related=[Related(span_of(a["span"]), f"the {a['box']} one")],
                 hint=f"make them one card, or declare `distinct-from \"{a['qid']}\"`")
