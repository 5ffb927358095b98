"""The greedy bot of the rules kernel's games (runtime/kernel/greedy.py): one ply and the rest of
its own answers in a row, tried on clones, the table reached scored by the end and the counters
the game puts a player out by. `mayhem simulate` and `play` of Marvel Mayhem give `greedy` to it
(they played the random bot under that name before)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, load_game_rules
from mayhem.runtime.kernel import greedy
from mayhem.runtime.kernel.play import BOTS, default_decks, play_game
from cli_helpers import invoke

CONTENT = Path(__file__).resolve().parent.parent / "content"


@pytest.fixture(scope="module")
def marvel():
    return load_game_rules(driver.compile_paths([CONTENT]).ir, "marvel-mayhem")


def _wins(rules, games: int) -> int:
    """Games of seeds 0 .. games-1 the greedy bot wins against the random bot, seated p1 on an
    even seed and p2 on an odd one."""
    won = 0
    for seed in range(games):
        bots, me = (["greedy", "random"], "p1") if seed % 2 == 0 else (["random", "greedy"], "p2")
        game = play_game(rules, KernelConfig(players=2, seed=seed, decks=default_decks(rules, 2)), bots)
        won += game.state.result["winners"] == [me]
    return won


def test_the_greedy_bot_beats_the_random_bot(marvel):
    """36 of 40 (366 of 400 by bench's count, docs/kernel.md); a bot that scores every table
    alike wins about half."""
    assert BOTS["greedy"] is greedy.GreedyBot
    assert _wins(marvel, 40) >= 32


def test_the_score_weighs_the_counters_that_put_a_player_out(marvel, monkeypatch):
    """Without the counters (every table short of the end scored alike) the bot wins no more
    than chance gives: the score is what makes it greedy."""
    assert [c.id for c in greedy._kept_by_player(marvel)] == ["hp"]
    real = greedy.score
    monkeypatch.setattr(greedy, "score", lambda game, me: real(game, me) if game.state.result is not None else 0)
    assert _wins(marvel, 40) < 28


def test_simulate_plays_the_greedy_bot_for_marvel_mayhem():
    result = invoke("simulate", "--box", "marvel-mayhem", "--games", "20", "--bots", "greedy,random",
                    "--format", "json", "--content", CONTENT)
    assert result.exit_code == 0, result.output
    wins = json.loads(result.stdout)["wins"]
    assert wins.get("p1", 0) >= 15, wins  # the greedy bot's seat
    shown = invoke("simulate", "--box", "marvel-mayhem", "--games", "2", "--bots", "greedy,random",
                   "--content", CONTENT)
    assert "bots greedy, random" in shown.stdout, shown.output


def test_a_game_the_bot_cannot_weigh_is_said_and_played_as_by_the_random_bot():
    """Squads declares no counter kept per player that puts a player out: `simulate` says the
    greedy bot plays as the random bot there, and the games are the random bot's."""
    squads = Path(__file__).resolve().parent / "fixtures" / "kernel" / "squads"
    runs = {bots: invoke("simulate", "--box", "squads", "--games", "4", "--bots", bots, "--format", "json",
                         "--content", squads) for bots in ("random,greedy", "random,random")}
    assert "plays as the random bot" in runs["random,greedy"].output
    assert "plays as the random bot" not in runs["random,random"].output
    assert json.loads(runs["random,greedy"].stdout) == json.loads(runs["random,random"].stdout)
