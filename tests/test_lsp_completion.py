"""`mayhem lsp`: completion at the cursor: kinds of declaration, property names and enum values
of a kind (a kind declared by `card-type` too), primitives with signatures, declared names with
their kind, and context names valid where the cursor is (end to end, with pytest-lsp)."""
from __future__ import annotations

from lsprotocol import types as T
import pytest

from lsp_helpers import CONTENT, close_doc, make_client, open_doc, position, text, uri

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = make_client()
ROBIN = "teen-titans-go/robin.mh"


async def complete(client, name: str, body: str, needle: str, offset: int = 0) -> dict[str, T.CompletionItem]:
    await open_doc(client, name, body)
    result = await client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=uri(name)), position=position(body, needle, offset)))
    close_doc(client, name)
    return {item.label: item for item in result.items}


def in_slot(slot_line: str, typed: str) -> str:
    """Robin's text with `typed` on a new line at the start of a slot's block."""
    return text(ROBIN).replace(slot_line, slot_line + "      " + typed + "\n", 1)


async def test_effect_code_offers_primitives_with_signatures_and_keywords(client):
    body = in_slot("    special {\n", "pl")
    items = await complete(client, ROBIN, body, "      pl\n", 8)
    assert items["place"].detail == "place(token, count: 1, on, tags: [], life: 0)"
    assert items["place"].kind == T.CompletionItemKind.Function
    assert items["plus-damage"].detail.startswith("keyword")  # declared in shared/core.mh
    assert items["plus-damage"].label_details.description == "keyword · shared/core.mh"
    assert items["robin"].detail == "character Robin"

    # `stun` is a keyword, a tag and a token of shared/core.mh: both are offered, each with its kind
    await open_doc(client, ROBIN, body)
    result = await client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=uri(ROBIN)), position=position(body, "      pl\n", 8)))
    close_doc(client, ROBIN)
    stuns = sorted((i.detail, i.kind) for i in result.items if i.label == "stun")
    assert stuns == [("keyword STUN", T.CompletionItemKind.Function), ("tag Stun", T.CompletionItemKind.EnumMember),
                     ("token Stun", T.CompletionItemKind.Constant)]


async def test_attack_target_only_in_abilities(client):
    ability = await complete(client, ROBIN, in_slot("    mayhem {\n", "x"), "      x\n", 7)
    assert "attack-target" in ability and "activation-die" in ability
    assert ability["attack-target"].detail == "context name (figure)"
    card = "teen-titans-go/mayhem-cards.mh"
    body = text(card)
    slot = body.index("  effect {\n") + len("  effect {\n")
    body = body[:slot] + "    x\n" + body[slot:]
    items = await complete(client, card, body, "    x\n", 5)
    assert "self" in items and "mayhem-die" in items
    assert "attack-target" not in items and "activation-die" not in items


async def test_trigger_offers_its_event_parameters(client):
    name = "teen-titans-go/locations.mh"
    body = text(name)
    start = body.index("on enter") 
    brace = body.index("{\n", start) + 2
    body = body[:brace] + "    fi\n" + body[brace:]
    items = await complete(client, name, body, "    fi\n", 6)
    assert items["figure"].detail == "event parameter (figure)"
    assert items["location"].detail == "event parameter (location)"


async def test_property_names_of_the_declaration_kind(client):
    body = text(ROBIN).replace("  life 12\n", "  life 12\n  \n", 1)
    items = await complete(client, ROBIN, body, "  life 12\n  \n", len("  life 12\n  "))
    assert items["life"].kind == T.CompletionItemKind.Property
    assert items["life"].detail == "property (int)"
    assert items["source"].detail == "property (source), required"
    assert {"mayhem-cards", "special-ability", "ability", "side", "silence"} <= set(items)
    assert "timing" not in items  # a Mayhem card's property


async def test_enum_values_of_a_property(client):
    name = "teen-titans-go/mayhem-cards.mh"
    body = text(name)
    at = body.index("  timing ")
    line_end = body.index("\n", at)
    body = body[:at] + "  timing " + body[line_end:]
    items = await complete(client, name, body, "  timing \n", len("  timing "))
    assert set(items) == {"round-start", "activation", "reaction"}
    assert items["reaction"].kind == T.CompletionItemKind.EnumMember


async def test_tags_property_offers_the_tags_in_view(client):
    name = "teen-titans-go/tokens.mh"
    body = text(name).replace("  tags [burn]\n", "  tags [\n", 1)
    items = await complete(client, name, body, "  tags [\n", len("  tags ["))
    # the file does not parse while the list is open: the tags of the modules it used are offered
    assert {"melee", "ranged", "stun"} <= set(items)
    assert "robin" not in items and "shield" not in items  # a character, a token
    assert items["melee"].detail == "tag Melee"


async def test_properties_of_a_kind_declared_by_card_type(client):
    # `card-type marvel-card` (marvel-mayhem/game.mh) declares healing, attack, draw-play, defense
    name = "marvel-mayhem/iron-man.mh"
    body = text(name).replace("    copies 6\n", "    copies 6\n    \n", 1)
    items = await complete(client, name, body, "    copies 6\n    \n", len("    copies 6\n    "))
    assert {"healing", "attack", "draw-play", "defense", "copies"} <= set(items)
    assert items["defense"].documentation.startswith("Defense symbols")
    # a deck holds the cards of the card types: `marvel-card` is a kind there
    body = text(name).replace("  size 28\n", "  size 28\n  \n", 1)
    items = await complete(client, name, body, "  size 28\n  \n", len("  size 28\n  "))
    assert items["marvel-card"].detail == "nested declaration"


async def test_a_boxs_contents_offer_the_card_types(client):
    # a `contents` block counts cards by card type (or card, or zone): the card types are offered,
    # not the characters a First-Game hand names
    name = "dc-teen-titans-go/box.mh"
    body = text(name).replace("    punch 14\n", "    punch 14\n    \n", 1)
    items = await complete(client, name, body, "    punch 14\n    \n", len("    punch 14\n    "))
    assert {"hero", "nemesis", "weakness", "starter", "source"} <= set(items)
    assert items["nemesis"].detail == "card type: its cards, copies counted"
    assert "robin" not in items and "stun" not in items  # no character, no token type


async def test_top_level_kinds_of_a_box_file(client):
    name = "teen-titans-go/robin.mh"
    body = text(name) + "\n"
    await open_doc(client, name, body)
    result = await client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=uri(name)),
        position=T.Position(line=body.count("\n"), character=0)))
    close_doc(client, name)
    items = {i.label: i for i in result.items}
    assert {"character", "location", "mayhem-card", "keyword", "token", "card-type", "use"} <= set(items)
    assert "ability" not in items and "in box" not in items  # nested only; the file is in a box already


async def test_use_offers_the_modules(client):
    body = text(ROBIN).replace('use "shared/core.mh"\n', 'use "shared/core.mh"\nuse "\n', 1)
    items = await complete(client, ROBIN, body, 'use "\n', len('use "'))
    # the modules a box may use: every file of content/shared/ (its own box's files are not offered)
    assert set(items) == {f"shared/{p.name}" for p in (CONTENT / "shared").glob("*.mh")}
    assert {"shared/core.mh", "shared/modes.mh"} <= set(items)
    assert items["shared/modes.mh"].kind == T.CompletionItemKind.File
