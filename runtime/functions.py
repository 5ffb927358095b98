"""The runtime functions' closures over the board and the figures, picked once by `expressions.function(name)`.

Each takes (engine, env, the arguments in FN_PARAMS order)."""
from __future__ import annotations

import ast

from .effects import id_of
from .rules import prop
from .state import Figure
from . import turn_words


def _count(eng, env, what, on, of):
    if isinstance(what, list):
        return len(what)
    if what is None:
        return 0
    return eng.count_tokens(what, on, of)


def _stack_bonus(eng, env, token, on, of):
    if isinstance(on, int):
        return eng.state.board.locations[on].bonus.get((token, of), 0)
    return 0


def _activated_this_round(eng, env):
    figures = eng.state.figures
    return [figures[k] for k in getattr(eng, "activated_this_round", ()) if not figures[k].eliminated]


def _empty(eng, env, loc):
    if loc is None:
        return False
    board = eng.state.board
    L = board.locations[loc]
    return not L.figures and not any(L.tokens.values()) and not eng.state.token_pile(loc) \
        and not any(loc in e for e in board.blocked)


def _open(eng, env, loc):
    """`open(loc)`: ExpressionsMixin.is_open, read without a second call (menus ask it per Location)."""
    if loc is None:
        return False
    L = eng.state.board.locations[loc]
    return not L.removed and len(L.figures) < L.slots


def _has_icon(eng, env, loc, icon):
    locations = eng.state.board.locations
    if loc is None or locations[loc].comp is None:
        return False
    icons = locations[loc].comp["props"].get("icons")  # prop(comp, "icons"), read without a call
    return icons is not None and id_of(icon) in (icons["value"] or ())


def _adjacent_to(eng, env, where):
    loc = where.location if isinstance(where, Figure) else where
    return list(eng.state.board.adjacent(loc)) if loc is not None else []


def _team_of(eng, env, f):
    if not isinstance(f, Figure):
        return None
    return f.team if f.kind != "token" else f.owner


def _all_ko_this_round(eng, env, team):
    st = eng.state
    chars = st.characters(team) if team in st.teams else []
    return bool(chars) and all(f.ko_round == st.round and f.location is None for f in chars)


def _is_base(eng, env, loc):
    comp = eng.state.board.locations[loc].comp if loc is not None else None
    return bool(comp and prop(comp, "base"))


def _tagged(eng, env, tag):
    tags = env.pending.tags if env.pending else env.event.get("$tags", frozenset())
    return tag in tags


def _can_move(eng, env, f):
    return isinstance(f, Figure) and f.location is not None and not eng.stops(f, "move")


def _same_location(eng, env, a, b):
    return isinstance(a, Figure) and isinstance(b, Figure) and a.location is not None and a.location == b.location


def _can_play(eng, env, card, timing):
    comp = eng.rules.by_qid.get(card) if isinstance(card, str) else None
    if comp is None or "effect" not in comp["effects"]:
        return False
    p = comp["props"].get("timing")  # rules.prop written in
    if (p["value"] if p is not None else None) != timing:
        return False
    guard = comp["effects"]["effect"]["when"]
    return guard is None or eng.static_eval(guard, env)  # a card's own condition reads no local


# ---- the commonest functions as Python source, written into a joined expression ------------
#
# A pure expression is compiled from its parts' joined source (runtime/compiled_expressions.py);
# a function below is written into it as the expression its closure above computes, its
# arguments evaluated once each, in order (an argument read twice is kept in a name of the
# expression's own, `:=`), so a call of a guard or a condition costs no Python call. Each
# gives the closure's value for every argument (tests/test_runtime_inline_functions.py).

_TEMPS = iter(range(10 ** 9))


def temp() -> str:
    """A name for a value kept by `:=` in joined source (unique: sources nest and join)."""
    return f"_t{next(_TEMPS)}"


def _inline_open(loc):
    a, L = temp(), temp()
    return f"(({a} := {loc}) is not None and not ({L} := eng.state.board.locations[{a}]).removed " \
           f"and len({L}.figures) < {L}.slots)"


def _literal(src: str):
    """The value of a source that is a string literal (a token's or an icon's qid written in),
    else None: what such an argument is is known when the expression is compiled."""
    try:
        value = ast.literal_eval(src)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return value if value.__class__ is str else None


def or_0(src: str) -> str:
    """`(SRC or 0)`, a number's source in a comparison or a sum; a number written as a literal
    is its own value (`(0) or 0` is `0`)."""
    try:
        value = ast.literal_eval(src)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return f"({src} or 0)"
    return repr(value or 0) if value.__class__ is int else f"({src} or 0)"


def _inline_has_icon(loc, icon):
    qid = _literal(icon)
    if qid is not None:  # the icon's id worked out now, not at every call
        a, c, i = temp(), temp(), temp()
        return f"(({a} := {loc}) is not None " \
               f"and ({c} := eng.state.board.locations[{a}].comp) is not None " \
               f"and ({i} := {c}['props'].get('icons')) is not None and {id_of(qid)!r} in ({i}['value'] or ()))"
    a, c, i, n = temp(), temp(), temp(), temp()
    return f"((({a} := {loc}), ({n} := {icon}))[0] is not None " \
           f"and ({c} := eng.state.board.locations[{a}].comp) is not None " \
           f"and ({i} := {c}['props'].get('icons')) is not None and ID_OF({n}) in ({i}['value'] or ()))"


def _inline_count(what, on, of):
    if _literal(what) is not None:  # a token's qid: neither a list nor None, counted at once
        return f"eng.count_tokens({what}, {on}, {of})"
    w, o, f = temp(), temp(), temp()
    return f"(len({w}) if isinstance(({w} := {what}, {o} := {on}, {f} := {of})[0], list) " \
           f"else 0 if {w} is None else eng.count_tokens({w}, {o}, {f}))"


def alone(rules, qid: str) -> bool:
    """Does a count of token `qid` count its own pieces alone (no token's `group` is it)? Read
    from the rules, as TokenCountsMixin.matching finds it at play (a group's name read as any
    token's id: a doubt counts the group, by the general path)."""
    tid = id_of(qid)
    return qid in rules.tokens and not any(t != qid and prop(tok, "group") == tid for t, tok in rules.tokens.items())


def _none(src: str) -> bool:
    """Is a source the literal None (a count's `of` not given)?"""
    try:
        return ast.literal_eval(src) is None
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def count_source(what: str, on: str, of: str, rules, names: dict, on_kind: str | None = None) -> str:
    """`count(TOKEN, on: X, of: Y)` written in: for a token counted alone (`alone`), the read
    TokenCountsMixin.count_tokens makes for the place's kind, without its call and its walk
    down the kinds: a figure's store, an edge's (none yet: 0), a Team's sums (`team_count`),
    a Location's pieces placed by a Team, a Team's over every Location (the board's tally, once
    made); any other place (a Location with its face-down pile, a list) by count_tokens itself."""
    qid = _literal(what)
    if qid is None or not alone(rules, qid):
        return _inline_count(what, on, of)
    q = temp()  # the qid bound by a short name: the joined source stays short (compiled_expressions._INLINE_UP_TO)
    names[q] = qid
    if on_kind is not None:  # the place is a selector's `it`, whose kind is known: its one read
        return _count_at_kind(q, on, of, on_kind)
    o, c, f, e, k = temp(), temp(), temp(), temp(), temp()
    if _none(of):
        return f"({o}.tokens.totals.get({q}, 0) if ({c} := ({o} := {on}).__class__) is FIGURE " \
               f"else ({e}.totals.get({q}, 0) if ({e} := eng.state.board.edge_tokens.get({o})) is not None else 0) " \
               f"if {c} is tuple else eng.team_count({q}, {o}) if {c} is str else eng.count_tokens({q}, {o}, None))"
    return f"(({o}.tokens.owned.get(({q}, {f}), 0) if {f} is not None else {o}.tokens.totals.get({q}, 0)) " \
           f"if ({c} := (({o} := {on}), ({f} := {of}))[0].__class__) is FIGURE " \
           f"else eng.state.board.locations[{o}].tokens.owned.get(({q}, {f}), 0) if {c} is int and {f} is not None " \
           f"else {k}[2].get(({q}, {f}), 0) if {c} is list and {f} is not None and " \
           f"({k} := eng._board_tally)[0] is eng.state.board and {o} == {k}[1] " \
           f"else eng.count_tokens({q}, {o}, {f}))"


def _count_at_kind(q: str, on: str, of: str, kind: str) -> str:
    """count_source's read when the place (`on`: a selector's `it`, read twice at no cost, or
    `my-team`) is known to be a figure, a Location, an edge or a Team (a Team's id, or None)."""
    f, e = temp(), temp()
    given = not _none(of)
    if kind == "figure":
        if not given:
            return f"{on}.tokens.totals.get({q}, 0)"
        return f"({on}.tokens.owned.get(({q}, {f}), 0) if ({f} := {of}) is not None else {on}.tokens.totals.get({q}, 0))"
    if kind == "location" and given:  # without `of`: its face-down pile too, count_tokens'
        return f"(eng.state.board.locations[{on}].tokens.owned.get(({q}, {f}), 0) if ({f} := {of}) is not None " \
               f"else eng.count_tokens({q}, {on}, None))"
    if kind == "edge" and not given:
        return f"({e}.totals.get({q}, 0) if ({e} := eng.state.board.edge_tokens.get({on})) is not None else 0)"
    if kind == "team" and not given:
        return f"eng.team_count({q}, {on})"
    return f"eng.count_tokens({q}, {on}, {of})"


def has_source(holder: str, token: str, rules, names: dict, on_kind: str | None = None) -> str:
    """`has(X, TOKEN)`: its count (count_source) above 0."""
    return f"({count_source(token, holder, 'None', rules, names, on_kind)} > 0)"


COUNT_SOURCES = {"count": count_source, "has": has_source}  # written in with the rules (the tokens' groups)


def _inline_box_property(name):
    """`box-property(NAME)`: the game's box's printed property (rules.prop written in)."""
    p = temp()
    return f"({p}['value'] if ({p} := eng.box['props'].get({name})) is not None else None)"


def _inline_location_of(f):
    x = temp()
    return f"({x}.location if isinstance({x} := {f}, FIGURE) else None)"


def _inline_team_of(f):
    x = temp()
    return f"(({x}.team if {x}.kind != 'token' else {x}.owner) if isinstance({x} := {f}, FIGURE) else None)"


def _team_of_figure(f: str) -> str:
    x = temp()
    return f"({x}.team if ({x} := {f}).kind != 'token' else {x}.owner)"


# team-of and location-of of a value known to be a figure (a figure selector's `it`): no test of its class
OF_FIGURE = {"team-of": _team_of_figure, "location-of": lambda f: f"{f}.location"}


def here_source() -> str:
    """`here` (ExpressionsMixin.here_of): the Env's Location, else its figure's."""
    h, f = temp(), temp()
    return f"({h} if ({h} := env.here) is not None " \
           f"else {f}.location if ({f} := env.self_fig or env.holder) is not None else None)"


def adjacent_source() -> str:
    """`adjacent` (expressions._adjacent): the Locations next to `here`, a list."""
    h = temp()
    return f"(list(eng.state.board.adjacent({h})) if ({h} := {here_source()}) is not None else [])"


INLINE = {"open": _inline_open, "has-icon": _inline_has_icon, "count": _inline_count,
          "box-property": _inline_box_property, "location-of": _inline_location_of, "team-of": _inline_team_of}
INLINE_NAMES = {"ID_OF": id_of, "FIGURE": Figure}  # the names the sources above read

# the turn's words are written in too (runtime/turn_words.py, its own INLINE)
INLINE.update(turn_words.INLINE)
INLINE_NAMES.update(turn_words.INLINE_NAMES)
CONTEXT_INLINE = dict(turn_words.CONTEXT_INLINE)  # context name -> () -> its source (compile_ctx)


def _inline_my_hand():
    """`my-hand` (expressions._my_hand): the sorted hand of the Env's controller in its Team."""
    t = temp()
    return f"(sorted({t}.hands.get(env.controller, [])) if ({t} := eng.state.teams.get(env.team)) is not None else [])"


CONTEXT_INLINE["my-hand"] = _inline_my_hand
