"""Rules of the rulebooks that no scenario can hold, because they happen during the setup a
scenario skips (docs/rules-coverage.md lists them with the scenarios)."""
from __future__ import annotations

import pytest

from mayhem.runtime import Game, GameConfig, make_bot


def zone_cards(game, zone: str) -> list[str]:
    """The cards (qids) of a zone in its order, top first: the kernel keeps pieces (its `cards`
    names each). The view gives a deck's size only."""
    st = game.state
    return [st.cards[u] for u in st.zones[zone]]


@pytest.mark.parametrize("box", ["teen-titans-go", "looney-tunes"])
@pytest.mark.parametrize("seed", [3, 4])
def test_the_cards_discarded_at_setup_go_to_the_bottom_of_the_mayhem_deck(rules, box, seed):
    """"Players draw 7 cards from the Mayhem deck. [...] They must choose the cards to be kept
    and discard down to their maximum hand size. Discarded cards are placed facedown at the
    bottom of the Mayhem deck." (Setup, step 5; Looney Tunes, step 7) The deck is listed top
    first: the discarded cards are its last ones, in the order they were discarded, and the
    next card drawn is none of them."""
    game = Game(rules, GameConfig(box=box, mode="standard", seed=seed))
    bots: dict = {}
    discarded: list[str] = []
    d = game.start()
    while d is not None and game.view(pieces=False)["round"] == 0:  # the setup
        action = bots.setdefault(d.player, make_bot("random", seed + len(bots))).choose(d, game)
        if str(action).startswith("discard "):
            discarded.append(str(action).split()[-1])
        d = game.act(action)
    deck = [card.rsplit("/", 1)[-1] for card in zone_cards(game, "mayhem-deck")]
    hands = [card for team in game.view()["teams"].values() for card in team["cards"]]
    assert discarded, "the 7 cards drawn exceed every hand limit: some are discarded"
    assert hands
    assert deck[-len(discarded):] == discarded
    assert deck[0] not in discarded
    assert not set(discarded) & {card.rsplit("/", 1)[-1] for card in hands}


@pytest.mark.parametrize("box", ["teen-titans-go", "looney-tunes"])
def test_three_players_the_pair_draws_4_each_and_the_single_player_7(rules, box):
    """"For the 3-player variant, 2 players form a Team and face off against the remaining
    player. The 2-player Team uses the variant rules presented here while the single player
    uses the usual game rules." "During the Draw step, each player draws 4 cards and must
    discard down to the maximum Mayhem icon on their Character Dashboard." (3 and 4 Player
    Variant Rules) The single player draws 7 and keeps up to the icons of both characters
    (Setup, step 5)."""
    from mayhem.runtime.rules import prop

    game = Game(rules, GameConfig(box=box, mode="three-players", seed=5))
    bots: dict = {}
    discards: dict[str, int] = {}
    d = game.start()
    while d is not None and game.view(pieces=False)["round"] == 0:  # the setup
        action = bots.setdefault(d.player, make_bot("random", 5 + len(bots))).choose(d, game)
        if str(action).startswith("discard "):
            discards[d.player] = discards.get(d.player, 0) + 1
        d = game.act(action)
    seen = game.view()
    icons: dict[str, int] = {}
    for fig in seen["figures"].values():
        if fig["kind"] == "character":
            comp = rules.characters[box][fig["character"]]
            side = next((c for c in comp["children"] if c["kind"] == "side" and c["id"] == fig["side"]), comp)
            icons[fig["player"]] = icons.get(fig["player"], 0) + prop(side, "mayhem-cards", 0)
    controls = {p: sum(1 for f in seen["figures"].values() if f["kind"] == "character" and f["player"] == p) for p in icons}
    hands = {p: n for team in seen["teams"].values() for p, n in team["hands"].items()}
    assert sorted(controls.values()) == [1, 1, 2]
    for player, n in controls.items():
        hand = hands[player]
        drawn = hand + discards.get(player, 0)
        assert drawn == (7 if n == 2 else 4), (player, drawn)
        assert hand == min(drawn, icons[player]), (player, hand, icons[player])
