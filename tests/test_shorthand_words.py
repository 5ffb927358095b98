"""The cards' words for Mayhem concepts are shorthands of general words (compiler/shorthand.py):
`mayhem-die`, `mayhem-icon`, `roll-mayhem-die` and `grant-mayhem-icon` are `shown-face`,
`shows-icon`, `roll` and `grant-icon` of the die the game's `effect-die` names, and
`complete-mission` is `card-done()`. The IR keeps the word as written; the runtime plays the
general word, so the game's declarations decide what it means. And who keeps a token that
changes hands is the game's `owner-kept-if` (content/shared/game.mh), not a flag the runtime
names.

Engine only (`engine_only`): the two tests that run the engine's compiled words and its piece
transfers by hand; the kernel's: the Mayhem die rolled by a card is go-somewhere-mayhem-roll.toml,
a Mission's piece kept by its Team mission-exclusive.toml and pizza-time.toml. Left on the kernel: the
effect die renamed in the content."""
from __future__ import annotations

import pytest

from mayhem.compiler import builtins as B
from mayhem.compiler.ir_ops import ir_expressions, ir_statements
from mayhem.compiler.shorthand import lowered, shorthands
from mayhem.runtime.effects import Env
from mayhem.runtime.rules import load_rules

from game_helpers import after_setup, content_copy, everyone_on_the_board

GENERAL = {"mayhem-die": "shown-face", "mayhem-icon": "shows-icon", "roll-mayhem-die": "roll",
           "grant-mayhem-icon": "grant-icon", "complete-mission": "card-done",
           "gain-vp": "gain", "vp-of": "value", "win-vp": "box-property", "attack": "assault",
           "draw-mayhem": "draw"}


def test_every_shorthand_word_and_the_word_it_stands_for():
    assert {name: s.word for name, s in shorthands().items()} == GENERAL


@pytest.mark.parametrize("word", sorted(GENERAL))
def test_a_shorthand_word_is_documented_with_what_it_stands_for(word):
    doc = (B.PRIMITIVES.get(word) or B.FUNCTIONS.get(word) or B.CONTEXT_NAMES.get(word)).doc
    assert f"`{shorthands()[word].word}" in doc


def test_the_effect_die_words_name_the_die_the_games_effect_die_names():
    game = {"props": {"effect-die": {"value": "chaos"}}}
    face = lowered({"e": "ctx", "name": "mayhem-die", "span": "x.mh:1:1"}, game)
    assert face == {"e": "fn", "name": "shown-face", "args": {"die": {"e": "str", "v": "chaos"}}, "span": "x.mh:1:1"}
    roll = lowered({"op": "primitive", "name": "roll-mayhem-die", "args": {}, "node": 4, "span": "s"}, game)
    assert (roll["name"], roll["args"], roll["node"]) == ("roll", {"die": {"e": "str", "v": "chaos"}, "count": None,
                                                                   "of": None}, 4)
    done = lowered({"op": "primitive", "name": "complete-mission", "args": {}, "node": 5, "span": "s"})
    assert (done["name"], done["args"]) == ("card-done", {})


def test_the_ir_keeps_the_words_as_written(ir):
    components = ir["components"]
    written = {s["name"] for s in ir_statements(components) if s["op"] == "primitive"}
    written |= {e["name"] for e in ir_expressions(components) if e["e"] == "ctx"}
    assert {"mayhem-die", "mayhem-icon", "roll-mayhem-die", "grant-mayhem-icon", "complete-mission"} <= written
    assert not {"shown-face", "shows-icon", "grant-icon", "card-done"} & written


@pytest.mark.engine_only
def test_a_game_whose_effect_die_is_another_reads_and_rolls_that_one(tmp_path):
    # the same die under another name: the cards' `mayhem-die` and `roll-mayhem-die` follow it
    result = content_copy(tmp_path / "content", ("effect-die mayhem", "effect-die chaos"),
                          ('die mayhem "Mayhem die"', 'die chaos "Chaos die"'), ("roll(mayhem)", "roll(chaos)"),
                          modes=(("roll(mayhem)", "roll(chaos)"),))
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    game = after_setup(load_rules(result.ir))
    eng, st = game.engine, game.state
    face, _ = eng.code.expr({"e": "ctx", "name": "mayhem-die"})
    st.shown["chaos"] = "4"
    assert face(eng, Env(None, None, None)) == 4
    stmt = {"op": "primitive", "name": "roll-mayhem-die", "args": {}, "node": None, "span": "x.mh:1:1"}
    eng.forced_rolls.append("5*")
    list(eng.code.stmt(stmt)(eng, Env(None, st.order[0], None)))
    assert st.shown["chaos"] == "5*" and game.events[-1]["event"] == "chaos-die"
    icon, _ = eng.code.expr({"e": "ctx", "name": "mayhem-icon"})
    assert icon(eng, Env(None, None, None)) is True


def _taken_by_the_other_team(rules) -> tuple[str | None, str]:
    """A Pizza token of the black Team taken from where robin stands by cyborg (white): whose it is."""
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    pizza = next(q for q, t in rules.tokens.items() if t["id"] == "pizza")
    robin, cyborg = st.figures["robin"], st.figures["cyborg"]
    eng.put_pieces(pizza, 1, robin.location, "black", None)
    list(eng.transfer(pizza, robin.location, cyborg, 1, None))
    (owner,) = [k[1] for k, n in cyborg.tokens.items() if k[0] == pizza and n > 0]
    return owner, cyborg.team


@pytest.mark.engine_only
def test_a_mission_token_keeps_its_owner_as_the_game_says(rules, tmp_path):
    # "Missions are exclusive to the Teams who revealed them" (GO! Cards): `owner-kept-if mission`
    owner, taker = _taken_by_the_other_team(rules)
    assert (owner, taker) == ("black", "white")
    # without the declaration, a piece taken is the taker's, as any other token's
    result = content_copy(tmp_path / "content", ("  owner-kept-if mission\n", ""))
    assert result.ok
    owner, taker = _taken_by_the_other_team(load_rules(result.ir))
    assert owner == taker == "white"
