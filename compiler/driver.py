"""The pipeline: the compiler's passes, chained by PASSES, over one collection of content.

>>> from pathlib import Path
>>> result = check([Path("content")])
>>> result.ok
True
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
import gc
from pathlib import Path
import time

from mayhem import __version__
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.parser import parse_source, read_source
from mayhem.dsl.spans import SourceFile

from . import ir as ir_mod
from .graph import GraphBuilder, build_graph, node_ids
from .loader import absolute, content_files, discover, find_root, has_marker, load
from .model import Model, build_model
from .resolve import Resolution, resolve
from .typecheck import Types, typecheck


@dataclass
class Compilation:
    paths: list[Path]
    root: Path | None = None
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    sources: dict[str, SourceFile] = field(default_factory=dict)
    failed_files: set[str] = field(default_factory=set)
    model: Model | None = None
    resolution: Resolution | None = None
    types: Types | None = None
    graph: GraphBuilder | None = None
    _ir: dict | None = field(default=None, repr=False)  # see `ir`
    silenced: list = field(default_factory=list)  # (Diagnostic, reason) of silenced checks
    # checked in the context of their collection: the files asked about, and the number of
    # findings of the collection's other files that these files do not cause (not shown)
    asked: list[str] | None = None
    elsewhere: list = field(default_factory=list)
    cache: object | None = None  # a compiler.incremental_parse.ParseCache: files parsed once per content
    external: set[str] = field(default_factory=set)  # files of the sets the root depends on
    timings: dict[str, float] = field(default_factory=dict)  # pass name -> CPU seconds it took
    freezes: bool = True  # whether the run freezes what its passes keep (run(): not in a heap frozen by another)

    @property
    def ir(self) -> dict | None:
        """The IR document (None when the collection did not compile). A check builds its
        components at once, which the consistency checks read, and the graph's lists of
        nodes and edges, which they do not read, on first use here: the same document."""
        doc = self._ir
        if doc is not None and "graph" not in doc:
            doc["graph"] = {"nodes": ir_mod.graph_nodes(self.graph.g), "edges": ir_mod.graph_edges(self.graph.g)}
        return doc

    @ir.setter
    def ir(self, doc: dict | None) -> None:
        self._ir = doc

    @property
    def files(self) -> int:
        """How many content files were read."""
        return len(self.sources)

    @property
    def components(self) -> int:
        """How many top-level components those files declare."""
        return sum(len(u.components) for u in self.model.units.values()) if self.model else 0

    @property
    def ok(self) -> bool:
        return not self.diagnostics.has_errors()


def pass_load(c: Compilation) -> None:
    read, parse = (c.cache.read, c.cache.parse) if c.cache is not None else (read_source, parse_source)

    def parse_and_keep(src, diags):
        tree = parse(src, diags)
        if c.freezes:
            gc.freeze()  # the file's syntax tree lives to the end of the run (see run())
        return tree

    found = {"discover": c.cache.discover} if getattr(c.cache, "discover", None) is not None else {}
    if getattr(c.cache, "disk", None) is not None:
        found["disk"] = c.cache.disk  # the file system's answers the cache keeps (compiler.loader.Disk)
    loaded = load(c.paths, c.diagnostics, c.root, read=read, parse=parse_and_keep, **found)
    c.root = loaded.root
    c.sources = loaded.sources
    c.failed_files = set(loaded.failed)
    c.external = loaded.external
    c.model = Model(loaded.units)


def pass_model(c: Compilation) -> None:
    c.model = build_model(c.model.units, c.diagnostics)


def pass_resolve(c: Compilation) -> None:
    names = Diagnostics()
    c.resolution = resolve(c.model, names)
    _keep_unless_caused_by_broken_files(c, names)


def pass_typecheck(c: Compilation) -> None:
    c.types = typecheck(c.model, c.resolution, c.diagnostics)


def pass_graph(c: Compilation) -> None:
    c.graph = build_graph(c.model, c.resolution, c.diagnostics)


def pass_serialize(c: Compilation) -> None:
    if c.diagnostics.has_errors():
        return
    c.ir = ir_mod.to_ir(c.model, c.resolution, c.graph, generator=f"mayhem {__version__}")


def pass_check_graph(c: Compilation) -> None:
    """pass_graph for a check: the graph's node ids and errors; the graph on first use."""
    c.graph = node_ids(c.model, c.resolution, c.diagnostics)


def pass_check_serialize(c: Compilation) -> None:
    """pass_serialize for a check: the IR without the graph's lists (Compilation.ir adds them)."""
    if c.diagnostics.has_errors():
        return
    c.ir = ir_mod.to_ir(c.model, c.resolution, c.graph, generator=f"mayhem {__version__}", graph_lists=False)


pass_check_graph.pass_name = "graph"  # the same passes as a compile's, in the timings
pass_check_serialize.pass_name = "serialize"


def pass_validate(c: Compilation) -> None:
    if c.ir is not None:
        ir_mod.validate(c.ir)


def pass_consistency(c: Compilation) -> None:
    """The named cross-set checks (compiler/checks), over a collection that compiled."""
    if c._ir is None:
        return
    from .checks import run_checks
    # the checks read the IR's components, not the graph (built here only if already built)
    shown, c.silenced = run_checks(c._ir, c.graph.g if getattr(c.graph, "built", True) else None)
    for d in shown:
        c.diagnostics.items.append(d)


# the passes that keep all they build (see run())
KEEPERS = frozenset((pass_model, pass_resolve, pass_typecheck, pass_graph, pass_check_graph, pass_serialize,
                     pass_check_serialize))
FRONT_PASSES = (pass_load, pass_model, pass_resolve, pass_typecheck, pass_graph)
CHECK_PASSES = FRONT_PASSES[:-1] + (pass_check_graph, pass_check_serialize, pass_consistency)
PASSES = FRONT_PASSES + (pass_serialize, pass_validate)
BUILD_PASSES = PASSES + (pass_consistency,)


def _keep_unless_caused_by_broken_files(c: Compilation, names: Diagnostics) -> None:
    """A file that did not parse declares nothing, so names it would have declared are
    'unknown' everywhere else. Those follow-on errors are dropped: the parse error is
    the one to fix."""
    if not c.failed_files:
        c.diagnostics.extend(names)
        return
    broken_scopes = set(c.failed_files)
    for name in c.failed_files:
        src = c.sources.get(name)
        # a file that could not be read (too large, not UTF-8) still says its box on top
        text = src.text if src is not None else _head(c.root / name if c.root else Path(name))
        if text:
            for line in text.splitlines()[:20]:
                parts = line.split()
                if len(parts) >= 3 and parts[0] == "in" and parts[1] == "box":
                    broken_scopes.add(parts[2])
    for d in names.items:
        if d.code in ("E301", "E307", "E309", "E314") and d.span is not None:
            visible = set(c.resolution.visible.get(d.span.file, [])) if c.resolution else set()
            unit = c.model.units.get(d.span.file)
            if unit is not None:
                visible.update(unit.uses)
            if visible & broken_scopes:
                continue
        c.diagnostics.items.append(d)


def _head(path: Path, size: int = 65536) -> str:
    try:
        with open(path, "rb") as f:
            return f.read(size).decode("utf-8", errors="replace")
    except OSError:
        return ""


GC_THRESHOLD = 100_000  # allocations between two young-generation collections during a run


def run(paths: list[Path], *, root: Path | None = None, passes=PASSES, cache=None,
        frozen: bool | None = None) -> Compilation:
    """`frozen`: whether objects are already out of the collector's sight and stay so after
    the run (a Workspace's kept results, frozen=True: what this run keeps is frozen with them,
    the Workspace thaws it); None asks gc.get_freeze_count(), which counts them one by one (60
    to 90 ms of a Workspace's re-check at 10,000 cards). A run not told, in a heap that another
    froze (a Workspace still alive in the same process), freezes nothing: it could not thaw
    what it froze without thawing the other's, and what it froze would stay out of the
    collector's sight for good, every later run's on top (a test process that built a
    Workspace then compiled hundreds of folders grew to 3.5 GB, each build slower than the
    last as gc.get_freeze_count() walked them all)."""
    c = Compilation([Path(p) for p in paths], Path(root) if root else None, cache=cache)
    # The passes build a great many small objects and drop few of them: at the default
    # threshold the cyclic collector rescans the growing heap again and again to find
    # almost nothing (a third of `check` at 10,000 cards). Collecting a hundred times
    # less often keeps that cost small, and still frees the cycles the consistency
    # checks leave behind (switching the collector off altogether made them +70% of
    # the peak memory).
    # What a pass builds (the syntax trees, the model, the graph, the IR) lives until the end
    # of the run, so after each pass it is moved out of the collector's sight (gc.freeze):
    # the full collections that the growing heap sets off would otherwise scan it again and
    # again (a sixth of `check` at 10,000 cards). It is all given back to the collector at the
    # end of the run (the peak memory of a check of 10,000 cards is the same either way).
    # The passes of KEEPERS keep what they build and leave no cycles behind (their young
    # collections at 10,000 cards found nothing to free, at 25 to 35 ms each): the collector
    # is off while they run, and what they built is frozen after them like the rest.
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], GC_THRESHOLD), *thresholds[1:])
    if frozen is None:
        frozen = gc.get_freeze_count() > 0
        c.freezes = not frozen  # another's frozen heap: nothing of this run is frozen, nothing thawed
    try:
        for step in passes:
            start = time.process_time()
            if step in KEEPERS and gc.isenabled():
                gc.disable()
                try:
                    step(c)
                finally:
                    gc.enable()
            else:
                step(c)
            name = getattr(step, "pass_name", None) or getattr(step, "__name__", repr(step)).removeprefix("pass_")
            c.timings[name] = time.process_time() - start
            if c.model is None or (step is pass_load and not c.model.units and c.diagnostics.has_errors()):
                break
            if c.freezes:
                gc.freeze()
    finally:
        if not frozen:
            gc.unfreeze()
        gc.set_threshold(*thresholds)
    return c


def check(paths: list[Path], *, root: Path | None = None, cache=None) -> Compilation:
    return run(paths, root=root, passes=CHECK_PASSES, cache=cache)


def check_in_context(paths: list[Path], *, root: Path | None = None, cache=None,
                     whole=None) -> Compilation:
    """Check files or folders as part of their collection: the whole content root is loaded
    (a file alone cannot see its box, the other files of its box, or what it changes in
    them). Reported: every finding in the files asked about, and every finding elsewhere
    that the collection without those files does not have, that is, what they break.
    Outside a content root (no mayhem.toml) the files are checked alone. A `cache`
    (compiler.incremental_parse.ParseCache) parses each file once per content, across calls;
    `whole`, a function that checks the whole root (compiler.incremental.Workspace.check, by
    file after an edit), stands for the check of the root.

    >>> c = check_in_context([Path("content/teen-titans-go/robin.mh")])
    >>> c.ok, c.asked, c.files > 20
    (True, ['teen-titans-go/robin.mh'], True)
    """
    paths = [Path(p) for p in paths] or [Path.cwd()]
    top = absolute(root) if root else find_root(paths)
    is_top = whole is not None and [absolute(p) for p in paths] == [top]
    if not has_marker(top) or any(not p.exists() for p in paths):
        return whole() if is_top else check(paths, root=root, cache=cache)
    asked: set[str] = set()
    for f in discover(paths, Diagnostics()):
        name = absolute(f)
        if not name.is_relative_to(top):
            return check(paths, root=root, cache=cache)  # E304, from the plain check
        asked.add(name.relative_to(top).as_posix())
    everything = {f.relative_to(top).as_posix() for f in content_files(top)}
    full = None
    if not asked or everything <= asked:
        full = whole() if is_top else check(paths, root=root, cache=cache)
        if not asked or not full.external:  # the sets it depends on are "elsewhere" too
            return full
    full = full or (whole() if whole is not None else check([top], root=top, cache=cache))
    rest = sorted(everything - asked)
    base = check([top / n for n in rest], root=top, cache=cache)
    before = Counter(_finding(d) for d in base.diagnostics.items)
    # Without the files asked about, the others may not compile (they use what those
    # declare), and then their consistency findings are unknown: of those, only errors show.
    unknown = base._ir is None  # (not base.ir: that would build its graph)
    kept = []
    for d in full.diagnostics.items:
        if d.span is not None and (d.span.file in asked or d.span.file.endswith("mayhem.toml")):
            kept.append(d)  # the content root's manifest belongs to every file of it
        elif d.severity == "error" and d.span is not None and d.span.file in full.external:
            kept.append(d)  # a set depended on that does not compile stops every command: shown
        elif before[_finding(d)] > 0 or (unknown and d.code.startswith("C") and d.severity != "error"):
            before[_finding(d)] -= 1
            full.elsewhere.append(d)
        else:
            kept.append(d)
    full.diagnostics.items = kept
    full.asked = sorted(asked)
    return full


def _finding(d) -> tuple:
    span = (d.span.file, d.span.line, d.span.col) if d.span is not None else None
    return d.code, d.severity, d.message, span


def compile_paths(paths: list[Path], *, root: Path | None = None) -> Compilation:
    return run(paths, root=root, passes=PASSES)


def build(paths: list[Path], *, root: Path | None = None) -> Compilation:
    """Compile, validate, then run the consistency checks (the main job)."""
    return run(paths, root=root, passes=BUILD_PASSES)
