"""The words the turn's declared actions read (their domains and guards, content/shared/game.mh):
a figure's Abilities and the die slot each prints, what it activated this round, what its
tokens restrict, the token types lying somewhere, and the Active Character's turn so far.

Each is a closure (engine, env, arguments) picked once when an expression is compiled
(runtime/expressions.py names them); those the menus ask most are also written into a joined
expression's source (`INLINE`, added to runtime/functions.py's), their common case without a call."""
from __future__ import annotations

from itertools import compress
from operator import not_
import re

from .rules import prop
from .state import Figure

NO_SLOT = 7  # an Ability that prints no slot: no face of a die meets it


def dice_of(eng, env, who, die):
    """The kernel's `dice-of`, as the Mayhem engine keeps dice (a Team's pool of faces, each
    placed or not): the faces of the free dice of these Teams, lowest first, each once."""
    st = eng.state
    if who is None or who.__class__ is str:  # one Team (its own, by default): its faces in one pass
        team = st.teams.get(env.team if who is None else who)  # its free faces in C
        return [] if team is None else sorted(set(compress(team.dice, map(not_, team.placed))))
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
    three times a menu (one test in C of the token types it holds against those that forbid
    `what`)."""
    if fig.__class__ is not Figure or not fig.tokens:
        return False
    return not eng._restricting.get(what, _NONE).isdisjoint(fig.tokens.totals)


_NONE: frozenset = frozenset()


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
    the order of their names (read from the store's kept counts: its `totals` per token type,
    its `owned` per token type and Team, runtime/token_store.py)."""
    cls = where.__class__
    if cls is Figure:
        store = where.tokens
    elif cls is int:
        store = eng.state.board.locations[where].tokens
    else:
        return []
    # the store keeps its tokens held (TokenStore.totals, .owned): sorted, they are in the order of
    # the sorted text of the store's keys before (a qid's characters all sort after its quote)
    if of is None:
        return sorted(store.totals)
    held = [tok for tok, owner in store.owned if owner == of]
    if len(held) > 1:
        held.sort()
    return held


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


# ---- the words above written into a joined expression (runtime/functions.py's INLINE) -------
# A guard or domain of the turn's menus is compiled from its parts' joined source
# (runtime/compiled_expressions.py); these words are written into it as the expression their
# closure computes, so that a menu asks them without a Python call where it can: the common
# case in place, the rest by the closure. Each argument is evaluated once, in order (kept in a
# name of the expression's own, `:=`); tests/test_mspeed13.py holds each to its closure.

_NAMES = iter(range(10 ** 9))
# a name, a field, a literal, a bound name read from the env's locals: nothing to evaluate
_PLAIN = re.compile(r"\(*(v\d+|env\.\w+|env\.locals\.get\('[\w-]+'\)|None|True|False|-?\d+|'[^'\\]*')\)*")


def _name() -> str:
    """A name for a value kept by `:=` in joined source (unique: functions.temp's are `_t`)."""
    return f"_w{next(_NAMES)}"


def _first(pairs: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """The source of the first argument's value, which evaluates every argument in order, and
    how each is read after it: (name, source) pairs; an argument that is a name, a field or a
    literal is read where it is used (evaluating it changes nothing and cannot fail)."""
    kept = [(n, src) for n, src in pairs[1:] if not _PLAIN.fullmatch(src)]
    head = f"{pairs[0][0]} := {pairs[0][1]}"
    if kept:
        head = f"({head}, {', '.join(f'{n} := {src}' for n, src in kept)})[0]"
    return head, [pairs[0][0]] + [n if not _PLAIN.fullmatch(src) else f"({src})" for n, src in pairs[1:]]


def _inline_activations(f):
    x = _name()
    return f"(len({x}.activations) if isinstance({x} := {f}, FIGURE) else TW_ACTIVATIONS(eng, env, {x}))"


def _inline_activated(f, ability):
    head, (x, a) = _first([(_name(), f), (_name(), ability)])
    return f"(isinstance({head}, FIGURE) and {a} is not None and {a}['id'] in {x}.activations)"


def _inline_abilities_of(f):
    x = _name()
    return f"((eng._abilities.get({x}.side['qid']) or eng.abilities({x})) if isinstance({x} := {f}, FIGURE) else [])"


def _inline_special_of(f):
    x, s = _name(), _name()
    return f"(({s} if ({s} := eng._specials.get({x}.side['qid'], TW_UNKNOWN)) is not TW_UNKNOWN " \
           f"else eng.special({x})) if ({x} := {f}).__class__ is FIGURE else None)"


def _inline_restricted(f, what):
    head, (x, w) = _first([(_name(), f), (_name(), what)])
    return f"(False if ({head}).__class__ is not FIGURE or not {x}.tokens " \
           f"else not eng._restricting.get({w}, TW_NONE).isdisjoint({x}.tokens.totals))"


def _inline_tokens_on(where, of):
    head, (x, o) = _first([(_name(), where), (_name(), of)])
    c = _name()
    return f"([] if not ({x}.tokens if ({c} := ({head}).__class__) is FIGURE " \
           f"else eng.state.board.locations[{x}].tokens if {c} is int else None) " \
           f"else TW_TOKENS_ON(eng, env, {x}, {o}))"


def _inline_dice_of(who, die):
    """`dice-of` of one Team (or of the Env's, `who` none) in place, another `who` by the closure."""
    head, (w, d) = _first([(_name(), who), (_name(), die)])
    t = _name()
    return f"((sorted(set(TW_COMPRESS({t}.dice, map(TW_NOT, {t}.placed)))) if ({t} := eng.state.teams.get(" \
           f"env.team if {w} is None else {w})) is not None else []) if ({head}) is None or {w}.__class__ is str " \
           f"else TW_DICE_OF(eng, env, {w}, {d}))"


def _inline_slot_of(ability):
    a, p = _name(), _name()
    return f"(({p}['value'] if ({p} := {a}['props'].get('slot')) is not None else {NO_SLOT}) if ({a} := {ability}) " \
           f"else {NO_SLOT})"


def _inline_flagged(token, flag):
    head, (t, f) = _first([(_name(), token), (_name(), flag)])
    k = _name()
    return f"(isinstance({head}, str) and ({k} if ({k} := eng.rules._flags.get(({t}, {f}))) is not None " \
           f"else bool(eng.rules.token_flag({t}, {f}))))"


def _inline_can_move(f):
    """runtime/functions.py's `can-move`: on the board, and no restriction of a token it holds
    `stops [move]` (asked as `stops` asks it: tests/test_runtime_turn_calls.py holds the two alike)."""
    x = _name()
    return f"(isinstance({x} := {f}, FIGURE) and {x}.location is not None " \
           f"and (not {x}.tokens or eng._stopping.get('move', TW_NONE).isdisjoint({x}.tokens.totals)))"


def _inline_ability_used():
    a = _name()
    return f"(({a} := eng.state.active) is not None and {a}.ability_done)"


def _inline_moved():
    a = _name()
    return f"(({a} := eng.state.active) is not None and {a}.moved)"


def _inline_free_move_available():
    """runtime/expressions.py's `free-move-available` (an Activation is never false)."""
    a = _name()
    return f"(({a} := eng.state.active) is not None and not {a}.free_move_used and not {a}.ability_done)"


def _inline_card_played():
    """runtime/expressions.py's `card-played`: the Team played a Mayhem card this round."""
    t = _name()
    return f"(bool({t}.played_this_round) if ({t} := eng.state.teams.get(env.team)) is not None else False)"


# the words that give one component or none (never a list): a domain of one of them is no loop
ONE_VALUED = frozenset({"special-of", "chosen-ability"})
# the words whose values are numbers or texts, never a bool (a Location's index, a card's or a
# token's qid, a die's face): an action of one of them may keep its Action by the value
KEYED_BY_VALUE = frozenset({"adjacent", "my-hand", "tokens-on", "dice-of"})
# the words whose values are numbers (a Location's index, a die's face): no two print alike
INT_VALUED = frozenset({"adjacent", "dice-of"})
# the words that always give a list (a menu walks it as it is; tests/test_declared_plan.py's
# naive walk reads anything else as one value)
LIST_VALUED = frozenset({"adjacent", "my-hand", "tokens-on", "dice-of", "figures-of"})
INLINE = {"activations": _inline_activations, "activated": _inline_activated, "abilities-of": _inline_abilities_of,
          "special-of": _inline_special_of, "restricted": _inline_restricted, "tokens-on": _inline_tokens_on,
          "slot-of": _inline_slot_of, "flagged": _inline_flagged, "can-move": _inline_can_move,
          "dice-of": _inline_dice_of}
# the contexts of the Active Character's turn so far, written in as the words above
CONTEXT_INLINE = {"ability-used": _inline_ability_used, "moved": _inline_moved,
                  "free-move-available": _inline_free_move_available, "card-played": _inline_card_played}
INLINE_NAMES = {"TW_ACTIVATIONS": activations, "TW_TOKENS_ON": tokens_on, "TW_DICE_OF": dice_of,
                "TW_COMPRESS": compress, "TW_NOT": not_,
                "TW_UNKNOWN": _UNKNOWN, "TW_NONE": _NONE}
