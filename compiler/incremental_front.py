"""Name resolution and type checking of a Workspace, kept per component between two checks:
what a component's names resolved to (its share of Resolution.symbols), the types of its
expressions (its share of Types.of) and the errors both passes found in it are replayed
when the component's syntax tree is the same object as at the previous check, the
collection's interface is unchanged (compiler/incremental_interface.py) and no component it
names lives in a file that changed (a symbol holds the component it means: one from a
re-read file is looked up again; a First Game's hands name characters and cards without a
symbol: NameResolver.box_files says which files), nor did a file that did not parse when it
was resolved (its names may find the file's components now). The collection-wide part of
each pass (the declaration tables, the boxes and games, the keywords' needs) runs at every
check. The model before them is kept per declaration (compiler/incremental_model.py).

By file (issue #15): when the interface holds and the files whose syntax tree changed declare
leaf kinds with the same ids (ModelCache._patch_model), the passes do not walk the
collection at all: the model builds those files' components and keeps every other unit's
list; names patch the declaration table in place and resolve those components and the ones
whose names meant a component of a changed file (`users`: file -> the declarations whose
Kept.files name it), replaying the declaration tables' and the modes' errors; types check
what names resolved again, the keywords' needs kept. A file that stops parsing drops its
components (its ids leave the table) and its fix brings them back at their place.
"""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostics

from . import driver
from .incremental_model import Kept, ModelCache
from .model import Component
from .resolve import _declare, check_modes, see_scopes
from .resolve_names import NameResolver
from .symbols import Resolution
from .typecheck import Types, _Checker


class FrontEnd:
    """The model, names and types passes of a Workspace (pass_model, pass_resolve,
    pass_typecheck in driver's sense), with what they keep between checks."""

    def __init__(self) -> None:
        self.models = ModelCache()  # each declaration's Component; what a check by file built and dropped
        self.resolved: dict[int, Kept] = {}  # id(declaration) -> what resolving it gave
        self.checked: dict[int, Kept] = {}
        self.replayed: set[int] = set()  # the declarations whose names the latest check replayed
        self.symbols: dict = {}  # the latest check's Resolution.symbols, patched by the next
        self.types: dict = {}  # its Types.of, patched the same way
        self._walks: dict[int, tuple] = {}  # id(top-level Component) -> (it, its walk)
        self._order: list = []  # the latest check's components by qid
        self.keywords: list = []  # its keywords (a check by file keeps them: no leaf file has one)
        # What a check by file (ModelCache.fresh: only the files whose syntax tree changed are
        # looked at) reads from the check before it:
        self.res: Resolution | None = None  # the latest check's resolution (its tables patched)
        self.declared: list = []  # the declaration tables' errors (while the ids are the same, the same)
        self.mode_diags: list = []  # check_modes' (the modes are no leaf: the same too)
        self.users: dict[str, set[int]] = {}  # file -> the declarations whose names mean its components
        self.comps: dict[int, Component] = {}  # id(declaration) -> its Component
        self.noisy: dict[int, list] = {}  # id(declaration) -> its names' errors, the non-empty ones
        self.noisy_types: dict[int, list] = {}  # likewise, its types' errors
        self.types_global: list = []  # the keywords' needs' errors (the keywords are the interface)
        self.keyword_types: dict = {}  # what working out the keywords' needs wrote in the types' table
        self.last_types: Types | None = None
        self.redone: list | None = None  # by file: the components whose names the latest check resolved

    def pass_model(self, c, same: bool) -> None:
        self.redone = None
        self.models.pass_model(c, same)

    def pass_resolve(self, c, same: bool, changed_files: set[str], broken: frozenset = frozenset()) -> None:
        """`broken`: the files that do not parse and stand in by their last share (their
        components are missing): what is resolved now is resolved again once they change."""
        if self.models.fresh is not None:
            self._patch_resolve(c, changed_files, broken)
            return
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
                hit = _resolved(resolver, comp, names, broken)
            kept[key] = hit

        everything, order = self._components(c.model)
        res = c.resolution = Resolution(symbols=table)
        start = len(names.items)
        _declare(c.model, res, names)
        self.declared = names.items[start:]
        see_scopes(c.model, res, names)
        resolver = NameResolver(c.model, res, names)
        for comp in order:
            each(resolver, comp)
        start = len(names.items)
        check_modes(c.model, everything, res, names)
        self.mode_diags = names.items[start:]
        for key, hit in before.items():  # the components no longer declared
            if key not in kept:
                _forget(table, hit.found)
        self.resolved, self.replayed, self.symbols = kept, replayed, table
        self.res = res
        self.comps = {id(comp.decl): comp for comp in everything}
        self.users, self.noisy = {}, {}
        for key, hit in kept.items():
            for f in hit.files:
                self.users.setdefault(f, set()).add(key)
            if hit.diagnostics:
                self.noisy[key] = hit.diagnostics
        driver._keep_unless_caused_by_broken_files(c, names)

    def _patch_resolve(self, c, changed_files: set[str], broken: frozenset) -> None:
        """Names by file (after ModelCache._patch_model): the declaration tables patched for the
        rebuilt components (the same ids, the same places), the components of the changed
        files resolved, and those of other files whose names meant one of them (`users`);
        every other component's names, and its errors, stay as they were."""
        old, model, fresh = self.res, c.model, self.models.fresh
        table = self.symbols
        res = c.resolution = Resolution(symbols=table, vocab=old.vocab, components=old.components,
                                        boxes=old.boxes, keyword_users=old.keyword_users, games=old.games)
        redo: dict[int, Component] = {}
        for name, unit in self.models.gone.items():
            for top in unit.components:
                for comp in top.walk():
                    self._unresolve(id(comp.decl))
                table_of = res.components.get(top.scope)
                if name not in fresh and table_of is not None and table_of.get(top.id) is top:
                    del table_of[top.id]  # a file that stopped parsing: its ids are unknown meanwhile
        moved = set()
        for name, unit in fresh.items():
            for top in unit.components:
                table_of = res.components.setdefault(top.scope, {})
                if top.id not in table_of:
                    moved.add(top.scope)
                table_of[top.id] = top  # the same id, at its place in the table
                for comp in top.walk():
                    redo[id(comp.decl)] = comp
        for scope in moved:  # a file parses again: its ids back at their place (_declare's order)
            res.components[scope] = dict(sorted(res.components[scope].items(),
                                                key=lambda kv: (kv[1].file, kv[1].span.line)))
        for name in changed_files - self.models.bodies:  # a keyword's callers: its signature is the same
            for key in list(self.users.get(name, ())):
                if key not in redo and key in self.comps:
                    self._unresolve(key, keep_comp=True)
                    redo[key] = self.comps[key]
        names = Diagnostics()
        names.items.extend(self.declared)
        see_scopes(model, res, names)
        resolver = NameResolver(model, res, names)
        done = sorted(redo.values(), key=_qid)
        for comp in done:
            key = id(comp.decl)
            hit = self.resolved[key] = _resolved(resolver, comp, names, broken)
            self.comps[key] = comp
            for f in hit.files:
                self.users.setdefault(f, set()).add(key)
            if hit.diagnostics:
                self.noisy[key] = hit.diagnostics
        for key, found in self.noisy.items():
            if key not in redo:
                names.items.extend(found)
        names.items.extend(self.mode_diags)
        self.res, self.redone = res, done
        driver._keep_unless_caused_by_broken_files(c, names)

    def _unresolve(self, key: int, keep_comp: bool = False) -> None:
        """Take a component's names out of the tables (before it is resolved again, or gone)."""
        hit = self.resolved.pop(key, None)
        if hit is not None:
            _forget(self.symbols, hit.found)
            for f in hit.files:
                users = self.users.get(f)
                if users is not None:
                    users.discard(key)
        self.noisy.pop(key, None)
        if not keep_comp:
            self.comps.pop(key, None)

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
        self.keywords = [x for x in order if x.kind == "keyword"]
        return everything, order

    def pass_typecheck(self, c) -> None:
        if self.redone is not None:
            self._patch_typecheck(c)
            return
        kept: dict[int, Kept] = {}

        before, replayed = self.checked, self.replayed
        table = self.types if replayed else {}  # patched, as the names' table
        diags = c.diagnostics

        def each(checker, comp) -> None:
            key = id(comp.decl)
            old = before.get(key)
            if old is not None and old.decl is comp.decl and key in replayed:
                if old.diagnostics:
                    diags.items.extend(old.diagnostics)
                hit = old
            else:
                if old is not None:
                    _forget(table, old.found)
                hit = Kept(comp.decl, *_apart(checker.types, "of", diags, lambda: checker.component(comp)))
            kept[key] = hit

        # as typecheck(): the keywords' needs first, then each component; what the keywords'
        # needs wrote in the table kept apart (an edit of a keyword's body works them out again)
        checker = _Checker(c.resolution, diags)
        _forget(table, self.keyword_types)
        checker.types.of = table
        self.keyword_types, self.types_global = _apart(checker.types, "of", diags, lambda: self._needs(checker))
        for comp in self._order:
            each(checker, comp)
        c.types = checker.types
        for key, old in before.items():  # the components no longer declared
            if key not in kept:
                _forget(table, old.found)
        self.checked, self.types, self.last_types = kept, table, c.types
        self.noisy_types = {key: hit.diagnostics for key, hit in kept.items() if hit.diagnostics}

    def _callers(self, keywords: set[str], skip: set[int]) -> list[Component]:
        """The components (but `skip`) whose names mean one of these keywords (by qid)."""
        found = []
        for key, hit in self.resolved.items():
            if key not in skip and any(s.kind == "keyword" and s.name in keywords for s in hit.found.values()):
                found.append(self.comps[key])
        return sorted(found, key=_qid)

    def _needs(self, checker) -> None:
        """Each keyword's needs (typecheck's first loop), in qid order."""
        for comp in self.keywords:
            checker.keyword_needs(comp)

    def _patch_typecheck(self, c) -> None:
        """Types by file (after _patch_resolve): the components resolved again are checked
        again; the keywords' needs (the interface) and every other component's types stay.
        After an edit of a keyword's body the keywords' needs are worked out again: the
        components whose calls name a keyword whose needs changed are checked again too."""
        diags = c.diagnostics
        checker = _Checker(c.resolution, diags)
        last = self.last_types
        checker.types = Types(of=self.types, keyword_needs=last.keyword_needs, default_needs=last.default_needs)
        again = list(self.redone)
        if self.models.bodies:
            kept = Diagnostics()
            needs = _Checker(c.resolution, kept)
            _forget(self.types, self.keyword_types)
            needs.types.of = self.types
            self.keyword_types, self.types_global = _apart(needs.types, "of", kept, lambda: self._needs(needs))
            checker.types = needs.types
            new, old = needs.types, last
            changed = {q for q in new.keyword_needs.keys() | old.keyword_needs.keys()
                       if new.keyword_needs.get(q) != old.keyword_needs.get(q)
                       or new.default_needs.get(q) != old.default_needs.get(q)}
            if changed:
                again.extend(self._callers(changed, {id(comp.decl) for comp in again}))
        diags.items.extend(self.types_global)
        gone = [id(comp.decl) for unit in self.models.gone.values() for top in unit.components for comp in top.walk()]
        for key in gone:
            old = self.checked.pop(key, None)
            if old is not None:
                _forget(self.types, old.found)
            self.noisy_types.pop(key, None)
        redone = set()
        for comp in again:
            key = id(comp.decl)
            redone.add(key)
            old = self.checked.get(key)
            if old is not None:
                _forget(self.types, old.found)
            hit = self.checked[key] = Kept(comp.decl, *_apart(checker.types, "of", diags,
                                                              lambda: checker.component(comp)))
            self.noisy_types.pop(key, None)
            if hit.diagnostics:
                self.noisy_types[key] = hit.diagnostics
        for key, found in self.noisy_types.items():
            if key not in redone:
                diags.items.extend(found)
        c.types = self.last_types = checker.types


def _qid(comp) -> str:
    return comp.qid


def _resolved(resolver, comp, names: Diagnostics, broken: frozenset) -> Kept:
    """Resolve one component's names apart: what it found, its errors, and the files of the
    components they mean."""
    resolver.box_files = set()
    hit = Kept(comp.decl, *_apart(resolver.res, "symbols", names, lambda: resolver.component(comp)))
    hit.files = frozenset(s.target.file for s in hit.found.values() if isinstance(s.target, Component))
    hit.files |= resolver.box_files | broken  # a First Game's hands, and what it could not find
    resolver.box_files = None
    return hit


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
