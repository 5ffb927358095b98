"""Rounds and turn order: a round's start and end, who takes the next turn, when a round is over.

A round's start and end come around its turns; the next turn goes clockwise, or alternates
Teams from the Team that leads the round. Here too are the triggers of structure events
(one-shot ones from effects, `rule` ones always)."""
from __future__ import annotations


def next_seat(state) -> str:
    """The next player still in, in seat order (the table's turn order)."""
    seats, out = state.players, state.out  # still in: a seat not out (State.in_game)
    i, n = seats.index(state.active), len(seats)
    for step in range(1, n + 1):
        candidate = seats[(i + step) % n]
        if candidate not in out:
            return candidate
    return state.active


def next_member(state, team: str) -> str | None:
    """The Team's next player still in, in its own rotation; the rotation moves on."""
    seats, out = state.teams[team], state.out  # still in: a seat not out (State.in_game)
    start = state.team_next[team] if team in state.team_next else 0
    for step in range(len(seats)):
        i = (start + step) % len(seats)
        if seats[i] not in out:
            state.team_next[team] = (i + 1) % len(seats)
            return seats[i]
    return None


def _team_after(state, team: str) -> str | None:
    """The first Team with a player still in, in order, starting after `team`; None without one."""
    order = list(state.teams)
    i = order.index(team) if team in order else -1
    teams, out = state.teams, state.out  # still in: a seat not out (State.in_game)
    for t in order[i + 1:] + order[:i + 1]:  # a loop, stopped at the first: no comprehension's nor generator's frame
        for p in teams[t]:
            if p not in out:
                return t
    return None


def first_of_round(game, previous_lead) -> str:
    """Who takes the round's first turn: the leader `lead(...)` named in the `round` slot;
    else, with Teams alternating, the Team after the last round's leader (in the first round
    the first player's Team); else the next player on (in the first round the first player)."""
    state, rules = game.state, game.rules
    lead = state.lead
    if rules.turn_order == "alternate-teams":
        if lead in state.players:  # that player first; their Team's rotation goes on after them
            state.lead = state.team_by.get(lead)
            seats = state.teams[state.lead]
            state.team_next[state.lead] = (seats.index(lead) + 1) % len(seats)
            return lead
        if lead is None:
            if previous_lead is None:
                lead = state.team_by.get(state.active)
            else:
                lead = _team_after(state, previous_lead) or previous_lead
            state.lead = lead
        return next_member(state, lead) or state.active
    if lead in state.teams:
        return next_member(state, lead) or state.active
    if lead is None:
        state.lead = state.active if state.round == 1 else next_seat(state)
    return state.lead


def led(run) -> None:
    """The round's leader named (`lead(...)`): its line (the game's `lead-called`) logged at once,
    before what the round's start does next, with the dice each side rolled since the round
    started (`dice`: owner -> faces, in the order rolled) and whether a coin was tossed
    (`coin`); the round's start completes it once the first turn is known (`lead`, `player`)."""
    state = run.state
    dice: dict = {}
    coin = False
    for e in reversed(state.log):
        if e["event"] == "round-start":
            break
        if e["event"] == "coin":
            coin = True
        elif e["event"] == "roll" and e.get("owner") is not None:
            dice[e["owner"]] = e["values"] + dice.get(e["owner"], [])
    state.log.append({"event": run.rules.lead_called, "round": state.round, "lead": state.lead, "player": None,
                      "coin": coin, "dice": {o: dice[o] for o in state.teams or state.players if o in dice}})


def lead_line(game) -> None:
    """The round's leader line, at the round's start once its first turn is known: the one
    `led` logged this round completed (`lead`, `player`), else a new one."""
    state, called = game.state, game.rules.lead_called
    for e in reversed(state.log):
        if e["event"] == called and e.get("round") == state.round:
            e["lead"], e["player"] = state.lead, state.active
            return
        if e["event"] == "round-start":
            break
    state.log.append({"event": called, "round": state.round, "lead": state.lead, "player": state.active})


def after_turn(game, run) -> None:
    """At the end of a turn: the round ends, or the next player's turn begins."""
    state, rules = game.state, game.rules
    if not rules.uses_rounds:
        state.active = next_seat(state)
        state.phase = "turn-start"
        return
    if state.acted:
        state.passed = []
    elif state.active not in state.passed:
        state.passed.append(state.active)
    out, passed = state.out, state.passed  # every player still in (a seat not out: State.in_game) passed
    over = True
    for p in state.players:
        if p not in out and p not in passed:
            over = False
            break
    if not over and rules.round_ends != "all-passed":  # or every one still in has played
        played, over = state.played, True
        for p in state.players:
            if p not in out and p not in played:
                over = False
                break
    if not over and rules.round_end_guard is not None:
        over = bool(run.expr(rules.round_end_guard, {"ctx:me": state.active}))
    if over:  # the turn is over: no figure is Active at the round's end and start (dashboards.py)
        state.active_figure = None
        state.phase = "round-end"
        return
    if rules.turn_order == "alternate-teams":
        nxt = _team_after(state, state.team_by.get(state.active))
        state.active = (next_member(state, nxt) if nxt is not None else None) or next_seat(state)
    else:
        state.active = next_seat(state)
    state.phase = "turn-start"


def run_triggers(game, run, event: str, extra: dict | None = None) -> None:
    """The triggers of a structure event: the one-shot ones effects registered (`on
    turn-end { ... }` inside an effect), then the game's rules, each then the end check; at
    `turn-end`, the figure made Active in the turn is its field `figure` (moments.py)."""
    state = game.state
    if event == "turn-end" and state.active_figure is not None:  # (moments.active_fields, written out)
        fields = {"var:figure": state.active_figure} if state.active_turn == state.turn else {}
        extra = {**fields, **extra} if extra else fields
    if state.triggers:
        run_due(game, run, event)
    for rule in game.rules.rules:
        if rule["event"] != event:
            continue
        env = {"ctx:me": state.active, **(extra or {})}
        if rule.get("when") is not None and not run.expr(rule["when"], env):
            continue
        run.block(rule["body"], env)
        game.check_end(run)
    if game.rules.hearing.structure:  # the pieces' and the figures' triggers on it (listeners.py)
        hear_structure(game, run, event, extra)
    if state.triggers and game.rules.hearing.expires:  # installed triggers and once-per limits (listeners.py)
        expire(state, event)


def run_due(game, run, event: str) -> None:
    """The one-shot triggers effects registered for the structure event (`on turn-end { ... }`
    inside an effect), taken out of the state's triggers and run in order, each then the end check."""
    state = game.state
    due, left = [], []
    for t in state.triggers:
        (due if t["event"] == event else left).append(t)
    if due:
        state.triggers = left
    for trig in due:
        stmt = game.rules.nodes[trig["node"]]
        run.block(stmt["body"], {"ctx:me": trig["me"], "ctx:this-card": trig["card"], **trig["vars"]})
        game.check_end(run)


# -- imported here, once: at the end, as these modules import this one's names
from .listeners import hear_structure, expire  # noqa: E402 - bound once, after this module's names (cycles)
