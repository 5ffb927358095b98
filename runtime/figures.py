"""Figures on the board of the scenario reader: putting one on a Location and taking it off."""
from __future__ import annotations

from .state import Figure


class FiguresMixin:
    def relocate(self, fig: Figure, dest: int) -> None:
        self.take_off(fig)
        fig.location = dest
        self.state.board.locations[dest].figures.append(fig.key)

    def take_off(self, fig: Figure) -> None:
        if fig.location is not None:
            figs = self.state.board.locations[fig.location].figures
            if fig.key in figs:
                figs.remove(fig.key)
            fig.location = None
