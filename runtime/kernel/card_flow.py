"""Cards in play that finish: a card drawn into play and done, the end the rules name, a space removed by a player's choice.

`draw-into`, `card-done`, `end-game` and `remove-location` are the shared vocabulary's words. A
zone says what happens to a card entering it and finishing there, each a property of its
declaration: `draws-from` (the zone a card drawn into it comes from, its top card first: the
holder's own when that zone is kept per player or Team, refilled from its `reshuffle-from` when
empty), `enter-effect` (the card's effect of that name, run once it is drawn in), `done-to`
(where it goes when done; else the game's `discard-to`) and `done-effect` (its effect run then);
a card done is replaced at once from `draws-from`. A card drawn into a zone kept per player is
that player's (`owner-of`); into a Team's, its player in turn (else its first still in), as a
piece on a Team is (spaces.controller): its triggers, heard while it lies in an `in-play` zone
(listeners.py), and its effects have that player as `me`, and so the Team as `my-team`. `end-game(winners, reason)` ends the
game: the one Team (or player) given wins, for that reason; none or several draw. `remove-location(among,
by)` asks the player of figure `by` which of the spaces `among` still in play leaves it
(layout.remove_space). The event after every step (`update-event`) is finish.py's."""
from __future__ import annotations

from .compile import _as_list
from .compile_stmts import compiled_block
from .rules import KernelError

FLOW = ("draws-from", "enter-effect", "done-to", "done-effect")


def _flow(rules) -> dict[str, dict]:
    """Each zone's card flow (FLOW: the properties it gives), read once per rules."""
    found = rules.__dict__.get("_flow")
    if found is None:
        found = {}
        for child in rules.game["children"]:
            if child["kind"] == "zone":
                found[child["id"]] = {p: child["props"][p]["value"] for p in FLOW if p in child["props"]}
                for p in ("draws-from", "done-to"):
                    other = found[child["id"]].get(p)
                    if other is not None and other not in rules.zones:
                        raise KernelError(f"zone '{child['id']}': '{p} {other}' names no zone of the game")
        rules.__dict__["_flow"] = found
    return found


def _player(state, holder, env):
    """Who acts for a zone's holder: the player, a Team's player in turn (else its first still
    in), `me` of env for a zone of the table."""
    from .spaces import controller
    if holder is None:
        return env.get("ctx:me")
    return holder if holder in state.players else controller(state, "team", holder)


def _run_effect(run, holder, uid: int, name: str | None) -> None:
    """The card's effect of that name, if it has one, for its holder (`me`) as `this-card`."""
    body = run.rules.cards[run.state.cards[uid]].named.get(name) if name else None
    if body:
        compiled_block(body, run.rules)(run, {"ctx:me": holder, "ctx:this-card": uid})


def draw_into(run, env, zone, of=None) -> None:
    """The holder (`of`, else `me`) draws the top card of the zone's `draws-from` into its zone,
    unless it is full; the card's `enter-effect` runs."""
    from .piles import move, reshuffled
    rules, state = run.rules, run.state
    spec = rules.zones.get(zone)
    flow = _flow(rules).get(zone, {})
    source = flow.get("draws-from")
    if spec is None or source is None:
        raise KernelError(f"draw-into({zone}): zone '{zone}' draws from no zone: declare `draws-from ZONE` in it")
    holder = state.holder(env.get("ctx:me") if of is None else of, spec.per) if spec.per else None
    key = state.zone_key(zone, holder)
    if spec.capacity is not None and len(state.zones.get(key, ())) >= spec.capacity:
        return
    per = rules.zones[source].per
    mine = state.holder(holder, per) if per else None
    if per and state.zone_key(source, mine) not in state.zones:
        raise KernelError(f"draw-into({zone}, of: {holder}): zone '{source}' is kept per {per}, and {holder} "
                          f"holds none; draw from a zone of the table or of the same kind of holder")
    pile = state.zones.get(state.zone_key(source, mine))
    if not pile:  # as draw() does: its `reshuffle-from` pile shuffled in, logged only when it holds cards
        pile = reshuffled(run, env, source, state.zone_key(source, mine), mine)
    if not pile:
        return
    uid = pile[0]
    me = _player(state, holder, env)
    move(run, uid, zone, holder)
    if holder is not None:
        state.owners[uid] = me
    state.log.append({"event": "draw-into", "zone": zone, "holder": holder, "card": run.game.card_id(uid),
                      "uid": uid})
    _run_effect(run, me, uid, flow.get("enter-effect"))


def card_done(run, env) -> None:
    """The card whose trigger or effect runs (`this-card`), lying in an `in-play` zone, is done:
    logged `card-done`, it goes to the zone's `done-to`, its `done-effect` runs, then its holder
    draws the next one from the zone's `draws-from`."""
    rules, state = run.rules, run.state
    uid = env.get("ctx:this-card")
    if not isinstance(uid, int) or isinstance(uid, bool):
        return
    key = state.places[uid]
    zone, _, rest = key.partition("/")
    if zone not in rules.hearing.in_play:
        return  # done already, or not in play
    holder = rest or None
    flow = _flow(rules).get(zone, {})
    to = flow.get("done-to") or rules.zone_roles.get("discard-to")
    if to is None:
        raise KernelError(f"card-done(): zone '{zone}' names no `done-to` zone, and the game no `discard-to`")
    state.log.append({"event": "card-done", "zone": zone, "holder": holder, "card": run.game.card_id(uid),
                      "uid": uid})
    from .piles import move
    me = state.owners[uid]
    move(run, uid, to, holder if rules.zones[to].per == "team" else me)
    _run_effect(run, me, uid, flow.get("done-effect"))
    if flow.get("draws-from") is not None and state.phase != "over":
        draw_into(run, {"ctx:me": me}, zone, holder)


def end_game(run, env, winners, reason) -> None:
    """The game ends: the one side given (a Team's players, or a player) wins, for `reason`;
    none or several given is a draw."""
    from .teams import players_of
    sides = [w for w in _as_list(winners) if w is not None]
    if len(sides) == 1:
        run.game.finish(run, sorted(players_of(run.state, sides)), str(reason))
    else:
        run.game.finish(run, [], "draw")


def remove_chosen(run, env, among, by) -> None:
    """The player of figure `by` removes one of the spaces `among` still in play (a decision,
    `remove SPACE`); nothing when none is, or `by` is no figure."""
    from .layout import remove_space
    from .relations import anywhere
    state = run.state
    fig = state.figures.get(by) if isinstance(by, str) else None
    live = set(anywhere(run, env))
    options = [s for s in dict.fromkeys(_as_list(among)) if s in live]
    if fig is None or not options:
        return
    owner = fig["owner"]
    player = owner if owner in state.players else next(iter(state.teams.get(owner, ())), None)
    if player is None:
        return
    texts = ["remove " + s for s in options]
    picked = run.ask(player, "remove", "remove a space from play", texts)
    remove_space(run, env, options[texts.index(picked)])


PRIMITIVES = {"draw-into": draw_into, "card-done": card_done, "end-game": end_game,
              "remove-location": remove_chosen}
