"""Incremental compiling: what a check found, kept between the checks of a Workspace (the
language server's and `mayhem check --watch`'s compiler), so that after an edit only what
the edit reaches is done again, with the findings and the IR of a check from scratch
(tests/test_incremental_edits.py holds every edit to that).

- Reading and parsing (ParseCache, incremental_parse.py): each file's syntax tree kept by
  the hash of its text; a file whose size and modification time did not change is not
  read again, and a Workspace told of every change on disk (`watched`: the language
  server, when the editor watches the files) stats only the files it is told of, walks
  the root only after a file was added or removed, and loads by file (Workspace.pass_load,
  here): while the files are the same ones and the changed ones `use` the same modules,
  only those are read and parsed, the others' trees and parse findings kept without a look.
- The model, names and types (incremental_model.py, incremental_front.py) and the effect
  graph, the IR and the consistency checks (incremental_passes.py, checks/incremental.py,
  checks/incremental_collection.py): kept per component, while the collection's
  *interface* (incremental_interface.py: the vocabulary, the box manifests, the card
  types, the ids each file declares) is unchanged and the component's syntax tree is the
  same object. When the files that changed declare leaf kinds alone (characters, cards,
  Locations) with the ids the interface says, a check goes *by file*: each pass looks at
  those files' components, and at the components whose names meant theirs, and patches
  its tables, without a walk of the others. So does an edit of keywords' bodies alone (a
  keyword's signature is in the interface, its body is not): the keyword is built again,
  its callers' types checked again if its needs changed, and their consistency checks run
  again if what they read of its body did. Any other edit of the interface (a keyword's
  parameters, a token, a box, a new id, a file added) checks everything again; a card or
  character file that stops parsing does not (its last share stands in), nor does its fix.

Where a one-line edit's time went at 10,000 cards (bench/compile.py, CPU): 4.3 s when every
pass after the parse ran over the whole collection; then 0.24 to 0.32 s with the graph, the
IR and the checks kept per component; then about 0.2 s with the cross-set checks counted
through tallies patched per component (checks/tally.py), names' and types' tables patched,
a watched root's unchanged files neither stat'ed nor hashed. Every pass still went through
all 10,000 cards once per edit (a call per component to replay it, the declaration tables,
the loader's walk of every file, the Collection's indexes, two 100,000-item lists of the
IR's graph patched by insertion): 209 ms, 248 ms on a machine loaded eighteen times over.
By file (issue #15, fifth round), the same edits on the same machine in the same half hour:
29 to 41 ms against 236 to 248 (the syntax error 11 to 16 ms, its fix 25 to 33, against
176 to 193 and 237 to 271). An edit of a keyword every box uses checked everything (3.7 s
median at 10,000 cards, 4.7 s on a quiet machine); by file (issue #15, check10), with the
keyword's share of the graph, of the types (the keywords' needs, worked out apart) and of
the checks (what its callers read of it) kept apart: 36 ms (`bench/compile.py --sizes 10000`,
CPU, load 11; the mean of its five edits 27 ms, a check from scratch 4.1 s in the same run).
An edit of a keyword's body that its callers read of is as long as they are many: melee-attack's
amount changed (625 top-level callers, their types and consistency checks done again) 260 to
280 ms, against 650 ms with every component's types checked again.

>>> from pathlib import Path
>>> ws = Workspace(Path("content"))
>>> first = ws.check()
>>> ws.cache.parses == first.files
True
>>> again = ws.check()
>>> ws.cache.parsed_last, again.ok
([], True)
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
import gc
from pathlib import Path

from mayhem.dsl.diagnostics import Diagnostic, Diagnostics

from . import driver
from .model import Model, SourceUnit
from .incremental_parse import ParseCache
from .incremental_passes import BackEnd
from .loader import absolute


@dataclass(slots=True)
class _Loaded:
    """What a Workspace's latest load found, for a load by file after it (Workspace.pass_load)."""

    root: Path
    sources: dict  # name -> SourceFile
    units: dict  # name -> (its syntax tree, its box, the modules it uses)
    external: set  # the files of the sets the root depends on
    parse_diags: dict  # name -> what parsing it reported (the files with findings)
    names: dict  # absolute path -> name
    keys: set  # the parse cache's keys of the files (ParseCache._seen)
    failed: set = frozenset()  # the files that do not parse now (their last tree in `units` stands in)


COLLECT_EVERY = 50  # checks between two full garbage collections (see Workspace.check)


class Workspace:
    """A content root kept checked: `check()` after every edit (saved, or set with
    `set_text`) re-parses only what changed; `dependants(name)` says which other files'
    findings an edit of that file may change (the files that see its declarations)."""

    def __init__(self, root: Path) -> None:
        self.root = absolute(Path(root))
        self.cache = ParseCache()
        self.back = BackEnd()  # the graph, the IR and the checks, kept per component
        self.result: driver.Compilation | None = None
        self._by_file: tuple[driver.Compilation, dict[str, list[Diagnostic]]] | None = None
        self._loaded: _Loaded | None = None  # what the latest load found, while a load by file can follow it
        self._rest: ParseCache | None = None  # check_in_context's, for the root without the files asked about
        self._checks = self._collected = 0  # checks made, and made at the latest full collection
        self.tidy_later = False  # the caller runs tidy() after each check (see _settle)

    def set_text(self, path: Path, text: str) -> None:
        self.cache.set_text(path, text)

    def clear_text(self, path: Path) -> None:
        self.cache.clear_text(path)

    def watched(self) -> None:
        """The caller tells of every change on disk under the root from now on (`saw`), as an
        editor watching it does: a check then stats only the files changed and walks the
        root only after one was added or removed."""
        self.cache.watched(self.root)

    def saw(self, path: Path, added_or_removed: bool = False) -> None:
        self.cache.saw(path, added_or_removed)

    def check(self) -> driver.Compilation:
        """Every finding of the collection, as `mayhem check` of the root gives them."""
        self.cache.start()
        # what the run builds is frozen after it (_settle): the run need not count the frozen objects
        passes = (self.pass_load,) + self.back.passes[1:]
        self.result = driver.run([self.root], root=self.root, passes=passes, cache=self.cache, frozen=True)
        self.cache.done()
        self.cache.prune()
        self._settle()
        return self.result

    def pass_load(self, c: driver.Compilation) -> None:
        """driver.pass_load; or, for a watched root whose files are the same ones and whose
        changed files `use` the same modules, a load by file: the files changed on disk or in
        a buffer read and parsed again, the others' syntax trees and parse findings kept
        without a look (the load of every file was a third of a card's edit at 10,000 cards)."""
        if self._load_by_file(c):
            return
        self._loaded = None
        start = len(c.diagnostics.items)
        driver.pass_load(c)
        cache = self.cache
        if cache.changed is None or c.failed_files or c.model is None or not c.model.units:
            return
        parsed = {id(d) for name in c.sources for d in cache.parse_diags.get(name, ())}
        if any(id(d) not in parsed for d in c.diagnostics.items[start:]):
            return  # a finding of the load itself (a `use`, the manifest): loaded whole each time
        self._loaded = _Loaded(c.root, dict(c.sources), {n: (u.file, u.box, tuple(u.uses)) for n, u in c.model.units.items()},
                               set(c.external), {n: d for n in c.sources if (d := cache.parse_diags.get(n))},
                               {absolute(src.path): n for n, src in c.sources.items() if src.path is not None},
                               {f"{absolute(src.path) if src.path is not None else ''}\0{n}" for n, src in c.sources.items()})

    def _load_by_file(self, c: driver.Compilation) -> bool:
        cache, was = self.cache, self._loaded
        if was is None or cache.changed is None or cache._found is None or c.root != was.root:
            return False
        names = {}
        for path in cache.changed | cache.touched:
            name = was.names.get(path)
            if name is None:
                return False  # a file the latest load did not read
            names[name] = path
        found = Diagnostics()
        for name in was.external:  # outside the watched root: stat'ed at each check, as a load does
            if name not in names and cache.read(was.sources[name].path, name, found) is not was.sources[name]:
                return False
        fresh, failed = {}, set(was.failed)
        for name, path in names.items():
            src = cache.read(path, name, found)
            if src is None or name not in was.units:
                return False
            tree = cache.parse(src, found)
            old, box, _uses = was.units[name]
            if tree is None:  # its last syntax tree stands for its box and uses; no unit
                failed.add(name)
                fresh[name] = (src, old)
                continue
            if [u.path for u in tree.uses] != [u.path for u in old.uses] or \
                    (tree.in_box.box if tree.in_box else None) != box:
                return False
            failed.discard(name)
            fresh[name] = (src, tree)
        sources, units, kept, parse_diags = dict(was.sources), {}, {}, dict(was.parse_diags)
        for name, (tree, box, uses) in was.units.items():
            if name in fresh:
                sources[name], tree = fresh[name]
                parse_diags.pop(name, None)
                if cache.parse_diags.get(name):
                    parse_diags[name] = cache.parse_diags[name]
            kept[name] = (tree, box, uses)
            if name not in failed:
                units[name] = SourceUnit(tree, box, list(uses))
        for items in parse_diags.values():
            c.diagnostics.items.extend(items)
        cache._seen |= was.keys  # every file read: none is pruned
        c.sources, c.failed_files, c.external = sources, set(failed), set(was.external)
        c.model = Model(units)
        self._loaded = _Loaded(was.root, sources, kept, was.external, parse_diags, was.names, was.keys, failed)
        return True

    def _settle(self) -> None:
        """What a check keeps (millions of objects at 10,000 cards) is moved out of the
        garbage collector's sight (gc.freeze), so that its full collections, which came
        in the middle of a later check and cost as much as the check, do not go through
        it each time; every COLLECT_EVERY checks it is collected once (what earlier checks
        dropped in reference cycles is freed then): here, or, when the caller says it will
        (`tidy_later`: the language server, after it has published the check's findings),
        in `tidy()`."""
        self._checks += 1
        if not self.tidy_later:
            self.tidy()
        gc.freeze()

    def tidy(self) -> None:
        """The full garbage collection the checks owe, when it is due (see _settle)."""
        if self._checks - self._collected >= COLLECT_EVERY:
            self._collected = self._checks
            gc.unfreeze()
            gc.collect()
            gc.freeze()

    @property
    def by_file(self) -> bool:
        """Whether the latest check went by file (the changed files' components alone looked
        at; not after an edit of the interface, nor for the first check)."""
        return self.back.front.models.fresh is not None

    def check_in_context(self, paths: list[Path]) -> driver.Compilation:
        """As driver.check_in_context (`mayhem check --watch [FILE...]`): the root through
        `check()` (by file after an edit); for files asked about, the root without them (what
        they break elsewhere) through a parse cache of its own, checked whole."""
        if self._rest is None:
            self._rest = ParseCache()
        self._rest.start()

        def whole() -> driver.Compilation:
            got = self.check()
            # check_in_context narrows the findings it returns: a copy, not the kept result
            diags = Diagnostics()
            diags.items = list(got.diagnostics.items)
            return dataclasses.replace(got, diagnostics=diags, elsewhere=[])

        return driver.check_in_context(paths, root=self.root, cache=self._rest, whole=whole)

    def diagnostics(self, name: str) -> list[Diagnostic]:
        """The findings of the latest check in one file (by its name in the root). The
        findings are sorted and grouped by file once per check: a language server asks for
        every file an edit reaches."""
        if self.result is None:
            return []
        if self._by_file is None or self._by_file[0] is not self.result:
            grouped: dict[str, list[Diagnostic]] = {}
            for d in self.result.diagnostics.sorted():
                if d.span is not None:
                    grouped.setdefault(d.span.file, []).append(d)
            self._by_file = (self.result, grouped)
        return list(self._by_file[1].get(name, ()))

    def dependants(self, name: str) -> set[str]:
        """The other files whose compiler findings an edit of `name` may change: those that
        use it (directly or through other modules), and, for a file of a box, the box's
        other files (they see each other's declarations). The consistency checks compare
        boxes with each other, so `check()` runs them over the whole collection."""
        if self.result is None or self.result.model is None:
            return set()
        units = self.result.model.units
        users: dict[str, set[str]] = {}
        for user, unit in units.items():
            for used in unit.uses:
                users.setdefault(used, set()).add(user)
        start = {name}
        unit = units.get(name)
        if unit is not None and unit.box is not None:
            start |= {n for n, u in units.items() if u.box == unit.box}
        found = set(start)
        todo = list(start)
        while todo:
            for user in users.get(todo.pop(), ()):
                if user not in found:
                    found.add(user)
                    todo.append(user)
        return found - {name}
