"""Damage dealt to figures: `damage`, `assault` and `remove-damage` through the counter and events the game declares.

A game says which counter kept per figure takes damage (`damage-counter`), which counter bounds
it (`damage-bound`, else the counter's `max`) and which of its own events are raised
(`damage-event`, `dealt-event`, `ko-event`, `assault-event`): no counter or event is named
here. `damage(target, amount)` raises the damage event with the amount pending (its listeners
`prevent` or `increase` it, Reactions answer it: its lander, landers.py), adds what is left to the
counter (logged `damage` with the `total`), raises the dealt event with that amount, and
knocks the figure out when its counter reaches its bound: the figure leaves the board, its
counter goes back to its start, the pieces on it whose token is flagged `cleared-on-ko` go
back to their pools (logged `knock-out`), and the `ko-event` is raised; the Active figure
knocked out in its own turn ends that turn once the step in progress is over. A figure
knocked out takes no more damage (nothing puts it back yet). `assault(target, amount)`
raises the assault event with the amount pending, then deals what is left as `damage` does.
`remove-damage(target, amount)` takes up to that much off the counter, never below its `min`
(logged with what it took). The tags given are heard with the events (`tagged`, record.py)."""
from __future__ import annotations

from .compile import _as_list
from .record import assault_bonus, assaulted
from .rules import KernelError
from .standing import fallen, immune_to
from .writers import knock_out


class Damage:
    """What a game's damage uses, read once from its declaration."""

    __slots__ = ("counter", "bound", "before", "after", "out", "announce")

    def __init__(self, rules) -> None:
        props = rules.game["props"]
        read = {name: (props[name]["value"] if name in props else None)
                for name in ("damage-counter", "damage-bound", "damage-event", "dealt-event", "ko-event",
                             "assault-event")}
        game = rules.game["id"]
        self.counter = read["damage-counter"]
        if self.counter is None:
            raise KernelError(f"game '{game}' deals damage but declares no `damage-counter`: name the counter "
                              "kept per figure that damage adds to")
        for prop in ("damage-counter", "damage-bound"):
            name = read[prop]
            if name is not None and (name not in rules.counters or rules.counters[name].per != "figure"):
                raise KernelError(f"game '{game}': `{prop} {name}` names no counter kept per figure; counters: "
                                  + ", ".join(c for c, s in rules.counters.items() if s.per == "figure"))
        self.bound = read["damage-bound"]
        events = rules.hearing.events
        for prop in ("damage-event", "dealt-event", "ko-event", "assault-event"):
            name = read[prop]
            if name is not None and name not in events:
                raise KernelError(f"game '{game}': `{prop} {name}` names no event of the game; events: "
                                  + (", ".join(events) or "none"))
            if name is not None and prop != "ko-event" and not events[name]["amount"]:
                raise KernelError(f"game '{game}': `{prop} {name}`: the event carries the amount dealt; "
                                  f"declare it with `amount`")
        self.before, self.after = read["damage-event"], read["dealt-event"]
        self.out, self.announce = read["ko-event"], read["assault-event"]


def _of(run) -> Damage:
    rules = run.rules
    found = rules.__dict__.get("_damage")
    if found is None:
        found = rules.__dict__["_damage"] = Damage(rules)
    return found


def _standing(state, figure) -> bool:
    fig = state.figures.get(figure)
    return fig is not None and not fig.get("out")


def deal(run, env, figure, amount: int, source, tags=()) -> None:
    """Deal `amount` to one figure still standing: heard, added, heard again, bounded (its
    listeners read the `tags`: record.py's `tagged`)."""
    kept, state = run.rules.__dict__, run.state
    spec = kept["_damage"] if "_damage" in kept else _of(run)  # (read in place: no call)
    if "immune" in (state.figures.get(figure) or ()) and immune_to(state, figure, tags):  # (none: immune to nothing)  # an effect so tagged does nothing to it (standing.py)
        state.log.append({"event": "immune", "figure": figure})
        return
    if spec.before is not None:
        amount = run.rules.hearing.landers[spec.before](run, env, amount, {"var:target": figure, "var:source": source},
                                                        tags, True)  # (events.land's call, written out)
    amount = max(int(amount or 0), 0)
    if amount == 0 or run.state.result is not None or not _standing(state, figure):
        return
    kind = run.rules.figures.get(state.figures[figure]["kind"])
    if kind is not None and kind.get("no-damage"):
        return  # a kind of figures flagged `no-damage`: heard, never dealt
    counter = run.rules.counters[spec.counter]
    counter.add(run, figure, amount)
    total = counter.get(run, figure)
    state.log.append({"event": "damage", "figure": figure, "amount": amount, "total": total})
    if spec.after is not None:
        run.rules.hearing.landers[spec.after](run, env, amount, {"var:target": figure, "var:source": source}, tags,
                                              True)
    bound = run.rules.counters[spec.bound].get(run, figure) if spec.bound is not None else counter.max
    if bound is not None and total >= bound and _standing(state, figure):
        knock_out_figure(run, env, figure)


def knock_out_figure(run, env, figure) -> None:
    """The figure leaves the board and stands no more; its damage counter is back to its start."""
    spec, state = _of(run), run.state
    fig = state.figures[figure]
    stood = fig["space"]  # (the tile there hears its knock-out: events._listeners)
    knock_out(state, fig)  # off the board for good, in this round (record.py reads it)
    counter = run.rules.counters[spec.counter]
    counter.put(run, figure, counter.start)
    _clear_pieces(run, env, figure)
    fallen(run, env, figure)  # a figure that stands for a piece: the piece back into its pool (standing.py)
    state.log.append({"event": "knock-out", "figure": figure})
    if spec.out is not None:
        run.rules.hearing.landers[spec.out](run, env, 0, {"var:figure": figure, "_stood": stood}, (), True)
    run.game.check_end(run)  # a knock-out ends the game at once when the end condition says so
    if state.active_figure == figure and state.active_turn == state.turn:
        state.end_turn = True  # the Active figure off the board: its turn ends once the step is over


def _clear_pieces(run, env, figure) -> None:
    """The pieces lying on the figure whose token is flagged `cleared-on-ko` go back to their
    pools (logged `remove`), the others stay."""
    pieces = run.rules.pieces
    if pieces is None or "figure" not in pieces.zones:
        return
    from .pieces import remove_all
    from .vocabulary import flagged
    state = run.state
    lying = dict.fromkeys(state.cards[uid] for uid in state.zones.get(f"{pieces.zones['figure']}/{figure}", ()))
    for token in lying:
        if flagged(run, env, token, "cleared-on-ko"):
            remove_all(run, env, token, **{"from": figure})


def _tags(tags, env=None) -> tuple:
    """The tags given (a list of tag ids, or one) and those of the keyword the statement is in
    (a keyword's `tags`: its env's `_effect-tags`), as a tuple."""
    own = env.get("_effect-tags") if env is not None else None
    if own:
        return tuple(dict.fromkeys((*(tags if tags.__class__ is list else _as_list(tags)), *own)))
    return (tuple(tags) if tags.__class__ is list else tuple(_as_list(tags))) if tags else ()  # (a list: no call)


def damage(run, env, target, amount, tags=()) -> None:
    source = env.get("ctx:self") or env.get("ctx:holder")
    tags = _tags(tags, env) if tags or "_effect-tags" in env else ()  # (none given, none of a keyword: no call)
    for figure in target if target.__class__ is list else _as_list(target):
        if _standing(run.state, figure):
            deal(run, env, figure, amount, source, tags)


def assault(run, env, target, amount, tags=()) -> None:
    kept, state = run.rules.__dict__, run.state
    spec = kept["_damage"] if "_damage" in kept else _of(run)  # (read in place: no call)
    by = env.get("ctx:self") or (state.active_figure if state.active_turn == state.turn else None)  # as `self`
    tags = _tags(tags, env) if tags or "_effect-tags" in env else ()
    for figure in target if target.__class__ is list else _as_list(target):  # (a list: no call)
        if not _standing(state, figure):
            continue
        pending = max(int(amount or 0), 0) + assault_bonus(state, by, tags)  # this turn's `bonus`es
        state.log.append({"event": "assault", "by": by, "target": figure, "amount": pending})
        assaulted(state, by, figure)  # its target, as data (record.py)
        if spec.announce is not None:
            fields = {"var:attacker": by, "var:target": figure}
            pending = run.rules.hearing.landers[spec.announce](run, env, pending, fields, tags, True)
        if run.state.result is not None:
            return
        deal(run, env, figure, pending, by, tags)


def remove_damage(run, env, target, amount) -> None:
    spec, state = _of(run), run.state
    counter = run.rules.counters[spec.counter]
    floor = counter.min if counter.min is not None else 0
    for figure in _as_list(target):
        if figure not in state.figures:
            continue
        has = counter.get(run, figure)
        taken = min(has - floor, max(int(amount or 0), 0))
        if taken > 0:
            counter.put(run, figure, has - taken)
            state.log.append({"event": "remove-damage", "figure": figure, "amount": taken})


def assault_stopped(run, env) -> bool:
    """The figure that would assault holds a piece naming a restriction that stops it: one that
    `stops` the word the game names its assault event by (`assault-event hit`: `stops [hit]`),
    logged `restricted` (movement.stopped)."""
    from .movement import stopped
    state = run.state
    by = env.get("ctx:self") or (state.active_figure if state.active_turn == state.turn else None)  # as assault's
    word = run.rules.game["props"].get("assault-event")
    return by is not None and word is not None and stopped(run, by, word["value"])


def assault_lines(call: str, space: dict) -> list[str]:
    """`assault(...)` in a compiled block (compile_stmts._primitive): in a game where a piece may
    stop it, made only by a figure not stopped, its target asked only then (no target chosen,
    nothing announced); else the call alone."""
    from .compile import name_for
    from .movement import may_stop
    rules = space.get("__rules__")
    word = rules.game["props"].get("assault-event") if rules is not None else None
    if rules is not None and (word is None or not may_stop(rules, word["value"])):
        return [call]
    return [f"if not {name_for(space, assault_stopped)}(run, env):", "    " + call]


PRIMITIVES = {"damage": damage, "assault": assault, "remove-damage": remove_damage}
