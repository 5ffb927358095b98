"""Speed-ups of the kernel's eighth round (docs/kernel.md, "Speed", kspeed8) that must not change
what a game does: a printed card's play and resolution generated once per card
(resolvers.py), held here to the general code they replace, written out in this file as it
was (the play-to zone's declaration read, the parts looked up by the card type's
resolve-order, the end checked after each)."""
from __future__ import annotations

import pytest

from game_helpers import kernel_rules


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
    run.in_place = lambda _player, _kind, _prompt, actions, _span=None: actions[answer % len(actions)]
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


# an action of two parameters whose body ends the turn before its last statement: the rest
# is not done, and the end is still checked (the generated body returns through the check)
BID = '''in box bid

box bid "Bid" {
  source authored
  game bid
  players 2
}

game bid "Bid" {
  source authored
  seats 2
  decks-to deck
  zone deck "Deck" {
    per player
    ordered
  }
  zone hand "Hand" { per player }
  zone discard "Discard pile" { per player }
  counter score "Score" {
    per player
    start 0
  }
  setup {
    for each p in players {
      draw(p, 3)
    }
  }
  action bid "Bid" (n = [1, 2, 3], card = cards-in(hand, me)) {
    effect {
      let twice = n + n
      gain(score, twice)
      end-turn()
      move-card(card, discard)
    }
  }
  action discard "Discard a card" (card = cards-in(hand, me)) {
    effect {
      move-card(card, discard)
    }
  }
  end when value(score, of: first(players)) >= 5 {
    win(first(players))
  }
}

card-type plain "Card" {
  source authored
  cost int 0
}

deck starter "Starter" {
  source authored
  plain a "A" { copies 1 }
  plain b "B" { copies 1 }
  plain c "C" { copies 1 }
}
'''


def _bid_rules(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "bid.mh").write_text(BID)
    return kernel_rules(tmp_path, "bid")


def _taken(game, action, generated: bool):
    """The state (as JSON), result and answers after `action` is taken, in a clone of the game."""
    from mayhem.runtime.kernel.actions import take_action, take_general
    from mayhem.runtime.kernel.effects import GameOver, Run
    trial = game.clone()
    run = Run(trial, [])
    run.in_place = lambda _player, _kind, _prompt, actions, _span=None: actions[-1]
    try:
        (take_action if generated else take_general)(trial, run, action)
    except GameOver:
        pass
    return trial.state.to_json(), trial.state.result, run.answers


def _every_action_both_ways(game, turns: int) -> int:
    """Every legal action of each decision of a seeded random game taken by its declaration's
    generated function and by take_general, from the same state: the same outcome. The
    number of actions compared."""
    import random
    from mayhem.runtime.kernel.actions import legal_actions
    pick, compared = random.Random(5), 0
    decision = game.start()
    for _ in range(turns):
        if decision is None:
            break
        if decision.kind == "action":
            for action in legal_actions(game):
                assert _taken(game, action, True) == _taken(game, action, False), action.text
                compared += 1
        decision = game.act(pick.choice(decision.actions))
    return compared


def test_an_action_s_generated_function_does_what_the_general_code_does(tmp_path):
    """Two parameters, a `let`, a turn ended before the body's last statement (that
    statement is not done) and a win the action makes (the end is checked on the way out)."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    rules = _bid_rules(tmp_path)
    game = KernelGame(rules, KernelConfig(players=2, seed=1, decks=["starter", "starter"]))
    assert _every_action_both_ways(game, 12) > 10
    game = KernelGame(rules, KernelConfig(players=2, seed=1, decks=["starter", "starter"]))
    game.start()
    me = game.state.active
    assert me == game.state.players[0], "the seed is chosen so that the first player wins"
    bid = next(a for a in legal_actions_of(game) if a.text.startswith("bid 3"))
    state, result, _answers = _taken(game, bid, True)
    assert state["counters"][f"score/{me}"] == 6
    assert bid.args[1] in state["zones"][f"hand/{me}"], "the turn ended before the card was discarded"
    first = game.state.players[0]  # the end condition reads the first player's score
    assert result == ({"winners": [first], "reason": "won", "turns": game.state.turn} if me == first else None)


def legal_actions_of(game):
    from mayhem.runtime.kernel.actions import legal_actions
    return legal_actions(game)


@pytest.mark.parametrize("seed", [2, 9])
def test_marvel_and_ridge_actions_generated_do_what_the_general_code_does(rules, seed):
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
    game = KernelGame(rules, KernelConfig(players=3, seed=seed, decks=sorted(rules.decks)[:3]))
    assert _every_action_both_ways(game, 40) > 20
    root = Path(__file__).resolve().parent / "fixtures" / "kernel" / "ridge"
    ridge = load_game_rules(driver.compile_paths([root]).ir, "ridge")
    assert _every_action_both_ways(KernelGame(ridge, KernelConfig(players=4, seed=seed)), 40) > 20


def test_one_card_drawn_by_the_rules_own_function_is_what_draw_does(rules):
    """rules.draw_one (piles.make_draw_one: a turn's `draw(me, 1)`) leaves the state draw()
    leaves, for each player: from a pile with cards, from an empty pile reshuffled from the
    discard pile (the seeded generator drawn the same), and with both empty."""
    import copy
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.piles import draw, make_draw_one
    game = _midgame(rules, 3, 14)
    ours = copy.copy(rules)
    ours.draw_one = None
    one = make_draw_one(ours)
    assert ours.draw_one is one
    for player in game.state.players:
        for emptied in (None, "reshuffle", "both"):
            states = []
            for special in (True, False):
                trial = game.clone()
                zones = trial.state.zones
                if emptied:  # the deck's cards put in the discard pile (or out of both)
                    zones[f"discard/{player}"] = [] if emptied == "both" else zones[f"discard/{player}"] + zones[f"deck/{player}"]
                    for uid in zones[f"deck/{player}"]:
                        trial.state.places[uid] = f"discard/{player}"
                    zones[f"deck/{player}"] = []
                run = Run(trial, [])
                (one if special else draw)(run, {"ctx:me": player}, *((player,) if special else (player, 1)))
                states.append(trial.state.to_json())
            assert states[0] == states[1], (player, emptied)
            hand = states[0]["zones"][f"hand/{player}"]
            assert len(hand) == len(game.state.zones[f"hand/{player}"]) + (emptied != "both")


def test_the_sole_menu_kept_for_play_out_reads_the_cards_again_when_one_is_added(rules):
    """actions.sole_menu_of keeps, for play_out's loop, the cards' plain actions by uid; a card
    added to the game (as a scenario adds one) invalidates them: the next menu offers it, as
    menu() does."""
    from mayhem.runtime.kernel.actions import menu, sole_listing, sole_menu_of
    game = _midgame(rules, 2, 9)
    while game.decision.kind != "action" or not menu(game)[0]:  # a choice of an action
        game.act(game.decision.actions[0])
    listed = sole_menu_of(game, *sole_listing(game))
    assert listed() == menu(game)
    state, me = game.state, game.state.active
    qid = next(q for q in rules.cards if rules.cards[q].id not in {rules.cards[state.cards[u]].id
                                                                    for u in state.zones[f"hand/{me}"]})
    state.cards.append(qid)  # a new card in the active player's hand, of a kind not in it yet
    uid = len(state.cards) - 1
    state.owners.append(me)
    state.places.append(f"hand/{me}")
    state.zones[f"hand/{me}"].append(uid)
    ours = listed()
    assert ours == menu(game)
    assert f"play {rules.cards[qid].id}" in ours[1]
