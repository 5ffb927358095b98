"""Rules of the rulebooks that no scenario can hold, because they happen during the setup a
scenario skips (docs/rules-coverage.md lists them with the scenarios)."""
from __future__ import annotations

import pytest

from mayhem.runtime.bots import RandomBot
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game


@pytest.mark.parametrize("box", ["teen-titans-go", "looney-tunes"])
@pytest.mark.parametrize("seed", [3, 4])
def test_the_cards_discarded_at_setup_go_to_the_bottom_of_the_mayhem_deck(rules, box, seed):
    """"Players draw 7 cards from the Mayhem deck. [...] They must choose the cards to be kept
    and discard down to their maximum hand size. Discarded cards are placed facedown at the
    bottom of the Mayhem deck." (Setup, step 5; Looney Tunes, step 7) The deck is listed top
    first: the discarded cards are its last ones, in the order they were discarded, and the
    next card drawn is none of them."""
    game = Game(rules, GameConfig(box=box, mode="standard", seed=seed))
    bots: dict[str, RandomBot] = {}
    discarded: list[str] = []
    d = game.start()
    while d is not None and game.state.phase == "setup":
        action = bots.setdefault(d.player, RandomBot(seed + len(bots))).choose(d, game)
        if str(action).startswith("discard "):
            discarded.append(str(action).split()[-1])
        d = game.act(action)
    deck = [card.rsplit("/", 1)[-1] for card in game.state.zones["mayhem-deck"]]
    hands = [card for zone, cards in game.state.zones.items() if zone.startswith("hand") for card in cards]
    assert discarded, "the 7 cards drawn exceed every hand limit: some are discarded"
    assert hands
    assert deck[-len(discarded):] == discarded
    assert deck[0] not in discarded
    assert not set(discarded) & {card.rsplit("/", 1)[-1] for card in hands}
