"""What pieces forbid and when they go back: the verbs a piece on the acting player restricts, and the discards at a structure event."""
from __future__ import annotations

from itertools import repeat


def _concerned(rules, state, player: str) -> list[str]:
    """The piles of pieces the turn's restrictions and turn-end discards concern: on the player,
    on their Team, and on the figure that acts: the Active figure in a game that has one
    (`starts-turn`: none before a figure is made Active this turn), else the figures the player
    (or their Team) owns."""
    p = rules.pieces
    team = state.team_by.get(player) if state.teams else None
    keys = []
    if "player" in p.zones:
        keys.append(f"{p.zones['player']}/{player}")
    if team is not None and "team" in p.zones:
        keys.append(f"{p.zones['team']}/{team}")
    if "figure" not in p.zones:
        return keys
    if rules.turn_starters:
        if state.active_figure is not None and state.active_turn == state.turn:
            keys.append(f"{p.zones['figure']}/{state.active_figure}")
    else:  # (a loop: a comprehension would make p, player and team cells)
        zone = p.zones["figure"]
        for f, x in state.figures.items():
            if x["owner"] in (player, team):
                keys.append(f"{zone}/{f}")
    return keys


def restricted_plans(rules, plans: list) -> list:
    """actions.menu's plans (verb, plan, cards), made once per game, with a part that reads no
    parameter added to the guard of each verb a token restricts: no piece of those tokens lies
    on the acting player, their Team or a figure of theirs. Such a verb is listed by menu()'s
    general walk (its generated `listing` left out); other verbs, and games whose tokens
    restrict nothing, keep their plans and pay nothing."""
    restricts = rules.pieces.restricts
    if not restricts:
        return plans
    out = []
    for verb, plan, cards in plans:
        tokens = restricts.get(verb)
        if tokens is not None:
            plan = plan[:2] + ((plan[2] or ()) + (_allowed(frozenset(tokens)),),) + plan[3:7] + (None,)
        out.append((verb, plan, cards))
    return out


def _allowed(tokens: frozenset):
    def allowed(run, env) -> bool:
        state = run.state
        zones, cards = state.zones, state.cards
        return not any(cards[uid] in tokens for key in _concerned(run.rules, state, env["ctx:me"])
                       for uid in zones.get(key, ()))
    return allowed


def _due(p, event: str) -> frozenset:
    """The tokens whose pieces go back at the event: those `discarded` then, and at `turn-end`
    those `discarded next-turn-end` too."""
    due = p.discards.get(event) or set()
    return frozenset(due | p.later if event == "turn-end" else due)


def _keys_under(zones: dict, prefixes: tuple) -> list:
    """The zones' keys that start with one of the prefixes (discard_due's comprehensions are
    functions of their own: no cells in it)."""
    return [key for key in zones if key.startswith(prefixes)]


def _among(uids: list, kept: list) -> list:
    return [uid for uid in uids if uid in kept]


def _not_among(uids: list, kept: list) -> list:
    return [uid for uid in uids if uid not in kept]


def discard_due(game, run, event: str) -> None:
    """At a structure event, the pieces whose token is `discarded` then go back to the pool:
    at `round-end` wherever they lie, at `turn-end` those the turn concerns (`_concerned`), with
    those `discarded next-turn-end` but the ones placed in this very turn of their holder (and
    with one of those, every piece of that token the holder has: they go together)."""
    p = game.rules.pieces
    due = p.keyed[2].get(event, ())  # the tokens due at the event, joined once per rules
    if due == ():
        due = p.keyed[2][event] = _due(p, event)
    if not due:
        return
    state = game.state
    if LYING[0]:  # no piece due lying on a holder (most turns' ends: every such piece in its pool): no pile walked
        keyed = p.keyed[2]
        lying = keyed[due] if due in keyed else _lying(p, due)  # [tokens, prefixes, cache, cards, uids]
        if lying[2] is not state.heard_uids or lying[3] != len(state.cards):
            _found(state, lying)
        if not any(map(str.startswith, map(state.places.__getitem__, lying[4]), repeat(lying[1]))):
            return  # (each due piece's place read in C)
    if event == "turn-end":
        keys = _concerned(game.rules, state, state.active)
    else:
        keys = _keys_under(state.zones, tuple(zone + "/" for zone in p.zones.values()))
    env = {"ctx:me": state.active}
    zones, cards, tokens = state.zones, state.cards, None
    for key in keys:
        for uid in zones.get(key, ()):
            if cards[uid] in due:
                break
        else:
            continue  # no piece due lies there: nothing to send back or spare
        if tokens is None:
            tokens = sorted(due)
        for token in tokens:
            back = _of(state, key, token)
            if state.spared and token in p.later:  # spared by this turn of their holder: once, and all the
                kept = _among(back, state.spared)  # holder's pieces of it with one spared
                if kept:  # (they go together, at the latest end any of them was given)
                    state.spared = _not_among(state.spared, kept)
                    back = []
            for uid in back:
                _home(run, env, token, uid)
            if back:
                line = {"event": "discard", "token": _token_id(run, token), "from": key.partition("/")[2],
                        "count": len(back)}
                state.log.append(line)
                if p.discard_spans.get(token):  # the line given the span of the token's `discarded`
                    log = state.log  # (a mark of one line: state.spans)
                    state.marks.append((log[-2] if len(log) > 1 else None, line, p.discard_spans[token]))
                _blocks(run, token, key.partition("/")[2])  # a blocking piece discarded off an edge


LYING = [True]  # the pieces due looked for on the holders first, in C (a test's switch: off, every pile walked)


class _Due:
    """The tokens due at an event, as heard.pieces_hearing reads a table's (`pieces`): the uids
    of their pieces found once per list of cards (cards are only added; a piece turned over
    drops the cache, flip.py)."""

    __slots__ = ("pieces",)

    def __init__(self, due: frozenset) -> None:
        self.pieces = due


def _lying(p, due: frozenset) -> list:
    """discard_due's look for the pieces due lying on a holder (a pile of the pieces' zones: a
    figure, a space, a player, a Team, an edge), kept per rules by the tokens due: [those tokens
    (as heard.pieces_hearing reads a table's), the piles' prefixes, then the cache, the number of
    cards and the uids of their pieces _found them with]."""
    kept = p.keyed[2][due] = [_Due(due), tuple(zone + "/" for zone in p.zones.values()), None, -1, ()]
    return kept


def _found(state, lying: list) -> None:
    """The uids of the pieces of the tokens due (heard.pieces_hearing: found once per list of
    cards, which only grows; a piece turned over drops the cache, flip.py), kept with the cache
    and the number of cards they were found for."""
    lying[4] = pieces_hearing(state, lying[0])
    lying[2], lying[3] = state.heard_uids, len(state.cards)


# -- imported here, once: at the end, as these modules import this one's names
from .pieces import _blocks, _home, _of, _token_id  # noqa: E402 - bound once, after this module's names (cycles)
from .heard import pieces_hearing  # noqa: E402
