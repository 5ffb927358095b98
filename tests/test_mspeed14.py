"""A selector specialised by the shape of its IR (issue #11, speed), held to the walk it replaces:
an `in` that names `anywhere`, `adjacent`, `here-or-adjacent` or `teams` makes its set of places
without `eng.places` (runtime/compiled_selectors.py, `_places`), and the leading
`has-icon(it, ICON)` terms of a Location selector's condition are read from the board's kept
list (`Board.with_icons`), made again when a Location leaves play.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import itertools

import pytest

from mayhem.runtime.effects import Env
from mayhem.runtime.expressions import relation_test
from mayhem.runtime.functions import _has_icon

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"
IT = {"e": "it", "name": "it", "span": SPAN}
KINDS = ["figure", "character", "opponent", "friend", "foe", "location", "team", "edge"]
SHAPES = ["anywhere", "adjacent", "here-or-adjacent", "teams"]


def ctx(name: str) -> dict:
    return {"e": "ctx", "name": name, "span": SPAN}


def has_icon(icon: str) -> dict:
    return {"e": "fn", "name": "has-icon", "args": {"location": IT, "icon": {"e": "icon", "name": icon, "span": SPAN}},
            "span": SPAN}


def select(kind: str, where: dict | None, within: dict | None, quant: str = "all") -> dict:
    return {"e": "select", "quant": quant, "count": None, "kind": kind, "in": within, "where": where, "span": SPAN}


def compiled(eng, expr: dict):
    f, asks = eng.code.expr(expr)
    assert not asks
    return f


NO_IN = object()  # a selector without `in`: anywhere (an `in` whose value is None is nowhere)


def walk(eng, kind: str, within, env: Env, keep=lambda x: True) -> list:
    """What the engine's generic walk gives: its candidates in the places of `within`'s value."""
    places = None if within is NO_IN else eng.places(within)
    if kind in ("location", "team", "edge"):
        found = eng.candidates(kind, places, env)
    else:
        test = relation_test(kind)
        found = [f for f in eng.state.figures.values()
                 if f.location is not None and (places is None or f.location in places) and test(f, env)]
    return [x for x in found if keep(x)]


@pytest.fixture()
def game(rules):
    return everyone_on_the_board(rules)


def envs(game) -> list[Env]:
    st = game.state
    out = [Env(f.player, f.team, f) for f in st.figures.values() if f.location is not None]
    return out + [Env(None, st.order[0], here=0), Env(None, None)]


def test_an_in_of_a_known_shape_picks_what_the_walk_of_its_places_picks(game):
    """Over every kind, shape and Env, with a Location out of play that a figure still stands on
    (so that `in anywhere` is not the same as no `in` for figures): the generated selector gives
    what the walk over `eng.places(value)` gives, and its source makes no call of `eng.places`."""
    st, eng = game.state, game.engine
    gone = next(loc for loc in st.board.locations if loc.figures)
    gone.removed = True
    checks = 0
    for kind, shape in itertools.product(KINDS, SHAPES):
        fn = compiled(eng, select(kind, None, ctx(shape)))
        assert ("eng.places" in fn.selector_src) == (shape == "teams" and kind != "team")  # no set to make
        for env in envs(game):
            within = compiled(eng, ctx(shape))(eng, env)
            assert fn(eng, env) == walk(eng, kind, within, env), (kind, shape)
            checks += 1
    assert checks == len(KINDS) * len(SHAPES) * len(envs(game))
    figures_on_gone = [st.figures[k] for k in gone.figures]
    assert figures_on_gone and not set(map(id, figures_on_gone)) & set(
        map(id, compiled(eng, select("figure", None, ctx("anywhere")))(eng, envs(game)[0])))


def test_a_location_selector_reads_its_printed_icons_from_the_board(game):
    """`all location in X where has-icon(it, gift-spot) and COND` and `one location ...`: the
    icons are not in the generated condition, the result is the walk's, with `it` given back."""
    st, eng = game.state, game.engine
    spot = "teen-titans-go:icon:gift-spot"
    with_spot = [loc.index for loc in st.board.locations if _has_icon(eng, None, loc.index, spot)]
    assert 1 < len(with_spot) < len(st.board.locations)
    not_first = {"e": "cmp", "op": "!=", "l": IT, "r": {"e": "num", "v": with_spot[0], "span": SPAN}, "span": SPAN}
    both = {"e": "and", "items": [has_icon(spot), not_first], "span": SPAN}
    for where, within in itertools.product([has_icon(spot), both], [None, ctx("anywhere"), ctx("adjacent")]):
        fn = compiled(eng, select("location", where, within))
        assert "with_icons" in fn.selector_src and "gift-spot" not in fn.selector_src
        for env in envs(game):
            env.locals = {"x": 1}
            place = compiled(eng, within)(eng, env) if within is not None else NO_IN
            expect = walk(eng, "location", place, env,
                          lambda i: _has_icon(eng, env, i, spot) and (where is not both or i != with_spot[0]))
            assert fn(eng, env) == expect
            assert env.locals == {"x": 1}
    one, asks = eng.code.expr(select("location", both, ctx("anywhere"), quant="one"))
    assert asks and len(with_spot) == 2  # one Location left by the condition: taken without asking
    asked = one(eng, envs(game)[-1])
    with pytest.raises(StopIteration) as stop:
        next(asked)
    assert stop.value.value == with_spot[1]


def test_the_kept_icons_and_live_set_follow_a_location_leaving_play(game):
    """The board's kept lists are made again when a Location's `removed` changes: a selector
    asked before and after a Location with the icon leaves play (and comes back) follows it."""
    st, eng = game.state, game.engine
    spot = "teen-titans-go:icon:gift-spot"
    fn = compiled(eng, select("location", has_icon(spot), ctx("anywhere")))
    anywhere_figures = compiled(eng, select("figure", None, ctx("anywhere")))
    env = envs(game)[0]
    before = fn(eng, env)
    figures_before = anywhere_figures(eng, env)
    loc = st.board.locations[before[0]]
    loc.removed = True
    assert fn(eng, env) == before[1:]
    assert st.board.live_set() == frozenset(st.board.live())
    assert anywhere_figures(eng, env) == [f for f in figures_before if f.location != loc.index]
    loc.removed = False
    assert fn(eng, env) == before
    assert anywhere_figures(eng, env) == figures_before


def _walked_edges(board, places) -> list:
    """The edge candidates as the engine walked them before the board kept them."""
    edges = board.edges()
    if places is not None:
        edges = [e for e in edges if e[0] in places or e[1] in places]
    return [e for e in edges if not board.would_enclose(e)]


def _walked_adjacency(board) -> dict:
    adj = {i: [] for i in range(len(board.locations))}
    for a, b in sorted(board.edge(*e) for e in board.graph.edges):
        if (a, b) not in board.blocked and not board.locations[a].removed and not board.locations[b].removed:
            adj[a].append(b)
            adj[b].append(a)
    return {k: tuple(v) for k, v in adj.items()}


def test_the_kept_edges_and_adjacency_follow_the_blocked_edges_and_removed_locations(game):
    """The edges a selector may pick and the adjacency are kept per set of blocked edges (and
    made again when a Location leaves play): each blocked set, reached by assignment or by
    changing the set in place, and back again, gives what a fresh walk gives."""
    st, eng = game.state, game.engine
    board = st.board
    every = board.edges()
    env = envs(game)[0]
    steps = [lambda: board.blocked.add(every[0]), lambda: board.blocked.add(every[5]),
             lambda: board.blocked.discard(every[0]), lambda: setattr(board, "blocked", {every[1], every[2]}),
             lambda: setattr(board.locations[3], "removed", True), lambda: board.blocked.clear(),
             lambda: setattr(board.locations[3], "removed", False)]
    seen = set()
    for step in steps:
        step()
        board.refresh()
        seen.add(frozenset(board.blocked))
        assert board._adj == _walked_adjacency(board)
        for places in (None, {0}, {every[5][1], 2}, set()):
            assert eng.candidates("edge", places, env) == _walked_edges(board, places)
    assert len(seen) == 5 and any(board._kept)


def test_the_kept_edges_are_would_enclose_s_over_any_blocked_set(game):
    """Any blocked set (a Location closed on every side included) and Locations out of play:
    the edges kept are those `would_enclose` lets a selector pick."""
    import random
    board = game.state.board
    every = list(board._edges)
    rng = random.Random(14)
    for _ in range(60):
        board.blocked = set(rng.sample(every, rng.randrange(len(every) + 1)))
        for loc in board.locations:
            loc.removed = rng.random() < 0.15
        assert list(board.choosable_edges()) == _walked_edges(board, None)
    board.blocked = {board.edge(0, n) for n in board._neighbours[0]}
    assert list(board.choosable_edges()) == _walked_edges(board, None)


def test_figures_compare_as_the_dataclass_compared_them(game):
    """Figure.__eq__ (the same figure, or different keys, answered first) against the field-by-
    field comparison the dataclass made: every pair of the game's figures, and copies that
    differ from one in a single field."""
    import copy
    from dataclasses import fields

    from mayhem.runtime.state import Figure

    def by_fields(a, b):
        return [getattr(a, f.name) for f in fields(Figure)] == [getattr(b, f.name) for f in fields(Figure)]

    figures = list(game.state.figures.values())
    first = figures[0]
    twins = [copy.copy(first)]
    for f in fields(Figure):
        twin = copy.copy(first)
        object.__setattr__(twin, f.name, "changed")
        twins.append(twin)
    pairs = [(a, b) for a in figures + twins for b in figures + twins]
    for a, b in pairs:
        assert (a == b) is by_fields(a, b) and (a != b) is not by_fields(a, b)
    assert sum(a == b for a, b in pairs) > len(figures) + len(twins)  # the copy equals its figure
    assert (first == first.key) is False and Figure.__hash__ is None


def test_a_selector_s_targets_are_the_engine_s_labels(game):
    """The target actions a `one` or `up-to` selector offers (compiled_selectors._by_label):
    the same Action objects as `action("target", (eng.label(item),))` for figures, Locations
    (the table's and one past it) and edges."""
    from mayhem.runtime.compiled_expressions import action
    from mayhem.runtime.compiled_selectors import _LOCATION_TARGETS, _by_label
    eng = game.engine
    items = [*game.state.figures.values(), *range(len(game.state.board.locations)), len(_LOCATION_TARGETS) + 1,
             *game.state.board.edges()]
    got = _by_label(eng, items)
    assert list(got.items()) == [(action("target", (eng.label(i),)), i) for i in items]
    assert all(a is action("target", (eng.label(i),)) for a, i in got.items())


def test_a_move_written_out_refuses_and_relocates_as_before(game):
    """figures.move with is_open and relocate written in: nothing happens for the figure's own
    Location, None, a full or a removed Location; else the figure leaves its Location's list
    for the end of the destination's, and the recorded log says from where to where."""
    st, eng = game.state, game.engine
    fig = next(f for f in st.figures.values() if f.location is not None)
    src = fig.location
    snapshot = lambda: [list(loc.figures) for loc in st.board.locations]  # noqa: E731
    full = next(loc for loc in st.board.locations if loc.index != src)
    full.slots, slots = len(full.figures), full.slots
    gone = next(loc for loc in st.board.locations if loc.index not in (src, full.index) and not loc.figures)
    gone.removed = True
    before = snapshot()
    for dest in (src, None, full.index, gone.index):
        assert list(eng.move(fig, dest, None, is_move=False)) == []
        assert snapshot() == before and fig.location == src
    full.slots, gone.removed = slots, False
    logged = len(eng.events)
    for _decision in eng.move(fig, gone.index, None, is_move=False):
        break
    assert fig.location == gone.index and fig.key not in st.board.locations[src].figures
    assert st.board.locations[gone.index].figures[-1] == fig.key
    entry = eng.events[logged]
    assert (entry["event"], entry["figure"], entry["frm"], entry["to"]) == \
        ("place", fig.key, f"L{src + 1}", f"L{gone.index + 1}")
