"""A mode leaves out zones of the game instead of setting a flag (issue #11, step 8): Free-For-All
Mayhem says `without zone go-deck` ("7. GO! cards are not used in Free-For-All Mayhem.", Teen
Titans GO! Mayhem) and `without zone token-pile` ("Effects and texts that refer ... to ACME tokens
do not apply.", Looney Tunes Mayhem); the flags `no-go-cards` and `no-piles` are gone.
A lab game's mode leaving a zone out: tests/test_kernel_modes.py
test_a_mode_leaves_zones_counters_rules_and_their_pools_out."""
from __future__ import annotations

import copy

import pytest

from mayhem.runtime import ScenarioError, load_rules, run_scenario

from game_helpers import after_setup, content_copy
from test_mayhem_modes_overrides import kernel_rules, mode_comp


def go_cards(rules, box: str = "teen-titans-go") -> list[str]:
    return sorted(c["qid"] for c in rules.cards_of("go-card", box).values())


def go_cards_anywhere(game) -> list[str]:
    """The GO! cards of the game wherever the kernel keeps them (qids)."""
    every, st = set(go_cards(game.rules, game.config.box)), game.state
    return [st.cards[u] for pile in st.zones.values() for u in pile if st.cards[u] in every]


def test_free_for_all_leaves_out_the_go_deck_and_the_token_pile(ir, rules):
    props = mode_comp(ir, "free-for-all")["props"]
    assert ["zone", "go-deck"] in props["without"]["value"] and ["zone", "token-pile"] in props["without"]["value"]
    assert "no-go-cards" not in props and "no-piles" not in props  # the flags are gone
    ffa = kernel_rules(ir, "free-for-all")
    assert "go-deck" not in ffa.zones and "token-pile" not in ffa.zones
    assert "go-deck" in kernel_rules(ir, "standard").zones and "go-deck" in rules.zone_decls  # the game keeps it


def test_removing_the_go_deck_override_deals_the_go_cards_again(ir, rules):
    assert go_cards_anywhere(after_setup(rules, mode="free-for-all")) == []
    doc = copy.deepcopy(ir)
    without = mode_comp(doc, "free-for-all")["props"]["without"]
    without["value"] = [w for w in without["value"] if w != ["zone", "go-deck"]]
    game = after_setup(load_rules(doc), mode="free-for-all")
    assert sorted(go_cards_anywhere(game)) == go_cards(rules) != []


def test_a_scenario_of_free_for_all_may_not_set_up_go_cards(rules, tmp_path):
    path = tmp_path / "ffa.toml"
    path.write_text('[scenario]\nname = "x"\nbox = "teen-titans-go"\n\n[setup]\nmode = "free-for-all"\n'
                    'teams = { p1 = ["robin"], p2 = ["raven"], p3 = ["starfire"] }\ngo_deck = ["control-freak"]\n\n'
                    '[expect]\nover = false\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        run_scenario(rules, path)
    assert "ffa.toml:8:1: error[S100]: mode free-for-all leaves out the GO! deck" in str(err.value)


def acme_piles(game) -> list[list[str]]:
    return [cards for key, cards in game.state.zones.items() if key.startswith("token-pile/") and cards]


def test_the_token_pile_override_alone_keeps_the_acme_pile_off_the_board(tmp_path):
    # Face-down tiles have no Desert Road to pile on; with the tiles face up, the override is
    # what keeps the ACME tokens off it, and without the override they lie there again.
    face_up = ("    lay-board(face-down-slots: 2)\n", "    lay-board()\n")
    with_override = content_copy(tmp_path / "a", modes=(face_up,))
    assert with_override.ok, [d.message for d in with_override.diagnostics.items]
    without_override = content_copy(tmp_path / "b", modes=(face_up, ("  without zone token-pile", "  # no override")))
    assert without_override.ok
    for seed in (1, 2, 3):
        kept = after_setup(load_rules(without_override.ir), box="looney-tunes", mode="free-for-all", seed=seed)
        left = after_setup(load_rules(with_override.ir), box="looney-tunes", mode="free-for-all", seed=seed)
        assert [len(p) for p in acme_piles(kept)] == [10]
        assert acme_piles(left) == []


def test_an_override_naming_no_zone_is_a_positioned_error(tmp_path):
    result = content_copy(tmp_path / "c", modes=(("without zone go-deck", "without zone go-dek"),))
    [err] = [d for d in result.diagnostics.items if d.severity == "error"]
    assert err.code == "E301" and "unknown zone 'go-dek'" in err.message
    assert err.hint.startswith("did you mean 'go-deck'")
    assert err.span.file.endswith("shared/modes.mh") and err.span.col == 16
