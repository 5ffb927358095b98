"""The menus and the question loop, seventh pass (docs/kernel.md, "Speed, seventh pass: the menus
and the question loop"): the whole menu of a game as one generated function (menus.whole_of,
the walks written in by walks.walk_lines), held against the menus it replaces over seeded games
of both Mayhem boxes and a lab game whose tokens restrict an action."""
from __future__ import annotations

from pathlib import Path
import random

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, actions, load_game_rules, menus
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import digest, titans, walked  # noqa: F401 - titans: a fixture
from game_helpers import lab_ir

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def looney():
    import parity_kernel  # (bench/, on the path through kernel_speed_common)
    return load_game_rules(parity_kernel.compile_named(ROOT / "content", ("looney-tunes",)), "looney-tunes")


@pytest.fixture(scope="module")
def embers():
    """A lab game whose tokens restrict an action (discards.restricted_plans: its plans made per game)."""
    return load_game_rules(lab_ir(ROOT / "tests" / "fixtures" / "kernel" / "embers"), "embers")


def _plain(game) -> tuple[list, list]:
    """actions.menu without the whole menu: menus.menu_of's kept functions and the walks they call."""
    actions._WHOLE[0] = False
    try:
        return actions.menu(game)
    finally:
        actions._WHOLE[0] = True


def _same(game) -> str:
    """The whole menu's actions and texts are the plain menu's: the first verb offered."""
    out, texts = menus.whole_of(game)(game)
    plain, plain_texts = _plain(game)
    assert texts == plain_texts
    assert [tuple(a) for a in out] == [tuple(a) for a in plain]  # (verb, args, text) each
    return texts[0].split(" ")[0] if texts else "(none)"


def test_the_whole_menu_is_the_plain_menu_at_every_decision_of_seeded_games(titans, looney):
    """At each decision of seeded games of both boxes (the dice to place, the Active figure's
    actions, a turn with nothing to place: the fallback), the whole menu lists the same actions,
    arguments and texts in the same order as the menus it writes in."""
    verbs = set()
    for rules in (titans, looney):
        for game in walked(rules, (0, 3, 8), 90):
            verbs.add(_same(game))
    assert {"place-die", "move", "use", "resolve", "end-turn"} <= verbs


def test_the_whole_menu_is_the_plain_menu_in_a_game_whose_tokens_restrict_an_action(embers):
    """Embers (tests/fixtures/kernel/embers): a token forbids an action while it lies on the
    player; its plans are made per game, and so is its whole menu, the same as the plain one."""
    checked, restricted = 0, 0
    for seed in range(10):
        game = KernelGame(embers, KernelConfig(players=2, seed=seed))
        decision, rng = game.start(), random.Random(seed)
        while decision is not None:
            if decision.kind == "action":
                _same(game)
                checked += 1
            decision = game.act(rng.choice(decision.actions))
        restricted += any(p[1] is not q for p, q in zip(game._plans, [actions._plan(a) for a in embers.actions.values()]))
    assert checked > 100 and restricted


def test_the_whole_menu_is_kept_per_plans_shared_by_games_that_share_them(titans, embers):
    """Two games of the same rules share one function (the same plans); a game whose plans are
    replaced gets a new one; games of restricted plans each have their own."""
    one = KernelGame(titans, KernelConfig(players=2, seed=1))
    two = KernelGame(titans, KernelConfig(players=2, seed=2))
    first = menus.whole_of(one)
    assert menus.whole_of(two) is first and menus.whole_of(one) is first
    one._plans = [(verb, plan[:7] + (None,), cards) for verb, plan, cards in one._plans]  # new plan objects
    assert menus.whole_of(one) is not first
    assert "while True" in first.source and "W" in first.source and "def walk" not in first.source  # written in
    a, b = (KernelGame(embers, KernelConfig(players=2, seed=s)) for s in (1, 2))
    assert menus.whole_of(a) is not menus.whole_of(b)


def test_play_out_plays_the_same_games_with_the_whole_menu_as_without(titans, looney):
    """play_game's loop (in_place.py) asks the whole menu bound to the game (menus.bound_menu):
    the same seeded games, history and log, as with actions.menu's plain menus."""
    asked = [0]
    real = menus.whole_of

    def counted(game):
        made = real(game)

        def menu(g):
            asked[0] += 1
            return made(g)
        return menu
    from mayhem.runtime.kernel import counted as by_count
    for rules in (titans, looney):
        for seed in (2, 5):
            config = KernelConfig(players=2, seed=seed)
            menus.whole_of, by_count._COUNTED[0] = counted, False  # (random bots' draws: the counted menu, kspeed9a)
            try:
                whole = digest(play_game(rules, config, ["random"]))
            finally:
                menus.whole_of, by_count._COUNTED[0] = real, True
            actions._WHOLE[0] = False
            try:
                before = asked[0]
                plain = digest(play_game(rules, config, ["random"]))
                assert asked[0] == before  # not asked with the switch off
            finally:
                actions._WHOLE[0] = True
            assert whole == plain, (rules.box, seed)
    assert asked[0] > 100


def test_the_whole_menu_asks_the_fallbacks_when_nothing_starts_the_turn(titans):
    """A Team with dice and no figure on the board can place none: the whole menu offers what
    the fallback action offers (`forfeit N`, one), as the plain menu does (dashboards.fallback_menu)."""
    from mayhem.runtime.kernel import writers
    from kernel_speed_common import at_first_die
    game, decision = at_first_die(titans, 2)
    assert _same(game) == "place-die"
    state = game.state
    for figure in list(state.figures.values()):
        writers.set_space(state, figure, None)
    assert _same(game) == "forfeit" and len(menus.whole_of(game)(game)[1]) == 1


def test_the_whole_menu_tells_a_bots_draw_where_the_actions_it_waits_with_lie(titans, looney):
    """At each decision of seeded games, the whole menu leaves in the rules' slot (waits.waited)
    its texts and the place of the actions a random bot waits with (`end-turn` while `resolve` is
    offered): the texts less that slice are waits.waiting's; and the bot's draw with the slot
    (waits.drawn) is index_of_waiting's, the same place and the same bits, with it and without."""
    from mayhem.runtime.kernel.draws import index_drawer
    from mayhem.runtime.kernel.waits import bot_waits, drawn, index_of_waiting, waited, waiting
    cut = 0
    for rules in (titans, looney):
        waits, slot = bot_waits(rules), waited(rules)
        assert waits == (("end-turn", ("resolve",)),)
        for n, game in enumerate(walked(rules, (1, 6), 80)):
            out, texts = menus.whole_of(game)(game)
            assert slot[0] is texts
            among = texts[:slot[1]] + texts[slot[2]:]
            assert among == waiting(waits, texts) or not among and waiting(waits, texts) == texts
            cut += slot[1] != slot[2]
            gen, plain = random.Random(n), random.Random(n)
            mine, theirs = drawn(waits, gen.getrandbits, slot), index_of_waiting(waits, index_drawer(plain))
            for _ in range(3):
                assert mine(texts) == theirs(texts) and mine(list(texts)) == theirs(texts)  # a copy: no slot
            assert gen.getstate() == plain.getstate()
    assert cut > 10
    # the actions waited with in the middle of a menu, and every action waited with
    waits = (("wait", ("go",)),)
    for texts, start, stop in ((["go 1", "wait 1", "wait 2", "go 2", "other"], 1, 3), (["wait", "wait 2"], 0, 2)):
        gen, plain = random.Random(len(texts)), random.Random(len(texts))
        mine, theirs = drawn(waits, gen.getrandbits, [texts, start, stop]), index_of_waiting(waits, index_drawer(plain))
        assert [mine(texts) for _ in range(40)] == [theirs(texts) for _ in range(40)]


def test_a_walk_sets_env_again_only_where_it_may_have_changed():
    """walks._env_once drops an `env = eN` that repeats the one in force at its indent with only
    one-line statements between; after a loop, a block, another indent or another env, it stays."""
    from mayhem.runtime.kernel.walks import _env_once
    lines = ["env = e0", "v = D(run, env)", "if not v: return", "env = e0", "w = E(run, env)",
             "for j0, a0 in enumerate(v):", " env = e1", " x = F(run, env)", " env = e1", "env = e0",
             "try:", " env = e0", "except NeedChoice: pass", "env = e0", "env = e1", "env = e0"]
    assert _env_once(lines) == ["env = e0", "v = D(run, env)", "if not v: return", "w = E(run, env)",
                                "for j0, a0 in enumerate(v):", " env = e1", " x = F(run, env)", "env = e0",
                                "try:", " env = e0", "except NeedChoice: pass", "env = e0", "env = e1", "env = e0"]
    blocks = ["if c:", " env = e1", "x = 1", "if d:", " env = e1"]  # the second block's env: the first may not have run
    assert _env_once(blocks) == blocks
