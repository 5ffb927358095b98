"""Free-For-All checks: the cards flagged for the mode, and the non-player figure."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Related

from ..mode_setup import has_unowned_figure
from . import register, span_of
from .game_pieces import owner_kept_tokens, vp_tokens


def team_only_uses(col, comp: dict) -> list[str]:
    used = col.uses(comp)
    out = []
    if "teammate" in used["select"]:
        out.append("a Teammate")
    if "reroll-dice" in used["primitive"]:
        out.append("the player's other die")
    vp = vp_tokens(col)
    if "gain-vp" in used["primitive"] or used["token"] & vp or "vp-of" in used["fn"]:
        out.append("Victory Points")
    missions = owner_kept_tokens(col)
    if "complete-mission" in used["primitive"] or used["token"] & missions:
        out.append("GO! cards")
    faces = {q for q, t in col.tokens.items() if col.prop(t, "face-down") or col.prop(t, "group")}
    if used["token"] & faces:
        out.append("face-down token piles (ACME)")
    return out


def ffa_card_refers(col, emit):
    for card in sorted(col.of_kind("mayhem-card"), key=lambda c: c["qid"]):
        if not col.prop(card, "free-for-all"):
            continue
        refs = team_only_uses(col, card)
        if refs:
            emit(f"Free-For-All card '{card['id']}' refers to {', '.join(refs)}", card["qid"],
                 col.prop_span(card, "free-for-all"))


register(ffa_card_refers, "C601", "ffa-card-refers", "warning", "Free-For-All",
         "A card flagged for Free-For-All refers to what that mode does not have: a Teammate, the player's "
         "other die, Victory Points (`gain-vp`, `vp-of`, the token the shared rules' counter `vp` is `kept-as`), "
         "GO! cards (`complete-mission`, the tokens flagged as the shared rules' `owner-kept-if` says) or ACME "
         "tokens. Those texts do not apply in the mode.",
         "mayhem-card c \"C\" { free-for-all ... effect { heal(one teammate) } }",
         "Remove the flag, or the reference.")


def npc_tokens(col, emit):
    for npc in col.of_kind("npc"):
        box = col.boxes.get(npc["box"])
        if box is None:
            continue
        pools = {c["id"] for c in box["children"] if c["kind"] == "pool"}
        for tok in sorted(col.uses(npc)["token"]):
            t = col.tokens.get(tok)
            if t is not None and (col.prop(t, "drawn-from") or t["id"]) not in pools:
                emit(f"the non-player figure '{npc['id']}' needs the token '{t['id']}', which box '{npc['box']}' "
                     "does not provide", npc["qid"], span_of(npc["span"]))


register(npc_tokens, "C602", "npc-tokens", "error", "Free-For-All",
         "The non-player figure's effects need tokens that its box provides (Fire for Cyborg).",
         "npc x \"X\" { on turn-end { place(poison, 1, ...) } }   # in a box without Poison",
         "Add the pool to the box, or change the effect.")


def ffa_without_npc(col, emit):
    # a mode whose setup puts the box's figure nobody controls in the game (`add-unowned-figure()`)
    modes = [m for m in sorted(col.of_kind("mode"), key=lambda c: c["qid"]) if has_unowned_figure(m, col.top)]
    for box_id, box in sorted(col.boxes.items()):
        npcs = col.of_kind("npc", box_id)
        for mode in modes if not npcs else []:
            emit(f"mode '{mode['id']}' needs a non-player figure, but box '{box_id}' declares no `npc`",
                 box["qid"], span_of(box["span"]), related=[Related(span_of(mode["span"]), f"mode '{mode['id']}'")],
                 hint=f"declare `npc ID \"Name\" {{ figure CHARACTER ... }}` in box '{box_id}'")


register(ffa_without_npc, "C603", "ffa-without-npc", "error", "Free-For-All",
         "A mode whose setup says `add-unowned-figure()` puts the box's non-player figure (an `npc`: Taz, Cyborg) in the "
         "middle of the board; a box without one cannot play it, and its character would be dealt to a "
         "player instead (the rulebook: \"Cyborg is not a playable Character in this mode\").",
         "a box with no `npc` and the shared Free-For-All mode", 'npc spinning-taz "Spinning Taz" { figure taz ... }')
