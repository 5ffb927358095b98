"""The engine: a game's configuration, and the Engine that joins the parts and plays a game as decisions.

Its parts, one module each: setup.py, round.py, turn.py, cards.py, events.py,
figures.py, pieces.py, counters.py (the round's phases as the game declares them, and the board
services), effects.py and expressions.py (the effect interpreter), primitives.py
and statuses.py. It knows the rules of the Mayhem family, never a component by name."""
from __future__ import annotations

from dataclasses import dataclass, field
import random

from .actions import Action, texts
from .cards import CardsMixin
from .cards_in_play import CardsInPlayMixin
from .counters import CountersMixin
from .decisions import Decision
from .effects import EffectsMixin, id_of
from .events import EventsMixin
from .expressions import ExpressionsMixin
from .figures import FiguresMixin, GameOver
from .modes import load_mode, rules_for, team_names
from .pieces import PiecesMixin
from .primitives import PrimitivesMixin
from .round import RoundMixin, round_phases
from .rules import Rules, prop
from .setup import SetupMixin
from .state import GameState
from .statuses import StatusesMixin
from .turn import TurnMixin, restricting, stopping

__all__ = ["Engine", "GameConfig", "GameOver"]


@dataclass
class GameConfig:
    box: str
    seed: int = 0
    mode: str = "standard"
    first_game: bool = False
    teams: dict[str, list[str]] | None = None  # Team -> character ids (skips the draft)
    sides: dict[str, str] = field(default_factory=dict)  # character id -> "a" | "b" (skips the choice)
    max_rounds: int = 40
    # Competitive Mode: Team -> {"characters": ["box/id" or "box/id/side"], "hand": ["box/card"]}
    team_lists: dict[str, dict] | None = None


class Engine(SetupMixin, RoundMixin, TurnMixin, CardsMixin, EventsMixin, FiguresMixin, PiecesMixin, CountersMixin,
             EffectsMixin, ExpressionsMixin, PrimitivesMixin, StatusesMixin, CardsInPlayMixin):
    """One game's state and rules, and the round procedure that plays it (the mixins'
    methods all work on `self.state`)."""


    def __init__(self, rules: Rules, config: GameConfig, record: bool = True) -> None:
        """`record`: keep the game's log in `events` (a batch of games whose logs no one
        reads plays without: the log's entries are then not even built)."""
        if config.box not in rules.boxes:
            raise ValueError(f"no box '{config.box}' in the content; boxes: {', '.join(sorted(rules.boxes))}")
        if "game" in rules.boxes[config.box]["props"]:
            raise ValueError(f"box '{config.box}' names a game of the rules kernel: play it with "
                             f"mayhem.runtime.kernel (KernelGame(load_game_rules(ir, '{config.box}'), "
                             f"KernelConfig(players=..., seed=...))), or simulate(ir, '{config.box}', ...)")
        self.config = config
        self.rng = random.Random(config.seed)
        self.box = rules.boxes[config.box]
        self.mode = load_mode(rules, config.mode)
        self.rules = rules = rules_for(rules, self.mode)  # the game less what the mode leaves out
        self.team_names = team_names(rules)  # the Teams' names the game declares
        self.phases = round_phases(rules, self.mode.id)  # the round's phases, in order
        self.state = GameState(config.box, config.mode, zone_of=dict(rules.zone_of))
        self.events: list[dict] = []
        self.record = record
        # Game.play_out(): who answers a question where the rules ask it, (player, kind, prompt,
        # actions, node) -> one of the actions; None: a question is yielded up to the driver
        self.answer = None
        if not record:
            self.log = _unrecorded
        self.forced_rolls: list[str] = []  # scenario files queue die results here
        self._faces_of: dict[str, list[str]] = {}  # die -> its faces in this game's box (DiceMixin.roll_face)
        self._bases: dict[str, tuple] = {}  # Team -> (the board, its Locations that are the Team's Bases)
        self._chosen: dict[tuple, dict | None] = {}  # (dashboard qid, Ability id) -> the Ability (chosen-ability)
        self.forced_tosses: list[str] = []  # ... and the colours that win coin tosses
        self.activated_this_round: list[str] = []
        self.win_check_held = False  # during a step whose effects happen at the same time
        self._triggers: dict[str, dict[str, list]] = {}
        self._heard: dict[str, dict] = {}
        self._specials: dict[str, dict | None] = {}
        self._abilities: dict[str, list[dict]] = {}  # dashboard qid -> its Abilities (TurnMixin.abilities)
        self._restricts: dict[str, tuple] = {}  # token type -> what it `restricts` (TurnMixin.restriction)
        self._restricting = restricting(rules.tokens)  # what -> the token types that forbid it (TurnMixin.restricts)
        # what a primitive asks -> the token types that stop it, and the restrictions that do (StatusesMixin.stopped)
        self._stopping, self._stoppers = stopping(rules.game, self._restricting)
        self._resolved: dict[tuple, tuple] = {}  # (Ability qid, special, mayhem) -> its statements compiled
        self._menus: dict | None = None  # the rules' declared menus by group (declared_actions.menu)
        self._fig_menus: dict[str, tuple] = {}  # figure key -> (its dashboard, its own menu): declared_actions._fig_menu
        self.tags_by_id: dict[str, list[str]] = {}
        self.group_of: dict[str, str] = {}
        for qid, tok in rules.tokens.items():
            group = prop(tok, "group")
            if group:
                for other in rules.tokens:
                    if id_of(other) == group and other != qid:
                        self.group_of[qid] = other
        for comp in rules.ir["components"]:
            if comp["kind"] == "tag":
                self.tags_by_id.setdefault(comp["id"], []).append(comp["qid"])

    # ---- the driver's interface ------------------------------------------------------

    def decide(self, player: str, kind: str, prompt: str, actions: list[Action], node: dict | None = None):
        """Ask a player; a decision with one legal action takes it without asking. The answer
        (a printed action of the list) comes back as its Action."""
        if len(actions) == 1:
            return actions[0]
        if self.answer is not None:  # Game.play_out(): asked here, nothing yielded
            if len(set(actions)) != len(actions):  # equal actions are one answer (their texts: question())
                actions = list(dict.fromkeys(actions))
            return self.answer(player, kind, prompt, actions, node)
        decision, shown = self.question(player, kind, prompt, actions, node)
        return actions[shown.index((yield decision))]

    def question(self, player: str, kind: str, prompt: str, actions: list[Action], node: dict | None = None):
        """The Decision that asks for one of `actions`, and their printed texts in the same order
        (the answer, a text, is the action at its index): `decide` without a generator, for a
        loop that yields the Decision itself (runtime/turn.py)."""
        shown = texts(actions)  # equal texts are equal actions: the list shows each once
        unique = shown if len(set(shown)) == len(shown) else list(dict.fromkeys(shown))
        return Decision(player, kind, prompt, unique, node.get("span") if node else None), shown

    def log(self, kind: str, node: dict | None = None, **data) -> None:
        self.events.append({"seq": len(self.events), "round": self.state.round, "event": kind, **data,
                            "span": node.get("span") if node else None})

    def play(self):
        """The whole game, as a generator of decisions: setup, then round after round, each
        the game's phases in order."""
        st = self.state
        try:
            yield from self.setup()
            while not st.over:
                st.round += 1
                if st.round > self.config.max_rounds:
                    self.finish([], "max-rounds")
                    break
                yield from self.play_round()
        except GameOver:
            pass

    def play_from(self, phase: str):
        """The rest of a game whose state was set up by hand (scenario files): from the
        start of `phase` of the current round (or the middle of a turn), then round after round."""
        st = self.state
        if phase not in self.phase_names():
            raise ValueError(f"a scenario starts at {', '.join(self.phase_names())}, not '{phase}'")
        try:
            start = phase
            while not st.over:
                yield from self.play_round(start)
                start = None
                st.round += 1
                if st.round > self.config.max_rounds:
                    self.finish([], "max-rounds")
        except GameOver:
            pass

    def finish(self, winners: list[str], reason: str) -> None:
        st = self.state
        if st.winners is None:
            st.winners = winners
            st.end_reason = reason
            self.log("game-over", winners=winners, reason=reason)


def _unrecorded(kind: str, node: dict | None = None, **data) -> None:
    """Engine.log of a game that keeps no log."""
