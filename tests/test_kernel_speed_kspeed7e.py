"""The kernel toward RLCard's UNO, seventh pass, resolving effects (docs/kernel.md, "Speed, seventh
pass: resolving effects"): each mark, kept answer and generated function is held against the
plain computation it replaces, over seeded games of both Mayhem boxes."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.kernel import state as state_module
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, parity_kernel, walked

BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _play(ir, box: str, seeds, rules=None):
    rules = rules or load_game_rules(ir, box)
    return [play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"]) for seed in seeds]


# -- the spans of the log's lines: one mark a statement, no walk ------------------------------

class _Stamping(list):
    """A state's marks that also stamp, at each mark, the old way (until December 4, 2026:
    `stamp_span` walked the lines logged since the statement's start and gave each its span
    where none was given yet): index -> (the line, its span), in `old`."""

    def __init__(self, state) -> None:
        super().__init__()
        self.state, self.old = state, {}

    def append(self, mark) -> None:
        last, _end, span = mark
        log = self.state.log
        for i in range(len(log) - 1, -1, -1):
            line = log[i]
            if line is last:
                break
            if i not in self.old or self.old[i][0] is not line:
                self.old[i] = (line, span)
        super().append(mark)


def _stamping(monkeypatch) -> list:
    made = []
    init = state_module.State.__init__

    def stamped(self, seed):
        init(self, seed)
        self.marks = _Stamping(self)
        made.append(self.marks)
    monkeypatch.setattr(state_module.State, "__init__", stamped)
    return made


def _old_spans(marks, log) -> dict:
    return {i: got for i, got in marks.old.items() if i < len(log) and log[i] is got[0]}


@pytest.mark.parametrize("box", BOXES)
def test_the_marks_give_each_line_the_span_the_walk_gave(ir, box, monkeypatch):
    """Over seeded games played out (ending inside a statement too) and a game answered a
    decision at a time (its steps replayed, the last try's lines cut), `State.spans` read from
    the marks is the walk's stamping, line by line, and most lines have one."""
    made = _stamping(monkeypatch)
    rules = load_game_rules(ir, box)
    games = _play(ir, box, range(4), rules)
    ended_inside = 0
    for game in games:
        marks = game.state.marks
        assert isinstance(marks, _Stamping)
        got, old = game.state.spans, _old_spans(marks, game.state.log)
        assert got == old
        assert len(got) > len(game.state.log) // 3
        if game.state.result["reason"] == "vp":  # the game ended inside a statement (GameOver): its
            assert len(game.state.log) - 1 in got  # `game-over` line stamped on the way out (stamp_span)
            ended_inside += 1
    assert ended_inside
    for game in walked(load_game_rules(ir, box), (1,), 120):
        pass
    state = game.state
    assert isinstance(state.marks, _Stamping) and state.turn > 5
    assert state.spans == _old_spans(state.marks, state.log)
