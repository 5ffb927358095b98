"""A mode's deck filtered by a card property, in content (issue #11, step 8): Free-For-All says
`cards-with free-for-all` ("5. Remove any cards from the Mayhem deck that do not have the
Free-For-All symbol.", Setup), the flag its card type declares (content/shared/card-types.mh:
"5. Free-For-All: Cards with this icon can be used in Free-For-All mode."). The enum `cards
free-for-all` the runtime branched on is gone. The cards dealt are read from the kernel's zones;
a lab game's mode that keeps the cards with its flag: tests/test_kernel_modes.py
test_a_mode_keeps_the_cards_with_its_flag_in_the_decks."""
from __future__ import annotations

import copy

import pytest

from mayhem.runtime.rules import load_rules, prop

from game_helpers import after_setup, content_copy
from test_mayhem_modes_overrides import mode_comp


def mayhem_cards_dealt(game) -> list[str]:
    """Every Mayhem card of the game after setup, wherever it is (the deck, the hands)."""
    st, rules = game.state, game.rules
    return [st.cards[u] for pile in st.zones.values() for u in pile
            if rules.by_qid.get(st.cards[u], {}).get("kind") == "mayhem-card"]


def test_free_for_all_keeps_the_cards_with_the_flag(ir, rules):
    props = mode_comp(ir, "free-for-all")["props"]
    assert props["cards-with"]["value"] == "free-for-all" and "cards" not in props
    for box in ("teen-titans-go", "looney-tunes"):
        game = after_setup(rules, box=box, mode="free-for-all")
        dealt = mayhem_cards_dealt(game)
        flagged = sorted(c["qid"] for c in rules.mayhem_cards[box].values() if prop(c, "free-for-all"))
        assert sorted(dealt) == flagged and 0 < len(flagged) < len(rules.mayhem_cards[box])


def test_without_cards_with_free_for_all_deals_the_whole_deck(ir, rules):
    doc = copy.deepcopy(ir)
    del mode_comp(doc, "free-for-all")["props"]["cards-with"]
    game = after_setup(load_rules(doc), box="looney-tunes", mode="free-for-all")
    assert sorted(mayhem_cards_dealt(game)) == sorted(c["qid"] for c in rules.mayhem_cards["looney-tunes"].values())


def test_the_filter_is_the_named_flag_not_the_modes_name(ir, rules):
    # the standard game, given the filter, deals the flagged cards only: the property decides
    doc = copy.deepcopy(ir)
    mode_comp(doc, "standard")["props"]["cards-with"] = copy.deepcopy(mode_comp(doc, "free-for-all")["props"]["cards-with"])
    game = after_setup(load_rules(doc), box="looney-tunes")
    assert all(prop(rules.by_qid[q], "free-for-all") for q in mayhem_cards_dealt(game))


@pytest.mark.parametrize("written, hint", [
    ("cards-with free-for-al", "did you mean 'free-for-all'?"),
    ("cards-with timing", "the flags the card types declare: free-for-all"),
])
def test_cards_with_names_a_flag_of_a_card_type(tmp_path, written, hint):
    result = content_copy(tmp_path / "c", modes=(("cards-with free-for-all", written),))
    [err] = [d for d in result.diagnostics.items if d.severity == "error"]
    name = written.split()[1]
    assert (err.code, err.message) == ("E301", f"unknown card property '{name}': no card type declares it as a flag")
    assert err.hint == hint
    assert err.span.file.endswith("shared/modes.mh") and err.span.col == 14
