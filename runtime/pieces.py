"""Token pieces: the pools; taking, placing, removing, moving and counting pieces; token figures.

A Location's pieces are its token store and, under them, the face-down pile it may hold (the
game's `pile-to` zone, `GameState.token_pile`): counting, taking and removing pieces at a
Location read both, as a player sees one heap of tokens there."""
from __future__ import annotations

from functools import cached_property

from .effects import Env, id_of
from .rules import prop
from .state import Figure
from .token_store import TokenStore


class PiecesMixin:
    def coloured(self, pid: str) -> bool:
        return any(c is not None for (_f, c) in self.state.pools.get(pid, {}))

    def take_piece(self, token: str, colour: str | None) -> str | None | bool:
        """Take one piece for `token` from its pool; the colour taken, or False if empty.

        A Team takes the pieces of its colour: when they are gone, the effect takes
        nothing ("If an effect instructs to take a token, but the corresponding pool is
        empty, the effect doesn't take place"), never the other colour's. Any colour
        will do only with communal tokens, or for a Team whose colour the pool has no
        pieces of at all."""
        pid = self.rules.token_pool(token)
        pool = self.state.pools.get(pid)
        if pool is None:
            return False
        for key in ((token, colour), (None, colour)):
            if pool.get(key, 0) > 0:
                pool[key] -= 1
                return colour
        own_colour = colour is not None and any(c == colour for (_f, c) in pool)
        if (colour is not None and not own_colour) or self.mode.communal:
            for key in sorted((k for k, n in pool.items() if n > 0 and k[0] in (None, token)), key=str):
                pool[key] -= 1
                return key[1]
        return False

    def return_piece(self, token: str, colour: str | None) -> None:
        pid = self.rules.token_pool(token)
        pool = self.state.pools.get(pid)
        if pool is None:
            return
        face = token if (token, None) in pool or (token, colour) in pool else None
        pool[(face, colour)] += 1

    def put_pieces(self, token: str, n: int, place, team: str | None, node, colour=None) -> int:
        store = self.token_store(place)
        if store is None:
            return 0
        before = self.count_tokens(token, place, None) if isinstance(place, Figure) else 0
        placed = 0
        # the colour asked for is the same for every piece (taking pieces adds no colour to a pool)
        want = colour if colour is not None else (team if self.coloured(self.rules.token_pool(token)) else None)
        for _ in range(n):
            got = self.take_piece(token, want)
            if got is False:
                break
            store[(token, team, got)] = store.get((token, team, got), 0) + 1
            placed += 1
        if placed:
            if isinstance(place, Figure):
                self.note_placed(place, token, before)
            if isinstance(place, tuple) and self.rules.token_flag(token, "blocks-adjacency"):
                self.refresh_blocked()
            self.log("place-token", node, token=id_of(token), count=placed, on=self.place_label(place))
        return placed

    def remove_pieces(self, token: str, n: int, place, of, node) -> None:
        store = self.token_store(place)
        if store is None:
            return
        removed = 0
        pile = self.state.token_pile(place) if isinstance(place, int) else None
        keys = set(store) | {(face, None, None) for face in pile} if pile else store  # the pile lies there too
        match = self._matching.get(token) or self.matching(token)
        found = [k for k in keys if k[0] in match and (of is None or k[1] == of)]
        if len(found) > 1:
            found.sort(key=str)
        for key in found:
            tok, owner, colour = key
            piled = pile is not None and owner is None and colour is None
            while removed < n and (store.get(key, 0) > 0 or (piled and tok in pile)):
                if store.get(key, 0) > 0:
                    store[key] -= 1
                else:
                    pile.remove(tok)
                self.return_piece(tok, colour)
                removed += 1
            if store.get(key) == 0:
                del store[key]
        if isinstance(place, int):
            loc = self.state.board.locations[place]
            for bkey in [k for k in loc.bonus if k[0] == token and (of is None or k[1] == of)]:
                if self.count_tokens(token, place, bkey[1]) == 0:
                    del loc.bonus[bkey]
        if removed:
            if isinstance(place, tuple):
                self.refresh_blocked()
            self.log("remove-token", node, token=id_of(token), count=removed, frm=self.place_label(place))

    def transfer(self, token: str, src, dst, n: int, node, keep_colour: bool = False):
        """Move pieces between places; a face-down pile gives random faces; a coloured
        piece taken by a Team or character is one of its colour."""
        src_store, dst_store = self.token_store(src), self.token_store(dst)
        if src_store is None or dst_store is None:
            return
        receiver = dst.team if isinstance(dst, Figure) else dst if isinstance(dst, str) else None
        pile = self.state.token_pile(src) if isinstance(src, int) else None
        moved = 0
        kept_if = prop(self.rules.game, "owner-kept-if") if self.rules.game else None  # a flag of the pieces
        for _ in range(n):
            heap = self.with_pile(src_store, pile) if pile else src_store
            keys = [k for k in sorted(heap, key=str) if heap[k] > 0 and self.matches(k[0], token)]
            if not keep_colour and receiver is not None:
                own = [k for k in keys if k[2] == receiver]
                if any(k[2] is not None for k in keys):
                    keys = own
            if not keys:
                break
            face_down = self.rules.token_flag(token, "face-down")
            key = self.rng.choice(keys) if face_down and len(keys) > 1 else keys[0]
            if pile and key[1:] == (None, None) and key[0] in pile and (face_down or not src_store.get(key)):
                pile.remove(key[0])  # drawn from the face-down pile
            else:
                src_store[key] -= 1
                if src_store[key] == 0:
                    del src_store[key]
            tok, owner, colour = key
            new_owner = owner if kept_if and self.rules.token_flag(tok, kept_if) else (receiver or owner)
            dkey = (tok, new_owner, colour)
            if isinstance(dst, Figure):
                self.note_placed(dst, tok, self.count_tokens(tok, dst, None))
            dst_store[dkey] = dst_store.get(dkey, 0) + 1
            moved += 1
        if moved:
            if isinstance(src, tuple) or isinstance(dst, tuple):
                self.refresh_blocked()
            self.log("take", node, token=id_of(token), count=moved, frm=self.place_label(src),
                     to=self.place_label(dst))
            if self.counts_pieces(token):  # a counter kept as these pieces changed
                self.check_win()
        return
        yield  # pragma: no cover

    @staticmethod
    def with_pile(store, pile: list[str]) -> dict:
        """A Location's store with its face-down pile's pieces counted in (a copy): ownerless,
        colourless pieces (token, None, None)."""
        heap = dict(store)
        for face in pile:
            heap[(face, None, None)] = heap.get((face, None, None), 0) + 1
        return heap

    def place_label(self, place) -> str:
        if isinstance(place, Figure):
            return place.key
        if isinstance(place, int):
            return f"L{place + 1}"
        if isinstance(place, tuple):
            return self.state.board.edge_label(place)
        return str(place)

    def refresh_blocked(self) -> None:
        board = self.state.board
        board.blocked = {e for e, store in board.edge_tokens.items()
                         if any(n > 0 and self.rules.token_flag(t, "blocks-adjacency") for (t, _o, _c), n in store.items())}
        board.refresh()

    def spawn_token_figure(self, token: str, loc: int, env: Env, life: int, node) -> None:
        st = self.state
        colour = self.take_piece(token, env.team if self.coloured(self.rules.token_pool(token)) else None)
        if colour is False:
            return
        comp = self.rules.tokens[token]
        key = f"{id_of(token)}-{env.team or 'x'}"
        n = 2
        while key in st.figures:
            key = f"{id_of(token)}-{env.team or 'x'}-{n}"
            n += 1
        fig = Figure(key, "token", None, comp, comp, life or None, owner=env.team,
                     immune=frozenset(self.tag_qids(comp, prop(comp, "immune", []) or [])))
        fig.piece_colour = colour
        fig.location = loc
        st.figures[key] = fig
        self.log("place-token", node, token=id_of(token), count=1, on=f"L{loc + 1}", figure=key, life=life)

    def token_store(self, place):
        """The Counter of tokens at a place: a figure, a Location, an edge or a Team."""
        st = self.state
        if isinstance(place, Figure):
            return place.tokens
        if isinstance(place, int):
            return st.board.locations[place].tokens
        if isinstance(place, tuple):
            store = st.board.edge_tokens.get(place)
            if store is None:
                store = st.board.edge_tokens[place] = TokenStore()
                store.place = place
            return store
        if isinstance(place, str) and place in st.teams:
            return st.teams[place].tokens
        return None

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
            if kind is int and of is not None:  # a Location's pieces placed by a Team (its pile has no owner)
                return self.state.board.locations[where].tokens.owned.get((token, of), 0)
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
