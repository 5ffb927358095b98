"""Text checks: card text read by its grammar (`card_text.py`) against the compiled
effect: an empty effect under a text, limiters, durations, and every number the text
attaches to Damage, Heal, Victory Points, tokens, Life and Damage thresholds."""
from __future__ import annotations

from . import card_text, register, span_of
from .effect_facts import collect
from .vocabulary import TEXT_KINDS
from .wording import counted
from ..render_text import render

UNTIL_PERIOD = {"turn-end": "turn", "round-end": "round"}
# what the effect does with each kind of number, in words: the verb and the counted noun
# (the rulebooks: "deal 2 Damage", "Heal up to 3 Damage", "the Team gets 1 Victory Point")
NUMBER_WORDS = {"damage": ("deals", "Damage", "Damage"), "heal": ("heals", "Damage", "Damage"),
                "prevent": ("prevents", "Damage", "Damage"), "bonus": ("adds", "Damage", "Damage"),
                "vp": ("gives", "Victory Point", "Victory Points")}


def _texted(col):
    """(qid, component, text) of every component with a text that says what it does."""
    return col.texted(TEXT_KINDS)


def _hint(col, comp) -> str:
    rendered = render(comp, col.keywords)
    return f"the effect reads: {rendered}" if rendered else "the effect does nothing"


def empty_effect(col, emit):
    for qid, comp, text in _texted(col):
        for name, eff in sorted(comp["effects"].items()):
            if not eff["body"]:
                emit(f"the `{name}` block of {comp['kind']} '{comp['id']}' is empty, but its text promises an "
                     f"effect: \"{text}\"", qid, span_of(eff["span"]))
        blocks = {id(s): s for _label, body, _span in col.bodies(comp) for s in col.stmts(body)
                  if s["op"] in ("until", "trigger")}
        for s in blocks.values():
            if not s["body"]:
                what = f"`on {s['event']}` trigger" if s["op"] == "trigger" else f"`until {s['event']}` block"
                emit(f"the {what} of {comp['kind']} '{comp['id']}' is empty, but its text promises an effect: "
                     f"\"{text}\"", qid, span_of(s["span"]))


register(empty_effect, "C304", "empty-effect", "warning", "vocabulary",
         "A component's text promises an effect, but the block that should do it is empty: an `effect { }`, "
         "a slot, a trigger or an `until` block with no statement in it. In play nothing happens.",
         'mayhem-card c "C" { text "Deal 2 Damage." ... effect { } }',
         "Write the effect the text describes (or remove the empty block and the text that promises it).")


def limiter_vs_text(col, emit):
    for qid, comp, text in _texted(col):
        if comp["kind"] != "special-ability":
            continue
        said = card_text.of_kind(text, "limiter")
        once = col.prop(comp, "once")
        periods = [f.value for f in said]
        if said and once is None:
            emit(f"the text of special-ability '{comp['id']}' says \"{said[0].phrase}\", but it has no "
                 f"`once per {said[0].value}`", qid, col.prop_span(comp, "text"),
                 hint=f"add `once per {said[0].value}`")
        elif once is not None and once not in periods:
            if said:
                emit(f"the text of special-ability '{comp['id']}' says \"{said[0].phrase}\", but it is written "
                     f"`once per {once}`", qid, col.prop_span(comp, "once"),
                     hint=f"write `once per {said[0].value}`, or fix the text")
            else:
                emit(f"special-ability '{comp['id']}' is used `once per {once}`, but its text does not say so",
                     qid, col.prop_span(comp, "once"),
                     hint=f"start the text with \"Once per {once}:\", or remove the limiter")


register(limiter_vs_text, "C305", "limiter-vs-text", "warning", "vocabulary",
         "A Special Ability's limiter must be the one its text states: \"Once per turn\" is `once per turn`, "
         "\"Once per game\" is `once per game`. A text that states a limiter the ability lacks lets it be used "
         "every time; a limiter the text does not state hides a rule from the players.",
         'special-ability s "S" { text "Once per game: Shield." once per turn ... }',
         "Make the `once` line and the text say the same.")


def duration_vs_text(col, emit):
    for qid, comp, text in _texted(col):
        said = card_text.of_kind(text, "duration")
        if not said:
            continue
        periods = {f.value for f in said}
        for s in collect(col, comp).untils:
            period = UNTIL_PERIOD.get(s["event"])
            if period is not None and period not in periods:
                emit(f"the text of {comp['kind']} '{comp['id']}' says \"{said[0].phrase}\", but its effect "
                     f"installs `until {s['event']}`", qid, span_of(s["span"]),
                     hint=f"write `until {said[0].value}-end`, or fix the text")


register(duration_vs_text, "C306", "duration-vs-text", "warning", "vocabulary",
         "What a card installs must last as long as its text says: a text that says \"until the end of the "
         "round\" installs `until round-end`, \"until the end of the turn\" (or \"for the rest of the turn\") "
         "`until turn-end`.",
         'mayhem-card c "C" { text "Until the end of the round, ..." ... effect { until turn-end { ... } } }',
         "Make the `until` and the text say the same.")


def _life(col, qid: str) -> tuple[int, dict] | None:
    """The Life of the character (or side) a component belongs to."""
    q = qid
    while q is not None:
        comp = col.by_qid[q]
        if comp["kind"] in ("character", "side") and col.prop(comp, "life") is not None:
            return col.prop(comp, "life"), comp
        q = col.parent.get(q)
    return None


def _said(numbers: set[int]) -> str:
    return " and ".join(str(n) for n in sorted(numbers)) or "none"


def _does(words: tuple[str, str, str], numbers: set[int]) -> str:
    """What the effect does, in words: "deals 1 Damage", "gives 1 Victory Point", "gives 1 and
    2 Victory Points", "gives no Victory Points"."""
    verb, one, many = words
    n = next(iter(numbers)) if len(numbers) == 1 else (_said(numbers) if numbers else "no")
    return f"{verb} {counted(n, one, many)}"


def numbers_vs_text(col, emit):
    for qid, comp, text in _texted(col):
        said = card_text.facts(text)
        if not said:
            continue
        # (the text's span is worked out for a finding only: a regular expression per component)
        by_kind: dict[str, list] = {}
        for f in said:
            by_kind.setdefault(f.kind, []).append(f)
        own = comp["effects"] or comp["triggers"]
        done = collect(col, comp) if own else None
        thresholds = "at-least" in by_kind or "after" in by_kind
        if done is not None:
            for kind, does in NUMBER_WORDS.items():
                stated = by_kind.get(kind)
                if not stated:
                    continue
                text_numbers = {f.value for f in stated}
                effect_numbers = done.numbers.get(kind, set())
                quoted = ", ".join(f'"{f.phrase}"' for f in stated)
                # a number the text states and the effect does not do, or one the component
                # writes and the text does not state
                if effect_numbers and (text_numbers - effect_numbers or done.written.get(kind, set()) - text_numbers):
                    emit(f"the text of {comp['kind']} '{comp['id']}' says {quoted}, but its effect "
                         f"{_does(does, effect_numbers)}",
                         qid, col.prop_span(comp, "text"), hint=_hint(col, comp))
                elif not effect_numbers and kind not in done.unknown:
                    emit(f"the text of {comp['kind']} '{comp['id']}' says {quoted}, but its effect "
                         f"{_does(does, set())}", qid, col.prop_span(comp, "text"),
                         hint=_hint(col, comp))
            for f in by_kind.get("tokens", ()):
                _tokens(col, comp, f, done, col.prop_span(comp, "text"), emit)
            tested = {n for n, _c in done.thresholds}
            for f in (f for f in said if thresholds and f.kind in ("at-least", "after")):
                if tested and f.value not in tested:
                    emit(f"the text of {comp['kind']} '{comp['id']}' says \"{f.phrase}\", but its condition holds "
                         f"from {_said(tested)} Damage", qid, col.prop_span(comp, "text"), hint=_hint(col, comp))
        for f in (f for f in said if thresholds and f.kind in ("at-least", "after")):
            life = _life(col, qid)
            if life is not None and f.value > life[0]:
                emit(f"the text of {comp['kind']} '{comp['id']}' says \"{f.phrase}\", but '{life[1]['id']}' has "
                     f"{life[0]} Life: it is KO'ed before", qid, col.prop_span(comp, "text"),
                     hint=f"a threshold of at most {life[0]} Damage, or more Life")
        for f in by_kind.get("life", ()):
            life = col.prop(comp, "monster-life", col.prop(comp, "life"))
            if life is not None and life != f.value:
                prop = "monster-life" if col.prop(comp, "monster-life") is not None else "life"
                emit(f"the text of {comp['kind']} '{comp['id']}' says \"{f.phrase}\", but its `{prop}` is {life}",
                     qid, col.prop_span(comp, "text"), hint=f"`{prop} {f.value}`, or fix the text")


register(numbers_vs_text, "C307", "numbers-vs-text", "warning", "vocabulary",
         "Every number the text attaches to Damage, Heal, prevented Damage, extra Damage (+X, \"1 more\"), "
         "Victory Points, tokens, Life and Damage thresholds must be the number the effect uses: \"2 Damage\" "
         "dealt as 1, \"Reward: 2 Victory Points\" giving 1, \"2 Poison tokens\" placing 1, \"(7 Life Points)\" "
         "on a Monster of 6, or \"after 15 Damage\" on a character of 14 Life are caught. Numbers the effect "
         "only knows in play (Damage equal to the Mayhem die) are not compared.",
         'mayhem-card c "C" { text "Deal 2 Damage." ... effect { damage(one opponent in here, 1) } }',
         "Fix the number in the text or in the effect, whichever is wrong.")


def _tokens(col, comp, fact, done, where, emit) -> None:
    name = fact.name.lower()
    for tq, counts in sorted(done.tokens.items()):
        tok = col.by_qid.get(tq)
        if tok is None:
            continue
        names = {(tok["name"] or tok["id"]).lower(), tok["id"].lower()}
        names |= {n + "s" for n in names}
        if name not in names or None in counts:
            continue
        if fact.value not in counts and fact.value != sum(counts):
            emit(f"the text of {comp['kind']} '{comp['id']}' says \"{fact.phrase}\", but its effect places or takes "
                 f"{_said(set(counts))} '{tok['id']}'", comp["qid"], where, hint=_hint(col, comp))
