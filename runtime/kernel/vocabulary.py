"""The shared vocabulary's functions that kernel games play in general terms: a figure's space and Team, the spaces next to one, figures on the board or of no one, Teams in lead order and after one, dice totals, the figures made Active this round, the tokens on a holder, a pick by chance, a tile's icons, a card's flags and the box's properties.

Each keeps the name and the parameters of its entry in compiler/builtins.py (FUNCTIONS), so a
content reads the same on either engine; compiler/builtins_kernel.py lists them among the
words kernel games share (SHARED_FUNCTIONS). docs/kernel.md, "Functions of the shared
vocabulary"."""
from __future__ import annotations

import re

from .compile import _as_list
from .figure_parts import activated, activations


def figure_space(run, env, figure):
    """The space a figure stands on (none off the board, or for a value that is no figure): the
    kernel's `space-of`."""
    fig = run.state.figures.get(figure) if isinstance(figure, str) else None
    return fig["space"] if fig is not None else None


def adjacent_to(run, env, where) -> list:
    """The spaces next to a space, or to a figure's space: the kernel's `adjacent`."""
    return adjacent(run, env, where) if where is not None else []


def team_of(run, env, figure):
    """The Team a figure belongs to: the Team that holds it, or its player's Team; none for a
    figure of no one, or in a game without Teams."""
    state = run.state
    fig = state.figures.get(figure) if isinstance(figure, str) else None
    if fig is None or fig["owner"] is None or not state.teams:
        return None
    owner = fig["owner"]
    return owner if owner in state.teams else state.team_by.get(owner)


def on_board(run, env, figures) -> list:
    """Those of the figures that stand on a space, in the order given."""
    known = run.state.figures
    return [f for f in _as_list(figures) if isinstance(f, str) and f in known and known[f]["space"] is not None]


def unowned_figures(run, env) -> list:
    """The figures that no player and no Team holds, in the order of the figures (not those that
    stand for a placed piece: standing.py)."""
    return [f for f, x in run.state.figures.items() if x["owner"] is None and "quarry" not in x]


def _leading_team(state):
    lead = state.lead
    return state.team_by.get(lead) if lead in state.players else lead


def in_lead_order(run, env, set) -> list:
    """These Teams in seat order from the Team that leads the round (from the first Team
    without a lead); players in seat order from the leading player (a leading Team's first
    seat). Values that are neither are left out."""
    state = run.state
    wanted = set if set.__class__ is list else _as_list(set)
    teams = list(state.teams)
    every = bool(teams)
    for x in wanted if every else ():  # all() written out: no generator's frame
        if x not in state.teams:
            every = False
            break
    if every:
        lead = _leading_team(state)
        k = teams.index(lead) if lead in teams else 0
        seats = teams
    else:
        seats = state.players
        lead = state.lead
        first = lead if lead in seats else (state.teams[lead][0] if lead in state.teams else None)
        k = seats.index(first) if first in seats else 0
    out = []
    for t in seats[k:] + seats[:k]:  # (a loop: a comprehension would make `wanted` a cell)
        if t in wanted:
            out.append(t)
    return out


def next_team(run, env, team):
    """The Team after this one in order (`t1`, `t2`, ...) that still has a player in the game;
    none without Teams."""
    state = run.state
    teams = list(state.teams)
    if team not in teams:
        return None
    alive = state.in_game()
    k = teams.index(team)
    return next((t for t in teams[k + 1:] + teams[:k + 1] if any(p in alive for p in state.teams[t])), None)


def dice_total(run, env, of):
    """The sum of the free dice of a player or a Team; of a set of them, each one's sum, in order."""
    dice = run.state.dice
    if of is None:
        return 0
    totals = []
    for holder in of if isinstance(of, list) else (of,):  # loops: no function, generator or comprehension a holder
        n = 0
        for x in dice.values():
            if x["owner"] == holder and x["on"] is None:
                n += x["value"] or 0
        totals.append(n)
    return totals if isinstance(of, list) else totals[0]


def flagged(run, env, token, flag) -> bool:
    """The card's declaration gives it this flag (or any property not false): a token's printed
    card (its qid, or a piece of it), a card instance, or a tile of a laid board."""
    rules = run.rules
    if isinstance(token, str) and token in rules.cards:  # a printed card's: kept per rules (printed, it never changes)
        kept = rules.__dict__
        flags = kept["_flagged"] if "_flagged" in kept else kept.setdefault("_flagged", {})
        if (token, flag) not in flags:
            flags[token, flag] = bool(_printed_property(rules, rules.cards[token], flag))
        return flags[token, flag]
    return bool(property_of(run, token, flag))


def has_icon(run, env, icon=None, **given) -> bool:
    """The tile prints the icon: the icon's id is in its property that the game's board names
    `icons` (`board ... { icons icons }`); a space that is no tile, or a board that names no such
    property, prints none. (`given`: the space, under the shared word's own parameter name.)"""
    space = None
    for space in given.values():  # the one argument, read without a call
        break
    layout = run.rules.layout
    if layout is None or layout.icons is None or not isinstance(space, str) or not isinstance(icon, str):
        return False
    try:
        table = layout.icons_printed  # each tile's printed icons, read once per rules (kept on its Layout)
    except AttributeError:
        table = layout.icons_printed = _icons_printed(run.rules, layout)
    if space not in table:
        return False  # a space that is no tile
    printed, board = table[space], run.state.board
    if board and "down" in board and board["down"]:  # face down: nothing printed but the capacity (layout.tile_property)
        printed = (board["down"] if layout.icons == layout.capacity else None) or ()
    name = _ICON_IDS[icon] if icon in _ICON_IDS else None
    if name is None:
        name = _ICON_IDS[icon] = re.split(r"[:/]", icon)[-1]
    return name in printed


def _icons_printed(rules, layout) -> dict:
    """Each tile's printed icons (has_icon's table, in a function of its own: no cells there)."""
    return {t: _printed_property(rules, card, layout.icons) or () for t, card in layout.printed.items()}


_ICON_IDS: dict[str, str] = {}  # an icon's qid -> its id (`box:icon:gift-spot` -> `gift-spot`), split once


def tokens_on(run, env, where, of=None) -> list:
    """The tokens whose pieces lie on a figure, a space, a player or a Team (those owned by `of`,
    if given: a Team, or a player), each once, in the order of their ids; none on a holder no
    zone of pieces is kept for."""
    pieces = run.rules.pieces
    if pieces is None or where is None:
        return []
    state = run.state  # holder_key's kept keys of figures and spaces read in place (pieces_at.count's)
    kept = pieces.keyed[0] if where in state.figures else pieces.keyed[1]
    key = kept[where] if where in kept else None
    if key is None:
        try:
            key = holder_key(run, where)
        except KernelError:
            return []
    uids = state.zones[key] if key in state.zones else None
    if not uids:  # nothing on it (the common case): no set, no sort
        return []
    cards = state.cards
    if of is None:
        found = set(map(cards.__getitem__, uids))  # (in C: no comprehension's frame)
    else:
        owners, found, held = {of, *(state.teams.get(of, ()))}, set(), state.owners
        for uid in uids:  # a loop: no comprehension's frame
            if held[uid] in owners:
                found.add(cards[uid])
    if len(found) < 2:  # one token (or none of `of`'s): nothing to sort
        return list(found)
    kept = run.rules.__dict__  # each token's id by its qid, kept per rules: no lambda a token
    ids = kept["_token_ids"] if "_token_ids" in kept else kept.setdefault("_token_ids", {})
    for qid in found:
        if qid not in ids:
            ids[qid] = run.rules.cards[qid].id
    return sorted(found, key=ids.__getitem__)


def standing(run, env, team) -> bool:
    """The Team still has a player in the game whose figures are not all removed from it."""
    state = run.state
    alive = state.in_game()
    return team in state.teams and any(p in alive and not all_gone(state, p) for p in state.teams[team])


def coin_toss_between(run, env, set):
    """One of these values by chance: of two, a coin toss (`coin-toss()`: forced by a scenario's
    `coins`, else seeded; logged `coin`), heads the first, tails the last; of more, one drawn at
    random (seeded); of one, that one; none of none."""
    among = _as_list(set)
    if len(among) < 2:
        return among[0] if among else None
    if len(among) == 2:
        return among[0] if coin_toss(run, env) == "heads" else among[1]
    state = run.state
    gen = state.random()
    picked = choice(gen, among)
    state.keep(gen)
    return picked


def pick_at_random(run, env, set):
    """One of these values at random, as `coin-toss-between` picks it, but not logged."""
    log = run.state.log
    size = len(log)
    picked = coin_toss_between(run, env, set)
    del log[size:]
    return picked


def box_property(run, env, name):
    """A property the box being played prints (`box-property("players")`); none when it prints
    none."""
    return run.rules.box_props.get(name)


FUNCTIONS = {"location-of": figure_space, "adjacent-to": adjacent_to, "team-of": team_of, "on-board": on_board,
             "unowned-figures": unowned_figures, "in-lead-order": in_lead_order, "next-team": next_team,
             "dice-total": dice_total, "flagged": flagged, "box-property": box_property, "has-icon": has_icon,
             "activations": activations, "activated": activated, "tokens-on": tokens_on, "standing": standing,
             "coin-toss-between": coin_toss_between, "pick-at-random": pick_at_random}

# read at call time; imported once this module's FUNCTIONS is made (primitives._more reads it)
from .board import adjacent  # noqa: E402
from .dice import coin_toss  # noqa: E402
from .draws import choice  # noqa: E402
from .movement import all_gone  # noqa: E402
from .pieces import holder_key  # noqa: E402
from .primitives import _printed_property, property_of  # noqa: E402
from .rules import KernelError  # noqa: E402
