"""Incremental compiling (compiler/incremental.py): after an edit only the edited file is
parsed again, and the findings equal a full compile's; `mayhem check --watch` uses it."""
from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading

import pytest

from mayhem.compiler import driver
from mayhem.compiler.incremental import Workspace

from conftest import CONTENT, FIXTURES
from test_checks_watch import _reader, _until

ROBIN = "teen-titans-go/robin.mh"


def findings(comp) -> list[tuple]:
    return [(d.code, d.severity, d.message, str(d.span)) for d in comp.diagnostics.sorted()]


def full(root) -> driver.Compilation:
    return driver.check([root], root=root)


@pytest.fixture
def root(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "content")
    return tmp_path / "content"


def test_an_edit_parses_only_the_edited_file_and_finds_what_a_full_check_finds(root):
    ws = Workspace(root)
    first = ws.check()
    assert first.ok and ws.cache.parses == first.files > 20
    assert findings(first) == findings(full(root))

    robin = root / ROBIN
    robin.write_text(robin.read_text().replace("melee-attack", "melee-atack", 1))
    edited = ws.check()
    assert ws.cache.parsed_last == [ROBIN]
    assert ws.cache.parses == first.files + 1
    assert not edited.ok and any(d.code == "E301" and d.span.file == ROBIN for d in edited.diagnostics.errors)
    assert findings(edited) == findings(full(root))

    robin.write_text(robin.read_text().replace("melee-atack", "melee-attack"))
    back = ws.check()
    assert ws.cache.parsed_last == [ROBIN]
    assert findings(back) == findings(first)
    assert back.ok and back.ir is not None


def test_many_checks_through_the_cache_give_the_ir_of_a_fresh_compile(root):
    """The cached syntax trees are shared by every later compile: none may change them."""
    ws = Workspace(root)
    for _ in range(3):
        ws.check()
    fresh = driver.check([root], root=root)
    assert ws.result.ir == fresh.ir


def test_an_unsaved_buffer_is_checked_instead_of_the_file(root):
    ws = Workspace(root)
    ws.check()
    robin = root / ROBIN
    broken = robin.read_text().replace("life 12", "life 12 13 {", 1)
    ws.set_text(robin, broken)
    buffered = ws.check()
    assert ws.cache.parsed_last == [ROBIN]
    robin.write_text(broken)
    assert findings(buffered) == findings(full(root))
    assert any(d.span is not None and d.span.file == ROBIN for d in buffered.diagnostics.errors)
    assert ws.diagnostics(ROBIN) and all(d.span.file == ROBIN for d in ws.diagnostics(ROBIN))


def test_a_deleted_file_is_forgotten(root):
    ws = Workspace(root)
    ws.check()
    (root / "teen-titans-go" / "starfire.mh").unlink()
    gone = ws.check()
    assert ws.cache.parsed_last == []
    assert findings(gone) == findings(full(root))
    assert not any(k.endswith("starfire.mh") for k in ws.cache.entries)


def test_dependants_are_the_files_that_see_the_edited_one(root):
    ws = Workspace(root)
    ws.check()
    of_core = ws.dependants("shared/core.mh")
    assert ROBIN in of_core and "looney-tunes/taz.mh" in of_core and "shared/core.mh" not in of_core
    of_robin = ws.dependants(ROBIN)
    assert "teen-titans-go/box.mh" in of_robin and "teen-titans-go/raven.mh" in of_robin
    assert not any(n.startswith("looney-tunes/") for n in of_robin)
    assert "shared/core.mh" not in of_robin


def test_check_in_context_through_the_cache_equals_the_plain_one(root):
    ws = Workspace(root)
    robin = root / ROBIN
    robin.write_text(robin.read_text().replace("life 12", "life 99", 1))
    cached = ws.check_in_context([robin])
    assert findings(cached) == findings(driver.check_in_context([robin]))
    ws.check_in_context([robin])
    assert ws.cache.parsed_last == []


def test_watch_parses_only_the_saved_file(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "checks" / "base", root)
    proc = subprocess.Popen([sys.executable, "-m", "mayhem.cli", "check", "--watch", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        assert _until(lines, seen, "for changes (Ctrl-C to stop)"), "".join(seen)
        files = len(list(root.rglob("*.mh")))
        assert f"parsed {files} files, 0 unchanged" in "".join(seen)
        import time
        time.sleep(0.5)
        chars = root / "characters.mh"
        chars.write_text(chars.read_text().replace("slot 4", "slot 7"))
        assert _until(lines, seen, "unchanged from the last check"), "".join(seen)
        assert f"parsed 1 file, {files - 1} unchanged from the last check" in "".join(seen)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
