"""The compiled effects, selectors and Envs, a seventh round (issue #11, speed), each held to what it
replaces: a `one` selector's target actions by its kind (Locations' and edges' kept by the tuple
of candidates), the Round Start window asking no Env of a hand without a card of the timing, a
named Location read from the tiles kept per board, a primitive's arguments and a keyword's call
as generated functions, and `count`, `has-icon` and comparisons with literal arguments folded
when they are compiled. Each test fails with its shortcut broken or gone stale.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import itertools

import pytest

from mayhem.runtime import functions as F
from mayhem.runtime.compiled_selectors import _by_label, by_label_function
from mayhem.runtime.effects import Env
from mayhem.runtime.expressions import FN_PARAMS
from mayhem.runtime.rules import prop
from mayhem.runtime.state import Figure

from game_helpers import TITANS, everyone_on_the_board, played_until_everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"
IT = {"e": "it", "name": "it", "span": SPAN}


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": SPAN}


def fn(name: str, *args: dict) -> dict:
    return {"e": "fn", "name": name, "args": dict(zip(FN_PARAMS[name], args)), "span": SPAN}


def select(kind: str, where: dict | None = None, quant: str = "all") -> dict:
    return {"e": "select", "quant": quant, "count": None, "kind": kind, "in": None, "where": where, "span": SPAN}


def value(eng, expr: dict, env: Env):
    f, asks = eng.code.expr(expr)
    assert not asks
    return f(eng, env)


@pytest.fixture
def game(rules):
    return everyone_on_the_board(rules)


def test_a_selector_s_targets_by_its_kind_are_the_general_ones(game):
    """Every prefix and reversal of the Locations, edges and figures: the kind's own _by_label
    gives the general one's targets (the same Action objects, in order), and a kept table is one
    tuple's: a list with a Location less gets its own."""
    st, eng = game.state, game.engine
    lists = {"location": list(range(len(st.board.locations))), "edge": list(st.board.edges()),
             "character": [f for f in st.figures.values()]}
    for kind, items in lists.items():
        labels_of = by_label_function(kind)
        assert (labels_of is _by_label) is False
        for some in [items[:n] for n in range(len(items) + 1)] + [items[::-1], items[1::2]]:
            got = labels_of(eng, some)
            want = _by_label(eng, some)
            assert list(got.items()) == list(want.items())
            assert all(a is b for a, b in zip(got, want))
    fewer = labels_of = by_label_function("location")
    assert list(fewer(eng, [0, 2])) != list(labels_of(eng, [0, 1, 2]))


def test_a_one_location_selector_offers_what_the_board_holds_now(game):
    """`one location where open(it)` asked twice in a turn: a Location that leaves play (and one
    made full) between the two asks is not offered the second time; the answer is the item."""
    st, eng = game.state, game.engine
    f, asks = eng.code.expr(select("location", fn("open", IT), quant="one"))
    assert asks
    env = Env("p1", st.order[0])

    def offered():
        gen = f(eng, env)
        decision = next(gen)
        return gen, decision.actions

    _gen, first = offered()
    live = [loc.index for loc in st.board.locations if not loc.removed and len(loc.figures) < loc.slots]
    assert first == [f"target L{i + 1}" for i in live]
    gone, full = st.board.locations[live[0]], st.board.locations[live[1]]
    slots = full.slots
    gone.removed, full.slots = True, len(full.figures)
    try:
        gen, second = offered()
        assert second == [f"target L{i + 1}" for i in live[2:]]
        with pytest.raises(StopIteration) as stop:
            gen.send(second[-1])
        assert stop.value.value == live[-1]
    finally:
        gone.removed, full.slots = False, slots
    assert offered()[1] == first


def _reference_playable(eng, team, player, timing, env) -> list[str]:
    """What playable_cards answered before: the sorted hand walked, each card's timing read."""
    out = []
    for qid in sorted(team.hands.get(player, [])):
        card = eng.rules.by_qid[qid]
        if prop(card, "timing") != timing or "effect" not in card["effects"]:
            continue
        guard = card["effects"]["effect"]["when"]
        if guard is None or eng.static_eval(guard, env):
            out.append(qid)
    return out


def test_the_round_start_window_offers_a_card_drawn_in_the_turn(rules):
    """playable_cards is the walk of before for every timing and figure; the window offers
    nothing to a hand without a Round Start card, and a card put into the hand mid-round is
    offered at once (nothing kept from one window to the next)."""
    game = everyone_on_the_board(rules, box="looney-tunes", teams=None)
    st, eng = game.state, game.engine
    team = st.teams[st.order[0]]
    player = team.players[0]
    for timing, key in itertools.product(("round-start", "activation", "reaction"), team.characters):
        env = eng.fig_env(st.figures[key])
        assert eng.playable_cards(team, player, timing, env) == _reference_playable(eng, team, player, timing, env)
    starters = sorted(q for q, c in rules.by_qid.items() if c["kind"] == "mayhem-card" and c["box"] == "looney-tunes"
                      and prop(c, "timing") == "round-start" and "effect" in c["effects"]
                      and c["effects"]["effect"]["when"] is None)
    assert starters
    hand, played = team.hands[player], team.played_this_round
    saved = list(hand), list(played)
    try:
        hand[:] = [q for q in hand if q not in starters]
        played.clear()
        assert list(eng.card_window("round-start", team.colour)) == []  # nothing to play: no decision
        hand.append(starters[0])
        decision = next(eng.card_window("round-start", team.colour))
        located = [k for k in team.characters if st.figures[k].location is not None]
        assert decision.actions[:-1] == [f"play {starters[0].split('/')[-1]} {k}" for k in located]
    finally:
        hand[:], played[:] = saved


def test_a_named_location_is_read_from_the_tiles_of_the_board_in_play(rules, game):
    """location_value, what a named Location compiles to, against component_value: every tile of
    the board, one that left play, and a board laid anew (the kept tiles are the board's)."""
    st, eng = game.state, game.engine
    qids = sorted({loc.comp["qid"] for loc in st.board.locations if loc.comp is not None})
    assert qids
    assert eng.code.expr({"e": "component", "name": qids[0], "span": SPAN})[0].src.startswith("eng.location_value(")
    assert [eng.location_value(q) for q in qids] == [eng.component_value(q) for q in qids]
    tile = next(loc for loc in st.board.locations if loc.comp is not None)
    tile.removed = True
    try:
        assert eng.location_value(tile.comp["qid"]) is None is eng.component_value(tile.comp["qid"])
    finally:
        tile.removed = False
    board, before = st.board, [eng.location_value(q) for q in qids]
    def tiles(b):
        return [loc.comp and loc.comp["qid"] for loc in b.locations]

    boards = (played_until_everyone_on_the_board(rules, "teen-titans-go", seed, TITANS)[0].state.board
              for seed in range(4, 12))
    other = next(b for b in boards if tiles(b) != tiles(board))
    st.board = other  # a board laid anew: its tiles lie elsewhere
    try:
        now = [eng.location_value(q) for q in qids]
        assert now == [eng.component_value(q) for q in qids] and now != before
    finally:
        st.board = board
    assert eng.location_value(tile.comp["qid"]) == tile.index


def test_a_primitive_s_arguments_are_evaluated_as_their_parts_are(game):
    """Args.values, one generated generator: without an argument that asks, the dict of `now`;
    with one (a `one` selector), the decision is yielded and its answer is the argument's value,
    the others evaluated in order around it."""
    st, eng = game.state, game.engine
    raw = {"target": select("location", fn("open", IT), quant="one"), "amount": {"e": "num", "v": 2},
           "tags": None}
    args = eng.code.args("attack", raw)
    assert args.asks and args.now is None
    env = Env("p1", st.order[0])
    gen = args.values(eng, env)
    decision = next(gen)
    with pytest.raises(StopIteration) as stop:
        gen.send(decision.actions[0])
    assert stop.value.value == {"target": int(decision.actions[0].split("L")[1]) - 1, "amount": 2, "tags": None}
    plain = eng.code.args("remove-damage", {"target": {"e": "ctx", "name": "self", "span": SPAN},
                                            "amount": {"e": "num", "v": 3}})
    fig = next(f for f in st.figures.values() if f.location is not None)
    env = Env(fig.player, fig.team, fig)
    with pytest.raises(StopIteration) as stop:
        next(plain.values(eng, env))
    assert stop.value.value == plain.now(eng, env) == {"target": fig, "amount": 3}


def test_a_keyword_call_runs_its_block_in_an_env_of_its_own(game):
    """A keyword call none of whose parameters asks (one generated function): its block's Env
    holds the parameters alone, the keyword's tags added to the caller's, and the caller's
    locals and tags are as they were; a second call sees a changed argument."""
    st, eng = game.state, game.engine
    kw = next(k for k in eng.rules.keywords.values() if prop(k, "tags") and k["params"])
    seen = []
    inner_body = kw["effects"]["effect"]["body"]
    original = eng.code.body(inner_body)
    eng.code._bodies[id(inner_body)] = lambda e, env: seen.append((dict(env.locals), env.tags)) or iter(())
    try:
        stmt = {"op": "keyword", "keyword": kw["qid"], "span": SPAN,
                "args": {p["name"]: var("n") for p in kw["params"]}}
        call = eng.code.stmt(stmt)
        fig = next(f for f in st.figures.values() if f.location is not None)
        env = Env(fig.player, fig.team, fig)
        for n in (1, 4):
            env.locals = {"n": n}
            assert list(call(eng, env)) == []
            assert env.locals == {"n": n} and env.tags == frozenset()
    finally:
        eng.code._bodies[id(inner_body)] = original
    tags = frozenset(eng.tag_qids(kw, prop(kw, "tags")))
    assert tags and seen == [({p["name"]: n for p in kw["params"]}, tags) for n in (1, 4)]


def test_a_count_and_an_icon_written_as_literals_give_the_closures_values(game):
    """`count(TOKEN, on: X)` and `has-icon(X, ICON)` whose token and icon are literals (folded
    when compiled) against the closures, for every place; a comparison with a literal number
    folds `(N or 0)` and still compares as before."""
    st, eng = game.state, game.engine
    token = next(iter(eng.rules.tokens))
    icons = sorted({i for loc in st.board.locations if loc.comp is not None
                    for i in (prop(loc.comp, "icons") or ())})
    assert icons
    env = Env("p1", st.order[0], next(iter(st.figures.values())))
    lit = {"e": "str", "v": token}
    count = fn("count", lit, var("x"), var("team"))
    assert "isinstance" not in eng.code.expr(count)[0].src
    checks = 0
    for x in [None, *range(len(st.board.locations)), *st.figures.values(), st.order[0]]:
        env.locals = {"x": x, "team": st.order[0]}
        assert value(eng, count, env) == F._count(eng, env, token, x, st.order[0])
        if x is None or isinstance(x, int) and not isinstance(x, bool) and not isinstance(x, Figure):
            for icon in icons:
                expr = fn("has-icon", var("x"), {"e": "str", "v": icon})
                assert value(eng, expr, env) == F._has_icon(eng, env, x, icon)
                checks += 1
        for n, op in itertools.product((0, 1, -1), (">", "<=")):
            cmp = {"e": "cmp", "op": op, "l": count, "r": {"e": "num", "v": n}, "span": SPAN}
            got = value(eng, cmp, env)
            c = F._count(eng, env, token, x, st.order[0]) or 0
            assert got == (c > n if op == ">" else c <= n)
    assert checks > 10
    assert F.or_0("(0)") == "0" and F.or_0("(3)") == "3" and F.or_0("(x)") == "((x) or 0)"


@pytest.mark.parametrize("kind", ["friend", "opponent", "teammate", "character"])
def test_a_count_of_characters_in_a_place_follows_them_as_they_move(game, kind):
    """`count(all KIND in X where COND)` read from the Locations' lists of figures against the
    length of the selector's list, for every Env and place (none, each Location, a figure, a
    list with a Team in it), and again once a character has moved and once one has left the
    board in the same turn."""
    st, eng = game.state, game.engine
    cond = {"e": "cmp", "op": "!=", "l": fn("team-of", IT), "r": var("who"), "span": SPAN}
    within = {"e": "var", "name": "w", "span": SPAN}
    envs = [Env(f.player, f.team, f) for f in st.figures.values() if f.location is not None]
    envs += [Env(None, st.order[0]), Env(None, None)]
    figs = list(st.figures.values())
    places = [None, *range(len(st.board.locations)), figs[0], [0, figs[-1], st.order[0]], []]

    def same() -> int:
        seen = 0
        for env, where, c in itertools.product(envs, places, (None, cond)):
            env.locals = {"who": env.team, "w": where}
            sel = {**select(kind, c), "in": within}
            counted = fn("count", sel)
            f, _asks = eng.code.expr(counted)
            assert any(getattr(v, "__name__", "") == "count_all" for v in f.names.values())
            want = len(value(eng, sel, env))
            assert value(eng, counted, env) == want
            assert env.locals == {"who": env.team, "w": where}
            seen += want
        return seen

    before = same()
    mover = next(f for f in figs if f.kind == "character" and f.location is not None)
    src = mover.location
    dest = next(loc.index for loc in st.board.locations
                if loc.index != src and not loc.removed and len(loc.figures) < loc.slots)
    eng.relocate(mover, dest)
    try:
        same()
        eng.take_off(mover)
        assert same() < before or before == 0
    finally:
        eng.relocate(mover, src)
    assert same() == before


@pytest.mark.parametrize("shape", ["adjacent", "here-or-adjacent"])
def test_the_locations_next_to_a_figure_are_walked_in_the_board_s_order(game, shape):
    """`all location in adjacent` (and `here-or-adjacent`), walked over its few Locations in
    index order, against the engine's candidates (the board's live Locations kept if in the
    place), for the Env of every figure on the board, and again once one of them left play."""
    st, eng = game.state, game.engine
    within = {"e": "ctx", "name": shape, "span": SPAN}
    plain, opened = ({**select("location", c), "in": within} for c in (None, fn("open", IT)))

    def same() -> None:
        for f in st.figures.values():
            if f.location is None:
                continue
            env = Env(f.player, f.team, f)
            where = eng.places(value(eng, within, env))
            want = eng.candidates("location", where, env)
            assert value(eng, plain, env) == want
            assert value(eng, opened, env) == [i for i in want if F._open(eng, env, i)]

    same()
    fig = next(f for f in st.figures.values() if f.location is not None)
    gone = st.board.locations[st.board.adjacent(fig.location)[0]]
    gone.removed = True
    try:
        assert gone.index not in value(eng, plain, Env(fig.player, fig.team, fig))
        same()
    finally:
        gone.removed = False
