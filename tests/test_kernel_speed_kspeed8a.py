"""The menus, eighth pass (docs/kernel.md, "Speed, eighth pass: the menus kept"): a walk's level
whose value nothing below reads from env makes no copy of env (walks._read_in_env), and a random
bot's pick draws its place in one written-out draw (waits.drawn), held against what they replace."""
from __future__ import annotations

from pathlib import Path
import random

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules, menus, walks
from mayhem.runtime.kernel.draws import index_drawer
from mayhem.runtime.kernel.waits import drawn, index_of_waiting

from kernel_speed_common import titans, walked  # noqa: F401 - titans: a fixture
from game_helpers import lab_ir

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def looney():
    import parity_kernel  # (bench/, on the path through kernel_speed_common)
    return load_game_rules(parity_kernel.compile_named(ROOT / "content", ("looney-tunes",)), "looney-tunes")


def _both(game) -> tuple:
    """The game's whole menu generated anew with every level's env copied (as before) and with
    the copies left out where nothing reads them: (the menus, the two sources)."""
    plans = game._plans if game._plans is not None else menus.actions.plans_of(game)
    walks._COPIES[0] = True
    try:
        copied = menus._whole(plans, game.rules)
    finally:
        walks._COPIES[0] = False
    lean = menus._whole(plans, game.rules)
    return copied(game), lean(game), copied.source, lean.source


def test_a_walk_without_the_copies_lists_the_same_menus_at_every_decision(titans, looney):
    """At each decision of seeded games of both boxes, the whole menu written without the env
    copies nothing reads lists the same actions, arguments and texts, in the same order, as the
    one that copies env at every level; and it leaves copies out (move, use, use-token, the
    Ability of place-die) but keeps place-die's figure's (a selector reads `figure` from env)."""
    for rules in (titans, looney):
        kinds = set()
        for game in walked(rules, (0, 4, 9), 90):
            (out, texts), (lean, lean_texts), copied, source = _both(game)
            assert lean_texts == texts
            assert [tuple(a) for a in lean] == [tuple(a) for a in out]
            kinds.add(texts[0].split(" ")[0] if texts else "(none)")
        assert {"place-die", "move", "end-turn"} <= kinds
        assert copied.count(".copy()") - source.count(".copy()") == 4, rules.box
        assert "e1 = e0.copy()" in source  # place-die's figure: copied


def test_a_level_is_copied_only_where_something_below_reads_its_value_from_env(titans):
    """walks._read_in_env on the Mayhem actions: place-die's figure is read by the selector
    `count(all character where ... it != figure)` (its own function, reading env): copied; its
    Ability is read only through written-in calls: not copied; a domain not written in (its own
    function) below a level: copied."""
    from mayhem.runtime.kernel.actions import _plan
    from mayhem.runtime.kernel.walks import _read_in_env, _written
    action = titans.actions["place-die"]
    domains, keys, _once, _alone, levels = _plan(action)[:5]
    written = _written(action, domains, levels)
    final = levels[-1]
    assert _read_in_env(0, keys, domains, levels, final, written) is True
    assert _read_in_env(1, keys, domains, levels, final, written) is False
    unwritten = {k: v for k, v in written.items() if k != "D1"}
    assert _read_in_env(0, keys, domains, levels, final, unwritten) is True
    move = titans.actions["move"]
    plan = _plan(move)
    assert _read_in_env(0, plan[1], plan[0], None, plan[4], _written(move, plan[0], plan[4])) is False


def test_play_game_plays_the_same_seeded_games_without_the_copies(titans, looney):
    """Seeded games played through (play_game, random bots) with the copies and without them:
    the same logs and histories (the walks made anew each way)."""
    from mayhem.runtime.kernel.play import play_game
    from kernel_speed_common import digest
    for rules in (titans, looney):
        for seed in (1, 7):
            config = KernelConfig(players=2, seed=seed)
            got = []
            for copies in (True, False):
                walks._COPIES[0] = copies
                menus._WHOLE.clear()
                walks._MADE.clear()
                try:
                    got.append(digest(play_game(rules, config, ["random"])))
                finally:
                    walks._COPIES[0] = False
                    menus._WHOLE.clear()
                    walks._MADE.clear()
            assert got[0] == got[1], (rules.box, seed)


def test_a_lab_game_with_chained_actions_lists_the_same_menus_without_the_copies():
    """Squads (tests/fixtures/kernel/squads, a lab game whose actions read parameters in
    chained domains): its menus at each decision of seeded games, with and without the copies."""
    rules = load_game_rules(lab_ir(ROOT / "tests" / "fixtures" / "kernel" / "squads"), "squads")
    checked = 0
    for seed in range(6):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        decision, rng = game.start(), random.Random(seed)
        while decision is not None and checked < 400:
            if decision.kind == "action":
                (out, texts), (lean, lean_texts), _c, _s = _both(game)
                assert lean_texts == texts and [tuple(a) for a in lean] == [tuple(a) for a in out]
                checked += 1
            decision = game.act(rng.choice(decision.actions))
    assert checked > 50


def test_a_bots_pick_draws_as_index_of_waiting_with_one_draw_written_out():
    """waits.drawn (its one draw shared by a count, the menu's slot and any other list) gives
    index_of_waiting's places and leaves the generator where it leaves it: counts (0 raises as
    it does), lists with and without the actions waited with, the slot's texts with the slice
    in the middle, at the end, or all of them."""
    waits = (("wait", ("go",)),)
    cases = [3, 1, 17, 64, ["go 1", "wait 1", "other"], ["wait", "other"], ["a", "b", "c"]]
    slots = [(["go 1", "wait 1", "wait 2", "go 2", "other"], 1, 3), (["go", "x", "wait"], 2, 3),
             (["wait", "wait 2"], 0, 2), (["a", "b"], 0, 0)]
    for seed in range(20):
        gen, plain = random.Random(seed), random.Random(seed)
        mine, theirs = drawn(waits, gen.getrandbits), index_of_waiting(waits, index_drawer(plain))
        for case in cases:
            assert [mine(case) for _ in range(5)] == [theirs(case) for _ in range(5)], case
        for texts, start, stop in slots:
            slotted = drawn(waits, gen.getrandbits, [texts, start, stop])
            assert [slotted(texts) for _ in range(5)] == [theirs(texts) for _ in range(5)], texts
        assert gen.getstate() == plain.getstate()
    for empty in (0, []):
        with pytest.raises(IndexError):
            drawn(waits, random.Random(0).getrandbits)(empty)


def test_the_labels_and_the_texts_tail_made_above_the_last_loop_list_the_same_menus(titans, looney):
    """A walk with no guard under its last level makes the labels of every level and the text's
    tail (`{figure}/{ability}` of `{value:int} {figure}/{ability}`) once above the last loop, not
    per combination (walks._HOIST): the same menus as made in the loop, at each decision of
    seeded games of both boxes; place-die's walk is so written."""
    for rules in (titans, looney):
        for game in walked(rules, (2, 5), 90):
            plans = game._plans if game._plans is not None else menus.actions.plans_of(game)
            walks._HOIST[0] = False
            try:
                plain = menus._whole(plans, game.rules)
            finally:
                walks._HOIST[0] = True
            hoisted = menus._whole(plans, game.rules)
            (out, texts), (mine, my_texts) = plain(game), hoisted(game)
            assert my_texts == texts and [tuple(a) for a in mine] == [tuple(a) for a in out]
        assert "tl = " in hoisted.source and "tl = " not in plain.source
