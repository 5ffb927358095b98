"""The eighth speed pass, the step loop and Marvel Mayhem (docs/kernel.md, "Speed, eighth pass: the step loop and Marvel Mayhem").

Each change held against the plain computation it replaced: a state's generator set aside whole
when the next state is made (state._hold_new) against a generator of its own per state."""
from __future__ import annotations

import random

from mayhem.runtime.kernel.state import State


def _draws(state: State, n: int) -> list[float]:
    gen = state.random()
    out = [gen.random() for _ in range(n)]
    state.keep(gen)
    return out


def test_a_state_set_aside_by_the_next_draws_on_as_its_own_generator():
    """A state whose generator is set aside when another is made (a finished game, the next
    begun) gives the same state and draws, read or drawn again in any order, as a generator of
    its own seeded alike; a copy of it draws the same; the new state draws from its own seed."""
    refs = {seed: random.Random(seed) for seed in (3, 4, 5)}

    def ref(seed, n):
        return [refs[seed].random() for _ in range(n)]

    a = State(3)
    assert _draws(a, 3) == ref(3, 3)
    b = State(4)  # a's generator set aside
    assert _draws(b, 2) == ref(4, 2)
    assert _draws(a, 2) == ref(3, 2)  # a's swapped back in, b's set aside (no state copied)
    assert _draws(b, 3) == ref(4, 3)  # and back
    assert a.rng == refs[3].getstate()  # read from the generator set aside
    copy = a.clone()
    c = State(5)  # b's set aside, then a's drawn while c holds the shared one
    assert _draws(a, 1) == ref(3, 1)
    assert _draws(c, 1) == ref(5, 1)
    assert _draws(b, 1) == ref(4, 1)
    again = random.Random()
    again.setstate(copy.rng)  # the copy made before a drew once more: it draws what a drew
    assert _draws(copy, 1) == [again.random()] and copy.rng == a.clone().rng
    assert c.rng == refs[5].getstate() and b.rng == refs[4].getstate()
    b.rng = random.Random(9).getstate()  # a state given a saved generator state draws from it
    assert _draws(b, 1) == [random.Random(9).random()]
    assert a.to_json() == a.clone().to_json()
