"""The words the turn's declared actions read (their domains and guards, content/shared/game.mh):
a figure's Abilities and the die slot each prints, what it activated this round, what its
tokens restrict, the token types lying somewhere, and the Active Character's turn so far.

Each is a closure (engine, env, arguments) picked once when an expression is compiled
(runtime/expressions.py names them)."""
from __future__ import annotations

from .rules import prop
from .state import Figure

NO_SLOT = 7  # an Ability that prints no slot: no face of a die meets it


def dice_of(eng, env, who, die):
    """The kernel's `dice-of`, as the Mayhem engine keeps dice (a Team's pool of faces, each
    placed or not): the faces of the free dice of these Teams, lowest first, each once."""
    st = eng.state
    if who is None or who.__class__ is str:  # one Team (its own, by default): its faces in one pass
        team = st.teams.get(env.team if who is None else who)
        return [] if team is None else sorted({v for v, placed in zip(team.dice, team.placed) if not placed})
    faces = set()
    for colour in eng.as_list(who):
        team = st.teams.get(colour)
        if team is not None:
            faces.update(v for v, placed in zip(team.dice, team.placed) if not placed)
    return sorted(faces)


def abilities_of(eng, env, fig):
    return eng.abilities(fig) if isinstance(fig, Figure) else []


def special_of(eng, env, fig):
    """TurnMixin.special, its dashboard's Special Ability read once per dashboard (a menu asks it
    at every decision: without the method's call once known)."""
    if fig.__class__ is not Figure:
        return None
    known = eng._specials.get(fig.side["qid"], _UNKNOWN)
    return eng.special(fig) if known is _UNKNOWN else known


_UNKNOWN = object()  # no entry yet in TurnMixin's dashboards' Special Abilities


def slot_of(eng, env, ability):
    return prop(ability, "slot", NO_SLOT) if ability else NO_SLOT


def activations(eng, env, fig):
    if isinstance(fig, Figure):
        return len(fig.activations)
    return sum(len(f.activations) for f in fig) if isinstance(fig, list) else 0


def activated(eng, env, fig, ability):
    return isinstance(fig, Figure) and ability is not None and ability["id"] in fig.activations


def restricted(eng, env, fig, what):
    """TurnMixin.restricts (runtime/turn.py) of a figure, written out: a guard asks it two or
    three times a menu."""
    if fig.__class__ is not Figure or not fig.tokens:
        return False
    known = eng._restricts
    for (tok, _o, _c), n in fig.tokens.items():
        if n > 0:
            r = known.get(tok)
            if r is None:
                r = eng._restricted_by(tok)
            if what in r:
                return True
    return False


def can_use(eng, env, special):
    """The Special Ability can be used now by `self`: it has an effect, its `once` limit is not
    spent, and its own condition holds."""
    fig = env.self_fig
    if special is None or fig is None or "effect" not in special["effects"]:
        return False
    once = prop(special, "once")
    if once is not None and fig.special_used.get(once):
        return False
    guard = special["effects"]["effect"]["when"]
    return guard is None or eng.static_eval(guard, env)


def tokens_on(eng, env, where, of):
    """The token types on a figure or a Location (placed by Team `of`, if given), each once, in
    the order of their keys."""
    cls = where.__class__
    if cls is Figure:
        store = where.tokens
    elif cls is int:
        store = eng.state.board.locations[where].tokens
    else:
        return []
    if not store:
        return []
    held = [item for item in store.items() if item[1] > 0 and (of is None or item[0][1] == of)]
    if len(held) <= 1:
        return [held[0][0][0]] if held else []
    out = []
    for (token, _owner, _colour), _n in sorted(held, key=str):
        if token not in out:
            out.append(token)
    return out


def flagged(eng, env, token, flag):
    return isinstance(token, str) and bool(eng.rules.token_flag(token, flag))


def chosen_ability(eng, env):
    """The Active Character's Ability its die is on: the first of its dashboard's Abilities with
    that id, found once per game, dashboard and id (as TurnMixin.abilities keeps them by the
    dashboard's qid)."""
    st = eng.state
    act = st.active
    if act is None or act.ability is None:
        return None
    fig = st.figures[act.figure]
    key = (fig.side["qid"], act.ability)
    known = eng._chosen
    if key in known:
        return known[key]
    found = known[key] = next((a for a in eng.abilities(fig) if a["id"] == act.ability), None)
    return found


def ability_used(eng, env):
    act = eng.state.active
    return act is not None and act.ability_done


def moved(eng, env):
    act = eng.state.active
    return act is not None and act.moved
