"""The state of a kernel game as plain data, so that `clone()` is a copy of data.

It holds the players, card instances, zones, counters, the turn, seeded randomness, pending
triggers and the result."""
from __future__ import annotations

import copy
import random


_GENERATOR = random.Random(0)  # seeded by a number, not from os.urandom: setstate sets it all
_HOLDER: list = [None]  # the state whose generator state is _GENERATOR's own, not yet saved in it
_FIELDS = ("players", "out", "cards", "owners", "places", "zones", "counters", "rng", "turn", "active", "phase",
           "result", "triggers", "end_turn", "log", "decks", "teams", "round", "lead", "passed", "acted", "played",
           "team_next", "dice", "die_serial", "forced", "figures", "board", "active_figure", "active_turn", "spared")


class State:
    """Everything that changes during a game, and nothing that does not (the rules are
    apart). Lists, dicts, ints and strings only, so a copy is a clone."""

    __slots__ = tuple(name if name != "rng" else "_rng" for name in _FIELDS) + (
        "heard_uids", "marks", "figures_mark", "figures_off_mark", "team_by", "pieces_mark", "_parked")

    def __init__(self, seed: int) -> None:
        self.players: list[str] = []  # seats in turn order: "p1", "p2", ...
        self.out: list[str] = []  # players knocked out, in order
        self.decks: dict[str, str] = {}  # player -> the deck they took
        # card instances by uid (their index, in setup order): what card, whose, where
        self.cards: list[str] = []  # the card's qid
        self.owners: list[str] = []  # its owner
        self.places: list[str] = []  # the key of its zone
        self.zones: dict[str, list[int]] = {}  # "hand/p1" or "pile" -> uids, top first
        self.counters: dict[str, int] = {}  # "life/p1", "tokens/#12", "round"
        _hold_new(self, seed)  # a generator seeded for it: its state is this state's, saved when needed
        self._rng = self._parked = None
        self.turn = 0  # turns begun
        self.active: str | None = None
        self.phase = "setup"  # setup, turn-start, actions, turn-end, over
        self.result: dict | None = None  # {"winners": [...], "reason": ...}
        self.triggers: list[dict] = []  # one-shot: {"event", "node", "me", "card"}
        self.end_turn = False
        self.log: list[dict] = []
        # the span of the statement that wrote each log line, beside the log: (the log's last line
        # before the statement ran, its last line after, its span) per statement that logged, in
        # the order they finished (an inner statement first); `spans` reads them. Not in the log's
        # lines, which stay as written.
        self.marks: list[tuple] = []
        self.figures_mark = 0  # the figures' last write (writers.py): what the projections compare
        self.figures_off_mark = 0  # the last write of an owner, of a figure onto or off the board (writers.py)
        self.pieces_mark = 0  # the cards' and pieces' last write: a place, an owner, a card turned (writers.moved)
        self.teams: dict[str, list[str]] = {}  # "t1" -> its seats, in seat order; {} without Teams
        self.team_by: dict[str, str] = {}  # each seated player's Team: kept by writers.teams_written
        # rounds (games that declare them): the round begun, who leads it, the players who
        # passed (took a turn without an action) one after the other, whether this turn acted,
        # and each Team's next seat to play
        self.round = 0
        self.lead: str | None = None
        self.passed: list[str] = []
        self.acted = False
        self.played: list[str] = []  # who has had a turn this round
        self.team_next: dict[str, int] = {}
        # dice by id ("die#1"): {"type", "owner" (a player or a Team), "value", "on" (None: free)}
        self.dice: dict[str, dict] = {}
        self.die_serial = 0
        self.forced: dict[str, list] = {"rolls": [], "coins": []}  # results a scenario forces, in order
        # figures on the board by id ("pawn-p1"): {"kind", "owner", "space" (None: off the board)}
        self.figures: dict[str, dict] = {}
        # a board laid from tiles (layout.py): {"tiles", "gone", "blocked", "key"}; {} until laid
        self.board: dict = {}
        # the Active figure (dashboards.py) and the turn it was made Active in (`self` only in that turn)
        self.active_figure: str | None = None
        self.active_turn = 0
        # pieces of a `discarded next-turn-end` token placed in their holder's own turn: that turn's
        # end spares them once (pieces.py)
        self.spared: list[int] = []
        # not the game's data, a cache of it: [the cards list read, {listener table: (cards read,
        # the uids of the pieces that hear its event)}] (listeners.pieces_hearing)
        self.heard_uids: list | None = None

    def clone(self, log: bool = True) -> "State":
        """A copy; with `log=False` it shares the log (a step's start, replayed from)."""
        other = State.__new__(State)
        other.players = self.players[:]
        other.out = self.out[:]
        other.decks = self.decks.copy()
        other.cards = self.cards[:]
        other.owners = self.owners[:]
        other.places = self.places[:]
        zones = self.zones  # each list copied, in C (map), not by a comprehension's frame
        other.zones = dict(zip(zones, map(list.copy, zones.values())))
        other.counters = self.counters.copy()
        other._rng = self.rng  # a tuple: immutable
        other._parked = None
        other.turn = self.turn
        other.active = self.active
        other.phase = self.phase
        other.result = copy.deepcopy(self.result) if self.result is not None else None
        other.triggers = [dict(t) for t in self.triggers] if self.triggers else []
        other.end_turn = self.end_turn
        other.log = self.log[:] if log else self.log  # entries are never changed once written
        other.marks = self.marks[:] if log else self.marks
        other.figures_mark, other.figures_off_mark = self.figures_mark, self.figures_off_mark
        other.pieces_mark = self.pieces_mark
        other.team_by = self.team_by  # (never changed: a write makes a new one)
        other.teams = dict(zip(self.teams, map(list.copy, self.teams.values()))) if self.teams else {}
        other.round = self.round
        other.lead = self.lead
        other.passed = self.passed[:]
        other.acted = self.acted
        other.played = self.played[:]
        other.team_next = self.team_next.copy()
        other.dice = dict(zip(self.dice, map(dict.copy, self.dice.values()))) if self.dice else {}
        other.die_serial = self.die_serial
        other.forced = dict(zip(self.forced, map(list.copy, self.forced.values())))
        other.figures = dict(zip(self.figures, map(dict.copy, self.figures.values()))) if self.figures else {}
        other.board = {k: [e[:] if isinstance(e, list) else e for e in v] if type(v) is list else v
                       for k, v in self.board.items()} if self.board else {}
        other.active_figure = self.active_figure
        other.active_turn = self.active_turn
        other.spared = self.spared[:]
        heard = self.heard_uids  # the same cards at the same uids: the cache holds for the copy
        other.heard_uids = [other.cards, heard[1].copy()] if heard is not None and heard[0] is self.cards else None
        return other

    @property
    def spans(self) -> dict[int, tuple]:
        """The span of the statement that wrote each log line (module's `spans`)."""
        return spans(self)

    def to_json(self) -> dict:
        return {name: getattr(self, name) for name in _FIELDS}

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    # -- randomness: the generator's state is data; each draw restores and saves it ------

    @property
    def rng(self) -> tuple:
        """The seeded generator's state (random.getstate()): data, copied with the state."""
        if _HOLDER[0] is self:
            _release()
        elif self._parked is not None:  # its generator set aside whole (_hold_new): its state read now
            self._rng, self._parked = self._parked.getstate(), None
        return self._rng

    @rng.setter
    def rng(self, value: tuple) -> None:
        if _HOLDER[0] is self:
            _HOLDER[0] = None
        self._rng, self._parked = value, None

    def random(self) -> random.Random:
        """The generator at this state's point: draw from it, then `keep` it, before another
        state's (one generator serves them all). It is set from the state's data only when
        another state drew last, and its state is saved into the state's data (`rng`) only
        when asked for (a copy, the JSON) or before another state draws: a state that draws
        several times in a row (a game's shuffles) sets and saves it once, not at each draw."""
        if _HOLDER[0] is not self:
            if self._parked is not None:  # its own generator, set aside whole: swapped back in
                _swap_in(self)
            else:
                _release()
                _GENERATOR.setstate(self._rng)
                _HOLDER[0] = self
        return _GENERATOR

    def keep(self, gen: random.Random) -> None:
        if gen is _GENERATOR:
            _HOLDER[0] = self  # still the generator's: saved when needed
        else:  # pragma: no cover - a generator of its own
            self.rng = gen.getstate()

    # -- players ------------------------------------------------------------------------

    def in_game(self) -> list[str]:
        out = self.out
        return [p for p in self.players if p not in out] if out else self.players[:]

    def team_of(self, player: str) -> str | None:
        """The player's Team (None: none), as writers.teams_written keeps it."""
        return self.team_by.get(player)

    def holder(self, who, per: str | None):
        """Whose zone or counter `who` names for a declaration kept `per` player or Team: a
        player's Team for a per-Team one."""
        if per == "team" and who in self.players:
            return self.team_of(who)
        return who

    def zone_key(self, zone: str, owner: str | None) -> str:
        return f"{zone}/{owner}" if owner is not None else zone

    def counter_key(self, counter: str, holder) -> str:
        if holder is None:
            return counter
        return f"{counter}/#{holder}" if isinstance(holder, int) else f"{counter}/{holder}"


def _release() -> None:
    """The generator's state saved into the state that holds it, if one does."""
    holder = _HOLDER[0]
    if holder is not None:
        holder._rng = _GENERATOR.getstate()
        _HOLDER[0] = None


def _hold_new(state, seed: int) -> None:
    """A new state's generator, seeded (as random.Random(seed)) and made the shared one. The
    state that held the shared one keeps that generator whole (`_parked`), not a copy of its
    state (random.getstate, a tuple of 625 numbers: about 1% of a short card game, whose
    state is seldom read again once the next game begins): read when asked (State.rng), swapped
    back in when it draws again (_swap_in)."""
    global _GENERATOR
    holder = _HOLDER[0]
    if holder is not None:
        holder._parked = _GENERATOR
    _GENERATOR = random.Random(seed)
    _HOLDER[0] = state


def _swap_in(state) -> None:
    """The state's parked generator made the shared one again; the state that held the shared
    one parks it (no state copied either way)."""
    global _GENERATOR
    holder = _HOLDER[0]
    if holder is not None:
        holder._parked = _GENERATOR
    _GENERATOR, state._parked = state._parked, None
    _HOLDER[0] = state


def stamp_span(state, last, span: str) -> None:
    """The lines logged after `last` (the log's last line before a statement ran, None if it
    was empty) given that statement's `span` where a statement run inside it gave none: one
    mark, read by `State.spans`. The code compile_stmts.py generates for a statement appends
    the same mark itself (no call); this is its path when the game ends inside the statement."""
    log = state.log
    if (log[-1] if log else None) is not last:
        state.marks.append((last, log[-1], span))


def spans(state) -> dict[int, tuple]:
    """The span of the statement that wrote each log line: index -> (the line, its span), the
    innermost statement's (the first mark over it), for the lines of the log as it is now. A
    mark whose last line is no longer the log's (a step's retry wrote the lines again, and what
    the last try wrote was cut) gives none: a line at that index that is another has none yet."""
    log, out = state.log, {}
    at = {}
    for i, line in enumerate(log):  # (a line's object is its own: a later one, the same, read last)
        at[id(line)] = i
    for before, last, span in state.marks:
        end = at.get(id(last))
        if end is None or log[end] is not last:
            continue
        if before is None:
            start = 0
        else:
            start = at.get(id(before))
            if start is None or log[start] is not before or start >= end:
                continue
            start += 1
        for i in range(start, end + 1):
            if i not in out:
                out[i] = (log[i], span)
    return out
