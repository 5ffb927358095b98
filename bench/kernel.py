"""Benchmark of the rules kernel: decisions per second of random play of Marvel Mayhem on
one process (and, when bench/uno.py's helper is there, the ratio to RLCard's UNO).

    .venv/bin/python bench/kernel.py [--games N] [--players P] [--profile]

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
import cProfile
from pathlib import Path
import pstats
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, load_game_rules  # noqa: E402
from mayhem.runtime.kernel.play import play_game  # noqa: E402


def marvel(rules, games: int, players: int) -> tuple[float, float, int]:
    decks = sorted(rules.decks)
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        chosen = [decks[(seed + i) % len(decks)] for i in range(players)]
        game = play_game(rules, KernelConfig(players=players, seed=seed, decks=chosen), ["random"])
        decisions += len(game.history)
    seconds = time.perf_counter() - start
    return decisions / seconds, games / seconds, decisions


def uno_ratio(per_second: float) -> str:
    try:
        sys.path.insert(0, str(ROOT / "bench"))
        import uno  # bench/uno.py of the engineer who measures RLCard's UNO
    except ImportError:
        return "UNO: bench/uno.py is not there; no ratio"
    for name in ("decisions_per_second", "uno_decisions_per_second", "measure"):
        fn = getattr(uno, name, None)
        if callable(fn):
            try:
                uno_rate = float(fn())
            except Exception as exc:  # RLCard missing or failing: said, not raised
                return f"UNO: not measured ({type(exc).__name__}: {exc})"
            return f"UNO (RLCard, random agents): {uno_rate:,.0f} decisions/s; Marvel / UNO = {per_second / uno_rate:.2f}x"
    return "UNO: bench/uno.py has no decisions-per-second helper; no ratio"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="print the 15 costliest functions")
    args = parser.parse_args()
    comp = driver.compile_paths([ROOT / "content"])
    rules = load_game_rules(comp.ir, "marvel-mayhem")
    marvel(rules, 5, args.players)  # warm up
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
    rate, games_rate, decisions = marvel(rules, args.games, args.players)
    if args.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(15)
    print(f"Marvel Mayhem, {args.players} players, random play, one process: {args.games} games, "
          f"{decisions} decisions, {rate:,.0f} decisions/s, {games_rate:,.1f} games/s")
    print(uno_ratio(rate))


if __name__ == "__main__":
    main()
