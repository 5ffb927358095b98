"""A kernel game's own restriction may stop what the kernel plays: a Move, a placement, the
game's assault (by the word its `assault-event` names) and, where a card type declares `once`,
the parts `special-of` reads (compiler/game_restrictions.py `kernel_stop_words`; E205 refused
the last two before, though runtime/kernel/damage.py and spaces.py play them). Only a word the
game gives the kernel nothing to play by is refused.

The lab game Squads with a game's assault (`assault-event strike`, Fireball's standard effect an
`assault`), pieces (a Stun token that `restricts stunned`, which `stops [strike]`) and the first
Team's heroes stunned at setup: they never assault, the second Team's do."""
from __future__ import annotations

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from game_helpers import lab_copy_ir, play_random

PIECES = '''  effect-die omen
  damage-counter wounds
  assault-event strike

  counter wounds "Wounds" {
    per figure
    min 0
    max 99
  }

  event strike "A strike" (attacker, target) {
    amount
  }

  zone supply "The supply" {
    pools
  }

  zone carried "Pieces on a hero" {
    per figure
    pieces
  }

  restriction stunned "Stunned" {
    text "A stunned hero makes no strike."
    stops [STOPS]
  }
'''

TOKENS = '''
token-type token "Token" {
  source authored
  text "A kind of piece."
  requires [text]
  triggers game
  placed-on ids required "Where its pieces may lie."
  drawn-from id optional "The pool its pieces come from."
  restricts ids optional "The game's restrictions its pieces put on their holder."
}

token stun "Stun" {
  source authored
  text "A stunned hero makes no strike."
  placed-on figure
  restricts stunned
}
'''

EDITS = (("  effect-die omen\n", PIECES),
         ("  game squads\n}", '  game squads\n\n  pool stun "Stun pieces" {\n    count 4\n  }\n}' + TOKENS),
         ("  setup {\n    choose-sides()\n", "  setup {\n    choose-sides()\n"
          "    place(stun, 1, on: figures-of(first(teams)))\n"),
         ('talent fireball "Fireball" {\n    slot 4\n    standard {\n      lose(life, 1, on: one figure in '
          'figures-of(foes(me)) where value(life, of: it) > 0)\n',
          'talent fireball "Fireball" {\n    slot 4\n    standard {\n      assault(one figure in figures-of(foes(me)) '
          'where value(life, of: it) > 0, 1)\n'))


def _errors(tmp_path, stops: str):
    from pathlib import Path
    import shutil
    folder = tmp_path / "squads"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "kernel" / "squads", folder)
    source = folder / "squads.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in EDITS:
        assert text.count(old) == 1, old
        text = text.replace(old, new.replace("STOPS", stops))
    source.write_text(text, encoding="utf-8")
    result = driver.compile_paths([folder])
    return [(d.code, d.message, d.hint, d.span) for d in result.diagnostics.items if d.severity == "error"]


def test_the_games_assault_and_special_may_be_stopped(tmp_path):
    """`stops [strike]` (the assault event), `stops [special]` (Squads' knacks declare `once`),
    `stops [move, place]`: all compile."""
    for stops in ("strike", "special", "move, place, strike, special"):
        assert _errors(tmp_path / stops.replace(", ", "-"), stops) == [], stops


def test_a_word_the_game_gives_nothing_to_play_by_is_refused(tmp_path):
    """`stops [attack]` in a game whose assault is `strike`: E205 at the word, the words it may stop."""
    found = _errors(tmp_path, "attack")
    assert [(c, m, h) for c, m, h, _s in found] == [
        ("E205", "'stops [attack]': in this game the rules kernel's primitives ask a restriction move, place, "
                 "strike, special only (the game names no `assault-event attack`)",
         "stops [move, place, strike, special]; an action it forbids: actions [ACTION]")]
    span = found[0][3]
    assert span.file.endswith("squads.mh") and span.line > 0 and span.col > 0


def test_a_stunned_hero_makes_no_assault(tmp_path):
    rules = load_game_rules(lab_copy_ir(tmp_path, "squads", *[(o, n.replace("STOPS", "strike")) for o, n in EDITS]),
                            "squads")
    first_team, second_team, refused = 0, 0, 0
    for seed in range(16):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        play_random(game, seed)
        state = game.state
        mine = {f for f, x in state.figures.items() if state.team_by.get(x["owner"], x["owner"]) == list(state.teams)[0]}
        for e in state.log:
            if e["event"] == "assault":
                first_team += e["by"] in mine
                second_team += e["by"] not in mine
            elif e["event"] == "restricted" and e.get("word") == "strike":
                assert e["figure"] in mine and e["restriction"] == "stunned"
                refused += 1
    assert first_team == 0 and second_team > 5 and refused > 5, (first_team, second_team, refused)
