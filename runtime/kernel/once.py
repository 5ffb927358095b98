"""Once-per limits and installed triggers: which listener says `once per` a turn, a round or the game (kept in the rules, not the IR), spent, and gone at their structure event.

A listener's limit is `rules.hearing.once[id(trigger)]` (listeners.load_events reads a rule's
`once` and a card's, each trigger of the IR keeping only what the content says). Installed
triggers and spent limits are entries of the state's `triggers` list (plain data, copied by
`clone()`): an installed one is `{"event", "node", "me", "card", "vars", "until"}`, a spent limit
`{"event": "spent", "key", "until"}`, each gone at its `until` structure event (`expire`)."""
from __future__ import annotations

from .rules import KernelError

PERIODS = {"turn": "turn-end", "round": "round-end", "game": None}  # `once per X` -> until
UNTIL = ("turn-end", "round-end")
NEXT = "next-turn-end"  # `until next-turn-end`: to the end of the next turn of its `self` (else of its installer)


def make_until(stmt: dict):
    """`until turn-end { on hit when ... { ... } }` in an effect: its triggers installed, data
    in the state (the statement's node id, `me`, the card, the variables), until that event."""
    until = stmt["event"]
    if until not in UNTIL + (NEXT,):
        raise KernelError(f"{stmt['span']}: 'until {until}' is no time a game of the kernel keeps: write until "
                          "turn-end, until round-end or until next-turn-end")
    triggers = []
    for t in stmt["body"]:
        if t.get("op") != "trigger":
            raise KernelError(f"{t['span']}: inside `until {until}` a game of the kernel takes triggers only "
                              "(`on EVENT { ... }`)")
        triggers.append((t["event"], t["node"]))

    def install(run, env):
        state = run.state
        me, card = env.get("ctx:me"), env.get("ctx:this-card")
        kept = {k: v for k, v in env.items() if k.startswith("var:")}
        acting = env.get("ctx:self") or (state.active_figure if state.active_turn == state.turn else None)
        if until == NEXT and acting is not None:  # `self` the figure it was installed by, whose next turn it
            kept["ctx:self"] = acting  # lasts to, whoever acts when it is heard (turn-end, round-end: as heard)
        for event, node in triggers:
            if event not in run.rules.hearing.events:
                raise KernelError(f"{stmt['span']}: 'on {event}' inside `until` hears no event of the game; "
                                  "events: " + (", ".join(run.rules.hearing.events) or "none"))
            state.triggers.append({"event": event, "node": node, "me": me, "card": card, "turn": state.turn,
                                   "vars": kept, "until": until})
        state.log.append({"event": "install", "until": until, "player": me})
    return install


def listener_key(t: dict, kept: dict | None) -> str:
    """What a once-per limit is spent for: a rule, a figure's card or part (`FIGURE/PART`), or
    a card in play (its uid)."""
    if kept and "_once" in kept:
        return kept["_once"]
    return t["rule"] if "rule" in t else f"card/{kept.get('ctx:this-card') if kept else None}"


def spent(state, t: dict, kept: dict | None = None) -> bool:
    """Whether a listener's once-per limit is spent (an entry of the state's triggers says so)."""
    key = listener_key(t, kept)
    for s in state.triggers:  # (a loop: no generator's frame)
        if s["event"] == "spent" and s["key"] == key:
            return True
    return False


def spend(state, t: dict, kept: dict | None, period: str) -> None:
    """The listener's once-per limit spent for its `period` (listeners.Hearing.once)."""
    state.triggers.append({"event": "spent", "node": None, "key": listener_key(t, kept), "until": PERIODS[period],
                           "me": None, "card": None, "turn": state.turn, "vars": {}})


def expire(state, event: str) -> None:
    """At a structure event: the installed triggers and the spent limits that last until it go."""
    for t in state.triggers:  # (a loop: no generator's frame)
        if t.get("until") == event:
            break
    else:
        t = None
    if t is not None:
        gone = [t for t in state.triggers if t.get("until") == event and t["event"] != "spent"]
        state.triggers = [t for t in state.triggers if t.get("until") != event]
        if gone:
            state.log.append({"event": "uninstall", "until": event, "count": len(gone)})
    if event == "turn-end" and any(t.get("until") == NEXT for t in state.triggers):  # the next turn of its
        active = state.active_figure if state.active_turn == state.turn else None  # `self`, else of its installer
        due = [t for t in state.triggers if t.get("until") == NEXT and t["turn"] < state.turn
               and (t["vars"]["ctx:self"] == active if "ctx:self" in t["vars"] else t["me"] == state.active)]
        if due:
            state.triggers = [t for t in state.triggers if t not in due]
            state.log.append({"event": "uninstall", "until": NEXT, "count": len(due)})
