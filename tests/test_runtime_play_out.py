"""A whole game played with its questions answered where the rules ask them
(`Game.play_out`, issue #11's speed) against the same game driven `act()` by `act()`: the same
seeded bots give the same history, log and result, in every mode and for both boxes."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.decisions import IllegalAction
from mayhem.runtime.simulate import play_one, seat_bots

TEAMS = Path(__file__).resolve().parent.parent / "examples" / "teams"


def _bots(rules, config: GameConfig, names: list[str]) -> dict:
    seated = seat_bots(rules, config.mode, names)
    return {f"p{i + 1}": make_bot(name, config.seed * 7919 + i) for i, name in enumerate(seated)}


def by_act(rules, config: GameConfig, names: list[str]) -> Game:
    game, bots = Game(rules, config), _bots(rules, config, names)
    decision = game.start()
    while decision is not None:
        decision = game.act(bots[decision.player].choose(decision, game))
    return game


def played_out(rules, config: GameConfig, names: list[str]) -> Game:
    game, bots = Game(rules, config), _bots(rules, config, names)
    game.play_out(lambda d: bots[d.player].choose(d, game))
    return game


def _same(a: Game, b: Game) -> None:
    assert len(a.history) > 20
    assert a.history == b.history
    assert a.events == b.events
    assert a.result() == b.result()
    assert a.over and b.over and a.decision is None and b.decision is None


@pytest.fixture(scope="module")
def team_lists(ir):
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics
    return {c: load_team(TEAMS / f, ir, Diagnostics()).to_config()
            for c, f in (("black", "titans-and-taz.mh"), ("white", "toons-and-raven.mh"))}


@pytest.mark.parametrize("box", ["looney-tunes", "teen-titans-go"])
@pytest.mark.parametrize("mode", ["standard", "three-players", "four-players", "free-for-all"])
def test_a_game_played_out_by_random_bots_is_the_game_played_act_by_act(rules, box, mode):
    for seed in range(4):
        config = dict(box=box, seed=seed, mode=mode)
        reference = by_act(rules, GameConfig(**config), ["random"])
        _same(played_out(rules, GameConfig(**config), ["random"]), reference)


def test_competitive_and_first_games_played_out_are_the_same(rules, team_lists):
    for seed in range(3):
        for config in (dict(box="teen-titans-go", seed=seed, mode="competitive", team_lists=team_lists),
                       dict(box="looney-tunes", seed=seed, first_game=True)):
            reference = by_act(rules, GameConfig(**config), ["random"])
            _same(played_out(rules, GameConfig(**config), ["random"]), reference)


@pytest.mark.parametrize("box", ["looney-tunes", "teen-titans-go"])
def test_a_greedy_bot_reads_the_state_at_its_question_played_out_too(rules, box):
    """The greedy bot reads the board where it is asked: in place, the state is the one
    act() would have stopped at."""
    for seed in range(2):
        reference = by_act(rules, GameConfig(box, seed=seed), ["greedy", "random"])
        _same(played_out(rules, GameConfig(box, seed=seed), ["greedy", "random"]), reference)


def play_one_by_act(rules, config: GameConfig) -> tuple[int, list, int]:
    """The game play_one's random bots play, act() by act(): (decisions, winners, events). The
    kernel's random bots (runtime/simulate.py `_play_kernel`), seeded as its play_game seeds them
    (runtime/kernel/play.py `_Draws`), asked the kernel's own questions, and stopped at a question
    past the config's `max_rounds` as the game stops there (runtime/switch_game.py `RoundLimit`)."""
    game = Game(rules, config)
    from mayhem.runtime.kernel.play import RandomBot as KernelRandomBot
    kernel, bots = game.kernel, {}
    decision = kernel.start()
    while decision is not None and kernel.state.round <= config.max_rounds:
        bot = bots.setdefault(decision.player, KernelRandomBot(config.seed * 31 + int(decision.player[1:]) - 1))
        decision = kernel.act(bot.choose(decision, kernel))
    return len(kernel.history), game.result()["winners"], len(kernel.state.log) + len(kernel.history)


def test_play_one_plays_out_the_game_act_by_act_gives(rules, tmp_path):
    for seed in (3, 8):
        result = play_one(rules, GameConfig("teen-titans-go", seed=seed), ["random"], log_dir=tmp_path)
        decisions, winners, events = play_one_by_act(rules, GameConfig("teen-titans-go", seed=seed))
        assert result["decisions"] == decisions > 20
        assert result["winners"] == winners
        lines = (tmp_path / f"seed-{seed}.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(lines) == events + 2


def asks_again(game) -> bool:
    """After play_out(), the game asks through its decisions again (play_out is given its `choose`
    as an argument and leaves no asker behind): over, it waits for nothing; else its decision
    waits and act() answers it."""
    if game.over:
        return game.decision is None
    d = game.decision
    if d is None or game.view(pieces=False)["decision"]["player"] != d.player:
        return False
    game.act(d.actions[0])  # (an IllegalAction if it were not asked)
    return len(game.history) > 0


def test_a_game_stopped_at_a_decision_plays_on_in_place(rules):
    """start() and a few act()s, then play_out(): the rest as act() by act() plays it, and
    clone() still works once it is over."""
    config = GameConfig("looney-tunes", seed=5)
    reference = by_act(rules, config, ["random"])
    game, bots = Game(rules, GameConfig("looney-tunes", seed=5)), _bots(rules, config, ["random"])
    decision = game.start()
    for _ in range(25):
        decision = game.act(bots[decision.player].choose(decision, game))
    game.play_out(lambda d: bots[d.player].choose(d, game))
    _same(game, reference)
    assert asks_again(game)
    twin = game.clone()
    assert twin.history == game.history and twin.result() == game.result()
    game.play_out(lambda d: pytest.fail("a game over asks nothing"))


def test_an_answer_not_offered_in_place_is_refused_with_the_legal_ones(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=2))
    d = game.start()
    for _ in range(5):
        d = game.act(d.actions[0])
    with pytest.raises(IllegalAction, match="is not a legal action now; legal: discard "):
        game.play_out(lambda d: "move nobody L9")
    assert game.decision == d and asks_again(game)


def test_a_game_not_started_whose_play_out_is_refused_asks_again(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=2))
    with pytest.raises(IllegalAction, match="is not a legal action now; legal: colour black"):
        game.play_out(lambda d: "move nobody L9")
    assert game.decision is not None and game.decision.kind == "colour" and game.history == []
    assert asks_again(game)
    assert len(game.answered_at()) == len(game.history) == 1  # the refused answer left no mark


def test_a_refused_answer_leaves_no_mark_in_the_log(rules):
    """The game refused in play_out(), then answered act() by act(): its events are the game's
    played act() by act() from the start (each decision where it was asked)."""
    config = GameConfig("teen-titans-go", seed=2)
    reference = by_act(rules, config, ["random"])
    game, bots = Game(rules, config), _bots(rules, config, ["random"])
    d = game.start()
    for _ in range(5):
        d = game.act(bots[d.player].choose(d, game))
    with pytest.raises(IllegalAction):
        game.play_out(lambda d: "move nobody L9")
    while d is not None:
        d = game.act(bots[d.player].choose(d, game))
    assert game.answered_at() == reference.answered_at() and game.events == reference.events


def test_a_game_whose_play_out_is_refused_in_place_asks_again(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=2))
    game.start()
    asked = []

    def choose(d):
        asked.append(d)
        return d.actions[0] if len(asked) < 10 else "move nobody L9"
    with pytest.raises(IllegalAction):
        game.play_out(choose)
    assert game.decision == asked[-1] and asks_again(game)
    # and on to the end: the game its answers give act() by act()
    reference, d = Game(rules, GameConfig("teen-titans-go", seed=2)), game.decision
    answer = reference.start()
    while answer is not None:
        answer = reference.act(answer.actions[0])
    while d is not None:
        d = game.act(d.actions[0])
    assert game.history == reference.history and game.events == reference.events
    assert game.answered_at() == reference.answered_at() and game.result() == reference.result()
