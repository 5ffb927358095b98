"""A game's triggered abilities resolved in the order their player chooses (`trigger-order chosen`).

The listeners of an event run in a fixed order (listeners.py): the game's rules, the pieces and
figures, the cards in play, the installed triggers. A game that declares `trigger-order chosen`
has its events landed by the function here instead (landers.Landers, the one call site): the
game's rules run first, in their order, as they are the game's and no player's; then the cards
in play and the installed triggers that hear the event are listed in the fixed order, and
whenever the next of them to run is a player's and another of that player's listed listeners
hears it too (its `when` holds, its once-per limit not spent, a card still in its zone), that
player is asked which runs first (`first CARD`, the card's label; a listener installed by no
card is `first rule`); copies alike are one option. The chosen one runs, the rest are looked at
again the same way (an earlier one may have changed whose `when` holds), and a player with one
listener left is not asked. Then the Reactions are offered and the event lands as in a lander.
Each answer is logged (`first`, the player, the card, the event). Pieces, tiles and figures
hearing the event are not ordered: an event they hear is a KernelError in such a game."""
from __future__ import annotations

from .compile import compiled
from .compile_stmts import compiled_block
from .rules import KernelError


def opted(rules) -> bool:
    """Whether the game declares `trigger-order chosen`."""
    prop = rules.game["props"].get("trigger-order")
    return prop is not None and prop["value"] == "chosen"


def lander(rules, event: str):
    """The function that lands `event` in a game of `trigger-order chosen` (the parameters and the
    answer of a lander, landers.lander)."""
    hearing = rules.hearing
    spec, here = hearing.events[event], hearing.table(rules, event)
    if here.pieces or here.spaces or here.figures:
        raise KernelError(f"game '{rules.game['id']}': `trigger-order chosen` orders the cards in play and the "
                          f"installed triggers; event '{event}' is heard by pieces, tiles or figures")
    keys = tuple("var:" + f["name"] for f in _declared(rules, event))
    effect = compiled_block(spec["body"]) if spec["body"] else None

    def land(run, env, amount, fields, tags=(), logged=True):
        state = run.state
        fields.pop("_at", None)
        fields.pop("_stood", None)
        pending = [max(int(amount or 0), 0)] if spec["amount"] else [0]
        given = pending[0]
        me = state.active  # `me` of the rules: the controller of the figure the event is about (events.land)
        about = fields.get("var:figure", fields.get("var:target")) if fields else None
        if isinstance(about, str) and about in state.figures and state.figures[about]["owner"] is not None:
            me = controller(state, "figure", about)
        # every listener listed before the first of them runs (as a lander does)
        ruling = [_listener(run, t, me, None, None, {}, fields, pending, tags) for t in here.rules]
        listed = [_listener(run, t, owner, uid, key, {}, fields, pending, tags)
                  for t, owner, uid, key in in_play(state, rules, here)]
        for t in state.triggers:
            if t["event"] == event and "until" in t:
                listed.append(_listener(run, rules.nodes[t["node"]], t["me"], t["card"], None, t["vars"], fields,
                                        pending, tags))
        for x in ruling:  # the game's rules, in their order
            _run_listener(run, x)
        _in_order(run, event, listed)
        if here.reactions:
            _reactions(run, here, event, fields, pending, tags)
        landed = pending[0]
        if logged:
            entry = (_log_fields(event, env, fields) if tuple(fields) != keys else
                     {"event": "raise", "name": event, "by": env.get("ctx:me"), **{k[4:]: fields[k] for k in keys}})
            if spec["amount"]:
                entry["pending"], entry["landed"] = given, landed
            state.log.append(entry)
        if effect is not None:
            effect(run, {"ctx:me": env.get("ctx:me"), "ctx:amount": landed, **fields})
        return landed

    return land


def _listener(run, trigger: dict, me, card, zone, kept: dict, fields: dict, pending: list, tags: tuple) -> tuple:
    """(trigger, its player, its card or None, the zone the card was found in or None, its env)."""
    lenv = {"ctx:me": me, "ctx:this-card": card, **kept, **fields, "_pending": pending}
    if zone is not None:
        lenv["_in"] = zone
    if tags:
        lenv["_tags"] = tags
    return trigger, me, card, zone, lenv


def _hears(run, x: tuple) -> bool:
    """The listener still hears the event: its card in the zone it was found in, its once-per
    limit not spent, its `when` holding."""
    trigger, _me, card, zone, lenv = x
    if zone is not None and run.state.places[card] != zone:
        return False
    if id(trigger) in run.rules.hearing.once and spent(run.state, trigger, lenv):
        return False
    return trigger.get("when") is None or bool(compiled(trigger["when"])(run, lenv))


def _run_listener(run, x: tuple, checked: bool = False) -> None:
    """Run the listener's body if it hears the event (`checked`: just found so)."""
    trigger, _me, _card, _zone, lenv = x
    if not checked and not _hears(run, x):
        return
    period = run.rules.hearing.once.get(id(trigger))
    if period is not None:
        spend(run.state, trigger, lenv, period)
    compiled_block(trigger["body"])(run, lenv)


def _in_order(run, event: str, listed: list) -> None:
    """The listed listeners run one by one: the next in the fixed order, unless its player has
    others that hear the event too, when that player chooses which runs first. Listeners of no
    player (a card no one holds that hears the event where it lies) run in the fixed order: no
    one is there to choose."""
    while listed:
        head = listed.pop(0)
        if not _hears(run, head):
            continue
        mine = [head] + [x for x in listed if x[1] == head[1] and _hears(run, x)] if head[1] is not None else ()
        if len(mine) > 1:
            names = [labels(run.game, [x[2]])[0] if x[2] is not None else "rule" for x in mine]
            texts = ["first " + n for n in names]
            picked = run.ask(head[1], "first", f"which of your {event} triggers first?", list(dict.fromkeys(texts)))
            at = texts.index(picked)
            chosen = mine[at]
            if len(set(texts)) > 1:
                run.state.log.append({"event": "first", "player": head[1], "card": names[at], "to": event})
            if chosen is not head:
                listed.remove(chosen)
                listed.insert(0, head)
            head = chosen
        _run_listener(run, head, checked=True)


# -- imported here, once: at the end, as these modules import this one's names
from .events import _reactions, in_play  # noqa: E402 - bound once, after this module's names (cycles)
from .labels import labels  # noqa: E402
from .landers import _declared, _log_fields  # noqa: E402
from .once import spend, spent  # noqa: E402
from .spaces import controller  # noqa: E402
