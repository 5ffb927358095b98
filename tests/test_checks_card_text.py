"""The card-text grammar (compiler/checks/card_text.lark): the phrases it reads, and that
every text parses (it lets through what it does not know)."""
from __future__ import annotations

import marshal

import pytest
from hypothesis import given, settings, strategies as st

from mayhem.compiler.checks.card_text import STORE, facts, parser


def said(text):
    # facts() is cached: parse afresh, so the phrase is read by the code under test now, not
    # remembered from an earlier test (mutation testing runs a changed _fact after others ran)
    facts.cache_clear()
    STORE.clear()  # and the texts kept on disk, read again
    return [(f.kind, f.value) + ((f.name,) if f.name else ()) for f in facts(text)]


@pytest.mark.parametrize("text, expected", [
    ("Once per turn: MOVE.", [("limiter", "turn")]),
    ("Once per game: Shield.", [("limiter", "game")]),
    ("It is discarded once used.", []),
    ("Until the end of the round, your Toons' Attacks deal +1 Damage.", [("duration", "round"), ("bonus", 1)]),
    ("for the rest of your Active Toon's turn.", [("duration", "turn")]),
    ("Heal up to 2 Damage from the Toon.", [("heal", 2)]),
    ("Your Active Toon Heals 3.", [("heal", 3)]),
    ("Remove 1 Damage.", [("heal", 1)]),
    ("Remove 1 Obstacle from the board.", []),
    ("prevent up to 2 Damage of that Attack.", [("prevent", 2)]),
    ("prevent 1 of it.", [("prevent", 1)]),
    ("otherwise Daffy takes 1 more Damage.", [("bonus", 1)]),
    ("Use to add 2 Damage to the Toon's Attack.", [("bonus", 2)]),
    ("deal 2 Damage to that Toon and 1 Damage to your Toon.", [("damage", 2), ("damage", 1)]),
    ("Deal two Damage.", [("damage", 2)]),
    ("While Taz has 5 or more Damage", [("at-least", 5)]),
    ("after 15 Damage", [("after", 15)]),
    ("Reward: 2 Victory Points.", [("vp", 2)]),
    ("your Team gains 1 more Victory Point.", [("vp", 1)]),
    ("defeat Trigon (10 Life Points).", [("life", 10)]),
    ("give an opposing Toon 2 Poison tokens.", [("tokens", 2, "Poison")]),
    ("he may take 1 more ACME token.", [("tokens", 1, "ACME")]),
    ("TRAP 2.", []),
    ("Heals up to you. Prevent it. Until the end", []),
])
def test_phrases(text, expected):
    assert said(text) == expected


def test_every_text_of_the_content_parses(ir):
    def walk(comp):
        yield comp
        for child in comp["children"]:
            yield from walk(child)

    texts = [c["props"][p]["value"] for top in ir["components"] for c in walk(top)
             for p in ("text", "mission-text") if p in c["props"]
             and c["kind"] != "card-type"]  # a card type's props declare properties
    assert len(texts) > 150
    for text in texts:
        parser().parse(text)  # raises on a text the grammar does not take


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=80))
def test_any_text_parses(text):
    parser().parse(text)
    assert isinstance(facts(text), tuple)


def test_the_facts_of_a_text_read_by_an_earlier_run_come_from_disk_not_the_grammar(tmp_path, monkeypatch):
    from mayhem.compiler.checks import card_text
    monkeypatch.setenv("MAYHEM_CACHE", str(tmp_path))
    text = "Once per turn: deal 2 Damage to an opposing Character. Reward: 1 Victory Point."
    first = card_text.Store()
    monkeypatch.setattr(card_text, "STORE", first)
    facts.cache_clear()
    want = facts(text)
    assert [(f.kind, f.value) for f in want] == [("limiter", "turn"), ("damage", 2), ("vp", 1)]
    first.save()  # as at the end of the run
    [stored] = list(tmp_path.glob(".mayhem_card_text_*.marshal"))
    later = card_text.Store()  # the next run
    monkeypatch.setattr(card_text, "STORE", later)
    monkeypatch.setattr(card_text, "_read", lambda t: pytest.fail(f"parsed again: {t}"))
    facts.cache_clear()
    assert facts(text) == want
    assert text in later.known and text not in later.stored  # its Facts made when asked for, not at the load
    other = card_text.Store()
    assert other.get("a text no run read") is None and text in other.stored and text not in other.known
    stored.write_bytes(b"{not marshal")  # a broken file is read as none
    assert card_text.Store().get(text) is None
    stored.write_bytes(marshal.dumps({text: ((1, 2),)}))  # so is a text whose facts are not a Fact's fields
    assert card_text.Store().get(text) is None
    monkeypatch.setenv("MAYHEM_CACHE", "off")
    assert card_text.Store.path() is None
    facts.cache_clear()
