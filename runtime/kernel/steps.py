"""The steps of play of a kernel game, each run whole or up to a question: setup, a round's
start and end, a turn's start and end, and the action chosen; the counters reset at those
events and the dice freed at a round's end. Methods of KernelGame (structure.py), kept apart
from the driving of the game one decision at a time."""
from __future__ import annotations

from .actions import legal_actions, take_action
from .compile_stmts import nothing as _nothing
from .rounds import after_turn, first_of_round, run_triggers


def run_step(self, run, step: list) -> None:
    """One step of play: setup, a round's start or end, a turn's start or end, or the
    action chosen (a method of KernelGame: `self` is the game)."""
    state = self.state
    kind = step[0]
    if kind == "choose-action":
        action = self.pending.get("action") if self.pending is not None else None
        if action is not None:  # chosen by the step's first answer, or the only one
            if len(self._legal) > 1:
                run.used = 1
            take_action(self, run, action)
            return
        # a step run apart from _advance: the action from the answers
        actions = self._legal if self._legal is not None else legal_actions(self)
        if len(actions) == 1:  # taken without asking
            picked = actions[0].text
        elif run.answers:  # the decision _advance returned, answered
            picked = run.answers[0]
            run.used = 1
        else:
            picked = run.ask(state.active, "action", f"turn {state.turn}: choose an action",
                             [a.text for a in actions])
        for action in actions:
            if action.text == picked:
                take_action(self, run, action)
                break
        return
    env = {"ctx:me": state.active}
    if kind == "setup":
        self._slots.get("setup", _nothing)(run, env)
        self.check_end(run)
        state.phase = "round-start" if self.rules.uses_rounds else "turn-start"
    elif kind == "round-start":
        previous, state.lead = state.lead, None
        state.round += 1
        state.passed, state.played = [], []
        self._reset("round-start")
        state.log.append({"event": "round-start", "round": state.round})
        self._slots.get("round", _nothing)(run, env)
        self.check_end(run)
        run_triggers(self, run, "round-start")
        state.active = first_of_round(self, previous)
        state.log.append({"event": "lead", "round": state.round, "lead": state.lead, "player": state.active})
        state.phase = "turn-start"
    elif kind == "round-end":
        self._slots.get("round-end", _nothing)(run, env)
        self.check_end(run)
        run_triggers(self, run, "round-end")
        self.round_over(run)
        self._reset("round-end")
        state.log.append({"event": "round-end", "round": state.round})
        self.check_end(run)
        state.phase = "round-start"
    elif kind == "turn-start":
        state.turn += 1
        if state.turn > self.config.max_turns:
            self.finish(run, [], "turn-limit")
        if self._resets.get("turn-start") != []:  # none known yet, or some
            self._reset("turn-start")
        state.end_turn = False
        state.acted = False
        state.played.append(state.active)
        state.log.append({"event": "turn-start", "player": state.active, "turn": state.turn})
        self._slots.get("turn", _nothing)(run, env)
        self.check_end(run)
        if state.triggers or self.rules.rules:
            run_triggers(self, run, "turn-start")
        state.phase = "actions"
    elif kind == "turn-end":
        self._slots.get("turn-end", _nothing)(run, env)
        self.check_end(run)
        if state.triggers or self.rules.rules:
            run_triggers(self, run, "turn-end")
        if self._resets.get("turn-end") != []:  # none known yet, or some
            self._reset("turn-end")
        state.log.append({"event": "turn-end", "player": state.active, "turn": state.turn})
        self.check_end(run)
        after_turn(self, run)


def round_over(self, run) -> None:
    """At the end of a round, the dice placed on anything are free again."""
    freed = [d for d, die in self.state.dice.items() if die["on"] is not None]
    for d in freed:
        self.state.dice[d]["on"] = None
    if freed:
        self.state.log.append({"event": "dice-freed", "dice": freed})


def reset(self, when: str) -> None:
    """The counters reset at that event back to their start, whoever holds them."""
    resets = self._resets.get(when)
    if resets is None:  # (the counter's id, its keys' prefix, its start), read once
        resets = self._resets[when] = [(c.id, c.id + "/", c.start) for c in self.rules.counters.values()
                                       if c.reset == when]
    counters = self.state.counters
    for ident, prefix, start in resets:
        for key in [k for k in counters if k == ident or k.startswith(prefix)]:
            counters[key] = start
