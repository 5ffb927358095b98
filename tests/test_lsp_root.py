"""`mayhem lsp` on a content root of its own (a box made by `mayhem init`, depending on the
shipped sets): the root is found from the opened file as `mayhem check` finds it, names
resolve into the sets it depends on, and a change on disk to a file that is not open is
checked when the editor says so (end to end, with pytest-lsp)."""
from __future__ import annotations

import subprocess
import sys

from lsprotocol import types as T
import pytest

from lsp_helpers import CONTENT, make_client, next_version, position, wait_diagnostics

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = make_client()


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    root = tmp_path_factory.mktemp("lsp-root") / "my-box"
    subprocess.run([sys.executable, "-m", "mayhem.cli", "init", str(root), "--box", "beast-box"],
                   check=True, capture_output=True)
    return root


async def open_file(client, path, body=None):
    body = body if body is not None else path.read_text(encoding="utf-8")
    version, since = next_version(), len(client.published)
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=path.as_uri(), language_id="mayhem", version=version, text=body)))
    return await wait_diagnostics(client, path.as_uri(), version, since)


async def test_the_server_asks_to_watch_content_files(client, box):
    await open_file(client, box / "beast-box" / "hero.mh")
    [reg] = [r for r in client.registrations if r.method == T.WORKSPACE_DID_CHANGE_WATCHED_FILES]
    assert [w["globPattern"] for w in reg.register_options["watchers"]] == ["**/*.mh", "**/mayhem.toml"]


async def test_root_of_its_own_and_a_keyword_of_a_dependency(client, box):
    hero = box / "beast-box" / "hero.mh"
    body = hero.read_text(encoding="utf-8")
    assert await open_file(client, hero, body) == []
    [loc] = await client.text_document_definition_async(T.DefinitionParams(
        text_document=T.TextDocumentIdentifier(uri=hero.as_uri()),
        position=position(body, "standard { melee-attack }", len("standard { "))))
    # the mayhem-core set shipped with the toolchain: content/shared/core.mh of this checkout
    assert loc.uri == (CONTENT / "shared" / "core.mh").as_uri()
    close_doc_path(client, hero)


async def test_a_file_changed_on_disk_is_checked_again(client, box):
    hero = box / "beast-box" / "hero.mh"
    await open_file(client, hero)
    cards = box / "beast-box" / "mayhem-cards.mh"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("mayhem-card", "mayhem-crad", 1), encoding="utf-8")
    since = len(client.published)
    client.workspace_did_change_watched_files(T.DidChangeWatchedFilesParams(changes=[
        T.FileEvent(uri=cards.as_uri(), type=T.FileChangeType.Changed)]))
    found = await wait_diagnostics(client, cards.as_uri(), None, since)
    [diag] = [d for d in found if d.code == "E201"]
    assert "unknown kind of declaration 'mayhem-crad'" in diag.message
    assert "did you mean 'mayhem-card'?" in diag.message
    cards.write_text(text, encoding="utf-8")
    since = len(client.published)
    client.workspace_did_change_watched_files(T.DidChangeWatchedFilesParams(changes=[
        T.FileEvent(uri=cards.as_uri(), type=T.FileChangeType.Changed)]))
    assert await wait_diagnostics(client, cards.as_uri(), None, since) == []
    close_doc_path(client, hero)


def close_doc_path(client, path) -> None:
    client.text_document_did_close(T.DidCloseTextDocumentParams(
        text_document=T.TextDocumentIdentifier(uri=path.as_uri())))


async def test_rename_refuses_a_name_of_a_set_depended_on(client, box):
    hero = box / "beast-box" / "hero.mh"
    body = hero.read_text(encoding="utf-8")
    await open_file(client, hero, body)
    with pytest.raises(Exception, match="a content set this root depends on"):
        await client.text_document_rename_async(T.RenameParams(
            text_document=T.TextDocumentIdentifier(uri=hero.as_uri()),
            position=position(body, "standard { melee-attack }", len("standard { ")), new_name="hit"))
    # the root's own components rename
    edit = await client.text_document_rename_async(T.RenameParams(
        text_document=T.TextDocumentIdentifier(uri=hero.as_uri()),
        position=position(body, 'ability big-punch', len("ability ")), new_name="huge-punch"))
    assert list(edit.changes) == [hero.as_uri()]
    [change] = edit.changes[hero.as_uri()]
    assert change.new_text == "huge-punch"
    assert change.range.start.line == body.splitlines().index('  ability big-punch "Big Punch" {')
    close_doc_path(client, hero)


async def test_a_broken_manifest_is_reported_on_it(client, box):
    hero = box / "beast-box" / "hero.mh"
    await open_file(client, hero)
    manifest = box / "mayhem.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('\nteen-titans-go = ">=1.0"', '\nteen-titans-goo = ">=1.0"', 1), encoding="utf-8")
    since = len(client.published)
    client.workspace_did_change_watched_files(T.DidChangeWatchedFilesParams(changes=[
        T.FileEvent(uri=manifest.as_uri(), type=T.FileChangeType.Changed)]))
    found = await wait_diagnostics(client, manifest.as_uri(), None, since)
    [diag] = [d for d in found if d.code == "E702"]
    line = text.splitlines().index('teen-titans-go = ">=1.0"')
    assert (diag.range.start.line, diag.range.start.character, diag.range.end.character) == (line, 0, 15)
    assert "did you mean 'teen-titans-go'?" in diag.message
    manifest.write_text(text, encoding="utf-8")
    since = len(client.published)
    client.workspace_did_change_watched_files(T.DidChangeWatchedFilesParams(changes=[
        T.FileEvent(uri=manifest.as_uri(), type=T.FileChangeType.Changed)]))
    assert await wait_diagnostics(client, manifest.as_uri(), None, since) == []
    close_doc_path(client, hero)
