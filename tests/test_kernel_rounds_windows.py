"""Two faults of the kernel's Mayhem rounds, on a copy of the content whose Looney Tunes box names
`game mayhem`: a card played in a card window (runtime/kernel/windows.py) is for the figure the
player chose (`play CARD FIGURE`: its `self` while it resolves), shown by a copy whose Round Start card Beep Beep! shields `self`;
and a pool of double-sided pieces (the Trap/Stun tokens, 8 a Team) places all of its pieces as
either token (runtime/kernel/flip.py), as plain pieces are placed."""
from pathlib import Path
import random
import shutil
import sys

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.pieces import count, place
from mayhem.runtime.kernel.rules import load_game_rules
from mayhem.runtime.kernel.structure import KernelConfig, KernelGame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import trial  # noqa: E402

BEEP = ("    for each toon in all friend in anywhere {\n      place(flee, 1, on: toon)\n    }\n",
        "    place(shield, 1, on: self)\n")


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    copy = tmp_path_factory.mktemp("beep") / "content"
    shutil.copytree(ROOT / "content", copy, ignore=shutil.ignore_patterns("teen-titans-go"))
    trial.name_the_game(copy, "looney-tunes")
    cards = copy / "looney-tunes" / "mayhem-cards.mh"
    text = cards.read_text(encoding="utf-8")
    assert BEEP[0] in text
    cards.write_text(text.replace(BEEP[0], BEEP[1]), encoding="utf-8")
    return load_game_rules(driver.compile_paths([copy]).ir, "looney-tunes")


def test_a_card_played_in_a_window_is_for_the_figure_chosen(rules):
    for seed in range(40):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        rnd, decision = random.Random(seed), game.start()
        while decision is not None and game.state.round <= 3:
            offered = [a for a in decision.actions if a.startswith("play beep-beep ")]
            if offered:
                figure = offered[-1].split()[-1]
                game.act(offered[-1])
                shields = [e for e in game.state.log if e["event"] == "place" and e["token"] == "shield"]
                assert shields[-1]["on"] == figure and shields[-1]["count"] == 1
                return
            decision = game.act(rnd.choice(decision.actions))
    raise AssertionError("no seed offered Beep Beep! in a Round Start window")


def test_a_teams_double_sided_pieces_are_placed_as_either_token(rules):
    """Black's 8 Trap/Stun pieces, laid as 4 Traps and 4 Stuns, are 8 Traps when it places Traps
    (the 5th to the 8th turned over), a 9th finds none; Stuns then find none either."""
    game = KernelGame(rules, KernelConfig(players=2, seed=0))
    rnd, decision = random.Random(0), game.start()
    while game.state.round < 1:  # the setup's questions answered: the board laid, the pools filled
        decision = game.act(rnd.choice(decision.actions))
    run, env = Run(game, []), {"ctx:me": game.state.teams["black"][0]}
    trap, stun = (next(q for q, c in rules.cards.items() if c.id == t) for t in ("trap", "stun"))
    assert rules.pieces.sides[trap] == rules.pieces.sides[stun]
    assert (count(run, env, trap), count(run, env, stun)) == (4, 4)
    tiles = [s for s in rules.layout.spaces(run) if not count(run, env, trap, on=s)][:9]
    for tile in tiles:
        place(run, env, trap, 1, on=tile)
    placed = [e for e in game.state.log if e["event"] == "place" and e["token"] == "trap"][-9:]
    assert [e["count"] for e in placed] == [1] * 8 + [0]
    assert (count(run, env, trap), count(run, env, stun)) == (0, 0)


def test_a_bots_wait_names_whole_verbs():
    """`bots-wait-for [resolve]` (runtime/kernel/waits.py `_of`): an action is the verb's when its
    text is the verb or starts with the verb and a space, so a verb that begins another's name
    (`resolve`, `resolve-all`) or a word (`resolved`) is not taken for it."""
    from mayhem.runtime.kernel.waits import _of, waiting
    assert _of("resolve", "resolve") and _of("resolve raven/telekinesis", "resolve")
    assert not _of("resolve-all 1", "resolve") and not _of("resolved", "resolve")
    waits = (("end-turn", ("resolve",)),)
    assert waiting(waits, ["end-turn", "resolve-all 1"]) == ["end-turn", "resolve-all 1"]
    assert waiting(waits, ["end-turn", "resolve a"]) == ["resolve a"]
