"""The rules kernel plays Marvel Mayhem from its content: games end, the state is plain
data (a clone plays on to the same game, and so does a replay of the decisions from the
seed), and runtime/kernel names no game."""
from pathlib import Path
import random
import re

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelError, KernelGame, load_game_rules
from mayhem.runtime.kernel.actions import legal_actions, parse

KERNEL = Path(__file__).resolve().parent.parent / "runtime" / "kernel"
DECKS = ["black-panther", "black-panther"]


@pytest.fixture(scope="module")
def marvel(ir):
    return load_game_rules(ir, "marvel-mayhem")


def play(game: KernelGame, seed: int, limit: int = 10_000) -> list[str]:
    rnd = random.Random(seed)
    decision = game.decision if game.decision is not None or game.over else game.start()
    taken = []
    while decision is not None and len(taken) < limit:
        action = rnd.choice(decision.actions)
        taken.append(action)
        decision = game.act(action)
    return taken


def test_random_games_end_with_the_last_hero_standing(marvel):
    for seed in range(8):
        game = KernelGame(marvel, KernelConfig(players=2, seed=seed, decks=DECKS))
        play(game, seed)
        assert game.over and game.state.result["reason"] == "won"
        (winner,) = game.state.result["winners"]
        loser = next(p for p in game.state.players if p != winner)
        assert game.state.counters[f"hp/{loser}"] == 0 and game.state.out == [loser]
        assert 0 < game.state.counters[f"hp/{winner}"] <= 10


def test_setup_deals_three_cards_and_every_card_has_one_place(marvel):
    game = KernelGame(marvel, KernelConfig(players=3, seed=4, decks=DECKS + ["black-panther"]))
    decision = game.start()
    state = game.state
    assert len(state.cards) == 3 * 28
    placed = sorted(uid for pile in state.zones.values() for uid in pile)
    assert placed == list(range(3 * 28))
    assert all(state.places[uid] == key for key, pile in state.zones.items() for uid in pile)
    first = state.active
    for p in state.players:  # 3 at setup, and the first player drew 1 at the start of the turn
        assert len(state.zones[f"hand/{p}"]) == 3 + (p == first)
    assert decision.player == first and all(a.startswith("play ") for a in decision.actions)


def test_a_clone_plays_on_to_the_same_game(marvel):
    game = KernelGame(marvel, KernelConfig(players=3, seed=11, decks=DECKS + ["black-panther"]))
    game.start()
    rnd = random.Random(5)
    for _ in range(25):
        game.act(rnd.choice(game.decision.actions))
    twin = game.clone()
    assert twin.state == game.state and twin.state is not game.state
    assert twin.decision.actions == game.decision.actions
    play(game, 99)
    before = twin.state.clone()
    play(twin, 99)
    assert twin.state == game.state and twin.history == game.history
    assert before != twin.state  # the clone did not move with the original


def test_a_replay_of_the_decisions_from_the_seed_is_the_same_game(marvel):
    config = KernelConfig(players=4, seed=21, decks=DECKS * 2)
    game = KernelGame(marvel, config)
    taken = play(game, 3)
    again = KernelGame(marvel, config)
    decision = again.start()
    for action in taken:
        assert action in decision.actions
        decision = again.act(action)
    assert decision is None and again.state == game.state


def test_a_game_paused_mid_effect_has_no_live_frame(marvel):
    """A target chosen inside an Attack: the state between the two decisions is data."""
    for seed in range(40):
        game = KernelGame(marvel, KernelConfig(players=3, seed=seed, decks=DECKS + ["black-panther"]))
        decision = game.start()
        rnd = random.Random(seed)
        while decision is not None and decision.kind != "target":
            decision = game.act(rnd.choice(decision.actions))
        if decision is not None:
            break
    assert decision.kind == "target" and all(a.startswith("target ") for a in decision.actions)
    twin = game.clone()
    for g in (game, twin):
        g.act(decision.actions[-1])
    assert twin.state == game.state


def test_actions_print_and_parse_back(marvel):
    game = KernelGame(marvel, KernelConfig(players=2, seed=2, decks=DECKS))
    decision = game.start()
    legal = legal_actions(game)
    assert [a.text for a in legal] == decision.actions
    for action in legal:
        assert parse(str(action), legal) is action
        assert action.verb == "play" and isinstance(action.args[0], int)
    with pytest.raises(ValueError, match="not a legal action now; legal: play "):
        parse("play nothing", legal)


def test_seats_and_decks_are_checked(marvel):
    with pytest.raises(KernelError, match="plays 2 to 4 players, not 5"):
        KernelGame(marvel, KernelConfig(players=5))
    with pytest.raises(KernelError, match="no deck 'hulk'"):
        KernelGame(marvel, KernelConfig(players=2, decks=["hulk", "black-panther"])).start()


# Concepts of the Mayhem games that the kernel must not know (DESIGN.md, principle 1), and
# the words of Marvel Mayhem and of the lab games. (A token is the kernel's own word since pieces (pieces.py): a
# piece is a card of a `token-type` the content declares, and the piece words take the
# vocabulary's `token` argument; no token of a box is named: test_runtime_contract.py.)
CONCEPTS = ("initiative", "recovery", "mayhem", "mission", "victory", "black", "white", "go!",
            "hit point", "hp", "defense", "attack", "healing", "draw-play", "super hero", "marvel",
            "vp", "activation", "ability", "location", "ko", "character", "ridge", "summit", "climber",
            "ember", "freeze", "ranger", "bastion", "rampart", "parry", "bulwark", "ruins", "barricade", "relic",
            "squads", "blaze", "briar", "knack", "talent", "cinder", "scorch",
            "market", "line-up", "villain", "workshop", "dodge", "bruise", "rummage")


def kernel_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(KERNEL.glob("*.py"))).lower()


def test_the_kernel_names_no_game_and_no_component(ir):
    source = kernel_source()
    leaks = [w for w in CONCEPTS if re.search(r"(?<![a-z0-9-])" + re.escape(w) + r"(?![a-z0-9-])", source)]
    assert leaks == []
    names = set()
    for comp in ir["components"]:
        if comp["box"] == "marvel-mayhem":
            for c in [comp] + comp["children"]:
                if c["kind"] not in ("zone", "counter", "action") and len(c["id"]) > 3:
                    names |= {c["id"], (c["name"] or c["id"]).lower()}
    assert names and [n for n in sorted(names) if n.lower() in source] == []


def test_every_kernel_module_is_small_and_says_what_it_owns():
    for path in KERNEL.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 400, path.name
        assert text.startswith('"""'), path.name


def test_the_kernel_implements_exactly_the_vocabulary_the_compiler_knows():
    from mayhem.compiler import builtins_kernel as K
    from mayhem.runtime.kernel import primitives
    from mayhem.compiler import builtins as B
    # and the Mayhem words kernel games share (dashboards), the compiler's entries in builtins.py
    shared = set(K.SHARED_WORDS)
    assert shared <= set(B.PRIMITIVES) | set(B.FUNCTIONS)
    assert set(primitives.PRIMITIVES) == set(K.KERNEL_PRIMITIVES) | (shared & set(B.PRIMITIVES))
    assert set(primitives.FUNCTIONS) == set(K.KERNEL_FUNCTIONS) | (shared & set(B.FUNCTIONS))
    structure = (KERNEL / "structure.py").read_text(encoding="utf-8")
    assert all(f'"{name}"' in structure or name in ("me", "this-card", "amount")
               for name in K.KERNEL_CONTEXT_NAMES)


def test_invariants_hold_at_every_decision_of_random_games(marvel):
    """Every card lies in exactly one zone, the one it says; hit points stay within their
    bounds; damage tokens lie only on cards in play; a player out stays out."""
    for seed in range(12):
        game = KernelGame(marvel, KernelConfig(players=2 + seed % 3, seed=seed, decks=DECKS * 2))
        decision = game.start()
        rnd = random.Random(seed)
        out_before: list[str] = []
        while True:
            state = game.state
            places = sorted(uid for pile in state.zones.values() for uid in pile)
            assert places == list(range(len(state.cards)))
            assert all(state.places[uid] == key for key, pile in state.zones.items() for uid in pile)
            assert all(0 <= state.counters[f"hp/{p}"] <= 10 for p in state.players)
            for key in state.counters:
                if "/#" in key:
                    assert state.places[int(key.split("#")[1])].startswith("defenses/")
            assert state.out[:len(out_before)] == out_before
            out_before = list(state.out)
            if decision is None:
                break
            decision = game.act(rnd.choice(decision.actions))
