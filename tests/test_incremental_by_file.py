"""A Workspace's check by file (issue #15): after an edit of a leaf file (characters, cards,
Locations) that keeps its ids and its `use`s, the load, the model, names, types, the graph,
the IR and the Collection the checks read look at the changed files (and at the components
whose names meant theirs) without a walk of every component, and find what a full check
finds. An edit that changes the interface or the uses goes the whole way, as before."""
from __future__ import annotations

import shutil

import pytest

from mayhem.compiler import driver
from mayhem.compiler.incremental import Workspace
from mayhem.compiler.resolve import resolve
from mayhem.compiler.typecheck import typecheck
from mayhem.dsl.diagnostics import Diagnostics

from conftest import CONTENT

ROBIN = "teen-titans-go/robin.mh"
FIRST_GAME = "teen-titans-go/first-game.mh"


def everything(c: driver.Compilation) -> tuple:
    diags = [(d.code, d.severity, d.message, str(d.span), d.hint, [(str(r.span), r.message) for r in d.related])
             for d in c.diagnostics.sorted()]
    return diags, sorted((d.code, d.message, str(d.span), why) for d, why in c.silenced), c.ir


def full(root) -> driver.Compilation:
    return driver.check([root], root=root)


@pytest.fixture
def root(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "content")
    return tmp_path / "content"


def edit(path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text


def test_a_characters_edit_rebuilds_its_file_and_resolves_again_the_first_game_hand_that_names_it(root):
    ws = Workspace(root)
    before = ws.check().resolution.components["teen-titans-go"]["robin"]
    front = ws.back.front
    edit(root / ROBIN, "  life ", "  life 1")
    got = ws.check()
    assert list(front.models.fresh) == [ROBIN], "checked by file"
    redone = {c.file for c in front.redone}
    # the First Game's hands name Robin (NameResolver.box_files): its names are looked up again
    assert redone == {ROBIN, FIRST_GAME}
    assert all(c.file == ROBIN or c.file == FIRST_GAME for c in front.redone)
    assert ws.back.changed == {"teen-titans-go/robin"}
    assert everything(got) == everything(full(root))
    # the declaration table holds the new Robin, the names' and types' tables what a fresh
    # resolve and type check write (no entry of the former Robin left)
    robin = got.resolution.components["teen-titans-go"]["robin"]
    assert robin is not before and robin in got.model.units[ROBIN].components
    fresh = resolve(got.model, Diagnostics())
    assert got.resolution.symbols == fresh.symbols
    assert got.types.of == typecheck(got.model, fresh, Diagnostics()).of


def test_an_edit_that_renames_an_id_or_adds_a_use_goes_the_whole_way(root):
    ws = Workspace(root)
    ws.watched()
    ws.check()
    edit(root / ROBIN, "staff-meeting", "staff-meeting-x")  # a new id: the interface changed
    ws.saw(root / ROBIN)
    got = ws.check()
    assert ws.back.front.models.fresh is None and ws.back.front.redone is None
    assert everything(got) == everything(full(root))
    edit(root / ROBIN, 'use "shared/core.mh"', 'use "shared/core.mh"\nuse "shared/modes.mh"')
    ws.saw(root / ROBIN)
    read = []
    plain = ws.cache.read
    ws.cache.read = lambda path, name, diags: read.append(name) or plain(path, name, diags)
    got = ws.check()
    assert len(set(read)) == got.files > 20, "a new `use`: every file loaded again"
    assert everything(got) == everything(full(root))


def test_a_watched_workspace_loads_the_files_it_is_told_of_alone(root):
    ws = Workspace(root)
    ws.watched()
    ws.check()
    read = []
    plain = ws.cache.read
    ws.cache.read = lambda path, name, diags: read.append(name) or plain(path, name, diags)
    edit(root / ROBIN, "  life ", "  life 1")
    ws.saw(root / ROBIN)
    got = ws.check()
    assert read == [ROBIN] and ws.cache.parsed_last == [ROBIN]
    assert list(ws.back.front.models.fresh) == [ROBIN]
    assert everything(got) == everything(full(root))
    # the files not read are not forgotten by the cache either
    assert len(ws.cache.entries) == got.files

    # an unsaved buffer is a change too, with no word from the file watcher
    read.clear()
    text = (root / ROBIN).read_text(encoding="utf-8")
    ws.set_text(root / ROBIN, text.replace("melee-attack", "melee-atack", 1))
    got = ws.check()
    assert read == [ROBIN] and any(d.code == "E301" and d.span.file == ROBIN for d in got.diagnostics.errors)
    (root / ROBIN).write_text(text.replace("melee-attack", "melee-atack", 1), encoding="utf-8")
    assert everything(got) == everything(full(root))
    ws.clear_text(root / ROBIN)
    (root / ROBIN).write_text(text, encoding="utf-8")
    back = ws.check()
    assert back.ok and everything(back) == everything(full(root))


def test_a_syntax_error_and_its_fix_in_a_watched_workspace_are_checked_by_file(root):
    ws = Workspace(root)
    ws.watched()
    ws.check()
    front = ws.back.front
    read = []
    plain = ws.cache.read
    ws.cache.read = lambda path, name, diags: read.append(name) or plain(path, name, diags)
    text = edit(root / ROBIN, "  life ", "  life (")
    ws.saw(root / ROBIN)
    broken = ws.check()
    # robin's last share stands in: its components are gone, and the First Game's hands that
    # name robin are resolved again (their follow-on errors dropped, as a full check does)
    assert read == [ROBIN] and front.models.fresh == {} and set(front.models.gone) == {ROBIN}
    assert {c.file for c in front.redone} == {FIRST_GAME}
    assert not broken.ok and everything(broken) == everything(full(root))
    read.clear()
    (root / ROBIN).write_text(text, encoding="utf-8")
    ws.saw(root / ROBIN)
    fixed = ws.check()
    assert read == [ROBIN] and list(front.models.fresh) == [ROBIN]
    assert {c.file for c in front.redone} == {ROBIN, FIRST_GAME}
    assert fixed.ok and everything(fixed) == everything(full(root))
    # robin's ids back in the declaration table at their place, as a fresh resolve puts them
    fresh = resolve(fixed.model, Diagnostics())
    assert list(fixed.resolution.components["teen-titans-go"]) == list(fresh.components["teen-titans-go"])
    assert fixed.resolution.symbols == fresh.symbols
    edit(root / ROBIN, "  life ", "  life 1")  # and the check after the fix goes by file again
    ws.saw(root / ROBIN)
    again = ws.check()
    assert list(front.models.fresh) == [ROBIN] and everything(again) == everything(full(root))
