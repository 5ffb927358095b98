"""Cross-box checks for Competitive Mode: a character of any box on any box's board."""
from __future__ import annotations

from . import check, span_of

TRAVELLING = ("character", "mayhem-card")


def board_provides(col, box_id: str) -> dict:
    box = col.boxes[box_id]
    pools = {c["id"] for c in box["children"] if c["kind"] == "pool"}
    tokens = {q for q, t in col.tokens.items() if (col.prop(t, "drawn-from") or t["id"]) in pools}
    icons = set()
    locations = set()
    for loc in col.of_kind("location", box_id):
        icons |= set(col.prop(loc, "icons", []) or [])
        locations.add(loc["qid"])
    return {"tokens": tokens, "icons": icons, "locations": locations,
            "go": (col.prop(box, "go-cards", 0) or 0) > 0}


def brought(col, comp: dict) -> set[str]:
    """Tokens of the component's own box vocabulary: a character brings those to any board."""
    return {q for q, t in col.tokens.items() if t["scope"] == comp["box"]}


def lacks(col, comp: dict, board: str) -> list[str]:
    """What the component's effects need that the board does not have."""
    have = board_provides(col, board)
    used = col.uses(comp)
    out = []
    for tok in sorted(used["token"] - have["tokens"]):
        t = col.tokens.get(tok)
        if t is None or tok in brought(col, comp) and comp["kind"] == "character":
            continue
        out.append(f"token '{t['id']}'")
    for icon in sorted(used["icon"]):
        if icon.rsplit(":", 1)[-1] not in have["icons"]:
            out.append(f"Location with the icon '{icon.rsplit(':', 1)[-1]}'")
    for ref in sorted(used["component"]):
        target = col.by_qid.get(ref)
        if target is not None and target["kind"] == "location" and ref not in have["locations"]:
            out.append(f"Location '{target['name']}'")
    if not have["go"] and (used["primitive"] & {"complete-mission"}):
        out.append("GO! deck")
    return out


@check("C501", "competitive-needs", "error", "cross-box",
       "In Competitive Mode a character plays on any box's board, bringing the special tokens of its own "
       "box. Every shared token its effects need must be provided by every board.",
       "a character places a shared token that some box has no pool for", "Add the pool to that box.")
def competitive_needs(col, emit):
    for ch in col.of_kind("character"):
        for board in sorted(col.boxes):
            if board == ch["box"]:
                continue
            have = board_provides(col, board)
            for tok in sorted(col.uses(ch)["token"] - have["tokens"] - brought(col, ch)):
                t = col.tokens.get(tok)
                if t is not None:
                    emit(f"character '{ch['id']}' needs the token '{t['id']}', which a {board} board does not "
                         f"provide and {ch['box']} characters do not bring", ch["qid"], span_of(ch["span"]),
                         hint=f"give {board} a pool for it, or define the token in {ch['box']}")


@check("C502", "does-not-apply", "note", "cross-box",
       "A character or Mayhem card refers to something a board of another box lacks (a token, a "
       "Location, an icon, a GO! deck). On that board the rulebook's \"does not apply\" holds: that part "
       "of the effect does nothing. Listed so that the Competitive Mode page can say so.",
       "a Teen Titans card looks for the Pizza icon on a Looney Tunes board")
def does_not_apply(col, emit):
    for comp in sorted((c for c in col.top if c["kind"] in TRAVELLING), key=lambda c: c["qid"]):
        for board in sorted(col.boxes):
            if board == comp["box"]:
                continue
            missing = lacks(col, comp, board)
            if missing:
                emit(f"on a {board} board, {comp['kind']} '{comp['id']}' has no {'; no '.join(missing)}: "
                     "that part of its effect does not apply", comp["qid"], span_of(comp["span"]))
