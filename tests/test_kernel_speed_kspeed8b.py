"""The kernel toward RLCard's UNO, eighth pass, part B: moving figures and events nobody hears
(docs/kernel.md, "Speed, eighth pass: moving figures and events nobody hears"). The event raised
for many figures at once by one generated function (landers.Landers.together, for
keeping.announce_together: the Recovery) is held against the event raised figure by figure
through its lander, as before: over seeded games of both Mayhem boxes, and in a copy of a lab
game where a listener's body puts a new listener in the way of the next figure's raise."""
from __future__ import annotations

from collections import Counter

import pytest

from mayhem.runtime.kernel import KernelGame, heard, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import play_game

from game_helpers import lab_copy_ir, play_random
from kernel_speed_common import ROOT, digest, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


class OneByOne(dict):
    """rules.hearing.landers as another kind of dict: keeping.announce_together then raises the
    event figure by figure through each lander, as it did before `together`."""

    def __init__(self, real) -> None:
        super().__init__()
        self.real = real

    def __missing__(self, event):
        return self.real[event]


def _searches(monkeypatch, event: str) -> Counter:
    """Counts the searches for the pieces hearing `event` (the landers read heard._pieces_heard
    from the module at each raise)."""
    real, seen = heard._pieces_heard, Counter()

    def counted(state, rules, here, at=None):
        seen["searched"] += here is rules.hearing.heard.get(event)
        return real(state, rules, here, at)
    monkeypatch.setattr(heard, "_pieces_heard", counted)
    return seen


@pytest.mark.parametrize("box", BOXES)
def test_the_recovery_raised_together_plays_the_games_raised_one_by_one(ir, box, monkeypatch):
    """Seeded games raise the Recovery for every figure by one function and figure by figure
    through its lander: the same games, log line for log line. Together, the listeners were
    searched for fewer raises than were made (the search kept while nothing ran), and searched
    again within one announcement (after a listener's body ran)."""
    seeds = range(8)
    rules = load_game_rules(ir, box)
    searches = _searches(monkeypatch, "recovery")
    calls = Counter()
    real = rules.hearing.landers.together("recovery")

    def counted(run, env, announced):
        calls["together"] += 1
        return real(run, env, announced)
    rules.hearing.landers._together["recovery"] = counted
    together, raised = [], 0
    for seed in seeds:
        game = play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"])
        together.append((digest(game), game.state.log))
        raised += sum(1 for e in game.state.log if e["event"] == "raise" and e["name"] == "recovery")
    searched = searches["searched"]
    assert calls["together"] > 10 and raised > 2 * calls["together"]
    assert calls["together"] < searched < raised  # kept across raises; searched again after a body ran
    plain = load_game_rules(ir, box)
    plain.hearing.landers = OneByOne(plain.hearing.landers)
    searches["searched"] = 0
    for seed, mine in zip(seeds, together):
        game = play_game(plain, parity_kernel.kernel_config(plain, ir, seed, max_turns=150), ["random"])
        assert (digest(game), game.state.log) == mine
    assert searches["searched"] == raised  # one by one: a search at each raise


# Ridge (a lab game): a rally announced for every climber at each turn's end; each rally ropes
# the other climbers, and a rope hears the rally of the climber it lies on (a point)
RIDGE_RALLY = (
    ("  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie.",
     "  event rally \"A rally\" (figure) {}\n\n"
     "  rule tally \"Each rally ropes the other climbers\" {\n    on rally {\n"
     "      for each f in figures-of(players) {\n        if f != figure {\n"
     "          place(rope, 1, on: f)\n        }\n      }\n    }\n  }\n\n"
     "  turn-end {\n    announce-together(\"rally\", figures-of(players))\n  }\n\n"
     "  # Each Team rolls two dice; the lowest die leads, a coin toss on a tie."),
    ("  placed-on figure\n  on turn-end",
     "  placed-on figure\n  on rally when figure == holder {\n    gain(points, 1, on: team-of(figure))\n  }\n"
     "  on turn-end"),
)


def _rally(rules) -> KernelGame:
    spec = {"scenario": {"name": "rally", "box": "ridge"},
            "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                      "dice": {"d6.t1": [1, 4], "d6.t2": [3]}}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    return game


def test_a_listener_put_by_one_raise_hears_the_next_figure_s(tmp_path):
    """The rally of p1's climber ropes p2's, whose rope then hears p2's climber's rally (a point
    for t2): the listeners are searched again after a body ran, as figure by figure; the same
    game either way."""
    ir = lab_copy_ir(tmp_path, "ridge", *RIDGE_RALLY)
    games = []
    for one_by_one in (False, True):
        rules = load_game_rules(ir, "ridge")
        if one_by_one:
            rules.hearing.landers = OneByOne(rules.hearing.landers)
        game = _rally(rules)
        since = len(game.state.log)
        game.act("rest 1")
        raised = [e["figure"] for e in game.state.log[since:] if e["event"] == "raise"]
        assert raised[:2] == ["climber-p1", "climber-p2"]
        # the game plays on to p2's win: at each turn's end, p2's climber's rally is heard by the
        # rope the rally of p1's put on it (p1's climber is roped after its rally, and the rope
        # goes at the turn's end)
        assert game.over and game.state.counters == {"points/t1": 0, "points/t2": 3}
        play_random(game, 5)
        games.append((digest(game), game.state.log))
    assert games[0] == games[1]


def test_the_edges_in_play_are_kept_for_the_tiles_whatever_is_blocked(ir, monkeypatch):
    """The edges in play and `one edge in X` (edges.in_play, edges_in) are kept for the tiles in
    play (_Derived.tiled): at the end of seeded games, on a copy with an edge blocked (a new
    board), they are the plain readings and are not worked out again; with a tile out of play,
    they are worked out again."""
    from mayhem.runtime.kernel import edges as edges_mod
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.layout import block, derive, set_board
    rules = load_game_rules(ir, "teen-titans-go")
    made = Counter()
    for name in ("_in_play", "_edges_in"):
        def counted(*a, real=getattr(edges_mod, name), name=name):
            made[name] += 1
            return real(*a)
        monkeypatch.setattr(edges_mod, name, counted)
    for seed in range(3):
        game = play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=60), ["random"])
        run = Run(game, [])
        run.state = game.state.clone()
        live = derive(run).live
        wanted = live[:2]
        before = (edges_mod.in_play(run), edges_mod.edges_in(run, wanted))
        a = next(t for t in live if derive(run).near[t])
        block(run, None, a, derive(run).near[a][-1])
        counts = dict(made)
        assert (edges_mod.in_play(run), edges_mod.edges_in(run, wanted)) == before == _plain_edges(run, wanted)
        assert dict(made) == counts  # kept: a block changes no edge in play
        board = run.state.board  # a tile out of play (the board written as it is laid)
        set_board(run.state, board["tiles"], board["gone"] + [derive(run).live[-1]], board["blocked"])
        assert (edges_mod.in_play(run), edges_mod.edges_in(run, wanted)) == _plain_edges(run, wanted)
        assert made["_in_play"] == counts["_in_play"] + 1  # other tiles in play: worked out again


def _plain_edges(run, wanted) -> tuple:
    """The edges in play (both tiles in play) and those in or touching `wanted`, in the layout's order."""
    from mayhem.runtime.kernel import edges as edges_mod
    board, layout = run.state.board, run.rules.layout
    live = [t for t in board["tiles"] if t not in board["gone"]]
    edges = [e for e in layout.edges if all(t in live for t in edges_mod.tiles_of(run, e))]
    return edges, [e for e in edges if e in wanted or any(t in wanted for t in edges_mod.tiles_of(run, e))]


@pytest.mark.parametrize("box", BOXES)
def test_the_limits_reset_as_the_plain_filter_resets_them(ir, box):
    """`reset-limits` of each period, on copies of seeded games stopped after 30, 80 and 150
    turns: each figure's uses kept are those of the plain filter (every use whose part is not
    printed `once per` the period); uses were taken off some figures and kept whole on others (no
    part of either box used `once per round` stays used past its round's end)."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.keeping import reset_limits
    rules = load_game_rules(ir, box)
    seen = Counter()
    for seed in range(4):
        for turns in (30, 80, 150):
            game = play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=turns), ["random"])
            for period in ("turn", "round"):
                run = Run(game, [])
                state = run.state = game.state.clone()
                plain = {f: tuple([m for m in x["used"] if rules.cards[state.cards[m[0]]].props.get("once") != period])
                         for f, x in state.figures.items() if x.get("used")}
                reset_limits(run, {}, period)
                for f, kept in plain.items():
                    assert state.figures[f]["used"] == kept, (f, period)
                    seen[period, "cut" if kept != game.state.figures[f]["used"] else "whole"] += 1
    assert seen["turn", "cut"] > 3 and seen["turn", "whole"] > 3 and seen["round", "whole"] > 3, seen


@pytest.mark.parametrize("box", BOXES)
def test_the_pieces_hearing_and_the_zones_order_are_the_plain_ones(ir, box):
    """heard.pieces_hearing (the uids of the pieces whose token hears an event, picked in C) and
    heard.zone_order (the zones numbered in order, the added ones numbered on in C): at the end
    of seeded games, with the cache found, dropped (a piece turned over drops it: flip.turned), on
    a copy with cards and zones added, they are the plain readings."""
    from mayhem.runtime.kernel.heard import pieces_hearing, zone_order
    rules = load_game_rules(ir, box)
    tables = [rules.hearing.table(rules, e) for e in rules.hearing.events]
    tables = [here for here in tables if here.pieces]
    found = 0
    for seed in range(3):
        game = play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=80), ["random"])
        state = game.state.clone()
        for step in range(3):
            if step == 1:
                state.heard_uids = None
            if step == 2:  # a piece of each hearing token, and a zone, added
                for here in tables:
                    state.cards.append(next(iter(here.pieces)))
                    state.owners.append(None)
                    state.places.append("nowhere")
                state.zones["nowhere"] = list(range(len(state.cards) - len(tables), len(state.cards)))
            for here in tables:
                plain = tuple(u for u, qid in enumerate(state.cards) if qid in here.pieces)
                assert pieces_hearing(state, here) == plain
                found += len(plain)
            assert zone_order(state) == {key: i for i, key in enumerate(state.zones)}
    assert found > 3 * 3 * len(tables)
