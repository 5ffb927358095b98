"""Victory Points are the kernel's counter `vp` of the shared rules (issue #11): the KO rule
gains it with `gain(vp, 1, on: opposing-team)`, the win reads `value(vp, of: it)`, and the
counter says what it is kept as (`kept-as vp`: the Team's tokens of its colour, which the
pool bounds) and where its pieces lie from setup (`set-out-on vp-slots`, `set-out-if
on-vp-slots`). A copy of content/shared/game.mh that says otherwise plays otherwise.

The rulebooks: "Whenever a Character is KO'ed, the opposing player gains 1 VP, taking a VP
token of their Team's color." (KO) "4. Place 1 Black and 1 White Victory Point token on all
Locations that have VP slots" (Looney Tunes Mayhem, Setup) "The 1st Team to collect 5
Victory Points ... immediately wins the game" (How to Win).

Engine only (`engine_only`): these drive the engine's KO, counters and pools by hand; the kernel's
VP from a KO is ko-by-location-gives-opponent-vp (a VP piece on L9 too), the win on 5 VP
win-five-vp, both at 5 recovery-both-five-vp-draw. Left on the kernel: a KO rule edited to gain 2,
a pool bounding the counter, a counter kept as another token."""
from __future__ import annotations

import shutil

import pytest

from mayhem.compiler import builtins as B
from mayhem.compiler import driver
from mayhem.compiler.shorthand import lowered, shorthands
from mayhem.runtime.effects import Env, id_of
from mayhem.runtime.figures import GameOver
from mayhem.runtime.rules import load_rules, prop

from game_helpers import CONTENT, after_setup, content_copy
from test_mayhem_ko_vp import ko_someone

KO_RULE = "      gain(vp, 1, on: opposing-team)\n"


def changed_rules(tmp_path, *edits):
    result = content_copy(tmp_path / "content", *edits)
    assert result.ok, [d.message for d in result.diagnostics.items if d.severity == "error"]
    return load_rules(result.ir)


def vp_lines(game) -> list[dict]:
    return [e for e in game.events if e["event"] == "vp"]


@pytest.mark.engine_only
def test_a_ko_rule_that_gains_2_gives_2_vp(tmp_path):
    rules = changed_rules(tmp_path, (KO_RULE, "      gain(vp, 2, on: opposing-team)\n"))
    game = after_setup(rules)
    _fig, other, before = ko_someone(game)
    assert game.engine.counter_value("vp", other) == before + 2
    [line] = vp_lines(game)
    assert (line["team"], line["total"]) == (other, before + 2)
    placed = [e for e in game.events if e["event"] == "place-token" and e["token"] == "vp"]
    assert (placed[-1]["count"], placed[-1]["on"]) == (2, other)


@pytest.mark.engine_only
def test_the_standard_ko_rule_gives_1_vp_taken_from_the_pool(rules):
    game = after_setup(rules)
    pool = game.engine.rules.token_pool(game.engine.kept_as_pieces["vp"].token)
    _fig, other, before = ko_someone(game)
    left = game.state.pools[pool][(None, other)]
    assert game.engine.counter_value("vp", other) == before + 1
    assert left == prop(game.engine.rules.pools["teen-titans-go"][pool], other) - (before + 1)


@pytest.mark.engine_only
def test_the_pool_bounds_the_counter(rules):
    # Teen Titans GO!: "10 Victory Point tokens (5 Black & 5 White)" (Components)
    game = after_setup(rules)
    colour = game.state.order[0]
    eng = game.engine
    eng.win_check_held = True  # count past the win to the pool's end
    try:
        eng.gain_counter("vp", colour, 7, None)
    except GameOver:
        pass
    assert eng.counter_value("vp", colour) == 5
    assert vp_lines(game)[-1]["total"] == 5


@pytest.mark.engine_only
def test_the_win_reads_the_counter(tmp_path):
    # a copy whose `end when` wins at 1 VP: the first KO ends the game, for the reason "vp"
    rules = changed_rules(tmp_path, ('value(vp, of: it) >= box-property("win-vp")', "value(vp, of: it) >= 1"))
    game = after_setup(rules)
    _fig, other, _before = ko_someone(game)
    assert (game.state.winners, game.state.end_reason) == ([other], "vp")


def looney_game(rules):
    return after_setup(rules, box="looney-tunes")


def pieces_on_locations(game) -> dict:
    token = game.engine.kept_as_pieces["vp"].token
    return {loc.index: sorted(c for (t, _o, c), n in loc.tokens.items() if t == token for _ in range(n))
            for loc in game.state.board.locations if any(k[0] == token for k in loc.tokens)}


@pytest.mark.engine_only
def test_looney_tunes_sets_a_vp_of_each_colour_out_on_each_vp_slot(rules):
    game = looney_game(rules)
    slots = {loc.index for loc in game.state.board.locations if loc.comp is not None and prop(loc.comp, "vp-slots")}
    assert slots and pieces_on_locations(game) == {i: ["black", "white"] for i in slots}


@pytest.mark.engine_only
def test_a_counter_set_out_nowhere_leaves_the_pieces_in_the_pool(tmp_path):
    rules = changed_rules(tmp_path, ("    set-out-on vp-slots\n    set-out-if on-vp-slots\n", ""))
    game = looney_game(rules)
    assert pieces_on_locations(game) == {}
    pool = game.engine.rules.token_pool(game.engine.kept_as_pieces["vp"].token)
    assert game.state.pools[pool][(None, "black")] == 9  # "18 Victory Point tokens (9 Black & 9 White)"


@pytest.mark.engine_only
def test_a_counter_set_out_if_the_pool_says_another_flag_sets_none_out(tmp_path):
    rules = changed_rules(tmp_path, ("    set-out-if on-vp-slots\n", "    set-out-if double-sided\n"))
    assert pieces_on_locations(looney_game(rules)) == {}


@pytest.mark.engine_only
def test_a_counter_kept_as_another_token_counts_those_pieces(tmp_path):
    # kept as Trap tokens (a pool of each colour too), a Team's VP are the Traps it holds
    rules = changed_rules(tmp_path, ("    kept-as vp\n", "    kept-as trap\n"),
                          ("    set-out-on vp-slots\n    set-out-if on-vp-slots\n", ""))
    game = after_setup(rules)
    eng = game.engine
    colour = game.state.order[0]
    assert id_of(eng.kept_as_pieces["vp"].token) == "trap"
    before = eng.count_tokens(eng.kept_as_pieces["vp"].token, colour, None)
    eng.win_check_held = True
    eng.gain_counter("vp", colour, 1, None)
    assert eng.counter_value("vp", colour) == before + 1
    placed = [e for e in game.events if e["event"] == "place-token"][-1]
    assert (placed["token"], placed["on"]) == ("trap", colour)


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


@pytest.mark.engine_only
def test_a_cards_gain_vp_plays_as_the_counters_gain(rules):
    # a GO! card's reward `gain-vp(1)`: the Team acting gains 1 on the `vp` counter
    game = after_setup(rules)
    eng = game.engine
    colour = game.state.order[1]
    before = eng.counter_value("vp", colour)
    stmt = {"op": "primitive", "name": "gain-vp", "node": None, "span": None,
            "args": {"amount": {"e": "num", "v": 1}, "team": {"e": "ctx", "name": "my-team"}}}
    eng.win_check_held = True
    list(eng.code.stmt(stmt)(eng, Env(None, colour, None)))
    assert eng.counter_value("vp", colour) == before + 1
    assert vp_lines(game)[-1]["team"] == colour


@pytest.mark.engine_only
def test_win_vp_reads_the_boxs_property(rules):
    game = after_setup(rules, box="looney-tunes")
    fn, asks = game.engine.code.expr({"e": "ctx", "name": "win-vp"})
    assert not asks and fn(game.engine, Env(None, None, None)) == prop(game.engine.box, "win-vp") == 5


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
