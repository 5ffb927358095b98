"""The tenth speed pass, a Move and who hears it (docs/kernel.md, "Speed, tenth pass: a Move and who hears it").

The piles of pieces that hear an event, in order, kept with the piles heard at each space
(heard.Piles: a raise at a space walks the piles of other kinds of holder and that space's own),
against the plain filter of the order; the orders found in one state kept by the places they
were found for (heard._reranked), reused when the pieces come back, and a copy's orders its own
(a copy's piles made in another order than its original's); the pieces' search at every raise
against the walk over every holder is test_kernel_speed_kspeed7a.py's."""
from __future__ import annotations

from mayhem.runtime.kernel import heard

from kernel_speed_common import box_rules, walked


def test_the_piles_heard_at_a_space_are_the_order_filtered():
    """Piles.at[space] is the order with the piles of other spaces left out, for each space a pile
    lies on; Piles.others the piles on holders of other kinds (any other space hears those)."""
    order = [("tokens/f1", "figure", "f1"), ("tokens/a", "space", "a"), ("tokens/f2", "figure", "f2"),
             ("heap/a", "space", "a"), ("tokens/b", "space", "b"), ("tokens/p1", "player", "p1"),
             ("tokens/e", "edge", "a|b")]
    piles = heard.Piles(order)
    assert list(piles) == order
    assert piles.others == [p for p in order if p[1] != "space"]
    assert set(piles.at) == {"a", "b"}
    for space in ("a", "b"):
        assert piles.at[space] == [p for p in order if p[1] != "space" or p[2] == space]
    assert heard.Piles([("tokens/a", "space", "a")]).others == []


def _move_piece(state, uid: int, key: str) -> None:
    """A piece from its pile onto the pile `key` (made if it is not there yet)."""
    state.zones[state.places[uid]].remove(uid)
    state.zones.setdefault(key, []).append(uid)
    state.places[uid] = key


def test_the_orders_kept_by_places_are_reused_and_a_copy_finds_its_own():
    """In seeded games of Teen Titans GO!, at every decision, the order of the piles heard (every
    event pieces hear) is the plain ranking of the places the pieces lie on now, and orders kept
    by their places are found again (fewer rankings made than orders asked: pieces come back to
    where they lay). A copy whose two new piles are made in the other order than its original's
    gets its own order (the piles of a laid board rank in the order they were made): the orders
    are kept with the cache they were found for."""
    from mayhem.runtime.kernel.play import play_game
    from kernel_speed_common import parity_kernel
    rules = box_rules("teen-titans-go")
    real_ranked, real_reranked, made, asked = heard._ranked, heard._reranked, [0], [0]

    def ranked(*args):
        made[0] += 1
        return real_ranked(*args)

    def reranked(state, rules_, here, getter, where):
        asked[0] += 1
        got = real_reranked(state, rules_, here, getter, where)
        places = tuple(state.places[u] for u in heard.pieces_hearing(state, here))
        assert list(got) == list(real_ranked(state, rules_, places, None))
        return got
    heard._ranked, heard._reranked = ranked, reranked
    try:  # (played in place, as bench/kernel_mayhem.py plays them: one state a game)
        for seed in (0, 1):
            play_game(rules, parity_kernel.kernel_config(rules, None, seed, max_turns=400), ["random"])
    finally:
        heard._ranked, heard._reranked = real_ranked, real_reranked
    assert 0 < made[0] < asked[0]
    here = rules.hearing.table(rules, "enter")  # (traps: pieces that lie on spaces)
    state = next(g.state for g in walked(rules, (2,), 2))
    uids = list(heard.pieces_hearing(state, here))
    zone = rules.pieces.zones["space"]
    free = [f"{zone}/new-1", f"{zone}/new-2"]  # (two piles not made yet: a laid board ranks its
    assert len(uids) >= 2 and not set(free) & set(state.zones)  # piles in the order they were made)
    heard._pieces_heard(state, rules, here)  # the orders' dict made in the original, before the copy
    copy = state.clone()
    _move_piece(state, uids[0], free[0])
    _move_piece(state, uids[1], free[1])
    _move_piece(copy, uids[1], free[1])
    _move_piece(copy, uids[0], free[0])
    heard._pieces_heard(state, rules, here)
    assert [k for k, _kind, _h in state.heard_uids[1][(here, "ranked")][1]] == free[:2]
    heard._pieces_heard(copy, rules, here)
    assert [k for k, _kind, _h in copy.heard_uids[1][(here, "ranked")][1]] == [free[1], free[0]]


def test_open_is_called_by_position_and_answers_by_any_name():
    """`open(it)` compiled calls layout.open_space with the space by position (its one argument,
    `by_position`, though the shared word names it `location`: no keyword dict a call); by
    keyword, under any name, it answers the same at every space of seeded games' states, full or
    not (one of each is asked)."""
    from mayhem.runtime.kernel.compile import call_source
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.layout import open_space
    space: dict = {}
    src = call_source(open_space, [("location", {"e": "it"})], space)
    assert src.startswith("_0(run, env, (env[") and "location=" not in src and space["_0"] is open_space
    rules = box_rules("teen-titans-go")
    answers = set()
    for game in walked(rules, (1,), 80):
        run = Run(game, [])
        for space in rules.spaces:
            got = open_space(run, None, space)
            assert open_space(run, None, location=space) is got
            assert open_space(run, None, space=space) is got
            assert open_space(run, None, tile=space) is got
            assert open_space(run, None, space) is got
            answers.add(got)
    assert answers == {True, False}
    assert open_space(run, None) is True and open_space(run, None, location=None) is True
