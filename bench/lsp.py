"""Benchmark of the language server: the time from a one-line edit to its diagnostics.

A real client (pygls's) starts `mayhem lsp` over stdio, opens one file of a content root,
waits for its first findings (the whole root checked once), then sends edits of one line
and times each until the server publishes the findings of that version of the file (aim:
under 200 ms at 10,000 cards). Each round: a misspelt effect (an E301 with its
did-you-mean: the root checked again through compiler.incremental, by file: the
edited file's components, those whose names meant them, and the cross-set checks), the line as it was, a syntax error
(published from the buffer alone, before the check), the line as it was; then an edit of a
keyword's text in shared/core.mh, which every box uses (bench/synthetic.py's EDITS: checked by
file, the keyword alone built again), and the line as it was. The time includes the server's
debounce (server.DEBOUNCE, none since issue #15's sixth round), the JSON-RPC round trip and
this client's own reading of the reply (pygls's reader: a thread trip per line).

It measures the real content/ (copied, so the edits touch nothing) and a generated
root of N cards (bench/synthetic.py's generator, as bench/compile.py's: boxes of characters and Mayhem cards on
top of content/shared/core.mh).

    .venv/bin/python bench/lsp.py                     # content/ and 10,000 cards
    .venv/bin/python bench/lsp.py --sizes 1000 --edits 2

The client watches files for the server, as VS Code does (the server then stats only
the files it is told of; `--no-watch`: a client that does not, the root walked at each check).
Wall-clock times on a shared machine: the median says more than the extremes; the server's
CPU time from each edit to its diagnostics (from /proc, on Linux) is printed too, as the
figure a loaded machine disturbs least.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import EDITS, generate  # noqa: E402 (bench/synthetic.py, next to this file)

REPO = Path(__file__).resolve().parent.parent


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("mayhem-lsp-bench", "1")
        self.queues: dict[str, asyncio.Queue] = {}

        @self.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: T.PublishDiagnosticsParams) -> None:
            self.queues.setdefault(params.uri, asyncio.Queue()).put_nowait(params)

        @self.feature(T.CLIENT_REGISTER_CAPABILITY)
        def on_register(params: T.RegistrationParams) -> None:
            return None  # the file watcher, as an editor registers it

    async def findings_of(self, uri: str, version: int, timeout: float = 1200) -> tuple[list[T.Diagnostic], float]:
        """The findings of that version of the file, and when the first of them came (the
        edited buffer's syntax errors come at once, the rest with the root's check)."""
        queue = self.queues.setdefault(uri, asyncio.Queue())
        while True:
            params = await asyncio.wait_for(queue.get(), timeout)
            if params.version == version:
                return params.diagnostics, time.perf_counter()


def edit_target(root: Path) -> tuple[Path, str, str]:
    """A file, a line of it that calls a keyword, and that line misspelt (the syntax error
    of the other series is that call with an opening parenthesis never closed)."""
    for path in sorted(root.rglob("*.mh")):
        if "shared" in path.parts:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped in ("melee-attack", "ranged-attack", "shield"):
                return path, line, line.replace(stripped, stripped[:-1] + "x")
    raise SystemExit(f"no line to edit in {root}")


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) a process has used so far, from /proc (None elsewhere):
    on a loaded machine the server's CPU time for an edit says more than the wall clock."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def capabilities(watch: bool) -> T.ClientCapabilities:
    """None, or (watch) those of an editor that watches files for the server (VS Code's
    dynamic registration of workspace/didChangeWatchedFiles)."""
    if not watch:
        return T.ClientCapabilities()
    return T.ClientCapabilities(workspace=T.WorkspaceClientCapabilities(
        did_change_watched_files=T.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)))


async def measure(root: Path, edits: int, watch: bool = True) -> dict:
    path, line, broken = edit_target(root)
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    client = Client()
    await client.start_io(sys.executable, "-m", "mayhem.cli", "lsp")
    await client.initialize_async(T.InitializeParams(
        capabilities=capabilities(watch), workspace_folders=[T.WorkspaceFolder(uri=root.as_uri(), name="bench")]))
    client.initialized(T.InitializedParams())
    started = time.perf_counter()
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=uri, language_id="mayhem", version=1, text=text)))
    _, done = await client.findings_of(uri, 1)
    first = done - started
    times, codes, syntax, cpu, keyword = [], [], [], [], []
    pid = client._server.pid  # pygls's subprocess of the server
    version = 1
    core = root / "shared" / "core.mh"
    _label, _name, kw_old, kw_new = next(e for e in EDITS if e[1] == "shared/core.mh")
    core_text, core_version = core.read_text(encoding="utf-8"), 1
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=core.as_uri(), language_id="mayhem", version=1, text=core_text)))
    await client.findings_of(core.as_uri(), 1)
    for i in range(edits):
        for body in (core_text.replace(kw_old, kw_new, 1), core_text):  # a keyword's text, and back
            core_version += 1
            await asyncio.sleep(0.2)
            used = cpu_seconds(pid)
            started = time.perf_counter()
            client.text_document_did_change(T.DidChangeTextDocumentParams(
                text_document=T.VersionedTextDocumentIdentifier(uri=core.as_uri(), version=core_version),
                content_changes=[T.TextDocumentContentChangeWholeDocument(text=body)]))
            _found, done = await client.findings_of(core.as_uri(), core_version)
            after = cpu_seconds(pid)
            keyword.append((done - started, None if used is None or after is None else after - used))
        for body, kind in ((text.replace(line, broken, 1), "name"), (text, "back"),
                           (text.replace(line, line + "(", 1), "syntax"), (text, "back")):
            version += 1
            await asyncio.sleep(0.2)  # the server idle again (a late publish)
            used = cpu_seconds(pid)
            started = time.perf_counter()
            client.text_document_did_change(T.DidChangeTextDocumentParams(
                text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[T.TextDocumentContentChangeWholeDocument(text=body)]))
            found, done = await client.findings_of(uri, version)
            if kind == "syntax":
                syntax.append(done - started)
                continue
            times.append(done - started)
            after = cpu_seconds(pid)
            if used is not None and after is not None:
                cpu.append(after - used)
            codes.append((kind, sorted({d.code for d in found if d.code})))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    files = sum(1 for _ in root.rglob("*.mh"))
    return {"files": files, "first": first, "times": times, "codes": codes, "syntax": syntax, "cpu": cpu,
            "keyword": keyword}


def report(label: str, r: dict) -> None:
    ms = [t * 1000 for t in r["times"]]
    # each misspelt name finds its E301, and each fix leaves nothing
    broke = all(("E301" in c) if kind == "name" else not c for kind, c in r["codes"])
    quick = [t * 1000 for t in r["syntax"]]
    print(f"{label:>16}: {r['files']:>5} files, first check {r['first']:.2f} s; one-line edit to its diagnostics "
          f"(incremental check): median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, max {max(ms):.0f} "
          f"({len(ms)} edits{'' if broke else '; UNEXPECTED findings: ' + str(r['codes'])}); "
          f"a syntax error (the buffer alone): median {statistics.median(quick):.0f} ms, max {max(quick):.0f}")
    if r["cpu"]:
        cpu = [t * 1000 for t in r["cpu"]]
        print(f"{'':>16}  the server's CPU time from the edit to its diagnostics: median {statistics.median(cpu):.0f} ms, "
              f"min {min(cpu):.0f}, max {max(cpu):.0f} (at {1000 / os.sysconf('SC_CLK_TCK'):.0f} ms a tick; in order: "
              f"{', '.join(f'{t:.0f}' for t in cpu)})")
    if r["keyword"]:
        wall = [t * 1000 for t, _c in r["keyword"]]
        cpu = [c * 1000 for _t, c in r["keyword"] if c is not None]
        print(f"{'':>16}  an edit of a keyword's text in shared/core.mh (and back) to its diagnostics: median "
              f"{statistics.median(wall):.0f} ms, max {max(wall):.0f}" + (
                  f"; the server's CPU: median {statistics.median(cpu):.0f} ms, max {max(cpu):.0f}" if cpu else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000", help="comma-separated card counts (default: 10000)")
    ap.add_argument("--boxes", type=int, default=4, help="boxes of the generated content (default: 4)")
    ap.add_argument("--edits", type=int, default=3,
                    help="rounds of edits per content, each a misspelt name, the fix, a syntax error and "
                         "the fix (default: 3)")
    ap.add_argument("--no-watch", action="store_true",
                    help="a client that does not watch files: the server walks and stats the root at each check")
    args = ap.parse_args()
    watch = not args.no_watch
    with tempfile.TemporaryDirectory(prefix="mayhem-bench-lsp-") as tmp:
        real = Path(tmp) / "content"
        shutil.copytree(REPO / "content", real)
        report("content/", asyncio.run(measure(real, args.edits, watch)))
        for size in [int(s) for s in args.sizes.split(",") if s]:
            root = Path(tmp) / f"gen-{size}"
            generate(root, size, args.boxes)
            report(f"{size:,} cards", asyncio.run(measure(root, args.edits, watch)))
    print(f"(a client that {'watches files for the server, as VS Code does' if watch else 'does not watch files'}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
