"""A piece turned over keeps no stale label (runtime/kernel/flip.py `turned`, labels.py): a pool
of plain pieces that feeds several tokens (the Mayhem boxes' Stun and Trap) turns a piece over to
show the token placed, so the card's printed id by uid changes while the game's list of them
(`KernelGame._ids`, kept while no card is added) was made before. Every label of an option goes
through KernelGame.labels: after the turn it must print the piece's new token."""
from __future__ import annotations

import pytest

from mayhem.runtime import Game, GameConfig, make_bot
import mayhem.runtime.kernel.flip as flip
import mayhem.runtime.kernel.pieces as pieces


@pytest.mark.parametrize("box, seed", [("teen-titans-go", 2), ("looney-tunes", 1)])
def test_a_piece_turned_over_is_labelled_by_its_new_token(rules, box, seed, monkeypatch):
    turned_uids: list[int] = []
    real = flip.turned

    def turned(run, env, token, n):
        out = real(run, env, token, n)
        turned_uids.extend(out)
        return out
    monkeypatch.setattr(pieces, "turned", turned)
    game, bot = Game(rules, GameConfig(box, seed=seed)), make_bot("random", seed)
    kernel = game.kernel
    decision = game.start()
    kernel.labels(list(range(len(kernel.state.cards))))  # the labels of every card made once
    checked = 0
    while decision is not None and checked < 3:
        decision = game.act(bot.choose(decision, game))
        for uid in dict.fromkeys(turned_uids):
            assert kernel.labels([uid]) == [kernel.card_id(uid)], (uid, len(game.history))
            assert kernel.labels([uid, 0]) == [kernel.card_id(uid), kernel.card_id(0)]
            checked += 1
    assert checked >= 3 and {kernel.card_id(u) for u in turned_uids} == {"trap"}
