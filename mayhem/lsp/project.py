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
        self.workspace.tidy_later = True  # its full garbage collections after the findings are out (Project.tidy)
        self.result: driver.Compilation | None = None
        self._index: Index | None = None
        self.open: dict[str, str] = {}  # uri -> text of the buffers open in the editor
        self.versions: dict[str, int] = {}  # uri -> the version of that text
        self.last_ir: dict | None = None  # the IR of the latest check that compiled (for hover)
        # uri -> (version, findings) last published for it, while it has findings or is open:
        # a check publishes a file again only when that changes
        self.published: dict[str, tuple[int | None, list]] = {}
        # uri -> (version, ids of the compiler's findings, those findings) of that publish: an
        # unchanged file's findings are the same objects, not converted again
        self.raw_published: dict[str, tuple] = {}
        self.scopes: dict[str, list[str]] = {}  # file -> the scopes it saw when it last parsed
        self._checking = threading.Lock()
        self.encoding = "utf-16"  # the position encoding agreed with the editor
        self.shown_problems = ""  # the findings without a place last shown as a message

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

    def tidy(self) -> None:
        """The full garbage collection a run of checks owes, when due: called after the
        findings are published, so that no edit's diagnostics wait for it (0.1 to 0.3 s at
        10,000 cards, every compiler.incremental.COLLECT_EVERY checks)."""
        with self._checking:
            self.workspace.tidy()

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
            sources = self.result.sources
            if path.is_relative_to(self.root):  # most often its path in the root: one look-up, not a walk
                name = path.relative_to(self.root).as_posix()
                guess = sources.get(name)
                if guess is not None and guess.path is not None and absolute(guess.path) == path:
                    return name
            for name, src in sources.items():
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

    # -- positions: the compiler counts code points, the editor its encoding's units -------

    def line_text(self, name: str, line: int) -> str:
        """A line (from 1) of a file as the latest check read it."""
        src = self.result.sources.get(name) if self.result is not None else None
        return src.line_text(line) if src is not None else ""

    def range(self, span: Span):
        """A span as an LSP Range in the editor's units."""
        from lsprotocol import types as T
        start = self.position(span.file, span.line, span.col)
        end = self.position(span.file, span.end_line, span.end_col)
        return T.Range(start=start, end=end)

    def position(self, name: str, line: int, col: int):
        from lsprotocol import types as T
        text = self.line_text(name, line)
        return T.Position(line=max(line - 1, 0), character=to_units(text, max(col - 1, 0), self.encoding))

    def column(self, name: str, line: int, character: int) -> int:
        """An LSP position's character (editor's units, line from 0) as a column from 1."""
        return from_units(self.line_text(name, line + 1), character, self.encoding) + 1

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
        self.watched = False  # the editor says when files change on disk (under its folders)

    def watch(self) -> None:
        """The editor watches its folders' content files: the roots inside them are not walked
        and stat'ed at each check, only told of changes (compiler.incremental.Workspace.saw)."""
        self.watched = True
        for project in self.by_root.values():
            self._watch(project)

    def _watch(self, project: Project) -> None:
        if self.watched and any(project.root.is_relative_to(absolute(f)) for f in self.folders):
            project.workspace.watched()

    def saw(self, path: Path, added_or_removed: bool) -> None:
        for project in self.by_root.values():
            project.workspace.saw(path, added_or_removed)

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
            self._watch(self.by_root[root])
        return self.by_root[root]


def to_units(text: str, col: int, encoding: str) -> int:
    """A column (code points from 0) of a line in the units of a position encoding (bytes of
    UTF-8, UTF-16 code units, or code points for UTF-32)."""
    if encoding == "utf-32" or text.isascii():
        return col
    prefix = text[:col]
    if encoding == "utf-8":
        return len(prefix.encode("utf-8", "surrogatepass")) + max(col - len(text), 0)
    return len(prefix.encode("utf-16-le", "surrogatepass")) // 2 + max(col - len(text), 0)


def from_units(text: str, units: int, encoding: str) -> int:
    """The inverse of to_units: a position's character as a column in code points (from 0)."""
    if encoding == "utf-32" or text.isascii():
        return units
    count = 0
    for i, ch in enumerate(text):
        if count >= units:
            return i
        count += len(ch.encode("utf-8", "surrogatepass")) if encoding == "utf-8" else (2 if ord(ch) > 0xFFFF else 1)
    return len(text) + max(units - count, 0)


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
