"""The checks that know deck-builders (compiler/checks/deckbuilder.py and deckbuilder_text.py,
C805-C809) beyond their golden cases: what they read of the lab game Market and of the DC
Deck-Building Game's real cards, the most Power a turn can make, and mistakes put into a copy
of the real cards, each found with its message."""
from __future__ import annotations

import shutil

from mayhem.compiler import driver
from mayhem.compiler.checks import Collection
from mayhem.compiler.checks.deckbuilder_facts import games, market, power_bound

from conftest import CONTENT, FIXTURES

MARKET = FIXTURES / "kernel" / "market"
DC = "dc-teen-titans-go"
CODES = ("C805", "C806", "C807", "C808", "C809")


def _findings(root) -> list[tuple[str, str]]:
    result = driver.check([root])
    return [(d.code, d.message) for d in result.diagnostics.items if d.code in CODES]


def test_market_sells_from_its_line_up_stacks_and_villains_and_its_best_turn_makes_40_power():
    col = Collection(driver.check([MARKET]).ir)
    sold = market(col, games(col)["market"])
    # the Line-Up is filled from the main deck, the face-up villain drawn from the villain stack;
    # Bruises (handed out) and the starters (dealt) are never bought
    assert sold.pay == "power" and sold.bought == {
        "dodge-card": "zone 'lineup', filled from 'main'", "market-card": "zone 'lineup', filled from 'main'",
        "kick-card": "zone 'kicks'", "villain-card": "zone 'lair', filled from 'villains'"}
    bound = power_bound(col, sold)
    # a hand of 5; 4 Scouts, 4 Dodges, 2 Rummages draw one each and the Lich two: 17 cards, of
    # which the 3 Windfalls and the Warlord give 3 and thirteen others 2; 2 Workshops 1 each
    assert (bound.most, bound.why) == (40, "a hand of 5 and the 12 cards the cards a player can own may draw, "
                                           "the 17 cards of most Power among them (4x3 + 13x2), and 2 from the "
                                           "triggers of every card of the game")
    assert _findings(MARKET) == [("C807", "the main deck of game 'market' (zone 'main', 24 cards) by cost: "
                                          "2: 4, 3: 11, 4: 4, 5: 2, 6: 3")]


def _dc_copy(tmp_path, *edits: tuple[str, str, str]):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    for file, old, new in edits:
        path = root / DC / file
        text = path.read_text(encoding="utf-8")
        assert old in text, (file, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


def test_card_text_mistakes_in_the_dc_cards_are_found(tmp_path):
    root = _dc_copy(
        tmp_path,
        ("main-deck.mh", 'text "+2 Power."\n  copies 3 authored', 'text "+3 Power."\n  copies 3 authored'),
        ("main-deck.mh", "If you do, draw two cards.", "If you do, draw three cards."),
        ("main-deck.mh", 'High Five: Each foe', 'Destroy a card in your hand. High Five: Each foe'))
    found = [f for f in _findings(root) if f[0] == "C809"]
    assert found == [
        ("C809", "the text of equipment 'birdarangs' says \"+3 Power\", but the card gives 2 Power"),
        ("C809", "the text of hero 'silkie' says \"draw three cards\", but the card draws 2 cards"),
        ("C809", "the text of hero 'speedy' says \"Destroy\", but the card destroys no card"),
    ]


def test_the_dc_box_counts_its_contents_and_sells_every_card_with_a_cost(tmp_path):
    root = _dc_copy(tmp_path, ("box.mh", "    punch 14\n", "    punch 15\n"),
                    ("main-deck.mh", '  cost 3 rulebook "Sample Turn Sequence"\n', ""))
    found = [f for f in _findings(root) if f[0] in ("C805", "C806")]
    assert ("C805", "the contents 'printed' of box 'dc-teen-titans-go' count 15 for 'punch' (the copies of card "
                    "'punch'); the content has 14, copies counted") in found
    assert ("C806", "equipment 'birdarangs' is bought (from zone 'lineup', filled from 'main') but writes no `cost`: "
                    "every card the game sells prints its cost and VP value") in found


def test_the_real_dc_box_is_quiet_but_for_its_cost_curve():
    """Its contents match the cards (14 Punch in two starter decks, 64 cards the main deck starts
    with, 9 Nemeses ...); its Weaknesses, Starters, Events and Super Heroes are never bought, so
    none is asked for a cost; its texts say what its cards do."""
    assert _findings(CONTENT) == [("C807", "the main deck of game 'dc-teen-titans-go' (zone 'main', 64 cards) by "
                                           "cost: 1: 2, 2: 11, 3: 13, 4: 19, 5: 11, 6: 4, 7: 3, 8: 1")]
