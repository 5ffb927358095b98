"""A Mayhem scenario's [setup] checked on the kernel game dealt for it (runtime/scenario_board.py,
runtime/scenario_kernel_setup.py): what needs the game's state (its board, its figures' Life
Points, what a pool holds) is a positioned error at its key, as it was when the Mayhem scenario
reader laid the table; and the kernel game draws its random stream from the scenario's seed alone."""
import re

import pytest

from mayhem.runtime import scenario as sc
from test_scenario_schema import GOOD, error_of, line_of, write

# Each case: GOOD with a table added before its steps (or a line replaced), the line blamed, the message.
CASES = {
    "a Location past the kernel's board": (
        ('[setup.figures.robin]\nlocation = "L5"', '[setup.figures.robin]\nlocation = "L11"'), 'location = "L11"',
        "no Location L11: the board has L1..L10"),
    "an edge between Locations that do not touch": (
        ("\n[[steps]]", '\n[setup.edges]\n"L1-L10" = { obstacle = 1 }\n[[steps]]'), '"L1-L10"',
        "L1-L10 is not an edge between adjacent Locations"),
    "Damage past the kernel's Life Points": (
        ('[setup.figures.cyborg]\nlocation = "L5"', '[setup.figures.cyborg]\nlocation = "L5"\ndamage = 99'),
        "damage = 99", "99 Damage knocks cyborg out (14 Life Points)"),
    "Life Points left past the dashboard's": (
        ('[setup.figures.cyborg]\nlocation = "L5"', '[setup.figures.cyborg]\nlocation = "L5"\nremaining = 15'),
        "remaining = 15", "remaining is 1..14 Life Points left, without damage"),
    "an ability activated that the dashboard does not print": (
        ('[setup.figures.cyborg]\nlocation = "L5"', '[setup.figures.cyborg]\nlocation = "L5"\nactivated = ["zap"]'),
        "activated =", "cyborg has no ability 'zap'"),
    "a turn's figure off the board": (
        ("\n[[steps]]", '\n[setup.turn]\nfigure = "raven"\nability = "x"\ndie = 6\n[[steps]]'), 'figure = "raven"',
        "raven is not on the board: give it a location"),
    "a counter kept as pieces past its pool": (
        ('mayhem_die = "3*"', 'mayhem_die = "3*"\nvp = { black = 9 }'), "vp = { black = 9 }",
        "only 5 of 9 Victory Points left in the pool"),
    "a Team's share of a pool whose pieces are no Team's": (
        ('mayhem_die = "3*"', 'mayhem_die = "3*"\npools = { fire = { black = 0 } }'), "pools =",
        "black holds 0 pieces after setup; it can be left with 0..0, not 0"),
    "two piles on a Location, more than the pool": (
        ("\n[[steps]]", '\n[setup.locations.L3]\ntokens = { fire = [{ count = 6 }, { count = 5 }] }\n[[steps]]'),
        "tokens = { fire", "only 4 of 5 'fire' left in the pool"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_table_the_kernel_game_cannot_hold_is_a_positioned_error(rules, tmp_path, case):
    (old, new), blamed, message = CASES[case]
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    error = error_of(rules, tmp_path, text)
    assert re.match(rf".*case\.toml:{line_of(text, blamed)}:\d+: error\[S100\]: ", error), error
    assert message in error, error


@pytest.mark.parametrize("table", [
    '\n[setup.edges]\n"L1-L2" = { obstacle = 1 }\n',  # an edge that is one
    '\n[setup.locations.L3]\ntokens = { fire = [{ count = 6 }, { count = 4 }] }\n',  # the whole pool
    '\n[setup.figures.monster-black]\ntoken = "monster"\nowner = "black"\nlife = 6\nlocation = "L2"\n',
])
def test_a_table_within_the_pools_and_the_board_is_laid(rules, tmp_path, table):
    text = GOOD.replace("\n[[steps]]", table + "[[steps]]", 1)
    result = sc.run(rules, write(tmp_path, text))
    assert result.ok, result.failures


def test_the_kernel_game_draws_its_own_random_stream_from_the_seed(rules, tmp_path):
    """The table laid draws nothing: the game starts where the kernel's own setup of that seed
    left its stream (the Mayhem reader's shuffles no longer move it), and another seed is
    another stream."""
    from mayhem.runtime.scenario_kernel import kernel_rules
    from mayhem.runtime.scenario_kernel_deal import dealt_game
    from mayhem.runtime.switch import kernel_ir
    text = GOOD.replace('mayhem_die = "3*"', 'mayhem_die = "3*"\nseed = 7')
    spec, source = sc.load(write(tmp_path, text))
    game, _phase, _checks = sc.validate(rules, spec, source, "case.toml")
    dealt = dealt_game(kernel_rules(kernel_ir(rules.ir), "teen-titans-go", "standard"), 2, spec)
    assert game.state.rng == dealt.state.rng
    other = dealt_game(kernel_rules(kernel_ir(rules.ir), "teen-titans-go", "standard"), 2,
                       {**spec, "setup": {**spec["setup"], "seed": 8}})
    assert other.state.rng != dealt.state.rng
