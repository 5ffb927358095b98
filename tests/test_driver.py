"""The pipeline's own behaviour: the cyclic collector is paused during a run, then
put back as it was, even when a pass fails."""
from __future__ import annotations

import gc

import pytest

from mayhem.compiler import driver

from conftest import FIXTURES

CASE = FIXTURES / "compile" / "statements"


def test_collector_is_paused_during_the_run_and_restored():
    seen = []

    def spy(c):
        seen.append(gc.isenabled())

    assert gc.isenabled()
    result = driver.run([CASE], passes=driver.PASSES + (spy,))
    assert result.ok and seen == [False]
    assert gc.isenabled()


def test_collector_left_off_when_it_was_off():
    gc.disable()
    try:
        driver.check([CASE])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_collector_restored_when_a_pass_raises():
    def boom(c):
        raise RuntimeError("a broken pass")

    with pytest.raises(RuntimeError):
        driver.run([CASE], passes=(driver.pass_load, boom))
    assert gc.isenabled()
