"""Balance of Marvel Mayhem's four Super Hero decks: seeded games between random players
on the rules kernel, every hero in every seat equally often, and each hero's win rate
against its fair share (1 / players), ties, and game length.

    .venv/bin/python bench/marvel_balance.py [--games N] [--players 2 3 4] [--seed S]

Prints figures; asserts nothing (DESIGN.md: balance and speed are measured, not tested)."""
from __future__ import annotations

import argparse
from collections import Counter
from itertools import permutations
from pathlib import Path
import random
import statistics
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules  # noqa: E402

HEROES = ("black-panther", "captain-marvel", "iron-man", "scarlet-witch")


def play(rules, decks: list[str], seed: int) -> dict:
    """One game between random players: the winning heroes, the end and the turns."""
    game = KernelGame(rules, KernelConfig(players=len(decks), seed=seed, decks=decks))
    pick = random.Random(seed)
    decision = game.start()
    while decision is not None:
        decision = game.act(pick.choice(decision.actions))
    result = game.state.result
    return {"winners": [game.state.decks[p] for p in result["winners"]], "reason": result["reason"],
            "turns": result["turns"]}


def tables(players: int) -> list[list[str]]:
    """Seatings that put every hero in every seat equally often."""
    return [list(p) for p in permutations(HEROES, players)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=480, help="games per player count")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    result = driver.compile_paths([ROOT / "content"])
    if not result.ok:
        sys.exit("the content does not compile: `mayhem check content`")
    rules = load_game_rules(result.ir, "marvel-mayhem")
    for n in args.players:
        seatings = tables(n)
        wins, seated, reasons, turns = Counter(), Counter(), Counter(), []
        for i in range(args.games):
            decks = seatings[i % len(seatings)]
            game = play(rules, decks, args.seed + i)
            seated.update(decks)
            wins.update(game["winners"])
            reasons[game["reason"]] += 1
            turns.append(game["turns"])
        print(f"{n} players, {args.games} games (seeds {args.seed}..{args.seed + args.games - 1}): "
              f"ends {dict(sorted(reasons.items()))}, turns mean {statistics.mean(turns):.1f} "
              f"median {statistics.median(turns):.0f}")
        for hero in HEROES:
            rate = wins[hero] / seated[hero] if seated[hero] else 0.0
            print(f"  {hero:15} won {wins[hero]:4} of {seated[hero]:4} games played: {rate:6.1%} "
                  f"(fair share {1 / n:.1%}, ratio {rate * n:.2f})")


if __name__ == "__main__":
    main()
