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
import re
import tomllib

import networkx as nx
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.spans import SourceFile, Span

MANIFEST = "mayhem.toml"
SET_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(slots=True)
class Dependency:
    id: str
    spec: SpecifierSet
    path: Path | None  # another content root, absolute
    span: Span


@dataclass(slots=True)
class ContentSet:
    id: str | None  # None: the nameless set of a root that names none
    version: Version | None
    root: Path
    folder: Path  # absolute; the root itself for a one-set root
    title: str | None = None
    dependencies: list[Dependency] = field(default_factory=list)
    span: Span | None = None

    @property
    def label(self) -> str:
        return f"{self.id} {self.version}" if self.id else f"the content root '{_shown(self.root)}'"


@dataclass(slots=True)
class Manifest:
    root: Path
    source: SourceFile | None
    sets: list[ContentSet]

    def set_of(self, path: Path) -> ContentSet:
        """The set a file of this root belongs to: the one whose folder holds it most closely."""
        best = None
        for s in self.sets:
            if path.is_relative_to(s.folder) and (best is None or len(s.folder.parts) > len(best.folder.parts)):
                best = s
        return best or ContentSet(None, None, self.root, self.root)


def shipped_root() -> Path | None:
    """The official content shipped with the toolchain: `mayhem/content/` inside an installed
    package, `content/` beside the `mayhem` package in a checkout."""
    import mayhem
    here = Path(mayhem.__file__).resolve().parent
    for candidate in (here / "content", here.parent / "content"):
        if (candidate / MANIFEST).is_file():
            return candidate
    return None


def _shown(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


class _Locator:
    """Lines and columns of keys in a manifest (tomllib gives values, not positions)."""

    def __init__(self, src: SourceFile):
        self.src = src
        self.lines = src.lines()

    def table(self, header: str) -> int | None:
        pattern = re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(
            r'"?' + re.escape(part) + r'"?' for part in header.split(".")) + r"\s*\]\s*(#.*)?$")
        return next((i for i, line in enumerate(self.lines) if pattern.match(line)), None)

    def key(self, key: str, within: str | None = None, inline: str | None = None) -> Span:
        """The span of `key = ...` in table `within` (or on the line of `inline = {...}`)."""
        start = self.table(within) if within else 0
        if start is None and inline:
            start = self.table(inline.rsplit(".", 1)[0])
        if start is None:
            return self.src.span_at(1, 1, len(self.lines[0]) if self.lines else 1)
        key_re = re.compile(r'(^|[\s{,])"?' + re.escape(key) + r'"?\s*=')
        for i in range(start + (1 if within else 0), len(self.lines)):
            line = self.lines[i]
            if i > start and line.lstrip().startswith("[") and within:
                break
            m = key_re.search(line)
            if m:
                col = m.start() + len(m.group(1)) + 1
                width = len(key) + (2 if line[col - 1] == '"' else 0)
                return Span(self.src.name, i + 1, col, i + 1, col + width)
        line = start + 1
        return Span(self.src.name, line, 1, line, len(self.lines[start]) + 1 if self.lines else 2)


def read_manifest(root: Path, name: str, diags: Diagnostics) -> Manifest:
    """Read the manifest of a content root; problems are E701 errors positioned in it."""
    path = root / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        diags.error("E701", f"cannot read '{_shown(path)}': {exc}", None,
                    hint="mayhem.toml is TOML (toml.io) saved as UTF-8: strings in double quotes, tables in [brackets]")
        return Manifest(root, None, [ContentSet(None, None, root, root)])
    src = SourceFile(name, text, path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(m[1]), int(m[2])) if m else (1, 1)
        message = re.sub(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)", "", str(exc))
        span = Span(name, line, col, line, col + 1) if m else src.end_span()
        diags.error("E701", f"mayhem.toml is not valid TOML: {message}", span,
                    hint="mayhem.toml is TOML (toml.io) saved as UTF-8: strings in double quotes, tables in [brackets]")
        return Manifest(root, src, [ContentSet(None, None, root, root)])
    where = _Locator(src)
    _unknown_keys(data, TOP_KEYS, None, where, diags)
    sets: list[ContentSet] = []
    one, many = data.get("set"), data.get("sets")
    if isinstance(many, dict) and "dependencies" in data:
        _shape(diags, "in a root of several [sets], each set names its own dependencies "
               "(dependencies = { ... } in its table)", where.key("dependencies"))
    if one is not None and many is not None:
        _shape(diags, "mayhem.toml declares both [set] (the root is one set) and [sets] (a folder per set)",
               where.key("id", "set"))
    if isinstance(one, dict):
        _unknown_keys(one, SET_KEYS, "set", where, diags)
        s = _content_set(one, "set", root, root, where, diags)
        s.dependencies = _dependencies(data.get("dependencies", {}), "dependencies", root, where, diags)
        sets.append(s)
    elif one is not None:
        _shape(diags, "[set] is a table", where.key("set"))
    if isinstance(many, dict):
        for sid, table in many.items():
            if not isinstance(table, dict):
                _shape(diags, f"sets.{sid} is a table", where.key(sid, "sets"))
                continue
            _unknown_keys(table, SET_KEYS | {"folder", "dependencies"}, f"sets.{sid}", where, diags)
            folder = table.get("folder", sid)
            if not isinstance(folder, str) or not _inside(root / folder, root):
                _shape(diags, f"the folder of set '{sid}' is a path inside the content root",
                       where.key("folder", f"sets.{sid}"))
                folder = sid
            s = _content_set({"id": sid, **table}, f"sets.{sid}", root, Path(os.path.normpath(root / folder)),
                             where, diags)
            s.dependencies = _dependencies(table.get("dependencies", {}), f"sets.{sid}.dependencies", root,
                                           where, diags)
            sets.append(s)
    if not sets:
        anonymous = ContentSet(None, None, root, root)
        anonymous.dependencies = _dependencies(data.get("dependencies", {}), "dependencies", root, where, diags)
        sets.append(anonymous)
    return Manifest(root, src, sets)


TOP_KEYS = {"collection", "set", "sets", "dependencies"}
SET_KEYS = {"id", "version", "title", "description"}


def _unknown_keys(table: dict, known: set[str], header: str | None, where: _Locator, diags: Diagnostics) -> None:
    """A key the manifest does not know is most often a misspelt one: a dependency under
    `[dependecies]` would be left out without a word."""
    for key in table:
        if key not in known:
            guess = difflib.get_close_matches(key, sorted(known), n=1)
            where_ = f"[{header}]" if header else "mayhem.toml"
            _shape(diags, f"{where_} has no key '{key}'" + (f": did you mean '{guess[0]}'?" if guess else
                   f"; it knows {', '.join(sorted(known))}"), where.key(key, header) if header else
                   _top_span(where, key))


def _top_span(where: _Locator, key: str) -> Span:
    table = where.table(key)
    if table is not None:
        line = where.lines[table]
        return Span(where.src.name, table + 1, 1, table + 1, len(line) + 1)
    return where.key(key)


def _shape(diags: Diagnostics, message: str, span: Span) -> None:
    diags.error("E701", message, span, hint="`mayhem explain E701` shows a mayhem.toml with a set and its "
                "dependencies")


def _inside(path: Path, root: Path) -> bool:
    return Path(os.path.normpath(path)).is_relative_to(root)


def _content_set(table: dict, header: str, root: Path, folder: Path, where: _Locator,
                 diags: Diagnostics) -> ContentSet:
    sid = table.get("id")
    if not isinstance(sid, str) or not SET_ID.match(sid):
        _shape(diags, "a content set needs an id: lower-case words joined by dashes", where.key("id", header))
        sid = None
    raw = table.get("version")
    version = None
    try:
        version = Version(str(raw)) if raw is not None else None
    except InvalidVersion:
        pass
    if version is None:
        _shape(diags, f"set '{sid}' needs a version such as \"1.0.0\"" if raw is None
               else f"'{raw}' is not a version such as \"1.0.0\"", where.key("version", header))
    title = table.get("title") if isinstance(table.get("title"), str) else None
    return ContentSet(sid, version, root, folder, title, [], where.key("id", header) if header == "set"
                      else where.key(sid or "", header.rsplit(".", 1)[0]))


def _dependencies(table, header: str, root: Path, where: _Locator, diags: Diagnostics) -> list[Dependency]:
    if not isinstance(table, dict):
        _shape(diags, "dependencies are a table: one line per set", where.key(header.rsplit(".", 1)[-1]))
        return []
    deps = []
    for did, value in table.items():
        span = where.key(did, header, inline=header)
        path = None
        spec_text = value
        if isinstance(value, dict):
            spec_text = value.get("version", "")
            if "path" in value:
                if not isinstance(value["path"], str):
                    _shape(diags, f"the path of dependency '{did}' is a string", span)
                    continue
                path = Path(os.path.normpath(root / value["path"]))
        if not isinstance(spec_text, str):
            _shape(diags, f"the version of dependency '{did}' is a string such as \">=1.0\"", span)
            continue
        try:
            spec = SpecifierSet(spec_text)
        except InvalidSpecifier:
            _shape(diags, f"'{spec_text}' is not a version requirement such as \">=1.0\" or \">=1.0,<2\"", span)
            continue
        deps.append(Dependency(did, spec, path, span))
    return deps


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
