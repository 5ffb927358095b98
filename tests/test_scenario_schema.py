"""The scenario format is strict (runtime/scenario_schema.py): every key, table, path,
event kind and field is checked before the game runs, and each mistake is an error at
its file:line:col with a did-you-mean, never a silent PASS nor a traceback."""
from pathlib import Path
import re

import pytest

from mayhem.runtime import scenario as sc
from mayhem.runtime.scenario_keys import game_keys
from mayhem.runtime.scenario_schema import SETUP_KEYS, event_vocabulary
from mayhem.runtime.scenario_toml import key_positions

DOCS = Path(__file__).resolve().parent.parent / "docs" / "scenarios.md"

# A scenario that passes: Robin's Staff Meeting (6 on the die, Mayhem 3*) on Cyborg.
GOOD = '''[scenario]
name = "Staff Meeting"
box = "teen-titans-go"
source = "Basic Concepts > Character Dashboard"

[setup]
teams = { black = ["cyborg", "starfire"], white = ["robin", "raven"] }
initiative = "white"
mayhem_die = "3*"
dice = { black = [4, 1], white = [6, 2] }

[setup.figures.robin]
location = "L5"
[setup.figures.cyborg]
location = "L5"

[[steps]]
action = "place-die 6 robin/staff-meeting"
[[steps]]
action = "resolve robin/staff-meeting"
expect = { "figures.cyborg.damage" = 5 }

[expect]
"figures.cyborg.tokens.stun" = 1
"figures.cyborg.ko" = false
"figures.robin.location" = "L5"
"decision.actions" = ["end-turn"]
events = [{ event = "damage", figure = "cyborg", amount = 5 }]
no_events = ["ko"]
'''


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(rules, tmp_path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(sc.ScenarioError) as exc:
        sc.run(rules, path)
    return str(exc.value)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if needle in line)


def test_the_good_scenario_passes(rules, tmp_path):
    result = sc.run(rules, write(tmp_path, GOOD))
    assert result.ok, result.failures


# Each case: a change to GOOD that passed while checking nothing (or raised a
# traceback) before the format was strict; the line that must be blamed; the message
# and the hint.
CASES = {
    "misspelled [expected] table": (
        ("[expect]\n", "[expected]\n"), "[expected]",
        "unknown key 'expected' in the file", "did you mean 'expect'?"),
    "step key expct": (
        ('expect = { "figures.cyborg.damage" = 5 }', 'expct = { "figures.cyborg.damage" = 5 }'), "expct =",
        "unknown key 'expct' in steps[2]", "did you mean 'expect'?"),
    "forbid_option": (
        ('[[steps]]\naction = "resolve', '[[steps]]\nforbid_option = ["move robin L4"]\naction = "resolve'),
        "forbid_option", "unknown key 'forbid_option' in steps[2]", "did you mean 'forbid_options'?"),
    "unknown event kind in no_events": (
        ('no_events = ["ko"]', 'no_events = ["knockout"]'), "no_events",
        "no event 'knockout'", "the events:"),
    "misspelled event kind": (
        ('no_events = ["ko"]', 'no_events = ["damgae"]'), "no_events", "no event 'damgae'",
        "did you mean 'damage'?"),
    "unknown event field in no_events": (
        ('no_events = ["ko"]', 'no_events = [{ event = "ko", figuer = "cyborg" }]'), "no_events",
        "a 'ko' event has no field 'figuer'", "did you mean 'figure'?"),
    "decision.kindd": (
        ('"decision.actions" = ["end-turn"]', '"decision.kindd" = "turn"'), '"decision.kindd"',
        "decision.kindd: expected one of kind, player, actions", "did you mean 'kind'?"),
    "over.whatever": (
        ('"decision.actions" = ["end-turn"]', '"over.whatever" = false'), '"over.whatever"',
        "'over' has no part 'whatever'", None),
    "a misspelled figure expected off the board": (
        ('"figures.robin.location" = "L5"', '"figures.robbin.location" = "none"'), "robbin",
        "no figure 'robbin' in this game", "did you mean 'robin'?"),
    "ko = 0 (False == 0)": (
        ('"figures.cyborg.ko" = false', '"figures.cyborg.ko" = 0'), '"figures.cyborg.ko"',
        "'figures.cyborg.ko' is 0: expected true or false", None),
    "damage = true": (
        ('"figures.cyborg.tokens.stun" = 1', '"figures.cyborg.damage" = true'), '"figures.cyborg.damage" = true',
        "'figures.cyborg.damage' is true: expected an integer", None),
    "decision.actions = []": (
        ('"decision.actions" = ["end-turn"]', '"decision.actions" = []'), '"decision.actions"',
        "an empty list is among any legal actions, so it checks nothing", None),
    "figures.robin.dmage (a traceback before)": (
        ('"figures.robin.location" = "L5"', '"figures.robin.dmage" = 0'), '"figures.robin.dmage"',
        "figure field 'dmage' does not exist", "did you mean 'damage'?"),
    "a token that does not exist": (
        ('"figures.cyborg.tokens.stun" = 1', '"figures.cyborg.tokens.stunn" = 1'), "stunn",
        "no token 'stunn'", "did you mean 'stun'?"),
    "a setup key": (
        ('initiative = "white"', 'initiatve = "white"'), "initiatve",
        "unknown key 'initiatve' in setup", "did you mean 'initiative'?"),
    "a setup figure key": (
        ('[setup.figures.robin]\nlocation = "L5"', '[setup.figures.robin]\nlocaton = "L5"'), "locaton",
        "unknown key 'locaton' in setup.figures.robin", "did you mean 'location'?"),
    "a setup figure that is not in the teams": (
        ("[setup.figures.cyborg]", "[setup.figures.cyborgg]"), "[setup.figures.cyborgg]",
        "no figure 'cyborgg'", "did you mean 'cyborg'?"),
    "a number where a Location is due": (
        ('[setup.figures.robin]\nlocation = "L5"', '[setup.figures.robin]\nlocation = 5'), "location = 5",
        "setup.figures.robin.location is 5, an integer: expected a Location label", None),
    "a boolean die": (
        ("dice = { black = [4, 1], white = [6, 2] }", "dice = { black = [4, true], white = [6, 2] }"), "dice =",
        "setup.dice.black[2] is true, a boolean: expected an integer", None),
    "a phase": (
        ('initiative = "white"', 'initiative = "white"\nphase = "activaton"'), "phase",
        "setup.phase is 'activaton': expected one of", "did you mean 'activation'?"),
    "a Team of another mode": (
        ('"figures.robin.location" = "L5"', '"teams.p1.vp" = 0'), '"teams.p1.vp"',
        "no Team 'p1' in this game", None),
    "a Location past the board": (
        ('"figures.robin.location" = "L5"', '"locations.L11.tokens.trap" = 0'), "L11",
        "no Location 'L11': the board has L1..L10", None),
    "a pool": (
        ('"figures.robin.location" = "L5"', '"pools.trap-stn.white" = 7'), "trap-stn",
        "no token pool 'trap-stn'", "did you mean 'trap-stun'?"),
    "a token pile's key": (
        ('[setup.figures.cyborg]\nlocation = "L5"', '[setup.figures.cyborg]\nlocation = "L5"\n'
                                                    'tokens = { stun = { count = 1, ownr = "white" } }'),
        "tokens =", "unknown key 'ownr' in setup.figures.cyborg.tokens.stun", "did you mean 'owner'?"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_mistake_is_a_positioned_error_with_a_hint(rules, tmp_path, case):
    (old, new), blamed, message, hint = CASES[case]
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    error = error_of(rules, tmp_path, text)
    line = line_of(text, blamed)
    head = error.split("\n")[0]
    assert re.match(rf".*case\.toml:{line}:\d+: error\[S100\]: ", head), error
    assert message in error, error
    col = int(head.split(":")[2])
    assert text.split("\n")[line - 1][col - 1:] != "", "the column points into the line"
    if hint is not None:
        assert f"hint: {hint}" in error, error
    assert "Traceback" not in error


def test_every_problem_is_reported_not_only_the_first(rules, tmp_path):
    text = GOOD.replace("[expect]\n", "[expected]\n").replace('initiative = "white"', 'initiatve = "white"')
    error = error_of(rules, tmp_path, text)
    assert "'expected'" in error and "'initiatve'" in error


def test_the_column_points_at_the_key(rules, tmp_path):
    text = GOOD.replace('no_events = ["ko"]', 'no_events = [{ event = "ko", figuer = "cyborg" }]')
    head = error_of(rules, tmp_path, text).split("\n")[0]
    line, col = map(int, head.split(":")[1:3])
    assert text.split("\n")[line - 1][col - 1:].startswith("figuer")


def test_broken_toml_is_a_positioned_error(rules, tmp_path):
    text = GOOD.replace('initiative = "white"', 'initiative = "white')
    error = error_of(rules, tmp_path, text)
    assert re.match(rf".*case\.toml:{line_of(text, 'initiative')}:\d+: error\[S100\]: not valid TOML", error)


def defeated_monster_expecting(rules, tmp_path, expectation: str):
    """monster-mission.toml (Cyborg defeats Black's Monster), its [expect] with one more line."""
    text = (Path(__file__).resolve().parent / "scenarios" / "teen-titans-go" / "monster-mission.toml").read_text(encoding="utf-8")
    assert '"figures.monster-black.location" = "none"' in text
    return sc.run(rules, write(tmp_path, text.replace("[expect]\n", f"[expect]\n{expectation}\n", 1)))


def test_a_defeated_token_figure_is_off_the_board_but_has_no_damage(rules, tmp_path):
    """Token figures (a Monster: TOKEN-TEAM) may be gone when the expectation is checked:
    their location is "none"; anything else about them is a failure, never None."""
    assert defeated_monster_expecting(rules, tmp_path, "").ok
    result = defeated_monster_expecting(rules, tmp_path, '"figures.monster-black.damage" = 6')
    assert not result.ok and [f.split(":")[0] for f in result.failures] == ["figures.monster-black.damage"]


def test_any_expectation_about_a_defeated_token_figure_but_its_location_fails(rules, tmp_path):
    """Its damage reset to 0 when it was defeated: `damage = 0` fails too, pointing at the key."""
    result = defeated_monster_expecting(rules, tmp_path, '"figures.monster-black.damage" = 0')
    assert not result.ok and len(result.failures) == 1
    failure = result.failures[0]
    assert failure.startswith("figures.monster-black.damage: expected 0, but monster-black is a token figure off the board")
    place = re.search(r"\(at ([^()]*case\.toml):(\d+):(\d+)\)", failure)
    line, col = int(place.group(2)), int(place.group(3))
    assert Path(place.group(1)).read_text(encoding="utf-8").split("\n")[line - 1][col - 1:].startswith(
        '"figures.monster-black.damage" = 0')
    assert 'hint: expect "figures.monster-black.location" = "none"' in failure
    for other in ('"figures.monster-black.ko" = true', '"figures.monster-black.off_board" = true'):
        assert not defeated_monster_expecting(rules, tmp_path, other).ok, other


def test_a_step_expectation_about_a_defeated_token_figure_points_at_its_step(rules, tmp_path):
    text = (Path(__file__).resolve().parent / "scenarios" / "teen-titans-go" / "monster-mission.toml").read_text(encoding="utf-8")
    last = 'action = "target monster-black"\n\n[expect]'
    assert text.count(last) == 1
    text = text.replace(last, last.replace("\n\n", '\nexpect = { "figures.monster-black.life" = 6 }\n\n'))
    result = sc.run(rules, write(tmp_path, text))
    assert not result.ok and len(result.failures) == 1, result.failures
    line, col = map(int, re.search(r"case\.toml:(\d+):(\d+)\)", result.failures[0]).groups())
    assert re.match(r"step \d+: figures\.monster-black\.life: expected 6, but", result.failures[0])
    assert text.split("\n")[line - 1][col - 1:].startswith('"figures.monster-black.life" = 6')


def test_booleans_are_no_numbers_when_comparing(rules, tmp_path):
    """Robin's Stun is one `place-token` event with `count = 1`: `count = true` is not it
    (True == 1 in Python)."""
    text = GOOD.replace('no_events = ["ko"]', 'no_events = [{ event = "place-token", count = true }]')
    assert sc.run(rules, write(tmp_path, text)).ok
    text = GOOD.replace('no_events = ["ko"]', 'no_events = [{ event = "place-token", count = 1 }]')
    assert not sc.run(rules, write(tmp_path, text)).ok


def test_the_event_vocabulary_is_the_runtimes():
    vocab = event_vocabulary()
    assert {"damage", "attack", "ko", "move", "place", "place-token", "decision"} <= set(vocab)
    # the lines the game's declarations name (`lead-called initiative`, `die mayhem`) come with
    # the game (runtime/dice.py, `logged_events`), not from the runtime's source
    assert "initiative" not in vocab and "-die" not in vocab
    assert {"figure", "amount", "total"} <= vocab["damage"]
    assert {"frm", "to"} <= vocab["move"]


def test_every_setup_key_is_documented(rules):
    docs = DOCS.read_text(encoding="utf-8")
    for key in [*SETUP_KEYS, *game_keys(rules).setup_keys()]:
        assert re.search(rf"^{key} = |\[setup\.{key}|`{key}`", docs, re.M), f"docs/scenarios.md: [setup] {key}"


def test_key_positions_follow_every_form_of_toml_key():
    text = ('a.b = 1\n"q.k" = { x = [1, { y = 2 }] }  # c\n[t]\n\'lit\' = """\nmulti = 3\n"""\n'
            '[[arr]]\n[[arr]]\nk = 1\n[arr.sub]\nz = 1\n')
    pos = key_positions(text)
    assert pos[("a", "b")] == (1, 3)
    assert pos[("q.k", "x", 1, "y")] == (2, 21)
    assert pos[("t", "lit")] == (4, 1)
    assert ("t", "multi") not in pos  # inside a string
    assert pos[("arr", 1, "k")] == (9, 1)
    assert pos[("arr", 1, "sub", "z")] == (11, 1)


def test_the_command_reports_a_broken_scenario_and_fails(tmp_path, monkeypatch):
    from click.testing import CliRunner
    from mayhem.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    bad = write(tmp_path, GOOD.replace('expect = { "figures.cyborg.damage" = 5 }', 'expct = {}'))
    good = tmp_path / "good.toml"
    good.write_text(GOOD, encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", "run", str(good), str(bad)])
    assert result.exit_code != 0
    assert f"PASS {good}" in result.output
    assert f"ERROR {bad}:21:1: error[S100]: unknown key 'expct' in steps[2]" in result.output
    assert "hint: did you mean 'expect'?" in result.output
    assert result.output.rstrip().endswith("1 passed, 1 failed")


# The new setup forms, misused: each a positioned error naming what is wrong.
SETUP_CASES = {
    "a turn's die that the Team does not have": (
        '[setup.turn]\nfigure = "robin"\nability = "staff-meeting"\ndie = 5\n', "die = 5",
        "white has no die 5 to place (dice: [6, 2])", None),
    "a turn's ability that the figure does not have": (
        '[setup.turn]\nfigure = "robin"\nability = "staff-meting"\ndie = 6\n', "ability =",
        "robin has no ability 'staff-meting'", "did you mean 'staff-meeting'?"),
    "a token figure named otherwise than play names it": (
        '[setup.figures.monster]\ntoken = "monster"\nowner = "black"\nlife = 6\nlocation = "L2"\n',
        "[setup.figures.monster]", "play names this figure 'monster-black', not 'monster'", None),
    "a token figure that is no figure": (
        '[setup.figures.fire-black]\ntoken = "fire"\nowner = "black"\nlife = 6\nlocation = "L2"\n',
        'token = "fire"', "token 'fire' is no figure (it is not attackable)", None),
    "a hand for a player the mode does not seat": (
        '[setup.hands]\np3 = ["pizza-time"]\n', "p3 =", "no Team or player 'p3' in this game", None),
    "a hand's card that the deck of the mode does not hold": (
        '[setup.hands]\nblack = ["pizza-tme"]\n', 'black = ["pizza-tme"]',
        "no card 'pizza-tme' in the Mayhem deck of this mode", "did you mean 'pizza-time'"),
    "a card dealt to two hands": (
        '[setup.hands]\nblack = ["pizza-time"]\nwhite = ["pizza-time"]\n', 'white = ["pizza-time"]',
        "'pizza-time' is dealt twice", None),
    "a Mission for a Team that is not playing": (
        '[setup.missions]\nblue = "grudge-match"\n', "blue =", "no Team 'blue' in this game", None),
    "a pile of an unknown colour": (
        '[setup.locations.L3]\ntokens = { trap = { count = 1, owner = "white", colour = "red" } }\n', "tokens =",
        "setup.locations.L3.tokens.trap.colour is 'red': expected one of black, white", None),
}


@pytest.mark.parametrize("case", SETUP_CASES, ids=list(SETUP_CASES))
def test_a_misused_setup_form_is_a_positioned_error(rules, tmp_path, case):
    table, blamed, message, hint = SETUP_CASES[case]
    text = GOOD.replace("\n[[steps]]", "\n" + table + "\n[[steps]]", 1)
    error = error_of(rules, tmp_path, text)
    head = error.split("\n")[0]
    assert re.match(rf".*case\.toml:{line_of(text, blamed)}:\d+: error\[S100\]: ", head), error
    assert message in error, error
    if hint is not None:
        assert f"hint: {hint}" in error, error


# ---- the keys the game's declarations name (runtime/scenario_keys.py) ----------------------

def test_the_mayhem_games_declarations_give_its_keys(rules):
    from mayhem.runtime.scenario_keys import DealtZone
    keys = game_keys(rules)
    assert keys.lead == "initiative" and keys.dice == ("mayhem",) and keys.team_counters == ("vp",)
    assert keys.zones == {"mayhem_deck": DealtZone("mayhem-deck", None, "mayhem-deck", False),
                          "hands": DealtZone("hand", "player", "mayhem-deck", False),
                          "go_deck": DealtZone("go-deck", None, "go-deck", False),
                          "missions": DealtZone("mission", "team", "go-deck", True)}
    assert keys.team_fields() == {"vp": "int", "hand": "names", "played": "names", "mission": "str?"}
    assert keys.scalars() == {"mayhem_die": "str", "initiative": "str?"}
    assert keys.phases == ("round-start", "recovery", "activation", "round-end", "turn")  # declared, then mid-turn


def test_a_deck_listed_holds_those_cards_top_first(rules, tmp_path):
    text = GOOD.replace('mayhem_die = "3*"', 'mayhem_die = "3*"\nmayhem_deck = ["ghosty-powers", "pizza-time"]\n'
                        'hands = { white = ["pizza-time"] }')
    text += '"zones.mayhem-deck" = ["ghosty-powers"]\n"teams.white.hand" = ["pizza-time"]\n"teams.black.hand" = []\n'
    result = sc.run(rules, write(tmp_path, text))
    assert result.ok, result.failures
    text = text.replace('"zones.mayhem-deck" = ["ghosty-powers"]', '"zones.mayhem-deck" = ["pizza-time"]')
    assert not sc.run(rules, write(tmp_path, text)).ok


def test_keys_follow_the_declarations_they_come_from(tmp_path):
    """A game whose lead is called otherwise and whose hand zone has another id has other
    keys: the old ones are errors, the new ones set up and read the same state."""
    from game_helpers import content_copy
    from mayhem.runtime.rules import load_rules
    from mayhem.compiler import driver
    content_copy(tmp_path / "content", ("  lead-called initiative\n", "  lead-called first-player\n"),
                 ("  draw-to hand\n", "  draw-to grip\n"), ('  zone hand "Mayhem hand" {', '  zone grip "Grip" {'))
    # the card type's Reactions come from the zone renamed too (the rules kernel reads `reacts-from`;
    # the compiler does not check that it names a zone)
    types = tmp_path / "content" / "shared" / "card-types.mh"
    types.write_text(types.read_text(encoding="utf-8").replace("  reacts-from hand\n", "  reacts-from grip\n"),
                     encoding="utf-8")
    result = driver.compile_paths([tmp_path / "content"])
    assert result.ok, [d.message for d in result.diagnostics.items]
    changed = load_rules(result.ir)
    error = error_of(changed, tmp_path, GOOD.replace('dice = {', 'hands = { black = ["pizza-time"] }\ndice = {'))
    assert "unknown key 'initiative' in setup" in error and "unknown key 'hands' in setup" in error
    text = GOOD.replace('initiative = "white"', 'first-player = "white"\ngrips = { black = ["pizza-time"] }')
    text += '"first-player" = "white"\n"teams.black.grip" = ["pizza-time"]\n'
    result = sc.run(changed, write(tmp_path, text))
    assert result.ok, result.failures
