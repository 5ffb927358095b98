"""Life, Damage and VP as counters of the game `mayhem` (content/shared/game.mh; issue #11,
migration step 2): the engine takes a figure's Life from the counter's `start-from` (the
dashboard's printed Life Points), never takes Damage below the counter's `min`, and keeps
Victory Points only when the game declares the Teams' `vp` counter.

The rulebooks: "Life Points: The amount of Damage a Character can endure before they are
KO'ed." (Character Dashboard) "A Character is KO'ed when their Damage tokens equal or exceed
their Life Points." "Whenever a Character is KO'ed, the opposing player gains 1 VP, taking a
VP token of their Team's color." (KO)

Engine only (`engine_only`): the two tests that drive the engine's own methods (`p_remove_damage`,
`gain_counter`); the kernel's: Damage never below 0 is heal-x.toml (1 Damage, Heal 2: 0), a game
without the `vp` counter is Free-For-All's (`without counter vp`: ffa-permanent-ko.toml, no VP)."""
from __future__ import annotations

import copy

import pytest

from mayhem.runtime.effects import Env
from mayhem.runtime.rules import load_rules, prop

from game_helpers import after_setup
from test_mayhem_zones import game_comp
from test_rule_values import printed


def counter(doc: dict, cid: str) -> dict:
    return next(c for c in game_comp(doc)["children"] if c["kind"] == "counter" and c["id"] == cid)


def test_life_damage_and_vp_are_declared_counters(rules):
    c = rules.counters
    assert (c["life"].per, c["life"].start, c["life"].min, rules.counter_from["life"]) == ("figure", 10, 0, "life")
    assert (c["damage"].per, c["damage"].start, c["damage"].min) == ("figure", 0, 0)
    assert (c["vp"].per, c["vp"].min) == ("team", 0)


def characters(game) -> list[dict]:
    """The view's characters (either runtime)."""
    return [f for f in game.view(pieces=False)["figures"].values() if f["kind"] == "character"]


def test_a_figures_life_is_its_dashboards_printed_life(rules):
    game = after_setup(rules)
    assert characters(game)
    for fig in characters(game):
        assert fig["life"] == prop(printed(rules, "teen-titans-go", fig), "life", 10)


def test_without_start_from_every_figure_starts_at_the_counters_start(ir):
    doc = copy.deepcopy(ir)
    life = counter(doc, "life")
    del life["props"]["start-from"]
    life["props"]["start"]["value"] = 7
    assert {fig["life"] for fig in characters(after_setup(load_rules(doc)))} == {7}


def heal(game, fig, amount: int) -> None:
    env = Env(game.engine.controller_of(fig), fig.team, fig)
    list(game.engine.p_remove_damage({"target": {"e": "ctx", "name": "self"}, "amount": {"e": "num", "v": amount}},
                                     env, {"span": None}))


@pytest.mark.engine_only
def test_damage_is_never_removed_below_the_counters_min(rules, ir):
    game = after_setup(rules)
    fig = game.state.characters()[0]
    fig.damage = 3
    heal(game, fig, 5)
    assert fig.damage == 0
    doc = copy.deepcopy(ir)
    counter(doc, "damage")["props"]["min"]["value"] = 1
    game = after_setup(load_rules(doc))
    fig = game.state.characters()[0]
    fig.damage = 3
    heal(game, fig, 5)
    assert fig.damage == 1
    assert game.events[-1]["event"] == "remove-damage" and game.events[-1]["amount"] == 2


@pytest.mark.engine_only
def test_a_game_without_the_vp_counter_keeps_no_victory_points(rules, ir):
    game = after_setup(rules)
    colour = game.state.order[0]
    before = game.engine.counter_value("vp", colour)
    game.engine.gain_counter("vp", colour, 1, None)
    assert game.engine.counter_value("vp", colour) == before + 1
    doc = copy.deepcopy(ir)
    game_comp(doc)["children"] = [c for c in game_comp(doc)["children"] if c["id"] != "vp"]
    game = after_setup(load_rules(doc))
    game.engine.gain_counter("vp", colour, 1, None)
    assert game.engine.counter_value("vp", colour) == 0
    assert not any(e["event"] == "vp" for e in game.events)


def test_the_hand_limit_is_the_counter_of_each_player(rules, ir):
    # "Each player's maximum Mayhem hand size is determined by the total number of Mayhem
    # icons indicated on their Character Dashboards." (Setup)
    decl = rules.counters["hand-limit"]
    assert (decl.per, rules.counter_from["hand-limit"]) == ("player", "mayhem-cards")
    game = after_setup(rules, mode="four-players")
    hands = {pl: n for team in game.view(pieces=False)["teams"].values() for pl, n in team["hands"].items()}
    for fig in characters(game):
        assert hands[fig["player"]] == min(4, prop(printed(rules, "teen-titans-go", fig), "mayhem-cards", 0))
    # counted from another printed property, the limit follows the declaration
    doc = copy.deepcopy(ir)
    counter(doc, "hand-limit")["props"]["start-from"]["value"] = "life"
    teams = after_setup(load_rules(doc), mode="four-players").view(pieces=False)["teams"]
    assert {n for team in teams.values() for n in team["hands"].values()} == {4}
