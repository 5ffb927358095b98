"""Benchmark of the rules kernel: decisions per second of random play of Marvel Mayhem on
one process, and the ratio to RLCard's UNO between random agents measured in the same run
(bench/uno.py; RLCard is in the `bench` extra: pip install -e '.[bench]').

    .venv/bin/python bench/kernel.py [--games N] [--players P] [--uno-games N] [--profile | --opcodes] [--by-act]
    .venv/bin/python bench/kernel.py --game market [--games N] [--players P]
    .venv/bin/python bench/kernel.py --parity 500 --before REV
    .venv/bin/python bench/kernel.py --against REV [--rounds K] [--games N] [--players P] [--game ridge]

UNO is played right before Marvel, so both see the same load on the machine; `x UNO` is
Marvel's decisions per second over UNO's, one process each (issue #11 aims at 2x), by the
wall clock and by CPU time (this process's own: steadier when others share the machine). A
decision is a choice a player makes among two or more (one `KernelGame.act`), as one UNO
`env.step` with two or more legal actions (bench/uno.py: UNO's forced draws are steps, not
choices). The games
are played by `play_game`, which asks random bots each question where it arises
(`KernelGame.play_out`), as RLCard's `env.run` asks its agents; `--by-act` drives them act()
by act() instead (a step that asks stops there, and is replayed from a copy of its start).
`--profile` prints the costliest functions (cProfile, by own time and by cumulative time)
and the Python calls per decision (a figure the machine's load does not change); the
decisions per second are then measured by playing the same games again without the
profiler (a rate under a tracer measures the tracer). `--opcodes`
counts the Python opcodes and Python-level calls per decision (sys.settrace, no C calls
counted) and the functions that run the most: a change of a percent shows, where the clock of
a shared machine moves by a tenth from one run to the next.
`--against REV` measures revision REV and the working tree side by side: one process each,
kept running, playing K rounds of N seeded games in turn, with N games of UNO between them
in this process, by CPU time; it prints each side's median decisions per CPU second, its
ratio to UNO's and the paired ratio of the two, then each side's Python calls per decision
(`--game ridge`: the lab game Ridge instead of Marvel Mayhem). `--game market` measures the lab
deck-builder Market (tests/fixtures/kernel/market) instead of Marvel Mayhem in the run above,
with the same figures and ratio to UNO.
On a shared machine only such pairs compare: two runs minutes apart differ by more than a
change of a few percent.
`--parity N --before REV` plays N seeded games of Marvel Mayhem and of each lab game of
tests/fixtures/kernel/ (each folder with a mayhem.toml: Aegis, Bastion, Embers, Errands, Market, Ridge, Ruins,
Squads; those REV has too) with the
working tree and with revision REV (exported apart with `git archive`, run in a subprocess)
and prints how many logs are identical (tests/test_kernel_compiled.py holds a few dozen of
them to digests).

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
import cProfile
from pathlib import Path
import pstats
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
LAB = ROOT / "tests" / "fixtures" / "kernel"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules  # noqa: E402
from mayhem.runtime.kernel.play import RandomBot, play_game  # noqa: E402
from parity import CHECKOUT_FINDER  # noqa: E402
from opcodes import traced  # noqa: E402
from side_by_side import SideBySide, both_sides, revision, same_games  # noqa: E402
from uno import RLCardMissing, play_uno  # noqa: E402


def by_act(rules, config: KernelConfig) -> KernelGame:
    """A game of random bots driven act() by act(), as a lookahead bot or the TUI drives one:
    each step that asks stops, is copied and is replayed (play_game asks them in place)."""
    game, bots = KernelGame(rules, config), {}
    decision = game.start()
    while decision is not None:
        bot = bots.get(decision.player)
        if bot is None:
            bot = bots[decision.player] = RandomBot(config.seed * 31 + int(decision.player[1:]) - 1)
        decision = game.act(bot.choose(decision, game))
    return game


def marvel(rules, games: int, players: int, act: bool = False) -> tuple[float, float, int, float]:
    """Decisions per second (wall clock), games per second, decisions, and decisions per
    CPU second of this process (less sensitive to other processes on a shared machine)."""
    decks = sorted(rules.decks)
    start, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    for seed in range(games):
        chosen = [decks[(seed + i) % len(decks)] for i in range(players)]
        config = KernelConfig(players=players, seed=seed, decks=chosen)
        game = by_act(rules, config) if act else play_game(rules, config, ["random"])
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
    print(f"Python calls per decision: {stats.total_calls / out[2]:.1f} ({stats.total_calls:,} calls, "
          f"{out[2]:,} decisions)")
    return out


def opcodes(fn, *args, top: int = 25):
    """fn(*args) traced opcode by opcode (sys.settrace): the Python opcodes and Python-level
    calls per decision, and the functions that run the most opcodes. Unlike the clock, the
    same on any machine and under any load (C work inside a call is not counted: callgrind
    counts that); about 30 times slower than untraced."""
    out, ops, calls = traced(fn, *args)
    decisions = out[2]
    print(f"{'opcodes':>9} {'calls':>6}  per decision, by function")
    for code, n in ops.most_common(top):
        print(f"{n / decisions:9.1f} {calls[code] / decisions:6.2f}  "
              f"{Path(code.co_filename).name}:{code.co_firstlineno}({code.co_name})")
    print(f"Python opcodes per decision: {sum(ops.values()) / decisions:.0f}; Python-level calls per decision: "
          f"{sum(calls.values()) / decisions:.1f} ({decisions:,} decisions)")
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
# the lab games a side has (each folder of tests/fixtures/kernel/ with a mayhem.toml, its box named
# as the folder; an older revision may lack the newer ones): the fewest seats and the most
labs = root / "tests" / "fixtures" / "kernel"
for lab in sorted(p.name for p in labs.iterdir() if (p / "mayhem.toml").is_file()):
    folder = labs / lab
    rules = load_game_rules(driver.compile_paths([folder]).ir, lab)
    low, high = rules.seats
    labdecks = sorted(rules.decks)
    def config(s):
        n = low if s % 2 == 0 else high
        return KernelConfig(players=n, seed=s, decks=[labdecks[(s + i) % len(labdecks)] for i in range(n)]
                            if labdecks else [])
    out[lab.title()] = [digest(play_game(rules, config(s), ["random"])) for s in range(games)]
print(json.dumps(out))
"""


def parity(games: int, before: str) -> int:
    """Seeded games of Marvel Mayhem (2 to 4 players, rotating decks) and of each lab game of
    tests/fixtures/kernel/ (its fewest and most seats in turn: Ridge 2 and 4) played by revision
    `before` and by the working tree: how many logs are the same (a lab game the revision lacks is
    said, not compared)."""
    sha = revision(before)
    sides = None if sha is None else both_sides(sha, _SIDE, [str(games)], "bench/kernel.py")
    if sides is None:
        return 2
    print(f"kernel parity: {before} ({sha[:12]}) against the working tree, {games} seeded games each")
    status = 0
    for game, digests in sides["before"].items():
        after = sides["after"].get(game)
        if after is None:
            print(f"{game:<14} not in the working tree")
            status = 2
            continue
        print(f"{game:<14} identical logs: {same_games(digests, after)}")
        status |= int(digests != after)
    for game in [g for g in sides["after"] if g not in sides["before"]]:
        print(f"{game:<14} not in {before}: nothing to compare")
    return status


# a worker's setup for --against (bench/side_by_side.py): Marvel Mayhem (or the lab game Ridge,
# argv[2] "ridge") for argv[1] players, and play(START, N) with random bots
_SETUP = r"""
from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, load_game_rules
from mayhem.runtime.kernel.play import play_game
players, ridge = int(sys.argv[1]), sys.argv[2] == "ridge"
if ridge:  # the lab game: Teams, rounds, dice and a board, no decks
    rules = load_game_rules(driver.compile_paths([root / "tests" / "fixtures" / "kernel" / "ridge"]).ir, "ridge")
else:
    rules = load_game_rules(driver.compile_paths([root / "content"]).ir, "marvel-mayhem")
decks = sorted(rules.decks) if not ridge else []
def play(start, n):
    return sum(len(play_game(rules, KernelConfig(players=players, seed=s, decks=[decks[(s + i) % len(decks)]
               for i in range(players)] if decks else []), ["random"]).history) for s in range(start, start + n))
play(10 ** 6, 5)  # warm up
"""


def against(rev: str, rounds: int, games: int, players: int, uno_games: int, game: str = "marvel") -> int:
    """Revision `rev` and the working tree side by side (see the module's docstring)."""
    import statistics
    with SideBySide(rev, _SETUP, [str(players), game], "bench/kernel.py") as sides:
        if not sides.ok:
            return 2
        rates = sides.rounds("", rounds, games, uno_games, calls_games=min(games, 100))
    name = "Ridge" if game == "ridge" else "Marvel Mayhem"
    uno = rates.uno is not None
    print(f"{name}, {players} players, random play: {rev} ({sides.sha[:12]}) and the working tree side by "
          f"side, {rounds} rounds of {games} games each" + (f", {uno_games} games of UNO between" if uno else ""))
    for label in rates.sides:
        print(rates.side_line(label, runs="runs"))
    if uno:
        print(f"  {'RLCard UNO':<14} median {statistics.median(rates.uno):>8,.0f} decisions per CPU second "
              f"(runs {min(rates.uno):,.0f} to {max(rates.uno):,.0f})")
    print(f"  working tree / {rev}: {statistics.median(rates.ratios()):.3f} (median of the rounds' ratios)")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--uno-games", type=int, default=1000, help="games of RLCard's UNO (0: no ratio)")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    parser.add_argument("--opcodes", action="store_true",
                        help="count the Python opcodes and calls per decision (sys.settrace; use --games 60)")
    parser.add_argument("--by-act", action="store_true",
                        help="drive each game act() by act() (steps that ask are replayed), not play_game's play_out")
    parser.add_argument("--parity", type=int, metavar="N", help="compare N seeded games with --before")
    parser.add_argument("--before", default="HEAD", help="the revision --parity compares with")
    parser.add_argument("--against", metavar="REV", help="measure REV and the working tree side by side")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of --against")
    parser.add_argument("--game", choices=["marvel", "ridge", "market"], default="marvel",
                        help="the game --against plays (ridge: the lab game, with --players 4); market: the "
                             "lab deck-builder measured instead of Marvel Mayhem (not with --against)")
    args = parser.parse_args()
    if args.parity:
        sys.exit(parity(args.parity, args.before))
    if args.against and args.game == "market":
        parser.error("--against plays Marvel Mayhem or Ridge; measure Market without it (--game market)")
    if args.against:
        sys.exit(against(args.against, args.rounds, args.games, args.players, args.uno_games, args.game))
    if args.game == "market":  # the lab deck-builder: decks rotated as Marvel's are
        rules, name = load_game_rules(driver.compile_paths([LAB / "market"]).ir, "market"), "Market"
    else:
        rules, name = load_game_rules(driver.compile_paths([ROOT / "content"]).ir, "marvel-mayhem"), "Marvel Mayhem"
    marvel(rules, 5, args.players, args.by_act)  # warm up
    if args.opcodes or args.profile:  # the counts under the tracer; its rate would measure the tracer
        (opcodes if args.opcodes else profiled)(marvel, rules, args.games, args.players, args.by_act)
        print(f"(the rate below is of the same games played again without the "
              f"{'tracer' if args.opcodes else 'profiler'}, right after UNO)")
    uno, uno_line = uno_reference(args.uno_games)
    rate, games_rate, decisions, cpu_rate = marvel(rules, args.games, args.players, args.by_act)
    print(f"{name}, {args.players} players, random play" + (", act() by act()" if args.by_act else "")
          + f", one process: {args.games} games, "
          f"{decisions} decisions, {rate:,.0f} decisions/s, {cpu_rate:,.0f} per CPU second, "
          f"{games_rate:,.1f} games/s" + ratio(rate, cpu_rate, uno))
    print(uno_line)


if __name__ == "__main__":
    main()
