"""Speed-ups of the kernel's fifth round (docs/kernel.md, "Speed") that must not change what a
game does: an answer found in the decision's list once (structure.py), a whole game played
with its questions answered where they arise (KernelGame.play_out), the menu's cards made
once per game (actions.py)."""
from __future__ import annotations

import random

import pytest


@pytest.fixture(scope="module")
def rules():
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import load_game_rules
    root = Path(__file__).resolve().parent.parent
    return load_game_rules(driver.compile_paths([root / "content"]).ir, "marvel-mayhem")


def test_a_clone_taken_at_every_decision_plays_the_seeded_game(rules):
    """Clones made at each decision (their generator at the original's point) play on as the
    original does, the reshuffles of an emptied deck too."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    decks = sorted(rules.decks)
    for seed in range(3):
        config = KernelConfig(players=2, seed=seed, decks=decks[:2])
        game, pick = KernelGame(rules, config), random.Random(seed)
        decision, checked = game.start(), 0
        while decision is not None:
            answer = pick.choice(decision.actions)
            if checked < 40 and len(game.history) % 7 == 3:
                trial, follow = game.clone(), random.Random(len(game.history))
                d = trial.act(answer)
                copy = trial.clone()
                other = copy.act(d.actions[0]) if d is not None else None
                mine = trial.act(d.actions[0]) if d is not None else None
                while mine is not None:  # both copies answer alike: the same game
                    assert other is not None and other.actions == mine.actions
                    a = follow.choice(mine.actions)
                    mine, other = trial.act(a), copy.act(a)
                assert other is None and trial.state.log == copy.state.log
                checked += 1
            decision = game.act(answer)
        assert game.state.result is not None


def test_an_answer_not_offered_is_refused_with_the_legal_ones(rules):
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.structure import IllegalKernelAction
    game = KernelGame(rules, KernelConfig(players=2, seed=4, decks=sorted(rules.decks)[:2]))
    decision = game.start()
    with pytest.raises(IllegalKernelAction, match="is not a legal action now.*legal: "):
        game.act("play no-such-card")
    assert decision.kind == "action" and len(set(decision.actions)) > 1
    for taken in (decision.actions[-1], decision.actions[0]):  # the action taken is the one answered
        trial = game.clone()
        trial.act(taken)
        acted = [entry["action"] for entry in trial.state.log if entry["event"] == "action"]
        assert acted == [taken] and trial.history[-1]["action"] == taken


# -- play_out(): questions answered where they arise, no step replayed -----------------------

@pytest.fixture(scope="module")
def ridge():
    from pathlib import Path
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import load_game_rules
    root = Path(__file__).resolve().parent.parent
    return load_game_rules(driver.compile_paths([root / "tests" / "fixtures" / "kernel" / "ridge"]).ir, "ridge")


def by_act(rules, config, seed):
    """The game driven act() by act() (steps stopped at questions and replayed), answers
    drawn from a generator seeded by `seed`."""
    from mayhem.runtime.kernel import KernelGame
    game, pick = KernelGame(rules, config), random.Random(seed)
    decision = game.start()
    while decision is not None:
        decision = game.act(pick.choice(decision.actions))
    return game


def in_place(rules, config, seed, asked=None):
    from mayhem.runtime.kernel import KernelGame
    game, pick = KernelGame(rules, config), random.Random(seed)

    def choose(decision):
        if asked is not None:
            asked.append(decision.kind)
        return pick.choice(decision.actions)
    game.play_out(choose)
    return game


def same_game(a, b):
    assert a.history == b.history
    assert a.state.log == b.state.log
    assert a.state.result == b.state.result and a.state.to_json() == b.state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_played_out_is_the_game_played_act_by_act(rules, players):
    from mayhem.runtime.kernel import KernelConfig
    decks = sorted(rules.decks)
    asked: list[str] = []
    for seed in range(8):
        config = KernelConfig(players=players, seed=seed, decks=[decks[(seed + i) % len(decks)] for i in range(players)])
        played = in_place(rules, config, seed, asked)
        same_game(played, by_act(rules, config, seed))
        assert played.over and played.decision is None and played.pending is None
    assert "target" in asked  # questions inside a step (an Attack's target) were asked in place


def test_ridge_played_out_is_ridge_played_act_by_act(ridge):
    from mayhem.runtime.kernel import KernelConfig
    for seed in range(6):  # Teams, rounds, dice and a board
        config = KernelConfig(players=2 + 2 * (seed % 2), seed=seed)
        same_game(in_place(ridge, config, seed), by_act(ridge, config, seed))


def test_a_game_stopped_inside_a_step_plays_out_from_there(rules):
    """act() up to a target (a step stopped and kept to be replayed), then play_out(): the same game."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    decks = sorted(rules.decks)
    for seed in range(10):
        config = KernelConfig(players=2, seed=seed, decks=decks[:2])
        game, pick = KernelGame(rules, config), random.Random(seed)
        decision = game.start()
        while decision is not None and decision.kind != "target":
            decision = game.act(pick.choice(decision.actions))
        if decision is None:
            continue
        game.play_out(lambda d: pick.choice(d.actions))
        same_game(game, by_act(rules, config, seed))
        return
    pytest.fail("no seed asked for a target")


def test_play_out_refuses_an_answer_not_offered_and_a_clone_under_way(rules):
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.rules import KernelError
    from mayhem.runtime.kernel.structure import IllegalKernelAction
    config = KernelConfig(players=2, seed=1, decks=sorted(rules.decks)[:2])
    with pytest.raises(IllegalKernelAction, match="'play nothing' is not a legal action now"):
        KernelGame(rules, config).play_out(lambda d: "play nothing")
    game = KernelGame(rules, config)
    with pytest.raises(KernelError, match="cannot be cloned while play_out"):
        game.play_out(lambda d: game.clone())
    later = KernelGame(rules, config)
    later.start()
    assert later.clone().decision == later.decision  # at a decision act() returned, a clone is fine


def test_play_game_asks_in_place_only_bots_that_do_not_clone(rules):
    from mayhem.runtime.kernel import KernelConfig
    from mayhem.runtime.kernel.play import RandomBot, RolloutBot, play_game
    assert RandomBot.in_place and not RolloutBot.in_place
    config = KernelConfig(players=2, seed=2, decks=sorted(rules.decks)[:2], max_turns=6)
    game = play_game(rules, config, ["random", "rollout"])  # the rollout bot clones at its decisions
    assert game.over and game.history


def test_the_menu_prints_cards_alike_once_and_apart_where_they_differ(rules):
    """The menu's cards made once per game (actions._plain) print as labels.py says: a card's
    id, one action for copies alike in one hand, `#uid` where copies differ."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.actions import menu
    from mayhem.runtime.kernel.labels import labels
    game = KernelGame(rules, KernelConfig(players=2, seed=0, decks=sorted(rules.decks)[:2]))
    game.start()
    state = game.state
    mine = "hand/" + state.active
    hand = state.zones[mine]
    by_id: dict[str, list[int]] = {}
    for uid, qid in enumerate(state.cards):
        by_id.setdefault(rules.cards[qid].id, []).append(uid)
    twins = next(uids for uids in by_id.values() if len(uids) >= 2)[:2]
    for uid in twins:  # two copies of one card into the hand
        if state.places[uid] != mine:
            state.zones[state.places[uid]].remove(uid)
            hand.append(uid)
            state.places[uid] = mine

    def expected():
        return list(dict.fromkeys("play " + label for label in labels(game, list(hand))))
    actions, texts = menu(game)
    assert texts == expected() and [a.text for a in actions] == texts
    assert len(texts) == len({state.cards[uid] for uid in hand}) < len(hand)  # copies alike: one action
    assert all(a.verb == "play" and a.args[0] in hand for a in actions)
    state.counters[f"damage/#{twins[1]}"] = 1  # one copy now differs: both offered, apart
    actions, texts = menu(game)
    assert texts == expected() and len(texts) > len({state.cards[uid] for uid in hand})
    assert any("#" in text for text in texts)
    assert twins[1] in {a.args[0] for a in actions}  # the copy that differs is its own action
