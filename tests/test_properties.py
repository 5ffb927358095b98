"""Property tests over 10,000 seeded random games of both boxes: every game ends; tokens
are conserved; no Location holds more figures than slots; Damage is never negative;
Victory Points only rise; no Location is ever enclosed by Obstacles; and the rules'
values hold (runtime/invariants.py RuleWatcher): each figure's Damage is the sum of its
damage events, Life never above the dashboard, one Mayhem card per Team per round, the
hands after the draw within the players' icons, the Initiative to the lowest dice.

The games are the rules kernel's, read through the runtime-neutral view (`game.view()`) and the
log in the Mayhem log's words (runtime/game_view.py `logged`). The default run plays KERNEL_CI x 8
of them (docs/kernel.md, "The default run's size under the kernel"); the 10,000, which hold every
seed of the default run, and a longer sweep of 40,000 more games are marked `slow`, left out of the
default run: `./scripts/test.sh --slow`, or `pytest -m slow tests/test_properties.py`."""
import sys

import pytest
from hypothesis import given, settings, strategies as st

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.invariants import RuleWatcher, violations
from game_helpers import in_round_two

BOXES = ("teen-titans-go", "looney-tunes")
CHUNKS = 4
GAMES_PER_CHUNK = 1250  # 2 boxes x 4 chunks x 1,250 = 10,000 games (slow)
KERNEL_CI = 6  # the default run: 2 boxes x 4 chunks x 6 games (40 until the fifth content set, 10 until the ISMCTS runs, December 5, 2026)
MAX_DECISIONS = 20_000


def play_checked(rules, box: str, seed: int, first_game: bool) -> Game:
    """A seeded game between random bots, every invariant checked after every decision (the view
    and the log in the Mayhem log's words: runtime/invariants.py)."""
    game = Game(rules, GameConfig(box, seed=seed, first_game=first_game))
    bots = {"p1": make_bot("random", seed), "p2": make_bot("random", seed + 1)}
    watcher = RuleWatcher(game)
    d = game.start()
    last_vp: dict = {}
    decisions = 0
    while d is not None:
        d = game.act(bots[d.player].choose(d, game))
        decisions += 1
        assert decisions < MAX_DECISIONS, f"seed {seed}: the game does not end"
        seen = game.view(pieces=False)
        found = violations(game, last_vp, seen) + watcher.check(seen)
        assert not found, f"{box} seed {seed}, decision {decisions}: {found}"
        last_vp = {"vp": {t: x["counters"]["vp"] for t, x in seen["teams"].items()}}  # VP are never lost
    assert game.over and game.view()["result"], f"seed {seed}: no decision left but the game is not over"
    for e in game.events:
        if e["event"] == "damage":
            assert e["amount"] > 0
    return game


def sweep(rules, box: str, low: int, high: int, games: int) -> None:
    # Health checks on: the seeds are plain integers, quick to draw, and each game is
    # one example (deadline=None: a game's length varies with its seed).
    @settings(max_examples=games, deadline=None, database=None, derandomize=True)
    @given(seed=st.integers(min_value=low, max_value=high), first_game=st.booleans())
    def run(seed, first_game):
        play_checked(rules, box, seed, first_game)

    run()


SIZES = [KERNEL_CI, pytest.param(GAMES_PER_CHUNK, marks=pytest.mark.slow)]  # the default run's, then the slow one


@pytest.mark.parametrize("games", SIZES)
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("box", BOXES)
def test_random_games_keep_the_invariants(rules, box, chunk, games):
    sweep(rules, box, chunk * 10**8, (chunk + 1) * 10**8 - 1, games)


def test_the_default_run_plays_a_part_of_the_slow_run(monkeypatch):
    """The default run's smaller sweep plays some of the `slow` run's games (hypothesis,
    derandomized, draws a smaller sweep's seeds among a larger one's): no game of the default
    run is left out of the slow one. The same `sweep`, its games only recorded."""
    for chunk in range(CHUNKS):  # (the box draws no seed: both boxes play the same ones)
        seen: dict[int, set] = {}
        for games in (KERNEL_CI, GAMES_PER_CHUNK):
            monkeypatch.setattr(sys.modules[__name__], "play_checked", lambda _r, _b, seed, first, g=games:
                                seen.setdefault(g, set()).add((seed, first)))
            sweep(None, BOXES[0], chunk * 10**8, (chunk + 1) * 10**8 - 1, games)
        assert len(seen[KERNEL_CI]) == KERNEL_CI and len(seen[GAMES_PER_CHUNK]) > 1000, chunk
        assert seen[KERNEL_CI] < seen[GAMES_PER_CHUNK], chunk
    assert SIZES[0] == KERNEL_CI and SIZES[1].values[0] == GAMES_PER_CHUNK and SIZES[1].marks == (pytest.mark.slow,)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
@pytest.mark.parametrize("box", BOXES)
def test_long_sweep_keeps_the_invariants(rules, box, chunk):
    """5,000 more games per chunk, from other seeds: 40,000 in all."""
    sweep(rules, box, (CHUNKS + chunk) * 10**8, (CHUNKS + chunk + 1) * 10**8 - 1, 5_000)


def test_the_invariants_catch_a_broken_state(rules):
    """A piece lost (a piece is a card in a zone: its pool's count is short) and a negative Damage
    (the view), written into the kernel's state."""
    game = in_round_two(rules)
    st = game.kernel.state
    fig = next(k for k, x in st.figures.items() if x.get("space") is not None and x.get("kind") == "character")
    st.counters[f"damage/{fig}"] = -1
    pool = game.krules.pieces.pool_zone
    zone = next(z for z, uids in st.zones.items() if (z == pool or z.startswith(f"{pool}/")) and uids)
    st.zones[zone] = st.zones[zone][:-1]  # a piece lost from its pool
    found = violations(game)
    assert any("negative" in f for f in found) and any(f.startswith("pool ") for f in found), found


def test_the_invariants_catch_a_location_enclosed(rules):
    """Obstacles that enclose a Location (every side of L1 blocked) are found from the view's
    `sides` and `blocked`, written into the kernel's board."""
    game = in_round_two(rules)
    assert violations(game) == []
    board = game.kernel.state.board
    tiles = board["tiles"]
    sides = game.view(pieces=False)["sides"]["L1"]
    board["blocked"] = board["blocked"] + [sorted((tiles[0], tiles[int(x[1:]) - 1])) for x in sides]
    found = violations(game)
    assert found == ["enclosed by Obstacles: L1"], found


def test_the_rule_watcher_catches_a_second_card_and_a_wrong_total(rules):
    """The RuleWatcher reads the kernel's log in the Mayhem log's words: a second card played by
    a Team in a round, and a `damage` line whose total is not its figure's Damage."""
    game = Game(rules, GameConfig("looney-tunes", seed=1))
    watcher, bots = RuleWatcher(game), {"p1": make_bot("random", 1), "p2": make_bot("random", 2)}
    d = game.start()
    while d is not None and game.view()["round"] < 2:
        d = game.act(bots[d.player].choose(d, game))
        assert watcher.check() == []
    fig = next(k for k, x in game.view()["figures"].items() if x["kind"] == "character")
    team = game.view()["teams"]
    st = game.kernel.state
    player = team[next(iter(team))]["players"][0]
    st.log += [{"event": "play", "player": player, "card": "x"}] * 2 + [
        {"event": "damage", "figure": fig, "amount": 1, "total": 5}]
    found = watcher.check()
    assert any("second Mayhem card" in f for f in found), found
    assert any("a damage event totals 5" in f for f in found), found
