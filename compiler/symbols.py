"""What names mean: the Symbol each name node resolves to, and the scopes of a collection."""
from __future__ import annotations

from dataclasses import dataclass, field

from mayhem.dsl import ast

from .model import Component


@dataclass(frozen=True, slots=True)
class Symbol:
    """What a name means. `kind` is one of: primitive, keyword, function, context, event,
    var, param, it, token, tag, icon, relation, component, none."""

    kind: str
    name: str  # the builtin's name, the variable's name, or the component's qid
    target: object = None  # the Component, for keyword/token/tag/icon/component


@dataclass
class Resolution:
    """The symbol of every name node (keyed by id of the node), and the scopes."""

    symbols: dict[int, Symbol] = field(default_factory=dict)
    # scope ("teen-titans-go" or "shared/core.mh") -> kind -> id -> Component
    vocab: dict[str, dict[str, dict[str, Component]]] = field(default_factory=dict)
    # box id -> id -> Component (characters, cards, Locations, ...)
    components: dict[str, dict[str, Component]] = field(default_factory=dict)
    boxes: dict[str, Component] = field(default_factory=dict)
    # file name -> scopes it sees, own scope first
    visible: dict[str, list[str]] = field(default_factory=dict)
    # the file each component was declared in; the context its effects run in
    keyword_users: dict[str, list] = field(default_factory=dict)
    # box id -> its `game` declaration (the rules of a game played on the rules kernel)
    games: dict[str, Component] = field(default_factory=dict)

    def of(self, node: ast.Node) -> Symbol | None:
        return self.symbols.get(id(node))
