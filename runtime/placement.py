"""Figures put on the board by the game's statements, and the Locations those statements choose.

A figure is placed by its player (the first placement), brought back from off the board, put
on a space no one chooses, or moved by the player a Team names; a phase announces the events
of many figures at once. The Locations chosen among are a Team's Bases, the board's corners
and centre."""
from __future__ import annotations

from .actions import SKIP
from .compiled import action
from .effects import Env
from .primitives import evaluated
from .rules import prop
from .state import Figure


class PlacementMixin:
    # ---- the Locations the statements choose among -----------------------------------

    def bases(self, team: str) -> list[int]:
        """The Locations of the board that are the Team's Bases (`base TEAM`), still in play. Which
        tiles are whose Bases is read once per board and Team (a tile's `base` is printed); only
        whether each is still in play is asked each time."""
        board = self.state.board
        known = self._bases.get(team)
        if known is None or known[0] is not board:  # the game's board: the same one but in a scenario's setup
            known = self._bases[team] = (board, [l for l in board.locations
                                                 if l.comp is not None and prop(l.comp, "base") == team])
        return [l.index for l in known[1] if not l.removed]

    def _open_among(self, where, taken=()) -> list[int]:
        return [i for i in where if self.is_open(i) and i not in taken]

    def _choose_place(self, fig: Figure, team, options: list[int], kind: str, prompt: str):
        who = fig.player or self.state.teams[team].players[0]
        choice = yield from self.decide(who, kind, prompt, [action("place", (fig.key, i)) for i in options])
        return choice.location

    # ---- placing and returning figures ----------------------------------------------

    def p_place_figures(self, raw: dict, env: Env, node: dict):
        """Each figure of the Team that is off the board, in turn, is placed by its player on
        one of `on` with an open Slot and not `apart` (a Location of its Team's figures, or of
        any figure); on any such Location of the board when none of `on` is. No Move: nothing
        is entered."""
        a = yield from self.args("place-figures", raw, env)
        st = self.state
        team, apart = a["team"], a["apart"] or "team"
        if team not in st.teams:
            return
        for key, fig in self._off_board(team):
            if apart == "all":
                taken = {l.index for l in st.board.locations if l.figures}
            elif apart == "team":
                taken = {st.figures[k].location for k in st.teams[team].characters}
            else:
                taken = set()
            options = self._open_among(self.as_list(a["on"]), taken) or self._open_among(st.board.live(), taken)
            if not options:
                continue
            dest = yield from self._choose_place(fig, team, options, "placement", f"place {key}")
            self.relocate(fig, dest)
            self.log("place", node, figure=key, location=f"L{dest + 1}")

    def _off_board(self, team: str):
        """The Team's figures off the board and still in the game, in order (checked as each
        comes up: one placed before it changes nothing of the next)."""
        st = self.state
        for key in st.teams[team].characters:
            fig = st.figures[key]
            if fig.location is None and not fig.eliminated:
                yield key, fig

    @evaluated
    def p_return_figures(self, a: dict, env: Env, node: dict):
        """Each figure of the Team taken off the board (KO'ed, or by an effect) and still in the
        game comes back: its player places it on one of `to` with an open Slot, on any open
        Location when none of them has one. It enters the Location it is placed on."""
        st = self.state
        team = a["team"]
        if team not in st.teams:
            return
        for key, fig in self._off_board(team):
            options = self._open_among(self.as_list(a["to"])) or self._open_among(st.board.live())
            if not options:
                continue
            dest = yield from self._choose_place(fig, team, options, "return", f"return {key} to the board")
            fig.ko = False
            fig.off_board = False
            self.log("return", node, figure=key, location=f"L{dest + 1}")
            yield from self.move(fig, dest, None, is_move=False)

    def p_put_figure(self, raw: dict, env: Env, node: dict):
        """Put figures on a Location, no one choosing (a non-player figure in the centre)."""
        a = yield from self.args("put-figure", raw, env)
        if a["on"] is None:
            return
        for fig in self.as_list(a["figure"]):
            if isinstance(fig, Figure):
                self.relocate(fig, a["on"])
                self.log("place", node, figure=fig.key, location=f"L{fig.location + 1}")

    def p_offer_move(self, raw: dict, env: Env, node: dict):
        """The Team's first player may move each figure on the board to an adjacent Location
        with an open Slot, or not."""
        a = yield from self.args("offer-move", raw, env)
        st = self.state
        if a["by"] not in st.teams:
            return
        for fig in self.as_list(a["figure"]):
            if not isinstance(fig, Figure) or fig.location is None:
                continue
            options = [action("move", (fig.key, n)) for n in st.board.adjacent(fig.location) if self.is_open(n)]
            if not options:
                continue
            choice = yield from self.decide(st.teams[a["by"]].players[0], "npc", f"move {fig.key}?", options + [SKIP])
            if choice != SKIP:
                yield from self.move(fig, choice.location, None, is_move=True)

    # ---- events of many figures at once ------------------------------------------------

    @evaluated
    def p_announce_together(self, a: dict, env: Env, node: dict):
        """The event, once for each of the figures, as one step whose effects happen at the
        same time: the game's end is checked once, after them all."""
        self.win_check_held = True
        try:
            for fig in self.as_list(a["figures"]):
                if isinstance(fig, Figure) and fig.location is not None:
                    yield from self.emit(a["event"], {"figure": fig})
        finally:
            self.win_check_held = False
        self.check_win()


# ---- the functions of the round that read the board, (engine, env, *arguments) -> value ----

def bases_of(eng, env, team):
    return eng.bases(team) if team in eng.state.teams else []


def corners(eng, env):
    return eng.state.board.corners()


def centre(eng, env):
    return eng.state.board.centre()


def unowned_figures(eng, env):
    return [f for f in eng.state.figures.values() if f.kind == "npc" and not f.eliminated]


def on_board(eng, env, figures):
    return [f for f in eng.as_list(figures) if isinstance(f, Figure) and f.location is not None]


BOARD_FUNCTIONS = {"bases-of": bases_of, "corners": corners, "centre": centre, "unowned-figures": unowned_figures,
                   "on-board": on_board}
