"""The kernel's primitives and functions over zones, card instances and counters.

They are exactly those of compiler/builtins_kernel.py (a test holds the two in step)."""
from __future__ import annotations

from .compile import _as_list
from .layout import printed_property as _printed_property
from .resolvers import make as make_resolver
from .piles import _role, cards_in, draw, move, move_card, refill, shuffle, top_card  # noqa: F401 - the registry's


def _me(env: dict) -> str:
    return env["ctx:me"]


# -- zones and cards ------------------------------------------------------------------

def reveal(run, env, card) -> None:
    for uid in _as_list(card):
        run.state.log.append({"event": "reveal", "card": run.game.card_id(uid), "uid": uid})


def destroy(run, env, card) -> None:
    state = run.state
    for uid in _as_list(card):
        mark = f"/#{uid}"
        if mark in "\n".join(state.counters):  # a counter on it, or on a card whose uid it begins
            for key in [k for k in state.counters if k.endswith(mark)]:
                del state.counters[key]
        move(run, uid, _role(run, "discard-to", "destroy"), state.owners[uid])
        state.log.append({"event": "destroy", "card": run.game.card_id(uid), "uid": uid})


def play_card(run, env, card) -> None:
    """The card moved to the game's `play-to` zone, logged and resolved part by part: one
    function per printed card (resolvers.py)."""
    if card is None:
        return
    rules = run.rules
    qid = run.state.cards[card]
    (rules.plays.get(qid) or make_resolver(rules, qid, True))(run, env["ctx:me"], card)


def resolve(run, env, card, printed=None) -> None:
    if card is None:
        return
    rules = run.rules
    qid = run.state.cards[card] if printed is None else printed.qid
    (rules.resolves.get(qid) or make_resolver(rules, qid, False))(run, env["ctx:me"], card)


def resolution_parts(rules, printed) -> list:
    """(body, amount) of each part a printed card resolves, in order (amount None: its own effect)."""
    ctype = rules.card_types[printed.type]
    parts = []
    for item in ctype.resolve_order:
        if item == "effect":
            if printed.effect:
                parts.append((printed.effect, None))
            continue
        amount = _printed_property(rules, printed, item)
        body = ctype.effects.get(item)
        if body and isinstance(amount, int) and amount > 0:
            parts.append((body, amount))
    return parts


def resolution_bodies(rules, printed) -> list:
    return [body for body, _amount in resolution_parts(rules, printed)]


# -- counters ---------------------------------------------------------------------------

def _holders(run, env, on):
    return _as_list(on) if on is not None else [_me(env)]


def set_value(run, counter: str, holder, value: int) -> None:
    spec = run.rules.counters[counter]
    state = run.state
    per = spec.per
    if not per:
        holder = None  # the game's own counter has no holder
    elif per == "team" and holder in state.players:
        holder = state.team_of(holder)
    if spec.min is not None and value < spec.min:
        value = spec.min
    if spec.max is not None and value > spec.max:
        value = spec.max
    state.counters[_counter_key(counter, holder)] = value
    if spec.out_at_min and spec.min is not None and value <= spec.min and holder in state.players \
            and holder not in state.out:
        knock_out(run, None, holder)


def _counter_key(counter: str, holder) -> str:
    if holder is None:
        return counter
    return f"{counter}/#{holder}" if isinstance(holder, int) else f"{counter}/{holder}"


def get_value(run, counter: str, holder) -> int:
    spec = run.rules.counters[counter]
    per = spec.per
    if not per:  # the game's own counter has no holder
        return run.state.counters.get(counter, spec.start)
    if spec.kept_as is not None:  # a Team's pieces of a token (kept.py)
        return value(run, counter, holder)
    state = run.state
    if per == "team" and holder in state.players:
        holder = state.team_of(holder)
    if holder is None:
        return state.counters.get(counter, spec.start)
    key = f"{counter}/#{holder}" if isinstance(holder, int) else f"{counter}/{holder}"
    return state.counters.get(key, spec.start)


def _change(run, counter: str, holder, value: int, add: bool) -> None:
    """set_value(get_value(...) + value) when `add`, set_value(value) otherwise, in one call."""
    spec = run.rules.counters[counter]
    if spec.kept_as is not None:  # pieces of a token laid or sent back (kept.py)
        from .kept import change
        return change(run, counter, holder, value, add)
    state = run.state
    per = spec.per
    if not per:
        holder = None  # the game's own counter has no holder
        key = counter
    else:
        if per == "team" and holder in state.players:
            holder = state.team_of(holder)
        key = (counter if holder is None else f"{counter}/#{holder}" if isinstance(holder, int)
               else f"{counter}/{holder}")
    if add:
        value += state.counters.get(key, spec.start)
    low, high = spec.min, spec.max
    if low is not None and value < low:
        value = low
    if high is not None and value > high:
        value = high
    state.counters[key] = value
    if spec.out_at_min and low is not None and value <= low and holder in state.players \
            and holder not in state.out:
        knock_out(run, None, holder)


def gain(run, env, counter, amount, on=None) -> None:
    for holder in (env["ctx:me"],) if on is None else _as_list(on):
        _change(run, counter, holder, int(amount or 0), True)


def lose(run, env, counter, amount, on=None) -> None:
    for holder in (env["ctx:me"],) if on is None else _as_list(on):
        _change(run, counter, holder, -int(amount or 0), True)


def set_counter(run, env, counter, value, on=None) -> None:
    for holder in (env["ctx:me"],) if on is None else _as_list(on):
        _change(run, counter, holder, int(value or 0), False)


# -- players and the game -------------------------------------------------------------------

def knock_out(run, env, who) -> None:
    for player in _as_list(who):
        if player not in run.state.out:
            run.state.out.append(player)
            run.state.log.append({"event": "out", "player": player})
            if run.rules.rules:
                from .rounds import run_triggers
                run_triggers(run.game, run, "out", {"var:player": player})


def win(run, env, who) -> None:
    from .teams import players_of
    run.game.finish(run, sorted(players_of(run.state, who)), "won")


def tie(run, env) -> None:
    run.game.finish(run, [], "tie")


def end_turn(run, env) -> None:
    run.state.end_turn = True


def lead(run, env, who) -> None:
    """Who leads this round (in the `round` slot): a player, or a Team (its next player)."""
    run.state.lead = who[0] if isinstance(who, list) and len(who) == 1 else who
    if isinstance(run.state.lead, list) or run.state.lead not in run.state.players + list(run.state.teams):
        from .rules import KernelError
        raise KernelError(f"lead({who!r}): a player or a Team leads a round, one of them")
    led(run)  # its line, logged now (rounds.py)


PRIMITIVES = {"draw": draw, "move-card": move_card, "shuffle": shuffle, "reveal": reveal, "destroy": destroy,
              "play-card": play_card, "resolve": resolve, "gain": gain, "lose": lose, "set-counter": set_counter,
              "knock-out": knock_out, "win": win, "tie": tie, "end-turn": end_turn, "lead": lead}


# -- functions ---------------------------------------------------------------------------

def opponents(run, env, who) -> list[str]:
    state = run.state
    seats, out = state.players, state.out
    if who not in seats:
        return state.in_game()
    start = seats.index(who)
    ring = seats[start + 1:] + seats[:start]
    return [p for p in ring if p not in out] if out else ring


def property_of(run, card, name, printed=None):
    if printed is None:
        if type(card) is str and run.rules.layout is not None and card in run.rules.layout.printed:
            from .layout import tile_property
            return tile_property(run, card, name)  # a tile's, as it lies (layout.py)
        if card is None or not isinstance(card, int):
            return None
        printed = run.rules.cards[run.state.cards[card]]
    return _printed_property(run.rules, printed, name)


FUNCTIONS = {
    "cards-in": cards_in,
    "top-card": top_card,
    "opponents": opponents,
    "owner-of": lambda run, env, card: run.state.owners[card] if isinstance(card, int) else None,
    "value": lambda run, env, counter, of=None: get_value(run, counter, of if of is not None else _me(env)),
    "prop": lambda run, env, card, name: property_of(run, card, name),
    "is-card": lambda run, env, x: isinstance(x, int) and not isinstance(x, bool),
    "size": lambda run, env, set: len(_as_list(set)),
    "in-game": lambda run, env, who: who in run.state.in_game(),
    "first": lambda run, env, set: (_as_list(set) or [None])[0],
    "last": lambda run, env, set: (_as_list(set) or [None])[-1],
}


def owner_of(run, env, card):
    """Whose a card, a die or a figure is (a player, or a Team)."""
    state = run.state
    if isinstance(card, int) and not isinstance(card, bool):
        return state.owners[card]
    for pool in (state.dice, state.figures):
        if card in pool:
            return pool[card]["owner"]
    return None


FUNCTIONS["owner-of"] = owner_of


# the kinds of declaration the kernel's modules load besides the game's own (a module's `KINDS`)
KINDS: set[str] = set()


def _more() -> None:
    from . import (board, damage, dashboards, dice, draft, events, finish, gaining, keeping, layout, modes, movement,
                   pieces, record, sides, spend, specials, teams, unowned, vocabulary)
    for module in (teams, dice, board, layout, pieces, dashboards, specials, sides, draft, events, vocabulary, damage,
                   finish, keeping, modes, record, spend, movement, unowned, gaining):
        FUNCTIONS.update(getattr(module, "FUNCTIONS", {}))
        PRIMITIVES.update(getattr(module, "PRIMITIVES", {}))
        KINDS.update(getattr(module, "KINDS", ()))


_more()


def _more_edges() -> None:
    from . import edges  # pieces on the edges of a laid board, `empty` (edges.py)
    FUNCTIONS.update(edges.FUNCTIONS)
    PRIMITIVES.update(edges.PRIMITIVES)


_more_edges()


# -- imported here, once: at the end, as these modules import this one's names
from .kept import value  # noqa: E402 - bound once, after this module's names (cycles)
from .rounds import led  # noqa: E402 - bound once, after this module's names (cycles)
