"""The component listing behind `mayhem list`: a stable list of plain rows."""
from __future__ import annotations

from .model import Component, Model

LISTED_KINDS = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword", "game", "deck")


def _row(comp: Component, side: str | None, source) -> dict:
    box = comp.scope if not comp.scope.endswith(".mh") else None
    return {"id": comp.qid, "box": box, "kind": comp.kind, "name": comp.name or comp.id,
            "side": side, "provenance": str(source)}


def list_components(model: Model, kind: str | None = None) -> list[dict]:
    rows = []
    for comp in model.top_level():
        if comp.kind not in LISTED_KINDS or (kind and comp.kind != kind):
            continue
        sides = [c for c in comp.children if c.kind == "side"]
        if sides:
            rows.extend(_row(comp, s.id, s.source) for s in sides)
        else:
            rows.append(_row(comp, None, comp.source))
    return sorted(rows, key=lambda r: (r["box"] or "", r["kind"], r["name"], r["side"] or ""))
