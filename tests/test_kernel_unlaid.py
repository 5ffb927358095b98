"""A tile of the content that the game does not lay holds no piece: a card a mode brings from
another box may name one of that box's tiles (Competitive Mode: a Looney Tunes card asks
`has(desert-road, acme)` on the Teen Titans GO! board), and the kernel answers no (it raised a
KernelError before); a holder that names nothing still raises."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.rules import KernelError
from kernel_speed_common import titans  # noqa: F401  (the fixture: Teen Titans GO! as naming game mayhem)

UNLAID = "looney-tunes/desert-road"  # a Looney Tunes Location: never a space of the Teen Titans GO! board


def test_a_tile_the_game_does_not_lay_holds_no_piece(titans):  # noqa: F811
    from mayhem.runtime.kernel import pieces
    assert UNLAID not in titans.spaces
    game = KernelGame(titans, KernelConfig(players=2, seed=3))
    game.start()
    run = Run(game, [])
    token = next(q for q, card in titans.cards.items() if card.type in titans.pieces.types)
    assert pieces.has(run, {}, UNLAID, token) is False
    assert pieces.count(run, {}, token, on=UNLAID) == 0
    assert pieces.count(run, {}, token, on=[UNLAID, *titans.spaces]) == \
        pieces.count(run, {}, token, on=list(titans.spaces))
    with pytest.raises(KernelError, match="no figure, space, player, Team or edge"):
        pieces.has(run, {}, "nowhere", token)


def test_competitive_mode_with_the_other_box_s_cards_plays_on_the_kernel():
    """The game that raised: Competitive Mode on the Teen Titans GO! board, Black's list of Teen
    Titans GO! Characters and White's of Looney Tunes ones (their Mayhem cards in hand), seed 0."""
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime import Game, GameConfig, make_bot
    from mayhem.runtime.rules import load_rules
    from test_modes import team_list
    rules = load_rules(driver.compile_paths([Path(__file__).resolve().parents[1] / "content"]).ir)
    ttg, lt = sorted(rules.characters["teen-titans-go"]), sorted(rules.characters["looney-tunes"])
    lists = {"black": team_list(rules, [("teen-titans-go", ttg[0]), ("teen-titans-go", ttg[1])]),
             "white": team_list(rules, [("looney-tunes", lt[0]), ("looney-tunes", lt[1])])}
    game = Game(rules, GameConfig("teen-titans-go", seed=0, mode="competitive", team_lists=lists))
    bots, d, n = {}, game.start(), 0
    while d is not None and n < 20_000:
        d = game.act(bots.setdefault(d.player, make_bot("random", int(d.player[1:]))).choose(d, game))
        n += 1
    assert game.over and game.result()["reason"]
