"""The game's events raised at the kernel's moments its properties name (runtime/kernel/moments.py),
proven on a copy of the dashboards' lab game, Squads, that names them: `activate-event rise`
(a hero made Active), `effect-roll-event cast` (the omen die rolled for all), and a rule that
hears them and `turn-end`, whose `figure` is the hero made Active in the turn. The lab game
itself names neither property and plays as before."""
from __future__ import annotations

from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from game_helpers import lab_ir, play_random, run_kernel_scenario

LAB = Path(__file__).resolve().parent / "fixtures" / "kernel" / "squads"
SCENARIOS = LAB.parent / "squads-scenarios"

NAMED = """  effect-die omen
  activate-event rise
  effect-roll-event cast

  # authored: a hero made Active is heard (`figure`), so is the omen cast; a hero whose turn
  # ends tires (the hero made Active in the turn: `figure` of turn-end)
  event rise "A hero rises" (figure = figure) {
    text "A hero is made Active."
  }

  event cast "The omen is cast" {
    text "The omen die was rolled for all."
  }

  rule heed "Heed" {
    on rise {
      gain(life, 1, on: figure)
    }
    on cast {
      gain(life, 1, on: figures-of(first(teams)))
    }
    on turn-end when size(all figure in figures-of(teams) where it == figure) > 0 {
      lose(life, 2, on: figure)
    }
  }
"""


def _fork(tmp_path: Path, edit) -> Path:
    root = tmp_path / "squads"
    shutil.copytree(LAB, root)
    game = root / "squads.mh"
    game.write_text(edit(game.read_text(encoding="utf-8")), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def named_ir(tmp_path_factory):
    return lab_ir(_fork(tmp_path_factory.mktemp("moments"), lambda t: t.replace("  effect-die omen\n", NAMED, 1)))


def _scenario(named_ir, stem: str, old: str = "", new: str = ""):
    text = (SCENARIOS / f"{stem}.toml").read_text(encoding="utf-8")
    assert old in text
    return run_kernel_scenario(named_ir, SCENARIOS / f"{stem}.toml", text.replace(old, new, 1))


def test_a_hero_made_active_raises_the_activate_event_with_it(named_ir):
    """Gale placed on: `activate` logged, then `rise` raised with Gale, whose listener gives a Life."""
    result = _scenario(named_ir, "place-makes-the-hero-active",
                       '{ event = "activate", figure = "gale", card = "gust", die = 5 }] }',
                       '{ event = "activate", figure = "gale", card = "gust", die = 5 }, '
                       '{ event = "raise", name = "rise", figure = "gale" }], "counters.life.gale" = 6 }')
    assert result.ok, "\n".join([result.name, *result.failures])


def test_the_turn_end_carries_the_hero_made_active(named_ir):
    """Gale (3 Life) placed on (+1, `rise`), rests (+1), and tires at the turn's end (-2): 3."""
    result = _scenario(named_ir, "rest-heals-the-active-hero", '"counters.life.gale" = 4', '"counters.life.gale" = 3')
    assert result.ok, "\n".join([result.name, *result.failures])


def test_the_omen_rolled_for_all_raises_the_effect_roll_event(named_ir):
    """The round's start rolls the omen: logged `omen-die`, then `cast` raised, whose listener
    gives each hero of the first Team a Life (Blaze 6 -> 7, Stone 8 -> 9)."""
    result = _scenario(named_ir, "the-omen-die-is-rolled-for-all", 'events = [{ event = "omen-die", face = "1*" }]',
                       'events = [{ event = "omen-die", face = "1*" }, { event = "raise", name = "cast" }]\n'
                       '"counters.life.blaze" = 7\n"counters.life.stone" = 9')
    assert result.ok, "\n".join([result.name, *result.failures])


def test_in_seeded_games_each_moment_is_raised_right_after_it(named_ir):
    """Every `activate` is followed by `rise` with its figure, every omen roll by `cast`, and
    nothing else raises them."""
    rules = load_game_rules(named_ir, "squads")
    activations = casts = 0
    for seed in range(40):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        play_random(game, seed)
        log = game.state.log
        for i, e in enumerate(log):
            if e["event"] == "activate":
                activations += 1
                assert log[i + 1] == {"event": "raise", "name": "rise", "by": e["player"], "figure": e["figure"]}
            elif e["event"] == "omen-die":
                casts += 1
                assert log[i + 1]["event"] == "raise" and log[i + 1]["name"] == "cast"
        raised = [e["name"] for e in log if e["event"] == "raise"]
        assert raised.count("rise") == sum(e["event"] == "activate" for e in log)
        assert raised.count("cast") == sum(e["event"] == "omen-die" for e in log)
    assert activations > 100 and casts > 40


def test_a_game_that_names_no_moment_raises_nothing_more():
    """The lab game as it is: no `raise` in its seeded games."""
    rules = load_game_rules(lab_ir(LAB), "squads")
    for seed in range(10):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        play_random(game, seed)
        assert not [e for e in game.state.log if e["event"] == "raise"]


@pytest.mark.parametrize("edit, said", [
    (lambda t: t.replace("activate-event rise", "activate-event rize"), "'activate-event rize' names no event"),
    (lambda t: t.replace('(figure = figure) {\n    text "A hero is made Active."', '(hero = figure) {\n'
                         '    text "A hero is made Active."'), "'activate-event rise': the event lacks"),
])
def test_a_property_naming_a_wrong_event_is_an_error(tmp_path, edit, said):
    root = _fork(tmp_path, lambda t: edit(t.replace("  effect-die omen\n", NAMED, 1).replace(
        "gain(life, 1, on: figure)", "gain(life, 1, on: self)")))
    errors = [d for d in driver.compile_paths([root]).diagnostics.items if d.severity == "error"]
    assert [d.message for d in errors if said in d.message], [d.message for d in errors]
