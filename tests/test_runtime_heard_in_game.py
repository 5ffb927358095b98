"""Who hears an event in one game (issue #11, speed): `heard_in_game` lists once per event
the figures of the game that can hear it, and `listeners()` asks only whether they stand on
the board. Its answer is the one a walk over every figure gives, in the same order, at every
step of seeded games; an event heard by nothing of this game (a Special Ability no character
of it has) asks no one; a figure coming into the game is seen.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
who hears an event on the kernel: tests/test_kernel_events_speed.py and test_kernel_listeners.py."""
from __future__ import annotations

import pytest

from mayhem.runtime import events
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.state import Figure

from game_helpers import everyone_on_the_board, random_steps

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def walked(eng, event: str) -> list[tuple]:
    """The figures' listeners found by a walk over every figure, as listeners() found them
    before the index: tokens characters hold, then Special Abilities, then non-player
    figures, each by figure name. (trigger id, source, figure key) each."""
    idx = eng.hearing(event)
    holders, abilities, others = [], [], []
    for fig in sorted(eng.state.figures.values(), key=lambda f: f.key):
        if fig.location is None:
            continue
        if fig.kind == "character":
            held = sorted({k for k, n in fig.tokens.items() if n > 0 and k[0] in idx["tokens"]}, key=str)
            seen = set()
            for tok, _owner, _colour in held:
                if tok not in seen:
                    seen.add(tok)
                    holders += [(id(t), tok, fig.key) for t in eng.triggers_of(eng.rules.tokens[tok])[event]]
            spec = eng.special(fig)
            if spec is not None and spec["qid"] in idx["specials"]:
                abilities += [(id(t), spec["qid"], fig.key) for t in eng.triggers_of(spec)[event]]
        elif fig.kind == "npc" and fig.comp["qid"] in idx["npc"]:
            others += [(id(t), fig.comp["qid"], fig.key) for t in eng.triggers_of(fig.comp)[event]]
    return holders + abilities + others


def found(eng, event: str) -> list[tuple]:
    here = eng.heard_in_game(event)
    if not here.figures:
        return []
    # the characters holding a token that hears it, from the index kept as pieces come and go (holders.py)
    chars = eng._holders.characters(here.token_list)
    return [(id(t), env.source, env.self_fig.key) for t, env in eng._figure_listeners(event, here, chars)]


def figure_events(rules) -> list[str]:
    return sorted({t["event"] for c in rules.by_qid.values() if c["kind"] in ("token", "special-ability", "npc")
                   for t in c["triggers"]})


@pytest.mark.parametrize("box,mode,seed", [("teen-titans-go", "standard", 1), ("looney-tunes", "four-players", 2),
                                           ("teen-titans-go", "free-for-all", 3)])
def test_the_index_finds_what_a_walk_over_every_figure_finds(rules, box, mode, seed):
    game = Game(rules, GameConfig(box, mode=mode, seed=seed), record=False)
    evs = figure_events(game.engine.rules)
    assert evs  # tokens, Special Abilities and non-player figures hear something
    steps = compared = 0
    for steps in random_steps(game, seed, 400):
        if steps % 7 == 0:
            for event in evs:
                assert found(game.engine, event) == walked(game.engine, event), (event, steps)
                compared += bool(walked(game.engine, event))
    assert compared > 0  # some figure did hear some event


def test_an_event_no_figure_of_this_game_hears_asks_no_one(rules, monkeypatch):
    game = everyone_on_the_board(rules)
    eng = game.engine
    figs = [f for f in eng.state.figures.values() if f.kind in ("character", "npc")]
    assert figs
    mine = {eng.special(f)["qid"] for f in figs if f.kind == "character" and eng.special(f)} | \
        {f.comp["qid"] for f in figs if f.kind == "npc"}

    def only_figures_elsewhere(event: str) -> bool:
        """Heard by Special Abilities or non-player figures only, none of them this game's."""
        h = eng.hearing(event)
        return h["heard"] and not (h["game"] or h["tokens"] or h["locations"] or h["in-play"] or h["reactions"]) \
            and not ((h["specials"] | h["npc"]) & mine)

    lonely = [e for e in figure_events(eng.rules) if only_figures_elsewhere(e)]
    assert lonely, "the boxes have an event only another game's figures hear"
    for event in lonely:
        assert eng.heard_in_game(event).heard is False  # the rules' index alone would walk the figures
    eng.state.temp_triggers = []
    monkeypatch.setattr(events.EventsMixin, "listeners", lambda *a, **k: pytest.fail("listeners() was asked"))
    assert list(eng.emit(lonely[0], {"figure": figs[0]})) == []


def test_a_figure_coming_into_the_game_is_seen(rules):
    eng = everyone_on_the_board(rules).engine
    event = figure_events(eng.rules)[0]
    first = eng.heard_in_game(event)
    assert eng.heard_in_game(event) is first  # worked out once
    some = next(f for f in eng.state.figures.values() if f.kind == "character")
    eng.state.figures["newcomer"] = Figure("newcomer", "character", some.team, some.comp, some.side, 10)
    again = eng.heard_in_game(event)
    assert again is not first
    assert not first.chars or any(f.key == "newcomer" for f in again.chars)
