"""The figures' writers under one owner (runtime/kernel/writers.py) and the mark they leave: the
projections that the end check and the listeners' conditions compare (end_reads.py,
when_reads.projection) read the figures' mark instead of a tuple of every figure, and the seeded
games of both boxes are the same as with the tuples (`writers.MARKS` off, its default until
test_kernel_speed_kloop's figure moved by hand goes through writers.set_space). A writer that
leaves no mark (a Move that does not call writers.set_space) makes a memo answer stale, and these
games differ (docs/kernel.md, "The state's writers, and the span on kernel log lines")."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import load_game_rules, writers
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, digest, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _digests(ir, box: str, seeds=range(6)) -> list[str]:
    rules = load_game_rules(ir, box)  # rules of their own: their projections written anew
    return [digest(play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"]))
            for seed in seeds]


@pytest.mark.parametrize("box", BOXES)
def test_the_figures_mark_plays_the_games_the_tuples_play(ir, box, monkeypatch):
    monkeypatch.setattr(writers, "MARKS", True)
    marked = _digests(ir, box)
    monkeypatch.setattr(writers, "MARKS", False)
    assert _digests(ir, box) == marked


def test_the_projections_read_the_mark_and_every_write_gives_a_new_one(ir, monkeypatch):
    monkeypatch.setattr(writers, "MARKS", True)
    rules = load_game_rules(ir, "teen-titans-go")
    for seed in range(6):
        game = play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"])
    state = game.state
    assert state.figures_mark > 0
    made = [*rules.__dict__.get("_when_reads", {}).values(), *rules.__dict__.get("_kept_selects", {}).values()]
    projections = [project for _e, project in made if project is not None]
    assert any(state.figures_mark in project(state) for project in projections)  # (asked's, kept_select's)
    fig = next(iter(state.figures.values()))
    before, copy = state.figures_mark, state.clone()
    writers.set_space(state, fig, fig["space"])
    assert state.figures_mark > before and copy.figures_mark == before
