"""Pass 1, load: find the content root, read and parse the files, follow `use`."""
from __future__ import annotations

from dataclasses import dataclass, field
import os
from pathlib import Path

import networkx as nx

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.parser import parse_source, read_source
from mayhem.dsl.spans import SourceFile

from .model import SourceUnit

EXTENSION = ".mh"
ROOT_MARKER = "mayhem.toml"


@dataclass(slots=True)
class Loaded:
    root: Path
    sources: dict[str, SourceFile] = field(default_factory=dict)
    units: dict[str, SourceUnit] = field(default_factory=dict)
    failed: set[str] = field(default_factory=set)  # files that did not read or parse


def absolute(path: Path) -> Path:
    """The path made absolute and normalised without following symbolic links, so that a
    file reached through a linked folder keeps its place inside the content root."""
    return Path(os.path.normpath(os.path.abspath(path)))


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
    twice, so a link that points back up cannot loop."""
    found: list[Path] = []
    seen: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=True):
        real = os.path.realpath(dirpath)
        if real in seen:
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


def _inside(path: Path, root: Path) -> Path | None:
    """The path relative to the root, or None when it lies outside: by its place, or, for a
    file that is itself a link, by where the link leads (a linked folder is part of the
    collection, a linked file that leaves the root is not)."""
    try:
        rel = path.relative_to(root)
    except ValueError:
        return None
    if path.is_symlink() and not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root)):
        return None
    return rel


def load(paths: list[Path], diags: Diagnostics, root: Path | None = None, *, read=read_source,
         parse=parse_source) -> Loaded:
    """`read` and `parse` default to the parser's; compiler.incremental passes its own, which
    keep each file's result by the hash of its text."""
    root = absolute(root or find_root(paths))
    loaded = Loaded(root)
    queue: list[Path] = []
    files = discover(paths, diags)
    if not files and not diags.has_errors():
        where = ", ".join(f"'{p}'" for p in paths) or f"'{root}'"
        diags.error("E002", f"nothing to check: no content files (.mh) in {where}", None,
                    hint="give content files or the folder that holds them; folders are searched "
                         "recursively, following linked folders")
    for f in files:
        full = absolute(f)
        if _inside(full, root) is None:
            diags.error("E304", f"'{f}' is outside the content root '{root}'", None,
                        hint="pass --root, or put a mayhem.toml at the top of the content folder")
            continue
        queue.append(full)
    use_graph = nx.DiGraph()
    use_sites: dict[tuple[str, str], ast.Use] = {}
    while queue:
        path = queue.pop(0)
        name = path.relative_to(root).as_posix()
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
        use_graph.add_node(name)
        for use in tree.uses:
            target = _resolve_use(use, path, root, diags)
            if target is None:
                continue
            target_name = target.relative_to(root).as_posix()
            unit.uses.append(target_name)
            use_graph.add_edge(name, target_name)
            use_sites[(name, target_name)] = use
            if target_name not in loaded.sources:
                queue.append(target)
    # drop files that failed to read or parse; their errors are reported
    loaded.units = {k: v for k, v in loaded.units.items() if v is not None}
    for (user, target), use in sorted(use_sites.items()):
        unit = loaded.units.get(target)
        if unit is not None and unit.box is not None:
            diags.error("E306", f"'{target}' belongs to box '{unit.box}' and cannot be used as a module",
                        use.span, hint="'use' shared rules modules (files without 'in box'); the files of "
                        "one box see each other already")
    for cycle in sorted(nx.simple_cycles(use_graph), key=lambda c: sorted(c)):
        start = min(cycle)
        k = cycle.index(start)
        cycle = cycle[k:] + cycle[:k]
        use = use_sites[(cycle[0], cycle[1 % len(cycle)])]
        chain = " -> ".join(cycle + [cycle[0]])
        diags.error("E303", f"import cycle: {chain}", use.span,
                    hint="move what both files need into a third module that neither uses")
    return loaded


def _resolve_use(use: ast.Use, path: Path, root: Path, diags: Diagnostics) -> Path | None:
    raw = use.path
    if not raw.endswith(EXTENSION):
        diags.error("E305", f"a module path ends in '{EXTENSION}': '{raw}'", use.span,
                    hint=f'write: use "{raw}{EXTENSION}"')
        return None
    base = path.parent if raw.startswith(("./", "../")) else root
    target = absolute(base / raw)
    if _inside(target, root) is None:
        diags.error("E304", f"'{raw}' leads outside the content root", use.span,
                    hint="modules are found inside the content root only; copy the module into it")
        return None
    if not target.is_file():
        diags.error("E305", f"no module '{raw}' in the content root", use.span,
                    hint="paths are relative to the content root (the folder with mayhem.toml), "
                         "or to this file when they start with ./ or ../")
        return None
    return target
