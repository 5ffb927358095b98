"""The ninth speed pass, words kept per turn (docs/kernel.md, "Speed, ninth pass: words kept per turn").

Each kept answer is held against the plain computation it replaces, over seeded games of both
Mayhem boxes: a card window skipped while no hand holds a card of its timing (windows.py), the
keys of `me`'s hand and `play-to` zone kept per `me` while the Teams' map is the same object
(record.py's `my-hand`, `card-played`), and `restricted` read against the tokens naming the
restriction, kept per rules (record.py). Seeded games played with each switch off are the same."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import load_game_rules, record, windows, writers
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.layout import printed_property
from mayhem.runtime.kernel.piles import cards_in
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, parity_kernel, seeded_states

BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


@pytest.mark.parametrize("box", BOXES)
def test_seeded_games_are_the_same_with_each_word_found_again(ir, box, monkeypatch):
    """Six seeded games of the box, with the window's skip, the kept keys and the restriction's
    tokens on, and with them off (the window searched, the keys found at each call, the tokens
    on the figure listed and read): the same logs, histories and results."""
    def played():
        rules = load_game_rules(ir, box)
        return [play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"])
                for seed in range(6)]
    made = played()
    with monkeypatch.context() as m:
        m.setattr(windows, "HELD", False)
        m.setattr(record, "KEPT", False)
        m.setattr(record, "NAMED", False)
        plain = played()
    for a, b in zip(made, plain):
        assert a.state.log == b.state.log and a.history == b.history and a.state.result == b.state.result


def _plain_holds(state, rules, hand, timing, players) -> bool:
    """Some hand of these players holds a card with an effect that prints this timing (what the
    window's own search looks for, card by card)."""
    per = rules.zones[hand].per
    for player in players:
        for uid in state.zones.get(state.zone_key(hand, player if per else None), ()):
            printed = rules.cards[state.cards[uid]]
            if printed.effect and printed_property(rules, printed, "timing") == timing:
                return True
    return False


@pytest.mark.parametrize("box", BOXES)
def test_a_window_is_skipped_only_when_no_hand_holds_a_card_of_its_timing(ir, box):
    """At every 5th decision of seeded games of 2 and 4 players, for each Team and each timing a
    card of the box prints, `_holds_timed` is the plain search's answer, with each hand as it lies
    and reversed (the card found at any place of a hand, in any player's)."""
    rules = load_game_rules(ir, box)
    hand = rules.zone_roles["draw-to"]
    timings = sorted({printed_property(rules, c, "timing") for c in rules.cards.values() if c.effect} - {None})
    assert timings
    asked = held = 0
    for players, seed in ((2, 0), (2, 1), (4, 2)):
        for game in seeded_states(rules, seed, every=5, decisions=300, players=players):
            state = game.state
            for flip in (False, True):
                if flip:
                    state = state.clone()
                    for p in state.players:
                        state.zones.get(f"{hand}/{p}", []).reverse()
                for team in state.teams:
                    seats = state.teams[team]
                    for timing in timings:
                        got = windows._holds_timed(state, rules, hand, timing, seats)
                        assert got == _plain_holds(state, rules, hand, timing, seats), (seed, team, timing)
                        asked += 1
                        held += got
    assert held and held < asked  # both answers met


def _plain_played(run, env) -> bool:
    zone = run.rules.game["props"]["play-to"]["value"]
    return bool(cards_in(run, env, zone, None))


@pytest.mark.parametrize("box", BOXES)
def test_my_hand_and_card_played_by_the_kept_keys_as_found_again(ir, box):
    """At every 7th decision of seeded games, `my-hand` and `card-played` for every player and
    Team as `me`, asked twice (the second from the kept key), are piles.cards_in's; with the Teams'
    seats then swapped (writers.teams_written: a new map) and a card in one Team's `play-to` zone,
    they are found again for the new Teams."""
    rules = load_game_rules(ir, box)
    hand = rules.game["props"]["draw-to"]["value"]
    played = rules.game["props"]["play-to"]["value"]
    swapped = 0
    for seed in (0, 1):
        for game in seeded_states(rules, seed, every=7, decisions=300):
            state = game.state.clone()
            run = Run(game, [])
            run.state = state
            for _ in range(2):
                for me in [*state.players, *state.teams]:
                    env = {"ctx:me": me}
                    assert record.my_hand(run, env) == cards_in(run, env, hand, None)
                    assert record.card_played(run, env) == _plain_played(run, env)
            t1, t2 = list(state.teams)[:2]
            state.teams = {t1: state.teams[t2], t2: state.teams[t1]}
            writers.teams_written(state)
            state.zones.setdefault(f"{played}/{t1}", [])
            state.zones.setdefault(f"{played}/{t2}", [])
            if not state.zones[f"{played}/{t1}"] and state.zones[f"{hand}/{state.players[0]}"]:
                state.zones[f"{played}/{t1}"].append(state.zones[f"{hand}/{state.players[0]}"][0])
            for me in state.players:
                env = {"ctx:me": me}
                assert record.card_played(run, env) == _plain_played(run, env)
                assert record.my_hand(run, env) == cards_in(run, env, hand, None)
            swapped += state.zones[f"{played}/{t1}"] != state.zones[f"{played}/{t2}"]
    assert swapped  # a swap where the two Teams' zones differ


@pytest.mark.parametrize("box", BOXES)
def test_restricted_by_the_tokens_naming_it_as_by_each_token_read(ir, box):
    """At every 4th decision of seeded games, `restricted(figure, what)` for every figure and
    every restriction a token prints (and one none prints) is `_restricted`'s, which lists the
    tokens on the figure and reads each one's printed `restricts`."""
    rules = load_game_rules(ir, box)
    names = sorted({r for c in rules.cards.values() for r in (printed_property(rules, c, "restricts") or ())})
    assert names
    found = 0
    for seed in (0, 1, 2):
        for game in seeded_states(rules, seed, every=4, decisions=300):
            run = Run(game, [])
            for figure in game.state.figures:
                for what in [*names, "no-such-restriction"]:
                    got = record.restricted(run, {}, figure, what)
                    assert got == record._restricted(run, {}, figure, what), (seed, figure, what)
                    found += got
    assert found  # restricted figures met
