"""Benchmark of `mayhem balance`'s distribution: games per second of a Competitive Mode sample
on a local Ray with 1 worker and with 2, the speed-up, and the estimated time of the whole
Competitive Mode sweep (every team of two from the collection against every team it shares no
character with, on each Mayhem box's board, 1,000 games per pairing) on N machines like this one.

    .venv/bin/python bench/balance.py [--pairings P] [--games G] [--bot B] [--rounds R] [--machines N ...]
                                      [--processes]

The sample: P pairings of the sweep drawn by seed 0 (mayhem/balance/pairings.py `sample`), G
games each, batches of one game (the finest split: the most work for the scheduler). Each
worker count gets its own local Ray (`ray.init(num_cpus=W)`), started before the clock; the
sample is played once untimed (each worker loads the rules once: a sweep of hours pays that
once) and then timed. The two worker counts take turns, R rounds (each round: 1 worker, then 2),
so that both see the machine's load alike; the medians are the figures. `--processes` adds the same figures on plain worker processes
(concurrent.futures), Ray's fallback. The machine's load average is printed with the figures:
on a machine shared with other work the speed-up says how much of a second core this run got.
So each Ray run also counts the CPU seconds its workers spent a game (each task timing its own
batch by `time.process_time`, the batch played as run.py's tasks play it): how much of the cores
the run got, and the speed-up the two workers would give with both cores to themselves
(2 x the CPU a game with 1 worker / the CPU a game with 2: Ray's overhead in the workers
counted, the driver's left out: it spends about 0.2 s on a sample of 24 games).

The estimates: the sweep's games over the 2-worker rate measured, per machine (each machine as
this one, as loaded as it was), for each N of --machines; and, apart from the load, from the CPU
seconds a game takes in this process (the sample played once more in this process, `time.process_time`:
what the other processes take of the cores does not count) with two workers a machine scaling
perfectly: the figure a quiet machine would approach. Prints figures; asserts nothing (speed is measured, not
tested)."""
from __future__ import annotations

import argparse
import os
from pathlib import Path
import sys
import time

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def load() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def _cpu_batch(box: list, key: str, batch, bot: str) -> tuple[int, float]:
    """A Ray task as run.py's (`_ray_batch`: the same batch played, the rules loaded once a
    worker), returning its games and the CPU seconds its worker spent on them."""
    from mayhem.balance.run import _ray_batch
    start = time.process_time()
    rows = _ray_batch(box, key, batch, bot)
    return len(rows) // 2, time.process_time() - start


def timed(ir, found, games, bot, workers, backend) -> tuple[float, int, float]:
    """Wall seconds, games, and (on Ray) the workers' CPU seconds of the sample, after a warm-up."""
    from mayhem.balance.run import batches, run
    run(ir, found[:1], 3 * workers, bot, seed=99, jobs=workers, size=1, backend=backend)  # warm-up: each worker loads
    if backend != "ray":
        start = time.perf_counter()
        rows = run(ir, found, games, bot, seed=0, jobs=workers, size=1, backend=backend)
        return time.perf_counter() - start, len({(r["pairing"], r["game"]) for r in rows}), float("nan")
    import ray
    from mayhem.runtime.rules import load_rules
    task = ray.remote(max_retries=3)(_cpu_batch)
    key, ref = load_rules(ir).digest, ray.put(ir)
    start = time.perf_counter()
    done = ray.get([task.remote([ref], key, b, bot) for b in batches(found, games, 0, 1)])
    seconds = time.perf_counter() - start
    return seconds, sum(g for g, _c in done), sum(c for _g, c in done)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairings", type=int, default=6)
    ap.add_argument("--games", type=int, default=4, help="games per pairing of the sample")
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of 1 worker then 2 (medians reported)")
    ap.add_argument("--machines", type=int, nargs="+", default=[1, 10, 100])
    ap.add_argument("--processes", action="store_true", help="also time plain worker processes")
    args = ap.parse_args()
    import ray
    from mayhem.balance.pairings import pairings, sample
    from mayhem.compiler.driver import compile_paths
    ir = compile_paths([Path(__file__).resolve().parent.parent / "content"]).ir
    sweep = pairings(ir, None, "competitive")
    found = sample(sweep, args.pairings, 0)
    print(f"sample: {len(found)} of the {len(sweep)} Competitive Mode pairings x {args.games} games, "
          f"bot {args.bot}; {load()}")
    from statistics import median
    measured: dict = {1: [], 2: []}
    cpu: dict = {1: [], 2: []}
    for r in range(args.rounds):
        for workers in (1, 2):
            ray.init(num_cpus=workers, include_dashboard=False, logging_level="error", log_to_driver=False)
            try:
                seconds, games, used = timed(ir, found, args.games, args.bot, workers, "ray")
            finally:
                ray.shutdown()
            measured[workers].append(games / seconds)
            cpu[workers].append(used / games)
            print(f"round {r + 1}: ray, {workers} worker{'s' if workers > 1 else ''}: {games} games in "
                  f"{seconds:.1f} s: {games / seconds:.2f} games/s; the workers' CPU {used / games:.3f} s a game, "
                  f"{used / (seconds * workers):.0%} of {workers} core{'s' if workers > 1 else ''}   ({load()})")
    rates = {w: median(x) for w, x in measured.items()}
    ups = [b / a for a, b in zip(measured[1], measured[2])]
    print(f"median: 1 worker {rates[1]:.2f} games/s, 2 workers {rates[2]:.2f} games/s; speed-up on 2 workers: "
          f"{rates[2] / rates[1]:.2f}x (round by round: {', '.join(f'{u:.2f}x' for u in ups)})")
    per = {w: median(x) for w, x in cpu.items()}
    print(f"the workers' CPU a game: {per[1]:.3f} s with 1 worker, {per[2]:.3f} s with 2: a speed-up of "
          f"{2 * per[1] / per[2]:.2f}x on 2 workers given both cores (the CPU a game took, the load aside)")
    if args.processes:
        for workers in (1, 2):
            seconds, games, _cpu = timed(ir, found, args.games, args.bot, workers, "processes")
            print(f"processes, {workers}: {games} games in {seconds:.1f} s: {games / seconds:.2f} games/s")
    from mayhem.balance.run import run
    run(ir, found[:1], 1, args.bot, seed=99, backend="inline")  # warm-up: the rules loaded
    cpu = time.process_time()
    rows = run(ir, found, args.games, args.bot, seed=0, backend="inline")
    per_game = (time.process_time() - cpu) / len({(r["pairing"], r["game"]) for r in rows})
    print(f"this process: {per_game:.3f} CPU seconds a game ({1 / per_game:.2f} games per CPU second)")
    total = len(sweep) * 1000
    print(f"the whole Competitive Mode sweep: {len(sweep)} pairings x 1,000 games = {total:,} games")
    for n in args.machines:
        hours = total / (rates[2] * n) / 3600
        quiet = total * per_game / (2 * n) / 3600
        print(f"  on {n} machine{'s' if n > 1 else ''} of 2 workers: {hours:,.1f} hours at the rate measured, "
              f"{quiet:,.1f} hours from the CPU seconds a game")


if __name__ == "__main__":
    main()
