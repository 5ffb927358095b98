"""The kernel toward RLCard's UNO, sixth pass, effects and the board (docs/kernel.md, "Speed, sixth
pass: effects and the board"): each answer kept (the spaces and `encloses` per board, `flagged`
per rules, an edge's pile key) and each selector generated as one function is held against the
plain reading it replaces, on the states of seeded games of Teen Titans GO! and on copies whose
board was changed."""
from __future__ import annotations

import copy

import pytest

from mayhem.runtime.kernel.effects import Run

from kernel_speed_common import titans, walked  # noqa: F401 - titans: a fixture


def _states(rules, seeds=(0, 3, 5), decisions: int = 300) -> tuple:
    """(game, states): the state of seeded games at every decision, clones."""
    states = []
    for game in walked(rules, seeds, decisions):
        states.append(game.state.clone())
    return game, states


@pytest.fixture(scope="module")
def played(titans):  # noqa: F811 - the fixture imported above
    return _states(titans)


def _run(game, state) -> Run:
    run = Run(game, [])
    run.state = state
    return run


def _plain_live(rules, board: dict) -> list:
    return [t for t in board["tiles"] if t not in board["gone"]]


def _plain_near(rules, board: dict) -> dict:
    tiles, live = board["tiles"], _plain_live(rules, board)
    blocked = {frozenset(e) for e in board["blocked"]}
    near: dict = {t: set() for t in live}
    for i, j in rules.layout.touching:
        a, b = tiles[i], tiles[j]
        if a in near and b in near and frozenset((a, b)) not in blocked:
            near[a].add(b)
            near[b].add(a)
    return near


def _plain_encloses(rules, board: dict, edge: str) -> bool:
    i, j = rules.layout.edges[edge]
    a, b = board["tiles"][i], board["tiles"][j]
    near = _plain_near(rules, board)
    if a not in near or b not in near[a]:
        return False
    return near[a] == {b} or near[b] == {a}


def _blocked_copy(game, state):
    """A copy of the state with an open edge blocked (a new board key)."""
    from mayhem.runtime.kernel.layout import block
    state = state.clone()
    near = _plain_near(game.rules, state.board)
    a = next(t for t in near if near[t])
    block(_run(game, state), None, a, sorted(near[a])[0])
    return state


def test_the_spaces_kept_per_board_are_the_plain_list_and_a_copy(titans, played):  # noqa: F811
    """Layout.spaces keeps the game's spaces per board (the declared spaces, then the tiles in
    play): at every decision of three seeded games and on copies with an edge blocked or a tile
    removed, the list is the plain one; the list given out is a copy (a caller that changes it
    changes no later answer); `anywhere` reads the same list."""
    from mayhem.runtime.kernel.layout import remove_space
    from mayhem.runtime.kernel.relations import anywhere
    game, states = played
    layout, checked = titans.layout, 0
    for state in states[::7]:
        removed = state.clone()
        run = _run(game, removed)
        empty = [t for t in _plain_live(titans, removed.board)
                 if not any(f["space"] == t for f in removed.figures.values())]
        remove_space(run, None, empty[0])  # a tile out of play (refused under a piece: then the same board)
        for s in (state, _blocked_copy(game, state), removed):
            run = _run(game, s)
            plain = [x for x in titans.spaces if x not in layout.printed] + _plain_live(titans, s.board)
            got = layout.spaces(run)
            assert got == plain
            got.append("no-such-space")
            assert layout.spaces(run) == plain
            got = anywhere(run, {})  # the kept list read in place (relations.anywhere)
            assert got == plain
            got.append("no-such-space")
            assert anywhere(run, {}) == plain
            checked += 1
    assert checked > 30


def test_encloses_kept_per_board_is_the_plain_answer_for_every_edge(titans, played):  # noqa: F811
    """edges.encloses keeps its answer per board key: for every edge of the layout, at every
    decision of three seeded games (Obstacles placed and shifted on the way) and on a copy with
    an edge blocked, it says what the board's data says; asked twice, the same."""
    from mayhem.runtime.kernel.edges import encloses
    game, states = played
    shut = 0
    for state in states[::5]:
        for s in (state, _blocked_copy(game, state)):
            run = _run(game, s)
            for edge in titans.layout.edges:
                plain = _plain_encloses(titans, s.board, edge)
                assert encloses(run, None, edge) == plain, edge
                assert encloses(run, None, edge) == plain, edge
                shut += plain
    assert shut > 0  # some edge would enclose a tile: both answers were seen


def test_flagged_kept_per_rules_is_the_printed_flag(titans, played):  # noqa: F811
    """vocabulary.flagged keeps a printed card's flag per rules: for every token of the box and
    each flag any token prints, asked twice and in both orders, the printed property's truth."""
    from mayhem.runtime.kernel.layout import printed_property
    from mayhem.runtime.kernel.vocabulary import flagged
    game, states = played
    run = _run(game, states[0])
    tokens = [q for q, c in titans.cards.items() if c.type in titans.pieces.types]
    flags = sorted({k for q in tokens for k in titans.cards[q].props} | {"cleared-on-ko", "usable"})
    seen = set()
    for order in (flags, flags[::-1]):
        for token in tokens:
            for flag in order:
                want = bool(printed_property(titans, titans.cards[token], flag))
                assert flagged(run, None, token, flag) is want, (token, flag)
                seen.add(want)
    assert seen == {True, False}


def test_count_on_an_edge_is_the_plain_count(titans, played):  # noqa: F811
    """pieces_at.count reads an edge's pile key kept for the rules (Pieces.keyed[3]): at every
    decision of three seeded games, for every edge and every token, the pieces lying there."""
    from mayhem.runtime.kernel.pieces_at import count
    game, states = played
    zone = titans.pieces.zones["edge"]
    tokens = [q for q, c in titans.cards.items() if c.type in titans.pieces.types]
    found = 0
    for state in states[::3]:
        run = _run(game, state)
        for edge in titans.layout.edges:
            pile = state.zones.get(f"{zone}/{edge}", [])
            for token in tokens:
                plain = sum(1 for uid in pile if state.cards[uid] == token)
                assert count(run, {"ctx:me": state.active}, token, edge) == plain, (edge, token)
                found += plain
    assert found > 0  # Obstacles lay on edges


def _selectors(rules) -> list:
    """Every selector the rules hold (their IR nodes), found by walking the rules' data."""
    found, seen = [], set()
    stack = [rules]
    while stack:
        x = stack.pop()
        if id(x) in seen or isinstance(x, (str, int, float, bool)) or x is None or callable(x):
            continue
        seen.add(id(x))
        if isinstance(x, dict):
            if x.get("e") == "select":
                found.append(x)
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif hasattr(x, "__dict__") and type(x).__module__.startswith("mayhem"):
            stack.extend(vars(x).values())
    return found


def _answer(fn, run, env):
    try:
        return ("value", fn(run, env))
    except Exception as e:  # noqa: BLE001 - the same error either way
        return ("error", type(e).__name__)


def test_a_generated_selector_finds_what_the_closure_finds(titans, monkeypatch):  # noqa: F811
    """selects.where_select_of writes a selector with `where` (or a relation's) as one function:
    for every such selector of the rules, made `all` (the whole set, no choice asked), at every
    fifth decision of three seeded games, with `me` each player and `self` each figure, the set
    is the one compile._select's closure finds (select_for answering None: the closure). The
    games are played by rules loaded with the closures alone, so what is compared does not
    depend on what is tested."""
    from mayhem.runtime.kernel import compile as kcompile, selects
    from mayhem.compiler.shorthand import kernel_kind
    from kernel_speed_common import titans_rules
    with monkeypatch.context() as closures_only:
        closures_only.setattr(selects, "select_for", lambda e, kind, s: None)
        game, states = _states(titans_rules())
    nodes = []
    for e in _selectors(titans):
        whole = copy.deepcopy(e)
        whole["quant"] = "all"
        kind = kernel_kind(whole["kind"])
        if selects.select_for(whole, kind, kcompile._selects) is not None and (
                whole["where"] is not None or kind in ("friend", "teammate", "opponent", "foe", "player-figure")):
            nodes.append(whole)
    assert len(nodes) > 20
    generated = [kcompile._select(e) for e in nodes]
    monkeypatch.setattr(selects, "select_for", lambda e, kind, s: None)
    closures = [kcompile._select(e) for e in nodes]
    assert all(g is not c for g, c in zip(generated, closures))
    compared = nonempty = 0
    for state in states[::5]:
        run = _run(game, state)
        for me in state.players:
            for fig in [None, *state.figures]:
                env = {"ctx:me": me} if fig is None else {"ctx:me": me, "ctx:self": fig}
                for g, c in zip(generated, closures):
                    got, want = _answer(g, run, env), _answer(c, run, env)
                    assert got == want
                    compared += 1
                    nonempty += got[0] == "value" and bool(got[1])
    assert compared > 10_000 and nonempty > 1_000


def test_open_leaves_out_the_figures_that_stand_for_a_piece(titans, played):  # noqa: F811
    """layout.open_space (its location by keyword, as the shared word passes it; a figure counted
    only where it stands): at every seventh decision of three seeded games, every tile says what
    the plain count says; on a copy whose tile is filled to its cap, once by figures and once
    with one of them standing for a piece, it says full, then open."""
    from mayhem.runtime.kernel.layout import open_space, printed_property
    from mayhem.runtime.kernel.writers import add_figure, mark
    game, states = played
    layout = titans.layout
    caps = {t: printed_property(titans, c, layout.capacity) for t, c in layout.printed.items()}

    def plain(state, tile):
        return sum(1 for f in state.figures.values() if f["space"] == tile and "piece" not in f) < caps[tile]
    for state in states[::7]:
        run = _run(game, state)
        for tile in state.board["tiles"]:
            assert open_space(run, None, tile) == plain(state, tile), tile
            assert open_space(run, None, location=tile) == plain(state, tile), tile
    state = states[-1].clone()
    tile = next(t for t in state.board["tiles"] if caps[t] and not any(
        f["space"] == t for f in state.figures.values()))
    for i in range(caps[tile]):
        add_figure(state, f"filler-{i}", {"kind": "filler", "owner": None, "space": tile})
    run = _run(game, state)
    assert open_space(run, None, tile) is False
    state.figures["filler-0"]["piece"] = 0  # it stands for a piece: it fills no place
    mark(state)  # (a figure's dict written here: a new mark, as writers.py asks)
    assert open_space(run, None, tile) is True
