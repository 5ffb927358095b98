"""Every scenario file under tests/scenarios/ (docs/scenarios.md): the worked examples
of both rulebooks, one scenario per keyword and status, and the rules of the round
procedure, each played through the legal-action interface against its expected state."""
from pathlib import Path
import tomllib

import pytest

from mayhem.runtime import scenario as sc

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.toml"))
BOX_FOLDERS = {"core", "teen-titans-go", "looney-tunes", "modes", "marvel-mayhem", "dc-teen-titans-go"}  # modes/: any box, any mode


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(rules, path):
    result = sc.run(rules, path)
    if not result.ok:
        print(f"{path.relative_to(SCENARIOS)}: {result.name} (after {result.steps} steps)")
        for failure in result.failures:
            print(f"    {failure}")
    assert result.ok, "\n".join([result.name, *result.failures])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_names_its_source(path):
    meta = tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", {})
    assert meta.get("name"), f"{path}: [scenario] name"
    assert meta.get("source"), f"{path}: [scenario] source names the rulebook section"
    folder = path.relative_to(SCENARIOS).parts[0]
    assert folder in BOX_FOLDERS, f"{path}: scenarios live in one of {sorted(BOX_FOLDERS)}"
    if folder in ("teen-titans-go", "looney-tunes", "marvel-mayhem", "dc-teen-titans-go"):
        assert meta.get("box") == folder, f"{path}: a scenario of {folder}/ plays that box"


def test_every_folder_has_scenarios():
    for folder in BOX_FOLDERS | {"core"}:
        assert list((SCENARIOS / folder).glob("*.toml")), f"no scenario in tests/scenarios/{folder}"


def test_a_failing_scenario_fails(rules, tmp_path):
    """The runner is no rubber stamp: a wrong expectation, an illegal step and a
    forbidden option that is legal are all reported."""
    path = tmp_path / "wrong.toml"
    path.write_text('''
[scenario]
name = "wrong on purpose"
box = "teen-titans-go"
source = "none"
[setup]
teams = { black = ["robin", "raven"], white = ["cyborg", "starfire"] }
mayhem_die = "2"
dice = { black = [1, 1], white = [1, 1] }
[setup.figures.robin]
location = "L5"
[setup.figures.cyborg]
location = "L5"
[[steps]]
forbid_options = ["place-die 1 robin/staff-meeting"]
action = "place-die 1 robin/staff-meeting"
[[steps]]
action = "resolve robin/staff-meeting"
expect = { events = [{ event = "damage", figure = "cyborg", amount = 3 }] }
[[steps]]
action = "pick nobody"  # an action, but not a legal one (a non-action is an error at load: test_actions.py)
[expect]
"figures.cyborg.damage" = 3
no_events = ["attack"]
''', encoding="utf-8")
    result = sc.run(rules, path)
    assert not result.ok
    text = "\n".join(result.failures)
    assert "should not be legal" in text
    assert "missing from {event = 'damage'" in text
    assert "'pick nobody' is not a legal action" in text
    assert "figures.cyborg.damage: expected 3, got 2" in text
    assert "should not have happened" in text


def test_setup_cannot_take_more_tokens_than_the_box_has(rules, tmp_path):
    path = tmp_path / "greedy.toml"
    path.write_text('''
[scenario]
name = "eleven Fire tokens"
box = "teen-titans-go"
[setup]
teams = { black = ["robin", "raven"], white = ["cyborg", "starfire"] }
[setup.figures.robin]
location = "L5"
tokens = { fire = 11 }
''', encoding="utf-8")
    with pytest.raises(sc.ScenarioError, match="only 10 of 11 'fire'"):
        sc.run(rules, path)
