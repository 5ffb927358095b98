"""The tenth speed pass, an Ability resolved and its target (docs/kernel.md, "Speed, tenth pass: an Ability resolved and its target").

Each change held against the plain computation it replaced: a target drawn among names that
print as themselves (figures, spaces) makes no labels (effects.NAMES)."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import effects
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
