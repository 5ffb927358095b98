"""Figures set on the board by their players, not moved through it: placed at setup, returned, put on a space, offered a Move.

Split from movement.py (which names these words in its PRIMITIVES): `place-figures` (each of a
Team's figures off the board placed by its player, apart from the others as asked),
`return-figures` (each comes back and enters the space it is placed on), `put-figure` (set on a
space, no one choosing, nothing entered) and `offer-move` (the Team's first player may Move each
figure to a space next to it). docs/kernel.md, "Figures moving on the board"."""
from __future__ import annotations

from .compile import _as_list
from .writers import set_space


def _team_figures(state, team) -> list[str]:
    """The Team's figures (its own and its players') off the board and still in the game."""
    holders = {team, *state.teams.get(team, ())}
    return [f for f, x in state.figures.items()
            if x["owner"] in holders and x["space"] is None and not x.get("gone")]


def _chooser(state, figure, team) -> str:
    owner = state.figures[figure]["owner"]
    return owner if owner in state.players else (state.teams.get(team) or [state.active])[0]


def _choose(run, figure, team, options, kind: str) -> str:
    texts = [f"place {figure} {s}" for s in options]
    picked = run.ask(_chooser(run.state, figure, team), kind, f"place {figure}", texts)
    return options[texts.index(picked)]


def place_figures(run, env, team, on, apart="team") -> None:
    """Each of the Team's figures off the board, in turn, placed by its player on one of `on`
    with room, not where a figure of its Team (`apart "team"`) or any figure (`"all"`) stands;
    on any such space when none of `on` is. Not a Move: nothing is entered (logged `place-figure`)."""
    state = run.state
    if team not in state.teams:
        return
    for f in _team_figures(state, team):
        holders = {team, *state.teams[team]}
        taken = ({x["space"] for x in state.figures.values()} if apart == "all" else
                 {x["space"] for x in state.figures.values() if x["owner"] in holders} if apart != "none" else set())
        options = [s for s in _as_list(on) if s not in taken and _open(run, f, s)] or \
            [s for s in _spaces(run) if s not in taken and _open(run, f, s)]
        if options:
            dest = _choose(run, f, team, options, "placement")
            set_space(state, state.figures[f], dest)
            state.log.append({"event": "place-figure", "figure": f, "from": None, "to": dest})


def return_figures(run, env, team, to) -> None:
    """Each of the Team's figures off the board and still in the game comes back: its player
    places it on one of `to` with room (any space with room when none has), standing again
    (logged `return`), and it enters that space."""
    state = run.state
    if team not in state.teams:
        return
    for f in _team_figures(state, team):
        options = [s for s in _as_list(to) if _open(run, f, s)] or [s for s in _spaces(run) if _open(run, f, s)]
        if options:
            dest = _choose(run, f, team, options, "return")
            state.figures[f].pop("out", None)
            state.log.append({"event": "return", "figure": f, "to": dest})
            enter(run, env, f, dest, False)


def put_figure(run, env, figure, on) -> None:
    """Figures set on a space (the first, given several), no one choosing; not a Move, nothing
    entered (logged `place-figure`)."""
    on = _first(on)
    if on is None:
        return
    for f in _as_list(figure):
        if isinstance(f, str) and f in run.state.figures:
            was = run.state.figures[f]["space"]
            set_space(run.state, run.state.figures[f], on)
            run.state.log.append({"event": "place-figure", "figure": f, "from": was, "to": on})


def offer_move(run, env, figure, by) -> None:
    """The Team's first player may Move each of these figures on the board to a space next to
    it with room (`move FIGURE SPACE`), or not (`skip`, as a `may` is declined)."""
    from .board import adjacent
    state = run.state
    if by not in state.teams or not state.teams[by]:
        return
    for f in _as_list(figure):
        if not _on_board(state, f):
            continue
        options = [s for s in adjacent(run, env, state.figures[f]["space"]) if _open(run, f, s)]
        if not options:
            continue
        texts = [f"move {f} {s}" for s in options]
        picked = run.ask(state.teams[by][0], "move", f"move {f}?", texts + ["skip"])
        if picked != "skip":
            move_figure(run, env, f, options[texts.index(picked)])


# -- imported here, once: at the end, as these modules import this one's names (cycles)
from .movement import _first, _on_board, _open, _spaces, enter, move_figure  # noqa: E402
