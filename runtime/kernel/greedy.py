"""A greedy bot for any kernel game: each action tried on a clone, the rest of its own answers in a row chosen alike, the table reached scored.

For each legal action the bot takes it on a clone of the game, then answers its own next
questions the same way while they come one after the other (up to `depth` answers in all: the
target of a card it played, the next card of its turn), and scores the state reached once
another player is to answer or the game is over: a win first, a tie next, being out or losing
last; else the counters the game puts a player out by (`out-at-min`): its side's values (its
own, its Team's players'), less its opponents' (a player out counts as the counter's minimum),
and in a game that scores the cards its players own, the worth of each side's holding
(worth.py: the card properties the end reads and the price its actions pay, half of the
currency held) likewise. Its ties are broken by its own seeded draw. A game with neither gives
the bot nothing to weigh short of the end: there it plays as the random bot seeded alike (the same games;
`weighs` says which, and the commands that play say so).

It knows no game: only clones, the results, the counters' declarations and what the rules read and pay. A clone holds the
whole table, so within its own turn the bot sees what its actions would draw (the rollout bot
does too)."""
from __future__ import annotations

import random

from .worth import worth_of

WIN, TIE, LOSS = 10 ** 6, 10 ** 3, -(10 ** 6)


class GreedyBot:
    """The best-scored action of one ply and the rest of the bot's own answers in a row."""

    in_place = False  # it clones the game: asked only at a decision act() returns

    def __init__(self, seed: int = 0, depth: int = 3) -> None:
        self.rnd = random.Random(seed)
        self.depth = depth
        self.seed = seed
        self.plain = None  # the random bot it plays as in a game it cannot weigh

    def choose(self, decision, game) -> str:
        if not weighs(game.rules):
            if self.plain is None:
                from .play import RandomBot
                self.plain = RandomBot(self.seed)
            return self.plain.choose(decision, game)
        actions = decision.actions
        if len(actions) == 1:
            return actions[0]
        scored = [(self._value(game, action, decision.player, self.depth), action) for action in actions]
        best = max(s for s, _a in scored)
        return self.rnd.choice([a for s, a in scored if s == best])

    def _value(self, game, action: str, me: str, depth: int) -> float:
        trial = game.clone()
        decision = trial.act(action)
        if decision is not None and decision.player == me and depth > 1 and len(decision.actions) > 1:
            return max(self._value(trial, a, me, depth - 1) for a in decision.actions)
        if decision is not None and decision.player == me and depth > 1:  # a question of one answer
            return self._value(trial, decision.actions[0], me, depth - 1)
        return score(trial, me)


def score(game, me: str) -> float:
    """How the table stands for player `me`: the end, else its out-at-min counters and the worth
    of its holding (worth.py) against its opponents' (module docstring)."""
    state = game.state
    result = state.result
    if result is not None:
        winners = result.get("winners") or []
        if me in winners or state.team_by.get(me) in winners:
            return WIN if len(winners) == 1 else TIE
        return LOSS if winners else TIE
    if me in state.out:
        return LOSS
    total = 0.0
    side = state.team_by.get(me) if state.teams else me
    worth = worth_of(game.rules)
    worth = worth if worth.weighs else None
    for spec in _kept_by_player(game.rules):
        for player in state.players:
            value = spec.min if player in state.out else state.counters.get(f"{spec.id}/{player}", spec.start)
            ours = player == me or (state.teams and state.team_by.get(player) == side)
            total += value if ours else -value
    if worth is not None:
        for player in state.players:
            value = worth.holding(state, player)
            ours = player == me or (state.teams and state.team_by.get(player) == side)
            total += value if ours else -value
    return total


def weighs(rules) -> bool:
    """The game has something the bot weighs: a counter kept per player that puts a player out,
    or cards worth something (worth.py: the properties its end scores, the price its actions pay)."""
    return bool(_kept_by_player(rules)) or worth_of(rules).weighs


def _kept_by_player(rules) -> tuple:
    """The counters kept per player that put a player out at their minimum, read once per rules."""
    found = rules.__dict__.get("_greedy_counters")
    if found is None:
        found = rules.__dict__["_greedy_counters"] = tuple(
            c for c in rules.counters.values() if c.per == "player" and c.out_at_min and c.min is not None)
    return found
