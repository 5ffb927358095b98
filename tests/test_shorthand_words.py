"""The cards' words for Mayhem concepts are shorthands of general words (compiler/shorthand.py):
`mayhem-die`, `mayhem-icon`, `roll-mayhem-die` and `grant-mayhem-icon` are `shown-face`,
`shows-icon`, `roll` and `grant-icon` of the die the game's `effect-die` names, and
`complete-mission` is `card-done()`. The IR keeps the word as written; the runtime plays the
general word, so the game's declarations decide what it means. And who keeps a token that
changes hands is the game's `owner-kept-if` (content/shared/game.mh), not a flag the runtime
names.

The effect die renamed in the content is played by the kernel: two scenarios whose cards read
and roll the Mayhem die pass with the die called `chaos`. A Mission's piece kept by its Team:
the scenarios mission-exclusive.toml and pizza-time.toml, and tests/test_kernel_declarations.py
(`owner-kept-if`, with and without it)."""
from __future__ import annotations

import pytest

from mayhem.compiler import builtins as B
from mayhem.compiler.ir_ops import ir_expressions, ir_statements
from mayhem.compiler.shorthand import lowered, shorthands
from mayhem.runtime import Game, GameConfig, load_rules, make_bot, run_scenario

from conftest import REPO
from game_helpers import content_copy

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


def renamed_scenario(folder, name: str, face: str | None = None):
    """A Teen Titans GO! scenario with the Mayhem die called `chaos` (its key, its log line), its
    die set to `face` if given."""
    text = (REPO / "tests" / "scenarios" / "teen-titans-go" / name).read_text(encoding="utf-8")
    text = text.replace("mayhem_die", "chaos_die").replace('"mayhem-die"', '"chaos-die"')
    path = folder / name
    path.write_text(text.replace('"3*"', f'"{face}"') if face else text, encoding="utf-8")
    return path


def test_a_game_whose_effect_die_is_another_reads_and_rolls_that_one(tmp_path):
    # the same die under another name: the cards' `mayhem-die` and `roll-mayhem-die` follow it
    result = content_copy(tmp_path / "content", ("effect-die mayhem", "effect-die chaos"),
                          ('die mayhem "Mayhem die"', 'die chaos "Chaos die"'), ("roll(mayhem)", "roll(chaos)"),
                          modes=(("roll(mayhem)", "roll(chaos)"),))
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
    rules = load_rules(result.ir)
    # Robin's Staff Meeting adds the die's face (`mayhem-die`): 5 Damage with 3*, 4 with 2
    assert run_scenario(rules, renamed_scenario(tmp_path, "staff-meeting.toml")).ok
    fewer = run_scenario(rules, renamed_scenario(tmp_path, "staff-meeting.toml", face="2"))
    assert "figures.cyborg.damage: expected 5, got 4" in fewer.failures
    # a Mayhem icon rolled by `roll-mayhem-die`, logged as the chaos die's roll
    assert run_scenario(rules, renamed_scenario(tmp_path, "go-somewhere-mayhem-roll.toml")).ok
    # a seeded game rolls it at each round's start
    game = Game(rules, GameConfig("teen-titans-go", seed=3))
    d, bot = game.start(), make_bot("random", 3)
    while d is not None and game.view(pieces=False)["round"] < 3:
        d = game.act(bot.choose(d, game))
    assert list(game.view(pieces=False)["dice"]) == ["chaos"]
