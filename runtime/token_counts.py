"""Counting token pieces: at a figure, a Location, an edge, a Team or a list of places, from the counts kept.

Each store of pieces keeps its counts per token (runtime/token_store.py); a count reads them by
the kind of place, a Team's from the sums its stores keep (`team_sums`), one Team's pieces over
every Location from the board's tally (`board_tally`). A token of a group (a token whose `group`
is another) counts the pieces of every token of it."""
from __future__ import annotations

from functools import cached_property

from .state import Figure

_MEMBERS = ("characters",)  # the key of a Team's sums that says how many characters they were made for


class TokenCountsMixin:
    def matches(self, key_token: str, token: str) -> bool:
        return key_token in (self._matching.get(token) or self.matching(token))

    @cached_property
    def _matching(self) -> dict[str, frozenset]:
        """token qid -> matching(token), worked out once per token."""
        return {}

    def matching(self, token: str) -> frozenset:
        """The token qids a count of `token` counts: itself and the tokens of its group (a
        token whose `group` is it)."""
        found = self._matching.get(token)
        if found is None:
            found = self._matching[token] = frozenset([token, *(t for t, g in self.group_of.items() if g == token)])
        return found

    @cached_property
    def _counted(self) -> dict[str, tuple]:
        """token qid -> the qids a count of it adds up (matching(), as a tuple), worked out once."""
        return {}

    @cached_property
    def _alone(self) -> set[str]:
        """The tokens a count of which counts them alone (no group of theirs), as count_tokens
        meets them: their count at a figure, an edge or a Team's pieces at a Location is one read."""
        return set()

    _board_tally = (None, None, None)  # (the board, its Locations' indexes, (token, owner) -> pieces on them)

    def board_tally(self) -> tuple:
        """(the board, the list of its Locations' indexes, the pieces of each token each Team placed
        on them all): each Location's store adds to the tally as it changes (TokenStore.tally),
        so `count(T, on: anywhere, of: TEAM)` reads one number. Made for the board as it is."""
        board = self.state.board
        tally = {}
        for loc in board.locations:
            loc.tokens.tally = tally
            for okey, n in loc.tokens.owned.items():
                tally[okey] = tally.get(okey, 0) + n
        self._board_tally = (board, list(range(len(board.locations))), tally)
        return self._board_tally

    def team_sums(self, team) -> dict:
        """token qid -> the pieces of it on a Team's area and its characters: their stores add to it
        as they change (TokenStore.sums), so a Team's count is one read. Made for the Team's
        characters as they are (`_MEMBERS`: how many), made again when one comes into the game."""
        figures = self.state.figures
        sums = {_MEMBERS: len(team.characters)}
        for store in [team.tokens, *[figures[k].tokens for k in team.characters]]:
            store.sums = sums
            for tok, n in store.totals.items():
                sums[tok] = sums.get(tok, 0) + n
        return sums

    def team_count(self, token: str, where: str) -> int:
        """count_tokens(token, where, None) of a token without a group at a Team: one read of
        the sums its stores keep (count_source writes this call in)."""
        team = self.state.teams.get(where)
        if team is None:
            return 0
        sums = team.tokens.sums
        if sums is None or sums[_MEMBERS] != len(team.characters):
            sums = self.team_sums(team)
        return sums.get(token, 0)

    def count_tokens(self, token: str, where, of) -> int:
        """The pieces of `token` (or of its group) at a place: a figure, a Location (with its
        face-down pile), a Team (its area and its characters), an edge, or a list of them;
        placed by Team `of` if given. Read from the counts each store keeps (TokenStore), not
        walked; a list's figures and Locations are read in its loop, not by a call each."""
        kind = where.__class__
        if token in self._alone:  # a token with no group (most): one read, by the kind of place
            if kind is Figure:
                return where.tokens.totals.get(token, 0) if of is None else where.tokens.owned.get((token, of), 0)
            if kind is tuple:  # an edge: no store yet, no pieces
                store = self.state.board.edge_tokens.get(where)
                if store is None:
                    return 0
                return store.totals.get(token, 0) if of is None else store.owned.get((token, of), 0)
            if kind is int:
                if of is not None:  # a Location's pieces placed by a Team (its pile has no owner)
                    return self.state.board.locations[where].tokens.owned.get((token, of), 0)
            elif kind is str:
                if of is None:  # a Team's: the sums its stores keep (the compiled counts call team_count)
                    return self.team_count(token, where)
            elif kind is list and of is not None:  # one Team's pieces over every Location: the board's tally
                st = self.state
                kept = self._board_tally
                if kept[0] is not st.board and st.board is not None and len(where) == len(st.board.locations):
                    kept = self.board_tally()
                if kept[0] is st.board and where == kept[1]:
                    return kept[2].get((token, of), 0)
        if where is None:
            return 0
        try:
            counted = self._counted[token]
        except KeyError:
            counted = self._counted[token] = tuple(sorted(self.matching(token)))
            if len(counted) == 1:
                self._alone.add(token)
        total = 0
        if kind is Figure or kind is int:  # one store
            if kind is Figure:
                store = where.tokens
            else:
                st = self.state
                store = st.board.locations[where].tokens
                if of is None:  # a Location's face-down pile too
                    pile = st.token_pile(where)
                    if pile:
                        for t in pile:
                            if t in counted:
                                total += 1
            if len(counted) == 1 and not total:  # most tokens have no group: one read
                return store.totals.get(token, 0) if of is None else store.owned.get((token, of), 0)
            stores = (store,)
        elif kind is str:
            team = self.state.teams.get(where)
            if team is None:
                return 0
            figures = self.state.figures  # the Team's area, and what its characters hold
            if len(counted) == 1:  # most tokens have no group: one read per store, no list of them
                if of is None:
                    total = team.tokens.totals.get(token, 0)
                    for k in team.characters:
                        total += figures[k].tokens.totals.get(token, 0)
                else:
                    okey = (token, of)
                    total = team.tokens.owned.get(okey, 0)
                    for k in team.characters:
                        total += figures[k].tokens.owned.get(okey, 0)
                return total
            stores = [team.tokens]
            for k in team.characters:
                stores.append(figures[k].tokens)
        elif kind is list:  # each place's pieces added up in this loop (its figures and Locations)
            st = self.state
            locations = st.board.locations if st.board is not None else ()
            if of is not None and len(counted) == 1:  # one token placed by one Team: one read per place
                okey = (token, of)
                kept = self._board_tally
                if kept[0] is not st.board and len(where) == len(locations):
                    kept = self.board_tally()
                if kept[0] is st.board and where == kept[1]:  # every Location of the board: the tally they keep
                    return kept[2].get(okey, 0)
                for w in where:
                    k = w.__class__
                    if k is int:
                        total += locations[w].tokens.owned.get(okey, 0)
                    elif k is Figure:
                        total += w.tokens.owned.get(okey, 0)
                    else:
                        total += self.count_tokens(token, w, of)
                return total
            for w in where:
                k = w.__class__
                if k is Figure or k is int:
                    if k is Figure:
                        kept = w.tokens.totals if of is None else w.tokens.owned
                    else:
                        store = locations[w].tokens
                        kept = store.totals if of is None else store.owned
                        if of is None:  # a Location's face-down pile too
                            pile = st.token_pile(w)
                            if pile:
                                for t in pile:
                                    if t in counted:
                                        total += 1
                    if kept:
                        for t in counted:
                            total += kept.get(t if of is None else (t, of), 0)
                else:
                    total += self.count_tokens(token, w, of)
            return total
        elif kind is tuple:  # an edge: no store yet, no pieces
            store = self.state.board.edge_tokens.get(where)
            if store is None:
                return 0
            stores = (store,)
        else:
            store = self.token_store(where)
            if store is None:
                return 0
            stores = (store,)
        if of is None:
            for store in stores:
                kept = store.totals
                if kept:
                    for t in counted:
                        total += kept.get(t, 0)
        else:
            for store in stores:
                kept = store.owned
                if kept:
                    for t in counted:
                        total += kept.get((t, of), 0)
        return total
