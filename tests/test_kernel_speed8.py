"""Speed-ups of the kernel's eighth round (docs/kernel.md, "Speed", kspeed8) that must not change
what a game does: a printed card's play and resolution generated once per card
(resolvers.py), held here to the general code they replace, written out in this file as it
was (the play-to zone's declaration read, the parts looked up by the card type's
resolve-order, the end checked after each)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def rules():
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import load_game_rules
    root = Path(__file__).resolve().parent.parent
    return load_game_rules(driver.compile_paths([root / "content"]).ir, "marvel-mayhem")


def _midgame(rules, seed: int, decisions: int):
    """A seeded game of random play stopped after `decisions` decisions (Defense cards on
    the table, damage on them, cards in every zone), or at its end."""
    import random
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed,
                                          decks=[sorted(rules.decks)[(seed + i) % 4] for i in range(2 + seed % 3)]))
    pick = random.Random(seed)
    decision = game.start()
    for _ in range(decisions):
        if decision is None:
            break
        decision = game.act(pick.choice(decision.actions))
    return game


def _play_as_before(run, env, card, play: bool) -> None:
    """primitives.play_card (play) and resolve before this round, as they were."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.piles import move
    from mayhem.runtime.kernel.primitives import resolution_parts
    rules, me, state = run.rules, env["ctx:me"], run.state
    printed = rules.cards[state.cards[card]]
    if play:
        zone = rules.zone_roles["play-to"]
        if zone is not None:
            move(run, card, zone, me)
        state.log.append({"event": "play", "player": me, "card": printed.id, "uid": card})
    for body, amount in resolution_parts(rules, printed):
        inner = {"ctx:me": me, "ctx:this-card": card}
        if amount is not None:
            inner["ctx:amount"] = amount
        compiled_block(body)(run, inner)
        run.game.check_end(run)


def _after(game, card, qid, play: bool, generated: bool, answer: int):
    """The state (as JSON) and the result after the card `card`, printed as `qid`, is played
    (or resolved) by `me`, each question answered by its `answer`-th option."""
    from mayhem.runtime.kernel.effects import GameOver, Run
    from mayhem.runtime.kernel.primitives import play_card, resolve
    trial = game.clone()
    trial.state.cards[card] = qid
    run = Run(trial, [])
    run.in_place = lambda decision: decision.actions[answer % len(decision.actions)]
    env = {"ctx:me": trial.state.active}
    try:
        if generated:
            (play_card if play else resolve)(run, env, card)
        else:
            _play_as_before(run, env, card, play)
    except GameOver:
        pass
    return trial.state.to_json(), trial.state.result, run.answers


@pytest.mark.parametrize("seed,decisions", [(1, 0), (2, 9), (3, 14), (7, 21), (11, 30)])
def test_every_card_s_generated_play_and_resolution_do_what_the_general_code_did(rules, seed, decisions):
    """For every printed card of Marvel Mayhem, played from the active player's hand and
    resolved where it lies, at several points of seeded games (Defense cards to break, a
    player near 0 hit points), with the first and the last target: the same state, the same
    result and the same questions as the general code."""
    game = _midgame(rules, seed, decisions)
    assert not game.over, "the seeds are chosen so that the game goes on"
    hand = game.state.zones[f"hand/{game.state.active}"]
    assert hand, "the active player holds a card"
    weak = game.clone()  # every opponent at 1 hit point: an Attack ends the game between two parts
    for player in weak.state.in_game():
        if player != weak.state.active:
            weak.state.counters[f"hp/{player}"] = 1
    ended = 0
    for start in (game, weak):
        for qid in rules.cards:
            for play in (True, False):
                for answer in (0, -1):
                    ours = _after(start, hand[0], qid, play, True, answer)
                    before = _after(start, hand[0], qid, play, False, answer)
                    assert ours == before, (qid, play, answer)
                    ended += ours[1] is not None
    assert ended, "some card ends the game"


def test_a_card_played_in_a_game_without_a_play_zone_stays_and_resolves(rules):
    """A game that names no `play-to` zone: the card stays where it is, is logged as played
    and resolves (the generated function has no move)."""
    import copy
    game = _midgame(rules, 4, 5)
    ours = copy.copy(rules)
    ours.zone_roles = dict(rules.zone_roles, **{"play-to": None})
    ours.plays, ours.resolves = {}, {}
    game.rules = ours
    card = game.state.zones[f"hand/{game.state.active}"][0]
    qid = next(q for q, c in rules.cards.items() if c.props.get("healing"))
    assert _after(game, card, qid, True, True, 0) == _after(game, card, qid, True, False, 0)
    state = _after(game, card, qid, True, True, 0)[0]
    assert card in state["zones"][f"hand/{game.state.active}"]
