"""Reading and parsing kept between the checks of a Workspace: each file's text by its size
and modification time, its syntax tree and parse findings by the hash of its text (ParseCache).

A Workspace told of every change on disk (`watched`: the language server, when the editor
watches the files) stats only the files it is told of and walks the root only after a file
was added or removed; an editor's unsaved buffers (`set_text`) are read instead of the files.
"""
from __future__ import annotations

from dataclasses import dataclass
import hashlib
import os
from pathlib import Path
import threading
import time

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostic, Diagnostics
from mayhem.dsl.parser import parse_source, read_source
from mayhem.dsl.spans import SourceFile

from .loader import Disk, absolute


@dataclass(frozen=True, slots=True)
class _Parsed:
    digest: str
    tree: ast.File | None
    diagnostics: tuple[Diagnostic, ...]  # what parsing the file reported
    source: SourceFile | None = None  # the text it was parsed from (the same object: not hashed again)


RACY_NS = 2_000_000_000  # a file changed this shortly before it was read is read again next time


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class ParseCache:
    """The `read` and `parse` of compiler.loader.load, keeping each file's syntax tree and
    parse diagnostics by the hash of its text; texts set with `set_text` (an editor's
    unsaved buffers) are read instead of the files on disk."""

    def __init__(self) -> None:
        self.entries: dict[str, _Parsed] = {}
        self.overlays: dict[Path, str] = {}
        self.files: dict[Path, tuple[tuple, SourceFile]] = {}  # path -> (its stat signature, its text)
        self.parses = 0  # files parsed since the cache was made
        self.parsed_last: list[str] = []  # the files parsed by the latest compile
        self._seen: set[str] = set()
        # Told of every change on disk (`watched`): the files changed since the latest
        # compile, the others neither walked for nor stat'ed again; None: they are
        self.changed: set[Path] | None = None
        self.watched_root: Path | None = None  # the folder whose files the caller watches
        self._found: tuple[tuple, list[Path]] | None = None  # (the paths asked, the files found)
        self.disk: Disk | None = None  # the file system's answers, kept while watched
        self.touched: set[Path] = set()  # the files whose unsaved buffer was set or cleared since the latest compile
        self.parse_diags: dict[str, tuple] = {}  # file -> what parsing it reported, by the latest parse of it
        # key -> (digest, tree, findings) of a text parsed ahead of a check (`preparse`: an
        # editor's buffer, parsed at once for its syntax errors), taken by the check that reads it
        self.ready: dict[str, tuple] = {}
        # A language server tells of edits and saves while a compile runs in another thread:
        # those told of during a compile (`_late`: changed, touched) stay for the next one
        self._told = threading.RLock()
        self._late: tuple[set, set] | None = None  # while a compile runs

    def set_text(self, path: Path, text: str) -> None:
        full = absolute(Path(path))
        with self._told:
            self.overlays[full] = text
            self._touch(full)

    def clear_text(self, path: Path) -> None:
        full = absolute(Path(path))
        with self._told:
            self.overlays.pop(full, None)
            self._touch(full)
            self.saw(path)  # its text on disk is read again

    def _touch(self, full: Path) -> None:
        self.touched.add(full)
        if self._late is not None:
            self._late[1].add(full)

    def watched(self, root: Path) -> None:
        """From now on the caller says which files under `root` change on disk (`saw`), as an
        editor that watches the content root does: a check stats only those (and the files
        outside the root, a dependency's), and walks the root again only after a file was
        added or removed."""
        if self.changed is None:
            self.changed = set()
            self._found = None
            self.files.clear()  # what changed before the caller watched: each file stat'ed once more
        self.watched_root = absolute(Path(root))
        self._watched_prefix = os.path.join(str(self.watched_root), "")  # a path under it starts so
        self.disk = Disk(self.watched_root)

    def saw(self, path: Path, added_or_removed: bool = False) -> None:
        """A file changed on disk (or was added, or removed)."""
        if self.changed is not None:
            full = absolute(Path(path))
            with self._told:
                self.changed.add(full)
                if self._late is not None:
                    self._late[0].add(full)
            self.disk.forget(full)
            if added_or_removed:
                self._found = None
                self.disk.clear()

    def discover(self, paths: list[Path], diags: Diagnostics) -> list[Path]:
        """compiler.loader.discover, whose answer is kept while no file is added or removed
        (watched); else the walk of every folder."""
        from .loader import discover
        key = tuple(paths)
        inside = self.watched_root is not None and all(absolute(p).is_relative_to(self.watched_root) for p in paths)
        if self.changed is not None and inside and self._found is not None and self._found[0] == key:
            return list(self._found[1])
        before = len(diags.items)
        files = discover(paths, diags)
        if self.disk is not None:
            self.disk.clear()  # the files walked for again: whatever was added or removed, asked afresh
        self._found = (key, list(files)) if self.changed is not None and len(diags.items) == before else None
        return files

    def start(self) -> None:
        """Called before a compile: what it parses is counted afresh."""
        self.parsed_last = []
        self._seen = set()
        with self._told:
            self._late = (set(), set())

    def done(self) -> None:
        """Called after a compile: the changes it was told of before it began are read (those
        told of while it ran are left for the next)."""
        with self._told:
            changed, touched = self._late if self._late is not None else (set(), set())
            self._late = None
            if self.changed is not None:
                self.changed = changed
            self.touched = touched

    def prune(self) -> None:
        """Forget the files the latest compile did not read (deleted, or moved away)."""
        if self._seen:
            self.entries = {k: v for k, v in self.entries.items() if k in self._seen}
            if len(self.files) > len(self.entries):
                self.files.clear()  # files gone: read afresh next time

    def read(self, path: Path, name: str, diags: Diagnostics) -> SourceFile | None:
        """An unsaved buffer's text, or the file's; a file whose size and modification time
        are those of the previous read is not read again (as git's index, a file modified
        within RACY_NS of being read is not trusted to that)."""
        if self.overlays:
            text = self.overlays.get(path)
            if text is None:
                text = self.overlays.get(absolute(path))
            if text is not None:
                return SourceFile(name, text, path)
        hit = self.files.get(path)
        if (self.changed is not None and hit is not None and hit[1].name == name and path not in self.changed
                and str(path).startswith(self._watched_prefix)):
            return hit[1]  # watched, and not changed since it was read
        try:
            st = os.stat(path)
        except OSError:
            return read_source(path, name, diags)  # its error, as the loader reports it
        sig = (st.st_mtime_ns, st.st_size, st.st_ino)
        if hit is not None and hit[0] == sig and hit[1].name == name:
            return hit[1]
        now = time.time_ns()
        src = read_source(path, name, diags)
        if src is not None and st.st_mtime_ns < now - RACY_NS:
            self.files[path] = (sig, src)
        else:
            self.files.pop(path, None)
        return src

    def preparse(self, src: SourceFile) -> tuple[Diagnostic, ...]:
        """What parsing a text reports, parsed now, outside a check (and while one runs in
        another thread: nothing the check reads is touched); the next check that reads the
        same text of that file takes its syntax tree instead of parsing it again."""
        key = f"{absolute(src.path) if src.path is not None else ''}\0{src.name}"
        sha = digest(src.text)
        hit = self.entries.get(key)
        if hit is not None and hit.digest == sha:
            return hit.diagnostics
        found = Diagnostics()
        tree = parse_source(src, found)
        self.ready = {key: (sha, tree, tuple(found.items))}  # the latest buffer's alone
        return tuple(found.items)

    def parse(self, src: SourceFile, diags: Diagnostics) -> ast.File | None:
        key = f"{absolute(src.path) if src.path is not None else ''}\0{src.name}"
        self._seen.add(key)
        hit = self.entries.get(key)
        if hit is not None and hit.source is src:
            diags.items.extend(hit.diagnostics)
            return hit.tree
        sha = digest(src.text)
        if hit is None or hit.digest != sha:
            ready = self.ready.get(key)
            if ready is not None and ready[0] == sha:
                tree, found_items = ready[1], ready[2]
            else:
                found = Diagnostics()
                tree = parse_source(src, found)
                found_items = tuple(found.items)
            hit = _Parsed(sha, tree, found_items, src)
            self.entries[key] = hit
            self.parses += 1
            self.parsed_last.append(src.name)
        elif hit.source is not src:  # read again, the same text: the next check need not hash it again
            self.entries[key] = hit = _Parsed(sha, hit.tree, hit.diagnostics, src)
        diags.items.extend(hit.diagnostics)
        if hit.diagnostics:
            self.parse_diags[src.name] = hit.diagnostics
        else:
            self.parse_diags.pop(src.name, None)
        return hit.tree
