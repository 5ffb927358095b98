"""The collection's interface, whose sameness lets a Workspace keep what a check built:
the leaf kinds, each file's share of the interface key (interface_of), and the key (Interface).

What a top-level component's model, names, types, graph nodes, IR and consistency findings
are depends on its declaration and on the declarations it can name: its box, the ids and
kinds of the box's components, and the vocabulary (keywords with their parameters and
bodies, tokens, tags, icons, pools, card types, games, modes). That second part is the
collection's *interface*: one key made of each file's share (`interface_of`): for a file
that declares only characters, Mayhem and GO! cards, Locations and NPCs (LEAF_KINDS), its
box, its `use`s and the kinds and ids it declares; for any other file, its whole text.
While the key is unchanged, a component whose syntax tree is the same object as at the
previous check keeps what was built from it (incremental_model.py, incremental_front.py,
incremental_passes.py, checks/incremental.py).
"""
from __future__ import annotations

import dataclasses

from mayhem.dsl import ast

# The kinds whose declarations no other component reads beyond their kind and id (what
# they say is theirs alone). Every other kind, and every kind a card type of the content
# declares, belongs to the interface whole.
LEAF_KINDS = frozenset({"character", "mayhem-card", "go-card", "location", "npc"})


def _shape(decl: ast.Decl) -> tuple:
    """The kinds and ids a declaration and its nested declarations make known."""
    return (decl.kind, decl.id, tuple(_shape(m) for m in decl.members if isinstance(m, ast.Decl)))


def signature(decl: ast.Decl) -> ast.Decl:
    """What the key holds of a declaration: a keyword without its members (its body), any
    other declaration whole (compared by value: the syntax tree's nodes are dataclasses)."""
    return dataclasses.replace(decl, members=[]) if decl.kind == "keyword" else decl


def interface_of(name: str, unit) -> tuple:
    """One file's share of the interface key."""
    decls = [d for d in unit.file.decls if isinstance(d, ast.Decl)]
    if all(d.kind in LEAF_KINDS for d in decls):
        return (name, "leaf", unit.box, tuple(unit.uses), tuple(_shape(d) for d in decls))
    return (name, "whole", dataclasses.replace(unit.file, decls=[d for d in unit.file.decls if not isinstance(d, ast.Decl)]),
            tuple(signature(d) for d in decls))


class Interface:
    """Each file's share of the interface key as the latest check found it, kept while its
    syntax tree is the same object (made once per change of the file)."""

    def __init__(self) -> None:
        self.shares: dict[str, tuple] = {}  # file -> (its syntax tree, its share of the key)
        self.stood_in: set[str] = set()  # the files that did not parse, their last share in the key

    def key(self, c) -> tuple[tuple, set[str]]:
        """The interface key of `c`, and the files whose syntax tree changed since the last check.

        A file of LEAF_KINDS that no longer parses (an author in the middle of typing) keeps
        its last share in the key: its components are gone from the model, as from a full
        compile's, and the components that named them are resolved again (the file is in
        the changed ones); what else changes is a follow-on error in the file's box, which
        a check with a broken file drops (driver._keep_unless_caused_by_broken_files). So
        that check keeps the rest (it built everything: 4 to 7 s at 10,000 cards). When the
        file parses again, its ids come back: names elsewhere that found nothing, or another
        component, while it was broken may find them. What was resolved or built while it
        was broken remembers the file (Kept.files, Piece.broken) and is done again once it
        changes; a First Game's hands, which name characters and cards without a symbol,
        are remembered through NameResolver.box_files. The rest is kept (that check built
        everything before: 5 to 7.5 s at 10,000 cards)."""
        shares, changed = {}, set()
        for name in sorted(c.model.units):
            unit = c.model.units[name]
            kept = self.shares.get(name)
            if kept is None or kept[0] is not unit.file:
                kept = (unit.file, interface_of(name, unit))
                changed.add(name)
            shares[name] = kept
        changed |= set(self.shares) - set(shares)
        failed = set(c.failed_files)
        self.stood_in = set()
        for name in sorted(failed):
            kept = self.shares.get(name)
            if kept is not None and kept[1][1] == "leaf":
                shares[name] = kept  # its last share, and its last tree (a fixed file's is new)
                failed.discard(name)
                self.stood_in.add(name)
        self.shares = dict(sorted(shares.items()))
        return tuple(s for _tree, s in self.shares.values()) + (tuple(sorted(failed)),), changed
