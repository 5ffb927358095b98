"""Resolving effects, third pass (docs/kernel.md, "Resolving effects, third pass"): a `for each`
over a set of `all` found again only once what it reads changed (same_selects.py), held to the
game finding it every time; what Secret Santa's loop reads; a set whose reads are not known
found every time."""
from __future__ import annotations

import random
from types import SimpleNamespace

from kernel_speed_common import digest, titans  # noqa: F401 - `titans`: the module's fixture

from mayhem.runtime.kernel import KernelConfig, KernelGame, same_selects, writers
from mayhem.runtime.kernel.pieces import _move
from mayhem.runtime.kernel.when_reads import reads


class _Counting(dict):
    """A game's memo of the sets kept (kept_select's), counting the sets found again."""

    def __init__(self) -> None:
        super().__init__()
        self.found = 0

    def __setitem__(self, key, value) -> None:
        self.found += 1
        super().__setitem__(key, value)


def _played(rules, seed: int = 4, decisions: int = 300):
    """A 2-player game of seeded random answers (seed 4 holds a Gift of Secret Santa or Birthday
    Surprise for a while: its loop runs after every step), its memo counting."""
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    memo = game.__dict__["_kept_selects"] = _Counting()
    pick = random.Random(seed)
    decision = game.start()
    for _ in range(decisions):
        if decision is None or not decision.actions:
            break
        decision = game.act(pick.choice(decision.actions))
    return game, memo


def test_a_set_kept_while_what_it_reads_is_the_same_plays_the_game_finding_it_always(titans, monkeypatch):  # noqa: F811
    """The same game (log, answers, result) as finding the set at every loop; it was found again
    far fewer times than the loop ran (the projection asked once a loop)."""
    # every update pass run, as when this was written (kspeed7b skips a quiet one: its own tests)
    monkeypatch.setattr(KernelGame, "_quiet", property(lambda game: None, lambda game, marks: None))
    asked = [0]
    real = same_selects.projection

    def counted(e, rules):
        project = real(e, rules)
        if project is None:
            return None

        def call(state):
            asked[0] += 1
            return project(state)
        return call
    with monkeypatch.context() as m:
        m.setattr(same_selects, "projection", counted)
        m.setitem(titans.__dict__, "_kept_selects", {})  # (the projections made once per rules: anew)
        kept, memo = _played(titans)
    with monkeypatch.context() as m:
        m.setattr(same_selects, "projection", lambda e, rules: None)
        m.setitem(titans.__dict__, "_kept_selects", {})
        always, _memo = _played(titans)
    titans.__dict__.pop("_kept_selects", None)  # made anew for the next test, with the real projection
    assert digest(kept) == digest(always)
    assert asked[0] > 3 * memo.found > 0, (asked[0], memo.found)  # (466 and 60 when written)


def _santa_set(rules) -> dict:
    """The set Secret Santa's loop goes over after each step: `all location in anywhere where ...`."""
    here = rules.hearing.table(rules, "update")
    triggers = next(ts for q, ts in here.cards.items() if q.endswith("secret-santa"))
    loop = next(s for t in triggers for s in t["body"] if s["op"] == "for-each")
    return loop["source"]


def test_the_set_of_secret_santa_changes_with_what_it_reads_alone(titans, monkeypatch):  # noqa: F811
    """It reads the figures (their spaces and owners), the board and the Gift's pieces; a counter
    changed leaves its projection as it was, a figure moved or a Gift placed changes it (the
    projection of the figures' parts, not their marks: writers.MARKS off while it is written)."""
    monkeypatch.setattr(writers, "MARKS", False)
    e = _santa_set(titans)
    found = reads(e, titans)
    token = next(p for p in found if isinstance(p, tuple))
    assert found == {"figures", "board", token} and token[0].endswith("gift")
    project = same_selects.projection(e, titans)
    game, _memo = _played(titans, decisions=40)
    state = game.state
    before = project(state)
    state.counters["anything"] = 3
    assert project(state) == before
    figure = next(f for f, x in state.figures.items() if x["space"] is not None)
    space = state.figures[figure]["space"]
    writers.set_space(state, state.figures[figure], "elsewhere")
    assert project(state) != before
    writers.set_space(state, state.figures[figure], space)
    uid = next(u for u, qid in enumerate(state.cards) if qid == token[0])
    was = state.places[uid]
    _move(state, uid, f"{titans.pieces.zones['space']}/{space}")
    assert project(state) != before
    _move(state, uid, was)
    assert project(state) == before


def test_a_set_whose_reads_are_not_known_is_found_every_time(titans):  # noqa: F811
    """A set reading a variable (`all location in anywhere where it == x`) has no projection:
    kept_select finds it at each call, and keeps nothing."""
    e = {"e": "select", "quant": "all", "count": None, "kind": "location", "in": {"e": "ctx", "name": "anywhere"},
         "where": {"e": "cmp", "op": "==", "l": {"e": "it"}, "r": {"e": "var", "name": "x"}}}
    assert reads(e, titans) is None
    game, _memo = _played(titans, decisions=5)
    run = SimpleNamespace(rules=titans, state=game.state, game=SimpleNamespace())
    found = []
    for _ in range(3):
        same_selects.kept_select(run, {"ctx:me": "p1"}, e, lambda: found.append(1) or ["L1"])
    assert len(found) == 3 and "_kept_selects" not in run.game.__dict__
    santa = _santa_set(titans)
    for _ in range(3):  # a known set: found once, then kept (a copy each time)
        got = same_selects.kept_select(run, {"ctx:me": "p1"}, santa, lambda: found.append(1) or ["L1"])
        assert got == ["L1"]
        got.append("changed by the loop's caller")
    assert len(found) == 4
