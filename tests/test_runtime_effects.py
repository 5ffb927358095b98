"""The effect interpreter's expressions, relations, context names and functions
(runtime/effects.py), evaluated on a real game of Teen Titans GO! Mayhem in its first
round: arithmetic and comparisons as docs/language.md defines them, who is a foe, a
friend or a teammate, which Locations are open, how tokens are counted.

Relies on `Game`, `GameConfig`, `Engine.ev` (evaluates one IR expression; a generator
that yields only when a decision is needed), `Env` and the IR expression shapes of
compiler/ir.py (`{"e": "num", "v": 3}`, `{"e": "bin", "op": "+", "l": ..., "r": ...}`).

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
the kernel's expressions and relations: tests/test_kernel_language.py, test_kernel_relations.py."""
from __future__ import annotations

from collections import Counter

import pytest

from mayhem.runtime.effects import Env, id_of
from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)

TEAMS = {"black": ["robin", "raven"], "white": ["cyborg", "starfire"]}


def num(v):
    return {"e": "num", "v": v}


def ctx(name):
    return {"e": "ctx", "name": name}


def fn(name, **args):
    return {"e": "fn", "name": name, "args": args}


@pytest.fixture(scope="module")
def game(rules):
    return everyone_on_the_board(rules)


def evaluate(game, expr, env):
    gen = game.engine.ev(expr, env)
    try:
        next(gen)
    except StopIteration as stop:
        return stop.value
    pytest.fail("the expression asked for a decision")


def env_of(game, key, **kw):
    fig = game.state.figures[key]
    return Env(fig.player, fig.team, fig, **kw)


def test_id_of():
    assert id_of("shared/core:token:trap") == "trap"
    assert id_of("teen-titans-go/robin") == "robin"
    assert id_of("plain") == "plain"


@pytest.mark.parametrize("op,l,r,expected", [
    ("+", 5, 3, 8), ("-", 5, 3, 2), ("*", 5, 3, 15), ("+", None, 3, 3), ("-", 4, None, 4),
])
def test_arithmetic(game, op, l, r, expected):
    left = num(l) if l is not None else {"e": "none"}
    right = num(r) if r is not None else {"e": "none"}
    assert evaluate(game, {"e": "bin", "op": op, "l": left, "r": right}, env_of(game, "robin")) == expected


def test_negation(game):
    env = env_of(game, "robin")
    assert evaluate(game, {"e": "neg", "x": num(4)}, env) == -4
    assert evaluate(game, {"e": "neg", "x": {"e": "none"}}, env) == 0


@pytest.mark.parametrize("op,l,r,expected", [
    ("==", 3, 3, True), ("==", 3, 4, False), ("!=", 3, 4, True), ("!=", 3, 3, False),
    ("<", 2, 3, True), ("<", 3, 3, False), ("<=", 3, 3, True), ("<=", 4, 3, False),
    (">", 4, 3, True), (">", 3, 3, False), (">=", 3, 3, True), (">=", 2, 3, False),
    ("<", None, 1, True), (">", None, 0, False),
])
def test_comparisons(game, op, l, r, expected):
    left = num(l) if l is not None else {"e": "none"}
    got = evaluate(game, {"e": "cmp", "op": op, "l": left, "r": num(r)}, env_of(game, "robin"))
    assert got is expected


def test_logic(game):
    env = env_of(game, "robin")
    t, f = {"e": "bool", "v": True}, {"e": "bool", "v": False}
    assert evaluate(game, {"e": "and", "items": [t, t]}, env) is True
    assert evaluate(game, {"e": "and", "items": [t, f]}, env) is False
    assert evaluate(game, {"e": "and", "items": []}, env) is True
    assert evaluate(game, {"e": "or", "items": [f, t]}, env) is True
    assert evaluate(game, {"e": "or", "items": [f, f]}, env) is False
    assert evaluate(game, {"e": "or", "items": []}, env) is False
    assert evaluate(game, {"e": "not", "x": f}, env) is True
    assert evaluate(game, {"e": "list", "items": [num(1), num(2)]}, env) == [1, 2]


def test_literals_and_names(game):
    env = env_of(game, "robin")
    env.locals["x"] = 7
    env.event["amount"] = 2
    assert evaluate(game, {"e": "str", "v": "a"}, env) == "a"
    assert evaluate(game, {"e": "var", "name": "x"}, env) == 7
    assert evaluate(game, {"e": "param", "name": "x"}, env) == 7
    assert evaluate(game, {"e": "event", "name": "amount"}, env) == 2
    assert evaluate(game, {"e": "token", "name": "shared/core:token:trap"}, env) == "shared/core:token:trap"
    assert evaluate(game, {"e": "relation", "name": "foe"}, env) == ("relation", "foe")
    assert evaluate(game, {"e": "unresolved"}, env) is None
    assert evaluate(game, None, env) is None


def test_relations(game):
    st = game.state
    robin, raven, cyborg = st.figures["robin"], st.figures["raven"], st.figures["cyborg"]
    env = env_of(game, "robin")

    def is_(fig, rel, negated=False):
        game_env = env.child()
        game_env.locals["it"] = fig
        return evaluate(game, {"e": "is", "l": {"e": "it", "name": "it"}, "r": {"e": "relation", "name": rel},
                               "negated": negated}, game_env)

    assert is_(cyborg, "opponent") and is_(cyborg, "foe") and not is_(cyborg, "friend")
    assert is_(raven, "friend") and is_(raven, "teammate") and not is_(raven, "foe")
    assert is_(robin, "friend") and not is_(robin, "teammate")  # one is no Teammate of oneself
    assert is_(robin, "character") and is_(robin, "figure")
    assert is_(cyborg, "foe", negated=True) is False
    assert is_(cyborg, "no-such-relation") is False
    # a figure is itself, and nothing that is not a figure is anything
    same = env.child()
    same.locals["a"] = robin
    assert evaluate(game, {"e": "is", "l": {"e": "var", "name": "a"}, "r": ctx("self"), "negated": False}, same)
    assert not evaluate(game, {"e": "is", "l": num(1), "r": {"e": "relation", "name": "figure"},
                               "negated": False}, same)


def test_context_names(game):
    st = game.state
    robin = st.figures["robin"]
    env = env_of(game, "robin")
    assert evaluate(game, ctx("self"), env) is robin
    assert evaluate(game, ctx("here"), env) == robin.location
    assert evaluate(game, ctx("adjacent"), env) == list(st.board.adjacent(robin.location))
    assert evaluate(game, ctx("here-or-adjacent"), env) == [robin.location, *st.board.adjacent(robin.location)]
    assert evaluate(game, ctx("anywhere"), env) == st.board.live()
    assert evaluate(game, ctx("my-team"), env) == "black"
    assert evaluate(game, ctx("opposing-team"), env) == "white"
    assert evaluate(game, ctx("mayhem-die"), env) == game.engine.effect_die_value()
    assert evaluate(game, ctx("pending"), env) == 0
    assert evaluate(game, ctx("monster-life"), env) == 0
    # "here" of an effect with a place of its own
    assert evaluate(game, ctx("here"), env_of(game, "robin", here=0)) == 0
    nowhere = Env("p1", "black")
    assert evaluate(game, ctx("here"), nowhere) is None
    assert evaluate(game, ctx("adjacent"), nowhere) == []
    assert evaluate(game, ctx("here-or-adjacent"), nowhere) == []


def test_functions_on_figures(game):
    st = game.state
    robin, cyborg = st.figures["robin"], st.figures["cyborg"]
    env = env_of(game, "robin")
    env.locals.update(r=robin, c=cyborg)
    r, c = {"e": "var", "name": "r"}, {"e": "var", "name": "c"}
    assert evaluate(game, fn("location-of", figure=r), env) == robin.location
    assert evaluate(game, fn("team-of", figure=c), env) == "white"
    assert evaluate(game, fn("team-of", figure=num(1)), env) is None
    assert evaluate(game, fn("life", figure=r), env) == robin.life
    assert evaluate(game, fn("damage-on", figure=r), env) == robin.damage
    assert evaluate(game, fn("same-location", a=r, b=r), env) is True
    assert evaluate(game, fn("same-location", a=r, b=c), env) is (robin.location == cyborg.location)
    assert evaluate(game, fn("adjacent-to", where=r), env) == list(st.board.adjacent(robin.location))
    assert evaluate(game, fn("count", what={"e": "list", "items": [r, c]}), env) == 2
    assert evaluate(game, fn("vp-of", team={"e": "str", "v": "black"}), env) == game.engine.counter_value("vp", "black")


def test_open_and_empty_locations(game):
    st = game.state
    env = env_of(game, "robin")
    for loc in st.board.locations:
        fits = len(loc.figures) < loc.slots
        assert evaluate(game, fn("open", location=num(loc.index)), env) is fits
        empty = not loc.figures and not any(loc.tokens.values()) and not any(
            loc.index in e for e in st.board.blocked)
        assert evaluate(game, fn("empty", location=num(loc.index)), env) is empty
    assert evaluate(game, fn("open", location={"e": "none"}), env) is False
    assert evaluate(game, fn("empty", location={"e": "none"}), env) is False
    here = st.figures["robin"].location
    assert evaluate(game, fn("empty", location=num(here)), env) is False


def test_counting_tokens(game):
    engine = game.engine
    st = game.state
    robin = st.figures["robin"]
    trap = next(q for q, t in game.rules.tokens.items() if t["id"] == "trap")
    loc = st.board.locations[5]
    saved = Counter(loc.tokens)
    try:
        loc.tokens[(trap, "black", None)] += 2
        loc.tokens[(trap, "white", None)] += 1
        assert engine.count_tokens(trap, 5, None) == saved.get((trap, "black", None), 0) + \
            saved.get((trap, "white", None), 0) + 3
        assert engine.count_tokens(trap, 5, "white") == saved.get((trap, "white", None), 0) + 1
        assert engine.count_tokens(trap, [5, 5], "white") == 2 * (saved.get((trap, "white", None), 0) + 1)
        assert engine.count_tokens(trap, None, None) == 0
        # a Team counts its area and its characters' dashboards
        robin.tokens[(trap, "black", None)] += 1
        assert engine.count_tokens(trap, "black", None) == st.teams["black"].tokens.get((trap, "black", None), 0) \
            + sum(st.figures[k].tokens.get((trap, "black", None), 0) for k in st.teams["black"].characters)
        assert engine.count_tokens(trap, robin, None) >= 1
        env = env_of(game, "robin")
        assert evaluate(game, fn("has", token={"e": "token", "name": trap}, holder=ctx("self")), env) is True
    finally:
        loc.tokens.clear()
        loc.tokens.update(saved)
        robin.tokens[(trap, "black", None)] -= 1
        if not robin.tokens[(trap, "black", None)]:
            del robin.tokens[(trap, "black", None)]


def test_bases_and_icons(game):
    st = game.state
    env = env_of(game, "robin")
    bases = [loc.index for loc in st.board.locations if loc.comp is not None and loc.comp["props"].get("base")]
    assert bases, "the board has its Teams' Bases"
    icons = 0
    for loc in st.board.locations:
        assert evaluate(game, fn("is-base", location=num(loc.index)), env) is (loc.index in bases)
        for icon in (loc.comp["props"].get("icons", {}).get("value") or []) if loc.comp else []:
            assert evaluate(game, fn("has-icon", location=num(loc.index), icon={"e": "icon", "name": icon}), env)
            icons += 1
    assert icons, "the board shows icons (Pizza, Mission icons)"
    assert evaluate(game, fn("is-base", location={"e": "none"}), env) is False
    assert evaluate(game, fn("has-icon", location={"e": "none"}, icon={"e": "icon", "name": "x"}), env) is False
    assert evaluate(game, fn("has-icon", location=num(bases[0]), icon={"e": "icon", "name": "no-such-icon"}),
                    env) is False
