"""`mayhem lsp`: hover shows a keyword's and a token's rulebook text and provenance, a
component's card text as its effect graph reads, and the explanation of a diagnostic (end to
end, with pytest-lsp)."""
from __future__ import annotations

from lsprotocol import types as T
import pytest

from lsp_helpers import close_doc, make_client, open_doc, position, text, uri

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = make_client()
ROBIN = "teen-titans-go/robin.mh"


async def hover_at(client, name: str, body: str, needle: str, offset: int = 0) -> T.Hover | None:
    await open_doc(client, name, body)
    result = await client.text_document_hover_async(T.HoverParams(
        text_document=T.TextDocumentIdentifier(uri=uri(name)), position=position(body, needle, offset)))
    close_doc(client, name)
    return result


async def test_keyword_rulebook_text_and_provenance(client):
    body = text(ROBIN)
    found = await hover_at(client, ROBIN, body, "stun(attack-target)", 1)
    value = found.contents.value
    assert value.startswith('**keyword** `stun` — STUN')
    assert "`stun(target)`" in value
    assert "> Place 1 of your Team's Stun tokens on an opposing Character in the same Location." in value
    assert 'Source: rulebook "Character Activation > Use Abilities" · declared in `shared/core.mh:' in value
    line = body.splitlines().index("      stun(attack-target)")
    assert found.range == T.Range(start=T.Position(line=line, character=6), end=T.Position(line=line, character=10))


async def test_token_rulebook_text(client):
    name = "teen-titans-go/locations.mh"
    body = text(name)
    found = await hover_at(client, name, body, "place(shield, 1, on: figure)", len("place("))
    value = found.contents.value
    assert value.startswith("**token** `shield` — Shield")
    assert 'Source: rulebook "Tokens"' in value


async def test_component_card_text_rendered_from_the_effect_graph(client):
    body = text(ROBIN)
    found = await hover_at(client, ROBIN, body, 'ability staff-meeting', len("ability "))
    value = found.contents.value
    assert value.startswith("**ability** `staff-meeting` — Staff Meeting")
    assert "> Melee Attack. Special: +2 Damage. Mayhem: STUN the target." in value
    assert "Effect graph reads: *Melee Attack. Special: +2 Damage. Mayhem: STUN.*" in value


async def test_primitive_signature_and_context_name(client):
    body = text(ROBIN)
    found = await hover_at(client, ROBIN, body, "move-figure(who", 1)
    assert found.contents.value.startswith("**primitive** `move-figure(")
    found = await hover_at(client, ROBIN, body, "attack-target)", 1)
    assert found.contents.value.startswith("**context name** `attack-target`: figure")


async def test_diagnostic_explanation(client):
    body = text(ROBIN).replace("      stun(attack-target)", "      stun(atack-target)")
    found = await hover_at(client, ROBIN, body, "atack-target", 2)
    value = found.contents.value
    assert "**error[E301]**: unknown name 'atack-target'" in value
    assert "hint: did you mean 'attack-target'?" in value
    assert "E301: unknown name" in value  # the `mayhem explain E301` page


async def test_kind_property_slot_and_event_words(client):
    body = text(ROBIN)
    found = await hover_at(client, ROBIN, body, "  life 12", 3)
    assert found.contents.value.startswith("**property** `life` of character (int)")
    found = await hover_at(client, ROBIN, body, "    mayhem {", 5)
    value = found.contents.value
    assert value.startswith("**effect slot** `mayhem` (ability context)")
    assert "Abilities and Special Abilities: `self` is the character." in value
    found = await hover_at(client, ROBIN, body, 'character robin', 2)
    assert found.contents.value.startswith("**kind** `character`")
    name = "teen-titans-go/locations.mh"
    found = await hover_at(client, name, text(name), "on enter", 4)
    assert found.contents.value.startswith("**event** `enter`")
    assert "Parameters: `figure` (figure), `location` (location)" in found.contents.value
