"""The consistency checks made faster in the eighth round (issue #15, "Speed"): the cyclic
garbage collector is off while they run and put back as it was afterwards, even when a
check raises; and what the checks now work out once per keyword (instead of once per
component calling it) or per text is what they worked out per component before
(tests/test_checks_speed6.py holds their findings over the content, mutants and 10,000
synthetic cards)."""
from __future__ import annotations

import gc

import pytest

from mayhem.compiler.checks import CHECKS, Check, run_checks

from conftest import FIXTURES


def _ir():
    from mayhem.compiler import driver

    result = driver.compile_paths([FIXTURES / "compile" / "statements"])
    assert result.ir is not None
    return result


def _spy(monkeypatch, run) -> None:
    monkeypatch.setitem(CHECKS, "C999", Check("C999", "spy", "note", "checks", "", "", "", run))


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_off_during_the_checks_and_as_it_was_after(monkeypatch, enabled):
    result = _ir()
    seen = []
    _spy(monkeypatch, lambda col, emit: seen.append(gc.isenabled()))
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        run_checks(result.ir, result.graph.g)
        assert seen == [False]
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_the_collector_is_back_on_when_a_check_raises(monkeypatch):
    result = _ir()

    def boom(col, emit):
        raise RuntimeError("a broken check")

    _spy(monkeypatch, boom)
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        run_checks(result.ir, result.graph.g)
    assert gc.isenabled()


def test_a_text_normalised_once_mentions_what_the_text_itself_mentions():
    """C303 normalises a card's text once and asks text_mentions for each keyword its effect
    uses: the answers are those of the text as written (numbers alone, in words, "+X Damage")."""
    from mayhem.compiler.render_text import normalised, text_mentions

    texts = ["Deal 2 Damage.  TRAP 2!", "Special: trap 12", "+1 DAMAGE to one opponent", "Heal two Damage",
             "MELEE\tATTACK 3", ""]
    asked = [("trap", 2), ("trap", 1), ("+ damage", 1), ("damage", 2), ("heal", 2), ("melee attack", 3),
             ("melee attack", None), ("", 12)]
    answers = set()
    for text in texts:
        low = normalised(text)
        for words, number in asked:
            want = text_mentions(text, words, number)
            assert text_mentions(text, words, number, low) == want, (text, words, number)
            answers.add(want)
    assert answers == {True, False}


def test_a_keyword_c409_does_not_follow_puts_and_looks_for_no_token():
    """C409 follows a keyword call only when the keyword (or one it calls) puts or looks for
    a token named as such: every keyword whose bodies add something to C409's walk is one."""
    from mayhem.compiler import driver
    from mayhem.compiler.checks import Collection
    from mayhem.compiler.checks.placement import _places, _visit

    from conftest import CONTENT

    result = driver.compile_paths([CONTENT])
    col = Collection(result.ir, result.graph.g)
    verdicts = {}
    for qid, kw in col.keywords.items():
        found: list = []
        for eff in kw["effects"].values():
            _visit(col, eff["body"], {}, None, found, {})
        verdicts[qid] = _places(col, qid)
        if found:
            assert verdicts[qid], qid
    assert set(verdicts.values()) == {True, False}
