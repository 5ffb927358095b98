"""A declared action's menu compiled once into a Python function (runtime/declared_plan.py), and
actions as cheap values (runtime/actions.py): the speed work of issue #11 changes how a turn's
menu is made, never what it offers.

The reference here is the plain reading of an `action` declaration: every combination of its
parameters' values, each domain evaluated with the parameters before it bound, kept when the
whole guard holds, printed by the verb's form, each printed action once, in order. At every
menu of seeded games (the Team's die and the Active Character's turn, every mode's boxes),
the engine's compiled menu must be that list."""
from __future__ import annotations

import pickle

import pytest

from mayhem.runtime import declared_actions
from mayhem.runtime.actions import Action
from mayhem.runtime.declared_plan import printed
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.simulate import play_one


def reference_menu(eng, fig, env, starts_turn: bool) -> list[str]:
    """The legal actions of a menu by the declarations alone, walked naively."""
    out: list[str] = []
    key = fig.key if fig is not None else None
    for decl in declared_actions.declared_actions(eng.rules):
        if decl.starts_turn != starts_turn:
            continue
        terms = [t for t in decl.terms if t is not None]

        def walk(i: int, bound: dict) -> None:
            inner = env.child(locals={**env.locals, **bound})
            if i == len(decl.params):
                if all(eng.static_eval(t, inner) for t in terms):
                    values = [printed(bound[name]) for name, _d in decl.params]
                    args = tuple(values[s] if s >= 0 else key for s in decl.slots)
                    text = str(Action(decl.verb, args))
                    if text not in out:
                        out.append(text)
                return
            name, domain = decl.params[i]
            fn, _asks = eng.code.expr(domain)
            found = fn(eng, inner)
            for value in found if isinstance(found, list) else [] if found is None else [found]:
                walk(i + 1, {**bound, name: value})
        walk(0, {})
    return out


@pytest.mark.parametrize("box, mode, seeds", [
    ("teen-titans-go", "standard", range(3)),
    ("looney-tunes", "standard", range(3)),
    ("looney-tunes", "four-players", range(2)),
    ("teen-titans-go", "free-for-all", range(2)),
])
@pytest.mark.engine_only
def test_the_compiled_menu_is_the_declarations_walked_naively(rules, monkeypatch, box, mode, seeds):
    """Every menu the turn asks for is checked where it is made: the Team's (the rules' own
    function, which team_turns calls without menu()), the Active Character's own (_fig_menu's,
    kept by rest_of_turn for the turn) and menu()'s (the fallback, an empty menu).

    The engine's own menus (runtime/declared_actions.py, declared_plan.py): engine only. The
    kernel's generated menus are held to its walk of the declarations as written at every
    choice of seeded games by tests/test_kernel_speed_menus.py
    (test_the_generated_menus_are_the_walked_ones_at_every_choice_of_a_seeded_game)."""
    checked = {True: 0, False: 0, declared_actions.FALLBACK: 0}

    def check(eng, fig, env, starts_turn, options, bound):
        assert [str(a) for a in options] == reference_menu(eng, fig, env, starts_turn)
        assert list(bound) == options and all(bound[a][0].decl.verb == a.verb for a in options)
        checked[starts_turn] += 1

    compiled_menu, compiled_menus, compiled_fig_menu = declared_actions.menu, declared_actions._menus, \
        declared_actions._fig_menu

    def menu(eng, fig, env, starts_turn=False):
        options, bound = compiled_menu(eng, fig, env, starts_turn)
        check(eng, fig, env, starts_turn, options, bound)
        return options, bound

    def menus(eng):
        def team(offer):
            def checked_offer(eng, env, scope, key, out, bound):
                offer(eng, env, scope, key, out, bound)
                check(eng, None, env, True, out, bound)
            return checked_offer
        eng._menus = {group: team(offer) if group is True else offer
                      for group, offer in compiled_menus(eng).items()}
        return eng._menus

    def fig_menu(eng, fig):
        side, offer = compiled_fig_menu(eng, fig)

        def checked_offer(eng, env):
            options, bound = offer(eng, env)
            check(eng, fig, env, False, options, bound)
            return options, bound
        mine = eng._fig_menus[fig.key] = (side, checked_offer)
        return mine

    monkeypatch.setattr(declared_actions, "menu", menu)
    monkeypatch.setattr(declared_actions, "_menus", menus)
    monkeypatch.setattr(declared_actions, "_fig_menu", fig_menu)
    for seed in seeds:
        play_one(rules, GameConfig(box, seed=seed, mode=mode), ["random"])
    assert checked[True] > 20 and checked[False] > 20


def test_an_action_is_its_verb_arguments_and_text(rules):  # the rules loaded: `move` declared
    a = Action("move", ("hero", 3))
    assert a == ("move", ("hero", 3), "move hero L4") and hash(a) == hash(("move", ("hero", 3), "move hero L4"))
    assert Action("move", ("hero", 3)) is a  # made once: the menus' actions are looked up, not printed again
    assert a != Action("move", ("hero", 4)) and a != Action("place", ("hero", 3))
    assert (a.verb, a.args, a.text, a.figure, a.location) == ("move", ("hero", 3), "move hero L4", "hero", 3)
    assert str(a) == "move hero L4" and repr(a) == "Action(verb='move', args=('hero', 3), text='move hero L4')"
    assert pickle.loads(pickle.dumps(a)) == a and type(pickle.loads(pickle.dumps(a))) is Action
    with pytest.raises(AttributeError, match="immutable"):
        a.verb = "place"
    with pytest.raises(TypeError, match="expected an int"):
        Action("move", ("hero", "L4"))
