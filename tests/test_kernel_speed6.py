"""Speed-ups of the kernel's sixth round (docs/kernel.md, "Speed") that must not change what a
game does: seeded draws written out in one call (draws.py) with the library's very results,
a random bot's choice in play_game's own call."""
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


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 28, 33, 64, 100])
def test_draws_are_the_library_s_own(size):
    """draws.shuffle and draws.choice give random.Random's order and element, and leave the
    generator at the same point (the next draws agree too)."""
    from mayhem.runtime.kernel import draws
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        draws.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
        if size:
            assert draws.choice(mine, a) == theirs.choice(b)
            assert draws.chooser(mine)(a) == theirs.choice(b)
        assert mine.getstate() == theirs.getstate()


def test_draws_from_an_empty_list_raise_as_the_library_does():
    from mayhem.runtime.kernel import draws
    with pytest.raises(IndexError):
        draws.choice(random.Random(0), [])
    with pytest.raises(IndexError):
        draws.chooser(random.Random(0))([])


def test_a_generator_of_another_kind_draws_by_its_own_methods():
    """A subclass may draw its indexes its own way: its own choice and shuffle are used."""
    from mayhem.runtime.kernel import draws

    class Fixed(random.Random):
        def choice(self, seq):
            return seq[-1]

        def shuffle(self, x):
            x.reverse()

    items = [1, 2, 3]
    draws.shuffle(Fixed(0), items)
    assert items == [3, 2, 1]
    assert draws.choice(Fixed(0), items) == 1 and draws.chooser(Fixed(0))(items) == 1
    assert draws.index_drawer(Fixed(0))(len(items)) == 2  # its choice's index


def test_play_game_s_random_bots_answer_as_random_choice_would(rules):
    """play_game's random seats, whose choice is drawn in its own call, answer every decision
    as `random.Random(seed).choice(decision.actions)` would (the seat's seeded generator)."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.play import play_game
    decks = sorted(rules.decks)
    for seed in range(4):
        config = KernelConfig(players=3, seed=seed, decks=decks[:3])
        fast = play_game(rules, config, ["random"])
        game, gens = KernelGame(rules, config), {}
        decision = game.start()
        while decision is not None:
            i = int(decision.player[1:]) - 1
            gen = gens.setdefault(decision.player, random.Random(config.seed * 31 + i))
            decision = game.act(gen.choice(decision.actions))
        assert fast.history == game.history and fast.state.log == game.state.log
        assert fast.state.result == game.state.result


def _var(name: str) -> dict:
    return {"e": "var", "name": name}


@pytest.mark.parametrize("name,arg", [("size", "set"), ("first", "set"), ("last", "set"), ("is-card", "x")])
def test_functions_written_into_the_source_are_the_functions(rules, name, arg):
    """size, first, last and is-card, written into the generated source, give what the
    functions of primitives.FUNCTIONS give, for a list, an empty list, one value, none, a
    bool and a string."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.compile import compiled
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.primitives import FUNCTIONS
    game = KernelGame(rules, KernelConfig(players=2, seed=1, decks=sorted(rules.decks)[:2]))
    game.start()
    run = Run(game, [])
    f = compiled({"e": "fn", "name": name, "args": {arg: _var("x")}})
    for value in ([3, 1, 2], [], 7, None, True, "p1", 0):
        env = {"ctx:me": "p1", "var:x": value}
        assert f(run, env) == FUNCTIONS[name](run, env, value), (name, value)


def test_owner_value_and_prop_written_into_the_source_read_as_the_functions(rules):
    """owner-of a card (and of a seat, which owns nothing), value(C, of: X) with X none (then
    `me`) or a player or a card, and prop(card, P) read what the functions read."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.compile import compiled
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.primitives import FUNCTIONS
    game = KernelGame(rules, KernelConfig(players=2, seed=2, decks=sorted(rules.decks)[:2]))
    game.start()
    run = Run(game, [])
    state = game.state
    state.counters["hp/p2"] = 4
    state.counters["damage/#5"] = 1
    owner = compiled({"e": "fn", "name": "owner-of", "args": {"card": _var("x")}})
    for value in (0, 5, len(state.cards) - 1, "p1", None, True):
        env = {"ctx:me": "p1", "var:x": value}
        assert owner(run, env) == FUNCTIONS["owner-of"](run, env, value), value
    for counter in ("hp", "damage"):
        of = compiled({"e": "fn", "name": "value", "args": {"counter": {"e": "counter", "name": counter},
                                                             "of": _var("x")}})
        for value in (None, "p1", "p2", 5, 6):
            env = {"ctx:me": "p2", "var:x": value}
            assert of(run, env) == FUNCTIONS["value"](run, env, counter, value), (counter, value)
    prop = compiled({"e": "fn", "name": "prop", "args": {"card": _var("x"), "name": {"e": "property",
                                                                                      "name": "defense"}}})
    for value in range(len(state.cards)):
        env = {"ctx:me": "p1", "var:x": value}
        assert prop(run, env) == FUNCTIONS["prop"](run, env, value, "defense")


def test_counter_and_move_primitives_written_into_the_block_do_what_the_primitives_do(rules):
    """gain, lose and set-counter written out as their loop (on: none at run time is `me`, a
    list each, one alone), and move-card (a list, one card, none; `of` none: each card's
    owner) leave the state the primitives themselves leave."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.primitives import PRIMITIVES
    hp = {"e": "counter", "name": "hp"}
    cases = [("gain", {"counter": hp, "amount": {"e": "num", "v": 2}, "on": _var("x")}, ("hp", 2)),
             ("lose", {"counter": hp, "amount": {"e": "num", "v": 3}, "on": _var("x")}, ("hp", 3)),
             ("set-counter", {"counter": hp, "value": {"e": "num", "v": 6}, "on": _var("x")}, ("hp", 6)),
             ("lose", {"counter": hp, "amount": {"e": "num", "v": 1}, "on": None}, ("hp", 1)),
             ("move-card", {"card": _var("x"), "to": {"e": "zone", "name": "discard"}, "of": None},
              (None, "discard"))]
    for name, args, (first, second) in cases:
        values = ([None, "p2", ["p1", "p2"]] if name != "move-card" else [None, 3, [0, 30, 4]])
        for value in values:
            states = []
            for written in (True, False):
                game = KernelGame(rules, KernelConfig(players=2, seed=3, decks=sorted(rules.decks)[:2]))
                game.start()
                env = {"ctx:me": "p1", "var:x": value}
                run = Run(game, [])
                if written:
                    compiled_block([{"op": "primitive", "name": name, "args": args}])(run, env)
                elif name == "move-card":
                    PRIMITIVES[name](run, env, value, second, None)
                else:
                    PRIMITIVES[name](run, env, first, {"gain": 2, "lose": 3, "set-counter": 6}[name]
                                     if args["on"] is not None else 1, value if args["on"] is not None else None)
                states.append(game.state.to_json())
            assert states[0] == states[1], (name, value)
