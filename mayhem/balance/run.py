"""A balance sweep's games, split into batches and played on Ray, on worker processes or in
this process, gathered in seed order: the same rows whatever the split (pairings.game_seed).

- Ray (`backend="ray"`): `ray.init(address=...)` on a cluster, else a local Ray of `jobs`
  CPUs (one a sweep finds running is used as it is); each batch a task retried `RETRIES` times
  when its worker dies; the IR put once in the object store, each worker loading the rules
  once (`_loaded`).
- processes (`backend="processes"`): concurrent.futures, `jobs` workers started as
  runtime/simulate.py starts them, each loading the rules once.
- this process (`backend="inline"`, `--jobs 1`).
`backend=None` chooses: an address means Ray; `jobs` 1 this process; else Ray when it is
installed, processes when not."""
from __future__ import annotations

from dataclasses import dataclass
import math

from .pairings import Pairing, game_seed
from .play import Loaded, play

RETRIES = 3  # a Ray task's retries when its worker dies
# fault injection for the tests: a file path; the first Ray task to find it missing creates it
# and kills its own worker process (tests/test_balance.py: the task is retried elsewhere)
CRASH_ONCE = "MAYHEM_BALANCE_CRASH_ONCE"


@dataclass(frozen=True)
class Batch:
    pairing: Pairing
    first: int  # the index of its first game in the pairing
    seeds: tuple[int, ...]  # its games' seeds, game `first + i` seeded seeds[i]


def batches(found: list[Pairing], games: int, seed: int, size: int) -> list[Batch]:
    """Each pairing's `games` games in batches of `size` (its last one smaller), in order."""
    out = []
    for p in found:
        for first in range(0, games, size):
            count = min(size, games - first)
            out.append(Batch(p, first, tuple(game_seed(seed, p.key, first + i) for i in range(count))))
    return out


def play_batch(loaded: Loaded, batch: Batch, bot: str) -> list[dict]:
    rows = []
    for i, s in enumerate(batch.seeds):
        rows.extend(play(loaded, batch.pairing, batch.first + i, s, bot))
    return rows


def batch_size(total_games: int, jobs: int, size: int | None = None) -> int:
    """The games a batch holds: `size`, else a few batches per worker, at most 50 games."""
    if size:
        return size
    return max(1, min(50, math.ceil(total_games / (max(jobs, 1) * 8))))


def backend_for(jobs: int, address: str | None, backend: str | None = None) -> str:
    if backend is not None:
        return backend
    if address:
        return "ray"
    if jobs <= 1:
        return "inline"
    return "ray" if ray_installed() else "processes"


def ray_installed() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run(ir: dict, found: list[Pairing], games: int, bot: str, *, seed: int = 0, jobs: int = 1,
        address: str | None = None, size: int | None = None, backend: str | None = None,
        progress=None) -> list[dict]:
    """Every game of every pairing (rows: play.play's), in seed order. `progress(n)` is told
    of each batch's `n` games as it comes in."""
    work = batches(found, games, seed, batch_size(games * len(found), jobs, size))
    chosen = backend_for(jobs, address, backend)
    if chosen == "ray":
        parts = _on_ray(ir, work, bot, jobs, address, progress)
    elif chosen == "processes":
        parts = _on_processes(ir, work, bot, jobs, progress)
    elif chosen == "inline":
        loaded = Loaded(ir)
        parts = []
        for b in work:
            parts.append(play_batch(loaded, b, bot))
            if progress:
                progress(len(b.seeds))
    else:
        raise ValueError(f"no backend '{chosen}'; backends: ray, processes, inline")
    return [row for part in parts for row in part]


# -- worker processes ---------------------------------------------------------------------

_LOADED: dict = {}  # a worker's rules, by the IR's key (one IR at a time)


def _init_process(ir: dict) -> None:
    _LOADED.clear()
    _LOADED["ir"] = Loaded(ir)


def _process_batch(args) -> list[dict]:
    batch, bot = args
    return play_batch(_LOADED["ir"], batch, bot)


def _on_processes(ir: dict, work: list[Batch], bot: str, jobs: int, progress) -> list[list[dict]]:
    from concurrent.futures import as_completed
    from mayhem.runtime.simulate import worker_pool
    out: list = [None] * len(work)
    with worker_pool(jobs, _init_process, (ir,)) as pool:
        futures = {pool.submit(_process_batch, (b, bot)): i for i, b in enumerate(work)}
        for f in as_completed(futures):
            i = futures[f]
            out[i] = f.result()
            if progress:
                progress(len(work[i].seeds))
    return out


# -- Ray ----------------------------------------------------------------------------------

_TASK = None


def _ray_batch(box: list, key: str, batch: Batch, bot: str) -> list[dict]:
    """A Ray task: the batch's rows, the rules loaded once per worker (`box` holds the IR's
    object reference, not resolved by Ray, so that a worker that has them does not fetch it)."""
    _crash_once()
    loaded = _LOADED.get(key)
    if loaded is None:
        import ray
        _LOADED.clear()
        loaded = _LOADED[key] = Loaded(ray.get(box[0]))
    return play_batch(loaded, batch, bot)


def _crash_once() -> None:
    """The worker dies (no exception: its process ends) if `CRASH_ONCE` names a file not made yet."""
    import os
    marker = os.environ.get(CRASH_ONCE)
    if marker:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return
        os.close(fd)
        os._exit(1)


def _on_ray(ir: dict, work: list[Batch], bot: str, jobs: int, address: str | None, progress) -> list[list[dict]]:
    global _TASK
    import ray
    from mayhem.runtime.rules import load_rules
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, logging_level="error", log_to_driver=False)
        else:
            ray.init(num_cpus=max(jobs, 1), include_dashboard=False, logging_level="error", log_to_driver=False)
        started = True
    try:
        if _TASK is None:
            _TASK = ray.remote(max_retries=RETRIES)(_ray_batch)
        key = load_rules(ir).digest
        ref = ray.put(ir)
        refs = [_TASK.remote([ref], key, b, bot) for b in work]
        index = {r: i for i, r in enumerate(refs)}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for r in done:
                if progress:
                    progress(len(work[index[r]].seeds))
        return ray.get(refs)  # in the order of the batches: of the seeds
    finally:
        if started:
            ray.shutdown()
