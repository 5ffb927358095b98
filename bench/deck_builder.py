"""A deck-builder played by bots (the DC Deck-Building Game by default): how random games end, and the greedy bot's win rate against the random bot.

    .venv/bin/python bench/deck_builder.py [--box BOX] [--mode MODE ...] [--games N] [--greedy N]

For each mode, N seeded games (seeds 0 .. N-1) of two random bots, played by the rules kernel as
`mayhem simulate` plays them (runtime/kernel/play.py `play_game`): how often each end reason
comes (the game's own `end-game(..., "reason")`; `draw` for a tie), the game's length in turns
(least, mean, most) and decisions, the share of turns in which the player played no card (a
random bot that ended its turns at once, or never, would show here: the game would not end by
its rules, or end by a run-out of the main deck with nothing bought), and the mean at the end
of each score counter (runtime/kernel/worth.py: the counters the end gains by a card's
property, the VP). Then `--greedy N` games with the greedy bot as p1 against the random bot and
N with the seats swapped: the greedy bot's wins, its win rate among the decided games with its
95% Wilson interval, and its mean score against the random bot's.

Prints figures; asserts nothing (tests/test_dc_*.py hold what must hold)."""
from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, load_game_rules  # noqa: E402
from mayhem.runtime.kernel.play import play_game  # noqa: E402
from mayhem.runtime.kernel.worth import worth_of  # noqa: E402
from greedy_strength import wilson  # noqa: E402


def idle_turns(game) -> tuple[int, int]:
    """(turns in which the player played no card, turns) of a game, from its log."""
    idle = turns = 0
    played = None
    for event in game.state.log:
        kind = event["event"]
        if kind == "turn-start":
            played, turns = 0, turns + 1
        elif kind == "play" and played is not None:
            played += 1
        elif kind == "turn-end" and played is not None:
            idle += played == 0
            played = None
    return idle, turns


def random_games(rules, games: int) -> None:
    reasons, lengths, decisions, idle, turns = Counter(), [], 0, 0, 0
    scores = Counter()
    score_names = worth_of(rules).scores
    start = time.process_time()
    for seed in range(games):
        game = play_game(rules, KernelConfig(players=rules.seats[0], seed=seed), ["random"])
        result = game.state.result
        reasons[result["reason"]] += 1
        lengths.append(result["turns"])
        decisions += len(game.history)
        i, t = idle_turns(game)
        idle, turns = idle + i, turns + t
        for name in score_names:
            for p in game.state.players:
                scores[name] += game.state.counters.get(f"{name}/{p}", 0)
    cpu = time.process_time() - start
    players = rules.seats[0]
    print(f"  random bots, {games} games ({cpu:.1f} CPU s): ended "
          + ", ".join(f"{r} {n} ({n / games:.0%})" for r, n in sorted(reasons.items())))
    print(f"    turns: least {min(lengths)}, mean {sum(lengths) / games:.1f}, most {max(lengths)}; "
          f"decisions a game {decisions / games:.0f}; turns with no card played {idle} of {turns} "
          f"({idle / max(turns, 1):.1%})")
    if scores:
        print("    mean at the end, a player: "
              + ", ".join(f"{k} {v / (games * players):.1f}" for k, v in sorted(scores.items())))


def greedy_games(rules, games: int) -> None:
    won = lost = draws = 0
    mine, theirs = Counter(), Counter()
    score_names = worth_of(rules).scores
    start = time.process_time()
    for order in (["greedy", "random"], ["random", "greedy"]):
        me = f"p{order.index('greedy') + 1}"
        for seed in range(games):
            game = play_game(rules, KernelConfig(players=2, seed=seed), order)
            winners = game.state.result["winners"]
            won += me in winners
            lost += bool(winners) and me not in winners
            draws += not winners
            for name in score_names:
                for p in game.state.players:
                    (mine if p == me else theirs)[name] += game.state.counters.get(f"{name}/{p}", 0)
    cpu = time.process_time() - start
    low, high = wilson(won, won + lost)
    n = 2 * games
    print(f"  greedy against random, {n} games ({games} in each seat order, {cpu:.1f} CPU s): greedy won {won}, "
          f"random {lost}, draws {draws}; greedy's rate {won / max(won + lost, 1):.1%} "
          f"(95%: {low:.1%} to {high:.1%})")
    for name in score_names:
        print(f"    mean {name} at the end: greedy {mine[name] / n:.1f}, random {theirs[name] / n:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--box", default="dc-teen-titans-go")
    ap.add_argument("--content", default=str(ROOT / "content"))
    ap.add_argument("--mode", action="append", help="a mode of the box's game (default: standard)")
    ap.add_argument("--games", type=int, default=200, help="games of random bots per mode")
    ap.add_argument("--greedy", type=int, default=100, help="games per seat order, greedy against random (0: none)")
    args = ap.parse_args()
    comp = driver.compile_paths([Path(args.content)])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    for mode in args.mode or ["standard"]:
        rules = load_game_rules(comp.ir, args.box, mode=mode)
        print(f"{args.box} ({mode})")
        random_games(rules, args.games)
        if args.greedy:
            greedy_games(rules, args.greedy)


if __name__ == "__main__":
    main()
