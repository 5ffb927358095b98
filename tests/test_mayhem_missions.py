"""GO! cards and Missions as content (issue #11): the GO! deck's setup, a Mission in play,
fulfilled, its card discarded and the next one drawn are the zones of `game mayhem`
(content/shared/game.mh) read from the IR; runtime/cards_in_play.py is the general machinery
(a per-Team zone `in-play` drawing from `draws-from`, running `enter-effect` and
`done-effect`, its cards done going to `done-to`; a zone that `starts-with` a card type).

The rulebook (Teen Titans GO! Mayhem): "6. Shuffle the 12 GO! Cards and place them facedown
to create the GO! Deck." (Setup) "As soon as a Team fulfills their Mission, they immediately
draw another GO! card and resolve the new When Picked effect. Unless otherwise stated, Teams
cannot have more than 1 GO! card at a time." (Round Start) "4. The reward given when the
mission is fulfilled." (GO! Cards)"""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.runtime import ScenarioError, run_scenario
from mayhem.runtime.rules import load_rules, prop

from game_helpers import after_setup, content_copy

MONSTER = Path(__file__).resolve().parent / "scenarios" / "teen-titans-go" / "monster-mission.toml"


def test_the_card_flow_is_read_from_the_games_zones(rules):
    deck, mission = rules.zone_decls["go-deck"], rules.zone_decls["mission"]
    assert (prop(deck, "starts-with"), prop(deck, "shuffled")) == ("go-card", True)
    assert [prop(mission, p) for p in ("draws-from", "enter-effect", "done-effect", "done-to")] == \
        ["go-deck", "when-picked", "reward", "go-discard"]
    assert rules.in_play == ["mission"] and rules.in_play_kinds == {"go-card"}


def test_setup_puts_the_boxs_go_cards_in_the_deck_shuffled(rules):
    every = sorted(c["qid"] for c in rules.cards_of("go-card", "teen-titans-go").values())
    orders = set()
    for seed in (1, 2, 3):
        deck = zones(after_setup(rules, seed=seed))["go-deck"]
        assert sorted(deck) == every and len(every) == 12
        orders.add(tuple(deck))
    assert len(orders) > 1 and tuple(every) not in orders  # shuffled by the seed
    # a box with no GO! cards, and a mode that uses none ("GO! cards are not used in
    # Free-For-All Mayhem"), start it empty
    assert zones(after_setup(rules, box="looney-tunes")).get("go-deck", []) == []
    ffa = zones(after_setup(rules, mode="free-for-all"))  # `without zone go-deck`
    assert "go-deck" not in ffa and not any(q in every for cards in ffa.values() for q in cards)


def zones(game) -> dict[str, list[str]]:
    """Each zone of the game and the cards in it, by qid (the kernel keeps a card by its
    instance: its qid is `state.cards[uid]`)."""
    st = game.state
    return {z: [st.cards[u] for u in uids] for z, uids in st.zones.items()}


def monster_scenario(tmp_path: Path, expect: str) -> Path:
    """The Defeat the Monster scenario: Black fulfils Control Freak, the GO! deck then empty;
    its [expect] table replaced."""
    text = MONSTER.read_text(encoding="utf-8")
    text = text[:text.index("[expect]")] + "[expect]\n" + expect
    path = tmp_path / "monster.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fulfilled_mission_goes_to_the_discard_and_gives_its_reward(rules, tmp_path):
    path = monster_scenario(tmp_path, '"zones.go-discard" = ["control-freak"]\n"zones.mission/black" = []\n'
                                      '"teams.black.vp" = 1\n'
                                      'events = [{ event = "go-card", team = "black", card = "control-freak" }, '
                                      '{ event = "mission-complete", team = "black", card = "control-freak" }]\n')
    result = run_scenario(rules, path)
    assert result.ok, result.failures


def test_the_content_says_where_a_fulfilled_mission_goes_and_what_it_gives(tmp_path):
    # a copy of the content whose Mission zone sends a fulfilled card to another zone and
    # runs no reward: the same game plays that way
    result = content_copy(tmp_path / "content",
                          ("    done-effect reward\n", ""),
                          ("    done-to go-discard authored\n", "    done-to go-box authored\n"),
                          ('  zone go-discard "GO! discard pile" {',
                           '  zone go-box "GO! cards put away" {\n    source authored\n  }\n\n'
                           '  zone go-discard "GO! discard pile" {'))
    assert result.ok, [d.message for d in result.diagnostics.items]
    changed = load_rules(result.ir)
    path = monster_scenario(tmp_path, '"zones.go-box" = ["control-freak"]\n"zones.go-discard" = []\n'
                                      '"teams.black.vp" = 0\n')
    outcome = run_scenario(changed, path)
    assert outcome.ok, outcome.failures


def test_a_zone_the_flow_names_must_be_declared(tmp_path):
    result = content_copy(tmp_path / "content",
                          ("    done-to go-discard authored\n", "    done-to go-discrad authored\n"))
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in errors] == \
        [("E301", "unknown zone 'go-discrad'", "did you mean 'go-discard'?")]
    assert str(errors[0].span.file).endswith("game.mh") and errors[0].span.line > 0


@pytest.mark.parametrize("key,problem", [("zones.go-dek", "no zone 'go-dek'"),
                                         ("zones.mission/black", None)])
def test_scenarios_expect_zones_by_key(rules, tmp_path, key, problem):
    path = monster_scenario(tmp_path, f'"{key}" = []\n"teams.black.vp" = 1\n')
    if problem is None:
        assert run_scenario(rules, path).ok
    else:
        with pytest.raises(ScenarioError, match=problem):
            run_scenario(rules, path)


def test_the_next_card_is_drawn_at_once_into_the_zone_the_done_one_left(rules, tmp_path):
    # bring-the-pizza.toml: White delivers the Pizza; Couch Potatoes is drawn and resolved at once
    text = (MONSTER.parent / "bring-the-pizza.toml").read_text(encoding="utf-8")
    text += ('"zones.go-discard" = ["bring-the-pizza"]\n"zones.mission/white" = ["couch-potatoes"]\n'
             '"zones.go-deck" = []\n"zones.mission/black" = ["grudge-match"]\n')
    path = tmp_path / "pizza.toml"
    path.write_text(text, encoding="utf-8")
    result = run_scenario(rules, path)
    assert result.ok, result.failures
