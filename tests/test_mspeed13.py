"""The turn's menus with fewer calls (issue #11, speed; branch mspeed13), each held to what it
replaces: the turn's words written into a guard's joined source (runtime/turn_words.py's
INLINE) give their closures' values, and a menu's generated function binds a parameter in the
env's locals exactly where a later guard or domain may read it (runtime/declared_plan.py).

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

from itertools import product

import pytest

from mayhem.runtime import declared_actions, turn_words
from mayhem.runtime import functions as F
from mayhem.runtime.actions import Action
from mayhem.runtime.effects import Env
from mayhem.runtime.expressions import FN_PARAMS
from mayhem.runtime.state import Figure

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"


def var(name: str) -> dict:
    return {"e": "var", "name": name, "span": SPAN}


def fn(name: str, *args: dict) -> dict:
    return {"e": "fn", "name": name, "args": dict(zip(FN_PARAMS[name], args)), "span": SPAN}


@pytest.fixture(scope="module")
def game(rules):
    return everyone_on_the_board(rules)


def compiled(eng, expr: dict):
    f, asks = eng.code.expr(expr)
    assert not asks
    return f


def test_each_written_in_turn_word_is_in_the_joined_source(game):
    """Without the hook (runtime/functions.py's INLINE updated from turn_words.INLINE) each would
    be a call of its closure."""
    eng = game.engine
    for name, marker in [("activations", ".activations)"), ("abilities-of", "eng._abilities.get("),
                         ("special-of", "eng._specials.get(")]:
        assert marker in compiled(eng, fn(name, var("x"))).src, name
    assert "['id'] in " in compiled(eng, fn("activated", var("x"), var("a"))).src
    assert "._restricting.get(" in compiled(eng, fn("restricted", var("x"), {"e": "str", "v": "no-move",
                                                                          "span": SPAN})).src
    assert "TW_TOKENS_ON(" in compiled(eng, fn("tokens-on", var("x"), var("of"))).src
    assert "['props'].get('slot')" in compiled(eng, fn("slot-of", var("a"))).src
    assert "._stopping.get('move', TW_NONE)" in compiled(eng, fn("can-move", var("x"))).src
    assert "eng.rules._flags.get(" in compiled(eng, fn("flagged", var("t"), var("f"))).src


def test_the_written_in_turn_words_give_their_closures_values(game):
    """Every figure (with no token, tokens of a count of 0, and each token type), every Ability
    of its dashboard (and none, and another figure's), every restriction, every place a token
    may lie on and every Team or none: the joined source and the closure agree, an argument
    given by a name or by an expression that must be evaluated (`first(...)`) alike."""
    st, eng = game.state, game.engine
    figs = [f for f in st.figures.values() if f.kind == "character"]
    abilities = [a for f in figs for a in eng.abilities(f)][:8]
    kinds = sorted(eng.rules.tokens)
    whats = sorted({"no-move", "no-ability", "no-special", "move-or-ability"}
                   | {w for t in kinds for w in eng._restricted_by(t)})
    plain = {"activations": compiled(eng, fn("activations", var("x"))),
             "abilities-of": compiled(eng, fn("abilities-of", var("x"))),
             "special-of": compiled(eng, fn("special-of", var("x"))),
             "activated": compiled(eng, fn("activated", var("x"), var("a"))),
             "activated first": compiled(eng, fn("activated", var("x"), fn("first", var("as")))),
             "tokens-on": compiled(eng, fn("tokens-on", var("x"), var("of"))),
             "tokens-on first": compiled(eng, fn("tokens-on", var("x"), fn("first", var("ofs")))),
             "slot-of": compiled(eng, fn("slot-of", var("a"))),
             "can-move": compiled(eng, fn("can-move", var("x")))}
    flagged = {f: (compiled(eng, fn("flagged", var("t"), {"e": "str", "v": f, "span": SPAN})),
                   compiled(eng, fn("flagged", var("t"), fn("first", var("fs")))))
               for f in ("usable", "retrievable", "face-down", "no-such-flag")}
    restricted = {w: (compiled(eng, fn("restricted", var("x"), {"e": "str", "v": w, "span": SPAN})),
                      compiled(eng, fn("restricted", var("x"), fn("first", var("ws")))))
                  for w in whats}
    fig = figs[0]
    saved_tokens, saved_acts = dict(fig.tokens), list(fig.activations)
    holdings = [{}, {(kinds[0], None, None): 0}] + [{(t, None, None): 1} for t in kinds] \
        + [{(kinds[0], None, st.order[0]): 2, (kinds[-1], None, st.order[-1]): 0}]
    checks = 0
    try:
        for held, acts in product(holdings, [[], [abilities[0]["id"]]]):
            fig.tokens.clear()
            fig.tokens.update(held)
            fig.activations = list(acts)
            loc = fig.location
            xs = [fig, figs[-1], None, loc, st.order[0], [fig]]
            for x, a, of in product(xs, [None, *abilities[:3]], [None, *st.order]):
                env = Env("p1", st.order[0], fig)
                env.locals = {"x": x, "a": a, "as": [a], "of": of, "ofs": [of]}
                if x is None or isinstance(x, (Figure, list)):
                    assert plain["activations"](eng, env) == turn_words.activations(eng, env, x)
                if x is None or isinstance(x, Figure):
                    assert plain["abilities-of"](eng, env) == turn_words.abilities_of(eng, env, x)
                    assert plain["special-of"](eng, env) == turn_words.special_of(eng, env, x)
                assert plain["slot-of"](eng, env) == turn_words.slot_of(eng, env, a)
                assert plain["can-move"](eng, env) == F._can_move(eng, env, x)
                expect = turn_words.activated(eng, env, x, a)
                assert plain["activated"](eng, env) == expect and plain["activated first"](eng, env) == expect
                if x is None or isinstance(x, (Figure, int, str)):
                    expect = turn_words.tokens_on(eng, env, x, of)
                    assert plain["tokens-on"](eng, env) == expect and plain["tokens-on first"](eng, env) == expect
                for t, (f, (literal, first)) in product([None, fig, 2, *kinds[:3]], flagged.items()):
                    env.locals.update(t=t, fs=[f])
                    expect = turn_words.flagged(eng, env, t, f)
                    assert literal(eng, env) == expect and first(eng, env) == expect, (t, f)
                for w, (literal, first) in restricted.items():
                    env.locals["ws"] = [w]
                    expect = turn_words.restricted(eng, env, x, w)
                    assert literal(eng, env) == expect and first(eng, env) == expect, (held, x, w)
                checks += 1
    finally:
        fig.tokens.clear()
        fig.tokens.update(saved_tokens)
        fig.activations = saved_acts
    assert checks > 100


def test_a_menu_binds_a_parameter_only_where_a_later_guard_or_domain_may_read_it(game):
    """`move`'s guard reads its Location in its own source: nothing is bound; `place-die`'s
    `value` is read by no later guard: not bound; a guard that hands the env to a closure
    (`can-use(special)`, `can-play(card, ...)`) may read any name: bound."""
    eng = game.engine
    menus = declared_actions._menus(eng)
    turn, die = menus[False].src, menus[True].src
    assert "L['location']" not in turn and "L['value']" not in die
    assert "L['special'] = v0" in turn and "L['card'] = v0" in turn
    assert "L['figure'] = v0" in die  # its Abilities' guard reads it through `count(all ...)`'s closure


def test_a_menu_of_a_guard_reading_a_bound_name_through_a_closure_binds_it(game):
    """A guard term that reads an earlier parameter only inside a called closure (`can-use`):
    the parameter is bound before the term is asked, and the menu offers what the naive
    walk offers, term by term."""
    eng = game.engine
    plans = declared_actions._plans(eng)[False]
    use = next(p for p in plans if p.decl.verb == "use")
    assert "L['special'] = v0" in use.offer.src
    fig = eng.state.figures[next(iter(eng.state.teams.values())).characters[0]]
    env = eng.fig_env(fig)
    out, bound = [], {}
    use.offer(eng, env, env.locals, fig.key, out, bound)
    special = turn_words.special_of(eng, env, fig)
    env.locals["special"] = special
    can = special is not None and not eng.restricts(fig, "no-special") and turn_words.can_use(eng, env, special)
    assert out == ([Action("use", (fig.key, special["id"]))] if can else [])


@pytest.mark.parametrize("box, seed", [("teen-titans-go", 5), ("looney-tunes", 8)])
def test_random_bots_answered_in_one_function_play_the_game_their_picks_play(rules, box, seed):
    """Game.play_out with every player's RandomBot.pick and no log answers through
    bots.random_answer (the draw and the history's record in one function); the same bots
    asked through their `pick` one call at a time (wrapped, so that the one function is not
    made) play the same game: the same history, the same result."""
    from mayhem.runtime.bots import RandomBot, random_answer
    from mayhem.runtime.engine import GameConfig
    from mayhem.runtime.game import Game

    def played(wrapped: bool) -> Game:
        game = Game(rules, GameConfig(box, seed=seed), record=False)
        bots = {"p1": RandomBot(seed * 7919), "p2": RandomBot(seed * 7919 + 1)}
        picks = {p: ((lambda b: lambda player, kind, actions: b.pick(player, kind, actions))(b) if wrapped
                     else b.pick) for p, b in bots.items()}
        assert (random_answer(picks, [].append) is None) == wrapped
        game.play_out(lambda decision: bots[decision.player].choose(decision, game), picks)
        return game
    one, two = played(False), played(True)
    assert len(one.history) > 100
    assert one.history == two.history and one.result() == two.result()
