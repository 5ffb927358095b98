"""Benchmark of the rules kernel: decisions per second of random play of Marvel Mayhem on
one process, and the ratio to RLCard's UNO between random agents measured in the same run
(bench/uno.py; RLCard is in the `bench` extra: pip install -e '.[bench]').

    .venv/bin/python bench/kernel.py [--games N] [--players P] [--uno-games N] [--profile]
    .venv/bin/python bench/kernel.py --parity 500 --before REV

UNO is played right before Marvel, so both see the same load on the machine; `x UNO` is
Marvel's decisions per second over UNO's, one process each (issue #11 aims at 2x), by the
wall clock and by CPU time (this process's own: steadier when others share the machine). A
decision is a choice a player makes (one `KernelGame.act`), as one UNO `env.step`.
`--profile` prints the costliest functions (cProfile, by own time and by cumulative time).
`--parity N --before REV` plays N seeded games of Marvel Mayhem and of the lab game Ridge
with the working tree and with revision REV (exported apart with `git archive`, run in a
subprocess) and prints how many logs are identical (tests/test_kernel_compiled.py holds a
few dozen of them to digests).

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
sys.path.insert(0, str(ROOT / "bench"))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, load_game_rules  # noqa: E402
from mayhem.runtime.kernel.play import play_game  # noqa: E402
from parity import CHECKOUT_FINDER  # noqa: E402
from uno import RLCardMissing, play_uno  # noqa: E402


def marvel(rules, games: int, players: int) -> tuple[float, float, int, float]:
    """Decisions per second (wall clock), games per second, decisions, and decisions per
    CPU second of this process (less sensitive to other processes on a shared machine)."""
    decks = sorted(rules.decks)
    start, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    for seed in range(games):
        chosen = [decks[(seed + i) % len(decks)] for i in range(players)]
        game = play_game(rules, KernelConfig(players=players, seed=seed, decks=chosen), ["random"])
        decisions += len(game.history)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return decisions / seconds, games / seconds, decisions, decisions / cpu


def profiled(fn, *args):
    """fn(*args) under cProfile; prints the top entries by own time and by cumulative time."""
    prof = cProfile.Profile()
    prof.enable()
    out = fn(*args)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(20)
    stats.sort_stats("cumulative").print_stats(15)
    return out


def uno_reference(games: int) -> tuple[tuple[float, float] | None, str]:
    """RLCard UNO's decisions per second, wall clock and CPU time (random agents, one
    process), or why there is none."""
    if not games:
        return None, "no UNO reference (--uno-games 0)"
    try:
        play_uno(10)  # warm up: imports and first-game set-up are not part of the figure
        cpu = time.process_time()
        figures = play_uno(games, seed=0)
        cpu = time.process_time() - cpu
    except RLCardMissing as e:
        return None, f"no UNO reference: {e}"
    rates = (figures.decisions_per_second, figures.decisions / cpu)
    return rates, (f"RLCard UNO, random agents, one process: {games} games, {figures.decisions} decisions, "
                   f"{rates[0]:,.0f} decisions/s, {rates[1]:,.0f} per CPU second")


def ratio(rate: float, cpu_rate: float, uno) -> str:
    """`, 0.50x UNO (CPU time 0.52x)`: over UNO's wall-clock and CPU-time rates."""
    if not uno:
        return ""
    return f", {rate / uno[0]:.2f}x UNO (CPU time {cpu_rate / uno[1]:.2f}x)"


# run in a subprocess per side: the checkout at argv[1] first on the import path (parity's
# finder takes it off argv), then argv[1] games of each game, their digests printed as JSON
_SIDE = CHECKOUT_FINDER + r"""
import hashlib, json
games = int(sys.argv[1])
from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, load_game_rules
from mayhem.runtime.kernel.play import play_game
def digest(game):
    data = {"log": game.state.log, "history": game.history, "result": game.state.result}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]
out = {}
rules = load_game_rules(driver.compile_paths([root / "content"]).ir, "marvel-mayhem")
decks = sorted(rules.decks)
out["Marvel Mayhem"] = [digest(play_game(rules, KernelConfig(players=2 + s % 3, seed=s,
                        decks=[decks[(s + i) % len(decks)] for i in range(2 + s % 3)]), ["random"]))
                        for s in range(games)]
rules = load_game_rules(driver.compile_paths([root / "tests" / "fixtures" / "kernel" / "ridge"]).ir, "ridge")
out["Ridge"] = [digest(play_game(rules, KernelConfig(players=2 + 2 * (s % 2), seed=s), ["random"]))
                for s in range(games)]
print(json.dumps(out))
"""


def parity(games: int, before: str) -> int:
    """Seeded games of Marvel Mayhem (2 to 4 players, rotating decks) and Ridge (2 and 4
    players) played by revision `before` and by the working tree: how many logs are the same."""
    import json
    import subprocess
    import tempfile
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{before}^{{commit}}"], cwd=ROOT, text=True,
                         capture_output=True)
    if sha.returncode != 0:
        print(f"bench/kernel.py: '{before}' is no revision of {ROOT}: {sha.stderr.strip()}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="kernel-parity-") as tmp:
        archive = subprocess.run(["git", "archive", "--format=tar", sha.stdout.strip()], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        sides = {}
        for label, root in (("before", Path(tmp)), ("after", ROOT)):
            run = subprocess.run([sys.executable, "-c", _SIDE, str(root), str(games)], cwd=root, text=True,
                                 capture_output=True)
            if run.returncode != 0:
                print(f"bench/kernel.py: the {label} side failed:\n{run.stderr.strip()[-2000:]}", file=sys.stderr)
                return 2
            sides[label] = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"kernel parity: {before} ({sha.stdout.strip()[:12]}) against the working tree, {games} seeded games each")
    status = 0
    for game, digests in sides["before"].items():
        after = sides["after"][game]
        same = sum(a == b for a, b in zip(digests, after))
        first = next((seed for seed, (a, b) in enumerate(zip(digests, after)) if a != b), None)
        print(f"{game:<14} identical logs: {same}/{len(digests)}"
              + (f" (first different: seed {first})" if first is not None else ""))
        status |= int(same != len(digests))
    return status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--uno-games", type=int, default=1000, help="games of RLCard's UNO (0: no ratio)")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    parser.add_argument("--parity", type=int, metavar="N", help="compare N seeded games with --before")
    parser.add_argument("--before", default="HEAD", help="the revision --parity compares with")
    args = parser.parse_args()
    if args.parity:
        sys.exit(parity(args.parity, args.before))
    comp = driver.compile_paths([ROOT / "content"])
    rules = load_game_rules(comp.ir, "marvel-mayhem")
    marvel(rules, 5, args.players)  # warm up
    uno, uno_line = uno_reference(args.uno_games)
    if args.profile:
        rate, games_rate, decisions, cpu_rate = profiled(marvel, rules, args.games, args.players)
    else:
        rate, games_rate, decisions, cpu_rate = marvel(rules, args.games, args.players)
    print(f"Marvel Mayhem, {args.players} players, random play, one process: {args.games} games, "
          f"{decisions} decisions, {rate:,.0f} decisions/s, {cpu_rate:,.0f} per CPU second, "
          f"{games_rate:,.1f} games/s" + ratio(rate, cpu_rate, uno))
    print(uno_line)


if __name__ == "__main__":
    main()
