"""The worker processes of `simulate --jobs N` and of the parity scripts are never forked from a
process that runs threads (runtime/simulate.py `worker_pool`).

A fork copies a process with the locks its other threads held at that moment; a pytest worker
(execnet's threads) or an editor's language server runs such threads, and a forked child that
takes one of those locks waits forever (a full suite hung 13 minutes so, December 4, 2026). There
the workers are spawned: fresh interpreters that see none of the parent's modules, only what
their initializer gives them. A process of one thread still forks (at once, and a caller's
script needs no `if __name__ == "__main__":` guard)."""
from __future__ import annotations

import importlib
import sys
import threading
import types

from mayhem.runtime.simulate import worker_pool

simulate = importlib.import_module("mayhem.runtime.simulate")  # the module (runtime's `simulate` is its function)

MARK = "test_simulate_spawn_parent_only"
SEEN = f"__import__('sys').modules.get({MARK!r}) is None"  # True in a worker that did not copy the parent


def test_with_a_thread_running_a_worker_copies_nothing_of_the_parent():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()  # a second thread, as a pytest worker's or a language server's
    sys.modules[MARK] = types.ModuleType(MARK)  # a forked child would still have it
    try:
        with worker_pool(2, int, ()) as pool:
            seen = list(pool.map(eval, [SEEN] * 2))
    finally:
        del sys.modules[MARK]
        stop.set()
        other.join()
    assert seen == [True, True]


def test_one_thread_forks_and_more_spawn(monkeypatch):
    monkeypatch.setattr(simulate.threading, "active_count", lambda: 1)
    assert simulate.start_method() == "fork"
    monkeypatch.setattr(simulate.threading, "active_count", lambda: 2)
    assert simulate.start_method() == "spawn"


def test_the_initializer_runs_in_each_worker():
    with worker_pool(1, exec, ("import builtins; builtins.set_by_initializer = 7",)) as pool:
        assert pool.submit(eval, "__import__('builtins').set_by_initializer").result() == 7
