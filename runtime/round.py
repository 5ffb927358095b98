"""The round: its start (the game's `round { }`, runtime/dice.py), Recovery and placement, Activation, End of Round."""
from __future__ import annotations

from .actions import SKIP
from .compiled import action
from .dice import DiceMixin
from .effects import Env
from .rules import prop


class RoundMixin(DiceMixin):
    def round_start(self):
        """The start of a round: the dice of the last one are gone, then the game's `round { }`
        (rolls, the leading Team, the game's own die, ...), then the round's first chance to
        play a card and the `round-start` event."""
        st = self.state
        st.phase = "round-start"
        for team in st.teams.values():
            team.dice = []
            team.placed = []
        yield from self.run_slot("round")
        yield from self.card_window("round-start", None)
        yield from self.emit("round-start", {})
        yield from self.emit("update", {})

    def p_place_figures(self, raw: dict, env, node: dict):
        yield from self.first_placement()

    def p_draw_mission(self, raw: dict, env, node: dict):
        a = yield from self.args("draw-mission", raw, env)
        if a["team"] in self.state.teams:
            yield from self.draw_in_play(a["team"], node)

    def bases(self, colour: str) -> list[int]:
        return [l.index for l in self.state.board.locations
                if l.comp is not None and prop(l.comp, "base") == colour and not l.removed]

    def first_placement(self):
        st = self.state
        if self.mode.start == "corners":
            yield from self.corner_placement()
            return
        for colour in self.lead_order():
            team = st.teams[colour]
            for key in team.characters:
                fig = st.figures[key]
                used = {st.figures[k].location for k in team.characters if st.figures[k].location is not None}
                options = [b for b in self.bases(colour) if b not in used and self.is_open(b)]
                if not options:
                    options = [b for b in st.board.live() if self.is_open(b) and b not in used]
                choice = yield from self.decide(fig.player or team.players[0], "placement", f"place {key}",
                                                [action("place", (key, b)) for b in options])
                dest = choice.location
                self.relocate(fig, dest)
                self.log("place", figure=key, location=f"L{dest + 1}")

    def corner_placement(self):
        """Each player on a different corner of the board; the non-player figure in its centre."""
        st = self.state
        corners = st.board.corners()
        for colour in self.lead_order():
            for key in st.teams[colour].characters:
                fig = st.figures[key]
                options = [c for c in corners if self.is_open(c) and not st.board.locations[c].figures]
                options = options or [l for l in st.board.live() if self.is_open(l)]
                choice = yield from self.decide(fig.player, "placement", f"place {key} on a corner",
                                                [action("place", (key, b)) for b in options])
                dest = choice.location
                self.relocate(fig, dest)
                self.log("place", figure=key, location=f"L{dest + 1}")
        for fig in st.figures.values():
            if fig.kind == "npc":
                self.relocate(fig, st.board.centre())
                self.log("place", figure=fig.key, location=f"L{fig.location + 1}")

    def recovery(self):
        st = self.state
        st.phase = "recovery"
        for colour in self.lead_order():
            team = st.teams[colour]
            for key in team.characters:
                fig = st.figures[key]
                if fig.location is not None or fig.eliminated:
                    continue
                options = [b for b in self.bases(colour) if self.is_open(b)] or \
                          [l for l in st.board.live() if self.is_open(l)]
                if not options:
                    continue
                choice = yield from self.decide(fig.player or team.players[0], "return", f"return {key} to a Base",
                                                [action("place", (key, b)) for b in options])
                dest = choice.location
                fig.ko = False
                fig.off_board = False
                self.log("return", figure=key, location=f"L{dest + 1}")
                yield from self.move(fig, dest, None, is_move=False)
        # The status tokens resolve in one step (the rulebooks' "Any Characters with ...
        # tokens take Damage"): every Character's, then the win is checked once, so that
        # both Teams losing their last Characters, or reaching the winning VP, draw.
        self.win_check_held = True
        try:
            for colour in self.lead_order():
                for key in st.teams[colour].characters:
                    fig = st.figures[key]
                    if fig.location is not None:
                        yield from self.emit("recovery", {"figure": fig})
        finally:
            self.win_check_held = False
        self.check_win()
        yield from self.emit("update", {})

    def activation_phase(self, after: str | None = None):
        """Teams alternate placing dice, from the Team that leads the round (or, resuming a
        scenario set up mid-turn, from the Team after `after`)."""
        st = self.state
        st.phase = "activation"
        if after is None:
            self.activated_this_round: list[str] = []
            if self.mode.npc_move:
                yield from self.move_npc(st.lead)
        yield from self.team_turns(after)  # the game's turn order (runtime/turn.py)

    def move_npc(self, colour: str):
        """Before activating, the Team that leads the round may move the non-player figure."""
        st = self.state
        for npc in (f for f in st.figures.values() if f.kind == "npc" and f.location is not None):
            options = [action("move", (npc.key, n)) for n in st.board.adjacent(npc.location) if self.is_open(n)]
            if not options:
                continue
            choice = yield from self.decide(st.teams[colour].players[0], "npc", f"move {npc.key}?",
                                            options + [SKIP])
            if choice != SKIP:
                yield from self.move(npc, choice.location, None, is_move=True)

    def p_remove_empty_location(self, raw: dict, env: Env, node: dict):
        """The last player to activate (the one before, if the last was KO'ed) removes an empty
        Location, never splitting the board in two (a mode's `round-end`: Free-For-All)."""
        st = self.state
        board = st.board
        who = [k for k in self.activated_this_round if not st.figures[k].eliminated]
        if not who or len(board.live()) <= 2:
            return
        fig = st.figures[who[-1]]
        options = []
        for i in board.live():
            loc = board.locations[i]
            blocked = any(i in e for e in board.blocked)
            figures_here = any(f.location == i for f in st.figures.values())
            if not figures_here and not any(n > 0 for n in loc.tokens.values()) and not blocked \
                    and board.connected_without(i) and board.open_without(i):
                options.append(action("remove", (i,)))
        if not options:
            return
        choice = yield from self.decide(fig.player, "remove", "remove an empty Location", options)
        i = choice.location
        board.locations[i].removed = True
        board.refresh()
        self.log("remove-location", location=f"L{i + 1}")

    def round_end(self):
        st = self.state
        # the mode's own `round-end { }` first, once every Character has activated
        slot = self.mode.slots.get("round-end")
        if slot is not None:
            yield from self.code.body(slot["body"])(self, Env(None, None, None, source=self.mode.qid))
        st.phase = "round-end"
        yield from self.emit("round-end", {})
        yield from self.run_slot("round-end")  # the game's End of Round (the cards played discarded)
        for fig in st.figures.values():
            fig.activations = []
            fig.special_used["round"] = False
            for key, n in sorted(fig.tokens.items(), key=str):
                if n > 0 and prop(self.rules.tokens[key[0]], "discarded") == "round-end":
                    self.remove_pieces(key[0], 10 ** 6, fig, None, None)
        for t in st.temp_triggers:
            # what lasts until a character's next turn outlives the round, unless it is out for good
            if t.until != "next-turn-end" or t.figure is None or t.figure.eliminated:
                t.alive = False
        st.temp_triggers = [t for t in st.temp_triggers if t.alive]
        self.log("round-end")
