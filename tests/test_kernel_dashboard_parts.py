"""Dashboards as the Mayhem Characters need them, proven by the lab game Squads
(tests/fixtures/kernel/squads): an action parameter whose domain reads the parameters before it
(`figure = ..., ability = abilities-of(figure)`), the `fallback` action, a part used `once per
turn|round|game` (`special-of`, `can-use`, `use-special`) and guarded effects (`special when
COND`). Each rule has its scenario in tests/fixtures/kernel/squads-scenarios (run by
tests/test_kernel_dashboards.py); here, each rule changed in a copy of the content plays
differently, random games keep each rule's invariant, and a game played out is the game played
act by act."""
from __future__ import annotations

from pathlib import Path
import random
import shutil
import tomllib

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.actions import _plan, menu
from mayhem.runtime.kernel.chained import Chained
from game_helpers import lab_ir as _compile

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
SQUADS = HERE / "squads"
SCENARIOS = HERE / "squads-scenarios"


@pytest.fixture(scope="module")
def squads_ir():
    return _compile(SQUADS)


@pytest.fixture(scope="module")
def squads(squads_ir):
    return load_game_rules(squads_ir, "squads")


def _copy(tmp_path, *changes: tuple[str, str]) -> Path:
    copy = tmp_path / "squads"
    shutil.copytree(SQUADS, copy)
    source = copy / "squads.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    source.write_text(text, encoding="utf-8")
    return copy


def _changed(tmp_path, *changes) -> object:
    return load_game_rules(_compile(_copy(tmp_path, *changes)), "squads")


def _play(game: KernelGame, seed: int) -> None:
    rnd = random.Random(seed)
    decision = game.start()
    while decision is not None:
        decision = game.act(rnd.choice(decision.actions))


def _games(rules, seeds=range(40)) -> list[KernelGame]:
    out = []
    for seed in seeds:
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed)
        out.append(game)
    return out


def _differ(a, b, seeds=range(20)) -> int:
    return sum(x.state.log != y.state.log for x, y in zip(_games(a, seeds), _games(b, seeds)))


# -- 1. a parameter's domain that reads the parameters before it ------------------------------

def test_only_a_domain_that_reads_an_earlier_parameter_is_walked_one_after_another(squads):
    place, resolve = squads.actions["place"], squads.actions["resolve"]
    assert isinstance(_plan(place)[0], Chained)  # ability = abilities-of(figure)
    assert not isinstance(_plan(resolve)[0], Chained)
    ridge = load_game_rules(_compile(HERE / "ridge"), "ridge")
    assert not any(isinstance(_plan(a)[0], Chained) for a in ridge.actions.values())  # menu()'s product


def test_the_chained_menu_is_the_workaround_s_menu_with_the_hero_named(squads, tmp_path):
    """The workaround (one domain over both heroes' Abilities, the hero read back with
    `figure-of`) and the chained domains offer the same placements, in the same order, at every
    decision of the same games."""
    workaround = _changed(tmp_path, ("""(figure = figures-of(team(me)),
                                            ability = abilities-of(figure),
                                            die = dice-of(team(me))) {
    starts-turn
    form "{die:int} {figure}/{ability}"
    effect when value(life, of: figure) > 0 and size(dice-on(abilities-of(figure))) == 0 {
      activate(figure, ability, die: die)""", """(ability = abilities-of(first(figures-of(team(me)))) +
                                                      abilities-of(last(figures-of(team(me)))),
                                            die = dice-of(team(me))) {
    starts-turn
    effect when value(life, of: figure-of(ability)) > 0 and
        size(dice-on(abilities-of(figure-of(ability)))) == 0 {
      activate(figure-of(ability), ability, die: die)"""))
    compared = 0
    for seed in range(12):
        games = [KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed)) for rules in (squads, workaround)]
        decisions = [g.start() for g in games]
        rnd = random.Random(seed)
        while decisions[0] is not None:
            chained, plain = decisions[0].actions, decisions[1].actions
            if chained and chained[0].startswith("place "):
                compared += 1
                # `place 4 gale/gust` (its form) is the workaround's `place gust 4`
                assert [f"place {a.split('/')[1]} {a.split()[1]}" for a in chained] == plain
                assert all(g.state.figures[a.split()[2].split("/")[0]]["owner"] == g.state.team_of(g.state.active)
                           for g, a in ((games[0], a) for a in chained))
            else:
                assert chained == plain
            pick = rnd.randrange(len(chained))
            decisions = [games[0].act(chained[pick]), games[1].act(plain[pick])]
        assert decisions[1] is None
    assert compared > 50


# -- 2. the fallback --------------------------------------------------------------------------

def test_the_fallback_is_never_asked_and_only_taken_when_nothing_starts_the_turn(squads):
    forfeits = 0
    for game in _games(squads):
        log = game.state.log
        for i, e in enumerate(log):
            if e["event"] == "action" and e["action"].startswith("forfeit "):
                forfeits += 1
                assert log[i - 1]["event"] == "turn-start" and log[i + 1]["event"] == "turn-end"
                assert not any(h.startswith("forfeit") for h in game.history if isinstance(h, str))
    assert forfeits


def test_without_the_fallback_a_team_passes_and_the_games_differ(squads, tmp_path):
    changed = _changed(tmp_path, ("    fallback\n", ""))
    assert changed.turn_fallbacks == () and squads.turn_fallbacks == ("forfeit",)
    assert _differ(squads, changed)
    for game in _games(changed, range(10)):  # an ordinary action of the Active hero's turn now, never its start
        log = game.state.log
        assert not any(e["event"] == "action" and e["action"].startswith("forfeit") and log[i - 1]["event"] == "turn-start"
                       for i, e in enumerate(log))


def test_a_scenario_of_the_fallback_fails_when_the_first_die_is_not_the_one_spent(squads_ir):
    path = SCENARIOS / "a-team-with-no-ability-to-take-its-die-forfeits-one.toml"
    text = path.read_text(encoding="utf-8").replace('action = "forfeit 5"', 'action = "forfeit 2"')
    result = ksc.run(squads_ir, tomllib.loads(text), text, str(path))
    assert not result.ok


# -- 3. a part used once per turn, round or game -------------------------------------------------

def _uses(game) -> dict:
    per: dict[tuple, int] = {}
    current = 0
    for e in game.state.log:
        if e["event"] == "round-start":
            current = e["round"]
        elif e["event"] == "use" and e["card"] == "rally":  # Stone's Rally (Blaze's Kindle: tests/test_kernel_activation.py)
            per[(current, e["figure"])] = per.get((current, e["figure"]), 0) + 1
    return per


def test_a_knack_is_used_once_a_round_at_most(squads):
    used = 0
    for game in _games(squads):
        per = _uses(game)
        used += len(per)
        assert all(n == 1 for n in per.values())
        assert all(figure == "stone" for _round, figure in per)  # the only hero with Rally
    assert used


def test_a_knack_once_per_game_is_used_once_a_game(squads, tmp_path):
    changed = _changed(tmp_path, ("    once per round\n", "    once per game\n"))
    for game in _games(changed, range(20)):
        assert sum(_uses(game).values()) <= 1
    assert _differ(squads, changed)


def test_a_knack_once_per_turn_may_be_used_again_next_round(squads, tmp_path):
    changed = _changed(tmp_path, ("    once per round\n", "    once per turn\n"))
    again = 0
    for game in _games(changed, range(20)):
        turns = [e for e in game.state.log if e["event"] in ("turn-start", "use")]
        per_turn: dict[int, int] = {}
        turn = 0
        for e in turns:
            if e["event"] == "turn-start":
                turn = e["turn"]
            else:
                per_turn[turn] = per_turn.get(turn, 0) + 1
        assert all(n == 1 for n in per_turn.values())
        again += len(per_turn) > 1
    assert again


def test_a_knack_whose_effect_is_guarded_is_offered_only_when_its_condition_holds(squads, tmp_path):
    """`can-use`, as the shared rules' word: the part has an effect whose `when` holds."""
    changed = _changed(tmp_path, ("    once per round\n    effect {", "    once per round\n    effect when value(life, of: self) < 5 {"))
    offered = 0
    for seed in range(20):
        game = KernelGame(changed, KernelConfig(players=2, seed=seed))
        decision, rnd = game.start(), random.Random(seed)
        while decision is not None:
            if "stone" in game.state.figures and game.state.active_figure == "stone":
                wounded = game.state.counters["life/stone"] < 5
                spent = any(e["event"] == "use" for e in game.state.log if e.get("figure") == "stone")
                assert ("use stone/rally" in decision.actions) <= wounded
                offered += "use stone/rally" in decision.actions and not spent
            decision = game.act(rnd.choice(decision.actions))
    assert _differ(squads, changed)
    assert offered


# -- 4. a guarded effect ----------------------------------------------------------------------

def test_a_guarded_effect_runs_only_when_its_condition_holds(squads):
    ran = skipped = 0
    for game in _games(squads, range(60)):
        log = game.state.log
        die = {}
        for i, e in enumerate(log):
            if e["event"] == "activate":
                die[e["figure"]] = e["die"]
            if e["event"] == "resolve-ability" and e["card"] == "ember-shield" and die[e["figure"]] >= 2:
                # the standard effect gained one Life; the special one needs the hero under 6 then
                ran += "special" in e["effects"]
                skipped += "special" not in e["effects"]
    assert ran and skipped


def test_without_the_guard_the_games_differ(squads, tmp_path):
    changed = _changed(tmp_path, ("    special when value(life, of: self) < 6 {", "    special {"))
    assert _differ(squads, changed, range(40))


# -- a game played out is the game played act by act --------------------------------------------

def test_played_out_with_every_new_rule_is_the_game_played_act_by_act(squads):
    events = set()
    for seed in [*range(12), 20, 22]:  # seeds 20 and 22 take the fallback
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        by_act, pick = KernelGame(squads, config), random.Random(seed)
        decision = by_act.start()
        while decision is not None:
            decision = by_act.act(pick.choice(decision.actions))
        in_place, pick = KernelGame(squads, config), random.Random(seed)
        in_place.play_out(lambda d: pick.choice(d.actions))
        assert in_place.history == by_act.history and in_place.state.to_json() == by_act.state.to_json()
        events |= {e["event"] for e in by_act.state.log}
        events |= {"forfeit" for e in by_act.state.log if e.get("action", "").startswith("forfeit")}
    assert {"use", "forfeit", "activate", "resolve-ability", "side"} <= events  # a side chosen at setup too


def test_a_clone_after_a_knack_used_keeps_its_limit_and_plays_on_alike(squads):
    cloned = 0
    for seed in range(30):
        game = KernelGame(squads, KernelConfig(players=2, seed=seed))
        decision, rnd = game.start(), random.Random(seed)
        while decision is not None:
            if "use stone/rally" in decision.actions:
                decision = game.act("use stone/rally")
                if decision is None:
                    break
                assert "use stone/rally" not in decision.actions  # once per round, spent
                twin = game.clone()
                assert twin.state == game.state and "use stone/rally" not in [a.text for a in menu(twin)[0]]
                _play_on(game, seed)
                _play_on(twin, seed)
                assert twin.state == game.state and twin.history == game.history
                cloned += 1
                break
            decision = game.act(rnd.choice(decision.actions))
    assert cloned


def _play_on(game: KernelGame, seed: int) -> None:
    rnd, decision = random.Random(seed), game.decision
    while decision is not None:
        decision = game.act(rnd.choice(decision.actions))


# -- bad content ----------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, message", [
    ("    starts-turn\n", "", "is `fallback`, but no action of game 'squads' `starts-turn`"),
    ("    starts-turn\n", "    starts-turn\n    fallback\n", "is both `starts-turn` and `fallback`"),
    ("    once per round\n", "    once per week\n", "once"),
])
def test_bad_content_is_said_where_it_stands(tmp_path, old, new, message):
    result = driver.compile_paths([_copy(tmp_path, (old, new))])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    said = [e for e in errors if message in e.message]
    assert said, [e.message for e in errors]
    assert said[0].span.line > 0 and said[0].span.col > 0 and said[0].hint
