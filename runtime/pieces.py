"""Token pieces of the scenario reader: the pools; taking, placing and returning pieces; token figures.

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

    def note_placed(self, fig: Figure, token: str, before: int) -> None:
        """When a token that lasts a turn (`discarded turn-end` or `next-turn-end`) goes:
        the turn of its holder at whose end it is discarded. `turn-end` is the turn in
        progress if the holder is Active, else its next one; `next-turn-end` always the
        next one it begins. More pieces of a token it already holds keep the later end."""
        when = self.rules.tokens[token]["props"].get("discarded")  # rules.prop written in
        when = when["value"] if when is not None else None
        if when not in ("turn-end", "next-turn-end"):
            return
        st = self.state
        active = st.active is not None and st.active.figure == fig.key
        due = fig.turns if when == "turn-end" and active else fig.turns + 1
        fig.expiry[token] = due if before == 0 or token not in fig.expiry else max(due, fig.expiry[token])
