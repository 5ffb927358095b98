"""Seeded draws: the very results of `random.Random`'s own `choice` and `shuffle`.

They take fewer Python calls: CPython draws each index by `_randbelow_with_getrandbits` (the bits of
n's length, drawn again while the number is not below n), a Python call per element of a
shuffle; here that loop is written out in one function. Where the generator draws its
indexes another way (a subclass, another Python), the library's own methods are used, so a
seeded game is the same either way (tests/test_kernel_speed6.py holds the two together)."""
from __future__ import annotations

import random

# whether random.Random draws an index in [0, n) as the loop below does (CPython 3.x)
_OURS = random.Random._randbelow is random.Random._randbelow_with_getrandbits


def choice(gen: random.Random, seq):
    """`gen.choice(seq)`: the same element, the same bits drawn."""
    if type(gen) is not random.Random or not _OURS:
        return gen.choice(seq)
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    getrandbits, k = gen.getrandbits, n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return seq[r]


_STEPS: dict[int, tuple] = {}  # a list's length -> shuffle's (i, n, n's bit length), from the last place down


def shuffle(gen: random.Random, x: list) -> None:
    """`gen.shuffle(x)`: the same order, the same bits drawn."""
    if type(gen) is not random.Random or not _OURS:
        gen.shuffle(x)
        return
    getrandbits = gen.getrandbits
    steps = _STEPS.get(len(x))
    if steps is None:
        steps = _STEPS[len(x)] = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(x))))
    for i, n, k in steps:  # the place, the count below it and the bits drawn: made once per length
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def chooser(gen: random.Random):
    """A function of a list returning `choice(gen, it)`: one call per choice (a random bot's)."""
    if type(gen) is not random.Random or not _OURS:
        return gen.choice
    draw = index_drawer(gen)  # the place `choice` draws, the same bits
    return lambda seq: seq[draw(len(seq))]


def index_drawer(gen: random.Random):
    """A function of n returning the index `gen.choice` draws from a list of n items (the same
    bits drawn): a random bot's answer by its place, without the list (play.play_game)."""
    if type(gen) is not random.Random or not _OURS:
        return lambda n: gen.choice(range(n))
    getrandbits = gen.getrandbits

    def draw(n: int) -> int:
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r
    return draw
