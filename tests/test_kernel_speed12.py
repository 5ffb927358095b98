"""Speed-ups of the Mayhem rules on the kernel (docs/kernel.md, "Speed of the Mayhem rules on the
kernel") that must not change what a game does, each held to what it replaces, in a Mayhem box
naming `game mayhem`: a chained action's guard asked part by part as soon as its parameters are
set, and a domain that reads no parameter before it listed once (leveled.py), to the menu whose
guards are asked whole for every combination and whose domains are listed for each; the end
condition asked only when a projection of what it reads changed (end_reads.py), to the
same game asking it at every check."""
from __future__ import annotations

import random

from mayhem.runtime.kernel import KernelConfig, KernelGame, writers

from kernel_speed_common import at_first_die, digest, parity_kernel, titans  # noqa: F401 - titans: a fixture


def _whole_menu(game, monkeypatch) -> tuple[list, list]:
    """actions.menu of a copy of the game as before leveled.py: no guard split by parameter, every
    domain listed for each combination of the parameters before it."""
    from mayhem.runtime.kernel import actions
    trial = game.clone()
    trial._plans = None
    with monkeypatch.context() as m:
        m.setattr(actions, "_PLANS", {})
        m.setattr(actions, "leveled", lambda guard, keys: None)
        m.setattr(actions, "free_domains", lambda params: frozenset())
        return actions.menu(trial)


def test_the_menus_of_a_game_are_those_of_its_guards_asked_whole(titans, monkeypatch):
    """At every choice of an action of a seeded game (a Team's die placed, a Move, an Ability, a
    token, a card), the menu lists the same actions with the same values, in the same order, as
    the menu asking each whole guard per combination; the split guards were in play."""
    from mayhem.runtime.kernel import actions
    from mayhem.runtime.kernel.leveled import Levels
    game = KernelGame(titans, KernelConfig(players=2, seed=5))
    pick = random.Random(5)
    decision, compared, verbs = game.start(), 0, set()
    while decision is not None and compared < 60:
        if decision.kind == "action":
            legal, texts = actions.menu(game)
            whole = _whole_menu(game, monkeypatch)
            assert texts == whole[1] and [a.args for a in legal] == [a.args for a in whole[0]]
            compared += 1
            verbs |= {a.verb for a in legal}
        decision = game.act(pick.choice(decision.actions))
    assert compared == 60 and {"place-die", "move", "end-turn"} <= verbs
    plans = {verb: plan for verb, plan, _cards in game._plans}
    assert isinstance(plans["place-die"][4], Levels) and plans["move"][4][0] is not None  # the split ones
    assert plans["place-die"][0].free == {0, 2}  # the dice listed once, not once per figure and Ability


def test_a_game_asking_its_end_on_a_change_of_what_it_reads_is_the_game_asking_it_always(titans):
    """The end condition of the Mayhem rules reads pieces (VP kept as tokens), the figures and the
    round: end_reads projects them, and a seeded game that asks it only when the projection
    changed is the same game (log, answers, result) as one asking it at every check."""
    from mayhem.runtime.kernel.end_reads import end_reads
    from mayhem.runtime.kernel.play import play_game
    from mayhem.runtime.kernel import structure
    reads = end_reads(titans)
    assert reads is not None
    config = parity_kernel.kernel_config(titans, {}, 1, max_turns=120)
    cached = play_game(titans, config, ["random"])
    key = id(titans)
    made = structure._PER_RULES[key][1]
    structure._PER_RULES[key] = (titans, (made[0], made[1], None, made[3]))  # asked at every check
    try:
        always = play_game(titans, config, ["random"])
    finally:
        structure._PER_RULES[key] = (titans, made)
    assert always._end_reads is None and cached._end_reads is not None
    assert digest(cached) == digest(always) and len(cached.history) > 100


def test_the_projection_of_what_the_end_reads_changes_with_a_piece_or_a_figure(titans):
    """What end_reads returns is data that stays as it was (a copy kept by check_end is not
    changed by play), and differs once a VP piece moves (another card does not count) or a
    figure leaves the board."""
    from mayhem.runtime.kernel.end_reads import end_reads
    reads = end_reads(titans)
    game, decision = at_first_die(titans, 0)
    state = game.state
    before = reads(state)
    assert before == reads(state)
    from mayhem.runtime.kernel.pieces import _move
    from mayhem.runtime.kernel.end_reads import _figures_out
    team = next(iter(state.teams))
    vp = titans.pieces.kept["vp"].token
    uid = next(u for u, qid in enumerate(state.cards) if qid == vp)
    was = state.places[uid]
    _move(state, uid, f"on-team/{team}")  # a VP piece laid on the Team: where the VP pieces lie differs
    assert reads(state) != before
    _move(state, uid, was)
    assert reads(state) == before
    other = next(u for u, qid in enumerate(state.cards) if qid != vp and state.places[u] != f"on-team/{team}")
    was = state.places[other]
    _move(state, other, f"on-team/{team}")  # any other card there: no VP, the same value
    assert reads(state) == before
    _move(state, other, was)
    figure = next(iter(state.figures))
    space, plain = state.figures[figure]["space"], _figures_out(state)
    writers.set_space(state, state.figures[figure], None)
    assert reads(state) != before and _figures_out(state) != plain
    writers.set_space(state, state.figures[figure], space)
    # off the board and back: what it reads is as it was (the plain tuple), its dirty flag (the
    # figures' off mark, writers.py) says written, which only asks the end condition once more
    assert _figures_out(state) == plain and reads(state) != before
