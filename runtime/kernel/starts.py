"""Which player controls a Team's figure (a mode's seats), and counters kept per player that start from what their figures print: `start-from` summed over the player's figures."""
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


def controlled_by_players(rules, state, holder: str, qids: list) -> None:
    """A Team's figures when the mode's seats give each of its players their own (`seats [[1, 1],
    ...]`): the Team's players in order, each the figures its seat counts (the figure's `player`,
    as a draft sets it: starts.py sums a per-player counter by it)."""
    mode, members = rules.mode, state.teams.get(holder)
    if mode is None or not mode.figures or not members or len(members) < 2:
        return
    seats = [int(p[1:]) - 1 for p in members]
    if any(s >= len(mode.figures) for s in seats) or sum(mode.figures[s] for s in seats) != len(qids):
        return
    at = 0
    for player, seat in zip(members, seats):
        for qid in qids[at:at + mode.figures[seat]]:
            state.figures[rules.cards[qid].id]["player"] = player
        at += mode.figures[seat]


def acts_for(state, figure: str) -> None:
    """The figure made Active: the player of its Team who controls it (its `player`) runs its turn."""
    controller = (state.figures.get(figure) or {}).get("player")
    if controller is not None and state.team_of(controller) == state.team_of(state.active):
        state.active = controller
