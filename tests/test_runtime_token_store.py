"""TokenStore (issue #11, speed): the counts a store keeps (`totals`, `owned`) are the ones a
walk over its pieces gives after any mix of writes, by every dict and Counter method; the
index it is attached to hears each token that comes to the place or leaves it, and nothing
else; every store of a game is one (figures, Locations, edges, Teams).

Engine only (`engine_only`, the whole file): it reads the Mayhem engine's own state and methods,
which go with it; the kernel keeps every piece as a card in one zone: tests/test_kernel_pieces.py, and game_view.pools read by tests/test_properties.py's pool invariant."""
from __future__ import annotations

from collections import Counter
import random

import pytest

from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.state import Figure, Team
from mayhem.runtime.token_store import TokenStore

pytestmark = pytest.mark.engine_only  # the engine's own state and methods (the docstring)


def walked(store) -> tuple[dict, dict]:
    totals, owned = Counter(), Counter()
    for (tok, owner, _colour), n in store.items():
        totals[tok] += n
        owned[(tok, owner)] += n
    return {k: n for k, n in totals.items() if n}, {k: n for k, n in owned.items() if n}


class Told:
    """An index that records what a store tells it."""

    def __init__(self) -> None:
        self.held: set[str] = set()
        self.calls = 0

    def changed(self, token, store, held: bool) -> None:
        self.calls += 1
        assert (token in self.held) != held, "told twice of the same change"
        (self.held.add if held else self.held.discard)(token)


@pytest.mark.parametrize("seed", range(5))
def test_kept_counts_are_the_walks_after_any_writes(seed):
    pick = random.Random(seed)
    store, told = TokenStore(), Told()
    store.holders = told
    keys = [(t, o, c) for t in "abc" for o in (None, "red", "blue") for c in (None, "red")]
    for _ in range(400):
        key = pick.choice(keys)
        op = pick.randrange(10)
        if op < 3:
            store[key] += pick.randint(1, 3)
        elif op < 5 and store.get(key, 0) > 0:
            store[key] -= 1
        elif op == 5 and key in store:
            del store[key]
        elif op == 6:
            store.update({key: 2, pick.choice(keys): 1})
        elif op == 7:
            store.pop(key, None)
        elif op == 8:
            store.setdefault(key, 1)
        elif pick.random() < 0.1:
            store.clear() if pick.random() < 0.5 else (store.popitem() if store else None)
        assert (store.totals, store.owned) == walked(store)
        assert told.held == set(store.totals)
    assert told.calls > 10


def test_a_store_made_from_a_counter_counts_it():
    store = TokenStore(Counter({("a", "red", None): 2, ("b", None, None): 1}))
    assert store.totals == {"a": 2, "b": 1} and store.owned == {("a", "red"): 2, ("b", None): 1}
    assert store.copy().totals == store.totals and isinstance(store.copy(), TokenStore)
    store.update([("a", "red", None)])  # Counter.update of elements counts each once
    assert store[("a", "red", None)] == 3 and store.totals["a"] == 3


def test_a_figure_or_team_given_a_plain_counter_keeps_a_store():
    fig = Figure("x", "character", "t1", {"id": "x"}, {}, 5, tokens=Counter({("a", "t1", None): 1}))
    assert isinstance(fig.tokens, TokenStore) and fig.tokens.totals == {"a": 1} and fig.tokens.place is fig
    team = Team("t1", tokens=Counter({("a", "t1", "t1"): 2}))
    assert isinstance(team.tokens, TokenStore) and team.tokens.totals == {"a": 2}


@pytest.mark.parametrize("box,seed", [("looney-tunes", 3), ("teen-titans-go", 4)])
def test_every_store_of_a_game_keeps_its_counts(rules, box, seed):
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    decision = game.start()
    pick = random.Random(seed)
    st = game.state
    seen = 0
    for step in range(400):
        if decision is None:
            break
        if step % 20 == 0 and st.board is not None:
            stores = [f.tokens for f in st.figures.values()] + [loc.tokens for loc in st.board.locations] \
                + list(st.board.edge_tokens.values()) + [t.tokens for t in st.teams.values()]
            for store in stores:
                assert isinstance(store, TokenStore)
                assert (store.totals, store.owned) == walked(store)
                seen += sum(store.totals.values())
        decision = game.act(pick.choice(decision.actions))
    assert seen > 0  # some pieces were placed
