"""The kernel toward RLCard's UNO, fifth pass (docs/kernel.md, "Speed, fifth pass"): what the board
derives made only when asked (the shortest ways) or kept per board (the Bases of a Team), each the
same answers as the plain reading from the board's data, and made again when a tile shifts or an
edge is blocked."""
from __future__ import annotations

import random

import networkx as nx

from mayhem.runtime.kernel.effects import Run

from kernel_speed_common import titans, walked  # noqa: F401 - titans: a fixture


def _boards(rules, seeds=(0, 3, 5), decisions: int = 400) -> tuple:
    """(game, states): the states of seeded games at each decision whose board differs from the
    one before (laid, a tile shifted, an edge blocked or opened), clones."""
    states, keys = [], set()
    for game in walked(rules, seeds, decisions):
        if game.state.board["key"] not in keys:
            keys.add(game.state.board["key"])
            states.append(game.state.clone())
    return game, states


def _plain_near(rules, board: dict) -> dict:
    """Each tile in play's neighbours not behind a blocked edge, from the board's data alone."""
    tiles, gone = board["tiles"], set(board["gone"])
    blocked = {frozenset(e) for e in board["blocked"]}
    near: dict = {t: set() for t in tiles if t not in gone}
    for i, j in rules.layout.touching:
        a, b = tiles[i], tiles[j]
        if a in near and b in near and frozenset((a, b)) not in blocked:
            near[a].add(b)
            near[b].add(a)
    return near


def _plain_lengths(rules, board: dict) -> dict:
    near = _plain_near(rules, board)
    graph = nx.Graph([(a, b) for a in near for b in near[a]])
    graph.add_nodes_from(near)
    return {s: dict(d) for s, d in nx.all_pairs_shortest_path_length(graph)}


def _run(game, state) -> Run:
    run = Run(game, [])
    run.state = state
    return run


def test_distance_is_the_plain_shortest_way_on_every_board_and_after_a_block(titans):
    """layout.distance's ways are found the first time a board asks (no Mayhem rule does: a board
    shifted makes no graph), kept on that board's derived facts: on every board of three seeded
    games (tiles shifted on the way), and on a copy with an edge blocked (a new board key, whose
    ways are found again), every pair's distance is the shortest way over the open edges."""
    from mayhem.runtime.kernel.layout import block, derive, distance
    game, states = _boards(titans)
    assert len(states) > 3  # the laid board and the boards of shifted tiles
    checked = 0
    for state in states:
        for blocked in (False, True):
            if blocked:  # an open edge blocked on a copy: its ways are another board's
                state = state.clone()
                near = _plain_near(titans, state.board)
                a = next(t for t in near if near[t])
                block(_run(game, state), None, a, sorted(near[a])[0])
            run = _run(game, state)
            plain = _plain_lengths(titans, state.board)
            assert derive(run).lengths is None  # (nothing asked yet of this board)
            for a in plain:
                for b in [*plain, "no-such-tile"]:
                    assert distance(run, a, b) == plain[a].get(b), (a, b, blocked)
                    checked += 1
            assert derive(run).lengths == plain
    assert checked > 500


def test_the_bases_of_a_team_are_the_tiles_printed_so_on_every_board_and_face_down(titans):
    """`bases-of(team)` is kept per board (layout._asked): on every board of three seeded games,
    for each Team, both and none, and with the board face down (nothing printed but the capacity,
    asked apart), it names the tiles in play printed as that Team's Base, in board order."""
    from mayhem.runtime.kernel.layout import bases_of, tile_property
    game, states = _boards(titans)
    layout = titans.layout
    assert layout.bases is not None
    found = 0
    for state in states:
        for down in (None, 1):
            if down is not None:
                state = state.clone()
                state.board["down"] = down
            run = _run(game, state)
            live = [t for t in state.board["tiles"] if t not in state.board["gone"]]
            teams = list(state.teams)
            for asked in [*teams, teams, [], "no-such-team"]:
                wanted = asked if isinstance(asked, list) else [asked]
                plain = [t for t in live if tile_property(run, t, layout.bases) in wanted]
                assert bases_of(run, None, asked) == plain, (asked, down)
                assert bases_of(run, None, asked) is not bases_of(run, None, asked)  # a list of its own
                found += len(plain)
    assert found > 0


class _NoOnly(dict):
    """A listener's memo (when_reads.asked's `_when_said`) that keeps its noes alone: a yes is
    asked again every time, as before this pass."""

    def __setitem__(self, key, value) -> None:
        if value[1] is False:
            super().__setitem__(key, value)


def _answered(rules, seed: int, memo=None, decisions: int = 300):
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    if memo is not None:
        game._when_said = memo
    pick, decision = random.Random(seed), game.start()
    for _ in range(decisions):
        if decision is None or not decision.actions:
            break
        decision = game.act(pick.choice(decision.actions))
    return game


def test_a_when_kept_yes_plays_the_games_asking_it_again_every_time(titans, monkeypatch):
    """when_reads.asked keeps a listener's last answer with the parts it read, a yes as a no
    (Secret Santa's `when has(my-team, gift)` holds for as long as the Team holds a Gift): the
    same seeded games (log, answers, result) as asking a yes again every time, with fewer
    conditions asked."""
    from mayhem.runtime.kernel import when_reads
    from kernel_speed_common import counting, digest
    from mayhem.runtime.kernel import KernelGame
    # every update pass run, as when this was written (kspeed7b skips a quiet one: its own tests)
    monkeypatch.setattr(KernelGame, "_quiet", property(lambda game: None, lambda game, marks: None))
    asked = [0]
    monkeypatch.setattr(when_reads, "compiled", counting(when_reads.compiled, asked))
    runs = []
    for memo in (None, _NoOnly()):
        asked[0] = 0
        games = [_answered(titans, seed) for seed in (4, 7)] if memo is None else \
            [_answered(titans, seed, _NoOnly()) for seed in (4, 7)]
        runs.append(([digest(g) for g in games], asked[0]))
    (kept, kept_asked), (again, again_asked) = runs
    assert kept == again
    assert again_asked > kept_asked + 50, (again_asked, kept_asked)


def test_asked_answers_as_the_condition_at_every_decision_for_every_listener(titans):
    """At every decision of eight seeded games, for every card in play that hears the update event
    (both Teams' GO! cards), `asked` (its last answer kept per listener with the parts it read,
    a yes as a no) gives the condition's own value, asked plain; and a kept yes (Secret Santa's
    `has(my-team, gift)`) turns to no on a copy whose Team's Gifts went back to the pool."""
    from mayhem.runtime.kernel.pieces import remove_all
    from mayhem.runtime.kernel.compile import compiled
    from mayhem.runtime.kernel.events import in_play
    from mayhem.runtime.kernel.finish import update_event
    from mayhem.runtime.kernel.when_reads import asked
    here = titans.hearing.table(titans, update_event(titans))
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    seen, turned = 0, []
    for seed in range(8):
        game = KernelGame(titans, KernelConfig(players=2, seed=seed))
        pick, decision = random.Random(seed), game.start()
        for _ in range(400):
            if decision is None or not decision.actions:
                break
            run = _run(game, game.state)
            for trigger, me, card, key in in_play(game.state, titans, here):
                when = trigger.get("when")
                if when is None:
                    continue
                lenv = {"ctx:me": me, "ctx:this-card": card, "_in": key, "_pending": [0]}
                plain = bool(compiled(when)(run, dict(lenv)))
                assert asked(run, when, lenv) == plain, (seed, card, trigger.get("span"))
                seen += 1
                if plain and trigger.get("body") and when.get("name") == "has" and not turned:
                    copy = _run(game, game.state.clone())  # the Team's Gifts back in the pool: a no
                    remove_all(copy, lenv, "teen-titans-go:token:gift", **{"from": game.state.team_by[me]})
                    assert not compiled(when)(copy, dict(lenv)) and asked(copy, when, dict(lenv)) is False
                    assert asked(run, when, dict(lenv)) is True  # (this state's parts: the yes again)
                    turned.append(seed)
            decision = game.act(pick.choice(decision.actions))
    assert seen > 1000 and turned, (seen, turned)


def _plain_zones(rules, state, figure) -> list[str]:
    """The zones of a figure's parts (`TYPE/FIGURE`, those of a type used `once per ...` left
    out), in its card's printed order, from the rules' Dashboards and the figure as it lies."""
    fig = state.figures.get(figure)
    if fig is None or "card" not in fig:
        return []
    dash, cards = rules.dash, rules.cards
    types = [cards[p].type for p in dash.parts.get(fig.get("side") or fig["card"], [])]
    return [t + "/" + figure for t in types if not (dash.limited and t in dash.limited)]


def test_the_figures_parts_read_from_kept_tables_are_the_plain_walk_at_every_decision(titans):
    """figure_parts keeps each figure card's part zones on the rules' Dashboards (per card, and
    per card and figure): at every decision of three seeded games, for every figure,
    `abilities-of`, `activations`, `activated` on each of its parts and on another's, and
    `special-of` answer as the plain walk of the rules' parts and the zones."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.figure_parts import abilities_of, activated, activations
    from mayhem.runtime.kernel.specials import special_of
    checked, active = 0, 0
    for seed in (0, 2, 5):
        game = KernelGame(titans, KernelConfig(players=2, seed=seed))
        pick, decision = random.Random(seed), game.start()
        for _ in range(250):
            if decision is None or not decision.actions:
                break
            state = game.state
            run = _run(game, state)
            everyone = [u for f in state.figures for z in _plain_zones(titans, state, f) for u in state.zones.get(z, ())]
            for f in [*state.figures, "no-such-figure"]:
                zones = _plain_zones(titans, state, f)
                parts = [u for z in zones for u in state.zones.get(z, ())]
                assert abilities_of(run, {}, f) == list(dict.fromkeys(parts))  # each part once (kspeed6a)
                on = [d["on"] for d in state.dice.values()]
                assert activations(run, {}, f) == sum(1 for u in on if isinstance(u, int) and state.places[u] in zones)
                for part in everyone:
                    assert activated(run, {}, f, ability=part) == (part in on and part in parts), (f, part)
                active += activations(run, {}, f)
                limited = [u for z in zones + [t + "/" + f for t in titans.dash.limited]
                           if z.split("/")[0] in titans.dash.limited for u in state.zones.get(z, ())]
                assert special_of(run, {}, f) == (limited[0] if limited else None)
                checked += 1
            assert abilities_of(run, {}, list(state.figures)) == (sorted(set(everyone)) if len(state.figures) > 1
                                                                  else list(dict.fromkeys(everyone)))
            decision = game.act(pick.choice(decision.actions))
    assert checked > 1000 and active > 100, (checked, active)
