"""Game.clone(): an independent game in the same position. Played on with the same answers,
the clone and the original give the same game (the same log, byte for byte); acting on
or changing the clone leaves the original as it was."""
from __future__ import annotations

import copy
import json

import pytest

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.scenario_setup import scenario_game

from conftest import REPO
from game_helpers import hurt

TEAMS = REPO / "examples" / "teams"


def play(game: Game, decision, bots: dict, limit: int | None = None):
    n = 0
    while decision is not None and (limit is None or n < limit):
        decision = game.act(bots[decision.player].choose(decision, game))
        n += 1
    return decision


def bots_for(game: Game, name: str, seed: int) -> dict:
    players = [p for t in game.view(pieces=False)["teams"].values() for p in t["players"]] or ["p1", "p2"]
    return {p: make_bot(name, seed + i) for i, p in enumerate(sorted(set(players) | {"p1", "p2", "p3", "p4"}))}


def log_bytes(game: Game, tmp_path, name: str) -> bytes:
    path = tmp_path / name
    game.write_log(path)
    return path.read_bytes()


@pytest.mark.parametrize("box, mode, bot, cut", [
    ("teen-titans-go", "standard", "random", 60),
    ("looney-tunes", "standard", "greedy", 90),
    ("teen-titans-go", "free-for-all", "random", 40),
    ("looney-tunes", "four-players", "greedy", 25),
])
def test_playing_on_from_a_clone_gives_the_same_game(rules, tmp_path, box, mode, bot, cut):
    game = Game(rules, GameConfig(box, seed=11, mode=mode, max_rounds=12))
    d = play(game, game.start(), bots_for(game, bot, 1), limit=cut)
    assert d is not None, "the cut must fall inside the game"
    twin = game.clone()
    assert twin is not game and twin.state is not game.state
    assert twin.decision == game.decision and twin.events == game.events and twin.history == game.history
    # the same answers from here on (bots seeded alike) give the same game
    play(game, game.decision, bots_for(game, bot, 50))
    play(twin, twin.decision, bots_for(twin, bot, 50))
    assert game.over and twin.over
    assert log_bytes(game, tmp_path, "original.jsonl") == log_bytes(twin, tmp_path, "clone.jsonl")


def test_changing_the_clone_leaves_the_original_as_it_was(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=4, max_rounds=10))
    play(game, game.start(), bots_for(game, "random", 3), limit=80)
    before = (copy.deepcopy(game.decision), json.dumps(game.events, default=str), list(game.history), game.view())
    twin = game.clone()
    play(twin, twin.decision, bots_for(twin, "random", 9), limit=40)  # the clone plays on ...
    fig = next(k for k, f in twin.view()["figures"].items() if f["kind"] == "character")
    hurt(twin, fig, 3)  # ... and is changed by hand
    assert twin.view()["figures"][fig]["damage"] >= 3
    after = (game.decision, json.dumps(game.events, default=str), game.history, game.view())
    assert after == before
    assert len(twin.events) > len(game.events)


def test_a_clone_of_a_clone_and_of_a_finished_or_unstarted_game(rules):
    game = Game(rules, GameConfig("looney-tunes", seed=2, max_rounds=6))
    assert game.clone().decision is None and not game.clone().over  # not started: nothing to replay
    play(game, game.start(), bots_for(game, "random", 5))
    assert game.over
    twin = game.clone().clone()
    assert twin.over and twin.result() == game.result() and twin.events == game.events


def test_a_competitive_game_clones_with_the_config_it_was_given(ir, rules, tmp_path):
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics

    lists = {c: load_team(TEAMS / f, ir, Diagnostics()).to_config()
             for c, f in (("black", "titans-and-taz.mh"), ("white", "toons-and-raven.mh"))}
    config = GameConfig("teen-titans-go", seed=5, mode="competitive", team_lists=lists, max_rounds=8)
    pristine = copy.deepcopy(config)
    game = Game(rules, config)
    play(game, game.start(), bots_for(game, "greedy", 2), limit=50)
    twin = game.clone()
    assert twin.config is not game.config and twin.header() == game.header()
    assert twin.config == game.config == pristine  # the setup fills in nothing of the config given
    play(game, game.decision, bots_for(game, "greedy", 7))
    play(twin, twin.decision, bots_for(twin, "greedy", 7))
    assert log_bytes(game, tmp_path, "a.jsonl") == log_bytes(twin, tmp_path, "b.jsonl")


def test_a_scenario_game_clones_from_its_prepared_state(rules):
    path = REPO / "tests" / "scenarios" / "teen-titans-go" / "staff-meeting.toml"
    game = scenario_game(rules, path)  # on the runtime the setting chooses
    d = game.start()
    twin = game.clone()
    assert twin.decision == d and twin.events == game.events
    assert twin.view() == game.view() and twin.view()["figures"]["robin"]["space"] is not None
    twin.act(d.actions[0])
    assert twin.view() != game.view() and game.decision == d
