"""The model of a Workspace kept between checks: each top-level declaration's Component and
its errors, built again only when its syntax tree changed, by file when it can (ModelCache).

The names and types after it (incremental_front.py) and the graph (incremental_passes.py)
read what a check by file did: the files whose components it built (`fresh`) and the
former units it dropped (`gone`).

A file of the interface (not of LEAF_KINDS alone) goes by file too when the interface key
is the same: what changed in it is keywords' bodies (their members), each keyword's
signature and every other declaration equal to what they were (compiler/incremental_interface.py).
The equal declarations' former syntax nodes take their place in the new tree, and so keep
their components and all that was built from them; each edited keyword is built again, and
its former Component object takes the new one's fields, so that every symbol that meant it
(a caller's) means the new one (`fresh` and `gone` hold the edited keywords alone: new and
former, `bodies` the file).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics

from .incremental_interface import LEAF_KINDS, signature
from .model import Component, _component, build_model


@dataclass(slots=True)
class _NoUnit:
    """The former unit of a file that did not parse: no components; or the edited keywords
    of a file whose keywords' bodies alone changed (`fresh` and `gone`)."""

    components: tuple | list = ()


_NO_UNIT = _NoUnit()


@dataclass(slots=True)
class Kept:
    decl: ast.Decl
    found: dict  # id(syntax node) -> its Symbol, or its type
    diagnostics: list
    files: frozenset = frozenset()  # the files of the components its names mean



class ModelCache:
    """The model pass of a Workspace (pass_model in driver's sense), with what it keeps."""

    def __init__(self) -> None:
        self.made: dict[int, Kept] = {}  # id(declaration) -> (its Component, the model's errors in it)
        # What a check by file (`_patch_model`: only the files whose syntax tree changed are
        # looked at) reads from the check before it:
        self.units: dict | None = None  # the latest check's SourceUnits (their components built)
        self.kinds: dict | None = None  # the kinds its model was built with
        self.model_diags: dict[str, list] = {}  # file -> the model's errors in its declarations
        self.model_global: list = []  # the model's other errors (the card types')
        self.fresh: dict | None = None  # by file: the files whose components it built (name -> unit)
        self.gone: dict = {}  # by file: the files' units it dropped (name -> the former unit)
        self.broken_files: set[str] = set()  # the files that stopped parsing after a check by file
        self.bodies: set[str] = set()  # by file: the files where only keywords' bodies changed

    def pass_model(self, c, same: bool) -> None:
        """The model, each unchanged top-level declaration's Component kept (the interface holds
        the card types that check it, its box and its file); by file when it can (`fresh`)."""
        self.fresh, self.bodies = None, set()
        if same and self._patch_model(c):
            return
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

        start = len(diags.items)
        c.model = build_model(c.model.units, diags, each=each)
        self.made, self.broken_files = kept, set()
        self.units, self.kinds = dict(c.model.units), c.model.kinds
        self.model_diags = {}
        own = set()
        for name, unit in c.model.units.items():
            found = [d for decl in unit.file.decls if (hit := kept.get(id(decl))) is not None
                     for d in hit.diagnostics]
            if found:
                self.model_diags[name] = found
                own.update(map(id, found))
        self.model_global = [d for d in diags.items[start:] if id(d) not in own]

    def _patch_model(self, c) -> bool:
        """The model by file: the components of the files whose syntax tree is the same object
        as at the previous check are kept as they are (their list too); the others' built
        afresh. Only while the files that changed declare leaf kinds alone, with the ids the
        interface says (a file that stops parsing stands in by its last share: its components
        are gone until it parses again): else False, and the check goes component by
        component (pass_model)."""
        units, before = c.model.units, self.units
        if before is None or self.kinds is None:
            return False
        broke, back = before.keys() - units.keys(), units.keys() - before.keys()
        if not broke <= c.failed_files or not back <= self.broken_files:
            return False
        if any(x.kind not in LEAF_KINDS for name in broke for x in before[name].components):
            return False
        fresh, gone = {}, {name: before[name] for name in broke}
        bodies: dict[str, list] = {}
        for name, unit in units.items():
            old = before.get(name)
            if old is None or old.file is not unit.file:
                decls = [d for d in unit.file.decls if isinstance(d, ast.Decl)]
                if any(d.kind not in LEAF_KINDS for d in decls):
                    edited = _bodies_edited(old, unit)
                    if edited is None:
                        return False
                    bodies[name] = edited
                    continue
                if (old is not None and
                        [(d.kind, d.id) for d in decls] != [(x.kind, x.id) for x in old.components]):
                    return False
                fresh[name] = unit
                gone[name] = old if old is not None else _NO_UNIT
        made: dict[int, Kept] = {}
        files: dict[str, list] = {}
        for name, unit in fresh.items():
            found = Diagnostics()

            def each(decl, build, found=found):
                start = len(found.items)
                hit = made[id(decl)] = Kept(decl, {"component": build()}, found.items[start:])
                return hit.found["component"]

            build_model({name: unit}, found, kinds=self.kinds, each=each)
            decls = [d for d in unit.file.decls if isinstance(d, ast.Decl)]
            if [(x.kind, x.id) for x in unit.components] != [(d.kind, d.id) for d in decls]:
                # a declaration the model refused (no component): the interface changed after all;
                # the model is built component by component instead
                for u in fresh.values():
                    u.components = []
                return False
            files[name] = found.items
        for name, edited in bodies.items():
            built = self._rebuild_keywords(name, units[name], before[name], edited, made)
            if built is None:
                for u in fresh.values():
                    u.components = []
                return False
            fresh[name], gone[name], files[name] = built
        for name, unit in units.items():
            if name not in fresh or name in bodies:
                unit.components = before[name].components
        for name, old in gone.items():
            self.model_diags.pop(name, None)
            for comp in old.components:
                self.made.pop(id(comp.decl), None)
        for name, found in files.items():
            if found:
                self.model_diags[name] = found
        self.made.update(made)
        diags = c.diagnostics
        diags.items.extend(self.model_global)
        for found in self.model_diags.values():
            diags.items.extend(found)
        c.model.kinds = self.kinds
        self.broken_files = (self.broken_files | broke) - back
        self.gone = gone
        self.units, self.fresh, self.bodies = dict(units), fresh, set(bodies)
        return True

    def _rebuild_keywords(self, name: str, unit, old, edited: list, made: dict):
        """The edited keywords of a file of the interface built again (the other declarations'
        former nodes put back in the new tree: equal, they keep their components): the
        units of `fresh` and `gone` (the new and the former keywords) and the file's model
        errors; None when a keyword's component does not come out as before (its kind and
        id, no children)."""
        where = "<box-file>" if unit.box else "<module-file>"
        found = Diagnostics()
        new_comps = []
        for at, comp in edited:
            decl = unit.file.decls[at]
            start = len(found.items)
            new = _component(decl, where, None, unit.box or name, name, None, found, self.kinds)
            if new is None or new.kind != comp.kind or new.qid != comp.qid or new.children:
                return None
            new_comps.append((comp, new, found.items[start:]))
        edited_at = {at for at, _comp in edited}
        for at, decl in enumerate(old.file.decls):
            if at not in edited_at:
                unit.file.decls[at] = decl  # equal to the new one: its components and all built from them kept
        fresh, former = [], []
        for comp, new, diags in new_comps:
            former.append(dataclasses.replace(comp))
            self.made.pop(id(comp.decl), None)
            for field in dataclasses.fields(Component):  # every symbol that meant it means the new one
                setattr(comp, field.name, getattr(new, field.name))
            made[id(comp.decl)] = Kept(comp.decl, {"component": comp}, diags)
            fresh.append(comp)
        errors = [d for decl in unit.file.decls
                  if (hit := made.get(id(decl)) or self.made.get(id(decl))) is not None for d in hit.diagnostics]
        return _NoUnit(fresh), _NoUnit(former), errors


def _bodies_edited(old, unit) -> list | None:
    """(place, former Component) of each keyword of a file of the interface whose body alone
    changed, when every other declaration is equal to its former self and each edited
    keyword's signature is the same (its place, kind, id, parameters and spans); else None."""
    if old is None or not old.components or len(old.file.decls) != len(unit.file.decls):
        return None
    if dataclasses.replace(old.file, decls=[]) != dataclasses.replace(unit.file, decls=[]):
        return None
    comp_of = {id(comp.decl): comp for comp in old.components}
    edited = []
    for at, (was, now) in enumerate(zip(old.file.decls, unit.file.decls)):
        if was is now or was == now:
            continue
        comp = comp_of.get(id(was))
        if (not isinstance(now, ast.Decl) or not isinstance(was, ast.Decl) or now.kind != "keyword"
                or was.kind != "keyword" or comp is None
                or comp.children or signature(was) != signature(now)):
            return None
        edited.append((at, comp))
    return edited
