"""`mayhem simulate` keeps what it loaded before its games out of the collector's way
(runtime/simulate.py `steady_heap`, `settle_heap`): frozen once the first game has made the
rules' compiled code, thawed when the run ends."""
from __future__ import annotations

import gc
import importlib
from pathlib import Path

from mayhem.compiler import driver

ROOT = Path(__file__).resolve().parent.parent

simulate_module = importlib.import_module("mayhem.runtime.simulate")  # (runtime's `simulate` is its function)


def test_frozen_from_the_first_settle_and_thawed_at_the_end():
    gc.unfreeze()  # (a test before this one in the same process may have left objects frozen)
    before = gc.get_freeze_count()
    with simulate_module.steady_heap() as settle:
        assert gc.get_freeze_count() == before  # nothing frozen before the first game is played
        settle()
        frozen = gc.get_freeze_count()
        assert frozen > before
        made = [[] for _ in range(1000)]  # the games' own objects: never frozen by a later settle
        settle()
        # not `== frozen`: a frozen object freed meanwhile (by another thread of a pytest worker)
        # lowers the count by one; a second freeze would raise it by the 1,000 lists at least
        assert gc.get_freeze_count() <= frozen
        del made
    assert gc.get_freeze_count() == 0


def test_thawed_when_a_game_raises():
    gc.unfreeze()
    try:
        with simulate_module.steady_heap() as settle:
            settle()
            raise RuntimeError("a game that fails")
    except RuntimeError:
        pass
    assert gc.get_freeze_count() == 0


def test_a_run_leaves_the_collector_as_it_found_it():
    gc.unfreeze()
    ir = driver.compile_paths([ROOT / "content"]).ir
    seen = []
    summary = simulate_module.simulate(ir, "marvel-mayhem", 3, ["random", "random"], seed=2,
                                       progress=lambda: seen.append(gc.get_freeze_count()))
    assert summary.games == 3
    assert all(count > 0 for count in seen)  # the games were played with the loaded rules frozen
    assert gc.get_freeze_count() == 0


def test_a_heap_frozen_by_its_caller_is_left_as_it_is():
    gc.unfreeze()
    keep = [[] for _ in range(100)]
    gc.freeze()  # as the compiler's Workspace keeps its results
    try:
        frozen = gc.get_freeze_count()
        made = [[] for _ in range(1000)]  # made after the caller's freeze: a freeze by the run would take them
        # not `== frozen`: a frozen object freed meanwhile (by another thread of the pytest worker,
        # two objects in about half of the runs of this file with -n 2) lowers the count; a freeze
        # by the run raises it by the 1,000 lists at least, a thaw takes it to 0
        with simulate_module.steady_heap() as settle:
            settle()
            assert frozen - 100 < gc.get_freeze_count() <= frozen
        assert frozen - 100 < gc.get_freeze_count() <= frozen  # not thawed by the run
        del made
    finally:
        gc.unfreeze()
        del keep
