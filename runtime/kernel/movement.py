"""Figures moving on the board: a Move, a placement, off the board and back, out of the game, the free Move of a turn, and the events a game declares for them.

The words keep the names and parameters of the shared vocabulary (compiler/builtins.py), so a
content reads the same on either engine. A figure enters a space only where there is room for
it (the board's `capacity`, layout.has_room) and, for a Move (`move-figure`, `offer-move`) or a
placement (`place-figure`), only when no piece it holds names a restriction that `stops` that
word (`stops [move]`, `stops [place]`). Entering raises the game's `enter-event` (its fields,
in the order declared: the figure, the space entered), and a Move then raises its `move-event`
(the figure, the space left, the space entered) once the space entered has been heard, whatever
it did; a game that declares neither property raises nothing. `off-board` takes a figure off the board (it comes back by `return-figures`,
entering the space it is placed on), `remove-from-game` keeps it off for good; `place-figures`
and `put-figure` set figures on spaces without entering them. The free Move is the acting
figure's (relations.acting: the Active figure in its turn), once per turn: `spend-free-move()`
records the turn on the figure, as data (`"moved"`), which `free-move-available` and `moved`
read. docs/kernel.md, "Figures moving on the board"."""
from __future__ import annotations

from .compile import _as_list
from .events import named_events
from .layout import derive, open_space
from .relations import acting
from .writers import set_space

# the game's properties naming its events, with the names of the fields the kernel fills in when
# the IR does not give the event's own (its `fields`, in the order declared: the kernel fills them
# in that order)
EVENTS = {"enter-event": ("figure", "to"), "move-event": ("figure", "from", "to")}


class Movement:
    """What moving figures uses, read once from the game: its events, its restrictions' `stops`."""

    __slots__ = ("enter", "move", "stops", "stoppers", "fields", "keys")

    def __init__(self, rules) -> None:
        game = rules.game
        named = named_events(rules, EVENTS)
        self.enter, self.move = named["enter-event"], named["move-event"]
        # event -> the env keys of its fields, in the order the kernel fills them in
        self.fields: dict[str, tuple] = {}
        for prop, default in EVENTS.items():
            decl = next((c for c in game["children"] if c["kind"] == "event" and c["id"] == named[prop]), None)
            given = [f["name"] for f in decl.get("fields", ())] if decl is not None else []
            names = given if len(given) >= len(default) else default
            self.fields[prop] = tuple("var:" + n for n in names[:len(default)])
        self.keys = (self.fields["enter-event"], self.fields["move-event"])  # (enter's, the Move's): enter reads them
        # word -> the tokens (qids) whose `restricts` names a restriction that stops it, and
        # word -> (restriction, its tokens) in the order the game declares them (the line logged)
        self.stops: dict[str, set] = {}
        self.stoppers: dict[str, list] = {}
        stopping = {c["id"]: (c["props"].get("stops") or {}).get("value") or ()
                    for c in game["children"] if c["kind"] == "restriction"}
        if any(stopping.values()) and rules.pieces is not None:
            tokens = _tokens(rules)
            for name, words in stopping.items():
                held = {q for q in tokens if name in (rules.cards[q].props.get("restricts") or ())}
                for word in words if held else ():
                    self.stops.setdefault(word, set()).update(held)
                    self.stoppers.setdefault(word, []).append((name, held))


def _tokens(rules) -> list[str]:
    kinds = rules.pieces.types
    return [q for q, card in rules.cards.items() if card.type in kinds]


def may_stop(rules, word: str) -> bool:
    """A token of the game may name a restriction that `stops` this word (read at compile time:
    a body compiled before the game's pieces and events are read may, and asks in play)."""
    if not any(c["kind"] == "restriction" and word in ((c["props"].get("stops") or {}).get("value") or ())
               for c in rules.game["children"]):
        return False
    return rules.pieces is None or rules.hearing is None or bool(_of_rules(rules).stops.get(word))


def _of(run) -> Movement:
    rules = run.rules  # (_of_rules, written out: asked at every Move)
    found = rules.__dict__.get("_movement")
    if found is None:
        found = rules.__dict__["_movement"] = Movement(rules)
    return found


def _of_rules(rules) -> Movement:
    found = rules.__dict__.get("_movement")
    if found is None:
        found = rules.__dict__["_movement"] = Movement(rules)
    return found


def _held(run, figure, word: str) -> set:
    """The tokens of the pieces the figure holds (in the game's zone of pieces kept per figure)
    that name a restriction that `stops` this word."""
    tokens = _of(run).stops.get(word)
    if not tokens or run.rules.pieces is None:
        return set()
    zone = run.rules.pieces.zones.get("figure")
    state = run.state
    if zone is None:
        return set()
    return {state.cards[uid] for uid in state.zones.get(f"{zone}/{figure}", ())} & tokens


def _holds_stop(run, figure, word: str) -> bool:
    """A piece the figure holds names a restriction that `stops` this word (`_held`, written out)."""
    tokens = _of(run).stops.get(word)
    if not tokens or run.rules.pieces is None:
        return False
    zone = run.rules.pieces.zones.get("figure")
    state = run.state
    return zone is not None and any(state.cards[uid] in tokens for uid in state.zones.get(f"{zone}/{figure}", ()))


def stopped(run, figure, word: str) -> bool:
    """The figure is refused this word by a piece it holds: logged `restricted`, under the first
    restriction the game declares that stops the word and that a piece it holds names."""
    held = _held(run, figure, word)
    if not held:
        return False
    name = next(name for name, tokens in _of(run).stoppers[word] if tokens & held)
    run.state.log.append({"event": "restricted", "figure": figure, "restriction": name, "word": word})
    return True


def _on_board(state, figure) -> bool:
    fig = state.figures.get(figure) if isinstance(figure, str) else None
    return fig is not None and fig["space"] is not None


def _spaces(run) -> list:
    layout = run.rules.layout
    return list(run.rules.spaces) if layout is None else layout.spaces(run)


def _open(run, figure, space) -> bool:
    """The space is in play (one of _spaces(run), tested without making the list) and has room
    for the figure (it is not there already; layout.open_space written out: the places filled
    read from the figures' view of their mark, seen.py)."""
    if space is None:
        return False
    rules, state = run.rules, run.state
    layout = rules.layout
    if layout is None:
        return space in rules.spaces and state.figures[figure]["space"] != space
    board = state.board
    if not (space in rules.spaces and space not in layout.printed or board and space in (
            layout.derived[board["key"]] if board["key"] in layout.derived else derive(run)).live):
        return False
    if state.figures[figure]["space"] == space:
        return False
    try:
        caps = layout.caps_printed
    except AttributeError:
        return open_space(run, None, space)  # (its table made there, once per rules)
    if space not in caps:
        return True
    cap = board["down"] if "down" in board and board["down"] else caps[space]
    if cap is None:
        return True
    seen = _SEEN[0]  # seen.view(state), its hit read in place (no call)
    if seen.mark != state.figures_mark or not seen.mark:
        seen = view(state)
    filled = seen.filled
    return (filled[space] if space in filled else 0) < cap


def enter(run, env, figure, space, is_move: bool) -> None:
    """The figure onto the space (a Move or a placement, logged `move` or `place-figure`), then the
    events heard (their fields' dicts written out, in the order declared: Movement.keys)."""
    state = run.state
    fig = state.figures[figure]
    was = fig["space"]
    seen, mark = _SEEN[0], state.figures_mark
    set_space(state, fig, space)
    if seen.mark == mark and mark and was is not None and space is not None and was != space:
        _seen_moved(seen, figure, fig, was, space, state.figures_mark)  # the figures' view brought to the new mark
    state.log.append({"event": "move" if is_move else "place-figure", "figure": figure, "from": was, "to": space})
    kept = run.rules.__dict__  # _of(run), its hit read in place (no call)
    spec = kept["_movement"] if "_movement" in kept else _of(run)
    if spec.enter is not None:  # (the event's lander called itself: events.land's frame left out)
        by, at = spec.keys[0]
        run.rules.hearing.landers[spec.enter](run, env, 0, {by: figure, at: space, "_at": (figure, space)}, (), True)
    if is_move and spec.move is not None and state.result is None:  # (heard where it happens: heard_at)
        by, left, at = spec.keys[1]
        run.rules.hearing.landers[spec.move](run, env, 0, {by: figure, left: was, at: space}, (), True)


def heard_at(run, kept: dict, at: tuple) -> bool:
    """Whether a listener hears a figure entering a space (`at`: the figure, the space): the
    pieces on a space and the tiles hear it at that space only, a tile's own triggers only while
    the figure still stands there (after the pieces there, which may have knocked it out or moved
    it on); the rules, the pieces on other holders, the figures and the cards hear it anywhere."""
    figure, space = at
    tile = kept.get("ctx:here")
    if tile is not None:
        return tile == space and run.state.figures[figure]["space"] == space
    holder = kept.get("ctx:holder")
    return holder is None or holder == space or not _is_space(run, holder)


def _first(to):
    """The space a destination stands for: the first of a list (none of an empty one: `up-to 1`
    declined)."""
    return (to or [None])[0] if isinstance(to, list) else to


def move_figure(run, env, figure, to) -> None:
    """A Move of each figure on the board not stopped from moving, into the space given if it
    has room; `to` (a function in a compiled block: move_figure_lines) is evaluated, and any
    question it asks asked, only when one of the figures may Move."""
    figures, kept = run.state.figures, run.rules.__dict__
    stops = (kept["_movement"] if "_movement" in kept else _of(run)).stops  # (stopped: no piece stops a Move
    stops = stops["move"] if "move" in stops and run.rules.pieces is not None else None  # without these tokens)
    movers = []
    for f in figure if type(figure) is list else _as_list(figure):  # (_on_board and stopped, written out)
        if isinstance(f, str) and f in figures and figures[f]["space"] is not None and \
                not (stops and stopped(run, f, "move")):
            movers.append(f)
    if not movers:
        return
    dest = to() if callable(to) else to
    if dest.__class__ is list:  # _first, written out
        dest = dest[0] if dest else None
    for f in movers:
        if _open(run, f, dest):
            enter(run, env, f, dest, True)


def move_figure_lines(stmt: dict, space: dict, names) -> list[str]:
    """`move-figure(f, to: y)` in a compiled block: the figures evaluated, then `to` within the
    call, once one of them may Move (compile_stmts._primitive)."""
    from .compile import name_for, source
    args = stmt["args"]
    figure, to = source(args.get("figure"), space, names), source(args.get("to"), space, names)
    return [f"{name_for(space, move_figure)}(run, env, {figure}, lambda: {to})"]


def place_figure(run, env, figure, to, tags=()) -> None:
    """Each figure (on the board or off it) placed into the space given if it has room, unless
    stopped from being placed: not a Move, so no `move-event`."""
    dest = _first(to)
    for f in _as_list(figure):
        if isinstance(f, str) and f in run.state.figures and not stopped(run, f, "place") and _open(run, f, dest):
            enter(run, env, f, dest, False)


def off_board(run, env, figure) -> None:
    """Each figure on the board taken off it (logged `off-board`); the Active figure's turn ends."""
    state = run.state
    for f in _as_list(figure):
        if _on_board(state, f):
            set_space(state, state.figures[f], None)
            state.log.append({"event": "off-board", "figure": f})
            if f == state.active_figure and state.active_turn == state.turn:
                state.end_turn = True


def remove_from_game(run, env, figure) -> None:
    """Each figure out for good: off the board, and nothing brings it back (`"gone"`). A player
    whose figures (their own and their Team's) are all gone stands no more (`vocabulary.standing`)
    and, once the round is over (`players_out`), is out of the game as `knock-out` puts them out:
    the rest of the round their seat plays its turns (a die left is forfeited), then none."""
    state = run.state
    for f in _as_list(figure):
        if isinstance(f, str) and f in state.figures and not state.figures[f].get("gone"):
            state.figures[f]["gone"] = True  # (before the write that gives the figures a new mark: seen.py)
            set_space(state, state.figures[f], None)
            state.log.append({"event": "remove-from-game", "figure": f})
    if not run.rules.uses_rounds:
        players_out(run, env)


def all_gone(state, player) -> bool:
    """The player has figures (their own or their Team's), and each is removed from the game."""
    holders = {player, state.team_of(player)}
    mine = [x for x in state.figures.values() if x["owner"] in holders]
    return bool(mine) and all(x.get("gone") for x in mine)


def players_out(run, env) -> None:
    """Every player still in whose figures are all removed from the game is out (`knock-out`)."""
    from .primitives import knock_out
    state = run.state
    for player in state.in_game():
        if all_gone(state, player):
            knock_out(run, env, [player])


def spend_free_move(run, env) -> None:
    """The acting figure's free Move of this turn is used up (none without an acting figure)."""
    fig = acting(run, env)
    if fig is not None and fig in run.state.figures:
        run.state.figures[fig]["moved"] = run.state.turn


def free_move_available(run, env) -> bool:
    """There is an acting figure, and it has used neither its free Move nor its part this turn
    (the free Move comes before the part is resolved: record.py's `resolved`)."""
    state = run.state
    figures = state.figures
    if "ctx:self" in env:  # relations.acting, written out (no call)
        fig = env["ctx:self"]
    elif "ctx:holder" in env and env["ctx:holder"] is not None and env["ctx:holder"] in figures:
        fig = env["ctx:holder"]
    else:
        fig = state.active_figure if state.active_turn == state.turn else None
    if fig is None or fig not in figures:
        return False
    kept, turn = figures[fig], state.turn
    return ("moved" not in kept or kept["moved"] != turn) and ("resolved" not in kept or kept["resolved"] != turn)


def moved(run, env) -> bool:
    """The acting figure has used its free Move this turn."""
    fig = acting(run, env)
    return fig is not None and fig in run.state.figures and run.state.figures[fig].get("moved") == run.state.turn


def can_move(run, env, figure) -> bool:
    """The figure is on the board and no piece it holds names a restriction that `stops [move]`
    (_on_board, and _holds_stop's first test, written out)."""
    figures, kept = run.state.figures, run.rules.__dict__
    if not isinstance(figure, str) or figure not in figures or figures[figure]["space"] is None:
        return False
    stops = (kept["_movement"] if "_movement" in kept else _of(run)).stops
    return not ("move" in stops and stops["move"] and _holds_stop(run, figure, "move"))


# -- imported here, once: at the end, as these modules import this one's names
from .placing import offer_move, place_figures, put_figure, return_figures  # noqa: E402,F401 - (in PRIMITIVES)
from .relations import _is_space  # noqa: E402 - bound once, after this module's names (cycles)
from .seen import _KEPT as _SEEN, moved as _seen_moved, view  # noqa: E402


PRIMITIVES = {"move-figure": move_figure, "place-figure": place_figure, "off-board": off_board,
              "remove-from-game": remove_from_game, "place-figures": place_figures,
              "return-figures": return_figures, "put-figure": put_figure, "offer-move": offer_move,
              "spend-free-move": spend_free_move}
FUNCTIONS = {"can-move": can_move}
# the context names, read by compile.py's generated source as `_move[NAME](run, env)`
CONTEXT = {"free-move-available": free_move_available, "moved": moved}
