"""Words relative to the figure an effect is for: its space and the spaces next to it, the Teams of the player acting, and who a figure is to them.

The figure an effect is for (`acting`) is the figure whose own trigger is heard (`self`), the
figure a piece lies on (in the piece's trigger), else the Active figure in its turn. The context
names `here`, `adjacent`, `here-or-adjacent` and `anywhere` are spaces relative to it; `my-team`,
`opposing-team`, `leading-team`, `owner`, `holder` and `active` name Teams, players and figures;
the selectors `friend`, `teammate`, `opponent`, `foe` and `player-figure` range over the figures
on the board by whom they belong to (docs/kernel.md, "Spaces, Teams and figures relative to the
acting figure")."""
from __future__ import annotations

from .compile import _as_list

# the selectors' kinds that range over figures by whom they belong to
RELATIONS = ("friend", "teammate", "opponent", "foe", "player-figure")


def acting(run, env):
    """The figure an effect is for: `self` in a figure's trigger, the figure a piece lies on in
    the piece's trigger, else the Active figure in the turn it was made Active; none without one."""
    if "ctx:self" in env:
        return env["ctx:self"]
    holder = env.get("ctx:holder")
    state = run.state
    if holder is not None and holder in state.figures:
        return holder
    return state.active_figure if state.active_turn == state.turn else None


def here(run, env):
    """The tile whose trigger is heard; the space a piece lies on; else the acting figure's space
    (none off the board, or without one)."""
    if "ctx:here" in env:
        return env["ctx:here"]
    holder = env["ctx:holder"] if "ctx:holder" in env else None
    if holder is not None and _is_space(run, holder):
        return holder
    state = run.state  # acting(), written out: no call
    if "ctx:self" in env:
        fig = env["ctx:self"]
    elif holder is not None and holder in state.figures:
        fig = holder
    else:
        fig = state.active_figure if state.active_turn == state.turn else None
    return state.figures[fig]["space"] if fig is not None else None


def adjacent(run, env) -> list:
    """The spaces next to `here` (in the board's order), none when `here` is none: a tile's
    neighbours on the board as laid read in place (board.adjacent's), any other space's through
    board.adjacent."""
    at = env["ctx:here"] if "ctx:here" in env else here(run, env)  # (a menu's env holds `here`: no call)
    if at is None:
        return []
    rules = run.rules
    lay = rules.layout
    if lay is not None and at in rules.spaces and at in lay.printed:
        board = run.state.board
        return list((lay.derived[board["key"]] if board["key"] in lay.derived else derive(run)).near.get(at, ())) \
            if board else []
    return next_to(run, env, at)


def here_or_adjacent(run, env) -> list:
    at = here(run, env)
    return [at, *adjacent(run, env)] if at is not None else []


def anywhere(run, env) -> list:
    """Every space in play: the declared spaces, or the tiles laid and not removed (the list
    Layout.spaces keeps for the board, copied in place when it is kept)."""
    layout = run.rules.layout
    if layout is None:
        return list(run.rules.spaces)
    board = run.state.board
    d = layout.derived[board["key"]] if board and board["key"] in layout.derived else None
    return d.spaces[:] if d is not None and d.spaces is not None else layout.spaces(run)


def side_of_me(run, env):
    """Whose side the player acting is on: their Team (`me` itself when it is a Team); without
    Teams, the player."""
    me = env.get("ctx:me")
    state = run.state
    if not state.teams or me in state.teams:
        return me
    return state.team_by.get(me)


def my_team(run, env):
    """The Team of the player acting (none in a game without Teams)."""
    return side_of_me(run, env) if run.state.teams else None


def opposing_team(run, env):
    """The first Team, in order, that is not `my-team` (none without Teams)."""
    mine = my_team(run, env)
    return next((t for t in run.state.teams if t != mine), None)


def leading_team(run, env):
    """The Team that leads the round (`lead(...)`; a player's Team when a player leads)."""
    lead = run.state.lead
    return run.state.team_by.get(lead) if lead in run.state.players else lead


def owner(run, env):
    """The owner of the card whose effect or trigger this is (a piece: its pool's), as `owner-of`."""
    card = env.get("ctx:this-card")
    return run.state.owners[card] if isinstance(card, int) and not isinstance(card, bool) else None


def active(run, env):
    """The Active figure, in the turn it was made Active (dashboards.py); none before one is."""
    state = run.state
    return state.active_figure if state.active_turn == state.turn else None


# context names as Python source over `run` and `env` (compile._CONTEXT): the function named `_rel`
CONTEXT = {"here": here, "adjacent": adjacent, "here-or-adjacent": here_or_adjacent, "anywhere": anywhere,
           "my-team": my_team, "opposing-team": opposing_team, "leading-team": leading_team, "owner": owner,
           "active": active}


def _is_space(run, x) -> bool:
    if not isinstance(x, str):
        return False
    layout = run.rules.layout
    return x in run.rules.spaces or (layout is not None and x in layout.printed)


def _side(state, owner_):
    """Whose side a figure's owner is on: a player's Team (with Teams), else the owner."""
    return state.team_by.get(owner_) if state.teams and owner_ in state.players else owner_


def related(run, env, kind: str):
    """The test `fig -> bool` of a relation to the player acting (and to the acting figure):
    `friend` a figure of their side (Team, or the player without Teams), `teammate` a friend other
    than the acting figure, `opponent` a figure of another side, `foe` an opponent or a figure of
    no one, `player-figure` a figure of a player or a Team."""
    state = run.state
    figures = state.figures
    if kind == "figure":
        return lambda f: True
    if kind == "player-figure":
        return lambda f: figures[f]["owner"] is not None
    mine = side_of_me(run, env)
    if kind in ("friend", "teammate"):
        me_fig = acting(run, env) if kind == "teammate" else None
        return lambda f: (mine is not None and figures[f]["owner"] is not None
                          and _side(state, figures[f]["owner"]) == mine and f != me_fig)
    if kind == "opponent":
        return lambda f: (mine is not None and figures[f]["owner"] is not None
                          and _side(state, figures[f]["owner"]) != mine)
    # foe: an opponent, or a figure no one holds (one that stands for a piece: of its placer alone, standing.py)
    return lambda f: (figures[f].get("quarry", mine) == mine if figures[f]["owner"] is None
                      else mine is not None and _side(state, figures[f]["owner"]) != mine)


def figures_in(run, env, kind: str, values) -> list:
    """The figures a relation's selector ranges over: those of `values` (a set of figures and
    spaces: the figures themselves, and the figures on the spaces), else every figure on the
    board; those that meet the relation (`related`'s test, written out in one loop: no call a
    figure), in the order of the figures. The figures' rows are read from their view for the
    figures' mark (seen.py): one space (`here`) reads the rows of the figures on it alone."""
    state = run.state
    figures = state.figures
    if values is None or values.__class__ is str and values not in figures:  # the board, or one space (`here`)
        seen = _SEEN[0]  # seen.view(state), its hit read in place (no call)
        if seen.mark != state.figures_mark or not seen.mark:
            seen = view(state)
        rows = seen.on if values is None else seen.at[values] if values in seen.at else None
    elif values.__class__ is str:  # one figure
        x = figures[values]
        rows = ((values, x["owner"], x["quarry"] if "quarry" in x else NO_QUARRY),)
    else:  # spaces (`adjacent`, `anywhere`): the rows of each read from the view; a figure named: the walk
        seen = _SEEN[0]
        if seen.mark != state.figures_mark or not seen.mark:
            seen = view(state)
        at, hit, rows = seen.at, None, None
        listed = values if values.__class__ is list else _as_list(values)  # (no call for a list)
        if figures.keys().isdisjoint(listed):  # no figure named (tested in C): the spaces with figures
            hit = []  # among those listed, walked over the few spaces that hold figures, not the list
            for v in at:
                if v in listed:
                    hit.append(v)
        if hit is None:
            rows = _walked(figures, listed)
        elif len(hit) == 1:
            rows = at[hit[0]]
        elif len(hit) == len(at):  # every space that holds figures (`anywhere`): the board's rows as they are
            rows = seen.on
        elif hit:  # the figures of several spaces, in the order of the figures
            chosen = set()
            for v in hit:
                for row in at[v]:
                    chosen.add(row[0])
            rows = []
            for row in seen.on:
                if row[0] in chosen:
                    rows.append(row)
    if not rows:
        return []
    test = _TESTS[kind] if kind in _TESTS else 4  # 4: foe
    out = []
    if test < 2:
        for f, o, _q in rows:
            if test == 0 or o is not None:  # figure; player-figure
                out.append(f)
        return out
    me = env["ctx:me"] if "ctx:me" in env else None  # side_of_me, written out
    teams, players, team_by = state.teams, state.players, state.team_by
    mine = me if not teams or me in teams else team_by.get(me)
    me_fig = acting(run, env) if kind == "teammate" else None
    for f, o, q in rows:
        side = (team_by.get(o) if teams and o in players else o) if o is not None else None  # _side
        if test == 2:  # friend, teammate
            if mine is not None and o is not None and side == mine and f != me_fig:
                out.append(f)
        elif test == 3:  # opponent
            if mine is not None and o is not None and side != mine:
                out.append(f)
        elif ((mine if q is NO_QUARRY else q) == mine if o is None else mine is not None and side != mine):  # foe
            out.append(f)
    return out


def _walked(figures: dict, listed) -> list:
    """figures_in's rows of the figures named in `listed` (on the board or off it) and of the
    figures on its spaces, in the order of the figures: the walk over every figure."""
    named, places = set(), set()
    for v in listed:
        if v in figures:
            named.add(v)
        elif v is not None:
            places.add(v)
    rows = []
    for f, x in figures.items():
        if f in named or x["space"] is not None and x["space"] in places:
            rows.append((f, x["owner"], x["quarry"] if "quarry" in x else NO_QUARRY))
    return rows


_TESTS = {"figure": 0, "player-figure": 1, "friend": 2, "teammate": 2, "opponent": 3, "foe": 4}


def is_related(run, env, x, kind: str) -> bool:
    """`x is friend` (a relation on the right of `is`): a figure that meets it (a kind of the
    shared vocabulary is the kernel's by then: compile.py reads it through `kernel_kind`)."""
    state = run.state  # related()'s test for one figure, written out: no test made, no call
    if not isinstance(x, str) or x not in state.figures:
        return False
    if kind == "figure":
        return True
    o = state.figures[x]["owner"]
    if kind == "player-figure":
        return o is not None
    me = env["ctx:me"] if "ctx:me" in env else None  # side_of_me
    mine = me if not state.teams or me in state.teams else state.team_by.get(me)
    side = (state.team_by.get(o) if state.teams and o in state.players else o) if o is not None else None  # _side
    if kind in ("friend", "teammate"):
        return (mine is not None and o is not None and side == mine
                and (kind != "teammate" or x != acting(run, env)))
    if kind == "opponent":
        return mine is not None and o is not None and side != mine
    return state.figures[x].get("quarry", mine) == mine if o is None else mine is not None and side != mine  # foe


# -- imported here, once: at the end, as these modules import this one's names
from .board import adjacent as next_to  # noqa: E402 - bound once, after this module's names (cycles)
from .layout import derive  # noqa: E402
from .seen import _KEPT as _SEEN, NO_QUARRY, view  # noqa: E402
