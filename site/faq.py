"""Rulings and FAQ answers (`ruling` declarations): on the page of the component they sit in, and
gathered on a FAQ page per box.
"""
from __future__ import annotations

from .model import KIND_ORDER, SiteModel, in_play, sort_name


def rulings_of(comp: dict) -> list[tuple[dict, dict]]:
    """(the part it sits in, the ruling) for every ruling in a component, its own first, then
    its parts' (an Ability's, a side's) in the order of the content."""
    out: list[tuple[dict, dict]] = []

    def visit(part: dict) -> None:
        for ch in part.get("children", ()):
            if ch["kind"] == "ruling":
                out.append((part, ch))
        for ch in part.get("children", ()):
            if ch["kind"] != "ruling":
                visit(ch)

    visit(comp)
    return out


def box_faq(model: SiteModel, box_id: str) -> tuple[list[tuple[dict, dict]], list[tuple[dict, list[tuple[dict, dict]]]]]:
    """The box's own rulings (about the whole game), as (box, ruling), and (component, its rulings)
    for every component in play in the box that has some: by kind, then by name."""
    box = model.box(box_id)
    general = [(box, ch) for ch in (box or {}).get("children", ()) if ch["kind"] == "ruling"]
    comps = [c for c in model.components if c["kind"] != "box" and in_play(model, box_id, c) and rulings_of(c)]
    order = {k: i for i, k in enumerate(KIND_ORDER)}
    comps.sort(key=lambda c: (order.get(c["kind"], len(order)), c["kind"], sort_name(c), c["qid"]))
    return general, [(c, rulings_of(c)) for c in comps]


def has_faq(model: SiteModel, box_id: str) -> bool:
    general, comps = box_faq(model, box_id)
    return bool(general or comps)


def is_mayhem_box(box: dict) -> bool:
    """Whether a box plays the Mayhem game (its setup, round, rules, modes and card-sheet pages are
    the Mayhem system's): it carries the Mayhem boxes' required `win-vp`. A box of another game
    (Marvel Mayhem) gets its overview, its components' pages and its FAQ."""
    return "game" not in box.get("props", {})
