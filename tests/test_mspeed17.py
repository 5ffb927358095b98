"""The sixth speed round on pieces, the board and selectors (issue #11), each shortcut held to
the walk it replaces: a count of a token with no group is one read of the place's store
(runtime/pieces.py, `_alone`), the board's open adjacency and choosable edges are taken from
its Locations in play less the blocked edges (runtime/board.py, `_open`), tokens-on sorts the
tokens a store keeps held, a selector's condition that reads another name of the scope binds no
`it`, Hands.get is one call; and the Teams' living figures and lead order, whose rewrite in
`map` chains was taken back (fewer opcodes, more CPU time), are held to their comprehensions.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime.board import Board
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game

from game_helpers import everyone_on_the_board, random_steps

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

# ---- counts: the one-read path against a walk of the store --------------------------------


def walked(eng, token: str, store, of) -> int:
    return sum(n for (t, owner, _c), n in store.items()
               if (t == token or eng.group_of.get(t) == token) and (of is None or owner == of))


@pytest.mark.parametrize("box,seed", [("looney-tunes", 3), ("teen-titans-go", 4)])
def test_counts_at_figures_and_edges_are_the_walks(rules, box, seed):
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    eng, st = game.engine, game.state
    tokens = sorted(eng.rules.tokens) + sorted(set(eng.group_of.values()))
    seen = 0
    for steps in random_steps(game, seed, 500):
        if steps % 20 == 0 and st.board is not None:
            edges = sorted(set(st.board.edges()) | set(st.board.edge_tokens))
            for _twice in range(2):  # the first count of a token finds whether it stands alone
                for token in tokens:
                    for of in (None, *st.order):
                        for e in edges:
                            stored = st.board.edge_tokens.get(e)
                            n = eng.count_tokens(token, e, of)
                            assert n == (walked(eng, token, stored, of) if stored is not None else 0), (token, e, of)
                            seen += n
                        for fig in st.figures.values():
                            assert eng.count_tokens(token, fig, of) == walked(eng, token, fig.tokens, of)
                        for i, loc in enumerate(st.board.locations):
                            if of is not None:  # a pile's pieces have no owner: test_runtime_count_tokens's
                                assert eng.count_tokens(token, i, of) == walked(eng, token, loc.tokens, of)
    assert seen > 0  # some edge held a piece
    grouped = set(eng.group_of.values())
    assert eng._alone and not eng._alone & grouped  # a group's token is never counted alone


# ---- the board: its open adjacency and choosable edges, against a walk of every edge ------


def adjacency_walked(board: Board) -> dict:
    adj = {i: [] for i in range(len(board.locations))}
    for a, b in board._edges:
        if (a, b) in board.blocked or board.locations[a].removed or board.locations[b].removed:
            continue
        adj[a].append(b)
        adj[b].append(a)
    return {k: tuple(v) for k, v in adj.items()}


def choosable_walked(board: Board) -> tuple:
    return tuple(e for e in board.edges() if not board.would_enclose(e))


@pytest.mark.parametrize("rows", [[3, 4, 3], [2, 3, 2], [4, 4]])
def test_the_boards_tables_are_the_walks(rows):
    draw = random.Random(sum(rows))
    board = Board(rows, [(None, 2)] * sum(rows))
    edges = board._edges
    checked = 0
    for _ in range(300):
        if draw.random() < 0.2:  # a Location leaves or comes back: the kept tables are dropped
            loc = board.locations[draw.randrange(len(board.locations))]
            loc.removed = not loc.removed
        blocked = set(draw.sample(edges, draw.choice([0, 1, 1, 2, 3, 5])))
        if draw.random() < 0.1:
            blocked.add((5, 0))  # not an edge as the board writes them: blocks nothing
        board.blocked = blocked
        board.refresh()
        assert board._adj == adjacency_walked(board), (blocked, [l.removed for l in board.locations])
        assert board.choosable_edges() == choosable_walked(board), blocked
        checked += 1
    assert checked == 300


def test_a_location_out_of_play_drops_what_the_board_kept():
    board = Board([3, 4, 3], [(None, 2)] * 10)
    assert 1 in board.adjacent(0) and (0, 1) in board.choosable_edges()
    board.locations[1].removed = True
    board.refresh()
    assert 1 not in board.adjacent(0) and (0, 1) not in board.choosable_edges()
    board.locations[1].removed = False
    board.blocked = {(0, 1)}
    board.refresh()
    assert 1 not in board.adjacent(0) and (0, 1) in board.choosable_edges()  # a blocked edge can be chosen
    assert board.choosable_edges() == choosable_walked(board)


# ---- tokens-on: the store's kept tokens against a walk of its keys ----------------------


def tokens_on_walked(store, of) -> list:
    """The walk tokens_on made: the keys held (more than 0 pieces, placed by `of` if given),
    sorted by their text, each token once."""
    out = []
    for (token, owner, _c), n in sorted(store.items(), key=str):
        if n > 0 and (of is None or owner == of) and token not in out:
            out.append(token)
    return out


@pytest.mark.parametrize("box,seed", [("looney-tunes", 5), ("teen-titans-go", 6)])
def test_tokens_on_is_the_walk(rules, box, seed):
    from mayhem.runtime.turn_words import tokens_on
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    eng, st = game.engine, game.state
    several = 0
    for _step in random_steps(game, seed, 500):
        if st.board is not None:
            places = [(f, f.tokens) for f in st.figures.values()] + [(i, loc.tokens) for i, loc in
                                                                     enumerate(st.board.locations)]
            for where, store in places:
                for of in (None, *st.order):
                    got = tokens_on(eng, None, where, of)
                    assert got == tokens_on_walked(store, of), (where, of, dict(store))
                    several += len(got) > 1
    assert several > 0  # some place held two tokens or more
    assert tokens_on(eng, None, "t1", None) == []  # neither a figure nor a Location


# ---- a selector whose condition reads another name of the scope binds no `it` -----------

SPAN = "test.mh:1:1-1:9"


def test_a_condition_reading_another_name_binds_no_it(rules):
    """`all character where it != figure`: the condition reads `figure` from the Env's scope,
    which is not `it`, so the generated loop binds nothing there; its result is the walk's, and
    the scope is left as it was. A condition that reads `it` through a closure still binds it."""
    from mayhem.runtime.compiled_selectors import _reads_it_in_env
    from mayhem.runtime.effects import Env
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    it = {"e": "it", "name": "it", "span": SPAN}
    figure = {"e": "var", "name": "figure", "span": SPAN}
    where = {"e": "cmp", "op": "!=", "l": it, "r": figure, "span": SPAN}
    sel = {"e": "select", "quant": "all", "count": None, "kind": "character", "in": None, "where": where,
           "span": SPAN}
    fn, asks = eng.code.expr(sel)
    assert not asks and "env.locals.get('figure')" in fn.selector_src and "L['it']" not in fn.selector_src
    chars = [f for f in st.figures.values() if f.kind == "character" and f.location is not None]
    for fig in chars:
        env = Env(fig.player, fig.team, fig)
        env.locals = {"figure": fig, "it": "kept"}
        assert fn(eng, env) == [f for f in chars if f is not fig]
        assert env.locals == {"figure": fig, "it": "kept"}
    assert _reads_it_in_env("F(eng, env) and x") and _reads_it_in_env("env.locals.get('it') == 1")
    assert not _reads_it_in_env("it != env.locals.get('figure') and env.locals.get('item')")


def test_a_hand_read_by_get_is_the_mapping_s():
    """Hands.get in one call gives what Mapping.get (a `try` around __getitem__) gives: a hand,
    a default for a player with none, and for a player whose zone is gone."""
    from collections.abc import Mapping

    from mayhem.runtime.state import Hands
    zones: dict = {}
    hands = Hands(zones, "hand")
    hands["p1"], hands["p2"] = ["a", "b"], []
    del zones["hand/p2"]
    for player in ("p1", "p2", "p3"):
        for default in ((), ([],), ("none",)):
            assert hands.get(player, *default) is Mapping.get(hands, player, *default), (player, default)


# ---- the Teams' living figures, read in C ---------------------------------------------------


def test_living_figures_and_the_lead_order_skip_the_eliminated(rules):
    """figures-of, living and lead_order, reading the eliminated flags with map and filterfalse,
    give the comprehensions' answers for every set of one Team's characters out for good."""
    from itertools import combinations

    from mayhem.runtime.dice import figures_of
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    first, other = st.order[0], st.order[1]
    chars = st.teams[first].characters
    cases = 0
    for n in range(len(chars) + 1):
        for out in combinations(chars, n):
            for k in chars:
                st.figures[k].eliminated = k in out
            for lead in st.order:
                st.lead = lead
                want = [c for c in st.order[st.order.index(lead):] + st.order[:st.order.index(lead)]
                        if any(not st.figures[k].eliminated for k in st.teams[c].characters)]
                assert eng.lead_order() == want
            assert eng.living(first) is (n < len(chars)) and eng.living(other)
            assert figures_of(eng, None, first) == [st.figures[k] for k in chars if k not in out]
            assert figures_of(eng, None, [other, first]) == [st.figures[k] for k in st.teams[other].characters] + [
                st.figures[k] for k in chars if k not in out]
            cases += 1
    assert cases == 2 ** len(chars) and len(chars) > 1
