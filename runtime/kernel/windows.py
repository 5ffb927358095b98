"""A card window: a Team's chance to play a card of a given timing from its players' hands, for one of its figures.

`card-window("round-start", t)` (the shared rules' `round { }` says when) asks each player of
the Team in seat order (a player, without Teams, is their own) holding, in the game's `draw-to`
zone, cards whose printed `timing` is this one, that have an effect and whose guard (`effect
when COND`) holds for a figure of the Team on the board (`self` the figure): `play CARD
FIGURE`, one for each such card and figure, or `pass`. A card chosen is played as `play-card`
plays it (to the `play-to` zone, logged `play`, resolved, `self` the figure chosen), and the window closes; a player who
passes leaves it to the next. No one is asked once the Team's `play-to` zone holds the game's
`play-limit` (events.py, as for a Reaction)."""
from __future__ import annotations


def card_window(run, env, timing, team) -> None:
    state, rules = run.state, run.rules
    hand = rules.zone_roles.get("draw-to")
    players = state.teams.get(team, [team]) if state.teams else [team]
    if hand is None or (HELD and not _holds_timed(state, rules, hand, timing, players)):
        return  # no hand holds a card of this timing: nobody would be asked (the window reads, never writes)
    _window(run, state, rules, hand, timing, team, players)


def _timed(rules, timing: str) -> frozenset:
    """The qids of the cards that have an effect and print this `timing`, kept per rules (printed:
    they never change)."""
    kept = rules.__dict__.setdefault("_timed", {})
    if timing not in kept:
        kept[timing] = frozenset(q for q, c in rules.cards.items()
                                 if c.effect and _printed_property(rules, c, "timing") == timing)
    return kept[timing]


def _holds_timed(state, rules, hand: str, timing: str, players) -> bool:
    """One of the players' `draw-to` zones (as `_window` reads it) holds a card of this timing."""
    timed = _timed(rules, timing)
    if not timed:
        return False
    per, zones, qids = rules.zones[hand].per, state.zones, state.cards
    for player in players:  # (loops: no generator's frame)
        for uid in zones.get(state.zone_key(hand, player if per else None), ()):
            if qids[uid] in timed:
                return True
    return False


def _window(run, state, rules, hand, timing, team, players) -> None:
    """The window itself: the Team's figures on the board, each player's cards of the timing whose
    guard holds for one of them, asked in seat order."""
    from .resolvers import make as make_resolver
    figures = [f for f, x in state.figures.items()
               if x["space"] is not None and x["owner"] is not None and _side(state, x["owner"]) == team]
    if hand is None or not figures:
        return
    per = rules.zones[hand].per
    for player in players:
        if player not in state.players or _at_limit(state, rules, player):
            return
        cards = []
        for uid in state.zones.get(state.zone_key(hand, player if per else None), ()):
            printed = rules.cards[state.cards[uid]]
            if printed.effect and _printed_property(rules, printed, "timing") == timing:
                cards.append(uid)
        if not cards:
            continue
        cards.sort(key=lambda uid: rules.cards[state.cards[uid]].qid)
        names = dict(zip(cards, labels(run.game, cards)))
        offered = {}
        for fig in figures:
            for uid in cards:
                when = rules.cards[state.cards[uid]].when
                if when is None or compiled(when)(run, {"ctx:me": player, "ctx:this-card": uid, "ctx:self": fig}):
                    offered[f"play {names[uid]} {fig}"] = (uid, fig)
        if not offered:
            continue
        picked = run.ask(player, "card", f"play a {timing} card?", [*offered, "pass"])
        if picked != "pass":  # played for the figure chosen: its `self`, as its guard was asked
            uid, fig = offered[picked]
            qid = state.cards[uid]
            (rules.plays.get(qid) or make_resolver(rules, qid, True))(run, player, uid, fig)
            return


HELD = True  # the window skipped while no hand holds a card of its timing (off: the window's own search, as before)
PRIMITIVES = {"card-window": card_window}


# -- imported here, once: at the end, as these modules import this one's names
from .layout import printed_property as _printed_property  # noqa: E402 - bound once, after this module's names (cycles)
from .compile import compiled  # noqa: E402 - bound once, after this module's names (cycles)
from .events import _at_limit  # noqa: E402 - bound once, after this module's names (cycles)
from .labels import labels  # noqa: E402 - bound once, after this module's names (cycles)
from .relations import _side  # noqa: E402 - bound once, after this module's names (cycles)
