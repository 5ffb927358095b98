"""Figures on the board: relocating and moving them, damage, KO, and the win check."""
from __future__ import annotations

from .effects import make_env
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
        src = fig.location
        if src == dest or dest is None:
            return
        locations = st.board.locations
        there = locations[dest]
        if there.removed or len(there.figures) >= there.slots:  # not is_open(dest)
            return
        if is_move and fig.tokens and self.stopped(fig, "move", node):  # a figure without tokens is not restricted
            return
        if src is not None:  # relocate(), written out
            figs = locations[src].figures
            if fig.key in figs:
                figs.remove(fig.key)
        fig.location = dest
        there.figures.append(fig.key)
        if self.record:  # a game that keeps no log builds no entry
            self.log("move" if is_move else "place", node, figure=fig.key,
                     frm=f"L{src + 1}" if src is not None else None, to=f"L{dest + 1}")
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
        if "damaged" not in self.quiet or self.quiet_count != len(st.figures):  # (EventsMixin.quiet)
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
        # a mode whose KO removes the figure for good says it in its own rule (remove-from-game)
        # what a KO gives the other Team is the game's rule, in content (content/shared/game.mh, its KO rule)
        yield from self.emit("ko", {"figure": fig, "$at": where})
        self.check_win()
        # A KO'ed Active Character's turn ends, but not here: the effect that KO'ed it
        # (a token's trigger, that still has to send the token back to its pool) finishes
        # first; the Character's own effects stop at their next statement
        # (EffectsMixin.run), its turn at its next step.

    def check_win(self) -> None:
        """The game's `end when COND { ... }` (content/shared/game.mh), or the mode's own in its
        place: when COND holds, its body ends the game (`end-game`). Not while the effects of
        one step are resolving together (`win_check_held`): their step checks once after."""
        st = self.state
        if st.over or self.win_check_held:
            return
        end = self.mode.end or (self.rules.game or {}).get("effects", {}).get("end")
        if end is None:
            return
        env = make_env(None, None, source=self.rules.game["qid"] if self.rules.game else None)
        if end["when"] is not None and not self.static_eval(end["when"], env):
            return
        body = self.run(end["body"], env)
        for _decision in body:  # an end asks no decision
            body.close()
            raise AssertionError("the game's `end when` asked a decision")
        if st.over:
            raise GameOver()
