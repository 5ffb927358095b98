"""Timing checks: a Mayhem card's `timing` and `duration` against what its content does."""
from __future__ import annotations

from . import register, span_of
from .effect_facts import collect


def _card_untils(col, card: dict) -> list[dict]:
    return collect(col, card).untils


def timing_vs_content(col, emit):
    for card in col.of_kind("mayhem-card"):
        qid, timing, duration = card["qid"], col.prop(card, "timing"), col.prop(card, "duration")
        untils = _card_untils(col, card)
        events = {s["event"] for s in untils}
        if duration == "round" and "round-end" not in events:
            what = (f"installs only `until {sorted(events)[0]}`" if events else "its effect is immediate: it "
                    "installs nothing that lasts")
            emit(f"mayhem-card '{card['id']}' lasts the round (`duration round`), but {what}", qid,
                 col.prop_span(card, "duration"),
                 hint="install the effect with `until round-end { ... }`, or write `duration immediate`")
        if duration == "immediate" and "round-end" in events:
            s = next(s for s in untils if s["event"] == "round-end")
            emit(f"mayhem-card '{card['id']}' is `duration immediate`, but installs `until round-end`", qid,
                 span_of(s["span"]), hint="write `duration round`, or install it `until turn-end`")
        if timing in ("activation", "round-start") and card["triggers"] and not card["effects"]:
            trig = card["triggers"][0]
            emit(f"mayhem-card '{card['id']}' is played at {'Character Activation' if timing == 'activation' else 'Round Start'}"
                 f" (`timing {timing}`), but its only content is a Reaction trigger (`on {trig['event']}`), which "
                 f"only a `timing reaction` card installs", qid, span_of(trig["span"]),
                 hint="write `timing reaction`, or wrap the trigger in `effect { until round-end { ... } }`")
        if timing == "reaction" and card["effects"] and not card["triggers"]:
            name = sorted(card["effects"])[0]
            emit(f"mayhem-card '{card['id']}' is a Reaction (`timing reaction`), but it has no trigger to react "
                 f"with: its `{name}` block is never played", qid, span_of(card["effects"][name]["span"]),
                 hint="write the Reaction as a trigger (`on attack when target is friend { ... }`), or fix the timing")


register(timing_vs_content, "C407", "timing-vs-content", "warning", "effect graph",
         "A Mayhem card's `timing` and `duration` must fit what it does. The rulebook's duration icons: "
         "\"Immediate icon: Happens immediately. Round icon: Lasts until the end of the current round.\" and its "
         "Reaction icon: \"effects that react to another action\". A `duration round` card installs something "
         "`until round-end`; an `immediate` one installs nothing that outlasts the turn by the round. A "
         "`reaction` card answers an event with a trigger (`on attack ...`), and only Reaction cards do: the "
         "triggers of a `round-start` or `activation` card are never installed, so a card of those timings "
         "whose only content is a trigger does nothing.",
         'mayhem-card c "C" { timing activation  duration immediate  on attack when target is friend { prevent(2) } }',
         "Make the timing and duration say what the content does (`timing reaction` for a trigger, "
         "`until round-end { ... }` for a round).")
