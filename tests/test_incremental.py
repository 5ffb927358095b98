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


def test_an_edit_inside_a_card_rebuilds_that_files_components_and_an_edit_of_a_keyword_everything(root):
    # the components of the edited file are built again (model, names, types, graph, IR,
    # per-component checks); the others keep theirs. An edit of the interface (a keyword
    # of shared/core.mh) builds everything again.
    ws = Workspace(root)
    first = ws.check()
    cards = "teen-titans-go/mayhem-cards.mh"
    ours = {c.qid for c in first.model.units[cards].components}
    others = {c.qid: c for c in first.model.top_level() if c.file != cards}
    path = root / cards
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('text "', 'text "Edited. ', 1), encoding="utf-8")
    again = ws.check()
    assert ws.back.same and ws.back.changed == ours
    assert all(others[c.qid] is c for c in again.model.top_level() if c.file != cards)  # kept, not rebuilt
    assert findings(again) == findings(full(root)) and again.ir == full(root).ir
    core = root / "shared" / "core.mh"
    core.write_text(core.read_text(encoding="utf-8").replace('text "', 'text "Edited. ', 1), encoding="utf-8")
    ws.check()
    assert not ws.back.same and ws.back.changed is None


def test_a_display_name_taken_from_another_card_is_found_by_c201_and_c202_over_its_group_alone(root, monkeypatch):
    from mayhem.compiler.checks import incremental as checks_incremental
    seen: dict[str, list[int]] = {}
    run_one = checks_incremental.run_one

    def spy(col, code):
        if code in ("C201", "C202"):
            seen.setdefault(code, []).append(len(col.top))
        return run_one(col, code)

    monkeypatch.setattr(checks_incremental, "run_one", spy)
    ws = Workspace(root)
    ws.check()
    titans = root / "teen-titans-go/mayhem-cards.mh"
    looney = root / "looney-tunes/mayhem-cards.mh"
    # across boxes: a Teen Titans GO! card called like a Looney Tunes one, meaning otherwise
    titans.write_text(titans.read_text(encoding="utf-8").replace('"Pizza Time"', '"Dice Guys"', 1), encoding="utf-8")
    across = ws.check()
    assert [d.code for d in across.diagnostics.items if d.code == "C202"] == ["C202"]
    assert findings(across) == findings(full(root))
    # within a box: two Looney Tunes cards of one name
    looney.write_text(looney.read_text(encoding="utf-8").replace('"Luckiest Varmint"', '"Dice Guys"', 1),
                      encoding="utf-8")
    within = ws.check()
    assert "C201" in {d.code for d in within.diagnostics.items}
    assert findings(within) == findings(full(root))
    # each check ran over the groups of the edited file's cards (their old and new names): those
    # cards and the few others of their names, a fraction of the named components
    from mayhem.compiler.checks.names import BOX_KINDS
    named = [c for c in ws.result.ir["components"] if c["kind"] in BOX_KINDS]
    in_file = [len([c for c in named if c["span"].startswith(f"{box}/mayhem-cards.mh:")])
               for box in ("teen-titans-go", "looney-tunes")]
    assert len(seen["C201"]) == len(seen["C202"]) == 3  # the first check, then the two edits
    assert seen["C201"][0] == seen["C202"][0] == len(ws.result.ir["components"])  # over everything
    assert all(0 < n <= max(in_file) + 4 for n in seen["C201"][1:] + seen["C202"][1:]), (seen, in_file)
    assert max(in_file) + 4 < len(named) / 3


def test_what_a_check_keeps_is_frozen_out_of_the_collectors_sight_and_collected_every_so_often(root, monkeypatch):
    import gc

    from mayhem.compiler import incremental
    collected = []
    monkeypatch.setattr(incremental, "COLLECT_EVERY", 3)
    monkeypatch.setattr(incremental.gc, "collect", lambda *a: collected.append(gc.get_freeze_count()))
    try:
        ws = Workspace(root)
        ws.check()
        assert gc.get_freeze_count() > 100_000  # the parse trees, the model, the IR ...
        ws.check()
        assert collected == []
        ws.check()
        assert collected == [0]  # the third check unfroze everything and collected it
        assert gc.get_freeze_count() > 100_000
    finally:
        gc.unfreeze()


def test_a_workspaces_check_does_not_count_the_frozen_objects(root, monkeypatch):
    # gc.get_freeze_count() walks every frozen object (millions at 10,000 cards): the run is
    # told the heap is frozen instead of asking
    import gc

    from mayhem.compiler import driver as driver_mod
    try:
        ws = Workspace(root)
        first = findings(ws.check())
        monkeypatch.setattr(driver_mod.gc, "get_freeze_count", lambda: pytest.fail("counted the frozen objects"))
        assert findings(ws.check()) == first
        monkeypatch.undo()
        assert gc.get_freeze_count() > 100_000  # and what it keeps stays frozen
    finally:
        gc.unfreeze()


def test_a_build_in_a_heap_another_froze_freezes_nothing_of_its_own(root):
    """A Workspace alive in the process keeps its results frozen. A plain build then (the
    language server's, a test's) cannot thaw what it would freeze without thawing the
    Workspace's: it freezes nothing, and the frozen heap grows no larger (each such build
    once added its whole compilation for good: a process of hundreds of builds grew by gigabytes)."""
    import gc

    try:
        ws = Workspace(root)
        ws.check()
        kept = gc.get_freeze_count()
        assert kept > 100_000
        for _ in range(2):
            assert driver.build([root]).ir is not None
            assert gc.get_freeze_count() <= kept  # (a frozen object its owner let go of is freed all the same)
    finally:
        gc.unfreeze()


def test_after_a_cards_edit_what_applies_on_which_board_is_carried_and_answers_as_a_fresh_one(root):
    from mayhem.compiler.applicability import Applicability
    ws = Workspace(root)
    ws.check()
    before = ws.back.checks.col.where
    robin = root / ROBIN
    robin.write_text(robin.read_text(encoding="utf-8").replace("life ", "life 1", 1), encoding="utf-8")
    after = ws.check()
    col = ws.back.checks.col
    carried, fresh = col.__dict__["where"], Applicability(after.ir)
    assert carried is not before and carried.by_qid is col.by_qid
    for board in fresh.boxes:
        assert carried.icons_on(board) == fresh.icons_on(board)
        assert carried.board_pools(board) == fresh.board_pools(board)
        assert carried.brought_pools(board) == fresh.brought_pools(board)
        assert carried.pools_on(board, fresh.boxes) == fresh.pools_on(board, fresh.boxes)
    assert findings(after) == findings(full(root))


def test_a_watched_workspace_reads_the_files_it_is_told_of_and_walks_again_for_a_new_one(root):
    ws = Workspace(root)
    ws.check()
    ws.watched()  # as an editor that watches the root: it says what changes on disk
    assert findings(ws.check()) == findings(full(root))
    robin = root / ROBIN
    text = robin.read_text(encoding="utf-8")
    robin.write_text(text + "\nbroken {\n", encoding="utf-8")
    assert ws.check().ok and ws.cache.parsed_last == [], "a file it was not told of is not read again"
    ws.saw(robin)
    after = ws.check()
    assert ws.cache.parsed_last == [ROBIN] and findings(after) == findings(full(root)) and not after.ok
    extra = root / "teen-titans-go" / "extra.mh"
    extra.write_text('in box teen-titans-go\n\nmayhem-card extra-card "Extra" {\n  source authored\n}\n',
                     encoding="utf-8")
    ws.saw(extra, added_or_removed=True)
    after = ws.check()
    assert "teen-titans-go/extra.mh" in after.sources and findings(after) == findings(full(root))
    extra.unlink()
    ws.saw(extra, added_or_removed=True)
    assert "teen-titans-go/extra.mh" not in ws.check().sources
    ws.clear_text(robin)  # an editor's buffer closed: the file on disk is read again
    robin.write_text(text, encoding="utf-8")
    assert findings(ws.check()) == findings(full(root))


def test_a_syntax_error_in_a_card_file_is_checked_without_building_everything(root):
    from test_incremental_edits import everything
    ws = Workspace(root)
    ws.check()
    robin = root / ROBIN
    text = robin.read_text(encoding="utf-8")
    for broken in (text.replace("life ", "life (", 1), text + "\nbroken {\n"):
        for body in (broken, broken + "\n", text):
            robin.write_text(body, encoding="utf-8")
            got = ws.check()
            # broken, the file's last share stands in for it; parsing again, what was built
            # while it was broken is built again, the rest kept
            assert ws.back.same and ws.back.changed is not None
            assert everything(got) == everything(full(root))
    assert got.ok and got.ir is not None
    assert len(ws.back.changed) < 10, "the fix rebuilds robin's components and what names them"


def test_a_first_game_edited_while_a_hands_file_is_broken_finds_its_characters_once_it_is_fixed(root):
    from test_incremental_edits import assert_tables_as_built_afresh, everything
    ws = Workspace(root)
    ws.check()
    robin, hands = root / ROBIN, root / "teen-titans-go" / "first-game.mh"
    text, hands_text = robin.read_text(encoding="utf-8"), hands.read_text(encoding="utf-8")
    assert "robin [" in hands_text
    robin.write_text(text + "\nbroken {\n", encoding="utf-8")
    assert everything(ws.check()) == everything(full(root))
    hands.write_text(hands_text.replace("first-game hands {", "# edited\nfirst-game hands {"), encoding="utf-8")
    got = ws.check()  # its hands resolved with robin's components missing (E309, a follow-on error)
    assert everything(got) == everything(full(root)) and not got.ok
    robin.write_text(text, encoding="utf-8")
    got = ws.check()
    # the edit of first-game.mh (not a leaf file: part of the interface) built everything
    # while robin was broken: all of it is built again, the keywords' pieces with the rest
    assert ws.back.changed is None
    assert everything(got) == everything(full(root)) and got.ok
    assert_tables_as_built_afresh(got, ["robin fixed"])
    robin.write_text(text + "\nbroken {\n", encoding="utf-8")
    ws.check()
    robin.write_text(text, encoding="utf-8")
    got = ws.check()  # a break and its fix alone: robin's components and what names them
    assert ws.back.changed is not None and any(q.startswith("teen-titans-go/robin") for q in ws.back.changed)
    first = next(x for x in got.model.top_level() if x.kind == "first-game" and x.scope == "teen-titans-go")
    front = ws.back.front  # its names resolved again, by file or component by component
    assert (first in front.redone) if front.redone is not None else id(first.decl) not in front.replayed, \
        "the First Game's hands are looked up again"
    assert everything(got) == everything(full(root)) and got.ok
    assert_tables_as_built_afresh(got, ["robin broken and fixed"])


def test_a_watched_workspace_neither_stats_nor_hashes_the_files_it_is_not_told_of(root, monkeypatch):
    import os

    from mayhem.compiler import incremental_parse
    ws = Workspace(root)
    ws.check()
    ws.watched()
    ws.check()  # every file stat'ed once more after the editor started watching, its text the same
    robin = root / ROBIN
    robin.write_text(robin.read_text(encoding="utf-8").replace("life ", "life 1", 1), encoding="utf-8")
    ws.saw(robin)
    asked, hashed = [], []
    real_stat, real_lstat, real_digest = os.stat, os.lstat, incremental_parse.digest
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: asked.append(os.fspath(p)) or real_stat(p, *a, **k))
    monkeypatch.setattr(os, "lstat", lambda p, *a, **k: asked.append(os.fspath(p)) or real_lstat(p, *a, **k))
    monkeypatch.setattr(incremental_parse, "digest", lambda text: hashed.append(text) or real_digest(text))
    after = ws.check()
    monkeypatch.undo()
    under = str(root) + os.sep
    assert {p for p in asked if p.startswith(under) and p.endswith(".mh")} == {str(robin)}, \
        "of the root's files, only the one it was told of is stat'ed"
    assert len(hashed) == 1 and after.files > 20
    assert findings(after) == findings(full(root))


def test_a_watched_workspace_asks_the_disk_again_for_a_module_it_is_told_was_removed(root):
    ws = Workspace(root)
    ws.check()
    ws.watched()
    extra = root / "shared" / "extra.mh"
    extra.write_text('tag extra-tag "Extra" {\n  source authored\n}\n', encoding="utf-8")
    ws.saw(extra, added_or_removed=True)
    robin = root / ROBIN
    text = robin.read_text(encoding="utf-8")
    robin.write_text(text.replace("in box teen-titans-go\n", 'in box teen-titans-go\nuse "shared/extra.mh"\n', 1),
                     encoding="utf-8")
    ws.saw(robin)
    assert 'use "shared/extra.mh"' in robin.read_text(encoding="utf-8")
    assert ws.check().ok and findings(ws.result) == findings(full(root))
    extra.unlink()
    ws.saw(extra, added_or_removed=True)
    after = ws.check()
    assert "E305" in {d.code for d in after.diagnostics.errors}
    assert findings(after) == findings(full(root))


def test_the_import_cycles_are_searched_again_only_when_the_uses_change(root):
    from mayhem.compiler import loader
    loader._import_cycles.cache_clear()
    ws = Workspace(root)
    ws.check()
    robin = root / ROBIN
    robin.write_text(robin.read_text(encoding="utf-8").replace("life ", "life 1", 1), encoding="utf-8")
    ws.check()  # the same uses: the cycles of the check before
    assert loader._import_cycles.cache_info().misses == 1 and loader._import_cycles.cache_info().hits >= 1
    robin.write_text(robin.read_text(encoding="utf-8").replace('use "shared/core.mh"\n', "", 1), encoding="utf-8")
    ws.check()  # one use fewer: searched again
    assert loader._import_cycles.cache_info().misses == 2
