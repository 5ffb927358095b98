"""Card text rendered from the compiled effects, in the rulebook's words; and the
keyword mentions that authored text must share with the effect it describes."""
from __future__ import annotations

from dataclasses import dataclass
import re
import sys

from . import builtins as B, builtins_kernel as K
from .ir_ops import STATEMENTS, dispatch, register_walker


SLOT_LABELS = {"special": "Special", "mayhem": "Mayhem", "when-picked": "When picked", "reward": "Reward"}

PRIMITIVE_PHRASES = {
    "attack": "Attack", "damage": "deal {amount} Damage", "remove-damage": "Heal {amount}",
    "place": "place {count} {token}", "remove": "discard {count} {token}", "remove-all": "discard every {token}",
    "take": "take {token}", "shift": "move {token}", "move-figure": "Move", "place-figure": "place a figure",
    "off-board": "take off the board", "bonus": "+{amount} Damage", "prevent": "prevent {amount} Damage",
    "increase": "+{amount} Damage", "gain-vp": "gain {amount} VP", "roll-mayhem-die": "roll the Mayhem die",
    "reroll-dice": "reroll dice", "grant-mayhem-icon": "the Mayhem die shows the Mayhem icon",
    "spend-free-move": "sacrifice the free Move", "complete-mission": "the Mission is fulfilled",
    "expire": "", "draw-mayhem": "draw {count} Mayhem card",
    "grant-icon": "the {die} die shows its icon", "card-done": "the card is done",
}


# How tightly an IR expression binds, as dsl/mayhem.lark nests them: or_ < and_ < not_ <
# comparison < sum < product < unary < atom. A selector with `where` swallows everything
# after it, so as an operand it binds loosest of all.
_BINDING = {"or": 1, "and": 2, "not": 3, "cmp": 4, "is": 4, "neg": 7}
ATOM = 8


def binding(e) -> int:
    """The grammar level of an IR expression (higher binds tighter)."""
    if not isinstance(e, dict):
        return ATOM
    k = e.get("e")
    if k == "bin":
        return 6 if e.get("op") == "*" else 5
    if k == "select" and e.get("where") is not None:
        return 0
    return _BINDING.get(k, ATOM)


def needs_parens(parent: dict, child, side: str = "l") -> bool:
    """Does `child`, an operand of `parent` (on `side` "l" or "r" of a binary operator),
    need brackets to keep its meaning when printed? Only where precedence requires:
    `a and (b or c)`, `(a + b) * c`, `a - (b - c)`, `-(a + b)`, `not (a and b)`, but
    `a or b and c`, `a + b * c`, `a + (b - c)` printed `a + b - c`.

    >>> a, b, c = ({"e": "var", "name": n} for n in "abc")
    >>> needs_parens({"e": "and"}, {"e": "or", "items": [b, c]})
    True
    >>> needs_parens({"e": "or"}, {"e": "and", "items": [b, c]})
    False
    >>> needs_parens({"e": "bin", "op": "-"}, {"e": "bin", "op": "-", "l": b, "r": c}, "r")
    True
    >>> needs_parens({"e": "bin", "op": "+"}, {"e": "bin", "op": "-", "l": b, "r": c}, "r")
    False
    """
    k = parent.get("e")
    level = binding(child)
    if k in ("and", "or"):  # both are associative: `a and (b and c)` reads `a and b and c`
        return level < _BINDING[k]
    if k == "not":
        return level < _BINDING["not"]
    if k in ("cmp", "is"):  # `sum COMPARE sum`: comparisons do not chain
        return level < 5
    if k == "bin":
        own = binding(parent)
        if side == "l" or parent.get("op") in ("+", "*"):  # `a + (b - c)` == `a + b - c`
            return level < own
        return level <= own
    if k == "neg":
        return level < _BINDING["neg"]
    if k == "select":  # its count and `in` are sums; its `where` takes any expression
        return side != "where" and level < 5
    return False


def parameters(name: str, primitive: bool = False) -> list[str] | None:
    """The parameter names of a function (or a primitive) of the vocabulary, in order; None for
    a name it does not hold.

    >>> parameters("value")
    ['counter', 'of']
    """
    table = (B.PRIMITIVES, K.KERNEL_PRIMITIVES) if primitive else (B.FUNCTIONS, K.KERNEL_FUNCTIONS)
    found = table[0].get(name) or table[1].get(name)
    return [p.name for p in found.params] if found is not None else None


def call_args(params: list[str] | None, args: dict, named=None) -> list[tuple[str | None, dict]]:
    """The arguments of a call as its writer gave them: `(name, value)`, the name None for one
    given by position. Left out: an argument not given (None) and one the compiler filled in
    from the parameter's default (its span is None). `params` are the callee's parameters in
    order (None when unknown); `named(name, value)` says whether the writer named it (True,
    False, or None when it cannot tell: read from the source where there is one). Without an
    answer, the first argument is given by position and the others by name, which reads the
    same to the compiler: `value(vp, of: it)`, never `value(vp, it)`.

    >>> vp, it = {"e": "counter", "name": "vp"}, {"e": "it", "name": "it"}
    >>> [n for n, _ in call_args(["counter", "of"], {"counter": vp, "of": it})]
    [None, 'of']
    >>> [n for n, _ in call_args(["die", "count"], {"die": vp, "count": {"e": "num", "v": 1, "span": None}})]
    [None]
    >>> [n for n, _ in call_args(["a", "b"], {"b": vp, "a": it})]
    ['b', 'a']
    """
    shown = [(k, v) for k, v in args.items()
             if v is not None and not (isinstance(v, dict) and "span" in v and v["span"] is None)]
    out: list[tuple[str | None, dict]] = []
    by_name = False
    for i, (k, v) in enumerate(shown):
        said = named(k, v) if named is not None else None
        if said is None:
            said = i > 0
        # a value given by position binds the parameter at its place: only while they line up
        if not by_name and not said and (params is None or (i < len(params) and params[i] == k)):
            out.append((None, v))
            continue
        by_name = True
        out.append((k, v))
    return out


@dataclass(frozen=True)
class Mention:
    """A keyword an effect uses: its words ("trap"), and its number if it takes one."""

    keyword: str  # qid
    words: str  # display name without X, lower-case: "trap", "+ damage", "melee attack"
    number: int | None
    rendered: str  # "TRAP 2"


def _num(expr) -> int | None:
    if isinstance(expr, dict) and expr.get("e") == "num":
        return expr["v"]
    return None


def _name(qid: str) -> str:
    return re.split(r"[:/]", qid)[-1]


def keyword_text(kw: dict, args: dict) -> tuple[str, int | None]:
    name = kw["name"] or kw["id"]
    number = None
    for p in kw.get("params", []):
        n = _num(args.get(p["name"]))
        if n is not None:
            number = n
            break
    if number is not None and _X.search(name):
        return _X.sub(str(number), name), number
    return name, number


def phrases(body: list, keywords: dict[str, dict], depth: int = 0) -> list[str]:
    """The effect as a list of phrases: keywords by their display name, primitives by a
    short description; `may` blocks in brackets."""
    out: list[str] = []
    for s in body:
        _PHRASE[s["op"]](s, keywords, depth, out)
    return out


# one phrase-maker per statement op of the registry (compiler/ir_ops.py); `let` says nothing


def phrase_keyword(s: dict, keywords: dict, depth: int, out: list) -> None:
    kw = keywords.get(s["keyword"])
    if kw is not None:
        out.append(keyword_text(kw, s["args"])[0])


def phrase_primitive(s: dict, keywords: dict, depth: int, out: list) -> None:
    template = PRIMITIVE_PHRASES.get(s["name"], s["name"])
    values = {k: (_num(v) if _num(v) is not None else "") for k, v in s["args"].items()}
    token = s["args"].get("token")
    values["token"] = _name(token["name"]) if isinstance(token, dict) and "name" in token else ""
    text = re.sub(r"\s+", " ", template.format(**{k: values.get(k, "") for k in
                                                  re.findall(r"{(\w+)}", template)})).strip()
    if text:
        out.append(text)


def phrase_choose(s: dict, keywords: dict, depth: int, out: list) -> None:
    if depth < 8:
        out.append(" or ".join(", ".join(phrases(o["body"], keywords, depth + 1)) for o in s["options"]))


def phrase_if(s: dict, keywords: dict, depth: int, out: list) -> None:
    if depth < 8:
        out.extend(phrases(s["then"], keywords, depth + 1))


def _phrase_body(s: dict, keywords: dict, depth: int, out: list) -> None:
    """A block statement (may, repeat, for-each, as, until, trigger): the phrases of its body."""
    if depth < 8:
        inner = phrases(s.get("body", []), keywords, depth + 1)
        if inner:
            out.append(("you may: " if s["op"] == "may" else "") + ", ".join(inner))


def render(comp: dict, keywords: dict[str, dict]) -> str:
    """"Melee Attack. Special: +2 Damage. Mayhem: STUN." from an ability's effects."""
    parts = []
    for slot in ("standard", "effect", "when-picked", "special", "mayhem", "reward"):
        eff = comp["effects"].get(slot)
        if eff is None:
            continue
        text = ", ".join(phrases(eff["body"], keywords))
        if not text:
            continue
        label = SLOT_LABELS.get(slot)
        parts.append(f"{label}: {text}." if label else f"{text[0].upper()}{text[1:]}.")
    for trig in comp["triggers"]:
        text = ", ".join(phrases(trig["body"], keywords))
        if text:
            parts.append(f"On {trig['event']}: {text}.")
    return " ".join(parts)


def mentions(body: list, keywords: dict[str, dict], depth: int = 0) -> list[Mention]:
    out: list[Mention] = []
    _mentions(body, keywords, depth, out)
    return out


def _mentions(body: list, keywords: dict[str, dict], depth: int, out: list) -> None:
    # C303 asks this of every card with a text: the bodies a statement's op holds are looked
    # up once per op (not through child_bodies' list per statement), the words per name
    for s in body:
        op = s["op"]
        if op == "keyword":
            kw = keywords.get(s["keyword"])
            if kw is not None:
                rendered, number = keyword_text(kw, s["args"])
                key = (s["keyword"], rendered, number, kw["name"] or kw["id"])
                m = _MENTIONS.get(key)  # one Mention per keyword and number, not one per call
                if m is None:
                    m = _MENTIONS[key] = Mention(s["keyword"], _mention_words(key[3]), number, rendered)
                out.append(m)
        if depth < 8:
            fields, options = _BODIES[op]
            for b in fields:
                inner = s.get(b)
                if isinstance(inner, list):
                    _mentions(inner, keywords, depth + 1, out)
            if options:
                for o in s.get("options") or []:
                    _mentions(o["body"], keywords, depth + 1, out)


_BODIES = {op: (f.bodies, f.options) for op, f in STATEMENTS.items()}  # child_bodies' fields, per op
_X = re.compile(r"\bX\b")
_SPACES = re.compile(r"\s+")
_WORDS: dict[str, str] = {}


def _mention_words(name: str) -> str:
    """A keyword's name as a mention's words: lower case, without its X (kept per name)."""
    words = _WORDS.get(name)
    if words is None:
        words = _WORDS[name] = _SPACES.sub(" ", _X.sub("", name).lower()).strip()
    return words


def text_mentions(text: str, words: str, number: int | None, low: str | None = None) -> bool:
    """Does the text name the keyword (and its number, if any)? `low`: the text as
    normalised() gives it, when the caller has it (C303 asks once per keyword a card uses)."""
    if low is None:
        low = normalised(text)
    core = words.replace("+", "").strip()
    if core and core not in low:
        # "+X Damage" may read "+2 Damage", "2 extra Damage" or "deal 2 more Damage"
        if not (core == "damage" and "damage" in low):
            return False
    if number is not None:
        pattern = _NUMBER_ALONE.get(number)
        if pattern is None:
            pattern = _NUMBER_ALONE[number] = re.compile(rf"(?<![0-9]){number}(?![0-9])")
        if not pattern.search(low) and _NUMBER_WORDS.get(number, "#") not in low:
            return False
    return True


def normalised(text: str) -> str:
    """A text as text_mentions compares it: lower case, its runs of spaces one space."""
    return " ".join(text.lower().split())


_NUMBER_ALONE: dict[int, re.Pattern] = {}  # a number not inside a longer one, by number
_MENTIONS: dict[tuple, Mention] = {}  # (keyword qid, rendered, number, name) -> its Mention


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


_PHRASE = dispatch(sys.modules[__name__], "phrase_", STATEMENTS, ignores=("let",),
                   also={op: _phrase_body for op, f in STATEMENTS.items() if f.bodies == ("body",)})
_PHRASE["let"] = lambda s, keywords, depth, out: None
register_walker("text rendering: phrases", STATEMENTS, set(_PHRASE) - {"let"}, ignores=("let",))
register_walker("text rendering: keyword mentions (every op walked through its bodies)", STATEMENTS,
                {"keyword"}, ignores=set(STATEMENTS) - {"keyword"})
