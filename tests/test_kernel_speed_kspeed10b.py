"""The tenth speed pass, an Ability resolved and its target (docs/kernel.md, "Speed, tenth pass: an Ability resolved and its target").

Each change held against the plain computation it replaced: a target drawn among names that
print as themselves (figures, spaces) makes no labels (effects.NAMES); the discards at a turn's or
a round's end walk no pile while no piece due lies on a holder (discards.LYING); a structure event
heard by figures' cards alone is heard only while a figure dealt has such a card (turns.DEALT)."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import discards, effects, turns
from mayhem.runtime.kernel.rules import load_game_rules
from mayhem.runtime.kernel.pieces import _move
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, box_rules, digest, parity_kernel, seeded_states  # noqa: F401

BOXES = ("teen-titans-go", "looney-tunes")


def _games(box: str, seeds) -> list:
    from parity_kernel import kernel_config
    rules = box_rules(box)
    ir = parity_kernel.compile_named(ROOT / "content", (box,))
    return [play_game(rules, kernel_config(rules, ir, seed, max_turns=400), ["random"]) for seed in seeds]


class _Drawn:
    """A player's draw (play_out's draws by player): the place `i % n`, each n asked kept."""

    def __init__(self, i: int) -> None:
        self.i, self.asked = i, []

    def __call__(self, n: int) -> int:
        self.asked.append(n)
        return self.i % n


def _drawn(game, values: list, optional: bool, i: int, names: bool) -> tuple:
    """(the value chosen, the history's new entries, the numbers of answers drawn among) of a
    draw among `values` by a draw at place `i`, with the lean path on or off."""
    run = Run(game, [])
    drawn = _Drawn(i)
    run.draws = {"p1": drawn}
    before = len(game.history)
    effects.NAMES[0] = names
    try:
        picked = run.choose_value("p1", values, "choose", None, optional)
    finally:
        effects.NAMES[0] = True
    made = game.history[before:]
    del game.history[before:]
    return picked, made, drawn.asked


@pytest.mark.parametrize("box", BOXES)
def test_a_target_drawn_among_names_is_the_one_the_labels_draw(box):
    """At states of a seeded game, draws among the figures and the spaces (each alone, some
    listed twice, a player's seat among them, with and without `up-to 1`, at every place) give
    the value, the history's entry and the number drawn among that labels() and the texts give;
    a die or a printed card among the values goes the labels' way."""
    rules = box_rules(box)
    cases = 0
    for game in seeded_states(rules, 3, 40, decisions=200):
        state = game.state
        figures = list(state.figures)
        spaces = [s for s in (f.get("space") for f in state.figures.values()) if s is not None]
        if len(figures) < 2:
            continue
        lists = [figures, figures[:2], figures[:1], spaces, [*figures[:2], figures[0]],
                 [*spaces[:2], *spaces[:2]], [*figures[:2], "p1"], [*figures[:2], *list(state.dice)[:1]],
                 [*figures[:2], *list(rules.cards)[:1]]]
        for values in lists:
            if not values:
                continue
            for optional in (False, True):
                for i in range(len(values) + 1):
                    lean = _drawn(game, list(values), optional, i, True)
                    plain = _drawn(game, list(values), optional, i, False)
                    assert lean == plain, (values, optional, i)
                    cases += 1
    assert cases > 100


@pytest.mark.parametrize("box", BOXES)
def test_seeded_games_play_the_same_with_names_drawn_without_labels(box, monkeypatch):
    """Seeded games of random bots: the same games with the lean draw and without it, and with
    it, labels() asked by fewer targets."""
    from mayhem.runtime.kernel import labels as labels_module
    calls = [0]
    real = labels_module.labels

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(effects, "label_values", counted)
    seen = {}
    for names in (True, False):
        calls[0] = 0
        monkeypatch.setattr(effects, "NAMES", [names])
        seen[names] = ([digest(g) for g in _games(box, range(6))], calls[0])
    assert seen[True][0] == seen[False][0]
    assert seen[True][1] < seen[False][1]


def _discarded(game, event: str, lying: bool) -> tuple:
    """(the log's new lines, the zones, the spared pieces) of discard_due at `event` on a copy of
    the game, the look for pieces lying on a holder on or off."""
    twin = game.clone()
    discards.LYING[0] = lying
    try:
        before = len(twin.state.log)
        discards.discard_due(twin, Run(twin, []), event)
    finally:
        discards.LYING[0] = True
    state = twin.state
    return state.log[before:], {k: list(v) for k, v in state.zones.items()}, list(state.spared or ())


@pytest.mark.parametrize("box", BOXES)
def test_the_discards_due_are_those_the_piles_walked_give(box):
    """At states of seeded games, discard_due at the turn's and the round's end sends back what the
    walk over the piles sends back: as the game lies (the pieces due in their pools), then with a
    piece of each token due put on the Active figure, on another figure and on a space (spared by
    this turn and not), each on a copy; some are sent back."""
    rules = box_rules(box)
    p = rules.pieces
    due = sorted(set().union(*p.discards.values()) | p.later)
    assert due
    sent = cases = 0
    for game in seeded_states(rules, 5, 9, decisions=300):
        state = game.state
        figures = [f for f, x in state.figures.items() if x.get("space") is not None]
        if not figures:
            continue
        holders = [f"{p.zones['figure']}/{figures[0]}", f"{p.zones['figure']}/{figures[-1]}",
                   f"{p.zones['space']}/{state.figures[figures[0]]['space']}"]
        if state.active_figure is not None:
            holders.append(f"{p.zones['figure']}/{state.active_figure}")
        for event in ("turn-end", "round-end"):
            assert _discarded(game, event, True) == _discarded(game, event, False)
            cases += 1
        for token in due:
            pool = [u for u, q in enumerate(state.cards) if q == token and not state.places[u].startswith(
                tuple(z + "/" for z in p.zones.values()))]
            if not pool:
                continue
            for key in holders:
                for spare in (False, True):
                    twin = game.clone()
                    _move(twin.state, pool[0], key)
                    if spare:
                        twin.state.spared = [*(twin.state.spared or ()), pool[0]]
                    for event in ("turn-end", "round-end"):
                        lean = _discarded(twin, event, True)
                        assert lean == _discarded(twin, event, False), (token, key, spare, event)
                        sent += bool(lean[0])
                        cases += 1
    assert cases > 50 and sent > 5


@pytest.mark.parametrize("box", BOXES)
def test_seeded_games_play_the_same_with_the_discards_looked_for_first(box, monkeypatch):
    """Seeded games of random bots: the same games with the look for pieces lying on a holder and
    without it."""
    seen = {}
    for lying in (True, False):
        monkeypatch.setattr(discards, "LYING", [lying])
        seen[lying] = [digest(g) for g in _games(box, range(6))]
    assert seen[True] == seen[False]


def _mode_games(box: str, mode: str | None, seeds, dealt: bool, monkeypatch) -> tuple:
    """(the digests, the turn-end calls of hear_structure) of seeded games of random bots of `box`
    in `mode`, its rules loaded anew (the turn's end generated anew) with the gate on or off."""
    from mayhem.runtime.kernel import heard
    from parity_kernel import kernel_config
    calls = [0]
    real = heard.hear_structure

    def counted(game, run, event, fields=None):
        calls[0] += event == "turn-end"
        return real(game, run, event, fields)
    monkeypatch.setattr(heard, "hear_structure", counted)
    monkeypatch.setattr(turns, "DEALT", [dealt])
    ir = parity_kernel.compile_named(ROOT / "content", (box,))
    rules = load_game_rules(ir, box, mode)
    games = [play_game(rules, kernel_config(rules, ir, seed, max_turns=200), ["random"]) for seed in seeds]
    return [digest(g) for g in games], calls[0], sum("turn-end" in str(g.state.log) for g in games)


@pytest.mark.parametrize("box, mode", [("teen-titans-go", None), ("looney-tunes", None),
                                       ("teen-titans-go", "free-for-all"), ("looney-tunes", "free-for-all")])
def test_a_turn_end_heard_by_figures_alone_is_heard_where_one_was_dealt(box, mode, monkeypatch):
    """The turn's end of seeded games with and without the gate: the same games; in the standard
    game (no figure dealt hears it) hear_structure is never called with the gate, and in
    Free-For-All (a Character that hears it is dealt) it is called at every turn's end either way."""
    on = _mode_games(box, mode, range(4), True, monkeypatch)
    off = _mode_games(box, mode, range(4), False, monkeypatch)
    assert on[0] == off[0]
    assert off[1] > 0
    if mode is None:
        assert on[1] == 0
    else:
        assert on[1] == off[1]
