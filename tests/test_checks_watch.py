"""`mayhem check --watch` checks again when a content file is saved: a real process on a
temporary copy of the checks box, a real edit, the new findings read back (bounded waits)."""
from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading
import time

from click.testing import CliRunner

from mayhem.cli import main

from conftest import FIXTURES

WAIT = 60  # seconds, at most, for each step on a busy machine


def _reader(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _until(lines: queue.Queue, seen: list[str], needle: str) -> bool:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        if line is None:
            return False
        seen.append(line)
        if needle in line:
            return True
    return False


def test_watch_checks_again_on_save(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "checks" / "base", root)
    proc = subprocess.Popen([sys.executable, "-m", "mayhem.cli", "check", "--watch", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        assert _until(lines, seen, "for changes (Ctrl-C to stop)"), "".join(seen)
        assert "no problems" in "".join(seen)
        time.sleep(0.5)  # the watcher is set up right after it says so
        chars = root / "characters.mh"
        chars.write_text(chars.read_text().replace("slot 4", "slot 7"))
        assert _until(lines, seen, "error[C403]"), "".join(seen)
        after_edit = "".join(seen)
        assert "characters.mh changed; checking again" in after_edit
        assert "characters.mh:15:5: error[C403]: ability 'jab' has slot 7" in after_edit
        chars.write_text(chars.read_text().replace("slot 7", "slot 4"))
        assert _until(lines, seen, "no problems"), "".join(seen)
        assert proc.poll() is None, "the watcher keeps running"
    finally:
        proc.terminate()
        proc.wait(timeout=WAIT)


def test_watch_refuses_a_missing_folder(tmp_path):
    result = CliRunner().invoke(main, ["check", "--watch", "--root", str(tmp_path / "nowhere"), str(tmp_path)])
    assert result.exit_code == 2 and "cannot watch" in result.output and "no such folder" in result.output
