"""Benchmark of the language server: the time from a one-line edit to its diagnostics.

A real client (pygls's) starts `mayhem lsp` over stdio, opens one file of a content root,
waits for its first findings (the whole root checked once), then sends edits of one line
and times each until the server publishes the findings of that version of the file (aim:
under 200 ms at 10,000 cards). Each round: a misspelt effect (an E301 with its
did-you-mean: the root checked again through compiler.incremental, which re-does the
edited file's components and the cross-set checks), the line as it was, a syntax error
(published from the buffer alone, before the check), the line as it was. The time includes the server's
debounce (server.DEBOUNCE) and the JSON-RPC round trip.

It measures the real content/ (copied, so the edits touch nothing) and a generated
root of N cards (bench/compile.py's generator: boxes of characters and Mayhem cards on
top of content/shared/core.mh).

    .venv/bin/python bench/lsp.py                     # content/ and 10,000 cards
    .venv/bin/python bench/lsp.py --sizes 1000 --edits 2

Wall-clock times on a shared machine: the median says more than the extremes.
"""
from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compile import generate  # noqa: E402 (bench/compile.py, next to this file)

REPO = Path(__file__).resolve().parent.parent


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("mayhem-lsp-bench", "1")
        self.queues: dict[str, asyncio.Queue] = {}

        @self.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: T.PublishDiagnosticsParams) -> None:
            self.queues.setdefault(params.uri, asyncio.Queue()).put_nowait(params)

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


async def measure(root: Path, edits: int) -> dict:
    path, line, broken = edit_target(root)
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    client = Client()
    await client.start_io(sys.executable, "-m", "mayhem.cli", "lsp")
    await client.initialize_async(T.InitializeParams(
        capabilities=T.ClientCapabilities(), workspace_folders=[T.WorkspaceFolder(uri=root.as_uri(), name="bench")]))
    client.initialized(T.InitializedParams())
    started = time.perf_counter()
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=uri, language_id="mayhem", version=1, text=text)))
    _, done = await client.findings_of(uri, 1)
    first = done - started
    times, codes, syntax = [], [], []
    version = 1
    for i in range(edits):
        for body, kind in ((text.replace(line, broken, 1), "name"), (text, "back"),
                           (text.replace(line, line + "(", 1), "syntax"), (text, "back")):
            version += 1
            started = time.perf_counter()
            client.text_document_did_change(T.DidChangeTextDocumentParams(
                text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[T.TextDocumentContentChangeWholeDocument(text=body)]))
            found, done = await client.findings_of(uri, version)
            if kind == "syntax":
                syntax.append(done - started)
                continue
            times.append(done - started)
            codes.append((kind, sorted({d.code for d in found if d.code})))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    files = sum(1 for _ in root.rglob("*.mh"))
    return {"files": files, "first": first, "times": times, "codes": codes, "syntax": syntax}


def report(label: str, r: dict) -> None:
    ms = [t * 1000 for t in r["times"]]
    # each misspelt name finds its E301, and each fix leaves nothing
    broke = all(("E301" in c) if kind == "name" else not c for kind, c in r["codes"])
    quick = [t * 1000 for t in r["syntax"]]
    print(f"{label:>16}: {r['files']:>5} files, first check {r['first']:.2f} s; one-line edit to its diagnostics "
          f"(incremental check): median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, max {max(ms):.0f} "
          f"({len(ms)} edits{'' if broke else '; UNEXPECTED findings: ' + str(r['codes'])}); "
          f"a syntax error (the buffer alone): median {statistics.median(quick):.0f} ms, max {max(quick):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000", help="comma-separated card counts (default: 10000)")
    ap.add_argument("--boxes", type=int, default=4, help="boxes of the generated content (default: 4)")
    ap.add_argument("--edits", type=int, default=3,
                    help="rounds of edits per content, each a misspelt name, the fix, a syntax error and "
                         "the fix (default: 3)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="mayhem-bench-lsp-") as tmp:
        real = Path(tmp) / "content"
        shutil.copytree(REPO / "content", real)
        report("content/", asyncio.run(measure(real, args.edits)))
        for size in [int(s) for s in args.sizes.split(",") if s]:
            root = Path(tmp) / f"gen-{size}"
            generate(root, size, args.boxes)
            report(f"{size:,} cards", asyncio.run(measure(root, args.edits)))


if __name__ == "__main__":
    main()
