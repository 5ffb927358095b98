"""The pipeline's own behaviour: the cyclic collector runs less often during a run, and
is put back as it was afterwards, even when a pass fails."""
from __future__ import annotations

import gc

import pytest

from mayhem.compiler import driver

from conftest import FIXTURES

CASE = FIXTURES / "compile" / "statements"


@pytest.fixture
def default_thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield (700, 10, 10)
    gc.set_threshold(*before)


def test_collector_runs_less_often_during_the_run_and_is_restored(default_thresholds):
    seen = []

    def spy(c):
        seen.append((gc.isenabled(), gc.get_threshold()))

    result = driver.run([CASE], passes=driver.PASSES + (spy,))
    assert result.ok
    assert seen == [(True, (driver.GC_THRESHOLD, 10, 10))]
    assert gc.get_threshold() == default_thresholds


def test_a_higher_threshold_is_kept(default_thresholds):
    gc.set_threshold(10 * driver.GC_THRESHOLD, 5, 5)
    seen = []
    driver.run([CASE], passes=(driver.pass_load, lambda c: seen.append(gc.get_threshold())))
    assert seen == [(10 * driver.GC_THRESHOLD, 5, 5)]
    assert gc.get_threshold() == (10 * driver.GC_THRESHOLD, 5, 5)


def test_collector_restored_when_a_pass_raises(default_thresholds):
    def boom(c):
        raise RuntimeError("a broken pass")

    with pytest.raises(RuntimeError):
        driver.run([CASE], passes=(driver.pass_load, boom))
    assert gc.get_threshold() == default_thresholds


def test_what_the_passes_build_is_frozen_during_the_run_only(default_thresholds):
    gc.unfreeze()  # another test of this worker may have left a Workspace's objects frozen
    assert gc.get_freeze_count() == 0
    frozen = []
    driver.run([CASE], passes=(driver.pass_load, lambda c: frozen.append(gc.get_freeze_count())))
    assert frozen and frozen[0] > 0  # the syntax trees, out of the collector's sight
    assert gc.get_freeze_count() == 0  # and back in it afterwards

    def boom(c):
        raise RuntimeError("a broken pass")

    with pytest.raises(RuntimeError):
        driver.run([CASE], passes=(driver.pass_load, boom))
    assert gc.get_freeze_count() == 0


def test_a_run_leaves_what_was_frozen_before_it_frozen(default_thresholds):
    # a language server's Workspace keeps its results frozen between checks
    # (compiler/incremental.py); a run inside it must not give them back to the collector,
    # nor freeze its own for good (it could not thaw them without thawing the Workspace's)
    gc.unfreeze()
    keep = [[n] for n in range(10)]  # lists: objects the collector tracks
    gc.freeze()
    before = gc.get_freeze_count()
    try:
        assert before > 0
        driver.run([CASE], passes=(driver.pass_load,))
        collected = {id(o) for o in gc.get_objects()}  # the generations: not the frozen
        assert not any(id(k) in collected for k in keep)  # still frozen
        assert gc.get_freeze_count() <= before  # nothing of the run's added
    finally:
        gc.unfreeze()
    del keep
