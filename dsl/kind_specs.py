"""The parts of the declaration-kind table: a kind's, a property's and an effect slot's spec.

Here too are the properties many kinds share (`source`, `text`, `named`), the properties
every declaration may carry (UNIVERSAL_PROPS) and the Teams' default names (COLOURS).
dsl/schema.py joins the kinds into one table; the value shapes a PropSpec's `shape` names
are listed there."""
from __future__ import annotations

from dataclasses import dataclass, field

# The Teams' names (their colours: the pools' counts and the Bases name them) when no game
# declares its own `team-names` (the Mayhem boxes' shared rules say `team-names [black, white]`).
COLOURS = ("black", "white")


@dataclass(frozen=True)
class PropSpec:
    name: str
    shape: str
    doc: str
    required: bool = False


@dataclass(frozen=True)
class SlotSpec:
    name: str
    doc: str
    context: str  # the evaluation context of its effects (compiler.builtins.CONTEXTS)
    guard: bool = False  # may carry `when COND`


@dataclass(frozen=True)
class KindSpec:
    name: str
    doc: str
    parents: tuple[str, ...]  # "<box-file>", "<module-file>" or a kind name
    props: tuple[PropSpec, ...] = ()
    slots: tuple[SlotSpec, ...] = ()
    triggers: str | None = None  # context of `on EVENT` members, None if not allowed
    children: tuple[str, ...] = ()
    params: bool = False
    needs_name: bool = True
    dynamic_props: str | None = None  # shape of props named after other components
    # shape of props named after the game's Teams (a pool's `black 5 white 5`): one number each,
    # checked against the game's `team-names` (compiler/typecheck_teams.py)
    team_props: str | None = None
    component: bool = True  # a component of a box (listed, counted, rendered)
    dynamic_slots: str | None = None  # context of slots named after its declared properties
    ids: tuple[str, ...] = ()  # the only ids its declarations may take (a dashboard side: `a`, `b`); () any
    origin: object = field(default=None, compare=False)  # the card-type component of a content kind

    def prop(self, name: str) -> PropSpec | None:
        for p in self.props:
            if p.name == name:
                return p
        return None

    def slot(self, name: str) -> SlotSpec | None:
        for s in self.slots:
            if s.name == name:
                return s
        return None


SOURCE = PropSpec("source", "source", "Where the facts come from: `rulebook \"Section\"` or `authored`.", True)
TEXT = PropSpec("text", "string", "The text as a player reads it on the component.")
NAMED = PropSpec("named", "source", "Where the rulebook prints the name, when only the name is printed and "
                 "the rest is authored: `named rulebook \"Character Activation\"`.")
TEXT_REQ = PropSpec("text", "string", "The text as a player reads it on the component.", True)
ANYWHERE = ("<box-file>", "<module-file>")

# Properties every declaration may carry, any number of times.
UNIVERSAL_PROPS = (
    PropSpec("silence", "silence", "Silence one consistency check on this component (and what it holds), "
             "with the reason: `silence \"C303\" \"the text paraphrases the effect\"`."),
    PropSpec("authored-effects", "slots", "Effect slots whose effects are authored, in a component whose "
             "source is the rulebook: `authored-effects [special, mayhem]` when only the standard effect "
             "is printed."),
    PropSpec("distinct-from", "string", "Another box's component of the same name that is a different "
             "component on purpose: `distinct-from \"looney-tunes/invisible-paint\"`."),
)
