"""A content root's `mayhem.toml` read into a Manifest: the sets it holds, their versions,
folders and dependencies (the format is compiler/contentsets.py's docstring); every problem an
E701 error positioned at its key (tomllib gives values, not positions: `_Locator` finds them)."""
from __future__ import annotations

from dataclasses import dataclass, field
import difflib
import os
from pathlib import Path
import re
import tomllib

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
        return f"{self.id} {self.version}" if self.id else f"the content root '{shown(self.root)}'"


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


def shown(path: Path) -> str:
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
        diags.error("E701", f"cannot read '{shown(path)}': {exc}", None,
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
