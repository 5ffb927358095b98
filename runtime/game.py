"""One game behind the legal-action interface: start it, read its decision, act."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Callable

from .actions import Action, texts
from .bots import random_answer
from .counters import kept_as_pieces
from .decisions import Decision, IllegalAction
from .engine import Engine, GameConfig
from .rules import Rules
from .state import GameState

LOG_VERSION = 1  # the `mayhem_log` of a log's header line


class Game:
    """A game of the Mayhem round procedure, driven one decision at a time.

    `decision` is the question waiting for an answer (None once the game is over);
    `act(action)` answers it with one of `decision.actions`. Under the runtime setting `kernel`
    (`runtime="kernel"` or MAYHEM_RUNTIME=kernel: runtime/switch.py), `Game(rules, config)` of a
    box that names no game is a KernelMayhemGame (runtime/switch_game.py): the same API, the
    rules kernel playing the box as naming the shared rules' game. `runtime` says which."""

    runtime = "engine"

    def __new__(cls, rules: Rules, config: GameConfig, engine: Engine | None = None, *args, runtime: str | None = None,
                **kwargs):
        if cls is Game and engine is None and not args:
            from .switch import switched
            if switched(rules.ir, config.box, runtime):
                from .switch_game import KernelMayhemGame
                return KernelMayhemGame(rules, config, record=kwargs.get("record", True))
        return super().__new__(cls)

    def __init__(self, rules: Rules, config: GameConfig, engine: Engine | None = None,
                 start_phase: str | None = None, restart: Callable[[], Engine] | None = None,
                 record: bool = True, runtime: str | None = None) -> None:
        """`runtime`: the runtime setting (runtime/switch.py; read by __new__). `engine` and `start_phase`: a state prepared by hand (scenario files) and the phase it
        resumes at; `restart` builds that prepared engine afresh, so that such a game can be cloned.
        `record=False`: no log in `events` (batch simulation that writes none; the play is the same)."""
        self.rules = rules
        self.config = config
        self._initial_config = copy.deepcopy(config)  # the engine may fill in config.sides as it sets up
        if engine is None:
            engine = Engine(rules, config, record=record)
            restart = restart or (lambda: Engine(rules, copy.deepcopy(self._initial_config), record=record))
        self.engine = engine
        self._restart = restart
        self.start_phase = start_phase  # a prepared state (scenarios) resumes here
        # each decision answered: {"player", "kind", "action"} (`history`); play_out's random bots
        # append (player, kind, Action) instead, made a dict when the history is first read
        self._steps: list = []
        self._read = 0  # the steps before this one are dicts
        self._gen = None
        self.decision: Decision | None = None

    @property
    def history(self) -> list[dict]:
        """Every decision answered, in order: {"player", "kind", "action"} (the action's text)."""
        steps = self._steps
        for i in range(self._read, len(steps)):
            step = steps[i]
            if step.__class__ is tuple:
                steps[i] = {"player": step[0], "kind": step[1], "action": step[2][2]}
        self._read = len(steps)
        return steps

    @property
    def decisions(self) -> int:
        """How many decisions were answered (`len(history)`, without making its entries)."""
        return len(self._steps)

    @property
    def state(self) -> GameState:
        return self.engine.state

    @property
    def events(self) -> list[dict]:
        return self.engine.events

    @property
    def over(self) -> bool:
        return self.decision is None and self._gen is not None

    def start(self) -> Decision | None:
        if self.start_phase is None:
            self._gen = self.engine.play()
        else:
            self._gen = self.engine.play_from(self.start_phase)
        return self._advance(None)

    def act(self, action: "str | Action") -> Decision | None:
        """Answer the decision with one of its legal actions (a printed action or an Action)."""
        action = str(action)
        if self.decision is None:
            raise IllegalAction(action, Decision("-", "over", "the game is over", []))
        if action not in self.decision.actions:
            raise IllegalAction(action, self.decision)
        decision = self.decision
        self._steps.append({"player": decision.player, "kind": decision.kind, "action": action})
        if self.engine.record:
            self.engine.log("decision", None, player=decision.player, decision=decision.kind, action=action,
                            options=len(decision.actions))
        try:
            self.decision = self._gen.send(action)
        except StopIteration:
            self.decision = None
        return self.decision

    def play_out(self, choose: Callable[[Decision], str],
                 pick: Callable[[str, str, list], Action] | None = None) -> None:
        """Plays the game on to its end, each question answered where the rules ask it, as
        RLCard's `env.run` asks its agents: no decision is carried up through the generators
        that play the game and sent back down, and the same answers give the same game as
        act() by act() (history, log, result). `choose(decision)` answers with one of
        `decision.actions`; `pick(player, kind, actions)`, when given, answers in its place
        with one of the `Action`s (each once, in the decision's order) without the decision
        being built or its actions printed (a bot that reads only their number and the one it
        picks: the random bot); `pick` may also be a dict of such functions by player, called
        without a function between. A game stopped at a decision (start(), act()) goes on from it."""
        if self._gen is not None and self.decision is None:
            return  # over
        eng = self.engine
        eng.answer = self._in_place(choose, pick)
        try:
            decision = self.start() if self._gen is None else self.act(choose(self.decision))
            while decision is not None:  # a question not asked through the engine's own askers
                decision = self.act(choose(decision))
        finally:
            eng.answer = None

    def _in_place(self, choose, pick):
        """Engine.answer for play_out(): asks, keeps the answer in the history (and the log) as
        act() does, and gives the Action back to the rules."""
        history, eng = self._steps, self.engine
        log = eng.log if eng.record else None
        append = history.append
        if pick is not None and log is None:  # a game of bots that keeps no log: the fewest steps
            picks = pick if isinstance(pick, dict) else None
            if picks is not None:  # random bots: their draw and the record in one function
                answer = random_answer(picks, append)
                if answer is not None:
                    return answer

            def picked(player: str, kind: str, prompt: str, actions: list, node: dict | None):
                chosen = picks[player](player, kind, actions) if picks is not None else pick(player, kind, actions)
                append((player, kind, chosen))  # made a dict when the history is read
                return chosen
            return picked
        if isinstance(pick, dict):
            picks = pick
            pick = lambda player, kind, actions: picks[player](player, kind, actions)  # noqa: E731

        def answer(player: str, kind: str, prompt: str, actions: list, node: dict | None):
            # `actions`: each once (Engine.decide merges equal ones; a menu has none)
            if pick is not None:
                chosen = pick(player, kind, actions)
                text = chosen.text
            else:
                shown = texts(actions)
                self.decision = decision = Decision(player, kind, prompt, shown, node.get("span") if node else None)
                text = str(choose(decision))
                self.decision = None
                try:
                    chosen = actions[shown.index(text)]
                except ValueError:
                    raise IllegalAction(text, decision) from None
            append({"player": player, "kind": kind, "action": text})
            if log is not None:
                log("decision", None, player=player, decision=kind, action=text, options=len(actions))
            return chosen
        return answer

    def _advance(self, action) -> Decision | None:
        try:
            self.decision = self._gen.send(action)
        except StopIteration:
            self.decision = None
        return self.decision

    def clone(self) -> "Game":
        """An independent game in the same position: same state, same events, same decision
        waiting, and the same future for the same answers; acting on one leaves the other as it is.

        The engine plays a game as a chain of generators, which cannot be copied, so the clone is
        made by playing the recorded answers again from the same seed (or the same prepared
        state): correct, but as slow as the game so far. It is the oracle a future fast clone
        (of a state with no live generator) must agree with: tests/test_runtime_clone.py."""
        if self._restart is None:
            raise ValueError("this game was given a prepared engine without `restart` (a function that "
                             "builds it afresh), so it cannot be played again to clone it")
        engine = self._restart()
        twin = Game(self.rules, engine.config, engine=engine, start_phase=self.start_phase, restart=self._restart)
        twin._initial_config = copy.deepcopy(self._initial_config)
        if self._gen is None:
            return twin
        twin.start()
        for step in self.history:
            twin.act(step["action"])
        return twin

    def result(self) -> dict:
        st = self.state
        # each counter of the game kept as pieces, by its name: {counter: {Team: value}} (0 where
        # the mode leaves the counter out)
        counters = {c: self.engine.counter_values(c) for c in kept_as_pieces(self.rules)}
        return {"winners": st.winners, "reason": st.end_reason, "rounds": st.round, **counters,
                "teams": {c: [st.figures[k].comp["id"] for k in st.teams[c].characters] for c in st.order}}

    def view(self, pieces: bool = True) -> dict:
        """The game as plain data, the same on either runtime (runtime/game_view.py): the round,
        the decision waiting, each Team's players, counters, hand size and dice, each figure's
        space, Damage, Life and KO, the Locations and the pieces on them, the result once over
        (`pieces=False`: without the pieces, a cheaper reading).

        >>> from mayhem.compiler.driver import compile_paths
        >>> from mayhem.runtime import Game, GameConfig, load_rules
        >>> game = Game(load_rules(compile_paths(["content"]).ir), GameConfig("teen-titans-go", seed=7))
        >>> _ = game.start()
        >>> seen = game.view()
        >>> seen["round"], seen["decision"], seen["over"]
        (0, {'player': 'p1', 'kind': 'colour'}, False)
        """
        from .game_view import view
        return view(self, pieces)

    def header(self) -> dict:
        """Everything the game's configuration holds, so that a replay can rebuild it."""
        cfg = self.config
        return {"mayhem_log": LOG_VERSION, "ir_digest": self.rules.digest, "box": cfg.box, "seed": cfg.seed,
                "mode": cfg.mode, "first_game": cfg.first_game, "teams": cfg.teams, "sides": cfg.sides,
                "max_rounds": cfg.max_rounds, "team_lists": cfg.team_lists}

    def write_log(self, path: str | Path) -> None:
        """A JSON Lines log: a header, then every event (decisions included), then the result."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"header": self.header()}, sort_keys=True) + "\n")
            for event in self.events:
                fh.write(json.dumps(event, sort_keys=True, default=str) + "\n")
            fh.write(json.dumps({"result": self.result()}, sort_keys=True) + "\n")
