"""The ninth speed pass, pieces and moves (docs/kernel.md, "Speed, ninth pass: pieces and moves").

Each change held against the plain computation it replaced, on states of seeded games of both
Mayhem boxes: `count` on one holder (its pile found from the keys kept per rules, a space's
face-down pile read through `Pieces.heaps`, the token's pieces counted in C) against the pieces
`_at` finds; the piles a Team's counter reads (kept._keys), kept per Team with the figures' off
mark and the Teams' seats, against the walk over the figures, and found again when a figure is
dealt or the Teams' seats are written; a relation's figures over several spaces
(relations.figures_in) against the board's figures standing on them; the figures hearing an
event (heard._figures_heard, the parts' pile and `_once` keys made once per deal) against the
keys made at each raise."""
from __future__ import annotations

import random

import pytest

from kernel_speed_common import ROOT, box_rules, parity_kernel, seeded_states

BOXES = ("teen-titans-go", "looney-tunes")


# -- count on one holder (pieces_at.count, kept.heaps) --------------------------------------------

def _plain_count(run, token, holder, of) -> int:
    """The pieces of the token (and of its group) on the holder, `of`'s if given: _at's heap."""
    from mayhem.runtime.kernel.pieces_at import _at, _owned
    return len(_owned(run.state, _at(run, holder, token), of))


def _answer(fn, *args, **named):
    """fn's answer, or the text of the KernelError it raises."""
    from mayhem.runtime.kernel.rules import KernelError
    try:
        return fn(*args, **named)
    except KernelError as e:
        return str(e)


@pytest.mark.parametrize("box", BOXES)
def test_count_on_one_holder_is_the_plain_count_of_its_pieces(box):
    """At each 8th decision of seeded games, `count(token, on: H, of: O)` for every token (the
    group heads too), every holder (figures, spaces, edges, Teams, players, a tile of another
    box) and O none, each player and each Team, given one holder or a list of it, is the number
    of pieces _at finds there; a space's face-down pile is counted with its pieces."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.kept import heaps
    from mayhem.runtime.kernel.pieces_at import count
    rules = box_rules(box)
    tokens = sorted({qid for fed in rules.pieces.fed.values() for qid in fed} | set(rules.pieces.groups))
    piled = heaps(rules)
    assert set(piled) == set(rules.spaces)  # both boxes lay a `pile-to` zone of its own
    compared = counted = from_pile = 0
    for seed in range(3):
        for game in seeded_states(rules, seed, every=8):
            run, state = Run(game, []), game.state
            holders = list(state.figures) + list(rules.spaces) + list(rules.layout.edges) + \
                list(state.teams) + list(state.players) + ["other-box/far-tile"]
            env = {"ctx:me": state.active}
            for holder in holders:
                for token in tokens:
                    for of in (None, *state.players, *state.teams):
                        n = _answer(count, run, env, token, on=holder, of=of)
                        assert n == _answer(_plain_count, run, token, holder, of), (box, seed, holder, token, of)
                        assert _answer(count, run, env, token, on=[holder], of=of) == n
                        if n.__class__ is not int:  # (no zone of pieces on a player: the same error)
                            continue
                        compared += 1
                        counted += n > 0
                        from_pile += n > 0 and holder in piled and bool(state.zones.get(piled[holder]))
    assert compared > 5000 and counted > 100
    if box == "looney-tunes":  # the ACME pile on its Location
        assert from_pile > 10


# -- the piles a Team's counter reads, kept (kept._keys) ----------------------------------------------

def _walked_keys(run, team) -> list:
    """kept._keys as it was: the walk over every figure."""
    zones, state = run.rules.pieces.zones, run.state
    keys = [f"{zones['team']}/{team}"] if "team" in zones else []
    if "figure" in zones:
        zone, members = zones["figure"], state.teams.get(team, ())
        for f, x in state.figures.items():
            if x["owner"] == team or x["owner"] in members:
                keys.append(f"{zone}/{f}")
    return keys


@pytest.mark.parametrize("box", BOXES)
def test_a_teams_piles_kept_are_the_walk_and_follow_its_figures_and_seats(box):
    """At each 10th decision of seeded games, kept._keys for each Team is the walk's answer,
    asked twice (the second kept). On a copy, a figure dealt to a Team is among its piles at
    once; the Teams' players swapped (writers.teams_written) give each the other's piles; a
    state never marked is never kept."""
    from mayhem.runtime.kernel import kept
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.writers import add_figure, teams_written
    rules = box_rules(box)
    asked = 0
    for seed in range(2):
        for game in seeded_states(rules, seed, every=10):
            run, state = Run(game, []), game.state
            for team in state.teams:
                assert kept._keys(run, team) == _walked_keys(run, team)
                assert kept._keys(run, team) == _walked_keys(run, team)
                asked += 1
            copy = game.clone()
            run2, other = Run(copy, []), copy.state
            team = next(iter(other.teams))
            before = kept._keys(run2, team)
            add_figure(other, "zz-new", {"kind": "character", "owner": team, "space": None})
            assert kept._keys(run2, team) == _walked_keys(run2, team) == [*before, f"{rules.pieces.zones['figure']}/zz-new"]
            a, b = list(other.teams)
            mine = {t: kept._keys(run2, t) for t in (a, b)}
            other.teams[a], other.teams[b] = other.teams[b], other.teams[a]
            teams_written(other)
            for t in (a, b):
                assert kept._keys(run2, t) == _walked_keys(run2, t)
            assert any(kept._keys(run2, t) != mine[t] for t in (a, b)) or not any(
                x["owner"] in other.players for x in other.figures.values())
    assert asked > 50
    from mayhem.runtime.kernel.state import State
    fresh = State(0)  # never marked: nothing kept for it, however often asked
    fresh.teams, fresh.players = {"t1": []}, []
    rules.pieces.team_keys.pop("t1", None)

    class _Run:  # (what _keys reads of a run)
        pass
    run = _Run()
    run.rules, run.state = rules, fresh
    assert kept._keys(run, "t1") == _walked_keys(run, "t1")
    assert "t1" not in rules.pieces.team_keys


def test_a_teams_piles_follow_a_players_figure_when_the_seats_are_swapped():
    """A player's figure is its Team's: with the Teams' players swapped (and teams_written), the
    piles of each Team are those of the figures its new players own, the kept ones dropped."""
    from mayhem.runtime.kernel import kept
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.writers import add_figure, teams_written
    rules = box_rules("teen-titans-go")
    game = next(seeded_states(rules, 0, every=1))
    copy = game.clone()
    run, state = Run(copy, []), copy.state
    a, b = list(state.teams)
    pa = state.teams[a][0]
    add_figure(state, "zz-mine", {"kind": "character", "owner": pa, "space": None})
    zone = rules.pieces.zones["figure"]
    assert f"{zone}/zz-mine" in kept._keys(run, a) and f"{zone}/zz-mine" not in kept._keys(run, b)
    state.teams[a], state.teams[b] = state.teams[b], state.teams[a]
    teams_written(state)
    assert f"{zone}/zz-mine" in kept._keys(run, b) and f"{zone}/zz-mine" not in kept._keys(run, a)
    assert kept._keys(run, a) == _walked_keys(run, a) and kept._keys(run, b) == _walked_keys(run, b)


# -- a relation's figures over several spaces (relations.figures_in) ------------------------------------

@pytest.mark.parametrize("box", BOXES)
def test_a_relations_figures_over_spaces_are_the_boards_figures_standing_there(box):
    """At each 5th decision of seeded games, for every relation kind and every player and Team
    as `me`, figures_in over a list of spaces (all of them, those holding figures, one, random
    sets, with repeats and a None) is the board's figures of that relation standing on one of
    them, in the order of the figures; with a figure named among them, the walk (itself too)."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.relations import RELATIONS, figures_in
    rules = box_rules(box)
    spaces = list(rules.spaces)
    compared = several = 0
    for seed in range(3):
        rng = random.Random(seed)
        for game in seeded_states(rules, seed, every=5):
            run, state = Run(game, []), game.state
            if not state.figures:  # (before the figures are dealt)
                continue
            held = sorted({x["space"] for x in state.figures.values() if x["space"] is not None})
            lists = [spaces, held, spaces[:1], held[:1], held[1:], [*held, *held, None]] + \
                [rng.sample(spaces, k) for k in (2, 3, 5)]
            for me in (*state.players, *state.teams):
                env = {"ctx:me": me}
                for kind in RELATIONS:
                    board = figures_in(run, env, kind, None)
                    for listed in lists:
                        want = [f for f in board if state.figures[f]["space"] in listed]
                        assert figures_in(run, env, kind, list(listed)) == want, (box, kind, listed)
                        compared += 1
                        several += sum(s in listed for s in held) > 1
                    named = [next(iter(state.figures)), *held[1:]]  # a figure among them: the walk
                    want = [f for f in state.figures if (f in named or state.figures[f]["space"] in named)
                            and figures_in(run, env, kind, f)]
                    assert figures_in(run, env, kind, named) == want, (box, kind, named)
    assert compared > 2000 and several > 200


# -- the figures hearing an event (heard._figures_heard) ---------------------------------------------

def _plain_figures_heard(state, rules, here, own):
    """_figures_heard as it was: each part's pile and `_once` key made at each raise."""
    from mayhem.runtime.kernel.heard import figures_hearing
    from mayhem.runtime.kernel.spaces import controller, silenced
    hearing = figures_hearing(state, here)
    out, cards, me = [], state.cards, state.active
    zones, sided = state.zones, rules.__dict__.get("_sided_parts", ())
    silencing = rules.pieces.silencing if rules.pieces is not None else None
    for fid, heard in hearing:
        for part, t in heard:
            uid = None
            if part is not None:
                key = f"{rules.cards[part].type}/{fid}"
                uid = next((u for u in zones.get(key, ()) if cards[u] == part), None)
                if uid is None and part in sided or silencing and silenced(state, rules, fid, part):
                    continue
            out.append((t, controller(state, "figure", fid) if own else me, uid,
                        {"ctx:self": fid, "_once": f"{fid}/{part or ''}"}))
    return out


@pytest.mark.parametrize("box", BOXES)
def test_the_figures_hearing_an_event_are_found_as_at_each_raise(box):
    """At each 6th decision of seeded games, and on a copy, every event's figures hearing it
    (as their controller and as the player whose turn it is) are the plain search's."""
    from mayhem.runtime.kernel.heard import _figures_heard
    rules = box_rules(box)
    tables = [rules.hearing.table(rules, e) for e in rules.hearing.events]
    tables = [t for t in tables if t.figures]
    assert tables
    found = 0
    for seed in range(2):
        for game in seeded_states(rules, seed, every=6):
            for state in (game.state, game.clone().state):
                for here in tables:
                    for own in (True, False):
                        got = _figures_heard(state, rules, here, own)
                        assert got == _plain_figures_heard(state, rules, here, own)
                        found += len(got)
    assert found > 100


# -- a listener about another passed over before its `when` (landers.gate_of) ----------------------------

def _played(box, seeds, monkeypatch, gated=True):
    """The digests of seeded games of random bots on rules loaded anew (their landers made anew),
    with or without the landers' gates; the landers' sources; the `when`s the landers asked."""
    from mayhem.runtime.kernel import landers
    from mayhem.runtime.kernel.play import play_game
    from mayhem.runtime.kernel.rules import load_game_rules
    from kernel_speed_common import digest
    asked = [0]
    real = landers._fns

    def counted(trigger, table):  # each listener's compiled `when`, counted when asked
        when, body, t = real(trigger, table)
        if when is not None:
            table[id(trigger)] = ((lambda run, env: (asked.__setitem__(0, asked[0] + 1), when(run, env))[1]), body, t)
        return table[id(trigger)]
    monkeypatch.setattr(landers, "_fns", counted)
    if not gated:
        monkeypatch.setattr(landers, "gate_of", lambda t, own: None)
    ir = parity_kernel.compile_named(ROOT / "content", (box,))
    rules = load_game_rules(ir, box)
    out = [digest(play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=400), ["random"]))
           for seed in seeds]
    sources = {e: fn.source for e, fn in rules.hearing.landers.items()}
    sources.update({("together", e): fn.source for e, fn in rules.hearing.landers._together.items() if fn})
    return out, sources, asked[0]


def test_gate_of_reads_a_when_about_the_listeners_own_holder_or_figure():
    """`FIELD is holder` (alone or first in an `and`) is a piece's gate, `FIELD is self` a
    figure's; a negated `is`, a relation, another context or another first item is none."""
    from mayhem.runtime.kernel.landers import gate_of

    def is_(field, right, negated=False, rel=False):
        return {"e": "is", "l": {"e": "event", "name": field},
                "r": {"e": "relation" if rel else "ctx", "name": right}, "negated": negated}

    pending = {"e": "cmp", "op": ">", "l": {"e": "ctx", "name": "pending"}, "r": {"e": "num", "v": 0}}
    assert gate_of({"when": is_("figure", "holder")}, "ctx:holder") == ("var:figure", "ctx:holder")
    assert gate_of({"when": {"e": "and", "items": [is_("target", "holder"), pending]}}, "ctx:holder") == \
        ("var:target", "ctx:holder")
    assert gate_of({"when": {"e": "and", "items": [is_("target", "self"), pending]}}, "ctx:self") == \
        ("var:target", "ctx:self")
    assert gate_of({"when": is_("target", "self")}, "ctx:holder") is None  # not the loop's own context
    assert gate_of({"when": is_("figure", "holder", negated=True)}, "ctx:holder") is None
    assert gate_of({"when": is_("target", "opponent", rel=True)}, "ctx:self") is None
    assert gate_of({"when": {"e": "and", "items": [pending, is_("target", "holder")]}}, "ctx:holder") is None
    assert gate_of({"when": {"e": "or", "items": [is_("target", "holder"), pending]}}, "ctx:holder") is None
    assert gate_of({"when": None}, "ctx:holder") is None and gate_of({}, "ctx:holder") is None


@pytest.mark.parametrize("box", BOXES)
def test_listeners_about_another_passed_over_play_the_same_games(box, monkeypatch):
    """Seeded games of each box played with the landers' gates and without them (every listener's
    env made and its `when` asked) are the same games, log line for log line; the gated landers
    (a piece's Shield and Fire, a figure's part about itself) hold GATES, the others none."""
    seeds = range(4)
    gated, sources, asked = _played(box, seeds, monkeypatch)
    assert "GATES" in sources["damage"] and "GATES" not in sources["move"]  # (Flee: `figure is not holder`)
    plain, plain_sources, plain_asked = _played(box, seeds, monkeypatch, gated=False)
    assert not any("GATES" in src for src in plain_sources.values())
    assert gated == plain
    assert asked < plain_asked * 0.8, (asked, plain_asked)  # the `when`s about another left unasked
