"""The `pools` setup key of scenario files: what a pool still holds once setup is done, read
back by the scenario's own `pools.ID` expectations as the kernel plays it (`run_scenario`)."""
import pytest

from mayhem.runtime import ScenarioError, run_scenario

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
{expect}'''


def build(rules, tmp_path, pools: str, expect: str = ""):
    path = tmp_path / "pools.toml"
    path.write_text(SCENARIO.format(pools=pools, expect=expect), encoding="utf-8")
    return run_scenario(rules, path)


def test_a_pool_is_left_with_fewer_pieces(rules, tmp_path):
    expect = '[expect]\n"pools.trap-stun.black" = 1\n"pools.trap-stun.white" = 8\n"pools.poison" = 3\n'
    result = build(rules, tmp_path, '{ trap-stun = { black = 1 }, poison = 3 }', expect)  # poison: 3 of the 8 Elmer's 2 left
    assert result.ok, result.failures
    wrong = build(rules, tmp_path, '{ trap-stun = { black = 1 }, poison = 3 }', expect.replace("= 8", "= 7"))
    assert wrong.failures == ["pools.trap-stun.white: expected 7, got 8"]


@pytest.mark.parametrize("pools, message", [
    ('{ poison = 9 }', "the pool holds 8 pieces after setup; it can be left with 0..8, not 9"),
    ('{ trap-stun = { black = -1 } }', "-1 is less than the minimum of 0"),
    ('{ trap-stun = { green = 0 } }', "green holds 0 pieces"),
    ('{ glitter = 0 }', "no token pool 'glitter' in this box"),
])
def test_a_pool_cannot_be_filled_or_named_wrong(rules, tmp_path, pools, message):
    with pytest.raises(ScenarioError) as err:
        build(rules, tmp_path, pools)
    assert message in str(err.value)
    # positioned at the pools key of the file (line 7)
    assert "pools.toml:7:" in str(err.value)
