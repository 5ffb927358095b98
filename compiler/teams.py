"""Competitive Mode team lists: a `team` declaration checked against the whole collection
(`mayhem team check TEAM.mh`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean
from mayhem.dsl.parser import parse_source, read_source

from .model import SourceUnit, build_model

CHARACTERS_PER_TEAM = 2


def _item_span(pv, i: int):
    """The span of the i-th string of a list property (the whole property if unknown)."""
    values = pv.node.values
    if values and hasattr(values[0], "items") and i < len(values[0].items):
        return values[0].items[i].span
    return pv.span


@dataclass
class TeamList:
    id: str
    name: str
    characters: list[str] = field(default_factory=list)  # "box/id" or "box/id/side"
    hand: list[str] = field(default_factory=list)  # "box/card"
    path: str = ""

    def to_config(self) -> dict:
        return {"characters": list(self.characters), "hand": list(self.hand)}


def load_team(path: Path, ir: dict, diags: Diagnostics) -> TeamList | None:
    """Parse a team file and check it against the compiled collection; every violation is
    reported with its position and the rule it breaks."""
    name = path.name
    src = read_source(path, name, diags)
    if src is None:
        return None
    tree = parse_source(src, diags)
    if tree is None:
        return None
    if tree.in_box is not None:
        diags.error("E601", "a team list belongs to no box: remove 'in box'", tree.in_box.span,
                    hint="a team mixes characters of every box")
    model = build_model({name: SourceUnit(tree, None, [])}, diags)
    teams = [c for c in model.top_level() if c.kind == "team"]
    if len(teams) != 1:
        span = teams[1].decl.id_span if len(teams) > 1 else None
        diags.error("E601", f"a team file declares one team, not {len(teams)}", span,
                    hint='write: team my-team "My Team" { characters [...] hand [...] }')
        if not teams:
            return None
    comp = teams[0]
    by_qid = {}

    def index(c):
        by_qid[c["qid"]] = c
        for ch in c["children"]:
            index(ch)

    for c in ir["components"]:
        index(c)
    characters = {q: c for q, c in by_qid.items() if c["kind"] == "character"}
    cards = {q: c for q, c in by_qid.items() if c["kind"] == "mayhem-card"}
    team = TeamList(comp.id, comp.name or comp.id, path=str(path))
    chosen: list[tuple[str, dict, dict]] = []  # (ref, character, side)
    chars_pv = comp.props.get("characters")
    if chars_pv is not None:
        span = chars_pv.span
        for i, ref in enumerate(chars_pv.value):
            target = by_qid.get(ref)
            side = None
            if target is not None and target["kind"] == "side":
                side = target
                target = by_qid.get(ref.rsplit("/", 1)[0])
            if target is None or target["kind"] != "character":
                diags.error("E602", f"no character '{ref}' in the collection", _item_span(chars_pv, i),
                            hint=did_you_mean(ref, characters, quote="\"") or
                            "characters are written \"box/id\", e.g. \"teen-titans-go/robin\"")
                continue
            sides = [c for c in target["children"] if c["kind"] == "side"]
            if side is None:
                side = sides[0] if sides else target
            chosen.append((ref, target, side))
            team.characters.append(ref)
        ids = [c["qid"] for _r, c, _s in chosen]
        for dup in sorted({q for q in ids if ids.count(q) > 1}):
            second = [i for i, ref in enumerate(chars_pv.value) if ref.startswith(dup)][1]
            diags.error("E603", f"'{dup}' is in the team twice; a team has two different characters",
                        _item_span(chars_pv, second),
                        hint="both teams may field the same character, one team may not")
        if len(chars_pv.value) != CHARACTERS_PER_TEAM:
            diags.error("E603", f"a team has {CHARACTERS_PER_TEAM} characters, not {len(chars_pv.value)}", span)
    hand_pv = comp.props.get("hand")
    if hand_pv is not None:
        span = hand_pv.span
        for i, ref in enumerate(hand_pv.value):
            if ref not in cards:
                diags.error("E604", f"no Mayhem card '{ref}' in the collection", _item_span(hand_pv, i),
                            hint=did_you_mean(ref, cards, quote="\"") or
                            "cards are written \"box/id\", e.g. \"teen-titans-go/pizza-time\"")
        for dup in sorted({q for q in hand_pv.value if hand_pv.value.count(q) > 1}):
            second = [i for i, ref in enumerate(hand_pv.value) if ref == dup][1]
            diags.error("E605", f"'{dup}' is in the hand twice; a team may not select 2 of the same Mayhem card",
                        _item_span(hand_pv, second))
        icons = sum((s["props"].get("mayhem-cards") or {}).get("value", 0) for _r, _c, s in chosen)
        if chosen and len(hand_pv.value) > icons:
            diags.error("E606", f"the hand holds {len(hand_pv.value)} Mayhem cards but the characters show "
                        f"only {icons} Mayhem icons", span, hint="the starting hand is limited to the characters' "
                        "Mayhem icons (a double-sided dashboard counts the side chosen, side a by default)",
                        related=[Related(chars_pv.span, "the characters")] if chars_pv else [])
        team.hand = [q for q in hand_pv.value if q in cards]
    return team
