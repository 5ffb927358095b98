"""A figure's card drafted rather than dealt: the players pick the box's cards of its type in turn (`draft()`).

A game whose `setup { }` says `draft()` deals no figure that is a card (dashboards.deal_figures):
the players pick them, one at a time, in seat order from the first player and round and round,
each for themselves (a figure kind kept `per player`) or for their Team (`per team`: in a Team of
several players, the figure is the picker's, its `player`: each player of such a Team controls
the figure they pick), until
every holder has its `count` (a holder full is passed over); a picked card is gone from the
choices. A configuration that names the cards (`KernelConfig.dashboards`, a scenario's
`dashboards`) deals them instead."""
from __future__ import annotations

from .modes import figure_counts
from .rules import KernelError


def drafts(rules) -> bool:
    """Whether the game's setup drafts its figures' cards (a top-level `draft()` in `setup { }`)."""
    return any(s.get("op") == "primitive" and s.get("name") == "draft" for s in rules.slots.get("setup", []))


def _excluded(rules, exclude) -> set[str]:
    """The cards `draft(exclude: "unowned")` leaves out: each card whose figure a kind of figures
    no one owns uses (its cards' `figure` property: a non-player figure lends a drafted card's
    figure), and the cards of such a kind themselves."""
    if exclude is None:
        return set()
    if exclude != "unowned":
        raise KernelError(f"draft(exclude: {exclude!r}): \"unowned\" (the cards the figures no one owns use)")
    out = set()
    for kind, ctype in rules.dash.kinds.items():
        if rules.figures[kind]["unowned"]:
            for qid in rules.dash.roster.get(ctype, ()):
                out.add(rules.cards[qid].id)
                if rules.cards[qid].props.get("figure") is not None:
                    out.add(rules.cards[qid].props["figure"])
    return out


def draft(run, env, exclude=None) -> None:
    """`draft()`: each kind of figure that is a card, drafted (the module's docstring); logged
    `pick` (`player`, `holder`, `card`). Nothing when the figures were dealt already. With
    `exclude: "unowned"`, the cards the figures no one owns use are no choice (`_excluded`)."""
    from .dashboards import _place
    state, rules = run.state, run.rules
    if rules.dash is None:
        return
    for kind, ctype in rules.dash.kinds.items():
        spec = rules.figures[kind]
        if spec["unowned"] or any(x["kind"] == kind for x in state.figures.values()):
            continue  # no one's (unowned.py), or named by the configuration: dealt
        per_team = spec["per"] == "team"
        holders = list(state.teams) if per_team else list(state.players)
        have = {h: 0 for h in holders}
        want = dict(zip(holders, figure_counts(rules, spec, holders)))  # a mode's seats (modes.py)
        free = [q for q in rules.dash.roster[ctype] if rules.cards[q].id not in _excluded(rules, exclude)]
        if sum(want.values()) > len(free):
            raise KernelError(f"figure '{kind}': {len(holders)} holders of {spec['count']} need "
                              f"{sum(want.values())} cards of card type '{ctype}'; box '{rules.box}' "
                              f"has {len(free)}")
        seat = state.players.index(state.active) if state.active in state.players else 0  # the first player first
        while any(n < want[h] for h, n in have.items()):
            player = state.players[seat % len(state.players)]
            seat += 1
            holder = state.team_of(player) if per_team else player
            if have[holder] >= want[holder]:
                continue  # full: the next player picks
            names = [rules.cards[q].id for q in free]
            options = [f"pick {n}" for n in names]
            at = options.index(run.ask(player, "pick", f"pick a {ctype}", options))
            picked, qid = names[at], free.pop(at)
            index = holders.index(holder)
            start = spec["start"][index % len(spec["start"])] if spec["start"] else None
            _place(rules, state, kind, holder, qid, start)
            if per_team and len(state.teams[holder]) > 1:  # a Team of several players: the picker holds it
                state.figures[rules.cards[qid].id]["player"] = player
            have[holder] += 1
            state.log.append({"event": "pick", "player": player, "holder": holder, "card": picked})
    from .starts import player_starts
    player_starts(rules, state)  # a per-player counter summing the figures' printed property


PRIMITIVES = {"draft": draft}
