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


# --- the reader (compiler/checks/card_text_reader.py): Lark's phrases without Lark's tree ---

def _larks(text):
    """The phrases of Lark's tree: (name, the tokens' types, their texts)."""
    from mayhem.compiler.checks.card_text import PHRASES
    return [(str(node.data), [t.type for t in node.children], [str(t) for t in node.children])
            for node in parser().parse(text).children if getattr(node, "data", None) in PHRASES]


def _content_texts():
    import random
    import re
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    files = sorted((repo / "content").rglob("*.mh")) + sorted((repo / "tests").rglob("*.mh"))
    texts = sorted({m.group(1) for p in files for m in re.finditer(r'text "((?:[^"\\\n]|\\.)*)"',
                                                                   p.read_text(encoding="utf-8", errors="replace"))})
    rng = random.Random(15)
    texts += [t[:i] + rng.choice(["\n", "(", "é", "+3", "Heal", "\t", "~", "2 more", " once per ", "\u00a0"]) + t[i:]
              for t in texts[:400] for i in [rng.randrange(len(t) + 1)]]
    return texts + ["", " ", "Heal", "  Heal up to  ", "once per", "until the end of", "3 or", "after", "+1\n"]


def test_the_reader_gives_the_phrases_of_larks_tree():
    from mayhem.compiler.checks.card_text import _reader
    texts = _content_texts()
    assert len(texts) > 600
    _reader.cache_clear()  # a reader of its own: the stacks of the texts other tests in this process read are not these
    reader = _reader()
    assert reader is not None
    for text in texts:
        assert reader.phrases(text) == _larks(text), text
        marshal.dumps(tuple(map(tuple, facts(text))))  # plain strs and ints, which the Store keeps on disk (not Lark's Tokens)
    assert len(reader.stack_of) < 100  # the grammar is flat: few stacks of states, each step worked out once


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=80)
       | st.lists(st.sampled_from(["Heal", "up", "to", "2", "two", "Damage", "once", "per", "turn", "+1", "more",
                                   "Poison", "tokens", "or", "after", "until the end of", "Victory Points", "(",
                                   ".", "remove", "prevent", "add", "extra", "Life", "'s", "of"]),
                  max_size=12).map(" ".join))
def test_the_reader_gives_the_phrases_of_larks_tree_on_any_text(text):
    from mayhem.compiler.checks.card_text import _reader
    assert _reader().phrases(text) == _larks(text)


def test_a_text_is_read_without_larks_parse(monkeypatch):
    monkeypatch.setattr(type(parser()), "parse", lambda *a: pytest.fail("Lark's parse"))
    assert said("Once per turn: Heal up to 2 Damage.") == [("limiter", "turn"), ("heal", 2)]


def test_what_the_reader_cannot_read_is_left_to_lark():
    from lark import Lark

    from mayhem.compiler.checks.card_text_reader import NotHere, Reader
    terminals = '\nWORD: /[a-z]+/\nNUMBER: /[0-9]+/\n%ignore " "'
    reader = Reader(Lark("start: (WORD | NUMBER | pair)*\npair: NUMBER WORD" + terminals, parser="lalr"), {"pair"})
    assert reader.phrases("a 2 b c 3") == [("pair", ["NUMBER", "WORD"], ["2", "b"])]
    with pytest.raises(NotHere):
        reader.phrases("a ~ b")  # a character no terminal matches: Lark's parse reports it
    with pytest.raises(NotHere):  # a state whose lexer takes other terminals than the others'
        Reader(Lark("start: (WORD | pair)*\npair: NUMBER WORD" + terminals, parser="lalr"), {"pair"})
