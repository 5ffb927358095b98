"""The counted menu (runtime/kernel/counted.py): a random bot's menu that counts the legal actions and prints only the one drawn, held against the whole menu and the draw among its texts."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, load_game_rules, menus
from mayhem.runtime.kernel import counted as by_count
from mayhem.runtime.kernel.play import play_game

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from kernel_speed_common import digest, titans  # noqa: E402,F401 - titans: a fixture
import parity_kernel  # noqa: E402


@pytest.fixture(scope="module")
def looney():
    return load_game_rules(parity_kernel.compile_named(ROOT / "content", ("looney-tunes",)), "looney-tunes")


def _generator(draw):
    """The random.Random a bot's draw (waits.drawn's pick) draws with, from its closure."""
    for cell in draw.__closure__ or ():
        value = cell.cell_contents
        if getattr(value, "__name__", None) == "getrandbits":
            return value.__self__
    raise AssertionError("no generator in the draw")


def _checked(seen: Counter):
    """counted_of, each counted menu asked checked first against the whole menu and the draw among
    its texts from the same generator state: the same action (verb, arguments, text), the same
    history entry, the generator left in the same state."""
    real = by_count.counted_of

    def counted_of(game):
        made = real(game)
        assert made is not None

        def pick(g, draws, history):
            me = g.state.active
            gen = _generator(draws[me])
            start = gen.getstate()
            legal, texts = menus.whole_of(g)(g)
            if not legal:
                want, entry = None, None
            elif len(legal) == 1:
                want, entry = legal[0], None
            else:
                index = draws[me](texts)
                want, entry = legal[index], {"player": me, "kind": "action", "action": texts[index]}
                seen["drawn"] += 1
                seen[want.verb] += 1
                seen["alike"] += sum(1 for a in legal if a.verb == "place-die") < _raw_place_die(g, legal)
            after = gen.getstate()
            gen.setstate(start)
            size = len(history)
            got = made(g, draws, history)
            assert got == want and (got is None or tuple(got) == tuple(want))
            assert history[size:] == ([entry] if entry is not None else [])
            assert gen.getstate() == after
            return got
        return pick
    return real, counted_of


def _raw_place_die(game, legal) -> int:
    """How many place-die combinations the menu had before copies alike were merged: the dice
    alike of a Team counted each (a die's label is its value)."""
    dice = [a.args[2] for a in legal if a.verb == "place-die"]
    if not dice:
        return 0
    free = [d for d, die in game.state.dice.items() if die["on"] is None and die["owner"] == game.state.dice[dice[0]]["owner"]]
    pairs = {(a.args[0], a.args[1]) for a in legal if a.verb == "place-die"}
    return len(pairs) * len(free)


def test_the_counted_menu_draws_what_the_whole_menu_and_its_draw_give(titans, looney):
    """At every choice of an action of seeded games of both boxes: the counted menu's action,
    history entry and generator state are the whole menu's and the bot's draw among its texts.
    Some draws are among place-die's dice alike (merged per label), some wait past `end-turn`
    while a `resolve` is offered (the slot's slice)."""
    seen: Counter = Counter()
    real, checking = _checked(seen)
    for rules in (titans, looney):
        for seed in (1, 4):
            config = KernelConfig(players=2, seed=seed)
            by_count.counted_of = checking
            try:
                counted_game = digest(play_game(rules, config, ["random"]))
            finally:
                by_count.counted_of = real
            by_count._COUNTED[0] = False
            try:
                plain = digest(play_game(rules, config, ["random"]))
            finally:
                by_count._COUNTED[0] = True
            assert counted_game == plain, (rules.box, seed)
    assert seen["drawn"] > 300 and seen["place-die"] > 50 and seen["move"] > 50
    assert seen["resolve"] > 10 and seen["alike"] > 10
    made = by_count.counted_of(play_game(titans, KernelConfig(players=2, seed=1), ["random"]))
    assert made.__code__.co_cellvars == () and made.__code__.co_freevars == ()  # (no cells: kspeed6a)


def test_simulate_games_are_the_same_counted(rules):
    """runtime/game.py's play_out(pick=True) (simulate's games: the draws wrapped by `Capped`)
    asks the counted menu and plays the same games, decisions, winners and log, as without it."""
    from mayhem.runtime import GameConfig
    from mayhem.runtime.simulate import play_one
    asked = [0]
    real = by_count.counted_of

    def counting(game):
        made = real(game)

        def pick(g, draws, history):
            asked[0] += 1
            return made(g, draws, history)
        return pick
    for seed in (2, 7):
        by_count.counted_of = counting
        try:
            with_count = play_one(rules, GameConfig("teen-titans-go", seed=seed), ["random"])
        finally:
            by_count.counted_of = real
        by_count._COUNTED[0] = False
        try:
            before = asked[0]
            plain = play_one(rules, GameConfig("teen-titans-go", seed=seed), ["random"])
            assert asked[0] == before
        finally:
            by_count._COUNTED[0] = True
        assert with_count == plain and with_count["decisions"] > 20
    assert asked[0] > 20


def test_labels_alike_are_merged_or_ask_the_whole_menu(titans):
    """Where two figures print alike (labels made so here), a place-die combination of one could
    print as another's: the counted menu asks the whole menu and its draw (full_pick), which
    merges them, and draws the same. Spaces and Abilities alike (a walk of one level): the
    counted menu keeps the first of each label, as the whole menu does."""
    from mayhem.runtime.kernel import labels as labels_module
    real_labels = labels_module.labels
    figures = set()

    def alike(game, values, cards=True):  # figures, spaces and Abilities (no die, no card) print alike
        out = real_labels(game, values, cards)
        if len(values) > 1 and all(v.__class__ is str and v not in game.state.dice for v in values):
            figures.update(v for v in values if v in game.state.figures)
            return ["same"] * len(out)
        return out
    fell: list = []
    real_full = menus.full_pick

    def full(game, draws, history):
        fell.append(1)
        return real_full(game, draws, history)
    seen: Counter = Counter()
    real, checking = _checked(seen)
    menus._WHOLE.clear()
    by_count._MADE.clear()
    try:
        menus._BASE["labels"] = alike
        menus.full_pick = full
        by_count.counted_of = checking
        import mayhem.runtime.kernel.walks as walks
        walks_labels, walks.labels = walks.labels, alike
        try:
            play_game(titans, KernelConfig(players=2, seed=3), ["random"])
        finally:
            walks.labels = walks_labels
    finally:
        menus._BASE["labels"] = real_labels
        menus.full_pick, by_count.counted_of = real_full, real
        menus._WHOLE.clear()
        by_count._MADE.clear()
    assert figures and fell and seen["move"] + seen["use"] > 5


def test_the_draw_moves_past_the_actions_a_bot_waits_with():
    """pick_lines' draw: the place drawn among the actions less those a bot waits with (while
    an action it waits for is offered), read back past them, as waits.drawn reads the slot;
    all of them when they are all there is. (In a Mayhem menu `end-turn` is last: this holds
    the case where they lie in the middle.)"""
    from mayhem.runtime.actions import Action
    lines = by_count.pick_lines([(None, [(0, {"kind": "alp"})])], True)
    src = "def f(cnt, up, ws, we, draws, me, history, c0, kj0, vl0, bl0):\n" + "\n".join(lines)
    space = {"P0": "play ", "V0": "play", "_new": tuple.__new__, "Action": Action}
    exec(src, space)  # noqa: S102
    f = space["f"]
    values, labs = list("abcde"), list("ABCDE")
    for r in range(3):  # five actions, the 2nd and 3rd waited with: drawn among three
        history: list = []
        got = f(5, True, 1, 3, {"p1": lambda m, r=r: (m == 3 or pytest.fail(m)) and r}, "p1", history, 5,
                [0, 1, 2, 3, 4], values, labs)
        assert got.text == "play " + "ABCDE"[[0, 3, 4][r]] and history[-1]["action"] == got.text
    got = f(2, True, 0, 2, {"p1": lambda m: (m == 2 or pytest.fail(m)) and 1}, "p1", [], 2, [0, 1], values, labs)
    assert got.args == ("b",)  # all waited with: drawn among them all
    got = f(5, False, 1, 3, {"p1": lambda m: (m == 5 or pytest.fail(m)) and 2}, "p1", [], 5, [0, 1, 2, 3, 4],
            values, labs)
    assert got.args == ("c",)  # nothing waited for offered: among all


def test_firsts_and_kept_firsts():
    """The first place of each label; the places kept less those whose label came before."""
    assert list(by_count.firsts(["3", "5", "3", "5", "6"])) == [0, 1, 4]
    assert by_count.firsts(["a", "b"]) == range(2)
    assert list(by_count.firsts([])) == []
    assert by_count.kept_firsts(["3", "5", "3", "5", "6"], [1, 2, 3, 4]) == [1, 2, 4]
    assert by_count.kept_firsts(["a", "b", "c"], [2, 0]) == [2, 0]


def test_separators_read_the_text_back_or_say_not_countable():
    """A label followed by a constant: that constant's first character; a label followed by
    another label or by the Active figure's name: NotCountable; the text's last label: none."""
    space = {"S0": "place-die ", "S1": " ", "S2": "/", "E": ""}
    assert by_count._separators(["S0", "b2[j2]", "S1", "b0[j0]", "S2", "b1[j1]"], space) == {2: " ", 0: "/"}
    assert by_count._separators(["S0", "act", "S1", "b0[j0]"], space) == {}
    for parts in (["S0", "b0[j0]", "b1[j1]"], ["S0", "b0[j0]", "act", "b1[j1]"], ["b0[j0]", "E", "b1[j1]"]):
        with pytest.raises(by_count.NotCountable):
            by_count._separators(parts, space)


def test_plans_it_cannot_count_keep_the_whole_menu():
    """A game whose menu lists cards through a listing or a product (Market,
    tests/fixtures/kernel/market) has no counted menu: its random games are the whole menu's."""
    from game_helpers import lab_ir
    ir = lab_ir(ROOT / "tests" / "fixtures" / "kernel" / "market")
    rules = load_game_rules(ir, next(iter(ir["boxes"])))
    game = play_game(rules, KernelConfig(players=2, seed=0), ["random"])
    assert by_count.counted_of(game) is None and len(game.history) > 20
    by_count._COUNTED[0] = False
    try:
        assert digest(play_game(rules, KernelConfig(players=2, seed=0), ["random"])) == digest(game)
    finally:
        by_count._COUNTED[0] = True
