"""Figures on the board: relocating and moving them, damage, KO, and the win check."""
from __future__ import annotations

from .rules import prop
from .state import Figure, Pending


class GameOver(Exception):
    """The game is decided: the round procedure stops."""


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

    def move(self, fig: Figure, dest: int, node, is_move: bool):
        st = self.state
        if fig.location == dest or not self.is_open(dest) or st.board.locations[dest].removed:
            return
        if is_move and self.restricted(fig, "no-move", node):
            return
        src = fig.location
        self.relocate(fig, dest)
        self.log("move" if is_move else "place", node, figure=fig.key, frm=f"L{src + 1}" if src is not None else None,
                 to=f"L{dest + 1}")
        yield from self.emit("enter", {"figure": fig, "location": dest})
        if is_move and not st.over:
            # a Move is announced once the destination has resolved, whatever it did
            # (its Traps KO'ed the figure, its Location moved it on)
            yield from self.emit("move", {"figure": fig, "from": src, "to": dest})

    def deal_damage(self, target: Figure, amount: int, tags: frozenset, source, node):
        st = self.state
        if target.immune & tags:
            self.log("immune", node, figure=target.key)
            return
        pending = Pending(max(0, amount), tags)
        yield from self.emit("damage", {"target": target, "source": source}, pending=pending, source=source)
        n = max(0, pending.amount)
        if n == 0 or target.life is None or target.location is None or st.over:
            return
        target.damage += n
        self.log("damage", node, figure=target.key, amount=n, total=target.damage)
        yield from self.emit("damaged", {"target": target, "source": source}, pending=Pending(n, tags))
        if target.damage >= target.life and target.location is not None:
            yield from self.ko(target, node)

    def ko(self, fig: Figure, node):
        st = self.state
        where = fig.location  # Locations hear a KO where the figure stood
        if fig.kind == "token":
            self.take_off(fig)
            del st.figures[fig.key]
            self.return_piece(fig.comp["qid"], fig.piece_colour)
            self.log("ko", node, figure=fig.key)
            yield from self.emit("ko", {"figure": fig, "$at": where})
            return
        self.take_off(fig)
        fig.ko = True
        fig.ko_round = st.round
        fig.damage = self.rules.counter_start("damage", fig.side, 0)  # its Damage tokens removed
        for key, n in list(fig.tokens.items()):
            tok, owner, colour = key
            if n > 0 and self.rules.token_flag(tok, "cleared-on-ko"):
                for _ in range(n):
                    self.return_piece(tok, colour)
                del fig.tokens[key]
        self.log("ko", node, figure=fig.key)
        if self.mode.permanent_ko:
            fig.eliminated = True
        # what a KO gives (1 VP to the other Team) is the game's rule, in content
        yield from self.emit("ko", {"figure": fig, "$at": where})
        self.check_win()
        # A KO'ed Active Character's turn ends, but not here: the effect that KO'ed it
        # (a token's trigger, that still has to send the token back to its pool) finishes
        # first; the Character's own effects stop at their next statement
        # (EffectsMixin.run), its turn at its next step.

    def check_win(self) -> None:
        st = self.state
        if st.over or self.win_check_held:
            return
        if self.mode.win == "last-standing":
            standing = [c for c in st.order if self.living(c)]
            if len(standing) <= 1:
                self.finish(standing, "last-standing" if standing else "draw")
                raise GameOver()
            return
        win_vp = prop(self.box, "win-vp", 5)
        winners = [c for c in st.order if self.vp(c) >= win_vp]
        reason = "vp"
        for colour in st.order:
            chars = st.characters(colour)
            if chars and all(f.ko_round == st.round and f.location is None for f in chars):
                for other in st.order:
                    if other != colour and other not in winners:
                        winners.append(other)
                        reason = "double-ko" if reason == "vp" and not any(self.vp(c) >= win_vp for c in st.order) \
                            else reason
        if winners:
            if len(winners) > 1:
                self.finish([], "draw")
            else:
                self.finish(winners, reason)
            raise GameOver()
