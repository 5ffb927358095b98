"""The seventh speed pass, moving figures and reading the board (docs/kernel.md, "Speed, seventh
pass: moving figures and reading the board"): the figures' view kept per figures' mark (seen.py)
and brought along by a Move, and the board's queries that read it (`open`, the relations'
selectors, `figures-of`), held against the plain readings they replace at the end checks of
seeded games of both boxes, and on copies written through the writers."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import load_game_rules, movement, seen, structure, writers
from mayhem.runtime.kernel.board import figures_of
from mayhem.runtime.kernel.compile import _as_list
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.layout import open_space, printed_property
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.relations import acting, figures_in

from kernel_speed_common import ROOT, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")
KINDS = ("figure", "player-figure", "friend", "teammate", "opponent", "foe")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _plain_open(rules, state, space) -> bool:
    layout = rules.layout
    if layout is None or layout.capacity is None or space not in layout.printed:
        return True
    cap = state.board.get("down") or printed_property(rules, layout.printed[space], layout.capacity)
    if cap is None:
        return True
    return sum(1 for x in state.figures.values() if x["space"] == space and "piece" not in x) < cap


def _plain_in(run, env, kind, values) -> list:
    """relations.figures_in before the view: one walk over every figure."""
    state = run.state
    figures = state.figures
    named = places = None
    if values is not None:
        named = {v for v in _as_list(values) if v in figures}
        places = {v for v in _as_list(values) if v not in figures and v is not None}
    me = env.get("ctx:me")
    mine = me if not state.teams or me in state.teams else state.team_by.get(me)
    me_fig = acting(run, env) if kind == "teammate" else None
    out = []
    for f, x in figures.items():
        at, o = x["space"], x["owner"]
        if named is None and at is None or named is not None and f not in named and (at is None or at not in places):
            continue
        side = (state.team_by.get(o) if state.teams and o in state.players else o) if o is not None else None
        if (kind == "figure" or kind == "player-figure" and o is not None
                or kind in ("friend", "teammate") and mine is not None and o is not None and side == mine
                and f != me_fig
                or kind == "opponent" and mine is not None and o is not None and side != mine
                or kind == "foe" and (x.get("quarry", mine) == mine if o is None else mine is not None
                                      and side != mine)):
            out.append(f)
    return out


def _plain_of(state, env, who) -> list:
    listed = _as_list(who) if who is not None else [env["ctx:me"]]
    holders = set(listed) | {state.team_by.get(h) for h in listed if h in state.players and h in state.team_by}
    return [f for f, x in state.figures.items() if x["owner"] in holders and not x.get("gone")]


def _same_view(kept: seen.View, state) -> None:
    fresh = seen.View(state.figures, state.figures_mark)
    assert (kept.on, kept.at, kept.filled) == (fresh.on, fresh.at, fresh.filled), state.figures_mark


def _checked(rules, state, game) -> int:
    """Every query against its plain reading on this state; the number of answers compared."""
    run = Run(game, [])
    run.state = state
    spaces = list(rules.spaces)
    figures = list(state.figures)
    n = 0
    for space in spaces + [None, "no-such-space"]:
        assert open_space(run, None, space) == _plain_open(rules, state, space), space
        n += 1
    in_play = movement._spaces(run)
    for f in figures:  # movement._open: a space in play with room for the figure, not its own
        for space in spaces + [None]:
            plain = space in in_play and state.figures[f]["space"] != space and _plain_open(rules, state, space)
            assert movement._open(run, f, space) == plain, (f, space)
            n += 1
    values = [None, spaces, spaces[:3] + figures[:1], figures[-1:]] + spaces + figures
    for me in state.players + list(state.teams):
        env = {"ctx:me": me}
        for kind in KINDS:
            for v in values:
                assert figures_in(run, env, kind, v) == _plain_in(run, env, kind, v), (kind, v, me)
                n += 1
        for who in [None, me, [me], state.players[:2]]:
            got = figures_of(run, env, who)
            assert got == _plain_of(state, env, who), (who, me)
            got.append("not a figure")  # a copy is given out: the kept answer stays as it was
            assert figures_of(run, env, who) == _plain_of(state, env, who)
            n += 1
    return n


@pytest.mark.parametrize("box", BOXES)
def test_the_board_queries_and_the_kept_view_answer_as_the_plain_walks(ir, box, monkeypatch):
    """At every fourth end check of three seeded games (mid-step included), the view kept for the
    state's mark, brought along by the Moves, is the view made anew, and `open`, every
    relation's selector over the board, a space, a figure and sets of them, and `figures-of`
    answer as the plain walks over the figures. The view was brought along by many Moves."""
    rules = load_game_rules(ir, box)
    counts = {"checks": 0, "kept": 0, "answers": 0, "moved": 0}
    real_check, real_moved = structure.KernelGame.check_end, movement._seen_moved

    def checked(game, run):
        counts["checks"] += 1
        if counts["checks"] % 4 == 0:
            state = game.state
            kept = seen._KEPT[0]
            if kept.mark == state.figures_mark and kept.mark:
                _same_view(kept, state)
                counts["kept"] += 1
            counts["answers"] += _checked(rules, state, game)
        return real_check(game, run)

    def counted(*args):
        counts["moved"] += 1
        return real_moved(*args)
    monkeypatch.setattr(structure.KernelGame, "check_end", checked)
    monkeypatch.setattr(movement, "_seen_moved", counted)
    for seed in range(3):
        play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"])
    assert counts["kept"] > 100 and counts["moved"] > 50 and counts["answers"] > 10_000, counts


def test_a_view_holds_for_its_mark_alone(ir):
    """A copy written through the writers has a new mark and a view of its own, the state it
    was copied from keeps its answers; a state never marked (mark 0) is never kept; `figures-of`
    kept for a mark answers anew once the Teams' seats are written (a new `team_by`)."""
    rules = load_game_rules(ir, "teen-titans-go")
    game = play_game(rules, parity_kernel.kernel_config(rules, ir, 1, max_turns=40), ["random"])
    state = game.state
    run = Run(game, [])
    run.state = state
    tile = next(t for t in state.board["tiles"] if _plain_open(rules, state, t))
    player = state.players[0]
    before = figures_in(run, {"ctx:me": player}, "figure", tile)
    copy = state.clone()
    run_copy = Run(game, [])
    run_copy.state = copy
    mover = next(f for f, x in copy.figures.items() if x["space"] is not None and x["space"] != tile)
    writers.set_space(copy, copy.figures[mover], tile)
    assert copy.figures_mark != state.figures_mark
    assert figures_in(run_copy, {"ctx:me": player}, "figure", tile) == _plain_in(run_copy, {}, "figure", tile)
    assert mover in figures_in(run_copy, {"ctx:me": player}, "figure", tile)
    assert figures_in(run, {"ctx:me": player}, "figure", tile) == before == _plain_in(run, {}, "figure", tile)
    unmarked = state.clone()
    unmarked.figures_mark = 0
    seen.view(unmarked)
    assert seen._KEPT[0].mark != 0
    unmarked.figures[mover]["space"] = tile  # written without a mark: read anew, as there is no mark to keep it by
    run.state = unmarked
    assert figures_in(run, {"ctx:me": player}, "figure", tile) == _plain_in(run, {}, "figure", tile)
    run.state = state
    env = {"ctx:me": player}
    mine = figures_of(run, env, player)
    teams = list(state.teams)
    state.teams = {teams[0]: state.teams[teams[1]], teams[1]: state.teams[teams[0]]}
    writers.teams_written(state)  # the seats swapped: the figures' mark stays, `team_by` is new
    assert figures_of(run, env, player) == _plain_of(state, env, player) != mine


def _plain_board(layout, board: dict) -> tuple:
    """(tiles in play, each one's touching tiles, each one's open ones, the edges in play), plain."""
    tiles, gone = board["tiles"], board["gone"]
    live = [t for t in tiles if t not in gone]
    touch = {t: [u for u in live if u != t and any({tiles[i], tiles[j]} == {t, u} for i, j in layout.touching)]
             for t in live}
    blocked = [sorted(e) for e in board["blocked"]]
    near = {t: [u for u in touch[t] if sorted((t, u)) not in blocked] for t in live}
    edges = [label for label, (i, j) in layout.edges.items() if tiles[i] in live and tiles[j] in live]
    return live, touch, near, edges


def test_the_boards_derived_facts_and_edges_are_the_plain_ones(ir):
    """layout._derived (the tiles in play and those each touches kept under the tiles and those
    removed, the open ones worked out per edges blocked), `bases-of` kept for the tiles in play,
    and the edges in play and `one edge in X` kept per board (edges.in_play, edges_in): at the
    end of seeded games, on copies with edges blocked and unblocked and a tile removed (a Base in
    two of them), they are the plain readings, and the lists given out are copies."""
    from mayhem.runtime.kernel import edges as edges_mod
    from mayhem.runtime.kernel.layout import bases_of, block, derive, remove_space, set_board, tile_property, unblock
    rules = load_game_rules(ir, "teen-titans-go")
    layout, checked, removed_bases = rules.layout, 0, 0
    for seed in range(4):
        game = play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=60), ["random"])
        run = Run(game, [])
        states = [game.state.clone()]
        for k in range(3):  # a tile out of play (one with nothing on it), then edges blocked on top
            state = states[-1].clone()
            run.state = state
            live, touch, near, _edges = _plain_board(layout, state.board)
            if k == 0 and seed % 2:  # a tile with nothing on it out of play
                empty = [t for t in live if not any(f["space"] == t for f in state.figures.values())]
                remove_space(run, None, empty[0])
            elif k == 0:  # a Base out (`bases-of` is kept per tiles in play), the board written as it is laid
                base = next(t for t in live if tile_property(run, t, layout.bases) is not None)
                set_board(state, state.board["tiles"], [base], state.board["blocked"])
            else:
                a = next(t for t in live if near[t])
                block(run, None, a, near[a][-1])
            states.append(state)
        first = states[-1].clone()  # the first edge blocked open again: a board seen before, or a new one
        run.state = first
        unblock(run, None, *first.board["blocked"][0], lifted=True)
        for state in states + [first]:
            run.state = state
            live, touch, near, edges = _plain_board(layout, state.board)
            d = derive(run)
            assert (d.live, d.touch, d.near) == (live, touch, near), state.board["key"]
            for team in list(state.teams) + [list(state.teams)]:
                wanted = _as_list(team)
                plain = [t for t in live if tile_property(run, t, layout.bases) in wanted]
                assert bases_of(run, None, team) == plain, (team, state.board["key"])
                removed_bases += any(tile_property(run, t, layout.bases) for t in state.board["gone"])
            got = edges_mod.in_play(run)
            assert got == edges
            got.append("L0-L0")
            assert edges_mod.in_play(run) == edges
            for wanted in ([live[0]], live[:3], [edges[0]], [edges[-1], live[-1]], []):
                plain = [e for e in edges if e in wanted or any(t in wanted for t in edges_mod.tiles_of(run, e))]
                got = edges_mod.edges_in(run, wanted)
                assert got == plain, wanted
                got.append("L0-L0")
                assert edges_mod.edges_in(run, wanted) == plain
                checked += 1
    assert checked >= 4 * 5 * 5 and removed_bases > 0
