"""Counting tokens (issue #11, speed: the tokens that count for one read once, lists and a
Team's characters counted in place): every count is the one a plain walk gives, for every
token, place (a figure, a Location with its face-down pile, a Team with its characters, a
list of places) and owner, at many points of seeded games of both boxes.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's counts of pieces: tests/test_kernel_pieces.py and the scenarios' `tokens` expectations."""
from __future__ import annotations

import pytest

from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.state import Figure

from game_helpers import random_steps

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def walked(eng, token: str, where, of) -> int:
    """The count by a plain walk: each stored piece whose token is `token` or of its group."""
    st = eng.state

    def counts(t: str) -> bool:
        return t == token or eng.group_of.get(t) == token

    if where is None:
        return 0
    if isinstance(where, list):
        return sum(walked(eng, token, w, of) for w in where)
    if isinstance(where, Figure):
        store = where.tokens
    elif isinstance(where, int):
        store = st.board.locations[where].tokens
    else:
        store = st.teams[where].tokens
    total = sum(n for (t, owner, _c), n in store.items() if counts(t) and (of is None or owner == of))
    if isinstance(where, int) and of is None:
        total += sum(1 for t in st.token_pile(where) or () if counts(t))
    if isinstance(where, str):
        total += sum(walked(eng, token, st.figures[k], of) for k in st.teams[where].characters)
    return total


@pytest.mark.parametrize("box,seed", [("looney-tunes", 1), ("teen-titans-go", 2)])
def test_every_count_is_the_walks(rules, box, seed):
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    eng, st = game.engine, game.state
    tokens = sorted(eng.rules.tokens) + sorted(set(eng.group_of.values()))
    seen = 0
    for steps in random_steps(game, seed, 600):
        if steps % 25 == 0 and st.board is not None:
            figs = [f for f in st.figures.values() if f.location is not None]
            places = figs + list(range(len(st.board.locations))) + list(st.order) + [figs[:2], [0, 1, 2]]
            for token in tokens:
                for where in places:
                    for of in (None, *st.order):
                        n = eng.count_tokens(token, where, of)
                        assert n == walked(eng, token, where, of), (token, where, of, steps)
                        seen += n
    assert seen > 0  # some tokens were counted
