"""One game behind the legal-action interface: start it, read its decision, act."""
from __future__ import annotations

import json
from pathlib import Path

from .actions import Action
from .decisions import Decision, IllegalAction
from .engine import Engine, GameConfig
from .rules import Rules
from .state import GameState

LOG_VERSION = 1  # the `mayhem_log` of a log's header line


class Game:
    """A game of the Mayhem round procedure, driven one decision at a time.

    `decision` is the question waiting for an answer (None once the game is over);
    `act(action)` answers it with one of `decision.actions`."""

    def __init__(self, rules: Rules, config: GameConfig, engine: Engine | None = None,
                 start_phase: str | None = None) -> None:
        self.rules = rules
        self.config = config
        self.engine = engine or Engine(rules, config)
        self.start_phase = start_phase  # a prepared state (scenarios) resumes here
        self.history: list[dict] = []
        self._gen = None
        self.decision: Decision | None = None

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
        self.history.append({"player": self.decision.player, "kind": self.decision.kind, "action": action})
        self.engine.log("decision", None, player=self.decision.player, decision=self.decision.kind, action=action,
                        options=len(self.decision.actions))
        return self._advance(action)

    def _advance(self, action) -> Decision | None:
        try:
            self.decision = self._gen.send(action)
        except StopIteration:
            self.decision = None
        return self.decision

    def result(self) -> dict:
        st = self.state
        return {"winners": st.winners, "reason": st.end_reason, "rounds": st.round,
                "vp": {c: self.engine.vp(c) for c in st.order},
                "teams": {c: [st.figures[k].comp["id"] for k in st.teams[c].characters] for c in st.order}}

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
