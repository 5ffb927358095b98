"""The menus of the Mayhem rules on the kernel, second pass (docs/kernel.md, "Menus and board
queries, second pass"): a chained action's walk keeps a level's guard parts that read only outer
parameters per outer value and labels its values only where a combination is printed, the same
actions as the walk as written; an action's form that does not name its parameters refused at
the declaration's span with a hint."""
from __future__ import annotations

import dataclasses

import pytest

from mayhem.runtime.kernel.rules import KernelError

from kernel_speed_common import at_first_die, titans  # noqa: F401 - titans: a fixture


def test_place_die_keeps_the_activations_of_a_figure_for_its_abilities(titans):
    """`not activated(figure, ability) and (activations(figure) == 0 or ...)`: the second part
    reads only `figure`, so the walk asks it once per figure, before its Abilities are listed;
    `activated` reads the Ability too and is asked per Ability."""
    from mayhem.runtime.kernel.actions import _plan
    from mayhem.runtime.kernel.walks import _memos, _written, walk_of
    action = titans.actions["place-die"]
    domains, keys, _once, _alone, guard = _plan(action)[:5]
    memos = _memos(guard, keys, _written(action, domains, guard), len(keys) - 1)
    assert list(memos) == [0] and list(memos[0]) == ["2_1"]  # kept per figure (a0), asked at level 2
    from mayhem.runtime.kernel.compile import pure
    kept = memos[0]["2_1"]
    assert kept["e"] == "or" and pure(kept, frozenset([keys[1]])) and not pure(kept, frozenset([keys[0]]))
    src = walk_of("place-die", domains, keys, guard, action.cards, action).source
    loop0, loop1 = src.index("for j0, a0"), src.index("for j1, a1")
    assert loop0 < src.index(" m2_1 = (") < loop1  # asked once per figure, not per Ability
    assert src.count("m2_1 = (") == 1 and src.index("if not m2_1: continue") < loop1  # a no: the next figure


def test_a_menu_whose_guard_keeps_a_part_lists_what_the_walk_as_written_lists(titans, monkeypatch):
    """At the first die to place of several seeds (some figures off the board, some Abilities
    activated as play goes on): the generated walk's menu is the written walk's, action by action."""
    from mayhem.runtime.kernel import actions, chained
    for seed in (0, 4, 9):
        game, decision = at_first_die(titans, seed)
        for _ in range(40):
            if decision is None:
                break
            generated = actions.menu(game)
            with monkeypatch.context() as m:
                m.setattr(actions, "_GENERATED", [False])
                m.setattr(chained, "_GENERATED", [False])
                written = actions.menu(game)
            assert generated[1] == written[1] and [a.args for a in generated[0]] == [a.args for a in written[0]]
            decision = game.act(decision.actions[(seed + len(game.history)) % len(decision.actions)])


def test_a_form_that_does_not_name_its_parameters_is_refused_at_its_span_with_a_hint(titans):
    """The kernel's error for a wrong `form` names the declaration's file:line:col and says how a form names parameters."""
    from mayhem.runtime.kernel.actions import _plan
    move = titans.actions["move"]
    assert move.span.startswith("shared/game.mh:")
    bad = dataclasses.replace(move, form="{figure} {where:loc}")
    with pytest.raises(KernelError) as caught:
        _plan(bad)
    message = str(caught.value)
    assert message.startswith(move.span + ": the form of action 'move' names figure, where")
    assert "hint: a form names each parameter of the action once" in message
