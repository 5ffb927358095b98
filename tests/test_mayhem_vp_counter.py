"""Victory Points are the kernel's counter `vp` of the shared rules (issue #11): the KO rule
gains it with `gain(vp, 1, on: opposing-team)`, the win reads `value(vp, of: it)`, and the
counter says what it is kept as (`kept-as vp`: the Team's tokens of its colour, which the
pool bounds) and where its pieces lie from setup (`set-out-on vp-slots`, `set-out-if
on-vp-slots`). A copy of content/shared/game.mh that says otherwise plays otherwise.

The rulebooks: "Whenever a Character is KO'ed, the opposing player gains 1 VP, taking a VP
token of their Team's color." (KO) "4. Place 1 Black and 1 White Victory Point token on all
Locations that have VP slots" (Looney Tunes Mayhem, Setup) "The 1st Team to collect 5
Victory Points ... immediately wins the game" (How to Win).

The KO is the scenario looney-tunes/ko-by-location-gives-opponent-vp.toml (a VP piece on L9 too),
played here on edited copies of the content; the pieces set out are read from the view. Also
held: the win on 5 VP win-five-vp, both at 5 recovery-both-five-vp-draw, a GO! card's `gain-vp`
test_mayhem_missions.py (Control Freak's reward). Left: a pool bounding the counter (the kernel
ends the game at 5 VP before a pool of 9 is spent)."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from mayhem.compiler import builtins as B
from mayhem.compiler import driver
from mayhem.compiler.shorthand import lowered, shorthands
from mayhem.runtime import load_rules, run_scenario
from mayhem.runtime.rules import prop
from mayhem.runtime.view_pieces import owners

from game_helpers import CONTENT, after_setup, content_copy
from test_mayhem_ko_vp import KO_VP

KO_RULE = "      gain(vp, 1, on: opposing-team)\n"


def changed_rules(tmp_path, *edits):
    result = content_copy(tmp_path / "content", *edits)
    assert result.ok, [d.message for d in result.diagnostics.items if d.severity == "error"]
    return load_rules(result.ir)


def ko_vp(rules, *edits: tuple[str, str]) -> list[str]:
    """ko-by-location-gives-opponent-vp.toml (White takes L9's VP, Daffy KO'ed, Black gains the
    KO's VP) with each (old, new) edit of its text, played on `rules`: its failures."""
    text = KO_VP.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = Path(tempfile.mkdtemp()) / KO_VP.name
    path.write_text(text, encoding="utf-8")
    return run_scenario(rules, path).failures


GAINED_2 = (('"teams.black.vp" = 1', '"teams.black.vp" = 2'), ("total = 1 }", "total = 2 }"))


def test_a_ko_rule_that_gains_2_gives_2_vp(tmp_path, rules):
    assert ko_vp(rules) == []
    changed = changed_rules(tmp_path, (KO_RULE, "      gain(vp, 2, on: opposing-team)\n"))
    assert ko_vp(changed, *GAINED_2) == []
    assert any("teams.black.vp: expected 2, got 1" in f for f in ko_vp(rules, *GAINED_2))


def test_the_win_reads_the_counter(tmp_path, rules):
    # a copy whose `end when` wins at 1 VP: the game is over once the KO's VP is gained
    over = ('"teams.black.vp" = 1\n', '"teams.black.vp" = 1\n"over" = true\n')
    changed = changed_rules(tmp_path, ('value(vp, of: it) >= box-property("win-vp")', "value(vp, of: it) >= 1"))
    assert ko_vp(changed, over) == []
    assert any(f.startswith("over:") for f in ko_vp(rules, over))


def vp_pieces_on_locations(game) -> dict[str, dict]:
    """Each Location's VP pieces by the Team they belong to (runtime/view_pieces.py `owners`)."""
    return {label: by["vp"] for label, by in owners(game)["spaces"].items() if "vp" in by}


def looney_game(rules):
    return after_setup(rules, box="looney-tunes")


def test_looney_tunes_sets_a_vp_of_each_colour_out_on_each_vp_slot(rules):
    game = looney_game(rules)
    slots = {loc["label"] for loc in game.view()["locations"]
             if loc["location"] and prop(rules.by_qid[f"looney-tunes/{loc['location']}"], "vp-slots")}
    assert slots and vp_pieces_on_locations(game) == {label: {"black": 1, "white": 1} for label in slots}


def test_a_counter_set_out_nowhere_leaves_the_pieces_in_the_pool(tmp_path):
    rules = changed_rules(tmp_path, ("    set-out-on vp-slots\n    set-out-if on-vp-slots\n", ""))
    assert vp_pieces_on_locations(looney_game(rules)) == {}


def test_a_counter_set_out_if_the_pool_says_another_flag_sets_none_out(tmp_path):
    rules = changed_rules(tmp_path, ("    set-out-if on-vp-slots\n", "    set-out-if double-sided\n"))
    assert vp_pieces_on_locations(looney_game(rules)) == {}


def test_a_counter_kept_as_another_token_counts_those_pieces(tmp_path):
    # kept as Trap tokens (a pool of each colour too), a Team's VP are the Traps it holds: the
    # KO's VP is a Trap of Black's, and L9's VP piece no longer counts for White
    rules = changed_rules(tmp_path, ("    kept-as vp\n", "    kept-as trap\n"),
                          ("    set-out-on vp-slots\n    set-out-if on-vp-slots\n", ""))
    nothing_set_out = [('"locations.L9.tokens.vp" = 1', '"locations.L9.tokens.vp" = 0'),
                       ('{ event = "take", to = "daffy-duck" }, ', "")]  # no VP piece on L9 to take
    assert ko_vp(rules, ('"teams.white.vp" = 1\n', '"teams.white.vp" = 0\n"teams.black.tokens.trap" = 1\n'),
                 *nothing_set_out) == []


# ---- the words of the language: the kernel's, and the shorthands that stand for them --------

def test_gain_vp_vp_of_and_win_vp_stand_for_the_kernels_words():
    words = {name: s.word for name, s in shorthands().items()}
    assert {w: words[w] for w in ("gain-vp", "vp-of", "win-vp")} == \
        {"gain-vp": "gain", "vp-of": "value", "win-vp": "box-property"}  # the others: tests/test_shorthand_words.py
    node = {"op": "primitive", "name": "gain-vp", "node": 3, "span": "x.mh:1:1",
            "args": {"amount": {"e": "num", "v": 2}, "team": {"e": "ctx", "name": "my-team"}}}
    low = lowered(node)
    assert (low["name"], low["args"]["counter"], low["args"]["on"], low["span"]) == \
        ("gain", {"e": "counter", "name": "vp"}, {"e": "ctx", "name": "my-team"}, "x.mh:1:1")
    assert node["name"] == "gain-vp"  # the IR keeps the word as written
    other = {"op": "primitive", "name": "damage", "args": {}}
    assert lowered(other) is other


@pytest.mark.parametrize("word", ["gain-vp", "vp-of", "win-vp"])
def test_a_shorthand_word_is_documented_with_what_it_stands_for(word):
    doc = (B.PRIMITIVES.get(word) or B.FUNCTIONS.get(word) or B.CONTEXT_NAMES.get(word)).doc
    assert shorthands()[word].word in doc


def test_the_kernels_gain_is_a_word_of_the_shared_rules_only(tmp_path):
    # in a card's effect there is no counter of a game to name: E406, with where it works
    shutil.copytree(CONTENT, tmp_path / "content")
    card = tmp_path / "content" / "teen-titans-go" / "go-cards.mh"
    text = card.read_text(encoding="utf-8")
    assert "    gain-vp(1)\n" in text
    card.write_text(text.replace("    gain-vp(1)\n", "    gain(vp, 1)\n", 1), encoding="utf-8")
    errors = [d for d in driver.compile_paths([tmp_path / "content"]).diagnostics.items if d.severity == "error"]
    assert errors and {d.code for d in errors} <= {"E301", "E406"}
    assert all(str(d.span.file).endswith("go-cards.mh") for d in errors)
