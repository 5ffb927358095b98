"""`mayhem lsp`: the document outline (symbols), folding ranges, semantic tokens and formatting
of a file (end to end, with pytest-lsp)."""
from __future__ import annotations

from lsprotocol import types as T
import pytest

from lsp_helpers import close_doc, make_client, open_doc, text, uri

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = make_client()
ROBIN = "teen-titans-go/robin.mh"


def doc() -> T.TextDocumentIdentifier:
    return T.TextDocumentIdentifier(uri=uri(ROBIN))


def line_of(needle: str) -> int:
    return text(ROBIN).splitlines().index(needle)


async def test_document_symbols_are_the_outline(client):
    await open_doc(client, ROBIN)
    [robin] = await client.text_document_document_symbol_async(T.DocumentSymbolParams(text_document=doc()))
    close_doc(client, ROBIN)
    assert (robin.name, robin.detail, robin.kind) == ("robin", 'character "Robin"', T.SymbolKind.Class)
    assert robin.selection_range.start == T.Position(line=line_of('character robin "Robin" {'), character=10)
    children = [(c.name, c.kind) for c in robin.children]
    assert children[:3] == [("team-leader", T.SymbolKind.Method), ("staff-meeting", T.SymbolKind.Method),
                            ("hero-reflexes", T.SymbolKind.Method)]
    staff = robin.children[1]
    assert [c.name for c in staff.children] == ["standard", "special", "mayhem"]
    assert staff.range.start.line == line_of('  ability staff-meeting "Staff Meeting" {')


async def test_folding_ranges_of_blocks_and_comments(client):
    await open_doc(client, ROBIN)
    found = await client.text_document_folding_range_async(T.FoldingRangeParams(text_document=doc()))
    close_doc(client, ROBIN)
    ranges = {(r.start_line, r.end_line, r.kind) for r in found}
    lines = text(ROBIN).splitlines()
    start = line_of('character robin "Robin" {')
    end = max(i for i, ln in enumerate(lines) if ln == "}")
    assert (start, end, T.FoldingRangeKind.Region) in ranges
    ability = line_of('  ability staff-meeting "Staff Meeting" {')
    assert (ability, lines.index("  }", ability), T.FoldingRangeKind.Region) in ranges
    # the comment at the top of the file: lines 4 to 7 (from 1)
    first = next(i for i, ln in enumerate(lines) if ln.startswith("#"))
    last = next(i for i in range(first, len(lines)) if not lines[i + 1].startswith("#"))
    assert (first, last, T.FoldingRangeKind.Comment) in ranges


async def test_semantic_tokens(client):
    await open_doc(client, ROBIN)
    result = await client.text_document_semantic_tokens_full_async(T.SemanticTokensParams(text_document=doc()))
    close_doc(client, ROBIN)
    types = ["keyword", "type", "class", "function", "macro", "variable", "parameter", "property",
             "enumMember", "event", "string", "number", "comment", "namespace"]
    lines = text(ROBIN).splitlines()
    tokens, line, col = {}, 0, 0
    data = result.data
    for i in range(0, len(data), 5):
        dl, dc, length, kind, mods = data[i:i + 5]
        line, col = line + dl, (col + dc if dl == 0 else dc)
        tokens[(line, col)] = (lines[line][col:col + length], types[kind], mods)
    decl = line_of('character robin "Robin" {')
    assert tokens[(decl, 0)] == ("character", "keyword", 0)
    assert tokens[(decl, 10)] == ("robin", "class", 1)  # a declaration
    assert tokens[(line_of("  life 12"), 2)] == ("life", "property", 0)
    assert tokens[(line_of("  life 12"), 7)] == ("12", "number", 0)
    assert tokens[(line_of("      melee-attack"), 6)] == ("melee-attack", "macro", 0)  # a keyword
    stun = line_of("      stun(attack-target)")
    assert tokens[(stun, 11)] == ("attack-target", "variable", 2)  # a context name: defaultLibrary
    comment = next(i for i, ln in enumerate(lines) if ln.startswith("#"))
    assert tokens[(comment, 0)][1] == "comment"
    assert tokens[(line_of("    standard {"), 4)] == ("standard", "function", 1)


async def test_formatting_gives_fmt_layout(client):
    # content/ is formatted (CI runs `mayhem fmt --check`): a mangled copy formats back to it
    body = text(ROBIN)
    mangled = body.replace("  life 12\n", "      life   12\n", 1).replace("    special {\n", "  special  {\n", 1)
    await open_doc(client, ROBIN, mangled)
    [edit] = await client.text_document_formatting_async(T.DocumentFormattingParams(
        text_document=doc(), options=T.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert edit.new_text == body
    assert edit.range.start == T.Position(line=0, character=0)
    assert edit.range.end == T.Position(line=mangled.count("\n"), character=0)
    close_doc(client, ROBIN)
    await open_doc(client, ROBIN, body)
    unchanged = await client.text_document_formatting_async(T.DocumentFormattingParams(
        text_document=doc(), options=T.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert unchanged is not None and len(unchanged) == 0  # formatted already: no edit
    close_doc(client, ROBIN)
