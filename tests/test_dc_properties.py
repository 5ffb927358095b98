"""Properties of the DC Deck-Building Game over seeded games of random bots, in the standard game
and in each mode the box declares: every card of the box lies in exactly one zone at every step
(none lost, none doubled, none made after the setup), no player's Power is ever below 0, and
every game ends under a cap of decisions, by the rules' own end (the Line-Up that cannot be
refilled, or no Nemesis left to flip), named for it, its winner the one the cards say (VP, then
Nemeses, then cards, worked out here apart from the game's own end). The default run plays 200
games; the `slow` sweep 4,000."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.modes import offered
from mayhem.runtime.kernel.play import RandomBot

BOX = "dc-teen-titans-go"
CONTENT = Path(__file__).resolve().parent.parent / "content"
CAP = 20_000  # decisions: a game of random bots takes about 400
OWN = ("deck", "hand", "discard", "played", "ongoing")  # a player's cards the end counts (game.mh)
REASONS = {1: "line-up", 2: "nemeses"}


@pytest.fixture(scope="module")
def dc_ir(ir):
    assert any(c["kind"] == "box" and c["id"] == BOX for c in ir["components"]), "the DC box is not in content/"
    return ir


def modes(ir) -> list[str]:
    return ["standard", *sorted(offered(ir, BOX))]


def _rank(game, player: str) -> tuple[int, int, int]:
    """The player's VP, Nemeses and cards over the cards they own, read from the cards."""
    state, rules = game.state, game.rules
    vp = nemeses = held = 0
    for zone in OWN:
        for uid in state.zones[f"{zone}/{player}"]:
            card = rules.cards[state.cards[uid]]
            vp += card.props.get("vp", 0) or 0
            nemeses += card.type == "nemesis"
            held += 1
    return vp, nemeses, held


def play_checked(rules, seed: int) -> KernelGame:
    """A game of random bots played out, every property held at every decision."""
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    state, bot = game.state, RandomBot(seed)
    seen = {"decisions": 0, "cards": None, "turn": None}

    def whole() -> None:
        uids = sorted(uid for pile in state.zones.values() for uid in pile)
        assert uids == list(range(len(state.cards))), (seed, "a card lost or in two zones")
        assert all(state.places[uid] == key for key, pile in state.zones.items() for uid in pile), seed

    def choose(decision):
        seen["decisions"] += 1
        assert seen["decisions"] < CAP, (seed, "no end after", CAP, "decisions")
        counted = sum(map(len, state.zones.values()))
        if seen["cards"] is None:  # the first decision: the setup done, every card laid
            fills = sum(e["count"] for e in state.log if e["event"] == "fill")
            assert len(state.cards) == fills + 10 * len(state.players), seed  # the box's cards and 2 starters
            seen["cards"] = len(state.cards)
        assert counted == len(state.cards) == seen["cards"], (seed, counted, len(state.cards))
        assert all(state.counters.get(f"power/{p}", 0) >= 0 for p in state.players), seed
        if state.turn != seen["turn"]:  # a turn's start: each card in exactly one zone
            seen["turn"] = state.turn
            whole()
        return bot.choose(decision, game)

    game.play_out(choose)
    assert game.over and state.result is not None, seed
    whole()
    assert all(state.counters.get(f"power/{p}", 0) >= 0 for p in state.players), seed
    return game


def check_end(game, seed: int) -> str:
    """The game ended by one of its two conditions, named for it; the winner the cards say."""
    state = game.state
    assert state.result["reason"] != "turn-limit", (seed, "the kernel's turn limit ended it, not the rules")
    ended = state.counters["ended"]
    if ended == 1:  # the Line-Up could not be refilled: the main deck ran out
        assert state.zones["main"] == [] and len(state.zones["lineup"]) < 5, seed
    else:
        assert ended == 2 and state.zones["nemeses"] == state.zones["nemesis"] == [], seed
    ranks = {p: _rank(game, p) for p in state.players}
    best = max(ranks.values())
    leaders = [p for p in state.players if ranks[p] == best]
    assert state.result["winners"] == (leaders if len(leaders) == 1 else []), (seed, ranks, state.result)
    assert state.result["reason"] == (REASONS[ended] if len(leaders) == 1 else "draw"), (seed, state.result)
    assert all(state.counters[f"score/{p}"] == ranks[p][0] for p in state.players), seed
    return REASONS[ended]


def sweep(ir, games: int) -> dict[str, Counter]:
    """`games` seeded games spread over the standard game and each mode: the end reasons of each."""
    all_modes = modes(ir)
    ends = {}
    for i, mode in enumerate(all_modes):
        rules = load_game_rules(ir, BOX, mode=mode)
        ends[mode] = Counter(check_end(play_checked(rules, seed), seed)
                             for seed in range(i, games, len(all_modes)))
    return ends


def test_random_games_keep_the_cards_and_the_power_and_end_by_the_rules(dc_ir):
    ends = sweep(dc_ir, 200)
    assert all(sum(c.values()) >= 200 // len(ends) for c in ends.values()), ends
    assert sum(c["line-up"] for c in ends.values()) > 0, ends


@pytest.mark.slow
def test_thousands_of_random_games_keep_the_properties(dc_ir):
    ends = sweep(dc_ir, 4000)
    assert sum(sum(c.values()) for c in ends.values()) == 4000, ends
