"""The component listing behind `mayhem list`: a stable list of plain rows."""
from __future__ import annotations

from .model import Component, Model

LISTED_KINDS = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword", "game", "deck")


def _row(comp: Component, side: str | None, source) -> dict:
    box = comp.scope if not comp.scope.endswith(".mh") else None
    return {"id": comp.qid, "box": box, "kind": comp.kind, "name": comp.name or comp.id,
            "side": side, "provenance": str(source)}


def listed_kinds(model: Model) -> list[str]:
    """The kinds `mayhem list --kind` takes: LISTED_KINDS and the card types of the cards in decks
    (Marvel Mayhem's `marvel-card`)."""
    in_decks = {card.kind for comp in model.top_level() if comp.kind == "deck" for card in comp.children}
    return list(LISTED_KINDS) + sorted(in_decks - set(LISTED_KINDS))


def list_components(model: Model, kind: str | None = None) -> list[dict]:
    rows = []
    for comp in model.top_level():
        if comp.kind not in LISTED_KINDS:
            continue
        if comp.kind == "deck":  # its cards too, each with its own provenance (the rulebook's or authored)
            rows.extend(_row(card, None, card.source) for card in comp.children if not kind or card.kind == kind)
        if kind and comp.kind != kind:
            continue
        sides = [c for c in comp.children if c.kind == "side"]
        if sides:
            rows.extend(_row(comp, s.id, s.source) for s in sides)
        else:
            rows.append(_row(comp, None, comp.source))
    return sorted(rows, key=lambda r: (r["box"] or "", r["kind"], r["name"], r["side"] or ""))
