"""A KO gives 1 VP by a rule written in content (issue #11, migration step 3): the trigger
`on ko` of the game `mayhem` (content/shared/game.mh); the engine only announces the KO.

The rulebooks: "Whenever a Character is KO'ed, the opposing player gains 1 VP, taking a VP
token of their Team's color." (Teen Titans GO! Mayhem, KO) "Whenever a Toon is KO'ed, the
opposing player gains 1 VP, taking a VP token of their Team's color." (Looney Tunes Mayhem,
KO) "Teams do not gain Victory Point in this mode" (Free-For-All Mayhem)."""
from __future__ import annotations

import copy

from mayhem.runtime.figures import GameOver
from mayhem.runtime.rules import load_rules

from game_helpers import after_setup
from test_mayhem_zones import game_comp


def ko_someone(game):
    """KO the first character of the first Team, on the board; the other Team's VP before."""
    st = game.state
    eng = game.engine
    fig = st.characters(st.order[0])[0]
    eng.relocate(fig, next(i for i in st.board.live()))
    other = st.order[1]
    before = eng.counter_value("vp", other)
    drive(eng.ko(fig, None))
    return fig, other, before


def drive(gen) -> None:
    """Run an engine step, passing at every decision it asks (a Reaction to the KO)."""
    try:
        d = next(gen)
        while True:
            d = gen.send("pass" if "pass" in d.actions else d.actions[0])
    except (StopIteration, GameOver):
        pass


def ko_rule(ir: dict) -> dict:
    return next(c for c in game_comp(ir)["children"] if c["kind"] == "rule" and c["id"] == "ko-vp")


def test_the_ko_rule_is_a_named_rule_of_the_shared_game(ir):
    triggers = ko_rule(ir)["triggers"]
    assert [t["event"] for t in triggers] == ["ko"]
    gain = triggers[0]["body"][0]  # the kernel's counter word: gain(vp, 1, on: opposing-team)
    assert (gain["name"], gain["args"]["counter"]["name"]) == ("gain", "vp")


def test_a_ko_gives_the_other_team_1_vp(rules):
    game = after_setup(rules)
    fig, other, before = ko_someone(game)
    assert game.engine.counter_value("vp", other) == before + 1
    ko, vp = [e for e in game.events if e["event"] in ("ko", "vp")][-2:]
    assert (ko["event"], ko["figure"], vp["event"], vp["team"]) == ("ko", fig.key, "vp", other)
    assert vp["span"].startswith("shared/game.mh:")  # the log points at the rule


def test_without_the_rule_a_ko_gives_nothing(ir):
    doc = copy.deepcopy(ir)
    game_comp(doc)["children"].remove(ko_rule(doc))
    game = after_setup(load_rules(doc))
    _fig, other, before = ko_someone(game)
    assert game.engine.counter_value("vp", other) == before
    assert not any(e["event"] == "vp" for e in game.events)


def test_free_for_all_gains_no_vp_from_a_ko(rules):
    game = after_setup(rules, mode="free-for-all")
    st = game.state
    fig, _other, _before = ko_someone(game)
    assert {game.engine.counter_value("vp", c) for c in st.order} == {0}
    assert not any(e["event"] == "vp" for e in game.events)
