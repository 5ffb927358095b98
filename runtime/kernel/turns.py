"""A turn's and a round's start and end as one Python function each, generated once per rules.

steps.py's `_turn_start` and `_turn_end` read, at every turn, whether the game has a slot, which
counters reset at the event (walking every key of the counters), what the end condition reads
and how the next player is found. Here that is read once: the slot's statements are written in
(compile_stmts.inline_lines), the counters to reset are set by one `update` of the keys they
hold (found again only when the counters' keys change), the end check is written only where
the end condition can have changed, and a clockwise game without rounds passes the turn in
place. They do what `_turn_start` and `_turn_end` do, in the same order
(tests/test_kernel_speed9.py holds them together). The triggers of the structure event
(rounds.run_triggers) and the turn's passing (rounds.after_turn) are written in too, and a round's
start and end (steps.py's `_round_start`, `_round_end`) are generated the same way; each has the
update after a step (finish.update_lines) at its end, so no function runs around it
(tests/test_kernel_speed_kspeed7b.py holds them against the steps' methods)."""
from __future__ import annotations

import re

from .compile import state_reads
from .end_reads import end_marks
from .compile_stmts import compiled_block, inline_lines


def end_lines(rules, pad: str = "    ", state: str = "state") -> list[str]:
    """The end check (steps.check_end's first test, then the call) for these rules, the parts
    of the state their end condition reads written in (`state.out`, not `game._end_reads(state)`);
    none for a game without an end condition (check_end would do nothing)."""
    if rules.end_guard is None:
        return []
    reads = state_reads(rules.end_guard)
    marks = end_marks(rules, state) if not reads else None
    if marks is not None:  # the marks it read when it last said no (steps._end_check): no call while the same
        return [pad + f"if game._end_seen != {marks}:", pad + "    game.check_end(run)"]
    if not reads:  # what it reads is not known (or nothing): asked every time
        return [pad + "game.check_end(run)"]
    parts = sorted(reads)
    now = f"{state}.{parts[0]}" if len(parts) == 1 else "(" + ", ".join(f"{state}.{p}" for p in parts) + ")"
    return [pad + f"if game._end_no != {now}:", pad + "    game.check_end(run)"]


def _reset_lines(rules, when: str, space: dict) -> list[str]:
    """steps._reset(when), written out: the keys the reset counters hold (their own, `C/...`)
    found once per set of keys, then set to their starts by one update (keys it has: the
    dict's order is kept)."""
    # each counter's keys picked in C (its id, or `ID/...`), the later counter's start kept
    # where two would reset one key, as a walk over the keys and the counters in turn did
    resets = [(re.compile(re.escape(c.id) + r"(?:/|\Z)").match, c.start) for c in rules.counters.values()
              if c.reset == when]
    if not resets:
        return []

    def refresh(counters: dict, known: list) -> None:
        known[0] = frozenset(counters)
        known[1] = {}
        for match, start in resets:
            known[1].update(dict.fromkeys(filter(match, counters), start))

    space["RESET_KEYS"], space["refresh"] = [None, {}], refresh  # its cell: [the keys, {key: start}]
    return ["    counters = state.counters",
            "    if counters.keys() != RESET_KEYS[0]:",
            "        refresh(counters, RESET_KEYS)",
            "    counters.update(RESET_KEYS[1])"]


def _slot_lines(rules, slot: str, me: str, event: str, space: dict) -> list[str]:
    """The slot's statements written in (its `me` the expression `me`), the end check, then the
    triggers of `event` (always, when the game has rules of its own: they may hear it)."""
    lines = []
    body = rules.slots.get(slot)
    if body:
        lines.append(f"    env = {{'ctx:me': {me}}}")
        lines += (inline_lines(body, space, {"ctx:me": me}, ("ctx:me",)) if me == "me"  # state.active, a seat
                  else inline_lines(body, space, {"ctx:me": me} if me.isidentifier() else None))
    lines += end_lines(rules)
    return lines + trigger_lines(rules, event, space)


DEALT = [True]  # a structure event heard by figures alone heard only while one dealt hears it (a test's switch)


def trigger_lines(rules, event: str, space: dict) -> list[str]:
    """rounds.run_triggers(game, run, event), written out for these rules: the one-shot
    triggers due (rounds.run_due) only when the state holds some, the pieces' and figures'
    (heard.hear_structure) only when its table for the event has some, the installed triggers
    expired only when the game has such limits. A game whose own rules hear the event calls
    run_triggers itself."""
    if any(rule["event"] == event for rule in rules.rules):
        from .rounds import run_triggers
        space["run_triggers"] = run_triggers
        return ["    run_triggers(game, run, %r)" % event]
    from .heard import hear_structure
    from .listeners import expire
    from .rounds import run_due
    space.update(run_due=run_due, hear_structure=hear_structure, expire=expire)
    lines = ["    if state.triggers:", f"        run_due(game, run, {event!r})"]
    here = rules.hearing.table(rules, event) if rules.hearing.structure else None
    if here is not None and (here.pieces or here.figures or here.spaces):
        fields = "None"
        if event == "turn-end":  # the figure made Active in the turn (run_triggers' `extra`), read first
            lines.insert(0, "    _fields = None if state.active_figure is None else "
                            "{'var:figure': state.active_figure} if state.active_turn == state.turn else {}")
            fields = "_fields"
        call = f"hear_structure(game, run, {event!r}, {fields})"
        if here.figures and not here.pieces and not here.spaces and DEALT[0]:
            # heard by figures' cards alone: asked only while a figure dealt has such a card
            # (heard.figures_hearing, kept per dict of figures); in a game where none was dealt
            # (a mode's own figure) the turn passes no call (hear_structure would find none)
            from .compile import name_for
            from .heard import figures_hearing
            call = f"if {name_for(space, figures_hearing)}(state, {name_for(space, here)}): " + call
        lines.append("    " + call)
    if rules.hearing.expires:
        lines += ["    if state.triggers:", f"        expire(state, {event!r})"]
    return lines


def after_turn_lines(rules, space: dict) -> list[str]:
    """rounds.after_turn(game, run), written out for these rules (their turn order and how a
    round ends read once): the round ends, or the next player's turn begins."""
    from .rounds import _team_after, next_member, next_seat
    space.update(_team_after=_team_after, next_member=next_member, next_seat=next_seat)
    lines = ["    if state.acted:",
             "        state.passed = []",
             "    elif state.active not in state.passed:",
             "        state.passed.append(state.active)",
             "    _out, _passed, _over = state.out, state.passed, True",
             "    for _p in state.players:",
             "        if _p not in _out and _p not in _passed:",
             "            _over = False",
             "            break"]
    if rules.round_ends != "all-passed":  # or every one still in has played
        lines += ["    if not _over:",
                  "        _played, _over = state.played, True",
                  "        for _p in state.players:",
                  "            if _p not in _out and _p not in _played:",
                  "                _over = False",
                  "                break"]
    if rules.round_end_guard is not None:
        space["ROUND_END_GUARD"] = rules.round_end_guard
        lines += ["    if not _over:",
                  "        _over = bool(run.expr(ROUND_END_GUARD, {'ctx:me': state.active}))"]
    lines += ["    if _over:",  # no figure is Active at the round's end and start (dashboards.py)
              "        state.active_figure = None",
              "        state.phase = 'round-end'",
              "    else:"]
    if rules.turn_order == "alternate-teams":
        lines += ["        _nxt = _team_after(state, state.team_by.get(state.active))",
                  "        state.active = (next_member(state, _nxt) if _nxt is not None else None) or next_seat(state)"]
    else:
        lines.append("        state.active = next_seat(state)")
    return lines + ["        state.phase = 'turn-start'"]


def make_turn_start(rules):
    """`turn_start(game, run)`: steps.Steps._turn_start for these rules."""
    from .rounds import run_triggers
    space: dict = {"run_triggers": run_triggers, "__rules__": rules}
    lines = ["def turn_start(game, run):",
             "    state = game.state",
             "    state.turn += 1",
             "    if state.turn > game.config.max_turns:",
             "        game.finish(run, [], 'turn-limit')"]
    lines += _reset_lines(rules, "turn-start", space)
    lines += ["    state.end_turn = False",
              "    state.acted = False",
              "    me = state.active",
              "    state.played.append(me)",
              "    state.log.append({'event': 'turn-start', 'player': me, 'turn': state.turn})"]
    lines += _slot_lines(rules, "turn", "me", "turn-start", space)
    lines.append("    state.phase = 'actions'")
    # after its last end check (the slot's, or a trigger's) it writes only these (finish.after_step)
    return _made(lines, space, "turn_start", frozenset(("triggers", "phase")), rules)


def make_turn_end(rules):
    """`turn_end(game, run)`: steps.Steps._turn_end for these rules."""
    from .rounds import after_turn, next_seat, run_triggers
    space: dict = {"run_triggers": run_triggers, "after_turn": after_turn, "next_seat": next_seat, "__rules__": rules}
    lines = ["def turn_end(game, run):",
             "    state = game.state",
             # logged first, as the other engine logs it: the figure made Active in it (or none)
             "    state.log.append({'event': 'turn-end', 'player': state.active, 'turn': state.turn,",
             "                      'figure': state.active_figure if state.active_turn == state.turn else None})"]
    if rules.slots.get("turn-end"):
        lines.append("    me = state.active")
    lines += _slot_lines(rules, "turn-end", "me", "turn-end", space)
    if rules.pieces is not None and ("turn-end" in rules.pieces.discards or rules.pieces.later):  # after the triggers
        from .pieces import discard_due
        space["discard_due"] = discard_due
        lines.append("    discard_due(game, run, 'turn-end')")
    resets = _reset_lines(rules, "turn-end", space)
    lines += resets
    # asked again only if the reset may have changed what the end condition reads: since the
    # check above (and each trigger's), nothing else was written but the log
    reads = state_reads(rules.end_guard)
    last = not reads or (resets and "counters" in reads)  # the end checked once more, last: settled
    if last:
        lines += end_lines(rules)
    if rules.uses_rounds:  # rounds.after_turn, written out
        lines += after_turn_lines(rules, space)
    else:  # rounds.after_turn without rounds: the next seat still in (rounds.next_seat), in place
        lines += ["    seats = state.players",
                  "    if state.out:",
                  "        state.active = next_seat(state)",
                  "    else:",
                  "        state.active = seats[(seats.index(state.active) + 1) % len(seats)]",
                  "    state.phase = 'turn-start'"]
    return _made(lines, space, "turn_end", frozenset(("active", "phase", "passed")) if last else None, rules)


def _reset_all_lines(rules, when: str, space: dict) -> list[str]:
    """steps._reset(when), written out: each counter reset at that event back to its start,
    whoever holds it (a walk over the counters' keys, as _reset's; none when none resets)."""
    resets = [(c.id, c.id + "/", c.start) for c in rules.counters.values() if c.reset == when]
    if not resets:
        return []
    space["RESETS_" + when.replace("-", "_")] = resets
    return ["    _counters = state.counters",
            f"    for _ident, _prefix, _start in RESETS_{when.replace('-', '_')}:",
            "        for _key in _counters:",
            "            if _key == _ident or _key.startswith(_prefix):",
            "                _counters[_key] = _start"]


def make_round_start(rules):
    """`round_start(game, run)`: steps.Steps._round_start for these rules, with the slots it
    runs, the counters it resets and the triggers it runs (trigger_lines) read once."""
    from .rounds import first_of_round, lead_line
    space: dict = {"first_of_round": first_of_round, "lead_line": lead_line, "__rules__": rules,
                   "CALLED": rules.lead_called}
    lines = ["def round_start(game, run):",
             "    state = game.state",
             "    env = {'ctx:me': state.active}",
             "    previous = state.lead",
             "    state.round += 1",
             "    state.passed, state.played = [], []"]
    lines += _reset_all_lines(rules, "round-start", space)
    lines += ["    log = state.log",
              "    log.append({'event': 'round-start', 'round': state.round})"]
    if rules.slots.get("round"):  # the round's own start reads the last round's leader until `lead(...)`
        space["ROUND"] = compiled_block(rules.slots["round"])
        lines += ["    mark = len(log)",
                  "    ROUND(run, env)",
                  "    for _i in range(mark, len(log)):",  # (steps._led_since, written out)
                  "        if log[_i]['event'] == CALLED:",
                  "            break",
                  "    else:",
                  "        state.lead = None"]
    else:
        lines.append("    state.lead = None")
    lines.append("    game.check_end(run)")
    lines += trigger_lines(rules, "round-start", space)
    if rules.slots.get("round-rest"):  # the phases after the round's own start (phases.py)
        space["REST"] = compiled_block(rules.slots["round-rest"])
        lines += ["    REST(run, env)", "    game.check_end(run)"]
    lines += ["    state.active = first_of_round(game, previous)",
              "    lead_line(game)",
              "    state.phase = 'turn-start'"]
    return _made(lines, space, "round_start", None, rules)


def make_round_end(rules):
    """`round_end(game, run)`: steps.Steps._round_end for these rules (make_round_start's)."""
    from .movement import players_out
    space: dict = {"players_out": players_out, "__rules__": rules}
    lines = ["def round_end(game, run):",
             "    state = game.state"]
    if rules.slots.get("round-end"):
        space["SLOT"] = compiled_block(rules.slots["round-end"])
        lines.append("    SLOT(run, {'ctx:me': state.active})")
    lines.append("    game.check_end(run)")
    lines += trigger_lines(rules, "round-end", space)
    if rules.slots.get("round-end-rest"):  # the game's own `round-end { }`, after the event (phases.py)
        space["REST"] = compiled_block(rules.slots["round-end-rest"])
        lines += ["    REST(run, {'ctx:me': state.active})", "    game.check_end(run)"]
    if rules.pieces is not None:  # pieces back at their discard time, after the triggers (pieces.py)
        from .pieces import discard_due
        space["discard_due"] = discard_due
        lines.append("    discard_due(game, run, 'round-end')")
    lines += ["    game.round_over(run)",
              "    for _x in state.figures.values():",  # their players out once the round is over
              "        if _x.get('gone'):",
              "            players_out(run, {'ctx:me': state.active})",
              "            break"]
    lines += _reset_all_lines(rules, "round-end", space)
    lines += ["    state.log.append({'event': 'round-end', 'round': state.round})",
              "    game.check_end(run)",
              "    state.phase = 'round-start'"]
    return _made(lines, space, "round_end", None, rules)


def _made(lines: list[str], space: dict, name: str, settled: frozenset | None, rules=None):
    """The function `name` of the lines, marked with what it writes after its last end check
    (`settled`, finish.after_step; None: not known). For a game with an update event, the
    lines that follow a step (finish.update_lines) are written at its end (`updated`: no
    function around it), unless a line returns early."""
    from .finish import update_event, update_lines
    updated = rules is not None and update_event(rules) is not None and \
        not any(re.search(r"\breturn\b", line) for line in lines)
    if updated:
        lines = lines + update_lines(rules, settled, space)
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the rules
    space[name].settled = settled
    space[name].updated = updated
    return space[name]
