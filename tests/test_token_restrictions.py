"""Token restrictions as declared data (issue #11, plan step 2): a token's `restricts` names
restrictions the game declares (`restriction NAME { actions [...]  stops [...] }`,
content/shared/game.mh), and what each forbids is read from the declaration: its `actions`
become a part of those actions' guards, its `stops` what the primitives ask (runtime/turn.py's
`stopping`). A copy of the Mayhem content that declares a new restriction on a new token plays
it, with no Python naming it; an undeclared name is a compile error at its place."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.runtime import scenario as sc
from mayhem.runtime.rules import load_rules

from game_helpers import content_copy

ANCHOR = '''
  restriction rooted "Rooted" {
    source authored
    text "It is not placed: no PULL, PUSH or TELEPORT takes it."
    stops [place]
  }

  restriction grounded "Grounded" {
    source authored
    text "No free Move."
    actions [move]
  }
'''
TOKENS = '''
token anchor "Anchor" {
  source authored
  text "Its holder is not placed by PULL, PUSH or TELEPORT."
  drawn-from flee
  placed-on character
  restricts rooted
}

token glue "Glue" {
  source authored
  text "Its holder takes no free Move."
  drawn-from flee
  placed-on character
  restricts grounded
}

token cuffs "Cuffs" {
  source authored
  text "Its holder makes no Move and no Attack."
  drawn-from flee
  placed-on character
  restricts no-move no-attack
}

token daze "Daze" {
  source authored
  text "Its holder resolves no Ability."
  drawn-from flee
  placed-on character
  restricts no-ability
}
'''
SECTION = "  # ---- the turn's actions (issue #11, step 7)"


def _copy_with_tokens(tmp_path: Path):
    """The content with the restrictions above in game.mh, and three tokens that name them."""
    root = tmp_path / "content"
    content_copy(root, (SECTION, ANCHOR + "\n" + SECTION))
    game = root / "shared" / "game.mh"
    game.write_text(game.read_text(encoding="utf-8") + TOKENS, encoding="utf-8")
    result = driver.compile_paths([root])
    assert result.ok, [d.message for d in result.diagnostics.items if d.severity == "error"]
    return load_rules(result.ir)


@pytest.fixture(scope="module")
def copied(tmp_path_factory):
    return _copy_with_tokens(tmp_path_factory.mktemp("restrictions"))


BOARD = ('board = ["jump-city-mall", "jump-city-park", "the-lab", "black-base-1", "black-base-2", "white-base-1", '
         '"white-base-2", "pizza-corner", "ravens-room", "titans-tower"]')


def _scenario(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'[scenario]\nname = "{name}"\nbox = "teen-titans-go"\n\n' + body, encoding="utf-8")
    return path


PULL = """[setup]
teams = {{ black = ["robin", "raven"], white = ["cyborg", "starfire"] }}
{board}
initiative = "white"
mayhem_die = "2"
dice = {{ black = [1, 1], white = [5, 1] }}

[setup.figures.cyborg]
location = "L6"
[setup.figures.robin]
location = "L5"
tokens = {{ {tokens} }}
[setup.figures.raven]
location = "L10"
[setup.figures.starfire]
location = "L3"

[[steps]]
action = "place-die 5 cyborg/sonic-cannon"   # Ranged Attack, then PULL (Special)
[[steps]]
action = "resolve cyborg/sonic-cannon"
[[steps]]
action = "target robin"
[[steps]]
action = "target robin"                      # PULL Robin into Cyborg's Location

[expect]
{expect}
"""


def test_a_new_restriction_that_stops_place_keeps_its_holder_where_it_is(copied, tmp_path):
    """`rooted` (`stops [place]`) on Robin: Cyborg's PULL takes him nowhere, logged as the
    restriction that stopped it; without the token the same PULL places him."""
    held = _scenario(tmp_path, "rooted", PULL.format(board=BOARD, tokens="anchor = 1", expect=(
        '"figures.robin.location" = "L5"\n'
        'events = [{ event = "restricted", figure = "robin", restriction = "rooted" }]\n'
        'no_events = [{ event = "place", figure = "robin" }]')))
    result = sc.run(copied, held)
    assert result.ok, result.failures
    free = _scenario(tmp_path, "free", PULL.format(board=BOARD, tokens="", expect=(
        '"figures.robin.location" = "L6"\nno_events = ["restricted"]')))
    result = sc.run(copied, free)
    assert result.ok, result.failures


TURN = """[setup]
teams = {{ black = ["cyborg", "starfire"], white = ["robin", "raven"] }}
{board}
initiative = "black"
mayhem_die = "2"
dice = {{ black = [4, 1], white = [6, 2] }}

[setup.figures.cyborg]
location = "L5"
tokens = {{ {token} = 1 }}
[setup.figures.robin]
location = "L7"
[setup.figures.raven]
location = "L7"
[setup.figures.starfire]
location = "L1"

[[steps]]
action = "place-die 4 cyborg/body-armor"
[[steps]]
expect_options = [{offered}]
forbid_options = [{forbidden}]
action = "end-turn"
"""


def test_a_restrictions_actions_leave_those_actions_out_of_its_holders_menu(copied, tmp_path):
    """`grounded` (`actions [move]`, declared in the copy) takes the free Move out of the
    holder's menu and leaves its Ability; `no-ability` (`actions [resolve]`, game.mh) the other
    way round: the guards say neither, the declarations do."""
    glue = _scenario(tmp_path, "grounded", TURN.format(board=BOARD, token="glue", offered='"resolve cyborg/body-armor"',
                                                       forbidden='"move cyborg L4"'))
    result = sc.run(copied, glue)
    assert result.ok, result.failures
    daze = _scenario(tmp_path, "dazed", TURN.format(board=BOARD, token="daze", offered='"move cyborg L4"',
                                                    forbidden='"resolve cyborg/body-armor"'))
    result = sc.run(copied, daze)
    assert result.ok, result.failures


def test_a_token_that_restricts_an_undeclared_name_is_a_compile_error(tmp_path):
    root = tmp_path / "content"
    content_copy(root)
    game = root / "shared" / "game.mh"
    game.write_text(game.read_text(encoding="utf-8") + TOKENS.split("token glue")[0].replace(
        "restricts rooted", "restricts no-abilty"), encoding="utf-8")
    result = driver.compile_paths([root])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in errors] == [
        ("E301", "unknown restriction 'no-abilty': a token restricts what game 'mayhem' declares",
         "did you mean 'no-ability' or 'move-or-ability'?")]
    span = errors[0].span
    assert span.file.endswith("game.mh") and span.col == len("  restricts ") + 1
    assert game.read_text(encoding="utf-8").splitlines()[span.line - 1] == "  restricts no-abilty"


def test_the_shipped_restrictions_stops_are_what_the_primitives_ask(copied, tmp_path):
    """`no-move` and `no-attack` of game.mh (`stops [move]`, `stops [attack]`) on Robin: no free
    Move is offered (`can-move`), and his Staff Meeting's Melee Attack chooses no target and
    announces nothing, logged under the restriction that stopped it; the rest of the Ability
    happens (its Mayhem STUN still asks for a target in his Location)."""
    body = f"""[setup]
teams = {{ black = ["cyborg", "starfire"], white = ["robin", "raven"] }}
{BOARD}
initiative = "white"
mayhem_die = "2"
dice = {{ black = [4, 1], white = [6, 2] }}

[setup.figures.robin]
location = "L5"
tokens = {{ cuffs = 1 }}
[setup.figures.cyborg]
location = "L5"
[setup.figures.raven]
location = "L7"
[setup.figures.starfire]
location = "L1"

[[steps]]
action = "place-die 6 robin/staff-meeting"
[[steps]]
expect_options = ["resolve robin/staff-meeting"]
forbid_options = ["move robin L4", "move robin L6"]
action = "resolve robin/staff-meeting"

[expect]
"figures.cyborg.damage" = 0
events = [{{ event = "restricted", figure = "robin", restriction = "no-attack" }}]
no_events = ["attack", "damage"]
"""
    result = sc.run(copied, _scenario(tmp_path, "cuffed", body))
    assert result.ok, result.failures
