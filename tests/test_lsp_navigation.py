"""`mayhem lsp`: go to definition (a keyword to shared/core.mh, a `use` path to its file, a
card named in a First-Game hand to its box file), find references across files and boxes, and
rename of an id across the content root, refused on a clash (end to end, with pytest-lsp)."""
from __future__ import annotations

import re

from lsprotocol import types as T
import pytest

from lsp_helpers import CONTENT, close_doc, make_client, open_doc, position, text, uri

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = make_client()
ROBIN = "teen-titans-go/robin.mh"
HANDS = "teen-titans-go/first-game.mh"


def doc(name: str) -> T.TextDocumentIdentifier:
    return T.TextDocumentIdentifier(uri=uri(name))


def line_of(name: str, needle: str) -> int:
    return text(name).splitlines().index(needle)


async def test_keyword_definition_in_shared_core(client):
    body = text(ROBIN)
    await open_doc(client, ROBIN, body)
    [loc] = await client.text_document_definition_async(T.DefinitionParams(
        text_document=doc(ROBIN), position=position(body, "      melee-attack", 8)))
    close_doc(client, ROBIN)
    assert loc.uri == uri("shared/core.mh")
    line = line_of("shared/core.mh", 'keyword melee-attack "Melee Attack" {')
    assert loc.range == T.Range(start=T.Position(line=line, character=8), end=T.Position(line=line, character=20))


async def test_use_path_goes_to_its_file(client):
    body = text(ROBIN)
    await open_doc(client, ROBIN, body)
    [loc] = await client.text_document_definition_async(T.DefinitionParams(
        text_document=doc(ROBIN), position=position(body, 'use "shared/core.mh"', 8)))
    close_doc(client, ROBIN)
    assert loc.uri == uri("shared/core.mh")
    assert loc.range.start == T.Position(line=0, character=0)


async def test_card_in_a_hand_goes_to_its_declaration(client):
    body = text(HANDS)
    await open_doc(client, HANDS, body)
    [loc] = await client.text_document_definition_async(T.DefinitionParams(
        text_document=doc(HANDS), position=position(body, "magic-cloak", 3)))
    close_doc(client, HANDS)
    assert loc.uri == uri("teen-titans-go/mayhem-cards.mh")
    assert loc.range.start.line == line_of("teen-titans-go/mayhem-cards.mh", 'mayhem-card magic-cloak "Magic Cloak" {')


async def test_references_across_files_and_boxes(client):
    body = text(ROBIN)
    await open_doc(client, ROBIN, body)
    found = await client.text_document_references_async(T.ReferenceParams(
        text_document=doc(ROBIN), position=position(body, "      melee-attack", 8),
        context=T.ReferenceContext(include_declaration=True)))
    close_doc(client, ROBIN)
    got = sorted((loc.uri, loc.range.start.line, loc.range.start.character) for loc in found)
    word = re.compile(r"(?<![\w-])melee-attack(?![\w-])")
    want = []
    for path in sorted(CONTENT.rglob("*.mh")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            code = line.split("#", 1)[0]
            want += [(path.as_uri(), i, m.start()) for m in word.finditer(code)]
    assert got == sorted(want)
    assert {u for u, _, _ in got} >= {uri("looney-tunes/taz.mh"), uri("teen-titans-go/cyborg.mh"),
                                      uri("shared/core.mh")}


async def test_rename_across_the_root(client):
    cards = "teen-titans-go/mayhem-cards.mh"
    body = text(HANDS)
    await open_doc(client, HANDS, body)
    at = position(body, "magic-cloak", 2)
    prepared = await client.text_document_prepare_rename_async(T.PrepareRenameParams(
        text_document=doc(HANDS), position=at))
    assert prepared.placeholder == "magic-cloak"
    edit = await client.text_document_rename_async(T.RenameParams(
        text_document=doc(HANDS), position=at, new_name="magic-cape"))
    close_doc(client, HANDS)
    changes = {u: [(e.range.start.line, e.range.start.character, e.range.end.character, e.new_text) for e in edits]
               for u, edits in edit.changes.items()}
    decl = line_of(cards, 'mayhem-card magic-cloak "Magic Cloak" {')
    hand = line_of(HANDS, "  robin [magic-cloak, rotating-shield]")
    assert changes == {uri(cards): [(decl, 12, 23, "magic-cape")], uri(HANDS): [(hand, 9, 20, "magic-cape")]}


async def test_rename_refuses_a_clash_and_a_bad_id(client):
    body = text(HANDS)
    await open_doc(client, HANDS, body)
    at = position(body, "magic-cloak", 2)
    with pytest.raises(Exception, match="would clash with the mayhem-card 'rotating-shield'"):
        await client.text_document_rename_async(T.RenameParams(
            text_document=doc(HANDS), position=at, new_name="rotating-shield"))
    with pytest.raises(Exception, match="is not an id"):
        await client.text_document_rename_async(T.RenameParams(
            text_document=doc(HANDS), position=at, new_name="Magic Cape"))
    close_doc(client, HANDS)
