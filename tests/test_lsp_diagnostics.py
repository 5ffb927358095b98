"""`mayhem lsp`: diagnostics on open and change, with codes linked to their explanation, and
quick fixes for the did-you-mean hints (end to end, over stdio, with pytest-lsp)."""
from __future__ import annotations

from urllib.parse import urlparse

from lsprotocol import types as T
import pytest

from lsp_helpers import change_doc, close_doc, code_actions, make_client, open_doc, text, uri

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = make_client()
ROBIN = "teen-titans-go/robin.mh"


async def test_clean_file_has_no_findings(client):
    assert await open_doc(client, ROBIN) == []
    close_doc(client, ROBIN)


async def test_compiler_error_on_change_with_code_span_and_explanation(client):
    body = text(ROBIN)
    await open_doc(client, ROBIN, body)
    broken = body.replace("      stun(attack-target)", "      stun(atack-target)")
    found = await change_doc(client, ROBIN, broken)
    [diag] = [d for d in found if d.code == "E301"]
    line = broken.splitlines().index("      stun(atack-target)")
    assert (diag.range.start.line, diag.range.start.character) == (line, 11)
    assert (diag.range.end.line, diag.range.end.character) == (line, 23)
    assert diag.severity == T.DiagnosticSeverity.Error and diag.source == "mayhem"
    assert "unknown name 'atack-target'" in diag.message
    assert "did you mean 'attack-target'?" in diag.message
    page = urlparse(diag.code_description.href).path
    assert page.endswith("/E301.md")
    assert "E301" in open(page, encoding="utf-8").read()
    # fixed again: the findings go away
    assert await change_doc(client, ROBIN, body) == []
    close_doc(client, ROBIN)


async def test_quick_fix_for_each_suggestion(client):
    body = text(ROBIN).replace("      melee-attack\n", "      melee-atack\n", 1)
    found = await open_doc(client, ROBIN, body)
    [diag] = [d for d in found if d.code == "E301"]
    actions = await code_actions(client, ROBIN, diag)
    titles = [a.title for a in actions]
    assert titles[0] == "Change to 'melee-attack'"
    assert actions[0].is_preferred and actions[0].kind == T.CodeActionKind.QuickFix
    [edit] = actions[0].edit.changes[uri(ROBIN)]
    assert edit.new_text == "melee-attack" and edit.range == diag.range
    close_doc(client, ROBIN)


async def test_quick_fix_narrows_to_the_misspelt_name_in_a_property(client):
    # the unknown tag is reported on the whole `tags` property; the fix replaces the name only
    name = "teen-titans-go/tokens.mh"
    body = text(name).replace("  tags [burn]\n", "  tags [burn, atack]\n", 1)
    found = await open_doc(client, name, body)
    [diag] = [d for d in found if "atack" in d.message]
    actions = await code_actions(client, name, diag)
    edit = actions[0].edit.changes[uri(name)][0]
    line = body.splitlines().index("  tags [burn, atack]")
    assert (diag.range.start.character, diag.range.end.character) == (2, 20)
    assert edit.new_text == "attack"
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character) == (line, 14, 19)
    close_doc(client, name)


async def test_quick_fix_for_a_misspelt_value_replaces_the_value_only(client):
    # a property that takes one of a few names (`reset turn-start|turn-end|...`) given a misspelt
    # one: the error is at the value, so the fix replaces `turn-ends`, not the property's name
    name = "marvel-mayhem/game.mh"
    body = text(name).replace("    reset turn-end\n", "    reset turn-ends\n", 1)
    found = await open_doc(client, name, body)
    [diag] = [d for d in found if d.code == "E204"]
    actions = await code_actions(client, name, diag)
    assert [a.title for a in actions][0] == "Change to 'turn-end'"
    edit = actions[0].edit.changes[uri(name)][0]
    line = body.splitlines().index("    reset turn-ends")
    assert edit.new_text == "turn-end"
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character) == (line, 10, 19)
    close_doc(client, name)


async def test_consistency_check_finding_is_published(client):
    # a Location's text that promises an effect its empty trigger does not do: C304
    body = text(ROBIN).replace("    mayhem {\n      stun(attack-target)\n    }", "    mayhem {\n    }", 1)
    found = await open_doc(client, ROBIN, body)
    codes = {d.code for d in found}
    assert "C304" in codes
    [c304] = [d for d in found if d.code == "C304"]
    assert c304.severity == T.DiagnosticSeverity.Warning
    assert urlparse(c304.code_description.href).path.endswith("/C304.md")
    close_doc(client, ROBIN)


async def test_syntax_error_position_and_hint(client):
    # published at once, from the buffer alone, before the root's check
    body = text(ROBIN).replace("    special {\n      plus-damage(2)\n", "    special {\n      plus-damage(2\n", 1)
    [diag] = await open_doc(client, ROBIN, body)
    line = body.splitlines().index("      plus-damage(2")
    assert diag.code == "E112" and diag.severity == T.DiagnosticSeverity.Error
    assert diag.message.startswith("'}' closes a block, but the '(' opened before it is still open")
    assert (diag.range.start.line, diag.range.start.character) == (line + 1, 4)
    [related] = diag.related_information
    assert related.location.uri == uri(ROBIN) and related.message == "'(' opened here"
    assert (related.location.range.start.line, related.location.range.start.character) == (line, 17)
    assert diag.code_description.href.endswith("/E112.md")
    close_doc(client, ROBIN)


async def test_an_edit_republishes_only_the_files_whose_findings_changed(client):
    # robin.mh keeps a C304 while starfire.mh is edited: each check of starfire sends
    # starfire's findings (a new version), robin's only when they change
    robin = text(ROBIN).replace("    mayhem {\n      stun(attack-target)\n    }", "    mayhem {\n    }", 1)
    assert "C304" in {d.code for d in await open_doc(client, ROBIN, robin)}
    starfire = "teen-titans-go/starfire.mh"
    body = text(starfire)
    await open_doc(client, starfire, body)
    since = len(client.published)
    assert await change_doc(client, starfire, body + "\n# a comment\n") == []
    sent = [p.uri for p in client.published[since:]]
    # one check's publishes go out in the order of their URIs: robin's would come first
    assert uri(ROBIN) not in sent and uri(starfire) in sent
    # an edit that does change robin's findings (its C304 fixed in its own buffer) sends them
    assert await change_doc(client, ROBIN, text(ROBIN)) == []
    close_doc(client, starfire)
    close_doc(client, ROBIN)
