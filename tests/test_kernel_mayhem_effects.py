"""The Mayhem effects and pieces the kernel plays as the rulebooks say, each beside a scenario
of tests/scenarios/ it made pass on the kernel (bench/switch_scenarios.py): an Obstacle is never
offered where it would enclose a Location (core.mh's OBSTACLE says `not encloses(it)`); a KO is logged before the VP its ko event gives; a `take` that moved nothing
is no line of the Mayhem log."""
from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import switch_scenarios  # noqa: E402

from kernel_tables import titans_table  # noqa: E402

from mayhem.runtime.scenario_kernel_read import events  # noqa: E402


def _run(tmp_path, text: str):
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return switch_scenarios.run_file(path)


OBSTACLE = titans_table(name="OBSTACLE next to a Location with one open side left", dice=((3, 1), (1, 1)), body='''
[setup.figures.raven]
location = "L5"
[setup.figures.robin]
location = "L6"
[setup.figures.starfire]
location = "L7"
[setup.figures.cyborg]
location = "L7"
[setup.edges]
"L1-L4" = { obstacle = 1 }
"L1-L5" = { obstacle = 1 }
[[steps]]
action = "place-die 3 raven/soul-self"
[[steps]]
action = "resolve raven/soul-self"
[[steps]]
action = "target none"
[[steps]]
action = "do place-or-move-an-obstacle"
[[steps]]
action = "choose place-an-obstacle"
[[steps]]
expect_options = [OFFERED]
forbid_options = [FORBIDDEN]
action = "target L2-L5"
[expect]
"edges.L2-L5.tokens.obstacle" = 1
''')


def test_an_obstacle_is_not_offered_on_a_locations_last_open_side(tmp_path):
    # L1 touches L2, L4 and L5: with L1-L4 and L1-L5 closed, L1-L2 is its last open side
    text = OBSTACLE.replace("OFFERED", '"target L2-L5", "target L5-L6"').replace("FORBIDDEN", '"target L1-L2"')
    result = _run(tmp_path, text)
    assert result.status == "PASS", result.failures


def test_the_runner_would_see_the_last_open_side_offered(tmp_path):
    text = OBSTACLE.replace("OFFERED", '"target L1-L2"').replace("FORBIDDEN", '"target L5-L6"')
    result = _run(tmp_path, text)
    assert result.status == "FAIL"
    assert any("['target L1-L2'] not among the legal actions" in f for f in result.failures)
    assert any("['target L5-L6'] should not be legal here" in f for f in result.failures)


def test_a_ko_is_logged_before_the_vp_its_ko_event_gives_and_an_empty_take_is_no_line():
    class Game:  # the reader reads a game's log and nothing else of it
        class state:
            log = [{"event": "take", "token": "vp", "from": "a", "to": "bugs-bunny", "count": 0},
                   {"event": "damage", "figure": "daffy-duck", "amount": 1, "total": 5},
                   {"event": "knock-out", "figure": "daffy-duck"},
                   {"event": "vp", "team": "black", "total": 1},
                   {"event": "raise", "name": "ko", "by": "p1", "figure": "daffy-duck"}]
    out = events(Game, 0, ["a"], switch_scenarios.LOG_LINES)
    assert [e["event"] for e in out] == ["damage", "ko", "vp"]
    assert out[1] == {"event": "ko", "figure": "daffy-duck"}


HUNTING = '''
[scenario]
name = "Elmer's side SIDE: Hunting Season heard only when dealt"
box = "looney-tunes"
source = "none"
[setup]
teams = { black = ["elmer-fudd", "taz"], white = ["bugs-bunny", "daffy-duck"] }
sides = { elmer-fudd = "SIDE" }
board = ["carrot-farm", "desert-road", "grand-canyon", "black-base-1", "black-base-2", "white-base-1", "white-base-2", "home-sweet-home", "hunting-ground", "poker-night"]
initiative = "white"
mayhem_die = "2"
dice = { black = [1, 1], white = [1, 1] }
[setup.figures.bugs-bunny]
location = "L6"
[setup.figures.elmer-fudd]
location = "L1"
[setup.figures.taz]
location = "L3"
[setup.figures.daffy-duck]
location = "L10"
[setup.locations.L5]
tokens = { trap = { count = 1, owner = "black" } }
[[steps]]
action = "place-die 1 bugs-bunny/slingshot"
[[steps]]
action = "move bugs-bunny L5"
[expect]
"figures.bugs-bunny.damage" = DAMAGE
'''


def test_a_special_ability_of_the_side_dealt_is_heard_as_its_own_teams(tmp_path):
    # side B's Hunting Season: "Opposing Toons take 1 more Damage from Traps", heard in White's
    # turn as Black's (its `opponent` is White); side A's figure has no such ability
    b = _run(tmp_path, HUNTING.replace("SIDE", "b").replace("DAMAGE", "2"))
    assert b.status == "PASS", b.failures
    a = _run(tmp_path, HUNTING.replace("SIDE", "a").replace("DAMAGE", "1"))
    assert a.status == "PASS", a.failures


def test_with_an_amount_pending_the_pieces_on_figures_answer_last():
    from mayhem.runtime.kernel.events import _held_last

    class State:
        figures = {"starfire": {}}
    found = [("shield", "p2", 7, {"ctx:holder": "starfire"}), ("rule", "p1", None, {}),
             ("trap", "p1", 3, {"ctx:holder": "L5"}), ("flight", "p2", 9, {"ctx:self": "starfire"})]
    assert [x[0] for x in _held_last(State, found)] == ["rule", "trap", "flight", "shield"]


PIZZA_BLAST = titans_table(name="A Mayhem card played resolves its effect",
                           setup='hands = { black = ["pizza-blast"] }', body='''
[setup.figures.raven]
location = "L5"
[setup.figures.cyborg]
location = "L6"
[setup.figures.starfire]
location = "L8"
[setup.figures.robin]
location = "L1"
[[steps]]
action = "place-die 1 raven/telekinesis"
[[steps]]
action = "play pizza-blast"
[expect]
"figures.cyborg.damage" = 1
"figures.starfire.damage" = 1
"teams.black.played" = ["pizza-blast"]
''')


def test_a_mayhem_card_played_resolves_its_effect(tmp_path):
    # card-types.mh: the Mayhem card's `resolve-order [effect]` (without it, playing resolved nothing)
    result = _run(tmp_path, PIZZA_BLAST)
    assert result.status == "PASS", result.failures
