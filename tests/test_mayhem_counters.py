"""Life, Damage and VP as counters of the game `mayhem` (content/shared/game.mh; issue #11,
migration step 2): a figure's Life is the counter's `start-from` (the dashboard's printed Life
Points), and each player's hand limit the counter counted from the dashboards' Mayhem icons.

The rulebooks: "Life Points: The amount of Damage a Character can endure before they are
KO'ed." (Character Dashboard) "A Character is KO'ed when their Damage tokens equal or exceed
their Life Points." "Whenever a Character is KO'ed, the opposing player gains 1 VP, taking a
VP token of their Team's color." (KO)

Damage never below 0 is the scenario looney-tunes/heal-x.toml (1 Damage, Heal 2: 0); a game
without the `vp` counter is Free-For-All's (`without counter vp`: modes/ffa-permanent-ko.toml, no VP)."""
from __future__ import annotations

import copy

from mayhem.runtime.rules import load_rules, prop

from game_helpers import after_setup
from test_mayhem_zones import game_comp


def printed(rules, box: str, figure: dict) -> dict:
    """The dashboard a figure of the view shows: its side, else its character."""
    comp = rules.characters[box][figure["character"]]
    return next((c for c in comp.get("children", ()) if c["id"] == figure["side"]), comp) if figure["side"] else comp


def counter(doc: dict, cid: str) -> dict:
    return next(c for c in game_comp(doc)["children"] if c["kind"] == "counter" and c["id"] == cid)


def test_life_damage_and_vp_are_declared_counters(rules):
    c = rules.counters
    assert (c["life"].per, c["life"].start, c["life"].min, rules.counter_from["life"]) == ("figure", 10, 0, "life")
    assert (c["damage"].per, c["damage"].start, c["damage"].min) == ("figure", 0, 0)
    assert (c["vp"].per, c["vp"].min) == ("team", 0)


def characters(game) -> list[dict]:
    """The view's characters."""
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
