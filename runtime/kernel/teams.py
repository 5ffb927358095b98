"""Teams: the seats grouped into Teams by the game's `teams N`, and the functions over them.

The functions are `team`, `members`, `teammates` and `foes`. A Team is its id, "t1", "t2",
..."""
from __future__ import annotations

from .compile import _as_list


def players_of(state, who) -> list[str]:
    """The players a value names: a player, a Team (its seats) or a set of either."""
    out: list[str] = []
    for x in _as_list(who):
        for p in (state.teams[x] if x in state.teams else [x]):
            if p not in out:
                out.append(p)
    return out


def team(run, env, who):
    return run.state.team_of(who) if isinstance(who, str) else None


def members(run, env, team):
    """The players of the Teams still in the game, in seat order."""
    alive = run.state.in_game()
    return [p for p in players_of(run.state, team) if p in alive]


def teammates(run, env, who) -> list[str]:
    state = run.state
    mine = state.team_of(who)
    return [p for p in state.in_game() if p != who and mine is not None and state.team_of(p) == mine]


def foes(run, env, who) -> list[str]:
    """The players still in who are not of `who`'s Team (without Teams: every other player),
    in turn order from `who`."""
    state = run.state
    seats = state.players
    ring = seats[seats.index(who) + 1:] + seats[:seats.index(who)] if who in seats else list(seats)
    mine = state.team_of(who) if state.teams else None
    return [p for p in ring if p in state.in_game() and p != who and (mine is None or state.team_of(p) != mine)]


FUNCTIONS = {"team": team, "members": members, "teammates": teammates, "foes": foes}
