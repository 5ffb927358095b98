"""Counters kept per player that start from what their figures print: `start-from` summed over the player's figures."""
from __future__ import annotations

from .rules import KernelError


def player_starts(rules, state) -> None:
    """A counter kept per player that starts from a printed property (`start-from mayhem-cards`):
    the sum of it over the figures the player holds (their side's when they play one, else their
    card's), set once the figures are dealt, drafted or turned to a side. A figure of the
    player's Team counts when the Team is that player alone, or for the player who drafted it (its
    `player`, draft.py); else which player holds it is not the kernel's to say (an error)."""
    if not rules.dash.player_starts:
        return
    holder = {p: p for p in state.players} | {t: m[0] for t, m in state.teams.items() if len(m) == 1}
    for counter, prop in rules.dash.player_starts.items():
        sums = dict.fromkeys(state.players, 0)
        for figure, fig in state.figures.items():
            if fig.get("card") is None or fig["owner"] is None:
                continue  # no card, or no one's (unowned.py)
            if fig.get("player") in sums:  # drafted by a player of a Team of several (draft.py)
                holder[figure] = fig["player"]
            elif fig["owner"] not in holder:
                raise KernelError(f"counter '{counter}' starts from the '{prop}' of each player's figures, "
                                  f"but figure '{figure}' is its Team's, of several players")
            printed = [rules.cards[q].props.get(prop) for q in (fig.get("side"), fig.get("card")) if q]
            sums[holder.get(figure) or holder[fig["owner"]]] += next((n for n in printed if isinstance(n, int)), 0)
        state.counters.update((f"{counter}/{p}", n) for p, n in sums.items())
