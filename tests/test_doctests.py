"""The examples in the docstrings of dsl/ and compiler/ run, and hold."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mayhem.compiler
import mayhem.dsl

from conftest import REPO

MODULES = sorted(
    info.name
    for package in (mayhem.dsl, mayhem.compiler)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
)


def examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder().find(module) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name, monkeypatch):
    monkeypatch.chdir(REPO)  # examples name paths like content/ from the repository's top
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples(name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0


@pytest.mark.parametrize("name, function", [
    ("mayhem.compiler.driver", "mayhem.compiler.driver"),
    ("mayhem.dsl.diagnostics", "mayhem.dsl.diagnostics.did_you_mean"),
    ("mayhem.dsl.diagnostics", "mayhem.dsl.diagnostics.format_diagnostic"),
    ("mayhem.compiler.builtins", "mayhem.compiler.builtins.accepts"),
])
def test_documented_examples_exist(name, function):
    assert any(t.name == function for t in examples(name))
