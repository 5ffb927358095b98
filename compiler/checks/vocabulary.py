"""Vocabulary checks: one meaning per keyword and status, keywords in use, and card text
that says what the effect does."""
from __future__ import annotations

import json
import re

from mayhem.dsl.diagnostics import Related

from . import register, span_of
from .tally import tally
from .names import canonical
from ..render_text import mentions, normalised, render, text_mentions

VOCAB_KINDS = ("keyword", "token")
TEXT_KINDS = ("ability", "special-ability", "mayhem-card", "go-card", "location", "token", "npc")


def two_meanings(col, emit):
    for (kind, _name), comps in col.by_display_name(VOCAB_KINDS, lambda c: not col.prop(c, "group")).items():
        if len({c["scope"] for c in comps}) < 2:
            continue
        first = comps[0]
        ref = json.dumps([canonical(first["effects"]), canonical(first["triggers"])], sort_keys=True)
        for other in comps[1:]:
            if json.dumps([canonical(other["effects"]), canonical(other["triggers"])], sort_keys=True) != ref:
                emit(f"the {kind} \"{other['name']}\" of {other['scope']} means something else than the one of "
                     f"{first['scope']}", other["qid"], span_of(other["span"]),
                     related=[Related(span_of(first["span"]), "the other definition")],
                     hint="use one definition for one name")


register(two_meanings, "C301", "two-meanings", "error", "vocabulary",
         "A keyword or status defined in two places (two boxes, or a box and a module) under one name must "
         "mean the same thing: the same effect graph. Otherwise a player reading \"TRAP 2\" cannot know which. "
         "(The faces of a token group, like the ACME tokens, are named within their group.)",
         'keyword trap "TRAP X" (x) { ... }   # in a box, unlike the shared TRAP X',
         "Use the shared definition, or give the new one another name.")


def _keywords_called(col, comp: dict):
    return col.uses(comp)["keyword"]


def unused_keyword(col, emit):
    used = tally(col, "C302", _keywords_called)
    for qid, kw in sorted(col.keywords.items()):
        if not used.count(qid):
            emit(f"keyword '{kw['id']}' (\"{kw['name']}\") is never used", qid, span_of(kw["span"]))


register(unused_keyword, "C302", "unused-keyword", "warning", "vocabulary",
         "A keyword is defined but no component (and no other keyword) uses it.",
         'keyword hover "HOVER" { ... }   # used nowhere', "Use it, or remove it.")


_CAPS = re.compile(r"\b[A-Z]{4,}\b")


def text_vs_effect(col, emit):
    caps_keywords = {}
    for kw in col.keywords.values():
        for word in _CAPS.findall(kw["name"] or ""):
            caps_keywords.setdefault(word, set()).add(kw["qid"])
    for qid, comp, text in col.texted(TEXT_KINDS):  # (in qid order, as the text checks go)
        if not comp["effects"] and not comp["triggers"]:
            continue
        body = [s for eff in comp["effects"].values() for s in eff["body"]] + comp["triggers"]
        used = mentions(body, col.keywords)
        low = normalised(text) if used else None
        for m in used:
            if not text_mentions(text, m.words, m.number, low):
                emit(f"the text of {comp['kind']} '{comp['id']}' does not mention {m.rendered}, which its effect uses",
                     qid, col.prop_span(comp, "text"), hint=f"the effect reads: {render(comp, col.keywords)}")
                break
        used_qids = {m.keyword for m in used}
        for word in sorted(set(_CAPS.findall(text))):
            qids = caps_keywords.get(word)
            if qids and not (qids & used_qids):
                # the effect rendered for the hint only (it was two fifths of the check)
                emit(f"the text of {comp['kind']} '{comp['id']}' names {word}, which its effect does not use",
                     qid, col.prop_span(comp, "text"), hint=f"the effect reads: {render(comp, col.keywords)}")
                break


register(text_vs_effect, "C303", "text-vs-effect", "warning", "vocabulary",
         "The card text must say what the effect does. The check renders the effect from the compiled graph "
         "and compares: every keyword the effect uses must be named in the text (with its number, as in "
         "TRAP 2), and every keyword the text names in capitals (PUSH, STUN ...) must be in the effect.",
         'ability a "A" { text "Melee Attack. Special: PUSH." ... special { pull } }',
         "Fix the text or the effect, whichever is wrong.")
