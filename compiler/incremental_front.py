"""Name resolution and type checking of a Workspace, kept per component between two checks:
what a component's names resolved to (its share of Resolution.symbols), the types of its
expressions (its share of Types.of) and the errors both passes found in it are replayed
when the component's syntax tree is the same object as at the previous check, the
collection's interface is unchanged (compiler/incremental_passes.py) and no component it
names lives in a file that changed (a symbol holds the component it means: one from a
re-read file is looked up again; a First Game's hands name characters and cards without a
symbol: NameResolver.box_files says which files), nor did a file that did not parse when it
was resolved (its names may find the file's components now). The collection-wide part of each pass (the declaration
tables, the boxes and games, the keywords' needs) runs at every check.
"""
from __future__ import annotations

from dataclasses import dataclass

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics

from . import driver
from .model import Component, build_model
from .resolve import resolve
from .typecheck import typecheck


@dataclass(slots=True)
class Kept:
    decl: ast.Decl
    found: dict  # id(syntax node) -> its Symbol, or its type
    diagnostics: list
    files: frozenset = frozenset()  # the files of the components its names mean


class FrontEnd:
    def __init__(self) -> None:
        self.made: dict[int, Kept] = {}  # id(declaration) -> (its Component, the model's errors in it)
        self.resolved: dict[int, Kept] = {}  # id(declaration) -> what resolving it gave
        self.checked: dict[int, Kept] = {}
        self.replayed: set[int] = set()  # the declarations whose names the latest check replayed
        self.symbols: dict = {}  # the latest check's Resolution.symbols, patched by the next
        self.types: dict = {}  # its Types.of, patched the same way
        self._walks: dict[int, tuple] = {}  # id(top-level Component) -> (it, its walk)
        self._order: list = []  # the latest check's components by qid

    def pass_model(self, c, same: bool) -> None:
        """The model, each unchanged top-level declaration's Component kept (the interface holds
        the card types that check it, its box and its file)."""
        kept: dict[int, Kept] = {}
        diags = c.diagnostics

        before = self.made if same else {}

        def each(decl, build):
            hit = before.get(id(decl))
            if hit is not None and hit.decl is decl:
                if hit.diagnostics:
                    diags.items.extend(hit.diagnostics)
            else:
                start = len(diags.items)
                hit = Kept(decl, {"component": build()}, diags.items[start:])
            kept[id(decl)] = hit
            return hit.found["component"]

        c.model = build_model(c.model.units, diags, each=each)
        self.made = kept

    def pass_resolve(self, c, same: bool, changed_files: set[str], broken: frozenset = frozenset()) -> None:
        """`broken`: the files that do not parse and stand in by their last share (their
        components are missing): what is resolved now is resolved again once they change."""
        names = Diagnostics()
        kept: dict[int, Kept] = {}
        replayed: set[int] = set()

        before = self.resolved if same else {}
        # The whole table is patched, not rebuilt: a replayed component's entries are in it
        # already (copying every component's share into a new table was most of the pass)
        table = self.symbols if same else {}

        def each(resolver, comp) -> None:  # once per component of the collection: kept lean
            key = id(comp.decl)
            hit = before.get(key)
            if hit is not None and hit.decl is comp.decl and hit.files.isdisjoint(changed_files):
                if hit.diagnostics:
                    names.items.extend(hit.diagnostics)
                replayed.add(key)
            else:
                if hit is not None:
                    _forget(table, hit.found)
                resolver.box_files = set()
                hit = Kept(comp.decl, *_apart(resolver.res, "symbols", names, lambda: resolver.component(comp)))
                hit.files = frozenset(s.target.file for s in hit.found.values() if isinstance(s.target, Component))
                hit.files |= resolver.box_files | broken  # a First Game's hands, and what it could not find
                resolver.box_files = None
            kept[key] = hit

        everything, order = self._components(c.model)
        c.resolution = resolve(c.model, names, each, symbols=table, components=everything, order=order)
        for key, hit in before.items():  # the components no longer declared
            if key not in kept:
                _forget(table, hit.found)
        self.resolved, self.replayed, self.symbols = kept, replayed, table
        driver._keep_unless_caused_by_broken_files(c, names)

    def _components(self, model) -> tuple[list, list]:
        """The model's components in its order (model.components()), and by qid: a kept
        top-level component's walk is kept, and the sorted list of the previous check is
        patched (sorting 16,000 components afresh twice per check, and walking them, was a
        third of names' and types' time at 10,000 cards)."""
        walks: dict[int, tuple] = {}
        everything: list = []
        before = self._walks
        for unit in model.units.values():
            for top in unit.components:
                w = before.get(id(top))
                if w is None or w[0] is not top:
                    w = (top, list(top.walk()))
                walks[id(top)] = w
                everything.extend(w[1])
        alive = set(map(id, everything))
        order = [x for x in self._order if id(x) in alive]
        if len(order) != len(everything):
            known = set(map(id, order))
            order.extend(x for x in everything if id(x) not in known)
            order.sort(key=_qid)  # a sorted run and a few new ones: nearly linear
        self._walks, self._order = walks, order
        return everything, order

    def pass_typecheck(self, c) -> None:
        kept: dict[int, Kept] = {}

        before, replayed = self.checked, self.replayed
        table = self.types if replayed else {}  # patched, as the names' table

        def each(checker, comp) -> None:
            key = id(comp.decl)
            old = before.get(key)
            if old is not None and old.decl is comp.decl and key in replayed:
                if old.diagnostics:
                    c.diagnostics.items.extend(old.diagnostics)
                hit = old
            else:
                if old is not None:
                    _forget(table, old.found)
                hit = Kept(comp.decl, *_apart(checker.types, "of", c.diagnostics, lambda: checker.component(comp)))
            kept[key] = hit

        c.types = typecheck(c.model, c.resolution, c.diagnostics, each, of=table, order=self._order)
        for key, old in before.items():  # the components no longer declared
            if key not in kept:
                _forget(table, old.found)
        self.checked, self.types = kept, table


def _qid(comp) -> str:
    return comp.qid


def _forget(table: dict, entries: dict) -> None:
    """Take a component's former share out of a whole table (its syntax nodes are alive while
    their Kept holds its declaration: no new node has their ids yet)."""
    for k in entries:
        table.pop(k, None)


def _apart(owner, attr: str, diags: Diagnostics, run) -> tuple[dict, list]:
    """Run one component's pass with a table of its own (the passes only write those
    tables), then add it to the whole one: (what it wrote, the diagnostics it gave)."""
    whole = getattr(owner, attr)
    setattr(owner, attr, {})
    start = len(diags.items)
    try:
        run()
    finally:
        mine = getattr(owner, attr)
        setattr(owner, attr, whole)
        whole.update(mine)
    return mine, diags.items[start:]
