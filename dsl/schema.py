"""The declaration kinds of the DSL in one table (KINDS): built in, or declared in content.

A kind says where a declaration may stand, and its properties, effect slots, triggers and
children. The grammar gives the shape of a declaration; this table gives its meaning, and
the language reference is generated from both. The kinds' parts are dsl/kind_specs.py's,
the Mayhem boxes' kinds dsl/box_kinds.py's, the rules kernel's dsl/kernel_kinds.py's.
Characters (their sides, Special Abilities and Abilities), Mayhem cards, GO! cards, Locations,
non-player figures and tokens are not in the table: they are card types and a token type
declared in content (content/shared/card-types.mh), and KINDS holds them too."""
from __future__ import annotations

from collections.abc import Mapping

from .kind_specs import (ANYWHERE, COLOURS, NAMED, SOURCE, TEXT, TEXT_REQ, UNIVERSAL_PROPS, KindSpec, PropSpec,
                         SlotSpec)

# what the toolchain imports from here: the table, and its parts
__all__ = ["KINDS", "BUILTIN_KINDS", "CONTENT_DECLARED", "KindSpec", "PropSpec", "SlotSpec", "ANYWHERE", "COLOURS",
           "NAMED", "SOURCE", "TEXT", "TEXT_REQ", "UNIVERSAL_PROPS", "GAME_BOX_REQUIRED", "PROPERTY_TYPES"]

# Value shapes of properties (checked by compiler.model):
#   flag          no value                         `free-for-all`
#   int           one number                       `life 10`
#   signed        one number, may carry a sign     `value +1`
#   string        one string                       `publisher "CMON"`
#   id            one name                         `drawn-from trap-stun`
#   enum:A|B      one of the listed names          `terminology toon`
#   enums:A|B     one or more of the listed names  `restricts no-move no-attack`
#   ids           one or more names                `placed-on character location`
#   names         one name, or a [list] of names   `starts-with [hero, villain]`
#   list          a [list] of names                `icons [pizza, delivery]`
#   ints          a [list] of numbers              `board [3, 4, 3]`
#   strings       a [list] of strings              `faces ["1", "2*"]`
#   range         `2..4` or one number             `players 2..4`
#   counts        a number, or colour/number pairs `activation-dice black 2 white 2`
#   source        `authored` or `rulebook "Section"`
#   once          `per turn`, `per round` or `per game`
#   overrides     a kind and an id, repeatable     `without rule ko-vp`
# Every property but `source` may end with its own provenance, e.g. `slot 5 authored`.

BUILTIN_KINDS: dict[str, KindSpec] = {}  # the kinds this table declares
_ORDER: list[str] = []  # every kind's place, those declared in content included
CONTENT_DECLARED: list[str] = []  # the kinds content/shared/card-types.mh declares (cards, characters, tokens)


def _kind(spec: KindSpec) -> None:
    BUILTIN_KINDS[spec.name] = spec
    _ORDER.append(spec.name)


def _declared_in_content(*names: str) -> None:
    CONTENT_DECLARED.extend(names)
    _ORDER.extend(names)


class _Kinds(Mapping):
    """Every kind of declaration: this table's, and the card types and token type that the
    toolchain's `content/shared/card-types.mh` declares (read on first use, in this table's order;
    `refresh()` reads it again if it changed). While that file is being compiled, only
    this table's kinds are known."""

    def __init__(self) -> None:
        self._all: dict[str, KindSpec] | None = None
        self._declared: dict | None = None
        self._loading = False

    def refresh(self) -> None:
        """Read content/shared/card-types.mh again if it changed (once per compilation)."""
        if self._all is not None and not self._loading and self._standard() is not self._declared:
            self._all = None

    def _standard(self) -> dict:
        self._loading = True
        try:
            from mayhem.compiler.card_types import standard_kinds
            return standard_kinds()
        finally:
            self._loading = False

    def _kinds(self) -> dict[str, KindSpec]:
        if self._all is not None:
            return self._all
        if self._loading:
            return BUILTIN_KINDS
        declared = self._standard()
        both = {**BUILTIN_KINDS, **declared}
        self._all = {k: both[k] for k in _ORDER if k in both}
        self._declared = declared
        return self._all

    def __getitem__(self, name: str) -> KindSpec:
        return self._kinds()[name]

    def __iter__(self):
        return iter(self._kinds())

    def __len__(self) -> int:
        return len(self._kinds())


KINDS: Mapping[str, KindSpec] = _Kinds()

# the kinds of the Mayhem boxes; tokens, characters, Mayhem cards, GO! cards, Locations and npcs by
# name at their place: a token type and card types declared in content (content/shared/card-types.mh), their
# properties, effects and triggers from there (compiler.card_types.standard_kinds)
from .box_kinds import BOX_KINDS  # noqa: E402

for _entry in BOX_KINDS:
    if isinstance(_entry, str):
        _declared_in_content(_entry)
    else:
        _kind(_entry)

# the kinds of the rules kernel's games: card types, decks, games and their parts
from .kernel_kinds import GAME_BOX_REQUIRED, PROPERTY_TYPES, kernel_kinds  # noqa: E402

for _spec in kernel_kinds():
    _kind(_spec)
