"""`mayhem lsp` counts positions in the units the editor agreed on (UTF-8 bytes here, as
Neovim and Helix prefer), while the compiler counts code points: a name after a non-ASCII
character on its line is still found and reported where it is."""
from __future__ import annotations

from lsprotocol import types as T
import pytest

from lsp_helpers import close_doc, code_actions, make_client, open_doc, text, uri
from mayhem.lsp.project import from_units, to_units

client = make_client(encodings=[T.PositionEncodingKind.Utf8, T.PositionEncodingKind.Utf16])
ROBIN = "teen-titans-go/robin.mh"
LINE = '      may "Strike – hard" { stun(atack-target) }'


def test_units_of_each_encoding():
    line = "text 'x – y' z"
    assert [to_units(line, 12, e) for e in ("utf-8", "utf-16", "utf-32")] == [14, 12, 12]
    assert [to_units("a😀b", 2, e) for e in ("utf-8", "utf-16", "utf-32")] == [5, 3, 2]
    for enc in ("utf-8", "utf-16", "utf-32"):
        for sample in (line, "a😀b", "plain"):
            assert [from_units(sample, to_units(sample, c, enc), enc) for c in range(len(sample) + 1)] == \
                list(range(len(sample) + 1))


@pytest.mark.asyncio(loop_scope="module")
async def test_diagnostic_hover_and_quick_fix_in_utf8_units(client):
    body = text(ROBIN).replace("      stun(attack-target)", LINE, 1)
    line = body.splitlines().index(LINE)
    [diag] = [d for d in await open_doc(client, ROBIN, body) if d.code == "E301"]
    start = len(LINE[:LINE.index("atack")].encode("utf-8"))  # two bytes more than code points
    assert (diag.range.start.line, diag.range.start.character, diag.range.end.character) == \
        (line, start, start + len("atack-target"))
    found = await client.text_document_hover_async(T.HoverParams(
        text_document=T.TextDocumentIdentifier(uri=uri(ROBIN)),
        position=T.Position(line=line, character=len(LINE[:LINE.index("stun(")].encode("utf-8")) + 1)))
    assert found.contents.value.startswith("**keyword** `stun`")
    assert found.range.start.character == len(LINE[:LINE.index("stun(")].encode("utf-8"))
    actions = await code_actions(client, ROBIN, diag)
    assert actions[0].edit.changes[uri(ROBIN)][0].range == diag.range
    close_doc(client, ROBIN)
