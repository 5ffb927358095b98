"""The figures on the board as the board's queries read them, kept per figures' mark: the figures on the board, those on each space, the places filled.

Every write of a figure's parts gives the state's `figures_mark` a number never given before
(writers.py; a scenario's setup, or a test, that writes a figure's dict calls `writers.mark`
after), so what is seen of the figures at one mark holds for any state with that mark: a copy
keeps its mark and its figures until one of them is written. A figure on the board is seen as
its row, `(figure, owner, quarry)` (`quarry` the side a figure that stands for a piece was placed
by, `NO_QUARRY` for any other figure); the view holds the rows of the figures on the board in
the order of the figures (`on`), the rows by the space they stand on (`at`, in the same order),
and on each space the number of figures that fill a place there (`filled`: not one that stands
for a piece, standing.py). It is plain tuples and strings, no figure's dict (a later write would
change it under the view), kept in one slot (`_KEPT`) for the last mark asked; a state never
marked (mark 0) gets a view made anew at each ask. A Move from a space to another
(movement.enter) brings the view kept for the mark before it to the mark after it (`moved`)
instead of leaving it to be made again. `open` (layout.py), the relations' selectors
(relations.figures_in) and `figures-of` (board.py, its answers in `memo`: a Move changes no
figure's owner) read it instead of walking the figures at each call."""
from __future__ import annotations

NO_QUARRY = ("no quarry",)  # a row's quarry for a figure that does not stand for a piece


class View:
    """What is seen of the figures at one mark (the module's docstring)."""

    __slots__ = ("mark", "on", "at", "filled", "rank", "memo")

    def __init__(self, figures: dict, mark: int) -> None:
        self.mark = mark
        on, at, filled, rank = [], {}, {}, {}
        for f, x in figures.items():  # (a loop: no comprehension's frame)
            rank[f] = len(rank)
            space = x["space"]
            if space is None:
                continue
            row = (f, x["owner"], x["quarry"] if "quarry" in x else NO_QUARRY)
            on.append(row)
            if space in at:
                at[space].append(row)
            else:
                at[space] = [row]
            if "piece" not in x:
                filled[space] = filled[space] + 1 if space in filled else 1
        self.on, self.at, self.filled, self.rank = on, at, filled, rank
        self.memo: dict = {}  # the answers of `figures-of` for this mark (board.figures_of)


_KEPT = [View({}, 0)]


def view(state) -> View:
    """The view of the state's figures, made once per mark (made anew for a state never marked)."""
    kept = _KEPT[0]
    mark = state.figures_mark
    if kept.mark == mark and mark:
        return kept
    kept = View(state.figures, mark)
    if mark:
        _KEPT[0] = kept
    return kept


def moved(kept: View, figure: str, fig: dict, was, space, mark: int) -> None:
    """The view kept for the mark before a figure's Move from the space `was` to `space` (both
    spaces; its dict `fig`, written) made the view of the mark after it, `mark`: its row taken
    off the one space and put on the other, in the order of the figures."""
    rows = kept.at[was]
    for i, row in enumerate(rows):
        if row[0] == figure:
            break
    del rows[i]
    if not rows:
        del kept.at[was]
    if space in kept.at:
        rows, k, rank = kept.at[space], 0, kept.rank[figure]
        for other in rows:
            if kept.rank[other[0]] > rank:
                break
            k += 1
        rows.insert(k, row)
    else:
        kept.at[space] = [row]
    if "piece" not in fig:
        filled = kept.filled
        filled[was] -= 1
        if not filled[was]:
            del filled[was]
        filled[space] = filled[space] + 1 if space in filled else 1
    kept.mark = mark
