"""The content roots the server keeps checked: one compiler.incremental.Workspace per root
(found as `mayhem check` finds it), the editor's unsaved buffers laid over the files, and
the names of files as URIs and back."""
from __future__ import annotations

from pathlib import Path
import threading
from urllib.parse import quote, unquote, urlparse

from mayhem.compiler import driver
from mayhem.compiler.incremental import Workspace
from mayhem.compiler.loader import absolute, find_root, has_marker
from mayhem.dsl.spans import Span

from .index import Index


def uri_to_path(uri: str) -> Path | None:
    """`file:///a/b.mh` -> /a/b.mh; None for other schemes (an untitled buffer)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return absolute(Path(unquote(parsed.path)))


def path_to_uri(path: Path) -> str:
    return "file://" + quote(absolute(Path(path)).as_posix())


class Project:
    """One content root: its Workspace, the latest check and the index of its names."""

    def __init__(self, root: Path) -> None:
        self.root = absolute(root)
        self.workspace = Workspace(self.root)
        self.result: driver.Compilation | None = None
        self._index: Index | None = None
        self.open: dict[str, str] = {}  # uri -> text of the buffers open in the editor
        self.versions: dict[str, int] = {}  # uri -> the version of that text
        self.last_ir: dict | None = None  # the IR of the latest check that compiled (for hover)
        self.published: set[str] = set()  # the URIs that were last given findings
        self.scopes: dict[str, list[str]] = {}  # file -> the scopes it saw when it last parsed
        self._checking = threading.Lock()

    # -- buffers ---------------------------------------------------------------------

    def set_text(self, uri: str, text: str, version: int | None = None) -> None:
        path = uri_to_path(uri)
        if path is not None:
            self.open[uri] = text
            if version is not None:
                self.versions[uri] = version
            self.workspace.set_text(path, text)

    def clear_text(self, uri: str) -> None:
        path = uri_to_path(uri)
        self.open.pop(uri, None)
        self.versions.pop(uri, None)
        if path is not None:
            self.workspace.clear_text(path)

    # -- checking --------------------------------------------------------------------

    def check(self) -> driver.Compilation:
        """Every finding of the root, as `mayhem check` gives them (the edited file's and
        every file it may change). One check at a time: the server runs them in a worker
        thread, and a request may ask for the first one meanwhile."""
        with self._checking:
            return self._check()

    def _check(self) -> driver.Compilation:
        self.result = self.workspace.check()
        if self.result.ir is not None:
            self.last_ir = self.result.ir
        if self.result.resolution is not None:
            self.scopes.update(self.result.resolution.visible)
        return self.result

    @property
    def index(self) -> Index:
        """The names of the latest check (built on first use after each check)."""
        result = self.result if self.result is not None else self.check()
        index = self._index
        if index is None or index.comp is not result:
            index = self._index = Index(result, self.scopes)
        return index

    # -- names -----------------------------------------------------------------------

    def name_of(self, uri: str) -> str | None:
        """The file's name in the root (its sources key: `teen-titans-go/robin.mh`)."""
        path = uri_to_path(uri)
        if path is None:
            return None
        if self.result is not None:
            for name, src in self.result.sources.items():
                if src.path is not None and absolute(src.path) == path:
                    return name
        if path.is_relative_to(self.root):
            return path.relative_to(self.root).as_posix()
        return None

    def path_of(self, name: str) -> Path:
        if self.result is not None:
            src = self.result.sources.get(name)
            if src is not None and src.path is not None:
                return absolute(src.path)
        return self.root / name

    def uri_of(self, name: str) -> str:
        return path_to_uri(self.path_of(name))

    def text_of(self, name: str) -> str:
        if self.result is not None and name in self.result.sources:
            return self.result.sources[name].text
        try:
            return self.path_of(name).read_text(encoding="utf-8")
        except OSError:
            return ""


class Projects:
    """The content roots of a session, by root folder."""

    def __init__(self) -> None:
        self.by_root: dict[Path, Project] = {}
        self.folders: list[Path] = []  # the editor's workspace folders

    def root_for(self, path: Path) -> Path:
        """As `mayhem check` finds it: the nearest folder above with mayhem.toml; else, for a
        file under a workspace folder's `content/`, that folder (what `mayhem check` run in the
        workspace folder checks); else the file's own folder."""
        root = find_root([path])
        if has_marker(root):
            return root
        for folder in self.folders:
            content = absolute(folder / "content")
            if path.is_relative_to(content):
                return content
        return absolute(path.parent)

    def for_uri(self, uri: str) -> Project | None:
        path = uri_to_path(uri)
        if path is None:
            return None
        for project in self.by_root.values():  # a dependency's file opened from a diagnostic
            if project.result is not None and project.name_of(uri) in project.result.sources:
                if path.is_relative_to(project.root) or not has_marker(find_root([path])):
                    return project
        root = self.root_for(path)
        if root not in self.by_root:
            self.by_root[root] = Project(root)
        return self.by_root[root]


def lsp_range(span: Span):
    """A span (lines and columns from 1, end exclusive) as an LSP Range (from 0)."""
    from lsprotocol import types as T
    return T.Range(start=T.Position(line=max(span.line - 1, 0), character=max(span.col - 1, 0)),
                   end=T.Position(line=max(span.end_line - 1, 0), character=max(span.end_col - 1, 0)))


def contains(span: Span, line: int, character: int) -> bool:
    """Whether an LSP position (from 0) falls inside a span (its end included, so that a
    cursor right after a name still finds it)."""
    pos = (line + 1, character + 1)
    return (span.line, span.col) <= pos <= (span.end_line, span.end_col)
