"""A deck-builder on the kernel, proven by the lab game Market (tests/fixtures/kernel/market):
starter decks, a shared main deck and its line-up refilled at the end of a turn, a stack always
buyable, a villain stack of which one lies face up in play (a zone of the table `draw-into` fills at
a turn's end), the only one buyable, one a turn; Power kept in a counter reset at
the turn's end; cards bought with `gain-card` (the card becomes the buyer's) into the discard
pile, reshuffled into the deck only when a card must be drawn; an Attack answered by a Defense
from the hand; an Ongoing card in an `in-play` zone; the end when the line-up cannot be refilled
or no villain is left, the winner by the VP of every card a player owns. Each rule has a scenario
(tests/fixtures/kernel/market-scenarios); a few hundred seeded random games keep the invariants
(cards conserved, Power never negative and never overspent, every game ended by one of the two
conditions and named for it, the winner the one the cards say)."""
from __future__ import annotations

import json
from pathlib import Path
import random
import tomllib

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from cli_helpers import invoke
from game_helpers import lab_ir as compiled

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
FOLDER = HERE / "market"
SCENARIOS = sorted((HERE / "market-scenarios").glob("*.toml"))
DECKS = ["east", "north", "south", "west"]
OWN = ("deck", "hand", "played", "ongoing", "discard")  # the zones of a player's own cards


@pytest.fixture(scope="module")
def market_ir():
    return compiled(FOLDER)


@pytest.fixture(scope="module")
def market(market_ir):
    return load_game_rules(market_ir, "market")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_market_scenario(market_ir, path):
    text = path.read_text(encoding="utf-8")
    result = ksc.run(market_ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_the_market_is_laid_out_with_every_copy(market):
    """`fill-zones()` lays each zone that `starts-with` a card type (or a list of them) with each
    card as many times as its `copies`: the main deck (`starts-with [market-card, dodge-card]`)
    and the line-up hold the 20 market cards and the 4 Dodges, the Kick stack 10, the Bruise
    stack 10, the villain stack 2 and one villain face up in play; each player 5 in hand, 5 in deck; each pile's `fill` logs its
    cards, copies counted."""
    game = KernelGame(market, KernelConfig(players=3, seed=1, decks=DECKS[:3]))
    game.start()
    zones, ids = game.state.zones, game.card_id
    assert len(zones["lineup"]) == 5 and len(zones["main"]) == 19
    assert sorted(map(ids, zones["main"] + zones["lineup"])) == sorted(
        ["hammer"] * 5 + ["scout"] * 4 + ["jab"] * 4 + ["workshop"] * 2 + ["rummage"] * 2 + ["windfall"] * 3
        + ["dodge"] * 4)
    fills = {e["zone"]: e["count"] for e in game.state.log if e["event"] == "fill"}
    assert fills == {"main": 24, "kicks": 10, "villains": 3, "bruises": 10}, fills
    assert [ids(u) for u in zones["kicks"]] == ["kick"] * 10 and [ids(u) for u in zones["bruises"]] == ["bruise"] * 10
    assert sorted(map(ids, zones["villains"] + zones["lair"])) == ["lich", "rat-king", "warlord"]
    assert len(zones["lair"]) == 1 and not any(e["event"] == "draw-into" for e in game.state.log)  # laid, not drawn
    assert all(len(zones[f"hand/{p}"]) == 5 and len(zones[f"deck/{p}"]) == 5 for p in game.state.players)


def _rank(game: KernelGame, player: str) -> tuple[int, int, int]:
    """The player's VP (a Bruise's printed -1 counted), villains and cards, over every card they
    own: worked out here from the cards, apart from the game's own end."""
    state, rules = game.state, game.rules
    vp = villains = held = 0
    for zone in OWN:
        for uid in state.zones[f"{zone}/{player}"]:
            card = rules.cards[state.cards[uid]]
            vp += card.props.get("vp", 0)
            villains += card.type == "villain-card"
            held += 1
    return vp, villains, held


def test_random_games_keep_the_invariants_and_end_by_one_of_the_two_conditions(market):
    """240 seeded games of random bots (2, 3 and 4 players in turn), played out: at every decision
    no card is lost or doubled and no player's Power is below 0, and every buy offered is paid
    for by the Power; each game ends, by the line-up left short with the main deck empty or by the
    villains all beaten (both seen), every card in one zone, its winner the one the cards say."""
    ends, turns, decisions, bought = {1: 0, 2: 0}, 0, 0, 0
    for seed in range(240):
        players = 2 + seed % 3
        game = KernelGame(market, KernelConfig(players=players, seed=seed, decks=DECKS[:players]))
        state, rules, pick = game.state, market, random.Random(seed)
        total = None

        def choose(decision):
            nonlocal total, bought
            counted = sum(map(len, state.zones.values()))
            total = counted if total is None else total
            assert counted == total == len(state.cards)
            assert all(state.counters[f"power/{p}"] >= 0 for p in state.players)
            power = state.counters.get(f"power/{decision.player}", 0)
            for action in decision.actions:
                verb, _, what = action.partition(" ")
                if verb == "buy":
                    uid = next(u for u in state.zones["lineup"] if game.card_id(u) == what.split("#")[0])
                elif verb in ("kick", "beat"):
                    uid = state.zones["kicks" if verb == "kick" else "lair"][0]
                else:
                    continue
                assert rules.cards[state.cards[uid]].props["cost"] <= power, (seed, action, power)
                bought += 1
            return pick.choice(decision.actions)

        game.play_out(choose)
        assert game.over and state.result is not None
        assert sorted(uid for pile in state.zones.values() for uid in pile) == list(range(len(state.cards)))
        assert all(state.places[uid] == key for key, pile in state.zones.items() for uid in pile)
        ended = state.counters["ended"]
        if ended == 1:  # the line-up could not be refilled: the main deck ran out
            assert state.zones["main"] == [] and len(state.zones["lineup"]) < 5
        else:
            assert ended == 2 and state.zones["villains"] == state.zones["lair"] == []
        ends[ended] += 1
        ranks = {p: _rank(game, p) for p in state.players}
        best = max(ranks.values())
        leaders = [p for p in state.players if ranks[p] == best]
        assert state.result["winners"] == (leaders if len(leaders) == 1 else []), (seed, ranks, state.result)
        assert state.result["reason"] == (("line-up", "villains")[ended - 1] if len(leaders) == 1 else "draw")
        assert all(state.counters[f"score/{p}"] == ranks[p][0] for p in state.players)
        turns += state.turn
        decisions += len(game.history)
    assert ends[1] > 20 and ends[2] > 20, ends
    assert bought > 1000 and decisions > 2 * turns


def test_the_lab_game_checks_formats_simulates_and_its_scenarios_run():
    checked = invoke("check", FOLDER)
    # clean but for the deck-builder's cost-curve note (C807, a note, not a problem)
    assert checked.exit_code == 0 and checked.output.endswith("24 components: 1 note\n"), checked.output
    assert "note[C807]" in checked.output, checked.output
    formatted = invoke("fmt", "--check", FOLDER)
    assert formatted.exit_code == 0, formatted.output
    result = invoke("simulate", "--box", "market", "--games", "40", "--players", "4", "--bots", "random",
                    "--format", "json", "--content", FOLDER)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 40 and sum(summary["wins"].values()) > 0
    assert set(summary["reasons"]) <= {"line-up", "villains", "draw"} and "line-up" in summary["reasons"]
    scenarios = invoke("scenario", "run", HERE / "market-scenarios", "--content", FOLDER)
    assert scenarios.exit_code == 0, scenarios.stdout
    assert scenarios.stdout.splitlines()[-1] == f"{len(SCENARIOS)} passed, 0 failed", scenarios.stdout
