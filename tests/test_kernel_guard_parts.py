"""An action's guard is asked in parts (runtime/kernel/actions.py, `_plan`): the items of a
top-level `and` that read no parameter once per listing, those that read one parameter once
per value of it, the rest per combination (with its calls that read no parameter evaluated
once per listing). The legal actions are exactly those the whole
guard allows, asked per combination, at every decision of seeded games of the lab game Ridge
(whose `climb` guard has a part of each kind)."""
from itertools import product
from pathlib import Path
import random

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.actions import _plan, _values, legal_actions
from mayhem.runtime.kernel.compile import compiled
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.labels import labels

RIDGE = Path(__file__).resolve().parent / "fixtures" / "kernel" / "ridge"


@pytest.fixture(scope="module")
def ridge():
    return load_game_rules(driver.compile_paths([RIDGE]).ir, "ridge")


def whole_guard(game) -> list[str]:
    """The legal actions' texts with each guard asked whole, per combination of values."""
    probe, env, out = Run(game, []), {"ctx:me": game.state.active}, []
    for verb, action in game.rules.actions.items():
        domains = [_values(compiled(d)(probe, env)) if d is not None else [None] for _n, d in action.params]
        named = [list(zip(d, labels(game, d, cards))) for d, cards in zip(domains, action.cards)]
        for combo in product(*named):
            text = " ".join([verb] + [label for _v, label in combo])
            inner = {**env, **{"var:" + name: v for (name, _d), (v, _l) in zip(action.params, combo)}}
            if text not in out and (action.guard is None or compiled(action.guard)(probe, inner)):
                out.append(text)
    return out


def test_the_climb_guard_is_split_by_what_each_part_reads(ridge):
    _domains, keys, _once, alone, rest, _body, lifted, _listing = _plan(ridge.actions["climb"])
    by_key = dict(zip(keys, alone))
    assert len(by_key["var:to"]) == 1  # free-slots(to) > 0: once per space
    assert by_key["var:die"] == () and rest is not None  # the `or` reads both
    # ... but its distance(first(figures-of(me)), summit) reads neither: once per listing
    assert [key for key, _fn in lifted] == ["var:lift:0"]


@pytest.mark.parametrize("seed", range(6))
def test_the_parts_allow_what_the_whole_guard_allows(ridge, seed):
    game, pick, checked = KernelGame(ridge, KernelConfig(players=4, seed=seed)), random.Random(seed), 0
    decision = game.start()
    while decision is not None:
        if decision.kind == "action":
            assert [a.text for a in legal_actions(game)] == whole_guard(game) == decision.actions
            checked += 1
        decision = game.act(pick.choice(decision.actions))
    assert checked > 0
