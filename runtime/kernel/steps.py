"""The steps of a kernel game's structure, each run in a `Run`: a mixin of structure.KernelGame.

What runs next (setup, a round's start and end, a turn's start and end, the choice of an
action), the counters reset at structure events, and the end condition with the end."""
from __future__ import annotations

from .actions import legal_actions, menu, take_action
from .compile_stmts import nothing as _nothing
from .effects import GameOver, Run
from .kept import check_teams
from .rounds import after_turn, first_of_round, lead_line, run_triggers
from .movement import players_out
from .pieces import discard_due
from .setup import setup_table
from .end_reads import end_marks, end_source


NEVER = object()  # KernelGame._end_no before the end condition first says no: equal to nothing but itself


def _copy(value):
    return value.copy() if isinstance(value, (list, dict)) else value


def _led_since(log: list, mark: int, called: str) -> bool:
    """Whether `lead(...)` logged its line (rounds.led) at or after `mark`."""
    return any(e["event"] == called for e in log[mark:])


class Steps:
    """KernelGame's steps (structure.py drives them one decision at a time)."""

    _held = False  # the end is not checked while effects resolve together (keeping.announce_together)
    _quiet = None  # the marks the last update pass kept when it ran nothing (finish.update_lines)
    _end_seen = None  # the marks (end_reads.end_marks) when the end last said no, or was as it said no

    # -- the structure -------------------------------------------------------------------

    def _setup_table(self) -> None:
        setup_table(self)  # setup.py: the seats, Teams, zones, counters, decks and first player

    def _next_step(self) -> list | None:
        """What runs next, as data: ["setup"], ["turn-start"], ["action", verb, args], ["turn-end"]."""
        state = self.state
        if state.phase == "setup":
            return ["setup"]
        if state.phase in ("turn-start", "round-start", "round-end"):
            return [state.phase]
        if state.phase == "actions":
            if state.end_turn:
                state.phase = "turn-end"
                return ["turn-end"]
            actions, texts = menu(self)
            if not actions:
                state.phase = "turn-end"
                return ["turn-end"]
            self._legal, self._texts = actions, texts  # a cache of what the state gives: the step below asks it
            return ["choose-action"]
        if state.phase == "turn-end":
            return ["turn-end"]
        raise AssertionError(state.phase)  # pragma: no cover

    def _run_step(self, run: Run, step: list) -> None:
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
        self._kinds[kind](self, run)

    # each step of the structure but the choice of an action, by kind (_run_step; play_out's
    # loop calls them directly); a game plays a turn's start and end by the functions turns.py
    # generates for its rules (KernelGame._kinds), which do what _turn_start and _turn_end do

    def _setup_step(self, run: Run) -> None:
        state = self.state
        self._slots.get("setup", _nothing)(run, {"ctx:me": state.active})
        if self.rules.pieces is not None and self.rules.pieces.kept:  # each Team's pieces of a counter kept so
            check_teams(self.rules, state)
        self.check_end(run)
        state.phase = "round-start" if self.rules.uses_rounds else "turn-start"

    def _round_start(self, run: Run) -> None:
        state = self.state
        env = {"ctx:me": state.active}
        previous = state.lead
        state.round += 1
        state.passed, state.played = [], []
        self._reset("round-start")
        state.log.append({"event": "round-start", "round": state.round})
        mark = len(state.log)
        # the round's own start reads the last round's leader (`leading-team`) until `lead(...)`
        # names this round's (Free-For-All's "goes to the next player"); none named, none leads
        self._slots.get("round", _nothing)(run, env)
        if not _led_since(state.log, mark, self.rules.lead_called):
            state.lead = None
        self.check_end(run)
        run_triggers(self, run, "round-start")
        if "round-rest" in self._slots:  # the phases after the round's own start (phases.py)
            self._slots["round-rest"](run, env)
            self.check_end(run)
        state.active = first_of_round(self, previous)
        lead_line(self)  # rounds.py
        state.phase = "turn-start"

    def _round_end(self, run: Run) -> None:
        state = self.state
        self._slots.get("round-end", _nothing)(run, {"ctx:me": state.active})
        self.check_end(run)
        run_triggers(self, run, "round-end")
        if "round-end-rest" in self._slots:  # the game's own `round-end { }`, after the event (phases.py)
            self._slots["round-end-rest"](run, {"ctx:me": state.active})
            self.check_end(run)
        if self.rules.pieces is not None:  # pieces back at their discard time, after the triggers (pieces.py)
            discard_due(self, run, "round-end")
        self.round_over(run)
        if any(x.get("gone") for x in state.figures.values()):  # their players out once the round is over
            players_out(run, {"ctx:me": state.active})
        self._reset("round-end")
        state.log.append({"event": "round-end", "round": state.round})
        self.check_end(run)
        state.phase = "round-start"

    def _turn_start(self, run: Run) -> None:
        state = self.state
        state.turn += 1
        if state.turn > self.config.max_turns:
            self.finish(run, [], "turn-limit")
        if self._resets.get("turn-start") != []:  # none known yet, or some
            self._reset("turn-start")
        state.end_turn = False
        state.acted = False
        state.played.append(state.active)
        state.log.append({"event": "turn-start", "player": state.active, "turn": state.turn})
        self._slots.get("turn", _nothing)(run, {"ctx:me": state.active})
        self.check_end(run)
        if state.triggers or self.rules.rules or self.rules.hearing.structure:
            run_triggers(self, run, "turn-start")
        state.phase = "actions"

    def _turn_end(self, run: Run) -> None:
        state = self.state
        state.log.append({"event": "turn-end", "player": state.active, "turn": state.turn,
                          "figure": state.active_figure if state.active_turn == state.turn else None})
        self._slots.get("turn-end", _nothing)(run, {"ctx:me": state.active})
        self.check_end(run)
        if state.triggers or self.rules.rules or self.rules.hearing.structure:
            run_triggers(self, run, "turn-end")
        if self.rules.pieces is not None:  # pieces back at their discard time, after the triggers (pieces.py)
            discard_due(self, run, "turn-end")
        if self._resets.get("turn-end") != []:  # none known yet, or some
            self._reset("turn-end")
        self.check_end(run)
        after_turn(self, run)

    _kinds = {"setup": _setup_step, "round-start": _round_start, "round-end": _round_end,
              "turn-start": _turn_start, "turn-end": _turn_end}

    def round_over(self, run: Run) -> None:
        """At the end of a round, the dice placed on anything are taken back (logged
        `dice-freed`), and every die rolled into a player's or a Team's pool (of the kind the
        game's `pool-die` names, when it names one) goes back to its holder's hand, out of the
        pool, to be rolled again by the next round's `roll`; the game's own die (no holder) and
        a held die of another kind stay on the table."""
        dice = self.state.dice
        freed = [d for d, die in dice.items() if die["on"] is not None]
        if freed:
            self.state.log.append({"event": "dice-freed", "dice": freed})
        kind = (self.rules.game["props"].get("pool-die") or {}).get("value")  # the kind the holders roll anew
        for d in [d for d, die in dice.items() if die["owner"] is not None or die["on"] is not None]:
            if dice[d]["owner"] is None or kind is not None and dice[d]["type"] != kind:
                dice[d]["on"] = None
            else:
                del dice[d]

    def _reset(self, when: str) -> None:
        """The counters reset at that event back to their start, whoever holds them."""
        resets = self._resets.get(when)
        if resets is None:  # (the counter's id, its keys' prefix, its start), read once
            resets = self._resets[when] = [(c.id, c.id + "/", c.start) for c in self.rules.counters.values()
                                           if c.reset == when]
        counters = self.state.counters
        for ident, prefix, start in resets:
            for key in counters:  # setting a key it has keeps the dict's keys as they are: walked safely
                if key == ident or key.startswith(prefix):
                    counters[key] = start

    # -- the end -----------------------------------------------------------------------------

    def check_end_plain(self, run: Run) -> None:
        """The end condition asked, unless what it reads (`_end_reads`) is as when it last said
        no (`_end_no`, a copy of those parts; NEVER before). Its value depends on those parts
        alone (compile.state_reads), so a copy of the state, or another state, with the same
        parts has the same answer. A game's `check_end` is this test made once per game with the
        parts written in (_EndCheck); the generated steps make it themselves before the call
        (turns.end_lines: `if game._end_no != state.out:`)."""
        state = self.state
        if self._end is None or state.phase == "over" or self._held:
            return
        reads = self._end_reads
        if reads is None:
            self._end_asked(run, NEVER)
            return
        parts = reads(state)  # (the end condition changes nothing: read once, before it is asked)
        if self._end_no != parts:  # what it reads is not as when it said no
            self._end_asked(run, parts)

    check_end = None  # (replaced below by its descriptor, _EndCheck: per game, the test written out)

    def _end_asked(self, run: Run, parts) -> None:
        """The end condition asked (what it reads, `parts`, not as when it last said no): a no
        keeps a copy of them (NEVER: not known, kept none); a yes runs the game's `end` slot
        and ends the game."""
        state = self.state
        if not self._end(run, {"ctx:me": state.active}):
            if parts is not NEVER:
                self._end_no = tuple(map(_copy, parts)) if type(parts) is tuple else _copy(parts)
            return
        run.block(self.rules.slots.get("end", []), {"ctx:me": state.active})
        if self.state.phase != "over":
            self.finish(run, [], "ended")

    def finish(self, run: Run, winners: list[str], reason: str) -> None:
        self.state.phase = "over"
        self.state.result = {"winners": winners, "reason": reason, "turns": self.state.turn}
        self.state.log.append({"event": "game-over", **self.state.result})
        raise GameOver()


class _EndCheck:
    """`game.check_end(run)`: Steps.check_end_plain made once per game as one function, what
    the end condition reads (end_reads.end_source) written into it, no call to read it (made at
    its first use and kept in the game's `__dict__`, which is read first from then on: a
    non-data descriptor); a game whose end reads are not known (`_end_reads` None) asks at every
    check, one without an end condition does nothing. Read from the class, check_end_plain."""

    def __get__(self, game, cls=None):
        if game is None:
            return Steps.check_end_plain
        made = game.__dict__["check_end"] = _end_check(game)
        return made


def _end_check(game):
    """The check_end of this game (_EndCheck), from its rules' maker, written once per rules."""
    if game._end is None:
        return _no_end
    if game._end_reads is None:  # (not known, or changed by a test: asked at every check)
        return game.check_end_plain
    rules = game.rules
    made = rules.__dict__.get("_end_check")
    if made is None:
        expr, space = end_source(rules)
        marks = end_marks(rules)  # (the marks a check that found no end keeps: turns.end_lines)
        src = ("def made(game, NEVER):\n"
               "    def check_end(run):\n"
               "        state = game.state\n"
               "        if state.phase == 'over' or game._held:\n"
               "            return\n"
               + (f"        seen = {marks}\n"
                  "        if game._end_seen == seen:\n"
                  "            return\n" if marks else "") +
               f"        parts = {expr}\n"
               "        if game._end_no != parts:\n"
               "            game._end_asked(run, parts)\n"
               + ("        game._end_seen = seen\n" if marks else "") +
               "    return check_end\n")
        space = dict(space)
        exec(src, space)  # noqa: S102 - source generated here, from the IR
        made = rules.__dict__["_end_check"] = space["made"]
    return made(game, NEVER)


def _no_end(run) -> None:
    """check_end of a game without an end condition: nothing to ask."""


Steps.check_end = _EndCheck()
