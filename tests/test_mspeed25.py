"""The eighth speed round on the pieces and the figures (issue #11), each shortcut held to what it
replaces: a count of a token written into a compiled expression (runtime/functions.py,
`count_source`: the read for the place's kind, no call) gives count_tokens' answer for every
token, place and Team at every step of seeded games, groups and face-down piles included, as
does a selector's count of its `it` and of `my-team`; `team-of(it)` and `location-of(it)` of a
figure selector are the closures'; pieces removed in one write are those removed one by one, and
a token placed gets its turn to go exactly when it lasts a turn.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime import functions as F
from mayhem.runtime.effects import Env
from mayhem.runtime.expressions import FN_PARAMS
from mayhem.runtime.game import Game
from mayhem.runtime.engine import GameConfig

from game_helpers import random_steps

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": SPAN}


def fn(name: str, *args: dict) -> dict:
    return {"e": "fn", "name": name, "args": dict(zip(FN_PARAMS[name], args)), "span": SPAN}


def token(qid: str) -> dict:
    return {"e": "token", "name": qid, "span": SPAN}


def compiled(eng, expr: dict):
    f, asks = eng.code.expr(expr)
    assert not asks
    return f


def places(st) -> list:
    """Every place a count may be asked of: none, each Location, figure, edge with a store and
    Team, the board's Locations as a list, a list of a figure and a Location."""
    locs = list(range(len(st.board.locations)))
    figs = list(st.figures.values())
    return [None, *locs, *figs, *st.board.edge_tokens, *st.order, "nobody", locs, [figs[0], locs[0]], []]


def test_only_a_token_no_group_names_is_counted_alone(rules):
    grouped = {qid for qid, tok in rules.tokens.items()
               if any(o != qid and (t["props"].get("group") or {}).get("value") == qid.rsplit(":", 1)[-1]
                      for o, t in rules.tokens.items())}
    assert grouped  # the boxes have a group (a count of it counts its members)
    for qid in rules.tokens:
        assert F.alone(rules, qid) is (qid not in grouped)
    assert "eng.count_tokens" in F.count_source(repr(next(iter(grouped))), "(env.holder)", "(None)", rules, {})
    assert not F.alone(rules, "no:such:token")


@pytest.mark.parametrize("box,seed", [("teen-titans-go", 3), ("looney-tunes", 5)])
def test_a_count_written_in_is_count_tokens_at_every_step(rules, box, seed):
    """Pieces placed, moved and removed within a turn change the next count written in: the
    generated read is never another answer than the engine's count (every token, place, Team)."""
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    eng, st = game.engine, game.state
    tokens = sorted(eng.rules.tokens)
    counts = {q: compiled(eng, fn("count", token(q), var("x"), var("of"))) for q in tokens}
    counts_none = {q: compiled(eng, fn("count", token(q), var("x"))) for q in tokens}
    has = {q: compiled(eng, fn("has", var("x"), token(q))) for q in tokens}
    assert "team_count" in counts_none[tokens[0]].src or not F.alone(rules, tokens[0])
    seen = set()
    for step in random_steps(game, seed, 400):
        if step % 4 or not st.order or st.board is None:  # the draft: no Teams, no board yet
            continue
        env = Env(None, st.order[0])
        for x in places(st):
            for q in tokens:
                env.locals = {"x": x, "of": None}
                want = eng.count_tokens(q, x, None) if x is not None else 0
                assert counts_none[q](eng, env) == want, (q, x)
                assert counts[q](eng, env) == want, (q, x)
                assert has[q](eng, env) is (want > 0), (q, x)
                if want:
                    seen.add((x.__class__.__name__, q in eng._alone or F.alone(rules, q)))
                for of in st.order:
                    env.locals = {"x": x, "of": of}
                    assert counts[q](eng, env) == (eng.count_tokens(q, x, of) if x is not None else 0), (q, x, of)
    assert {("Figure", True), ("int", True), ("str", True)} <= seen  # pieces were there to count


def test_a_count_of_my_team_is_count_tokens_of_the_env_s_team(rules):
    """`count(T, on: my-team)` and `has(my-team, T)`, written in as a Team's count (`team_count`),
    for each Team and for an Env of no Team, at every step of a seeded game."""
    game = Game(rules, GameConfig("teen-titans-go", seed=6), record=False)
    eng, st = game.engine, game.state
    mine = {"e": "ctx", "name": "my-team", "span": SPAN}
    tokens = sorted(eng.rules.tokens)
    counts = {q: compiled(eng, fn("count", token(q), mine)) for q in tokens}
    has = {q: compiled(eng, fn("has", mine, token(q))) for q in tokens}
    assert "eng.team_count" in counts[next(q for q in tokens if F.alone(rules, q))].src
    held = 0
    for step in random_steps(game, 6, 300):
        if step % 3 or not st.order:
            continue
        for team in (*st.order, None):
            env = Env(None, team)
            for q in tokens:
                want = eng.count_tokens(q, team, None) if team is not None else 0
                assert counts[q](eng, env) == want and has[q](eng, env) is (want > 0), (q, team)
                held += want
    assert held


# ---- pieces placed and removed: their bookkeeping once, not per piece and per layer ----------


def removed_one_by_one(eng, store: dict, pools: dict, token: str, n: int, of) -> None:
    """remove_pieces at a figure as it was written: piece by piece, each returned to its pool."""
    match = eng.matching(token)
    removed = 0
    for key in sorted((k for k in store if k[0] in match and (of is None or k[1] == of)), key=str):
        while removed < n and store.get(key, 0) > 0:
            store[key] -= 1
            pool = pools[eng.rules.token_pool(key[0])]
            face = key[0] if (key[0], None) in pool or (key[0], key[2]) in pool else None
            pool[(face, key[2])] = pool.get((face, key[2]), 0) + 1
            removed += 1
        if store.get(key) == 0:
            del store[key]


def test_pieces_removed_in_one_write_are_those_removed_one_by_one(rules):
    """Pieces of several owners and colours on a figure (one key left at 0, as a write may leave
    it), removed n at a time, by owner or not: the same store, the same pools, the same counts."""
    from game_helpers import everyone_on_the_board
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    fig = next(f for f in st.figures.values() if f.location is not None and f.kind == "character")
    token = next(q for q in sorted(rules.tokens) if rules.token_pool(q) in st.pools and F.alone(rules, q))
    black, white = st.order[0], st.order[1]
    start = {(token, black, black): 2, (token, white, None): 3, (token, None, None): 0, (token, white, white): 1}
    cases = 0
    for n in range(0, 8):
        for of in (None, black, white):
            fig.tokens.clear()
            for key, k in start.items():
                fig.tokens[key] = k
            pools = {pid: dict(pool) for pid, pool in st.pools.items()}
            want = dict(fig.tokens)
            removed_one_by_one(eng, want, pools, token, n, of)
            eng.remove_pieces(token, n, fig, of, None)
            assert dict(fig.tokens) == want, (n, of)
            assert {pid: {k: v for k, v in pool.items() if v} for pid, pool in st.pools.items()} == \
                {pid: {k: v for k, v in pool.items() if v} for pid, pool in pools.items()}, (n, of)
            assert fig.tokens.totals == {t: sum(v for (t2, _o, _c), v in want.items() if t2 == t)
                                         for t in {k[0] for k, v in want.items() if v}}
            cases += 1
            fig.tokens.clear()  # the pools as they were, for the next case
            for pid, pool in st.pools.items():
                pool.clear()
                pool.update(pools[pid])
    assert cases == 24


def test_a_token_placed_gets_its_turn_to_go_exactly_when_it_lasts_a_turn(rules):
    """put_pieces calls note_placed only for the tokens discarded at a turn's end (`_lasting`):
    each token placed on a character gets an expiry if and only if it says so."""
    from mayhem.runtime.rules import prop
    from game_helpers import everyone_on_the_board
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    fig = next(f for f in st.figures.values() if f.location is not None and f.kind == "character")
    lasting = 0
    for q, tok in sorted(rules.tokens.items()):
        if rules.token_pool(q) not in st.pools:
            continue
        fig.expiry.clear()
        placed = eng.put_pieces(q, 1, fig, st.order[0], None)
        says = prop(tok, "discarded") in ("turn-end", "next-turn-end")
        assert (q in fig.expiry) is (says and placed == 1), q
        lasting += says and placed == 1
    assert lasting  # a token that lasts a turn was placed (Stun)


# ---- a count of a selector's `it`: the read of its kind's store --------------------------


def it_node() -> dict:
    return {"e": "it", "name": "it", "span": SPAN}


@pytest.mark.parametrize("kind", ["location", "edge", "character", "friend", "team"])
def test_a_selector_s_count_of_it_is_count_tokens_of_each_candidate(rules, kind):
    """`all KIND where count(T, on: it[, of: X]) > 0` and `has(it, T)`, the count written in for
    the kind of `it`, pick what count_tokens picks of each candidate, at every step of a game."""
    game = Game(rules, GameConfig("teen-titans-go", seed=4), record=False)
    eng, st = game.engine, game.state
    tokens = sorted(q for q in rules.tokens if F.alone(rules, q))
    gt0 = lambda x: {"e": "cmp", "op": ">", "l": x, "r": {"e": "num", "v": 0, "span": SPAN}, "span": SPAN}
    sel = lambda where: {"e": "select", "quant": "all", "count": None, "kind": kind, "in": None, "where": where,
                         "span": SPAN}
    by_token = {q: (compiled(eng, sel(gt0(fn("count", token(q), it_node())))),
                    compiled(eng, sel(gt0(fn("count", token(q), it_node(), var("of"))))),
                    compiled(eng, sel(fn("has", it_node(), token(q))))) for q in tokens}
    plain, owned, has = by_token[tokens[0]]
    assert "count_tokens" not in plain.selector_src or kind == "location"  # the store of `it`'s kind read
    found = 0
    for step in random_steps(game, 4, 300):
        if step % 3 or not st.order or st.board is None:
            continue
        env = Env(None, st.order[0], locals={})
        for q, (plain, owned, has) in by_token.items():
            for of in (None, *st.order):
                env.locals = {"of": of}
                candidates = eng.candidates(kind, None, env)
                want = [c for c in candidates if eng.count_tokens(q, c, of) > 0]
                assert owned(eng, env) == want, (q, of)
                if of is None:
                    assert plain(eng, env) == want == has(eng, env), q
                found += len(want)
    assert found  # pieces were there to find


@pytest.mark.parametrize("kind", ["figure", "foe", "character", "friend"])
def test_team_of_and_location_of_a_figure_selector_s_it_are_the_closures(rules, kind):
    """`team-of(it)` and `location-of(it)` in a figure selector's condition, written without a test
    of `it`'s class: the figures the closures pick (tokens' Team is their owner)."""
    from mayhem.runtime.functions import _team_of
    from game_helpers import everyone_on_the_board
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    sel = lambda where: {"e": "select", "quant": "all", "count": None, "kind": kind, "in": None, "where": where,
                         "span": SPAN}
    eq = lambda a, b: {"e": "cmp", "op": "==", "l": a, "r": b, "span": SPAN}
    by_team = compiled(eng, sel(eq(fn("team-of", it_node()), var("who"))))
    by_place = compiled(eng, sel(eq(fn("location-of", it_node()), var("where"))))
    assert "isinstance" not in by_team.selector_src + by_place.selector_src
    picked = 0
    for who in (*st.order, None):
        for where in (*range(len(st.board.locations)), None):
            env = Env(None, st.order[0], locals={"who": who, "where": where})
            candidates = eng.candidates(kind, None, env)
            assert by_team(eng, env) == [c for c in candidates if _team_of(eng, env, c) == who]
            want = [c for c in candidates if c.location == where]
            assert by_place(eng, env) == want
            picked += len(want)
    assert picked
