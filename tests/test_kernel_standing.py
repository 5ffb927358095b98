"""Monsters and placed pieces on the kernel, each beside the scenario of tests/scenarios/ it made
pass (bench/switch_scenarios.py): a piece of a token whose kind of figure says `from-pieces FLAG`
stands on its space as a figure no one controls, a foe of its placer alone, with the `life:` of
its `place`, immune to its token's `immune` tags, its piece back to its pool once knocked out
(runtime/kernel/standing.py: `monster-mission`, `monster-immune`, `monster-already-on-board`); a
token's `group` is read as it (Desert Road's face-down ACME pile: `desert-road`); a shared pool's
piece a scenario names an owner of is that owner's (`mission-exclusive`). Played on the Mayhem
content named `game mayhem`, laid by the switch's scenario runner (no whole games)."""
from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import switch_scenarios  # noqa: E402

from kernel_tables import titans_table  # noqa: E402

from mayhem.runtime.kernel import damage, pieces  # noqa: E402
from mayhem.runtime.kernel.board import figures_of  # noqa: E402
from mayhem.runtime.kernel.effects import Run  # noqa: E402
from mayhem.runtime.kernel.relations import related  # noqa: E402
from mayhem.runtime.scenario import load  # noqa: E402
from mayhem.runtime.scenario_kernel import kernel_rules  # noqa: E402
from mayhem.runtime.scenario_kernel_setup import Table, dealt_game  # noqa: E402

ROBIN_AND_CYBORG = '[setup.figures.robin]\nlocation = "L2"\n[setup.figures.cyborg]\nlocation = "L2"\n'


def _titans(extra: str = "") -> str:
    """Robin and Cyborg on Jump City Park (L2), and `extra`."""
    return titans_table(ROBIN_AND_CYBORG + extra)


def _laid(tmp_path, text: str):
    """The kernel game a scenario's [setup] lays (runtime/scenario_kernel.run's setup), and a Run.
    The deal reads only how many players the scenario's Teams seat (one each: standard games)."""
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    mrules, kernel_ir = switch_scenarios.compiled()
    spec, _source = load(str(path))
    game = dealt_game(kernel_rules(kernel_ir, spec["scenario"]["box"], None), len(spec["setup"]["teams"]), spec)
    Table(game, spec, mrules).lay()
    return game, Run(game, [])


def _qid(rules, ident: str, kind: str = "token") -> str:
    return next(q for q, c in rules.cards.items() if c.id == ident and c.type == kind)


def _supply(game, token: str, team: str) -> int:
    state = game.state
    return sum(1 for u in state.zones.get(f"supply/{team}", ()) if state.cards[u] == token)


def test_a_placed_monster_stands_as_a_figure_no_one_controls_a_foe_of_its_team_alone(tmp_path):
    game, run = _laid(tmp_path, _titans())
    rules, state = game.rules, game.state
    monster = _qid(rules, "monster")
    black = state.teams["black"][0]
    assert _supply(game, monster, "black") == 1
    pieces.place(run, {"ctx:me": black}, monster, 1, on="jump-city-park", life=6)
    fig = state.figures["monster-black"]
    assert (fig["kind"], fig["owner"], fig["space"], fig["quarry"]) == ("monster", None, "jump-city-park", "black")
    assert (state.counters["life/monster-black"], state.counters["damage/monster-black"]) == (6, 0)
    assert _supply(game, monster, "black") == 0
    assert state.log[-1] == {"event": "place", "token": "monster", "on": "jump-city-park", "count": 1,
                             "figure": "monster-black", "life": 6}
    # nobody's figure: no Team's, no `character` (the vocabulary's player-figure), foe of Black alone
    assert "monster-black" not in figures_of(run, {}, ["black", "white"])
    white = state.teams["white"][0]
    assert related(run, {"ctx:me": black}, "foe")("monster-black")
    assert not related(run, {"ctx:me": white}, "foe")("monster-black")
    assert not any(related(run, {"ctx:me": p}, k)("monster-black")
                   for p in (black, white) for k in ("friend", "opponent", "player-figure"))
    assert related(run, {"ctx:me": white}, "foe")("robin")  # the Characters as before


def test_a_monster_is_immune_to_its_tokens_tags_and_its_piece_goes_back_when_knocked_out(tmp_path):
    game, run = _laid(tmp_path, _titans())
    rules, state = game.rules, game.state
    monster, stun = _qid(rules, "monster"), _qid(rules, "stun")
    black = state.teams["black"][0]
    env = {"ctx:me": black}
    pieces.place(run, env, monster, 1, on="jump-city-park", life=6)
    damage.damage(run, env, "monster-black", 2, tags=["shared/core:tag:trap"])
    assert state.counters["damage/monster-black"] == 0 and state.log[-1] == {"event": "immune", "figure": "monster-black"}
    pieces.place(run, env, stun, 1, on="monster-black", tags=["shared/core:tag:stun"])
    assert pieces.count(run, env, stun, on="monster-black") == 0
    pieces.place(run, env, stun, 1, on="robin", tags=["shared/core:tag:stun"])  # a Character is not immune
    assert pieces.count(run, env, stun, on="robin") == 1
    damage.damage(run, env, "monster-black", 4, tags=["shared/core:tag:attack", "shared/core:tag:melee"])
    assert state.counters["damage/monster-black"] == 4 and state.figures["monster-black"]["space"] is not None
    damage.damage(run, env, "monster-black", 2, tags=["shared/core:tag:attack"])
    assert state.figures["monster-black"]["out"] and state.figures["monster-black"]["space"] is None
    assert {"event": "knock-out", "figure": "monster-black"} in state.log
    assert _supply(game, monster, "black") == 1 and state.counters["damage/monster-black"] == 0
    pieces.place(run, env, monster, 1, on="ravens-room", life=7)  # the next Monster, under the same name
    assert state.figures["monster-black"]["space"] == "ravens-room" and not state.figures["monster-black"].get("out")
    assert state.counters["life/monster-black"] == 7


def test_a_scenario_s_token_figure_stands_with_its_life_and_damage(tmp_path):
    extra = ('[setup.figures.monster-black]\ntoken = "monster"\nowner = "black"\nlife = 6\ndamage = 4\n'
             'location = "L2"\n')
    game, run = _laid(tmp_path, _titans(extra))
    state = game.state
    assert state.figures["monster-black"]["space"] == "jump-city-park"
    assert (state.counters["life/monster-black"], state.counters["damage/monster-black"]) == (6, 4)
    assert _supply(game, _qid(game.rules, "monster"), "black") == 0


def test_a_scenario_s_shared_piece_is_the_owner_it_names(tmp_path):
    extra = '[setup.locations.L8]\ntokens = { pizza = { count = 1, owner = "white" } }\n'
    game, run = _laid(tmp_path, _titans(extra))
    state = game.state
    [uid] = [u for u in state.zones["on-space/pizza-corner"] if game.rules.cards[state.cards[u]].id == "pizza"]
    assert state.owners[uid] == "white"
    assert pieces.count(run, {}, state.cards[uid], on="pizza-corner", of="white") == 1
    assert pieces.count(run, {}, state.cards[uid], on="pizza-corner", of="black") == 0


LOONEY = '''
[scenario]
name = "a table"
box = "looney-tunes"
source = "none"
[setup]
teams = { black = ["elmer-fudd", "taz"], white = ["bugs-bunny", "daffy-duck"] }
board = ["carrot-farm", "desert-road", "grand-canyon", "black-base-1", "black-base-2", "white-base-1", "white-base-2", "home-sweet-home", "hunting-ground", "poker-night"]
initiative = "white"
mayhem_die = "2"
dice = { black = [1, 1], white = [1, 1] }
[setup.figures.bugs-bunny]
location = "L2"
'''


def test_the_face_down_token_is_read_as_the_tokens_of_its_group(tmp_path):
    game, run = _laid(tmp_path, LOONEY)
    rules, state = game.rules, game.state
    acme = _qid(rules, "acme")
    env = {"ctx:me": state.teams["white"][0]}
    assert pieces.has(run, env, "desert-road", acme) and pieces.count(run, env, acme, on="desert-road") == 10
    assert pieces.count(run, env, _qid(rules, "acme-heal-2"), on="desert-road") == 1  # a face alone
    top = state.zones["token-pile/desert-road"][0]
    pieces.take(run, env, acme, **{"from": "desert-road", "to": "bugs-bunny"})
    assert state.zones["on-figure/bugs-bunny"] == [top]  # the pile's top face
    assert rules.cards[state.cards[top]].id.startswith("acme-")
    assert pieces.count(run, env, acme, on="desert-road") == 9 and pieces.count(run, env, acme, on="bugs-bunny") == 1
    pieces.remove(run, env, acme, 1, **{"from": "bugs-bunny"})  # back to the shared pool, nobody's
    assert pieces.count(run, env, acme, on="bugs-bunny") == 0 and state.places[top] == "supply"
