"""The types of the runtime's vocabulary (compiler/builtins.py): a parameter, a primitive, a
function, a context name, an event and a shorthand's meaning, and how a type accepts another."""
from __future__ import annotations

from dataclasses import dataclass

REQUIRED = object()

# ---- types -------------------------------------------------------------------
# Scalar types: number bool string figure location edge team token tag icon
# Set types: figures locations edges tags
# Parameter types may be unions written "a|b"; "figure+" means figure|figures.

SET_OF = {"figure": "figures", "location": "locations", "edge": "edges", "tag": "tags",
          "player": "players", "card": "cards", "ability": "abilities", "token": "tokens"}
ELEMENT_OF = {v: k for k, v in SET_OF.items()}


def expand(t: str) -> set[str]:
    """The types a parameter type stands for; `X+` is one X or a set of them.

    >>> sorted(expand("figure+|team"))
    ['figure', 'figures', 'team']
    """
    out: set[str] = set()
    for part in t.split("|"):
        if part.endswith("+"):
            base = part[:-1]
            out.update({base, SET_OF[base]})
        else:
            out.add(part)
    return out


def accepts(param_type: str, actual: str) -> bool:
    """Whether a value of type `actual` fits a parameter of type `param_type`.

    `attack(target: figure+)` takes one figure or a set of them, nothing else:

    >>> accepts("figure+", "figure"), accepts("figure+", "figures"), accepts("figure+", "location")
    (True, True, False)

    A value whose type the checker cannot know (`any`) is let through; an empty list
    literal fits any set type, but not a scalar:

    >>> accepts("number", "any")
    True
    >>> accepts("figure+|location+", "empty-list"), accepts("number", "empty-list")
    (True, False)
    """
    if actual == "any" or param_type == "any":
        return True
    allowed = expand(param_type)
    if actual in allowed:
        return True
    # an empty list literal fits any set type
    return actual == "empty-list" and bool(allowed & set(SET_OF.values()))


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    default: object = REQUIRED
    doc: str = ""


@dataclass(frozen=True)
class StandsFor:
    """A word the language keeps for the content that writes it, standing for a more general
    word with some of its arguments given: `gain-vp(2, team: t)` is `gain(vp, 2, on: t)`. The
    runtime plays the general word (compiler/shorthand.py lowers the IR node when it is
    compiled); the IR, the checks and the site still see the word as written.

    `word`: the primitive or function it stands for; `given`: that word's arguments fixed here,
    (parameter, IR form, value): ("counter", "counter", "vp") is the IR `{"e": "counter", "name":
    "vp"}`, ("name", "str", "win-vp") the string, ("die", "game", "effect-die") the string the game's
    property `effect-die` gives (`"mayhem"`); `renamed`: (that word's parameter, this word's
    own parameter)."""
    word: str
    given: tuple[tuple[str, str, str], ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Primitive:
    name: str
    params: tuple[Param, ...]
    doc: str
    contexts: tuple[str, ...] | None = None  # None: every context
    needs: tuple[str, ...] = ()  # context names the primitive relies on
    stands_for: StandsFor | None = None  # a shorthand: the runtime plays this instead


@dataclass(frozen=True)
class Function:
    name: str
    params: tuple[Param, ...]
    returns: str
    doc: str
    stands_for: StandsFor | None = None


@dataclass(frozen=True)
class ContextName:
    name: str
    type: str
    doc: str
    stands_for: StandsFor | None = None  # a function call with its arguments given


@dataclass(frozen=True)
class Event:
    name: str
    params: tuple[tuple[str, str], ...]
    doc: str


def _p(name, type_, default=REQUIRED, doc=""):
    return Param(name, type_, default, doc)


# the counter of the shared rules (content/shared/game.mh) that `gain-vp` and `vp-of` name
