"""Raising a game's own event: its listeners change its pending amount, Reactions answer it, then it lands.

`raise(hit, 2, attacker: me, target: t)` hears the listeners listeners.py orders (the game's
rules, the cards in play, the installed triggers), each whose `when` holds running its body
with the event's fields as names (`target`), `me` and `this-card` its own, and `pending` the
amount still to land, which `prevent(n)` lowers (never below 0) and `increase(n)` raises.
Then each player still in, in turn order from the player whose turn it is, holding cards of
a card type that `reacts-from` a zone whose trigger hears the event and holds, and below the
game's `play-limit` (the cards its `play-to` zone of theirs holds), is asked
(`react CARD` or `pass`); a card played goes where the game's played cards go (`play-to`,
else `discard-to`) and runs its trigger's body. The amount that landed is logged (`raise`)
and the event's `effect` runs with it as `amount`. A question asked here is asked mid-step,
as any other (effects.py): the step stops and is replayed with the answer, or the game asks
its player in place (play_out)."""
from __future__ import annotations

from .compile import compiled, source
from .compile_stmts import compiled_block
from .rules import KernelError


def raise_lines(stmt: dict, space: dict, names) -> list[str]:
    """The source of a `raise` statement (compile_stmts._primitive): the event's name is the
    statement's own (not a value read in play), its fields an env of `var:` keys."""
    args = dict(stmt["args"])
    event = args.pop("event", None)
    if not event or event.get("e") != "event":
        raise KernelError(f"{stmt['span']}: raise(...) names the game's event first: raise(hit, 2, target: t)")
    amount = args.pop("amount", None)
    fields = ", ".join(f"{'var:' + k!r}: {source(e, space, names)}" for k, e in args.items())
    # the event's lander (landers.py), read from the rules played: a body may be two games'
    return [f"run.rules.hearing.landers[{event['name']!r}](run, env, {source(amount, space, names)}, {{{fields}}})"]


def land(run, env: dict, event: str, amount, fields: dict, tags: tuple = (), logged: bool = True) -> int:
    """The event raised by `me` of env: heard, answered, landed; the amount that landed (its
    listeners read `tags` as `_tags`: damage.py's, record.py's `tagged`; logged `raise` unless
    `logged` is False: the event after every step, finish.py). An event raised at a space (`_at`
    among the fields: a figure entering it, movement.py) is heard there only, by the pieces on
    spaces and the tiles (movement.heard_at). The listeners, in order (each list made before the
    first of them runs): the game's rules (`me` the controller of the figure the event is about,
    its `figure` or else its `target` field, as a piece on it hears: spaces.controller; the player
    whose turn it is for an event about no figure), the pieces, the tiles and the figures (raised
    at a space, the pieces on other spaces and the other tiles left out: heard.components; an
    event about a figure heard by the tile it stands on, `stood` where one knocked out by it
    stood, none if none; one about no figure by every tile in play: spaces.tile_of), the cards in
    play (`me` the card's owner; heard only while it still lies in its zone), the installed ones;
    with an amount pending, the pieces lying on figures last. The event's own function does it
    (landers.py, made at its first raise)."""
    return run.rules.hearing.landers[event](run, env, amount, fields, tags, logged)


def _held_last(state, found: list) -> list:
    """With an amount pending, the pieces lying on figures answer last, once the rules, the
    tiles, the figures, the cards in play and the installed listeners have changed the amount
    they are to stop."""
    figures = state.figures
    held = [x for x in found if x[3].get("ctx:holder") in figures]
    if not held:
        return found
    return [x for x in found if x[3].get("ctx:holder") not in figures] + held


def hearing_about(rules, event: str):
    """The field of the figure the event is about, as declared (`figure`, else `target`), or None."""
    spec = rules.hearing.events.get(event)
    return spec.get("about") if spec is not None else None


def in_play(state, rules, here) -> list:
    """(trigger, owner, uid, zone key) of the cards lying in an `in-play` zone that hear the
    event, in order (zones in declaration order, a zone kept per player in seat order, per Team
    in Team order, its cards in order)."""
    out = []
    zones, cards, owners, heard = state.zones, state.cards, state.owners, here.cards
    hearing = rules.hearing
    try:  # Hearing.in_play_keys' keys, read here while the seats and Teams are theirs (no call)
        players, teams, keys = hearing._keys
        if players is not state.players or teams is not state.teams:
            keys = hearing.in_play_keys(rules, state)
    except AttributeError:
        keys = hearing.in_play_keys(rules, state)
    for key in keys:
        if key in zones:
            for uid in zones[key]:
                qid = cards[uid]
                if qid in heard:
                    for t in heard[qid]:
                        out.append((t, owners[uid], uid, key))
    return out


def _reactions(run, here, event: str, fields: dict, pending: list, tags: tuple = ()) -> None:
    """Each player still in, from the player whose turn it is, may answer with one card (a
    zone kept per Team is offered once, to the first of its players asked; its trigger reads the
    event's `tags`)."""
    state, rules = run.state, run.rules
    cards, zones, reacting, hearing = state.cards, state.zones, here.reactions, rules.hearing
    try:  # Hearing.react_keys' keys, read here while the seats and Teams are theirs (no call)
        players, teams, keys = hearing._react_keys
        if players is not state.players or teams is not state.teams:
            keys = hearing.react_keys(rules, state)
    except AttributeError:
        keys = hearing.react_keys(rules, state)
    for key in keys:  # (loops: no generator's frame per card)
        if key in zones and any(map(reacting.__contains__, map(cards.__getitem__, zones[key]))):
            _offer(run, here, event, fields, pending, tags)
            return
    # else no card that answers this event lies where any player could play it from


def _offer(run, here, event: str, fields: dict, pending: list, tags: tuple = ()) -> None:
    """_reactions once a card that answers the event lies where a player could play it from (a
    lander tests that itself): each player in turn offered theirs."""
    state, rules, game = run.state, run.rules, run.game
    seats = state.in_game()
    start = seats.index(state.active) if state.active in seats else 0
    asked = set()
    for player in seats[start:] + seats[:start]:
        if _at_limit(state, rules, player):
            continue
        offered = []
        for uid in _held(state, rules, player, asked):
            for t in here.reactions.get(state.cards[uid], ()):
                lenv = {"ctx:me": player, "ctx:this-card": uid, **fields, "_pending": pending}
                if tags:
                    lenv["_tags"] = tags
                if t.get("when") is None or compiled(t["when"])(run, lenv):
                    offered.append((uid, t, lenv))
                    break
        if not offered:
            continue
        texts = ["react " + label for label in labels(game, [uid for uid, _t, _e in offered])]
        picked = run.ask(player, "react", f"answer the {event}?", list(dict.fromkeys(texts)) + ["pass"])
        if picked == "pass":
            continue
        uid, trigger, lenv = offered[texts.index(picked)]
        to = rules.zone_roles.get("play-to") or rules.zone_roles.get("discard-to")
        if to is not None:  # the answering player's (or their Team's) zone: a card of a shared deck is no one's
            move(run, uid, to, player)
        state.log.append({"event": "react", "player": player, "card": game.card_id(uid), "uid": uid, "to": event})
        compiled_block(trigger["body"])(run, lenv)


def _at_limit(state, rules, player: str) -> bool:
    """The game's `play-limit` reached: as many cards as it allows lie in the player's (or their
    Team's) `play-to` zone, so no card of theirs is offered in answer (the limit, the zone and
    how it is kept read once per rules)."""
    found = rules.__dict__.get("_play_limit")
    if found is None:
        limit, zone = rules.game["props"].get("play-limit"), rules.zone_roles.get("play-to")
        found = rules.__dict__["_play_limit"] = (() if limit is None or zone is None else
                                                 (limit["value"], zone, rules.zones[zone].per))
    if not found:
        return False
    limit, zone, per = found
    key = state.zone_key(zone, state.holder(player, per)) if per else zone
    return len(state.zones.get(key, ())) >= limit


def _held(state, rules, player: str, asked: set) -> list[int]:
    """The player's cards (or their Team's) lying in a zone their card type reacts from, but
    for a zone already offered (`asked`: its keys)."""
    reacts = rules.hearing.reacts
    out = []
    for zone in dict.fromkeys(reacts.values()):
        per = rules.zones[zone].per
        key = state.zone_key(zone, state.holder(player, per)) if per else zone
        if key in asked:
            continue
        if per:
            asked.add(key)
        for uid in state.zones.get(key, ()):
            if reacts.get(rules.cards[state.cards[uid]].type) == zone and (per or state.owners[uid] == player):
                out.append(uid)
    return out


def _pending(env: dict, word: str) -> list:
    pending = env.get("_pending")
    if pending is None:  # a keyword's env carries no pending amount (compile_stmts.CONTEXTS)
        raise KernelError(f"{word}(...) changes the amount of the event being heard: write it in the trigger "
                          "itself, not in a keyword it calls")
    return pending


def prevent(run, env, amount) -> None:
    """The pending amount of the event being heard cut by `amount` (not below 0), logged with
    what it cut (`prevent`, `amount`), as the other engine logs it."""
    pending = _pending(env, "prevent")
    cut = min(pending[0], max(int(amount or 0), 0))
    pending[0] -= cut
    run.state.log.append({"event": "prevent", "amount": cut})


def increase(run, env, amount) -> None:
    """The pending amount of the event being heard raised by `amount` (logged `increase`)."""
    pending = _pending(env, "increase")
    pending[0] += max(int(amount or 0), 0)
    run.state.log.append({"event": "increase", "amount": max(int(amount or 0), 0)})


def raise_event(run, env, event, amount=0, **fields) -> None:
    """raise(...) called as a function (the statement is written by raise_lines)."""
    land(run, env, event, amount, {"var:" + k.replace("_", "-"): v for k, v in fields.items()})


PRIMITIVES = {"raise": raise_event, "prevent": prevent, "increase": increase}


def _windows() -> None:
    """A card window of the round (windows.py), played as the Reactions' cards are offered."""
    from .windows import PRIMITIVES as WINDOWS
    PRIMITIVES.update(WINDOWS)


_windows()


def named_events(rules, properties) -> dict:
    """{property: event or None}: the events the game's properties name for the kernel's moments
    (`enter-event`, `activate-event` ...), each one the game declares (else a KernelError)."""
    game, events = rules.game, rules.hearing.events
    props = game["props"]
    found = {}
    for prop in properties:
        name = props[prop]["value"] if prop in props else None
        if name is not None and name not in events:
            raise KernelError(f"game '{game['id']}': `{prop} {name}` names no event of the game; events: "
                              + (", ".join(events) or "none"))
        found[prop] = name
    return found


# -- imported here, once: at the end, as these modules import this one's names
from .labels import labels  # noqa: E402 - bound once, after this module's names (cycles)
from .piles import move  # noqa: E402 - bound once, after this module's names (cycles)
