"""Content sets: what a content root's `mayhem.toml` declares (the sets it holds, their
versions and what they depend on) and where each dependency is found: a set of the same root,
another root by path, or one of the official sets shipped inside the package.

A root that is one set:

    [set]
    id = "my-box"
    version = "0.1.0"

    [dependencies]
    mayhem-core = ">=1.0"                                   # shipped with the toolchain
    friends = { path = "../friends", version = ">=0.2" }    # another content root

A root that holds several sets, one folder each (the official content):

    [sets.teen-titans-go]
    version = "1.0.0"
    folder = "teen-titans-go"                               # default: the id
    dependencies = { mayhem-core = ">=1.0" }

A root without `[set]` or `[sets]` is one nameless set (it may still have dependencies).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import difflib
import os
from pathlib import Path

import networkx as nx

from mayhem.dsl.diagnostics import Diagnostics

from .contentsets_toml import MANIFEST, ContentSet, Dependency, Manifest, read_manifest, shown as _shown


def shipped_root() -> Path | None:
    """The official content shipped with the toolchain: `mayhem/content/` inside an installed
    package, `content/` beside the `mayhem` package in a checkout."""
    import mayhem
    here = Path(mayhem.__file__).resolve().parent
    for candidate in (here / "content", here.parent / "content"):
        if (candidate / MANIFEST).is_file():
            return candidate
    return None


def shipped_file(relative: str) -> tuple[Path | None, tuple | None]:
    """A file of the shipped content (`shared/game.mh`) and its stamp (path, modification time and
    size: a cache keyed by it is read again when the file changes); the stamp is None when the
    file is missing."""
    root = shipped_root()
    path = root / relative if root is not None else None
    try:
        st = path.stat() if path is not None else None
    except OSError:
        st = None
    return path, ((str(path), st.st_mtime_ns, st.st_size) if st is not None else None)


@dataclass(slots=True)
class Resolved:
    """The sets a root depends on, directly or not, and the manifests they come from."""

    manifests: dict[Path, Manifest] = field(default_factory=dict)
    sets: dict[str, ContentSet] = field(default_factory=dict)  # by id, every set reached
    needed: list[ContentSet] = field(default_factory=list)  # sets of other roots to load, in order

    def manifest_of(self, root: Path) -> Manifest | None:
        return self.manifests.get(root)


def resolve(root: Path, diags: Diagnostics) -> Resolved:
    """Find every set the root's sets depend on, check versions, and report missing sets and
    cycles; each error is positioned at the dependency line of the manifest that names it."""
    out = Resolved()
    shipped = shipped_root()
    manifests: dict[Path, Manifest] = {}

    def manifest(r: Path) -> Manifest:
        if r not in manifests:
            name = MANIFEST if r == root else os.path.relpath(r / MANIFEST, root).replace(os.sep, "/")
            manifests[r] = read_manifest(r, name, diags)
        return manifests[r]

    main = manifest(root)
    graph = nx.DiGraph()
    edges: dict[tuple[int, int], Dependency] = {}
    queue = list(main.sets)
    seen: set[int] = set()
    placed: dict[str, ContentSet] = {s.id: s for s in main.sets if s.id}
    while queue:
        current = queue.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        graph.add_node(id(current), set=current)
        for dep in current.dependencies:
            target = _find(dep, current, manifest, shipped, diags)
            if target is None:
                continue
            other = placed.get(dep.id)
            if other is not None and other is not target and (other.root, other.folder) != (target.root, target.folder):
                diags.error("E706", f"two sets are called '{dep.id}': {_origin(other, shipped)} and "
                            f"{_origin(target, shipped)}", dep.span,
                            hint="a collection holds one set of each name, and one file of each name: remove a "
                                 "copy of a set you depend on, or keep each box's files in a folder of its own")
                continue
            target = other or target
            placed[dep.id] = target
            if target.version is not None and dep.spec and not dep.spec.contains(target.version, prereleases=True):
                diags.error("E703", f"{current.label} needs {dep.id} {dep.spec}, but {dep.id} is "
                            f"{target.version}{_where(target, shipped)}", dep.span,
                            hint=_version_hint(dep, target, shipped))
            graph.add_edge(id(current), id(target))
            edges[(id(current), id(target))] = dep
            queue.append(target)
    for cycle in sorted(nx.simple_cycles(graph), key=lambda c: sorted(graph.nodes[n]["set"].id or "" for n in c)):
        names = [graph.nodes[n]["set"] for n in cycle]
        start = min(range(len(cycle)), key=lambda k: (names[k].root != root, names[k].id or ""))
        cycle = cycle[start:] + cycle[:start]
        chain = " -> ".join(graph.nodes[n]["set"].id or "(this root)" for n in cycle + [cycle[0]])
        dep = edges[(cycle[0], cycle[1 % len(cycle)])]
        diags.error("E704", f"dependency cycle: {chain}", dep.span,
                    hint="sets depend on each other in one direction only: move what both need into a third set")
    out.manifests = manifests
    out.sets = placed
    out.needed = [graph.nodes[n]["set"] for n in nx.topological_sort(graph) if graph.nodes[n]["set"].root != root] \
        if nx.is_directed_acyclic_graph(graph) else \
        [graph.nodes[n]["set"] for n in sorted(graph.nodes, key=lambda n: graph.nodes[n]["set"].id or "")
         if graph.nodes[n]["set"].root != root]
    return out


def _origin(s: ContentSet, shipped: Path | None) -> str:
    return "the one shipped with the toolchain" if s.root == shipped else f"the one in '{_shown(s.folder)}'"


def _where(target: ContentSet, shipped: Path | None) -> str:
    if shipped is not None and target.root == shipped:
        return " (shipped with the toolchain)"
    return f" (in {_shown(target.root)})"


def _version_hint(dep: Dependency, target: ContentSet, shipped: Path | None) -> str:
    upgrade = " (pip install --upgrade mayhem-toolchain)" if shipped is not None and target.root == shipped else ""
    have = f">={target.version.major}.{target.version.minor}"
    return f"get a newer {dep.id}{upgrade}, or ask for the version there is: {dep.id} = \"{have}\""


def _find(dep: Dependency, user: ContentSet, manifest, shipped: Path | None, diags: Diagnostics) -> ContentSet | None:
    """A dependency's set: at its path, else in the same root, else among the shipped sets."""
    if dep.path is not None:
        if not (dep.path / MANIFEST).is_file():
            diags.error("E702", f"missing dependency '{dep.id}': no content root at '{_shown(dep.path)}' "
                        f"(no {MANIFEST} there)", dep.span,
                        hint="the path is relative to this mayhem.toml and leads to the folder that holds the "
                             "other set's mayhem.toml")
            return None
        found = [s for s in manifest(dep.path).sets if s.id == dep.id]
        if not found:
            ids = ", ".join(s.id for s in manifest(dep.path).sets if s.id) or "none"
            diags.error("E702", f"missing dependency '{dep.id}': the content root at '{_shown(dep.path)}' "
                        f"holds no set '{dep.id}'", dep.span,
                        hint=f"the sets it holds: {ids}; a root names its sets in [set] or [sets.ID]")
            return None
        return found[0]
    same = [s for s in manifest(user.root).sets if s.id == dep.id]
    if same:
        return same[0]
    if shipped is not None:
        official = [s for s in manifest(shipped).sets if s.id == dep.id]
        if official:
            return official[0]
    known = sorted({s.id for s in manifest(shipped).sets if s.id}) if shipped is not None else []
    guess = next(iter(difflib.get_close_matches(dep.id, known, n=1)), None)
    mean = f"did you mean '{guess}'? " if guess else ""
    diags.error("E702", f"missing dependency '{dep.id}': no set of that name is shipped with the toolchain, "
                "and no path is given", dep.span,
                hint=mean + f"the shipped sets: {', '.join(known) or 'none'}; a set of your own: "
                f"{dep.id} = {{ path = \"../{dep.id}\" }}")
    return None


def set_files(s: ContentSet) -> list[Path]:
    """The content files of a set: its folder's, without the folders of the root's other sets
    nested inside it (none in practice) and without nested content roots."""
    from .loader import content_files
    return content_files(s.folder) if s.folder.is_dir() else []
