"""Parts used `once per turn`, `round` or `game`: `special-of(figure)`, `can-use(PART)` and `use-special(PART)`, what each reads kept once per rules."""
from __future__ import annotations


def special_of(run, env, figure):
    """The figure's first part of a card type used `once per ...` (one that declares `once`);
    none without one. The zones such parts lie in are listed once per figure card (`_specials`)."""
    figures = run.state.figures  # (reads by `in` and subscript: no call)
    fig = figures[figure] if (figure.__class__ is str or isinstance(figure, str)) and figure in figures else None
    if fig is None or "card" not in fig:
        return None
    card = fig["side"] if "side" in fig and fig["side"] else fig["card"]
    specials = run.rules.dash.specials  # also (card, figure) -> the zones of those parts: no string made a call
    keys = specials[card, figure] if (card, figure) in specials else None
    if keys is None:
        types = specials[card] if card in specials else None
        if types is None:
            types = specials[card] = _specials(run.rules, card)
        keys = []
        for ctype in types:  # (a loop: a generator would make `figure` a cell of every call)
            keys.append(f"{ctype}/{figure}")
        keys = specials[card, figure] = tuple(keys)
    zones = run.state.zones
    for key in keys:
        if key in zones and (uids := zones[key]):
            return uids[0]
    return None


def _specials(rules, card: str) -> tuple:
    """The card types of the figure card's parts used `once per ...`, in its parts' order."""
    dash, cards = rules.dash, rules.cards
    return tuple(cards[part].type for part in dash.parts.get(card, []) if cards[part].type in dash.limited)


def can_use(run, env, **given) -> bool:
    """`can-use(PART)`: the part has an effect whose `when` (if any) holds, and its `once per
    turn|round|game` is not spent (in this turn, this round, this game); no `once`: no limit.
    What a part's effects ask and its limit are read once per rules (`_usable`)."""
    part = None
    for v in given.values():  # dashboards._card_among(given), written out: the part under its one name
        if v.__class__ is int or isinstance(v, int) and not isinstance(v, bool):
            part = v
            break
    if part is None:
        return False
    state = run.state
    qid, kept = state.cards[part], run.rules.dash.usable
    usable = kept[qid] if qid in kept else None
    if usable is None:
        usable = kept[qid] = _usable(run.rules, qid)
    whens, limit = usable
    if whens is not None:  # every effect guarded: one of them must hold
        inner = {"ctx:me": env["ctx:me"], "ctx:this-card": part}
        for when in whens:
            if when(run, inner):
                break
        else:
            return False  # nothing it would do now
    if limit is None:
        return True
    figures, owner = state.figures, state.owners[part]
    used = figures[owner]["used"] if owner in figures and "used" in figures[owner] else ()
    if limit == "turn" or limit == "round":  # (uid, turn, round) of each use, in the order of use: the
        at, now = (1, state.turn) if limit == "turn" else (2, state.round)  # newest first, up to the first
        for mark in reversed(used):  # of another turn or round (turns and rounds never go back; a game's
            if mark[at] != now:  # uses only grow: the scan was of them all)
                return True
            if mark[0] == part:
                return False  # spent in this turn or this round
        return True
    for mark in used:
        if mark[0] == part:
            return False  # spent in this game
    return True


def _usable(rules, qid: str) -> tuple:
    """(the compiled `when`s of the part's effects, None when one of them has none: it can
    always do something; its `once` limit). The conditions only read the state: asking none of
    them once one effect is unguarded changes nothing."""
    effects = rules.dash.effects.get(qid, [])
    whens = None if any(when is None for _n, _b, when in effects) else \
        tuple(compiled(when) for _n, _b, when in effects)
    return whens, rules.cards[qid].props.get("once")


def use_part(run, env, **given) -> None:
    """`use-special(PART)`: its `once` limit spent (the use marked on its figure, as data) and
    its effects run in its card type's order (a guarded one when its `when` holds)."""
    part = _card_among(given)
    if part is None:
        return
    state = run.state
    fig = state.figures.get(state.owners[part])
    if fig is not None:  # a tuple, never changed in place: a clone's copy of the figure may share it
        fig["used"] = (*fig.get("used", ()), (part, state.turn, state.round))
    runs, qid = run.rules.dash.runs, state.cards[part]  # its effects, one function (effects_made.py): no frame between
    done = (runs[qid] if qid in runs else made_first(run.rules, qid))(run, env["ctx:me"], part, {}, [])
    state.log.append({"event": "use", "figure": state.owners[part], "card": run.game.card_id(part), "effects": done})


PRIMITIVES = {"use-special": use_part}
FUNCTIONS = {"special-of": special_of, "can-use": can_use}


# -- imported here, once: at the end (cycles: dashboards.py loads before this module is asked for)
from .compile import compiled  # noqa: E402
from .dashboards import _card_among  # noqa: E402
from .effects_made import made_first  # noqa: E402
