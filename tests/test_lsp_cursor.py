"""The language server's reading of the text before the cursor (mayhem/lsp/cursor.py), which
completion relies on while the file does not parse."""
from __future__ import annotations

from mayhem.dsl.schema import KINDS
from mayhem.lsp.cursor import cursor_at

HEAD = 'in box b\nuse "shared/core.mh"\n\ncharacter robin "Robin" {\n  ability a "A" {\n'


def at_end(text: str):
    return cursor_at(text, len(text), set(KINDS))


def test_in_effect_code_with_the_statement_so_far():
    cur = at_end(HEAD + "    mayhem {\n      stun(at")
    assert (cur.decls, cur.effect_slot, cur.words, cur.partial) == (["character", "ability"], "mayhem", ["stun", "("], "at")


def test_in_a_declaration_body_at_a_new_line():
    cur = at_end(HEAD + "    slot 4\n    ")
    assert (cur.decls, cur.effect_slot, cur.words, cur.partial) == (["character", "ability"], None, [], "")


def test_after_a_property_name():
    cur = at_end(HEAD + "    timing re")
    assert (cur.words, cur.partial) == (["timing"], "re")


def test_closed_blocks_are_left():
    cur = at_end(HEAD + "    standard {\n      melee-attack\n    }\n  }\n  ")
    assert (cur.decls, cur.effect_slot) == (["character"], None)


def test_trigger_with_its_event_and_a_guarded_slot():
    cur = at_end('in box b\nlocation x "X" {\n  on enter when figure is opponent {\n    ')
    assert (cur.decls, cur.effect_slot, cur.event) == (["location"], "on", "enter")
    cur = at_end('in box b\nmayhem-card x "X" {\n  effect when mayhem-icon {\n    if x {\n      ')
    assert (cur.decls, cur.effect_slot) == (["mayhem-card"], "effect")


def test_strings_comments_and_brackets():
    assert at_end(HEAD + '    text "Melee {').in_string
    assert at_end(HEAD + "    # a { in a comment").in_comment
    cur = at_end(HEAD + '    text "a } b"\n    # }\n    ')
    assert cur.decls == ["character", "ability"]
    cur = at_end(HEAD + "    mayhem {\n      damage(one opponent in here,\n        ")
    assert cur.words == ["damage", "(", "one", "opponent", "in", "here", ","]  # a newline in ( ) goes on
