"""The structure interpreter of kernel games: setup, turns, the action loop, the end condition.

Turns go in order with their start and end; the action loop lists the legal actions until
none is left or the turn ends. A game runs one decision at a time behind
runtime/decisions.py's Decision (the steps: steps.py), or whole with its questions answered
where they arise (play_out)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..decisions import Decision, IllegalAction
from .actions import menu
from .compile import compiled
from .end_reads import end_reads
from .asking import MANY, action_may_ask, action_questions, step_may_ask
from .compile_stmts import compiled_block
from .in_place import steps_in_place
from .effects import GameOver, NeedChoice, Run
from .finish import after_steps
from .labels import labels
from .piles import refill
from .rules import GameRules, KernelError
from .state import State
from .steps import NEVER, Steps
from .turns import make_round_end, make_round_start, make_turn_end, make_turn_start


class IllegalKernelAction(IllegalAction):
    """An answer that is not among the decision's legal actions, said in the game's own
    verbs (the action grammar of runtime/actions.py knows none of them)."""

    def __init__(self, action: str, decision: Decision, rules=None) -> None:
        from ...dsl.diagnostics import did_you_mean
        shown = ", ".join(decision.actions[:12]) + (" ..." if len(decision.actions) > 12 else "")
        hint = did_you_mean(action, decision.actions) or _form_hint(action, rules)
        ValueError.__init__(self, f"'{action}' is not a legal action now" + (f" ({hint})" if hint else "")
                            + (f"; legal: {shown}" if decision.actions else ""))
        self.action = action
        self.decision = decision


def _form_hint(text, rules) -> str | None:
    """How the verb's strings are written, when its action declares a `form` the text is not of."""
    from ..actions import declared_form
    for declared in rules.actions.values() if rules is not None else ():
        if declared.form is None:
            continue
        form = declared_form(declared.id, [name for name, _domain in declared.params], declared.form, own=False)
        if form.says_verb(str(text)) and form.read(str(text)) is None:
            return f"'{form.verb}' is written '{form.usage}'"
    return None


@dataclass
class KernelConfig:
    players: int = 2
    seed: int = 0
    decks: list[str] = field(default_factory=list)  # one per player; default: a seeded choice
    max_turns: int = 400  # a game still going then ends with no winner ("turn-limit")
    dashboards: dict | None = None  # figures that are cards: the card ids dealt to each holder (dashboards.py)
    sides: dict | None = None  # the side each two-sided figure plays, by figure, not asked (sides.py)
    first_game: bool = False  # the hands the box's `first-game` preset deals (keeping.chosen_hands)
    hands: dict | None = None  # the hands chosen before the game, by player or Team (keeping.chosen_hands)


_PER_RULES: dict[int, tuple] = {}  # id(rules) -> (the rules, _per_rules' answer)


def _per_rules(rules: GameRules) -> tuple:
    """(the end condition's function, each slot's function by name, the parts of the state
    the end condition reads as one attrgetter, or None, each step's function by kind, with
    a turn's start and end generated for these rules, turns.py): made once per rules, not
    per game."""
    hit = _PER_RULES.get(id(rules))
    if hit is None or hit[0] is not rules:
        end = compiled(rules.end_guard) if rules.end_guard is not None else None
        made = (end, {name: compiled_block(body) for name, body in rules.slots.items()},
                end_reads(rules),  # those parts, read in C (or projected: end_reads.py)
                after_steps(rules, {**Steps._kinds, "turn-start": make_turn_start(rules),
                                    "turn-end": make_turn_end(rules), "round-start": make_round_start(rules),
                                    "round-end": make_round_end(rules)}))  # the update event after each (finish.py)
        if len(_PER_RULES) > 256:  # many rules in one process (tests): keep it small
            _PER_RULES.clear()
        hit = _PER_RULES[id(rules)] = (rules, made)
    return hit[1]


class KernelGame(Steps):
    """A kernel game driven one decision at a time. Between decisions no Python frame is
    pending: `state` is all there is, and `pending` (the step and its answers so far)."""

    def __init__(self, rules: GameRules, config: KernelConfig, state: State | None = None) -> None:
        low, high = rules.seats
        if not low <= config.players <= high:
            raise KernelError(f"{rules.game['name']} plays {low} to {high} players, not {config.players}")
        self.rules = rules
        self.config = config
        self.state = state or State(config.seed)
        self.pending: dict | None = None  # {"step": ..., "answers": [...], "decision": Decision}
        self.snapshot: State | None = None
        self.history: list[dict] = []
        self.decision: Decision | None = None
        self._legal = None  # the legal actions of the pending step, computed once
        self._texts: list[str] | None = None  # their strings, in the same order (the decision's)
        self._plans = None  # actions.menu(): each verb's plan, read once
        self._run: Run | None = None  # _advance: the run of the step being played
        self._probe: Run | None = None  # actions.menu(): the run its guards and domains are asked in
        self._ids: list[str] = []  # labels(): each card's printed id, by uid
        self._plain: dict[str, tuple] = {}  # actions.menu(): by verb, each card's plain action, by uid
        self._bodies: dict[str, tuple] = {}  # actions.take_general(): by verb, its parameters' keys and body
        self._takes: dict = {}  # actions.take_action(): by verb, its declaration's function (compiled_action)
        self._choose = None  # play_out(): who answers each question where it is asked
        self._pick = None  # play_out(): the same, by the answer's place in the decision's list
        self._draws = None  # play_out(): the same by player, of the number of answers (no Decision made)
        self._resets: dict[str, list] = {}  # _reset: event -> the counters it resets
        # the end condition, the slots' functions and what the end condition reads: an end
        # condition that reads only a few parts of the state (who is out, the round, counters)
        # is not asked again while they are as when it last said no in this state
        self._end, self._slots, self._end_reads, self._kinds = _per_rules(rules)
        self._end_no = NEVER  # (steps.check_end) a copy of those parts when it last said no

    # -- driving -------------------------------------------------------------------------

    def start(self) -> Decision | None:
        if self.state.phase == "setup" and not self.state.players:
            self._setup_table()
        return self._advance()

    def act(self, action: str) -> Decision | None:
        if self.decision is None:
            raise IllegalKernelAction(action, Decision("-", "over", "the game is over", []))
        decision = self.decision
        try:
            index = decision.actions.index(action)  # found once: the action's place in the menu too
        except ValueError:
            raise IllegalKernelAction(action, decision, self.rules) from None
        self.history.append({"player": decision.player, "kind": decision.kind, "action": action})
        pending = self.pending
        if decision.actions is self._texts and not pending["answers"]:  # the choice of an action
            pending["action"] = self._legal[index]
        pending["answers"].append(action)
        return self._advance()

    def play_out(self, choose, pick=None) -> None:
        """Plays the game on to its end, each question answered by `choose(decision)` (one of
        `decision.actions`) where the rules ask it. No step stops at a question, so none is
        copied at its start or replayed: a whole game of bots runs faster than act() by act(),
        and the same answers give the same game (history, log, result). `choose` must not
        clone the game (a step is under way when it is asked); a game stopped at a decision
        (start(), act()) goes on from it. `pick(decision)`, if given, is `choose`'s answer by
        its place in `decision.actions` (an index of the list; play_game's random bots): the
        answer is then not searched for in the list. `pick` may also be a dict: by player, a
        function of the list of answers giving the answer's place (play_game's random bots,
        _Draws); no Decision is then made for a question."""
        # `choose` may answer with what is not offered: a copy of the game as it is now, to
        # play again act() by act() to the question refused (`pick` and `draws` answer by place)
        twin = self.clone() if pick is None else None
        self._choose = choose
        if isinstance(pick, dict):
            self._pick, self._draws = None, pick
        else:
            self._pick, self._draws = pick, None
        try:
            if self.decision is not None:
                self.act(choose(self.decision))  # its answer, then the rest in place
            elif self.state.phase == "setup" and not self.state.players:
                self.start()
            else:
                self._advance()
        except IllegalAction:
            self._choose = None
            if twin is not None and (twin.decision is None or len(self.history) > len(twin.history)):
                self._refused_in_place(twin)
            raise
        finally:
            self._choose = self._pick = self._draws = None

    def _refused_in_place(self, twin: "KernelGame") -> None:
        """play_out() refused an answer to a question asked in place, mid-step (the step's
        start not kept): the copy made when play_out() began is played act() by act() with
        the answers given since, so that the question waits as act() leaves it."""
        if twin.decision is None:
            twin.start() if twin.state.phase == "setup" and not twin.state.players else twin._advance()
        for answered in self.history[len(twin.history):]:
            twin.act(answered["action"])
        for name in ("state", "pending", "snapshot", "history", "decision", "_legal", "_texts", "_end_no",
                     "_end_seen"):
            setattr(self, name, getattr(twin, name))
        self._run = self._probe = None  # runs of the step abandoned

    def _answer_in_place(self, player: str, kind: str, prompt: str, actions: list[str], span=None) -> str:
        """play_out(): the answer to a question asked now (Run.ask's), checked and kept in the
        history; by `_draws`, no Decision is made."""
        draws = self._draws
        if draws is not None:
            action = actions[draws[player](actions)]
            self.history.append({"player": player, "kind": kind, "action": action})
            return action
        decision = self.decision = Decision(player, kind, prompt, actions, span)
        if self._pick is not None:  # by its place (play_out's `pick`)
            action = decision.actions[self._pick(decision)]
        else:
            action = self._choose(decision)
            if action not in decision.actions:
                raise IllegalKernelAction(action, decision)
        self.history.append({"player": decision.player, "kind": decision.kind, "action": action})
        return action

    def _answer_index(self, decision: Decision) -> int:
        """_answer_in_place's answer by its place in `decision.actions`."""
        self.decision = decision
        if self._pick is not None:  # by its place (play_out's `pick`)
            index = self._pick(decision)
            action = decision.actions[index]
        else:
            action = self._choose(decision)
            try:
                index = decision.actions.index(action)
            except ValueError:
                raise IllegalKernelAction(action, decision) from None
        self.history.append({"player": decision.player, "kind": decision.kind, "action": action})
        return index

    def force(self, rolls: list[int], coins: list[str]) -> None:
        """The next die rolls and coin tosses come out so (a scenario's forced results); kept
        in the step's starting state too, since a step that asks a question is replayed."""
        for state in (self.state, self.snapshot):
            if state is not None:
                state.forced["rolls"] += rolls
                state.forced["coins"] += coins

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def clone(self, history: bool = True) -> "KernelGame":
        """A copy in the same position; `history=False` leaves the decisions answered out
        (a lookahead's copy, determinize.py: its history is not read)."""
        if self._choose is not None:
            raise KernelError("a game cannot be cloned while play_out() plays it (a step is under way); "
                              "drive it with act() to clone it at a decision")
        other = KernelGame(self.rules, self.config, self.state.clone())
        other.snapshot = self.snapshot.clone() if self.snapshot is not None else None
        other.pending = None if self.pending is None else {
            "step": list(self.pending["step"]), "answers": list(self.pending["answers"]),
            "log": self.pending["log"], "final": self.pending.get("final", False),
            "action": self.pending.get("action")}
        other.history = [dict(h) for h in self.history] if history else []
        other.decision = self.decision
        other._legal, other._texts = self._legal, self._texts  # immutable actions of the same state
        other._plans, other._ids = self._plans, self._ids  # the same cards and rules
        return other

    def _advance(self) -> Decision | None:
        rules = self.rules
        refills = rules.refills
        in_place = self._answer_in_place if self._choose is not None else None  # play_out()
        while self.state.phase != "over":
            pending = self.pending
            if pending is None:
                if in_place is not None:  # play_out(): between two steps, the rest in place
                    return self._steps_in_place()
                if refills and self.state.phase != "setup":
                    refill(Run(self, []))  # between two steps, zones with `refill-from` fill up
                step = self._next_step()
                if step is None:
                    continue
                self.pending = pending = {"step": step, "answers": [], "log": len(self.state.log)}
                kind = step[0]
                if kind == "choose-action":
                    legal = self._legal
                    if len(legal) > 1:
                        # the step's first act is this question: nothing has changed yet, so the
                        # state is still the step's start and no copy of it is needed until answered
                        self.snapshot = None
                        self.decision = Decision(self.state.active, "action",
                                                 f"turn {self.state.turn}: choose an action", self._texts)
                        return self.decision
                    pending["action"] = legal[0]  # its only legal action, taken without asking
                    may_ask = action_may_ask(self, legal[0])
                elif rules.step_asks.get(kind) is False and not self.state.triggers:
                    may_ask = False  # a turn's start or end known to ask nothing, no trigger pending
                else:
                    may_ask = step_may_ask(self, kind)
                # a copy of the step's start to replay from, unless the step cannot ask
                self.snapshot = self.state.clone(log=False) if may_ask else None
            elif self.snapshot is None:  # answered before the step changed anything
                # a copy to replay from only if the action taken can ask (a card that targets)
                if in_place is None and action_may_ask(self, self._picked(pending)):
                    self.snapshot = self.state.clone(log=False)
            elif pending.get("final"):  # its last possible question answered: no replay after this one
                self.state, self.snapshot = self.snapshot, None  # so the copy itself is played on
                del self.state.log[pending["log"]:]  # what the last try wrote
            else:  # replay the step from its start with every answer so far
                self.state = self.snapshot.clone(log=False)
                del self.state.log[pending["log"]:]  # what the last try wrote
            run = self._run  # one run per game, set to this step (a call fewer per step)
            if run is None:
                run = self._run = Run(self, pending["answers"])
            else:
                run.state, run.answers, run.used = self.state, pending["answers"], 0
            run.in_place, run.draws = in_place, None  # a step's questions asked by ask() (in_place.py sets draws)
            try:
                self._run_step(run, pending["step"])
            except NeedChoice as need:
                if self.snapshot is None:  # pragma: no cover - _may_ask said it could not
                    raise AssertionError(f"the step {pending['step']} asked a question it was "
                                         "judged unable to ask") from need
                if pending["step"][0] == "choose-action":  # is this the action's last possible question?
                    chose = len(self._legal) > 1  # the first answer chose the action
                    action = self._picked(pending)
                    asked = len(pending["answers"]) - chose + 1  # the action's questions, this one too
                    most = action_questions(self, action)
                    pending["final"] = most < MANY and asked >= most
                self.decision = need.decision
                return self.decision
            except GameOver:
                pass
            self.pending = None
            self.snapshot = None
            self._legal = self._texts = None
        self.decision = None
        return None

    def _steps_in_place(self) -> None:
        """play_out() between two steps: each step run to its end, its questions answered
        where they arise, so none is kept pending, copied or replayed (in_place.py)."""
        steps_in_place(self)

    def _picked(self, pending: dict):
        """The action the step's first answer chose (its only one, if only one was legal)."""
        action = pending.get("action")
        if action is None:
            if self._legal is None:  # a clone's: the legal actions of its state
                self._legal, self._texts = menu(self)
            action = pending["action"] = self._legal[self._texts.index(pending["answers"][0])]
        return action

    def _may_ask(self, kind: str) -> bool:
        """Whether a step can stop with a question (asking.py): a turn's start or end whose
        slot, triggers, rules and end checks ask nothing is run without a copy."""
        return step_may_ask(self, kind)

    # -- names -------------------------------------------------------------------------------

    def context(self, name: str, env: dict):
        if name == "players":
            return self.state.in_game()
        if name == "turn-player":
            return self.state.active
        if name == "teams":
            return list(self.state.teams)
        if name == "round":
            return self.state.round
        if name == "spaces" and self.rules.layout is not None:
            return self.rules.layout.spaces(self)
        if name == "spaces":
            return list(self.rules.spaces)
        return env.get("ctx:" + name)

    def pool(self, kind: str) -> list:
        """What a selector of that kind ranges over when it names no set (`one team`)."""
        if kind == "team":
            return list(self.state.teams)
        if kind == "space" and self.rules.layout is not None:
            return self.rules.layout.spaces(self)
        if kind == "space":
            return list(self.rules.spaces)
        if kind == "die":
            return list(self.state.dice)
        if kind == "figure":
            return list(self.state.figures)
        if kind == "edge":  # the edges between tiles in play (edges.py)
            from .edges import in_play
            return in_play(self)
        return self.state.in_game()

    def card_id(self, uid: int) -> str:
        return self.rules.cards[self.state.cards[uid]].id

    def label(self, uid: int) -> str:
        return self.rules.cards[self.state.cards[uid]].id + f"#{uid}"

    def labels(self, values: list, cards: bool = True) -> list[str]:
        """Stable strings for players, cards and dice (labels.py)."""
        return labels(self, values, cards)
