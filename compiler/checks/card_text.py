"""Card text read by a grammar (`card_text.lark`): the facts a text states that an effect
must match, a limiter, a duration, and the numbers it attaches to Damage, Heal,
Victory Points, tokens, Life and Damage thresholds.

>>> [(f.kind, f.value) for f in facts("Once per turn: Heal up to 2 Damage.")]
[('limiter', 'turn'), ('heal', 2)]
>>> [(f.kind, f.value, f.name) for f in facts("Mission: defeat Trigon (10 Life Points). Reward: 2 Victory Points.")]
[('life', 10, None), ('vp', 2, None)]
>>> [(f.kind, f.value) for f in facts("While Taz has 5 or more Damage, his Attacks deal +1 Damage.")]
[('at-least', 5), ('bonus', 1)]
>>> [(f.kind, f.value) for f in facts("Until the end of the round, it takes 1 Damage.")]
[('duration', 'round'), ('damage', 1)]
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from mayhem.dsl.scanner import FastContextualLexer

GRAMMAR = Path(__file__).with_name("card_text.lark")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10}


@dataclass(frozen=True)
class Fact:
    """One thing a text says: `kind` is limiter, duration, damage, heal, prevent, bonus,
    at-least, after, vp, life or tokens; `value` its number (or the period: turn, round,
    game); `name` the token's name for tokens; `phrase` the words as written."""

    kind: str
    value: int | str
    phrase: str
    name: str | None = None


@lru_cache(maxsize=1)
def parser() -> Lark:
    # the lexer of content files (dsl/scanner.py): Lark's, with a tighter loop per token
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                _plugins={"ContextualLexer": FastContextualLexer})


def _number(tok: Token) -> int:
    text = str(tok).lower().lstrip("+")
    return WORDS[text] if text in WORDS else int(text)


def _fact(tree: Tree) -> Fact | None:
    toks = [t for t in tree.children if isinstance(t, Token)]
    types = [t.type for t in toks]
    phrase = " ".join(str(t) for t in toks)
    nums = [_number(t) for t in toks if t.type in ("NUMBER", "SIGNED_NUMBER")]
    kind = str(tree.data)
    if kind == "limiter":
        return Fact("limiter", str(toks[-1]).lower(), phrase) if "PERIOD" in types else None
    if kind == "duration":
        return Fact("duration", str(toks[-1]).lower(), phrase) if types[-1] == "PERIOD" else None
    if not nums:
        return None
    if kind == "heal" and types[0] == "REMOVE" and "DAMAGE" not in types:
        return None  # "remove 1 Obstacle" heals nothing
    if kind in ("heal", "prevent", "damage", "vp", "life", "after"):
        return Fact(kind, nums[0], phrase)
    if kind in ("increase", "more", "add"):
        return Fact("bonus", nums[0], phrase)
    if kind == "at_least":
        return Fact("at-least", nums[0], phrase) if "DAMAGE" in types else None
    if kind == "tokens":
        name = next(str(t) for t in toks if t.type == "NAME")
        return Fact("tokens", nums[0], phrase, name)
    return None


@lru_cache(maxsize=1 << 16)
def facts(text: str) -> tuple[Fact, ...]:
    """The facts of a card text, in the order the text states them (cached: several
    checks read each text, and a large collection repeats its phrasing; the cache holds
    a collection of tens of thousands of texts, so that each is parsed once per run)."""
    try:
        tree = parser().parse(text)
    except LarkError:  # the grammar takes any run of words; this is a safety net, not a path
        return ()
    out = []
    for node in tree.children:
        if isinstance(node, Tree):
            f = _fact(node)
            if f is not None:
                out.append(f)
    return tuple(out)


def of_kind(text: str | None, *kinds: str) -> list[Fact]:
    if not text:
        return []
    return [f for f in facts(text) if f.kind in kinds]
