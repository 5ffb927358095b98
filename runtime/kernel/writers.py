"""The figures' writers (a figure added, moved, knocked out) and the mark each write leaves.

They write what the end condition and the listeners' conditions read of the figures (their
owner, space, `quarry`, `out-round`: end_reads.py, when_reads.projection), and each write gives
the state's `figures_mark` a number never given before (one count for every game in the
process), so a mark equal to one kept means no figure was written since, in that state or in
the copy it was cloned from (a clone keeps its mark; a step replayed from its start writes new
numbers, never the ones its last try wrote). With `MARKS` on (set before the rules are loaded:
the projections are written once per rules) the projections compare that mark instead of a
tuple of every figure's parts made again at each check. It is off by default:
tests/test_kernel_speed_kloop.py moves a figure by writing its dict, which no mark follows
(docs/kernel.md, "The state's writers, and the span on kernel log lines");
tests/test_kernel_speed_writers.py plays the same games both ways."""
from __future__ import annotations

MARKS = False  # the projections read the mark (read once per rules, when they are written)
_COUNT = [0]  # the last number given


def mark(state) -> None:
    """The state's figures written to: a new mark (also after a write made elsewhere, as a
    scenario's setup)."""
    _COUNT[0] += 1
    state.figures_mark = _COUNT[0]


def add_figure(state, ident: str, figure: dict) -> None:
    """A figure on the table (with its `kind`, `owner` and `space`; a piece's `quarry`)."""
    state.figures[ident] = figure
    _COUNT[0] += 1
    state.figures_mark = _COUNT[0]


def set_space(state, figure: dict, space) -> None:
    """A figure (its dict) onto a space, or off the board (None)."""
    figure["space"] = space
    _COUNT[0] += 1
    state.figures_mark = _COUNT[0]


def teams_written(state) -> None:
    """The Teams' seats written (dealt, or two Teams' players swapped): each player's Team kept
    in `team_by` (state.team_of's), a new dict each time (a clone shares it, and no one changes it)."""
    state.team_by = {p: t for t, seats in state.teams.items() for p in seats}


def knock_out(state, figure: dict) -> None:
    """A figure (its dict) off the board for good, knocked out in this round (record.py reads it)."""
    figure["space"], figure["out"], figure["out-round"] = None, True, state.round
    _COUNT[0] += 1
    state.figures_mark = _COUNT[0]

