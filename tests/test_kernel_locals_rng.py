"""Two speed-ups of the kernel that must not change what a game does: a compiled block keeps
its variables in Python locals (compile_stmts.Locals), and a state's seeded generator is saved
into its data only when needed (state.State.rng)."""
from __future__ import annotations

import random
from types import SimpleNamespace

from mayhem.runtime.kernel.compile_stmts import compiled_block
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.state import State


def num(v):
    return {"e": "num", "v": v}


def var(name):
    return {"e": "var", "name": name}


def let(name, value):
    return {"op": "let", "name": name, "value": value}


def plus(a, b):
    return {"e": "bin", "op": "+", "l": a, "r": b}


def run_block(body, env, answers=()):
    state = State(0)
    run = Run(SimpleNamespace(rules=None, state=state), list(answers))
    compiled_block(body)(run, env)
    return env


def test_a_variable_set_then_read_is_the_value_set():
    env = run_block([let("x", num(2)), let("y", plus(var("x"), num(3))), let("x", num(7)),
                     let("z", plus(var("x"), var("y")))], {})
    assert (env["var:x"], env["var:y"], env["var:z"]) == (7, 5, 12)


def test_a_variable_of_the_caller_is_read_from_env():
    env = run_block([let("y", plus(var("x"), num(1)))], {"var:x": 41})
    assert env["var:y"] == 42


def test_a_variable_set_in_one_branch_only_is_the_callers_on_the_other():
    branch = {"op": "if", "cond": {"e": "bool", "v": False}, "then": [let("x", num(5))], "else": []}
    env = run_block([branch, let("y", var("x"))], {"var:x": 1})
    assert env["var:y"] == 1
    taken = {**branch, "cond": {"e": "bool", "v": True}}
    assert run_block([taken, let("y", var("x"))], {"var:x": 1})["var:y"] == 5


def test_a_loop_variable_is_each_value_and_the_last_after_the_loop():
    loop = {"op": "for-each", "var": "v", "source": {"e": "list", "items": [num(1), num(2), num(3)]},
            "body": [let("sum", plus(var("sum"), var("v")))]}
    env = run_block([let("sum", num(0)), loop, let("after", var("v"))], {})
    assert (env["var:sum"], env["var:after"]) == (6, 3)


def test_a_variable_set_by_a_chosen_option_is_seen_after_choose_one():
    choose = {"op": "choose", "span": "t.mh:1:1", "options": [
        {"label": "low", "body": [let("x", num(1))]}, {"label": "high", "body": [let("x", num(9))]}]}
    body = [let("x", num(0)), choose, let("y", var("x"))]
    assert run_block(body, {"ctx:me": "p1"}, ["choose high"])["var:y"] == 9
    assert run_block(body, {"ctx:me": "p1"}, ["choose low"])["var:y"] == 1


def draws(state: State, n: int) -> list[float]:
    gen = state.random()
    out = [gen.random() for _ in range(n)]
    state.keep(gen)
    return out


def test_states_drawing_in_turn_each_follow_their_own_seed():
    a, b = State(1), State(2)
    got_a = draws(a, 3) + draws(a, 2)
    got_b = draws(b, 4)
    got_a += draws(a, 1)
    got_b += draws(b, 2)
    ref_a, ref_b = random.Random(1), random.Random(2)
    assert got_a == [ref_a.random() for _ in range(6)]
    assert got_b == [ref_b.random() for _ in range(6)]
    assert a.to_json()["rng"] == ref_a.getstate() and b.rng == ref_b.getstate()


def test_a_copy_made_after_a_draw_draws_what_the_original_draws():
    state = State(5)
    draws(state, 3)  # the generator's state is still only the generator's
    copy = state.clone()
    assert draws(copy, 4) == draws(state, 4)
    assert copy == state


def test_a_state_given_a_saved_rng_draws_from_it():
    ref = random.Random(9)
    ref.random()
    state = State(0)
    state.rng = ref.getstate()
    assert draws(state, 2) == [ref.random(), ref.random()]


def test_a_table_dealt_again_is_a_copy_of_the_first(ir):
    """setup.py keeps the first game's table (seats to decks dealt) and copies it for the next
    games of the same players and decks: each game has its own lists, and plays the same."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
    from mayhem.runtime.kernel.play import play_game
    rules = load_game_rules(ir, "marvel-mayhem")
    decks = sorted(rules.decks)[:2]
    first = play_game(rules, KernelConfig(players=2, seed=3, decks=decks), ["random"])
    again = play_game(rules, KernelConfig(players=2, seed=3, decks=decks), ["random"])
    assert again.state.log == first.state.log and again.state == first.state
    a = KernelGame(rules, KernelConfig(players=2, seed=4, decks=decks))
    b = KernelGame(rules, KernelConfig(players=2, seed=4, decks=decks))
    a.start()
    b.start()
    assert a.state.zones == b.state.zones
    assert all(a.state.zones[k] is not b.state.zones[k] for k in a.state.zones)
    assert a.state.cards is not b.state.cards and a.state.counters is not b.state.counters


def select(where, items=("a", "b", "c")):
    return {"e": "select", "kind": "player", "quant": "all", "span": "t.mh:1:1", "where": where,
            "in": {"e": "list", "items": [{"e": "str", "v": v} for v in items]}}


def test_a_selectors_condition_reads_each_candidate_as_it():
    from mayhem.runtime.kernel.compile import compiled
    not_b = {"e": "cmp", "op": "!=", "l": {"e": "it"}, "r": {"e": "str", "v": "b"}}
    run = Run(SimpleNamespace(rules=None, state=State(0)), [])
    assert compiled(select(not_b))(run, {"ctx:me": "p1"}) == ["a", "c"]
    # a selector inside the condition reads `it` from env: the candidate there too
    inner = {"e": "fn", "name": "first", "args": {"set": select({"e": "bool", "v": True}, ())}}
    inner["args"]["set"]["in"] = {"e": "list", "items": [{"e": "it"}]}
    is_b = {"e": "cmp", "op": "==", "l": inner, "r": {"e": "str", "v": "b"}}
    assert compiled(select(is_b))(run, {"ctx:me": "p1"}) == ["b"]
