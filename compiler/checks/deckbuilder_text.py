"""The card text of a deck-builder against what the card does: "+N Power", "Draw N cards",
"Destroy", "Gain", "Discard", "Attack:", "Defense:", "Ongoing:" and "First Appearance"
(the rulebook's phrasing), each compared with the card's parts and effects as
deckbuilder_facts.py reads them.

>>> [(p.kind, p.number, p.phrase) for p in said("+2 Power. Draw a card.", "Power")]
[('power', 2, '+2 Power'), ('draw', 1, 'Draw a card')]
>>> [(p.kind, p.phrase) for p in said("First Appearance \u2014 Attack: Each foe gains a Weakness.", "Power")]
[('appear', 'First Appearance'), ('attack', 'Attack:'), ('gain', 'gains')]
>>> [p.kind for p in said("Destroy up to 2 cards in your discard pile. Ongoing: +1 Power.", "Power")]
['destroy', 'ongoing', 'power']
"""
from __future__ import annotations

import re
from typing import NamedTuple

from . import register
from .deckbuilder_facts import does, games, market
from .card_text import WORDS

NUMBER = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
_FIXED = (
    ("draw", re.compile(rf"\bdraws?\s+{NUMBER}\s+(?:extra\s+|more\s+|additional\s+)?cards?\b", re.I)),
    ("destroy", re.compile(r"\bdestroys?\b", re.I)),
    ("discard", re.compile(r"\bdiscards?\b(?!\s+piles?)", re.I)),
    ("attack", re.compile(r"\battack\s*:", re.I)),
    ("defense", re.compile(r"\bdefen[cs]e\s*:", re.I)),
    ("ongoing", re.compile(r"\bongoing\s*:", re.I)),
    ("appear", re.compile(r"\bfirst\s+appearance\b", re.I)),
)
# what each phrase needs the card to do, in words, for the finding
NEEDS = {"destroy": "destroys no card", "gain": "gains no card", "discard": "discards no card",
         "attack": "makes no Attack (it raises no event)", "defense": "has no trigger to answer an Attack with",
         "ongoing": "puts nothing into a zone that is in play", "appear": "has no effect of its own but `effect`"}


class Phrase(NamedTuple):
    kind: str
    number: int | None
    phrase: str
    at: int


def _number(word: str) -> int:
    word = word.lower()
    return 1 if word in ("a", "an") else WORDS[word] if word in WORDS else int(word)


def said(text: str, pay_name: str) -> list[Phrase]:
    """The phrases of a deck-builder's card text that state what the card does, in order."""
    out = []
    pay = re.escape(pay_name)
    for m in re.finditer(rf"\+\s*(\d+)\s+{pay}\b", text, re.I):
        out.append(Phrase("power", int(m.group(1)), m.group(0), m.start()))
    # "gain" a card, not "+1 Power" gained or a counter ("gains 2 Power", "gain 1 VP")
    for m in re.finditer(rf"\bgains?\b(?!\s+\+?\d+\s+(?:{pay}|vp|victory)\b)", text, re.I):
        out.append(Phrase("gain", None, m.group(0), m.start()))
    for kind, pattern in _FIXED:
        for m in pattern.finditer(text):
            number = _number(m.group(1)) if kind == "draw" else None
            out.append(Phrase(kind, number, m.group(0).replace(" :", ":"), m.start()))
    return sorted(out, key=lambda p: (p.at, p.kind))


def _event_primitives(col, game: dict, events: set[str]) -> tuple[set[str], set[str]]:
    """(primitives, zones cards go to) of the effects of these events of the game."""
    prims, zones = set(), set()
    for ev in game["children"]:
        if ev["kind"] != "event" or ev["id"] not in events:
            continue
        for _label, body, _span in col.bodies(ev):
            for s in col.stmts(body):
                if s["op"] == "primitive":
                    prims.add(s.get("name"))
                    if s.get("name") in ("move-card", "gain-card"):
                        zones |= {e["name"] for e in col.exprs((s.get("args") or {}).get("to") or {})
                                  if e.get("e") == "zone"}
    return prims, zones


def _shown(numbers: set) -> str:
    return " and ".join(map(str, sorted(numbers))) if numbers else "no"


def text_vs_deckbuilder(col, emit):
    for _game_id, game in sorted(games(col).items()):
        sold = market(col, game)
        if sold is None:
            continue
        discard = col.prop(game, "discard-to") or "discard"
        in_play = {z for z, zone in sold.zones.items() if col.prop(zone, "in-play")}
        entering = {col.prop(zone, "enter-effect") for zone in sold.zones.values()} - {None}
        for card in sold.cards:
            text = col.prop(card, "text")
            if not text:
                continue
            d = does(col, sold, card)
            ev_prims, ev_zones = _event_primitives(col, game, d.raises)
            prims, to = d.primitives | ev_prims, d.to_zones | ev_zones
            ct = sold.card_types[card["kind"]]
            has = {"destroy": "destroy" in prims or any("destroy" in z for z in to),
                   "gain": "gain-card" in prims,
                   "discard": discard in to,
                   "attack": bool(d.raises),
                   "defense": bool(card["triggers"]) or bool(col.prop(ct, "reacts-from")),
                   "ongoing": bool(d.to_zones & in_play),
                   "appear": bool(d.slots - {"effect"}) or bool(d.slots & entering)}
            where = col.prop_span(card, "text")
            for p in said(text, sold.pay_name):
                if p.kind == "power":
                    if d.power is None or d.trigger_power is None or p.number in d.power_numbers:
                        continue
                    emit(f"the text of {card['kind']} '{card['id']}' says \"{p.phrase}\", but the card gives "
                         f"{_shown(d.power_numbers)} {sold.pay_name}", card["qid"], where,
                         hint=_fix(d.power_props, p.number))
                elif p.kind == "draw":
                    if d.draws is None or p.number in d.draw_numbers:
                        continue
                    emit(f"the text of {card['kind']} '{card['id']}' says \"{p.phrase}\", but the card draws "
                         f"{_shown(d.draw_numbers)} card{'s' * (d.draw_numbers != {1})}", card["qid"], where,
                         hint=_fix(d.draw_props, p.number))
                elif not has[p.kind]:
                    emit(f"the text of {card['kind']} '{card['id']}' says \"{p.phrase}\", but the card "
                         f"{NEEDS[p.kind]}", card["qid"], where,
                         hint="write what the text says in the card's effect (or its card type's part), or fix "
                         "the text")


def _fix(props: set, number: int) -> str:
    if props:
        return f"`{sorted(props)[0]} {number}`, or fix the text"
    return "fix the number in the text or in the effect, whichever is wrong"


register(text_vs_deckbuilder, "C809", "deckbuilder-text", "warning", "card games",
         "In a game that buys cards, a card's text agrees with what the card does, through its card type's "
         "parts (`power 2` whose part gains the Power counter) and its own effects and triggers: \"+2 Power\" "
         "is a card that gains 2 of the counter costs are paid from (named as that counter is), \"Draw 2 "
         "cards\" (\"Draw a card\") one that draws 2 (1); \"Destroy\", \"Gain\" (a card) and \"Discard\" one "
         "that destroys, gains and moves a card to the discard pile (or raises an event that does); "
         "\"Attack:\" one that raises an event, \"Defense:\" one with a trigger (or of a card type that "
         "`reacts-from` a zone), \"Ongoing:\" one that puts itself into a zone `in-play`, \"First "
         "Appearance\" one with an effect of its own besides `effect` (a villain's `appear`). Amounts the "
         "content only knows in play (+1 Power for each Hero) are not compared.",
         'market-card m "M" { text "+2 Power."  power 3 }',
         "Fix the number in the text or in the card, whichever is wrong.")
