"""The `pools` setup key of scenario files: what a pool still holds once setup is done."""
import pytest

from mayhem.runtime import scenario as sc
from mayhem.runtime.invariants import violations

SCENARIO = '''
[scenario]
name = "pools"
box = "looney-tunes"
[setup]
teams = {{ black = ["elmer-fudd", "taz"], white = ["bugs-bunny", "daffy-duck"] }}
pools = {pools}
[setup.figures.elmer-fudd]
location = "L4"
tokens = {{ poison = 2 }}
'''


def build(rules, tmp_path, pools: str):
    path = tmp_path / "pools.toml"
    path.write_text(SCENARIO.format(pools=pools), encoding="utf-8")
    spec, text = sc.load(path)
    return sc.validate(rules, spec, text, str(path))[0]


def test_a_pool_is_left_with_fewer_pieces_and_the_box_still_adds_up(rules, tmp_path):
    eng = build(rules, tmp_path, '{ trap-stun = { black = 1 }, poison = 3 }')
    pools = eng.state.pools
    assert sum(n for (_f, c), n in pools["trap-stun"].items() if c == "black") == 1
    assert sum(n for (_f, c), n in pools["trap-stun"].items() if c == "white") == 8
    assert sum(pools["poison"].values()) == 3  # of the 8 that Elmer's 2 left
    assert violations(eng) == []


@pytest.mark.parametrize("pools, message", [
    ('{ poison = 9 }', "the pool holds 8 pieces after setup; it can be left with 0..8, not 9"),
    ('{ trap-stun = { black = -1 } }', "-1 is less than the minimum of 0"),
    ('{ trap-stun = { green = 0 } }', "green holds 0 pieces"),
    ('{ glitter = 0 }', "no token pool 'glitter' in this box"),
])
def test_a_pool_cannot_be_filled_or_named_wrong(rules, tmp_path, pools, message):
    with pytest.raises(sc.ScenarioError) as err:
        build(rules, tmp_path, pools)
    assert message in str(err.value)
    # positioned at the pools key of the file (line 7)
    assert "pools.toml:7:" in str(err.value)
