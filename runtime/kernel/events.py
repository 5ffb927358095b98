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

from .compile import _CACHE as _WHENS, compiled, source
from .compile_stmts import _CACHE as _BODIES, compiled_block
from .listeners import components, spend, spent
from .rules import KernelError


def raise_lines(stmt: dict, space: dict, names) -> list[str]:
    """The source of a `raise` statement (compile_stmts._primitive): the event's name is the
    statement's own (not a value read in play), its fields an env of `var:` keys."""
    from .compile import name_for
    args = dict(stmt["args"])
    event = args.pop("event", None)
    if not event or event.get("e") != "event":
        raise KernelError(f"{stmt['span']}: raise(...) names the game's event first: raise(hit, 2, target: t)")
    amount = args.pop("amount", None)
    fields = ", ".join(f"{'var:' + k!r}: {source(e, space, names)}" for k, e in args.items())
    return [f"{name_for(space, land)}(run, env, {event['name']!r}, {source(amount, space, names)}, {{{fields}}})"]


def land(run, env: dict, event: str, amount, fields: dict, tags: tuple = (), logged: bool = True) -> int:
    """The event raised by `me` of env: heard, answered, landed; the amount that landed (its
    listeners read `tags` as `_tags`: damage.py's, record.py's `tagged`; logged `raise` unless
    `logged` is False: the event after every step, finish.py). An event raised at a space (`_at`
    among the fields: a figure entering it, movement.py) is heard there only, by the pieces on
    spaces and the tiles (movement.heard_at)."""
    rules, state = run.rules, run.state
    at = fields.pop("_at", None) if "_at" in fields else None
    stood = fields.pop("_stood", None) if "_stood" in fields else None  # a figure knocked out by it: where it stood
    hearing = rules.hearing
    if event not in hearing.events:
        raise KernelError(f"no event '{event}' in the game; events: " + (", ".join(hearing.events) or "none"))
    spec = hearing.events[event]
    pending = [max(int(amount or 0), 0) if spec["amount"] else 0]
    given = pending[0]
    heard = hearing.heard  # (its table made at the event's first raise: Hearing.table)
    here = heard[event] if event in heard else hearing.table(rules, event)
    if not here.silent or state.triggers:
        # the listeners, in order (no call of their own): the game's rules (`me` the controller of the
        # figure the event is about, its `figure` or else its `target` field, as a piece on it hears:
        # spaces.controller; the player whose turn it is for an event about no figure), the pieces,
        # the tiles and the figures (raised at a space, the pieces on other spaces and the other tiles
        # left out: heard.components; an event about a figure heard by the tile it stands on, `stood`
        # where one knocked out by it stood, none if none; one about no figure by every tile in play:
        # spaces.tile_of), the cards in play (`me` the card's owner; `_in` the zone it lies in, heard
        # only while it still does), the installed ones
        where = at[1] if at is not None else None
        me = state.active
        if here.rules and fields:
            about = fields.get("var:figure", fields.get("var:target"))
            if isinstance(about, str) and about in state.figures and state.figures[about]["owner"] is not None:
                me = controller(state, "figure", about)
        found = []
        if here.rules:  # (a loop: a comprehension would make `me` a cell)
            for t in here.rules:
                found.append((t, me, None, {}))
        if here.pieces or here.figures or here.spaces:  # pieces, tiles, then figures (heard.components)
            tile = tile_of(state, hearing_about(rules, event), fields, stood) if here.spaces and where is None else None
            found += components(state, rules, here, own=True, at=where, tile=tile)
        if here.cards:
            found += [(t, owner, uid, {"_in": key}) for t, owner, uid, key in in_play(state, rules, here)]
        if state.triggers:
            nodes = rules.nodes
            for t in state.triggers:
                if t["event"] == event and "until" in t:
                    found.append((nodes[t["node"]], t["me"], t["card"], t["vars"]))
        if spec["amount"] and here.pieces:
            found = _held_last(state, found)
        once = hearing.once  # id(trigger) -> its once-per period (once.py)
        about = None  # the figure the tile hears the event about (spaces.tile_of): asked again at the tile's turn
        if here.spaces and at is None and stood is None:
            name = hearing_about(rules, event)
            about = fields.get("var:" + name) if name is not None else None
        for trigger, me, card, kept in found:
            if "_in" in kept and state.places[card] != kept["_in"]:
                continue  # a card in play that left its zone while the event was heard (finish.card_done)
            if about is not None and "ctx:here" in kept and state.figures[about]["space"] != kept["ctx:here"]:
                continue  # the figure an earlier listener moved off the tile (or knocked out) no longer stands there
            if at is not None and not heard_at(run, kept, at):
                continue
            lenv = {"ctx:me": me, "ctx:this-card": card, **kept, **fields, "_pending": pending}
            if tags:
                lenv["_tags"] = tags
            period = once[tid] if once and (tid := id(trigger)) in once else None
            if period is not None and spent(state, trigger, lenv):
                continue
            when = trigger["when"] if "when" in trigger else None
            if when is not None:  # compiled(when), its cache read in place (no call)
                w = _WHENS[wid] if (wid := id(when)) in _WHENS else None
                fn = w[1] if w is not None and w[0] is when else compiled(when)
            if when is None or fn(run, lenv):
                if period is not None:
                    spend(state, trigger, lenv, period)
                body = trigger["body"]  # compiled_block(body), its cache read in place
                b = _BODIES[bid] if body and (bid := id(body)) in _BODIES else None
                (b[1] if b is not None and b[0] is body else compiled_block(body))(run, lenv)
        if here.reactions:
            _reactions(run, here, event, fields, pending, tags)
    landed = pending[0]
    if logged:
        entry = {"event": "raise", "name": event, "by": env.get("ctx:me")}
        for k, v in fields.items():  # (a loop: no generator's frame per field)
            entry[k[4:]] = v
        if spec["amount"]:
            entry["pending"], entry["landed"] = given, landed
        state.log.append(entry)
    if spec["body"]:
        compiled_block(spec["body"])(run, {"ctx:me": env.get("ctx:me"), "ctx:amount": landed, **fields})
    return landed


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
    state, rules, game = run.state, run.rules, run.game
    cards, zones, reacting, hearing = state.cards, state.zones, here.reactions, rules.hearing
    try:  # Hearing.react_keys' keys, read here while the seats and Teams are theirs (no call)
        players, teams, keys = hearing._react_keys
        if players is not state.players or teams is not state.teams:
            keys = hearing.react_keys(rules, state)
    except AttributeError:
        keys = hearing.react_keys(rules, state)
    for key in keys:  # (loops: no generator's frame per card)
        if key in zones and any(map(reacting.__contains__, map(cards.__getitem__, zones[key]))):
            break
    else:
        return  # no card that answers this event lies where any player could play it from
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
from .movement import heard_at  # noqa: E402 - bound once, after this module's names (cycles)
from .spaces import controller, tile_of  # noqa: E402
from .labels import labels  # noqa: E402 - bound once, after this module's names (cycles)
from .piles import move  # noqa: E402 - bound once, after this module's names (cycles)
