"""Name checks: a name used twice in a box, and one name across boxes."""
from __future__ import annotations

import json

from mayhem.dsl.diagnostics import Related

from . import register, span_of

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


def differences(a: dict, b: dict) -> list[str]:
    """What two components differ in, as a reader would name it: `base (black here, white
    there)` for a property, `effects` for effects, triggers or parts."""
    out = []
    for key in sorted((set(a["props"]) | set(b["props"])) - IGNORED):
        va = a["props"].get(key, {}).get("value")
        vb = b["props"].get(key, {}).get("value")
        if canonical(va) != canonical(vb):
            out.append(f"{key} ({json.dumps(va)} here, {json.dumps(vb)} there)")
    if any(json.dumps(canonical(a[k]), sort_keys=True) != json.dumps(canonical(b[k]), sort_keys=True)
           for k in ("effects", "triggers", "children")):
        out.append("effects")
    return out


def same_meaning(a: dict, b: dict) -> bool:
    keep = ("effects", "triggers", "children")
    ca = {k: canonical(a[k]) for k in keep}
    cb = {k: canonical(b[k]) for k in keep}
    pa = {k: v["value"] for k, v in a["props"].items() if k not in IGNORED}
    pb = {k: v["value"] for k, v in b["props"].items() if k not in IGNORED}
    return json.dumps([ca, pa], sort_keys=True) == json.dumps([cb, pb], sort_keys=True)


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


register(duplicate_name, "C201", "duplicate-name", "warning", "names",
         "Two different components of one box share a display name, so players cannot tell them apart "
         "(identical ones, like the two Black Bases, may).",
         'mayhem-card heal-a "Heal" { ... }\nmayhem-card heal-b "Heal" { ... }', "Rename one.")


def same_name_across_boxes(col, emit):
    for (kind, _name), comps in col.by_display_name(BOX_KINDS, lambda c: c["box"]).items():
        if len({c["box"] for c in comps}) < 2:
            continue
        # group by meaning; the meaning most boxes share is the reference, and each component
        # that differs from it is reported where it is written (with one box against one, the
        # first box's is the reference)
        meanings: list[list[dict]] = []
        for comp in comps:
            home = next((m for m in meanings if same_meaning(m[0], comp)), None)
            if home is None:
                meanings.append([comp])
            else:
                home.append(comp)
        if len(meanings) < 2:
            continue
        reference = max(meanings, key=lambda m: (len({c["box"] for c in m}), len(m)))
        for comp in comps:
            if comp in reference:
                continue
            others = [r for r in reference if r["box"] != comp["box"]]
            if not others:
                continue  # a second meaning within one box: C201's concern
            declared = set(col.prop(comp, "distinct-from", []) or [])
            if any(r["qid"] in declared or comp["qid"] in set(col.prop(r, "distinct-from", []) or [])
                   for r in others):
                continue
            ref = others[0]
            emit(f"\"{comp['name']}\" is a {kind} of both '{ref['box']}' and '{comp['box']}', but differs in "
                 + ", ".join(differences(comp, ref)),
                 comp["qid"], span_of(comp["span"]), related=[Related(span_of(ref["span"]), f"the {ref['box']} one")],
                 hint=f"make them one {kind}, or declare `distinct-from \"{ref['qid']}\"`")


register(same_name_across_boxes, "C202", "same-name-across-boxes", "error", "names",
         "A component name printed in two boxes (Invisible Paint is in both) must mean the same component: "
         "the same effects, timing and duration; or one of them says `distinct-from \"other-box/id\"`.",
         "mayhem-card invisible-paint \"Invisible Paint\" { ... }   # different effects in the two boxes",
         'Make them the same, or add `distinct-from "looney-tunes/invisible-paint"` to one of them.')
