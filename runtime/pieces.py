"""Token pieces: the pools; taking, placing, removing and moving pieces; token figures.

A Location's pieces are its token store and, under them, the face-down pile it may hold (the
game's `pile-to` zone, `GameState.token_pile`): counting, taking and removing pieces at a
Location read both, as a player sees one heap of tokens there."""
from __future__ import annotations

from functools import cached_property

from .effects import Env, id_of
from .rules import prop
from .state import Figure
from .token_store import TokenStore

from .token_counts import TokenCountsMixin


class PiecesMixin(TokenCountsMixin):
    def coloured(self, pid: str) -> bool:
        """Are the pool's pieces coloured? Read once per pool: taking and returning pieces adds no
        colour to a pool (`_colours`: pid -> (the pool, the answer), made again for a new pool)."""
        pool = self.state.pools.get(pid)
        kept = self._colours.get(pid)
        if kept is None or kept[0] is not pool:
            kept = self._colours[pid] = (pool, any(c is not None for (_f, c) in pool or {}))
        return kept[1]

    @cached_property
    def _colours(self) -> dict:
        return {}

    def take_piece(self, token: str, colour: str | None, pool=False) -> str | None | bool:
        """Take one piece for `token` from its pool (`pool`, if the caller read it); the colour
        taken, or False if empty.

        A Team takes the pieces of its colour: when they are gone, the effect takes
        nothing ("If an effect instructs to take a token, but the corresponding pool is
        empty, the effect doesn't take place"), never the other colour's. Any colour
        will do only with communal tokens, or for a Team whose colour the pool has no
        pieces of at all."""
        if pool is False:
            pool = self.state.pools.get(self.rules.token_pool(token))
        if pool is None:
            return False
        key = (token, colour)  # the token's own pieces of the colour, else the pool's plain ones
        if pool.get(key, 0) > 0:
            pool[key] -= 1
            return colour
        key = (None, colour)
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
        self.return_pieces(token, colour, 1)

    def return_pieces(self, token: str, colour: str | None, n: int) -> None:
        """n pieces of a token back to its pool: under its own face if the pool has pieces of
        it, else as the pool's plain pieces of the colour."""
        pool = self.state.pools.get(self.rules.token_pool(token))
        if pool is None:
            return
        face = token if (token, None) in pool or (token, colour) in pool else None
        pool[(face, colour)] += n

    def put_pieces(self, token: str, n: int, place, team: str | None, node, colour=None) -> int:
        pid = self.rules.token_pool(token)
        pool = self.state.pools.get(pid)
        if colour is None and team is not None:  # coloured(pid) written in
            kept = self._colours.get(pid)
            if kept is None or kept[0] is not pool:
                kept = (pool, self.coloured(pid))
            if kept[1]:
                colour = team
        if place.__class__ is Figure:
            store = place.tokens
            before = store.totals.get(token, 0) if token in self._alone else self.count_tokens(token, place, None)
        else:
            store = self.token_store(place)
            if store is None:
                return 0
            before = 0
        placed = 0
        # the colour asked for is the same for every piece (taking pieces adds no colour to a pool)
        for _ in range(n):
            if pool is not None and (pool.get(own := (token, colour), 0) > 0 or pool.get(own := (None, colour), 0) > 0):
                pool[own] -= 1  # take_piece's first two cases written in: the token's own pieces, the pool's plain ones
                got = colour
            else:
                got = self.take_piece(token, colour, pool)
                if got is False:
                    break
            key = (token, team, got)
            store[key] = store.get(key, 0) + 1
            placed += 1
        if placed:
            if place.__class__ is Figure:
                if token in self._lasting:  # a token discarded at a turn's end: when (statuses.note_placed)
                    self.note_placed(place, token, before)
            elif place.__class__ is tuple and self.rules.token_flag(token, "blocks-adjacency"):
                self.refresh_blocked()
            if self.record:  # a game that keeps no log builds no entry
                self.log("place-token", node, token=id_of(token), count=placed, on=self.place_label(place))
        return placed

    @cached_property
    def _lasting(self) -> frozenset:
        """The tokens note_placed gives a turn to be discarded at (`discarded turn-end` or
        `next-turn-end`): placing another token needs no call of it."""
        return frozenset(q for q, tok in self.rules.tokens.items()
                         if prop(tok, "discarded") in ("turn-end", "next-turn-end"))

    def remove_pieces(self, token: str, n: int, place, of, node) -> None:
        kind = place.__class__
        pile = None
        if kind is Figure:
            store = place.tokens
        else:
            store = self.token_store(place)
            if store is None:
                return
            if kind is int:
                pile = self.state.token_pile(place)
        removed = 0
        keys = set(store) | {(face, None, None) for face in pile} if pile else store  # the pile lies there too
        match = self._matching.get(token) or self.matching(token)
        found = [k for k in keys if k[0] in match and (of is None or k[1] == of)]
        if len(found) > 1:
            found.sort(key=str)
        for key in found:
            tok, owner, colour = key
            if pile is None or owner is not None or colour is not None:  # pieces of the store alone: one write
                have = store.get(key, 0)
                take = have if have <= n - removed else n - removed
                if take < 0:
                    take = 0
                if have - take:
                    store[key] = have - take
                elif key in store:
                    del store[key]
                if take:
                    self.return_pieces(tok, colour, take)
                    removed += take
                continue
            while removed < n:
                have = store.get(key, 0)
                if have > 0:
                    store[key] = have - 1
                elif tok in pile:
                    pile.remove(tok)
                else:
                    break
                self.return_piece(tok, colour)
                removed += 1
            if store.get(key) == 0:
                del store[key]
        if kind is int:
            loc = self.state.board.locations[place]
            if loc.bonus:
                for bkey in [k for k in loc.bonus if k[0] == token and (of is None or k[1] == of)]:
                    if self.count_tokens(token, place, bkey[1]) == 0:
                        del loc.bonus[bkey]
        if removed:
            if kind is tuple:
                self.refresh_blocked()
            if self.record:  # a game that keeps no log builds no entry
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
