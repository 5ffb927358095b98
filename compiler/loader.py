"""Pass 1, load: find the content root, read and parse the files, follow `use`, and bring in
the content sets the root depends on (compiler/contentsets.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import os
from pathlib import Path

import networkx as nx

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.parser import parse_source, read_source
from mayhem.dsl.spans import SourceFile

from . import contentsets
from .model import SourceUnit

EXTENSION = ".mh"
ROOT_MARKER = "mayhem.toml"


@dataclass(slots=True)
class Loaded:
    root: Path
    sources: dict[str, SourceFile] = field(default_factory=dict)
    units: dict[str, SourceUnit] = field(default_factory=dict)
    failed: set[str] = field(default_factory=set)  # files that did not read or parse
    # files of the sets the root depends on (other content roots, the shipped sets), by name:
    # named, like the root's own, by their path in their own root
    external: set[str] = field(default_factory=set)


def absolute(path: Path) -> Path:
    """The path made absolute and normalised without following symbolic links, so that a
    file reached through a linked folder keeps its place inside the content root."""
    text = os.fspath(path)
    if os.path.isabs(text):
        return _normal(text)  # asked for each file at each check: answered once
    return _path(os.path.normpath(os.path.abspath(text)))  # depends on the working directory


@lru_cache(maxsize=1 << 16)
def _normal(text: str) -> Path:
    return _path(os.path.normpath(text))


# A check of a large collection asks for the same few thousand paths again at every check (a
# language server's): the Path objects and the names in a root are made once (pathlib's
# parsing was most of the time of loading unchanged files)
@lru_cache(maxsize=1 << 16)
def _path(text: str) -> Path:
    return Path(text)


@lru_cache(maxsize=1 << 16)
def _relative(path: Path, root: Path) -> Path | None:
    try:
        return path.relative_to(root)
    except ValueError:
        return None


def name_in(path: Path, root: Path) -> str:
    """The path's name in its root (`looney-tunes/taz.mh`); ValueError when it lies outside."""
    rel = _relative(path, root)
    if rel is None:
        raise ValueError(f"'{path}' is not in '{root}'")
    return _posix(rel)


@lru_cache(maxsize=1 << 16)
def _posix(rel: Path) -> str:
    return rel.as_posix()


def find_root(paths: list[Path]) -> Path:
    """The nearest directory above the first path that holds `mayhem.toml`; else the
    directory given (or the file's own directory)."""
    first = absolute(paths[0]) if paths else absolute(Path.cwd())
    start = first if first.is_dir() else first.parent
    for candidate in (start, *start.parents):
        if (candidate / ROOT_MARKER).is_file():
            return candidate
    return start


def has_marker(root: Path) -> bool:
    return (root / ROOT_MARKER).is_file()


def content_files(folder: Path) -> list[Path]:
    """Every content file under a folder, sorted, following linked folders (a box kept
    elsewhere and linked into the content root is part of it) but never the same folder
    twice, so a link that points back up cannot loop. A folder below with its own
    `mayhem.toml` is another content root, not part of this one (a set reaches it by a
    dependency)."""
    found: list[Path] = []
    seen: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=True):
        real = os.path.realpath(dirpath)
        if real in seen or (Path(dirpath) != Path(folder) and ROOT_MARKER in filenames):
            dirnames[:] = []
            continue
        seen.add(real)
        dirnames.sort()
        found.extend(Path(dirpath) / f for f in filenames if f.endswith(EXTENSION))
    return sorted((p for p in found if p.is_file()), key=lambda p: p.as_posix())


def discover(paths: list[Path], diags: Diagnostics) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(content_files(path))
        elif path.is_file():
            files.append(path)
        else:
            diags.error("E001", f"no such file or directory: '{path}'", None,
                        hint="give content files (.mh) or folders that hold them")
    return files


class Disk:
    """The file system's answers the loader asks for each file at each load (is the file a
    link that leads out of the root; is a `use`'s target a file): asked once and kept, for a
    caller told of every change on disk (compiler.incremental_parse.ParseCache, `watched`), which
    forgets a changed file's answers and all of them when a file is added or removed. At
    10,000 cards these were three stats per file, 20 ms of a one-line edit's check."""

    def __init__(self, under: Path) -> None:
        self.answers: dict[tuple[str, Path], bool] = {}
        self._prefix = os.path.join(str(under), "")  # the folder watched: files elsewhere are asked each time

    def is_file(self, path: Path) -> bool:
        key = ("file", path)
        got = self.answers.get(key)
        if got is None:
            got = path.is_file()
            if str(path).startswith(self._prefix):
                self.answers[key] = got
        return got

    def leaves(self, path: Path, root: Path) -> bool:
        key = ("leaves", path)
        got = self.answers.get(key)
        if got is None:
            got = _leaves(path, root)
            if str(path).startswith(self._prefix):
                self.answers[key] = got
        return got

    def forget(self, path: Path) -> None:
        self.answers.pop(("file", path), None)
        self.answers.pop(("leaves", path), None)

    def clear(self) -> None:
        self.answers.clear()


class _Ask:
    """The file system asked each time (no caller keeps the answers)."""

    @staticmethod
    def is_file(path: Path) -> bool:
        return path.is_file()

    @staticmethod
    def leaves(path: Path, root: Path) -> bool:
        return _leaves(path, root)


def _leaves(path: Path, root: Path) -> bool:
    """A file that is itself a link leading out of the root."""
    return path.is_symlink() and not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root))


def _inside(path: Path, root: Path, disk=_Ask) -> Path | None:
    """The path relative to the root, or None when it lies outside: by its place, or, for a
    file that is itself a link, by where the link leads (a linked folder is part of the
    collection, a linked file that leaves the root is not)."""
    rel = _relative(path, root)
    if rel is None:
        return None
    if disk.leaves(path, root):
        return None
    return rel


def load(paths: list[Path], diags: Diagnostics, root: Path | None = None, *, read=read_source,
         parse=parse_source, discover=discover, disk: Disk | None = None) -> Loaded:
    """Read and parse the files given and every file they `use`; with a `mayhem.toml` that
    names dependencies, also every file of the sets the root depends on (given no paths but
    a root, those alone). `read`, `parse` and `discover` default to the parser's and this
    module's; compiler.incremental passes its own, which keep each file's result by the hash
    of its text (and the files found, while the editor says none was added or removed), and
    its `disk` (a Disk: the file system's answers kept while the editor says nothing changed)."""
    root = absolute(root or find_root(paths))
    disk = disk if disk is not None else _Ask
    loaded = Loaded(root)
    sets = contentsets.resolve(root, diags) if has_marker(root) else None
    queue: list[tuple[Path, Path]] = []  # (file, its content root)
    files = discover(paths, diags)
    external = [(f, s) for s in (sets.needed if sets else []) for f in contentsets.set_files(s)]
    if not files and not external and not diags.has_errors():
        where = ", ".join(f"'{p}'" for p in paths) or f"'{root}'"
        diags.error("E002", f"nothing to check: no content files (.mh) in {where}", None,
                    hint="give content files or the folder that holds them; folders are searched "
                         "recursively, following linked folders")
    for f in files:
        full = absolute(f)
        if _inside(full, root, disk) is None:
            diags.error("E304", f"'{f}' is outside the content root '{root}'", None,
                        hint="pass --root, or put a mayhem.toml at the top of the content folder")
            continue
        queue.append((full, root))
    owners: dict[str, Path] = {}  # name -> the file that has it
    for f, s in external:
        name = name_in(absolute(f), s.root)
        loaded.external.add(name)
        queue.append((absolute(f), s.root))
    uses: list[tuple[str, str]] = []  # (file, the module it uses), in the order found
    use_sites: dict[tuple[str, str], ast.Use] = {}
    while queue:
        path, home = queue.pop(0)
        name = name_in(path, home)
        if owners.setdefault(name, path) != path:
            _same_name(name, path, owners[name], home, root, sets, diags)
            continue
        if name in loaded.sources or name in loaded.units:
            continue
        src = read(path, name, diags)
        if src is None:
            loaded.units.setdefault(name, None)  # type: ignore[arg-type]
            loaded.failed.add(name)
            continue
        loaded.sources[name] = src
        tree = parse(src, diags)
        if tree is None:
            loaded.units[name] = None  # type: ignore[assignment]
            loaded.failed.add(name)
            continue
        unit = SourceUnit(tree, tree.in_box.box if tree.in_box else None, [])
        loaded.units[name] = unit
        for use in tree.uses:
            found = _resolve_use(use, path, home, sets, diags, disk)
            if found is None:
                continue
            target, target_home = found
            target_name = name_in(target, target_home)
            unit.uses.append(target_name)
            uses.append((name, target_name))
            use_sites[(name, target_name)] = use
            if target_name not in loaded.sources:
                queue.append((target, target_home))
    # drop files that failed to read or parse; their errors are reported
    loaded.units = {k: v for k, v in loaded.units.items() if v is not None}
    for (user, target), use in sorted(use_sites.items()):
        unit = loaded.units.get(target)
        if unit is not None and unit.box is not None:
            diags.error("E306", f"'{target}' belongs to box '{unit.box}' and cannot be used as a module",
                        use.span, hint="'use' shared rules modules (files without 'in box'); the files of "
                        "one box see each other already")
    for cycle in _import_cycles(tuple(uses)):
        cycle = list(cycle)
        use = use_sites[(cycle[0], cycle[1 % len(cycle)])]
        chain = " -> ".join(cycle + [cycle[0]])
        diags.error("E303", f"import cycle: {chain}", use.span,
                    hint="move what both files need into a third module that neither uses")
    if sets is not None:  # a manifest with a finding shows its lines under it
        named = {d.span.file for d in diags.items if d.span is not None}
        for m in sets.manifests.values():
            if m.source is not None and m.source.name in named:
                loaded.sources.setdefault(m.source.name, m.source)
    return loaded


@lru_cache(maxsize=8)
def _import_cycles(uses: tuple[tuple[str, str], ...]) -> tuple[tuple[str, ...], ...]:
    """The cycles of `use` among the files, each from its least file, in a stable order.
    Kept by the uses themselves: a language server's check of 800 files asks again with the
    same ones after nearly every edit (the search was 10 ms of each)."""
    graph = nx.DiGraph()
    graph.add_edges_from(uses)
    out = []
    for cycle in sorted(nx.simple_cycles(graph), key=lambda c: sorted(c)):
        k = cycle.index(min(cycle))
        out.append(tuple(cycle[k:] + cycle[:k]))
    return tuple(out)


def _same_name(name: str, path: Path, first: Path, home: Path, root: Path, sets, diags: Diagnostics) -> None:
    """Two files of the collection, from two content roots, with one name: the ids of what they
    declare would clash too. Positioned at the dependency that brings the second."""
    def whose(file: Path) -> str:
        if file.is_relative_to(root):
            return "this content root"
        for m in manifests:
            if file.is_relative_to(m.root):
                return f"the set '{m.set_of(file).id}'"
        return "another content root"
    manifests = list(sets.manifests.values()) if sets is not None else []
    owner = sets.manifest_of(home).set_of(path) if sets is not None and sets.manifest_of(home) else None
    dep = next((d for m in manifests for s in m.sets for d in s.dependencies
                if owner is not None and d.id == owner.id), None)
    diags.error("E706", f"two files of the collection are called '{name}': one of {whose(first)}, one of "
                f"{whose(path)}", dep.span if dep is not None else None,
                hint="a collection holds one set of each name, and one file of each name: remove a "
                     "copy of a set you depend on, or keep each box's files in a folder of its own")


def _resolve_use(use: ast.Use, path: Path, root: Path, sets, diags: Diagnostics, disk=_Ask) -> tuple[Path, Path] | None:
    """The file a `use` names, and its content root: a path in the file's own root (from the
    root, or from the file with ./ and ../), or `SET:path` in a set the file's set depends on."""
    raw = use.path
    if not raw.endswith(EXTENSION):
        diags.error("E305", f"a module path ends in '{EXTENSION}': '{raw}'", use.span,
                    hint=f'write: use "{raw}{EXTENSION}"')
        return None
    if ":" in raw:
        return _resolve_set_use(use, path, root, sets, diags)
    base = path.parent if raw.startswith(("./", "../")) else root
    target = absolute(os.path.join(base, raw))
    if _inside(target, root, disk) is None:
        diags.error("E304", f"'{raw}' leads outside the content root", use.span,
                    hint="modules are found inside the content root, or in a set it depends on: "
                         "use \"SET:file.mh\" (mayhem explain E705)")
        return None
    if not disk.is_file(target):
        diags.error("E305", f"no module '{raw}' in the content root", use.span,
                    hint="paths are relative to the content root (the folder with mayhem.toml), "
                         "or to this file when they start with ./ or ../")
        return None
    return target, root


def _resolve_set_use(use: ast.Use, path: Path, root: Path, sets, diags: Diagnostics) -> tuple[Path, Path] | None:
    set_id, _, rel = use.path.partition(":")
    manifest = sets.manifest_of(root) if sets is not None else None
    own = manifest.set_of(path) if manifest is not None else None
    allowed = {d.id for d in own.dependencies} | ({own.id} if own.id else set()) if own is not None else set()
    target_set = sets.sets.get(set_id) if sets is not None else None
    if own is not None and own.id == set_id:
        target_set = own
    if set_id not in allowed or target_set is None:
        where = f"[sets.{own.id}.dependencies]" if own is not None and own.id and own.folder != root \
            else "[dependencies]"
        diags.error("E705", f"'{set_id}' is not a set this file's set depends on", use.span,
                    hint=f'add it to {where} of mayhem.toml: {set_id} = ">=1.0"')
        return None
    target = absolute(target_set.folder / rel)
    if not target.is_relative_to(target_set.folder):
        diags.error("E304", f"'{use.path}' leads outside the set '{set_id}'", use.span,
                    hint=f"a path after '{set_id}:' is relative to the folder of the set")
        return None
    if not target.is_file():
        known = sorted(p.relative_to(target_set.folder).as_posix() for p in contentsets.set_files(target_set))
        diags.error("E305", f"no module '{rel}' in the set '{set_id}'", use.span,
                    hint=f"the files of the set '{set_id}': {', '.join(known) or 'none'}")
        return None
    return target, target_set.root
