"""`mayhem check --watch` checks through a compiler.incremental.Workspace, as the language
server does (issue #15): after a save, only the saved file is read and parsed, the check goes
by file, and the findings are those of a whole check: the saved file's change, the others'
the same. A real process on a temporary copy of content/, real saves (bounded waits)."""
from __future__ import annotations

import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from mayhem.compiler import driver
from mayhem.compiler.incremental import Workspace

from conftest import CONTENT

WAIT = 90  # seconds, at most, for each step on a busy machine
ROBIN = "teen-titans-go/robin.mh"
# the first line of a finding in text form: "content/a/b.mh:28:5: error[C403]: ..."
SUMMARY = re.compile(r"^(checked \d+ files|\d+ (error|warning|note)s?\b)")
FINDING = re.compile(r"^(\S+\.mh):(\d+):(\d+): (error|warning|note)\[(\w+)\]: (.*)$")


def _reader(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _until(lines: queue.Queue, seen: list[str], needle: str) -> list[str]:
    """The lines read up to and including the first that holds `needle` (else AssertionError);
    SUMMARY: the report's last line ("checked 31 files, ...: 6 notes", or "1 error, 6 notes")."""
    got: list[str] = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        assert line is not None, "the watcher stopped:\n" + "".join(seen + got)
        got.append(line)
        if (SUMMARY.match(line) if needle is SUMMARY else needle in line):
            seen.extend(got)
            return got
    raise AssertionError(f"no {needle!r} within {WAIT} s:\n" + "".join(seen + got))


def _findings(lines: list[str]) -> set[tuple]:
    return {m.groups() for line in lines if (m := FINDING.match(line.rstrip("\n")))}


def _plain(root: Path) -> set[tuple]:
    """The findings of `mayhem check` of the whole root, from scratch, as the watcher prints them."""
    proc = subprocess.run([sys.executable, "-m", "mayhem.cli", "check", str(root)],
                          capture_output=True, text=True, timeout=WAIT)
    return _findings((proc.stdout + proc.stderr).splitlines())


def test_a_save_under_watch_is_checked_by_file_and_changes_only_that_files_findings(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    robin = root / ROBIN
    text = robin.read_text(encoding="utf-8")
    assert "    slot 4 authored\n" in text
    proc = subprocess.Popen([sys.executable, "-m", "mayhem.cli", "check", "--watch", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        start = _until(lines, seen, "for changes (Ctrl-C to stop)")
        first = _findings(start)
        files = int(re.search(r"checked (\d+) files", "".join(start)).group(1))
        assert first and all(f[3] == "note" for f in first), "content/ has notes (C502), in several files"
        assert len({f[0] for f in first}) > 1

        robin.write_text(text.replace("    slot 4 authored\n", "    slot 7 authored\n", 1), encoding="utf-8")
        after = _until(lines, seen, "unchanged from the last check")
        after += _until(lines, seen, SUMMARY)
        shown = "".join(after)
        assert f"parsed 1 file, {files - 1} unchanged from the last check; checked by file" in shown, shown
        edited = _findings(after)
        assert {(f[0].endswith(ROBIN), *f[1:]) for f in edited - first} == {
            (True, "28", "5", "error", "C403", "ability 'staff-meeting' has slot 7, but the Activation die shows 1 to 6")}
        assert first <= edited, "the other files' findings are the same"
        assert edited == _plain(root), "as a whole check from scratch finds them"

        robin.write_text(text, encoding="utf-8")
        back = _until(lines, seen, "unchanged from the last check") + _until(lines, seen, SUMMARY)
        assert "checked by file" in "".join(back)
        assert _findings(back) == first
        assert proc.poll() is None, "the watcher keeps running"
    finally:
        proc.terminate()
        proc.wait(timeout=WAIT)


def test_a_file_asked_about_under_watch_is_checked_in_its_collection_as_without_watch(tmp_path):
    # `mayhem check --watch FILE`: that file's findings and what it breaks elsewhere, as
    # `mayhem check FILE` gives them; the root's check by file, the root without it whole
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    robin = root / ROBIN
    ws = Workspace(root)
    ws.watched()

    def findings(c):
        return sorted((d.code, str(d.span), d.message) for d in c.diagnostics.items)

    assert findings(ws.check_in_context([robin])) == findings(driver.check_in_context([robin]))
    text = robin.read_text(encoding="utf-8")
    robin.write_text(text.replace("    slot 4 authored\n", "    slot 7 authored\n", 1), encoding="utf-8")
    ws.saw(robin)
    got = ws.check_in_context([robin])
    assert ws.by_file and ws.cache.parsed_last == [ROBIN]
    assert [f[0] for f in findings(got)] == ["C403"] and findings(got) == findings(driver.check_in_context([robin]))
    # the Workspace's own result is the whole root's, not narrowed to the file asked about
    assert len(ws.result.diagnostics.items) > len(got.diagnostics.items)


# ---- the language server's path from an edit to its diagnostics ------------------------

def test_a_change_told_of_while_a_check_runs_is_kept_for_the_next_check(tmp_path):
    # the server checks in a worker thread while the editor's edits and saves keep coming:
    # what it is told of during a check must not be forgotten when that check ends
    from mayhem.compiler.incremental_parse import ParseCache
    cache = ParseCache()
    cache.watched(tmp_path)
    before, during, saved = tmp_path / "a.mh", tmp_path / "b.mh", tmp_path / "c.mh"
    cache.set_text(before, "x")
    cache.start()  # a check begins: it reads `before`
    cache.set_text(during, "y")
    cache.set_text(before, "x2")  # edited again while the check runs: read again next time
    cache.saw(saved)
    cache.done()
    assert cache.touched == {during, before} and cache.changed == {saved}
    cache.start()
    cache.done()
    assert cache.touched == set() and cache.changed == set()


def test_the_buffer_parsed_for_its_syntax_errors_is_not_parsed_again_by_the_check(tmp_path, monkeypatch):
    from mayhem.compiler import incremental_parse
    from mayhem.dsl.spans import SourceFile
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    ws = Workspace(root)
    ws.watched()
    ws.check()
    parsed = []
    plain = incremental_parse.parse_source
    monkeypatch.setattr(incremental_parse, "parse_source", lambda src, diags: parsed.append(src.name) or plain(src, diags))
    robin = root / ROBIN
    body = robin.read_text(encoding="utf-8").replace("      melee-attack\n", "      melee-atack\n", 1)
    ws.set_text(robin, body)
    assert ws.cache.preparse(SourceFile(ROBIN, body, robin)) == ()  # no syntax error
    got = ws.check()
    assert parsed == [ROBIN] and ws.cache.parsed_last == [ROBIN], "parsed once, for both"
    assert [d.code for d in got.diagnostics.errors] == ["E301"]
    robin.write_text(body, encoding="utf-8")
    assert sorted(map(str, got.diagnostics.items)) == sorted(map(str, driver.check([root], root=root).diagnostics.items))
    # a text that is not the one parsed ahead is parsed by the check itself
    ws.set_text(robin, body.replace("melee-atack", "melee-attack"))
    ws.check()
    assert parsed == [ROBIN, ROBIN]


def test_the_servers_reader_gives_pygls_the_same_lines_one_thread_trip_per_message():
    import asyncio
    import io
    from concurrent.futures import ThreadPoolExecutor
    from pygls.io_ import StdinAsyncReader
    from mayhem.lsp.stdio import MessageReader

    bodies = [b'{"jsonrpc": "2.0", "method": "a"}', '{"x": "\u00e9t\u00e9"}'.encode("utf-8")]
    stream = b"".join(b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n%s"
                      % (len(b), b) for b in bodies)

    async def drain(reader) -> list[bytes]:  # as pygls.io_.run_async reads
        got, length = [], 0
        while True:
            line = await reader.readline()
            got.append(line)
            if not line:
                return got
            if not length and line.startswith(b"Content-Length: "):
                length = int(line.split(b":")[1])
            if length and not line.strip():
                got.append(await reader.readexactly(length))
                length = 0

    with ThreadPoolExecutor(1) as pool:
        ours = MessageReader(io.BytesIO(stream), pool)
        trips = []
        read = ours.read_message
        ours.read_message = lambda: trips.append(1) or read()
        mine = asyncio.run(drain(ours))
        theirs = asyncio.run(drain(StdinAsyncReader(io.BytesIO(stream), pool)))
    assert mine == theirs and bodies[1] in mine
    assert len(trips) == 3  # two messages and the end of the input


def test_the_servers_workspace_owes_its_full_garbage_collection_until_the_findings_are_out(tmp_path, monkeypatch):
    # every COLLECT_EVERY checks a Workspace collects the objects the checks kept out of the
    # collector's sight (0.1 to 0.3 s at 10,000 cards): the server does it after publishing
    import gc
    from mayhem.compiler import incremental
    from mayhem.lsp.project import Project
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    monkeypatch.setattr(incremental, "COLLECT_EVERY", 2)
    collected = []
    plain = gc.collect
    monkeypatch.setattr(incremental.gc, "collect", lambda *a: collected.append(1) or plain(*a))
    project = Project(root)
    project.check()
    project.check()
    assert collected == [], "due, but not inside the check"
    project.tidy()
    assert collected == [1]
    project.tidy()
    assert collected == [1], "once per COLLECT_EVERY checks"
    plain_ws = Workspace(root)  # a caller that never tidies: collected inside the check, as before
    plain_ws.check()
    plain_ws.check()
    assert collected == [1, 1]
