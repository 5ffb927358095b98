"""Cross-box checks for Competitive Mode: a character of any box on any box's board. What a
board offers, and what characters bring to it, is `compiler/applicability.py`'s answer."""
from __future__ import annotations

from . import register, span_of

TRAVELLING = ("character", "mayhem-card")


def lacks(col, comp: dict, board: str) -> list[str]:
    """What the component's effects need that the board does not offer, with the boxes whose
    characters would bring a missing token."""
    used = col.uses(comp)
    if not (used["token"] or used["icon"] or used["component"] or "complete-mission" in used["primitive"]):
        return []  # nothing a board may lack (most cards): no board asked
    where = col.where
    bringing = where.bringing_for(comp)
    out = []
    for tok in where.missing(sorted(used["token"]), board, bringing):
        boxes = where.bringers(tok, board)
        unless = f" unless a {' or '.join(boxes)} character brings it" if boxes else ""
        out.append(f"token '{col.tokens[tok]['id']}'{unless}")
    have = where.icons_on(board)
    for icon in sorted(used["icon"]):
        if icon.rsplit(":", 1)[-1] not in have:
            out.append(f"Location with the icon '{icon.rsplit(':', 1)[-1]}'")
    for ref in where.missing(sorted(used["component"]), board, bringing):
        out.append(f"Location '{col.by_qid[ref]['name']}'")
    if not where.go_deck(board) and "complete-mission" in used["primitive"]:
        out.append("GO! deck")
    return out


def competitive_needs(col, emit):
    where = col.where
    boards = sorted(col.boxes)
    for ch in col.of_kind("character"):
        tokens = col.uses(ch)["token"]
        if not tokens:
            continue  # (most characters: no board lacks anything they use)
        for board in boards:
            if board == ch["box"]:
                continue
            for tok in where.missing(sorted(tokens), board, where.bringing_for(ch)):
                t = col.tokens[tok]
                emit(f"character '{ch['id']}' needs the token '{t['id']}', which a {board} board does not "
                     f"provide and {ch['box']} characters do not bring", ch["qid"], span_of(ch["span"]),
                     hint=f"give {board} a pool for it, or define the token in {ch['box']}")


register(competitive_needs, "C501", "competitive-needs", "error", "cross-box",
         "In Competitive Mode a character plays on any box's board, bringing the special tokens of its own "
         "box. Every other token its effects need must be provided by every board.",
         "a character places a shared token that some box has no pool for", "Add the pool to that box.")


def does_not_apply(col, emit):
    # what a board lacks depends on what a component uses and on the boxes it brings alone:
    # worked out once per (uses, board, bringing), not per component and board (30,000 at
    # 10,000 cards, of a few hundred different uses)
    known: dict[tuple, list[str]] = {}
    boards = sorted(col.boxes)
    for comp in sorted((c for c in col.top if c["kind"] in TRAVELLING), key=lambda c: c["qid"]):
        used = col.uses(comp)
        if not (used["token"] or used["icon"] or used["component"] or "complete-mission" in used["primitive"]):
            continue  # nothing a board may lack (most cards): lacks() finds nothing on any board
        needs = (frozenset(used["token"]), frozenset(used["icon"]), frozenset(used["component"]),
                 "complete-mission" in used["primitive"], frozenset(col.where.bringing_for(comp)))
        for board in boards:
            if board == comp["box"]:
                continue
            key = (needs, board)
            missing = known.get(key)
            if missing is None:
                missing = known[key] = lacks(col, comp, board)
            if missing:
                emit(f"on a {board} board, {comp['kind']} '{comp['id']}' has no {'; no '.join(missing)}: "
                     "that part of its effect does not apply", comp["qid"], span_of(comp["span"]),
                     hint="the Competitive Mode page of the site lists what applies on which board")


register(does_not_apply, "C502", "does-not-apply", "note", "cross-box",
         "A character or Mayhem card refers to something a board of another box lacks (a token, a "
         "Location, an icon, a GO! deck). On that board the rulebook's \"does not apply\" holds: that part "
         "of the effect does nothing. A token counts as there when a character of a box that has it plays "
         "(characters bring their box's tokens), so a card's token may apply in one game and not in "
         "another: the finding says which characters bring it. Listed so that the Competitive Mode page "
         "can say so.",
         "a Teen Titans card looks for the Pizza icon on a Looney Tunes board")
