"""Who holds each token, kept up to date: the Locations and the characters with a piece of it.

An event that a token hears reaches the places that hold one (EventsMixin.listeners). Instead
of a walk over every Location and character at each event, the engine keeps, per token, the
Locations and characters that hold it: each of their stores (TokenStore) tells this index when
a token comes to it or its last piece leaves (`changed`). The index is made for one game's
figures and board (`Holders.of`), from their stores as they are, and made again when those
change (a figure comes or goes, a new board), as the events' `Heard` is."""
from __future__ import annotations

from .state import Figure


class Holders:
    """token qid -> the Locations (indexes) and the characters (key -> Figure) holding a piece
    of it, for the game whose figures and board it was made from (`figures_of`, `count`, `board`)."""

    __slots__ = ("at", "on", "figures_of", "count", "board")

    def __init__(self) -> None:
        self.at: dict[str, set[int]] = {}
        self.on: dict[str, dict[str, Figure]] = {}
        self.figures_of = self.count = self.board = None

    @classmethod
    def of(cls, state) -> "Holders":
        """The index of a game's Locations and characters as they are, each store attached to it."""
        holders = cls()
        holders.figures_of, holders.count, holders.board = state.figures, len(state.figures), state.board
        stores = [f.tokens for f in state.figures.values() if f.kind == "character"]
        if state.board is not None:
            stores += [loc.tokens for loc in state.board.locations]
        for store in stores:
            store.holders = holders
            for token in store.totals:
                holders.changed(token, store, True)
        return holders

    def fits(self, state) -> bool:
        """Was it made for this game's figures and board as they are?"""
        return self.figures_of is state.figures and self.count == len(state.figures) and self.board is state.board

    def changed(self, token: str, store, held: bool) -> None:
        """A store attached to this index now holds `token`, or no longer does."""
        place = store.place
        if place.__class__ is int:
            if held:
                self.at.setdefault(token, set()).add(place)
            elif token in self.at:
                self.at[token].discard(place)
        elif held:
            self.on.setdefault(token, {})[place.key] = place
        elif token in self.on:
            self.on[token].pop(place.key, None)

    def locations(self, tokens) -> set[int]:
        """The Locations holding a piece of any of `tokens` (a set: put in order by the caller)."""
        found = set()
        for token in tokens:
            held = self.at.get(token)
            if held:
                found |= held
        return found

    def characters(self, tokens) -> dict[str, Figure]:
        """The characters holding a piece of any of `tokens`, by key (put in order by the caller)."""
        found = {}
        for token in tokens:
            held = self.on.get(token)
            if held:
                found.update(held)
        return found
