"""Expressions' domain: contexts, functions, relations and selectors' candidates, and the entry point `ev`.

The forms themselves are compiled once into closures (runtime/compiled_expressions.py);
`context(name)` and `function(name)` pick, when a form is compiled, the closure that
evaluates a context name or a runtime function, so that play does not compare names."""
from __future__ import annotations

from mayhem.compiler import builtins as B
from mayhem.compiler import builtins_kernel as K

from . import dice, turn_words
from .decisions import fig_label
from .dice import KERNEL_FN_PARAMS
from .effects import Env
from .functions import (_activated_this_round, _adjacent_to, _all_ko_this_round, _can_move, _can_play, _count,
                        _empty, _has_icon, _is_base, _open, _same_location, _stack_bonus, _tagged, _team_of)
from .rules import prop
from .state import Figure

FN_PARAMS = {name: [p.name for p in fn.params] for name, fn in B.FUNCTIONS.items()} | KERNEL_FN_PARAMS \
    | {"value": [p.name for p in K.KERNEL_FUNCTIONS["value"].params]}


class ExpressionsMixin:
    _tiles: tuple = (None, {})  # (the board, Location qid -> its tiles): location_value's, kept per board
    def ev(self, e, env: Env):
        """The value of an expression, as a generator to `yield from` (a selector may ask for a
        decision): the compiled expression's own generator, or a finished one around its value."""
        code = self.code
        fn, asks = code._exprs.get(id(e)) or code.expr(e)  # the Code's cache read first, without a call
        return fn(self, env) if asks else _value(fn(self, env))

    def is_test(self, a, b, env: Env) -> bool:
        return is_test(self, a, b, env)

    def relation(self, f: Figure, rel: str, env: Env) -> bool:
        return relation_test(rel)(f, env)

    def opposed(self, a: str | None, b: str | None) -> bool:
        return _opposed(a, b)

    def here_of(self, env: Env) -> int | None:
        if env.here is not None:
            return env.here
        fig = env.self_fig or env.holder
        return fig.location if fig is not None else None

    def ctx(self, name: str, env: Env):
        return context(name)(self, env)

    # ---- selectors ----------------------------------------------------------------

    def candidates(self, kind: str, places, env: Env) -> list:
        st = self.state
        if kind == "team":  # the Teams of the set after `in` (else every Team), in seat order
            return list(st.order) if places is None else [c for c in st.order if c in places]
        if kind == "location":
            live = st.board.live()
            return live if places is None else [p for p in live if p in places]
        if kind == "edge":
            # edges hold the tokens that close them, and a Location always keeps an open
            # side: an edge that would close its last one is no choice at all (kept by the board)
            edges = st.board.choosable_edges()
            return list(edges) if places is None else [e for e in edges if e[0] in places or e[1] in places]
        test = _RELATIONS.get(kind) or relation_test(kind)
        if places is None:
            return [f for f in st.figures.values() if f.location is not None and test(f, env)]
        return [f for f in st.figures.values() if f.location is not None and f.location in places and test(f, env)]

    def places(self, value) -> set:
        """The places a selector's `in` names; one not in play (a Location off the board, `here`
        of a figure off it) is none, not anywhere (a selector without `in`: None, not this)."""
        if value is None:
            return set()
        if isinstance(value, Figure):
            return {value.location} if value.location is not None else set()
        if isinstance(value, int):
            return {value}
        if isinstance(value, list):
            out = set()
            for v in value:
                if v.__class__ is int or v.__class__ is str:  # a Location, or a Team
                    out.add(v)
                else:
                    out |= self.places(v) or set()
            return out
        return set()

    def label(self, item) -> str:
        if isinstance(item, Figure):
            return fig_label(item)
        if isinstance(item, tuple):
            return self.state.board.edge_label(item)
        return f"L{item + 1}"

    def is_open(self, loc) -> bool:
        if loc is None:
            return False
        L = self.state.board.locations[loc]
        return not L.removed and len(L.figures) < L.slots

    def component_value(self, qid: str):
        """A component named in an expression: the Location it is (its index, while in play) or
        the figure it is, read from where the game placed it (kept per board and set of figures)."""
        st = self.state
        placed = self.__dict__.get("_placed")
        if placed is None or placed[0] is not st.board or placed[1] is not st.figures or placed[2] != len(st.figures):
            where: dict = {}
            for fig in st.figures.values():
                where.setdefault(fig.comp["qid"], fig)  # the first figure of a component, as a walk finds it
            for loc in st.board.locations if st.board is not None else ():
                if loc.comp is not None and loc.comp["kind"] == "location":
                    where.setdefault(loc.comp["qid"], []).append(loc)
            placed = self.__dict__["_placed"] = (st.board, st.figures, len(st.figures), where)
        found = placed[3].get(qid)
        if found is None or found.__class__ is Figure:
            return found
        for loc in found:  # the first in play (a loop: no generator for a list of one or two)
            if not loc.removed:
                return loc.index
        return None

    def location_value(self, qid: str):
        """component_value of a Location component (the compiler knows its kind): the index of
        its first tile in play, from the tiles kept per board (no figure is looked at)."""
        kept = self._tiles
        if kept[0] is not (board := self.state.board):
            tiles: dict = {}
            for loc in board.locations if board is not None else ():
                tiles.setdefault(loc.comp and loc.comp["qid"], []).append(loc)  # a face-down tile: None's
            kept = self.__dict__["_tiles"] = (board, tiles)
        for loc in kept[1].get(qid, ()):
            if not loc.removed:
                return loc.index
        return None


def _value(value):
    return value
    yield  # a generator that asks nothing and returns the value


def is_test(eng, a, b, env: Env) -> bool:
    """`a is b`: a figure test against a relation (`is opponent`) or a figure."""
    if not isinstance(a, Figure):
        return False
    if isinstance(b, tuple) and b and b[0] == "relation":
        return relation_test(b[1])(a, env)
    return a is b


# ---- relations: who a figure is to the Team an effect runs for ------------------------------

def _opposed(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a != b


def _foe(f: Figure, env: Env) -> bool:
    if f.kind == "character":
        return _opposed(f.team, env.team)
    if f.kind == "token":
        return f.owner == env.team
    return f.kind == "npc"


def _relation(rel: str):
    if rel == "figure":
        return lambda f, env: True
    if rel == "character":
        return lambda f, env: f.kind == "character"
    if rel == "opponent":
        return lambda f, env: f.kind == "character" and _opposed(f.team, env.team)
    if rel == "friend":
        return lambda f, env: f.kind == "character" and f.team == env.team and env.team is not None
    if rel == "teammate":
        return lambda f, env: f.kind == "character" and f.team == env.team and f is not env.self_fig
    if rel == "foe":
        return _foe
    return lambda f, env: False


# the relations above as Python source over `it` and `env`, written into generated selectors
# (runtime/compiled_selectors.py) and `is` tests (tests/test_runtime_compiled_calls.py holds them alike)
RELATION_SOURCE = {
    "figure": "True",
    "character": "it.kind == 'character'",
    "opponent": "it.kind == 'character' and it.team is not None and env.team is not None and it.team != env.team",
    "friend": "it.kind == 'character' and it.team == env.team and env.team is not None",
    "teammate": "it.kind == 'character' and it.team == env.team and it is not env.self_fig",
    "foe": "(it.team is not None and env.team is not None and it.team != env.team if it.kind == 'character' "
           "else it.owner == env.team if it.kind == 'token' else it.kind == 'npc')",
}

_RELATIONS: dict = {}


def relation_test(rel: str):
    """The test (figure, env) -> bool of a relation (`opponent`, `friend`, ...), made once."""
    test = _RELATIONS.get(rel)
    if test is None:
        test = _RELATIONS[rel] = _relation(rel)
    return test


# ---- context names: each a closure, picked once when the expression is compiled --------------

def _active(eng, env):
    st = eng.state
    return st.figures[st.active.figure] if st.active else None


def _adjacent(eng, env):
    here = eng.here_of(env)
    return list(eng.state.board.adjacent(here)) if here is not None else []


def _here_or_adjacent(eng, env):
    here = eng.here_of(env)
    return [here, *eng.state.board.adjacent(here)] if here is not None else []


def _opposing_team(eng, env):
    others = [t for t in eng.state.order if t != env.team]
    return others[0] if others else None


def _attack_target(eng, env):
    st = eng.state
    return st.active.attack_target if st.active else env.locals.get("$attack-target")


def _free_move_available(eng, env):
    act = eng.state.active
    return bool(act) and not act.free_move_used and not act.ability_done


def _my_hand(eng, env):
    team = eng.state.teams.get(env.team)
    return sorted(team.hands.get(env.controller, [])) if team is not None else []


def context(name: str):
    """The closure (engine, env) -> value of a context name."""
    if name == "self":
        return lambda eng, env: env.self_fig
    if name == "holder":
        return lambda eng, env: env.holder
    if name == "owner":
        return lambda eng, env: env.owner
    if name == "here":
        return lambda eng, env: eng.here_of(env)
    if name == "adjacent":
        return _adjacent
    if name == "here-or-adjacent":
        return _here_or_adjacent
    if name == "anywhere":
        return lambda eng, env: eng.state.board.live()
    if name == "active":
        return _active
    if name == "my-team":
        return lambda eng, env: env.team
    if name == "opposing-team":
        return _opposing_team
    if name == "leading-team":
        return lambda eng, env: eng.state.lead
    if name == "teams":  # every Team, in seat order
        return lambda eng, env: list(eng.state.order)
    if name == "round":
        return lambda eng, env: eng.state.round
    if name == "activation-die":
        return lambda eng, env: eng.state.active.die if eng.state.active else 0
    if name == "attack-target":
        return _attack_target
    if name == "free-move-available":
        return _free_move_available
    if name == "monster-life":
        return lambda eng, env: prop(env.card, "monster-life", 0) if env.card else 0
    if name == "pending":
        return lambda eng, env: env.pending.amount if env.pending else 0
    if name == "my-hand":
        return _my_hand
    # the Active Character's turn so far (runtime/turn_words.py)
    if name == "chosen-ability":
        return turn_words.chosen_ability
    if name == "ability-used":
        return turn_words.ability_used
    if name == "moved":
        return turn_words.moved
    if name == "card-played":
        return lambda eng, env: bool(eng.state.teams[env.team].played_this_round) if env.team in eng.state.teams \
            else False
    return _unknown(name)


# ---- runtime functions: the closures of runtime/functions.py, picked once by name ----------------

def function(name: str):
    """The closure (engine, env, *arguments in FN_PARAMS order) -> value of a runtime function."""
    if name == "count":
        return _count
    if name == "stack-bonus":
        return _stack_bonus
    if name == "open":
        return _open
    if name == "empty":
        return _empty
    if name == "has-icon":
        return _has_icon
    if name == "has":
        return lambda eng, env, holder, token: eng.count_tokens(token, holder, None) > 0
    if name == "adjacent-to":
        return _adjacent_to
    if name == "location-of":
        return lambda eng, env, f: f.location if isinstance(f, Figure) else None
    if name == "team-of":
        return _team_of
    if name == "damage-on":
        return lambda eng, env, f: f.damage if isinstance(f, Figure) else 0
    if name == "life":
        return lambda eng, env, f: (f.life or 0) if isinstance(f, Figure) else 0
    if name == "value":  # the kernel's: a counter's value (runtime/counters.py)
        return lambda eng, env, counter, of: eng.counter_value(counter, of if of is not None else env.team)
    if name == "box-property":
        return lambda eng, env, name: prop(eng.box, name)
    if name == "all-ko-this-round":
        return _all_ko_this_round
    if name == "standing":
        return lambda eng, env, team: team in eng.state.teams and eng.living(team)
    if name == "is-base":
        return _is_base
    if name == "tagged":
        return _tagged
    if name == "can-move":
        return _can_move
    if name == "same-location":
        return _same_location
    # the round of the shared rules (runtime/dice.py), and the kernel's words it uses
    if name == "dice-total":
        return dice.dice_total
    if name == "activated-this-round":
        return _activated_this_round
    if name == "connected-without":
        return lambda eng, env, loc: loc is not None and eng.state.board.connected_without(loc)
    if name == "open-without":
        return lambda eng, env, loc: loc is not None and eng.state.board.open_without(loc)
    if name == "shown-face":
        return dice.shown_face
    if name == "shows-icon":
        return dice.shows_icon
    if name == "coin-toss-between":
        return dice.coin_toss_between
    if name == "pick-at-random":
        return dice.pick_at_random
    if name == "next-team":
        return dice.next_team
    if name == "in-lead-order":
        return dice.in_lead_order
    from . import placement  # here: it needs the compiled forms, which need this module
    if name == "bases-of":
        return placement.bases_of
    if name == "corners":
        return placement.corners
    if name == "centre":
        return placement.centre
    if name == "unowned-figures":
        return placement.unowned_figures
    if name == "on-board":
        return placement.on_board
    if name in dice.ROUND_FUNCTIONS:
        return dice.ROUND_FUNCTIONS[name]
    if name == "can-play":
        return _can_play
    # the domains and guards of the turn's actions (runtime/turn_words.py)
    if name == "dice-of":
        return turn_words.dice_of
    if name == "abilities-of":
        return turn_words.abilities_of
    if name == "special-of":
        return turn_words.special_of
    if name == "slot-of":
        return turn_words.slot_of
    if name == "activations":
        return turn_words.activations
    if name == "activated":
        return turn_words.activated
    if name == "restricted":
        return turn_words.restricted
    if name == "can-use":
        return turn_words.can_use
    if name == "tokens-on":
        return turn_words.tokens_on
    if name == "flagged":
        return turn_words.flagged
    return _unknown(name)  # another game's function (runtime/kernel): an error if it is ever evaluated


def _unknown(name: str):
    def fails(eng, env, *args):
        raise AssertionError(f"the runtime has no function or context name '{name}'")
    return fails
