"""The figures' writers (a figure added, moved, knocked out) and the marks each write leaves.

They write what the end condition and the listeners' conditions read of the figures (their
owner, space, `quarry`, `out-round`: end_reads.py, when_reads.projection), and each write gives
the state's `figures_mark` a number never given before (one count for every game in the
process), so a mark equal to one kept means no figure was written since, in that state or in
the copy it was cloned from (a clone keeps its mark; a step replayed from its start writes new
numbers, never the ones its last try wrote). A write that changes a figure's owner, whether it
is off the board, or the round it was knocked out in (a figure added, a move onto or off the
board, one knocked out: not a move from a space to another) gives `figures_off_mark` that number
too: what an end condition reads of the figures when it counts no pieces (end_reads._figures_out).
With `MARKS` on (set before the rules are loaded: the projections are written once per rules)
the projections compare the marks instead of a tuple of every figure's parts made again at each
check: the dirty flag of what they read of the figures. Every writer of those parts goes
through this module (a scenario's setup calls `mark` once it wrote them);
tests/test_kernel_speed_writers.py and test_kernel_speed_kspeed6b.py play the same games both
ways, and hold the marks against the tuples at every decision. The cards' and pieces' writers
give `pieces_mark` a new number (`moved`, or `tick()` written into generated code) each time
they write a place, an owner or a card: tests/test_kernel_speed_kspeed7b.py holds it against
the cards' lists at every update event of seeded games and of the scenarios."""
from __future__ import annotations

from itertools import count

MARKS = True  # the projections read the marks (read once per rules, when they are written)
_COUNT = [0]  # the last number given
tick = count(1).__next__  # the pieces' marks (`state.pieces_mark`): a number never given before


def moved(state) -> None:
    """A card's or a piece's place, owner or card written (piles.py, pieces.py, kept.py,
    resolvers.py, written.py, flip.py and the setup's deals): the state's `pieces_mark` a new
    number, so a mark equal to one kept means none was written since (finish.py's quiet update)."""
    state.pieces_mark = tick()


def mark(state) -> None:
    """The state's figures written to: a new mark (also after a write made elsewhere, as a
    scenario's setup)."""
    _COUNT[0] += 1
    state.figures_mark = state.figures_off_mark = _COUNT[0]
    state.pieces_mark = tick()  # (a scenario's table writes the cards' places too)


def add_figure(state, ident: str, figure: dict) -> None:
    """A figure on the table (with its `kind`, `owner` and `space`; a piece's `quarry`)."""
    state.figures[ident] = figure
    _COUNT[0] += 1
    state.figures_mark = state.figures_off_mark = _COUNT[0]


def set_space(state, figure: dict, space) -> None:
    """A figure (its dict) onto a space, or off the board (None); the off mark too when it
    comes onto the board or leaves it."""
    was = figure["space"]
    figure["space"] = space
    _COUNT[0] += 1
    state.figures_mark = _COUNT[0]
    if (was is None) is not (space is None):
        state.figures_off_mark = _COUNT[0]


def teams_written(state) -> None:
    """The Teams' seats written (dealt, or two Teams' players swapped): each player's Team kept
    in `team_by` (state.team_of's), a new dict each time (a clone shares it, and no one changes it)."""
    state.team_by = {p: t for t, seats in state.teams.items() for p in seats}


def knock_out(state, figure: dict) -> None:
    """A figure (its dict) off the board for good, knocked out in this round (record.py reads it)."""
    figure["space"], figure["out"], figure["out-round"] = None, True, state.round
    _COUNT[0] += 1
    state.figures_mark = state.figures_off_mark = _COUNT[0]

