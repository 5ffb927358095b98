"""How strong the ISMCTS bot is: its win rate against the greedy bot on each box, seats alternated.

    .venv/bin/python bench/ismcts.py [--games N] [--jobs J] [--box BOX ...] [--seed S] [--against BOT]
                                     [--playouts P] [--depth D] [--c C] [--sharp X]
                                     [--policy BOT|none] [--mid-step | --no-mid-step] [--progress]

For each box, N seeded games (seeds S .. S+N-1) between the ISMCTS bot as the box's registry
makes it and the greedy bot: on teen-titans-go and looney-tunes, runtime/bots.py's `ismcts`
(runtime/lookahead.py: guided by the Mayhem greedy bot, its budget `MAYHEM`) against
runtime/bots.py's greedy bot, played through runtime/simulate.py's play_one; on marvel-mayhem,
runtime/kernel/play.py's (unguided, IsmctsBot's defaults) against the kernel's greedy.py, two
players, through play_game. A setting given on the command line replaces the registry's
(`--policy none`: unguided; `--policy greedy`: the box's greedy bot guides it). The ISMCTS bot
sits in seat p1 in the games of even seeds and p2 in the others, so that the first player's
advantage cancels out. Each seat's bot is seeded from the game's seed as `mayhem simulate`
seeds it: the same command plays the same games on any number of processes (`--jobs`, one game
a task).

Prints, per box: the ISMCTS bot's wins, losses and draws (a game the round cap ended, or a
tie), its win rate over all games with the 95% Wilson interval (statsmodels'
proportion_confint), the CPU seconds a game (the mean over the games, each measured in the
process that played it) and the wall-clock seconds of the box's run, and the iterations the
bot skipped because no deal fitted the step under way (determinize.consistent). With
`--progress`, a line per game as it ends. Asserts nothing (strength and speed are measured,
not tested)."""
from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
import time

ROOT = Path(__file__).resolve().parent.parent
BOXES = ("teen-titans-go", "looney-tunes", "marvel-mayhem")
_IR = None
_CACHE: dict = {}


def _init() -> None:
    global _IR
    from mayhem.compiler import driver
    _IR = driver.compile_paths([ROOT / "content"]).ir


def _rules(box: str):
    """The rules a box's games are played with, loaded once per process."""
    if box not in _CACHE:
        from mayhem.runtime import load_rules
        from mayhem.runtime.kernel import load_game_rules
        if box == "marvel-mayhem":
            _CACHE[box] = load_game_rules(_IR, box)
        else:
            _CACHE[box] = _CACHE["*"] = _CACHE.get("*") or load_rules(_IR)
    return _CACHE[box]


def play(task: tuple) -> tuple:
    """One game: (box, seed, the ISMCTS bot's outcome: win, loss or draw, CPU seconds, decisions,
    iterations skipped)."""
    box, seed, against, settings = task
    if _IR is None:
        _init()
    start = time.process_time()
    mine = "p1" if seed % 2 == 0 else "p2"
    made = []

    def ismcts(s: int = 0):
        given = dict(settings)
        policy = given.pop("policy", None)
        if box == "marvel-mayhem":
            from mayhem.runtime.kernel.play import BOTS as registry
        else:
            from mayhem.runtime.bots import BOTS as registry
        if policy is not None:
            given["policy"] = None if policy == "none" else registry[policy](s)
        bot = registry["ismcts"](s, **given)
        made.append(bot)
        return bot

    if box == "marvel-mayhem":
        from mayhem.runtime.kernel import play as kplay
        from mayhem.runtime.kernel.structure import KernelConfig
        kplay.BOTS["ismcts-bench"] = ismcts
        names = ["ismcts-bench", against] if mine == "p1" else [against, "ismcts-bench"]
        game = kplay.play_game(_rules(box), KernelConfig(players=2, seed=seed), names)
        winners, decisions = (game.state.result or {}).get("winners") or [], len(game.history)
        won = mine in winners
    else:
        from mayhem.runtime import GameConfig, bots
        from mayhem.runtime.simulate import play_one
        bots.BOTS["ismcts-bench"] = ismcts
        names = ["ismcts-bench", against] if mine == "p1" else [against, "ismcts-bench"]
        r = play_one(_rules(box), GameConfig(box, seed=seed), names)
        winners, decisions = r["winners"] or [], r["decisions"]
        won = r["bots"].get(mine) in winners
    outcome = "draw" if len(winners) != 1 else "win" if won else "loss"
    return box, seed, outcome, time.process_time() - start, decisions, sum(b.skipped for b in made)


def interval(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of `wins` in `games` (statsmodels)."""
    from statsmodels.stats.proportion import proportion_confint
    low, high = proportion_confint(wins, games, alpha=0.05, method="wilson")
    return float(low), float(high)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--box", action="append", choices=BOXES)
    ap.add_argument("--playouts", type=int, help="iterations a decision (the registry's)")
    ap.add_argument("--depth", type=int, help="answers played past the tree (the registry's)")
    ap.add_argument("--c", type=float, help="UCB1's exploration constant (the registry's)")
    ap.add_argument("--sharp", type=float, help="how sharply the table's standing is scored (the registry's)")
    ap.add_argument("--policy", help="the bot that guides the search, by the box's registry's name, or none")
    ap.add_argument("--mid-step", dest="mid_step", action="store_true", default=None,
                    help="search a question in the middle of a step too")
    ap.add_argument("--no-mid-step", dest="mid_step", action="store_false",
                    help="the policy answers a question in the middle of a step")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    settings = tuple((k, getattr(args, k)) for k in ("playouts", "depth", "c", "sharp", "policy", "mid_step")
                     if getattr(args, k) is not None)
    print(f"ismcts ({', '.join(f'{k} {v}' for k, v in settings) or 'as registered'}) against {args.against}, "
          f"{args.games} games a box, seats alternated, {args.jobs} process(es)")
    pool = ProcessPoolExecutor(args.jobs, initializer=_init) if args.jobs > 1 else None
    try:
        for box in args.box or BOXES:
            tasks = [(box, args.seed + n, args.against, settings) for n in range(args.games)]
            start = time.perf_counter()
            results = []
            for r in (pool.map(play, tasks) if pool else map(play, tasks)):
                results.append(r)
                if args.progress:
                    print(f"  {box} seed {r[1]}: {r[2]} ({r[3]:.1f} s, {r[4]} decisions)", flush=True)
            wall = time.perf_counter() - start
            tally = {k: sum(1 for r in results if r[2] == k) for k in ("win", "loss", "draw")}
            low, high = interval(tally["win"], len(results))
            cpu = sum(r[3] for r in results) / max(len(results), 1)
            print(f"{box}: ismcts won {tally['win']}, lost {tally['loss']}, drew {tally['draw']} of {len(results)}: "
                  f"win rate {tally['win'] / max(len(results), 1):.1%} [{low:.1%}, {high:.1%}] (95% Wilson); "
                  f"{cpu:.1f} CPU s a game, {wall:.0f} s wall; {sum(r[5] for r in results)} iterations skipped",
                  flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
