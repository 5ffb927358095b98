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
