"""A deck-builder's Defense as a card's keyword, and triggered abilities in the order their player
chooses, proven by the lab game Aegis (tests/fixtures/kernel/aegis): a card type's `reacts-to
[EVENT, ...]` and `reacts-if PROPERTY` beside `reacts-from` (runtime/kernel/reacting.py), and the
game's `trigger-order chosen` (runtime/kernel/chosen.py). Each rule has a scenario
(tests/fixtures/kernel/aegis-scenarios); copies of the game without a declaration show the gap
it closes; seeded random games keep the invariants; Market given `trigger-order chosen` plays the
same games as Market (no player of it ever has two different listeners of one event)."""
from __future__ import annotations

from pathlib import Path
import random
import tomllib

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from cli_helpers import invoke
from game_helpers import lab_copy_ir, lab_ir

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
FOLDER = HERE / "aegis"
SCENARIOS = sorted((HERE / "aegis-scenarios").glob("*.toml"))
DEFENSES = {"guard", "buckler"}  # the cards with the keyword Defense: a Hero's and an Equipment's


@pytest.fixture(scope="module")
def aegis_ir():
    return lab_ir(FOLDER)


@pytest.fixture(scope="module")
def aegis(aegis_ir):
    return load_game_rules(aegis_ir, "aegis")


def _scenario(ir, name: str):
    path = HERE / "aegis-scenarios" / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    return ksc.run(ir, tomllib.loads(text), text, str(path))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_aegis_scenario(aegis_ir, path):
    text = path.read_text(encoding="utf-8")
    result = ksc.run(aegis_ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_without_reacts_to_a_hero_heard_in_play_is_offered_from_the_hand(tmp_path):
    """The gap `reacts-to` closes: without it, every trigger of a Hero answers from the hand, so the
    Sentinel in p1's hand is offered (`react sentinel`) when p1 plays a card."""
    ir = lab_copy_ir(tmp_path, "aegis", ("  reacts-to [assail]\n", ""))
    result = _scenario(ir, "a-sentinel-is-heard-in-play-not-offered")
    assert not result.ok and any("decision.kind: expected 'action', got 'react'" in f for f in result.failures), \
        result.failures


def test_without_reacts_if_an_equipment_without_defense_is_offered(tmp_path):
    """The gap `reacts-if` closes: without it, the Beacon (no Defense) in the hand is offered against
    an Attack too, and the Beacon in play no longer hears it (a reacting card type's triggers were
    Reactions only)."""
    ir = lab_copy_ir(tmp_path, "aegis", ("  reacts-if defense\n", ""))
    alone = _scenario(ir, "a-beacon-alone-is-no-defense")
    assert not alone.ok and any("'react'" in f or "react" in f for f in alone.failures), alone.failures
    in_play = _scenario(ir, "a-beacon-in-play-hears-the-attack")
    assert not in_play.ok, in_play.failures


def test_in_a_fixed_order_the_listeners_run_unasked(tmp_path):
    """`trigger-order fixed` (the default): the generated lander, no question; the Forge then the
    Vault, whose condition the Forge's Power has made false."""
    ir = lab_copy_ir(tmp_path, "aegis", ("  trigger-order chosen\n", "  trigger-order fixed\n"))
    rules = load_game_rules(ir, "aegis")
    assert hasattr(rules.hearing.landers["played"], "source")  # landers.lander's generated function
    result = _scenario(ir, "triggers-in-the-order-chosen")
    assert not result.ok and any("decision.kind: expected 'first', got 'action'" in f for f in result.failures)
    chosen = load_game_rules(lab_ir(FOLDER), "aegis").hearing.landers["played"]
    assert not hasattr(chosen, "source") and chosen.__module__.endswith("kernel.chosen")


def test_an_event_announced_together_goes_through_the_chosen_lander(tmp_path, aegis):
    """`announce-together` raises an event for many figures by one generated function
    (Landers.together); a game of `trigger-order chosen` has none, so each raise goes through
    the chosen lander, which asks the order (keeping.announce_together's other path)."""
    assert aegis.hearing.landers.together("played") is None
    ir = lab_copy_ir(tmp_path, "aegis", ("  trigger-order chosen\n", "  trigger-order fixed\n"))
    assert callable(load_game_rules(ir, "aegis").hearing.landers.together("played"))


RULED = """
[scenario]
name = "A rule of the game hears a card played before the cards in play, and is no option of the question"
box = "aegis"

[setup]
players = 2
active = "p1"
phase = "actions"

[setup.zones]
"posts.p1" = ["forge", "vault"]
"hand.p1" = ["grit", "grit"]
"deck.p1" = ["brawler"]

[[steps]]
action = "play grit"
expect = { "decision.kind" = "first", "counters.power.p1" = 2 }

[[steps]]
expect_options = ["first forge", "first vault"]
action = "first vault"
expect = { "counters.power.p1" = 3, "zones.hand.p1" = ["grit", "brawler"] }
"""


def test_the_games_rules_run_first_and_are_not_ordered(tmp_path):
    """`trigger-order chosen` orders a player's cards in play and installed triggers; the game's
    rules are no player's and run first, in their order (a copy of Aegis with a rule giving +1
    Power for each card played: 2 Power when the Forge and the Vault are asked about)."""
    rule = '  rule zeal "Zeal" {\n    on played {\n      gain(power, 1)\n    }\n  }\n\n  action play '
    ir = lab_copy_ir(tmp_path, "aegis", ("  action play ", rule))
    result = ksc.run(ir, tomllib.loads(RULED), RULED, "ruled.toml")
    assert result.ok, result.failures


def test_random_games_offer_only_defenses_and_ask_only_about_two_listeners(aegis):
    """120 seeded games of random bots: no card lost or doubled at any decision; every card offered in
    answer is a Defense in the asked player's hand, offered only while an Attack aims at them; every
    `first` question names two or more different cards lying in play in front of the asked player;
    both questions are seen, and every game ends at the clock."""
    reacts = firsts = 0
    for seed in range(120):
        game = KernelGame(aegis, KernelConfig(players=2, seed=seed, decks=["north", "south"]))
        state, pick = game.state, random.Random(seed)

        def choose(decision):
            nonlocal reacts, firsts
            assert sorted(u for pile in state.zones.values() for u in pile) == list(range(len(state.cards)))
            player = decision.player
            if decision.kind == "react":
                reacts += 1
                assert decision.actions[-1] == "pass" and player != state.active
                hand = {game.card_id(u) for u in state.zones[f"hand/{player}"]}
                for option in decision.actions[:-1]:
                    card = option.split(" ", 1)[1].split("#")[0]
                    assert card in DEFENSES and card in hand, (seed, decision.actions, hand)
            elif decision.kind == "first":
                firsts += 1
                posts = {game.card_id(u) for u in state.zones[f"posts/{player}"]}
                cards = [a.split(" ", 1)[1].split("#")[0] for a in decision.actions]
                assert len(set(cards)) == len(cards) >= 2 and set(cards) <= posts, (seed, decision.actions, posts)
                assert player == state.active  # only the player who plays a card has listeners of it
            return pick.choice(decision.actions)

        game.play_out(choose)
        assert game.over and state.result["reason"] in ("clock", "draw") and state.counters["clock"] == 12
    assert reacts > 50 and firsts > 50, (reacts, firsts)


def test_market_with_trigger_order_chosen_plays_the_same_games(tmp_path):
    """The chosen order's lander against the generated one: Market's listeners never give one
    player two different cards hearing one event (two Workshops are copies alike: no question), so
    Market given `trigger-order chosen` plays the same seeded games, log line for log line."""
    plain = load_game_rules(lab_ir(HERE / "market"), "market")
    chosen = load_game_rules(lab_copy_ir(tmp_path, "market", ("  seats 2..4\n", "  seats 2..4\n  trigger-order chosen\n")),
                             "market")
    assert chosen.hearing.landers["assail"].__module__.endswith("kernel.chosen")
    decks = ["east", "north", "south", "west"]
    for seed in range(24):
        players = 2 + seed % 3
        logs = []
        for rules in (plain, chosen):
            game = KernelGame(rules, KernelConfig(players=players, seed=seed, decks=decks[:players]))
            pick = random.Random(seed)
            game.play_out(lambda d: pick.choice(d.actions))
            logs.append((game.state.log, [h.get("action") for h in game.history], game.state.result))
        assert logs[0] == logs[1], seed


def test_the_lab_game_checks_formats_simulates_and_its_scenarios_run():
    checked = invoke("check", FOLDER)
    assert checked.exit_code == 0 and "no problems" in checked.output, checked.output
    formatted = invoke("fmt", "--check", FOLDER)
    assert formatted.exit_code == 0, formatted.output
    result = invoke("simulate", "--box", "aegis", "--games", "20", "--players", "2", "--bots", "random",
                    "--content", FOLDER)
    assert result.exit_code == 0 and "20 games" in result.output, result.output
    scenarios = invoke("scenario", "run", HERE / "aegis-scenarios", "--content", FOLDER)
    assert scenarios.exit_code == 0, scenarios.stdout
    assert scenarios.stdout.splitlines()[-1] == f"{len(SCENARIOS)} passed, 0 failed", scenarios.stdout
