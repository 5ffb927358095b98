"""Benchmark of the language server: the time from a one-line edit to its diagnostics.

A real client (pygls's) starts `mayhem lsp` over stdio, opens one file of a content root,
waits for its first findings (the whole root checked once), then sends edits of one line
and times each until the server publishes the findings of that file again (aim: under
200 ms at 10,000 cards). The edits alternate between a misspelt effect (an E301 with its
did-you-mean) and the line as it was, so that every other answer differs. The time
includes the server's debounce (server.DEBOUNCE) and the JSON-RPC round trip.

It measures the real content/ (copied, so the edits touch nothing) and a generated
root of N cards (bench/compile.py's generator: boxes of characters and Mayhem cards on
top of content/shared/core.mh).

    .venv/bin/python bench/lsp.py                     # content/ and 10,000 cards
    .venv/bin/python bench/lsp.py --sizes 1000 --edits 5

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
        self.published: dict[str, asyncio.Event] = {}
        self.findings: dict[str, list[T.Diagnostic]] = {}

        @self.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: T.PublishDiagnosticsParams) -> None:
            self.findings[params.uri] = params.diagnostics
            self.published.setdefault(params.uri, asyncio.Event()).set()

    async def findings_of(self, uri: str, timeout: float = 600) -> list[T.Diagnostic]:
        event = self.published.setdefault(uri, asyncio.Event())
        await asyncio.wait_for(event.wait(), timeout)
        event.clear()
        return self.findings[uri]


def edit_target(root: Path) -> tuple[Path, str, str]:
    """A file, a line of it that calls a keyword, and that line misspelt."""
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
    await client.findings_of(uri)
    first = time.perf_counter() - started
    times, codes = [], []
    for i in range(edits):
        body = text.replace(line, broken, 1) if i % 2 == 0 else text
        started = time.perf_counter()
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=i + 2),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=body)]))
        found = await client.findings_of(uri)
        times.append(time.perf_counter() - started)
        codes.append(sorted({d.code for d in found if d.code}))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    files = sum(1 for _ in root.rglob("*.mh"))
    return {"files": files, "first": first, "times": times, "codes": codes}


def report(label: str, r: dict) -> None:
    ms = [t * 1000 for t in r["times"]]
    broke = all("E301" in c for c in r["codes"][0::2]) and not any(r["codes"][1::2])
    print(f"{label:>16}: {r['files']:>5} files, first check {r['first']:.2f} s; one-line edit to diagnostics: "
          f"median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, max {max(ms):.0f} "
          f"({len(ms)} edits{'' if broke else '; UNEXPECTED findings: ' + str(r['codes'])})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000", help="comma-separated card counts (default: 10000)")
    ap.add_argument("--boxes", type=int, default=4, help="boxes of the generated content (default: 4)")
    ap.add_argument("--edits", type=int, default=10, help="edits timed per content (default: 10)")
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
