"""A turn's start and end as one Python function each, generated once per rules.

steps.py's `_turn_start` and `_turn_end` read, at every turn, whether the game has a slot, which
counters reset at the event (walking every key of the counters), what the end condition reads
and how the next player is found. Here that is read once: the slot's statements are written in
(compile_stmts.inline_lines), the counters to reset are set by one `update` of the keys they
hold (found again only when the counters' keys change), the end check is written only where
the end condition can have changed, and a clockwise game without rounds passes the turn in
place. They do what `_turn_start` and `_turn_end` do, in the same order
(tests/test_kernel_speed9.py holds them together)."""
from __future__ import annotations

import re

from .compile import state_reads
from .compile_stmts import inline_lines


def end_lines(rules, pad: str = "    ", state: str = "state") -> list[str]:
    """The end check (steps.check_end's first test, then the call) for these rules, the parts
    of the state their end condition reads written in (`state.out`, not `game._end_reads(state)`);
    none for a game without an end condition (check_end would do nothing)."""
    if rules.end_guard is None:
        return []
    reads = state_reads(rules.end_guard)
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
    lines.append("    if state.triggers:" if not (rules.rules or rules.hearing.structure) else "    if True:")
    lines.append(f"        run_triggers(game, run, '{event}')")
    return lines


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
    if rules.uses_rounds:
        lines.append("    after_turn(game, run)")
    else:  # rounds.after_turn without rounds: the next seat still in (rounds.next_seat), in place
        lines += ["    seats = state.players",
                  "    if state.out:",
                  "        state.active = next_seat(state)",
                  "    else:",
                  "        state.active = seats[(seats.index(state.active) + 1) % len(seats)]",
                  "    state.phase = 'turn-start'"]
    return _made(lines, space, "turn_end", frozenset(("active", "phase", "passed")) if last else None, rules)


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
