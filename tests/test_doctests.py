"""The examples in the docstrings run, and hold. Only modules listed here are run, and a
listed module must have examples: a module without any would pass while running
nothing. A module that gains examples must be listed, or they would never run."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mayhem.balance
import mayhem.compiler
import mayhem.dsl
import mayhem.runtime

from conftest import REPO

MODULES = [
    "mayhem.compiler.applicability",
    "mayhem.compiler.builtins_setup",
    "mayhem.compiler.checks.card_text",
    "mayhem.compiler.checks.deckbuilder_text",
    "mayhem.compiler.checks.decks",
    "mayhem.compiler.checks.tally",
    "mayhem.compiler.checks.wording",
    "mayhem.compiler.diff.meaning",
    "mayhem.compiler.diff.play",
    "mayhem.compiler.driver",
    "mayhem.compiler.incremental",
    "mayhem.compiler.ir_ops",
    "mayhem.compiler.render_expr",
    "mayhem.compiler.render_text",
    "mayhem.compiler.shorthand",
    "mayhem.dsl.codes",
    "mayhem.dsl.diagnostics",
    "mayhem.dsl.format",
    "mayhem.dsl.reductions",
    "mayhem.dsl.spans",
    "mayhem.runtime",
    "mayhem.runtime.actions",
    "mayhem.runtime.game",
    "mayhem.runtime.scenario_keys",
    "mayhem.runtime.scenario_schema",
    "mayhem.runtime.scenario_toml",
    "mayhem.runtime.token_store",
    "mayhem.compiler.vocabulary_types",
    "mayhem.runtime.kernel.layout",
    "mayhem.runtime.kernel.edges",
    "mayhem.runtime.kernel.modes",
    "mayhem.runtime.kernel.compile_check",
    "mayhem.balance.pairings",
]
PACKAGES = (mayhem.dsl, mayhem.compiler, mayhem.runtime, mayhem.balance)


def examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder().find(module) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name, monkeypatch):
    monkeypatch.chdir(REPO)  # examples name paths like content/ from the repository's top
    tests = examples(name)
    assert tests, f"{name} is listed but has no example: add one, or take it off the list"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_every_module_with_examples_is_listed():
    found = sorted(
        info.name
        for package in PACKAGES
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
        if examples(info.name)
    ) + [package.__name__ for package in PACKAGES if examples(package.__name__)]
    assert sorted(found) == sorted(MODULES)


@pytest.mark.parametrize("name, function", [
    ("mayhem.compiler.driver", "mayhem.compiler.driver"),
    ("mayhem.dsl.diagnostics", "mayhem.dsl.diagnostics.did_you_mean"),
    ("mayhem.dsl.diagnostics", "mayhem.dsl.diagnostics.format_diagnostic"),
    ("mayhem.compiler.vocabulary_types", "mayhem.compiler.vocabulary_types.accepts"),
    ("mayhem.dsl.spans", "mayhem.dsl.spans.SourceFile.lines"),
    ("mayhem.dsl.codes", "mayhem.dsl.codes.explain"),
    ("mayhem.runtime.scenario_toml", "mayhem.runtime.scenario_toml"),
    ("mayhem.runtime.scenario_schema", "mayhem.runtime.scenario_schema.expectation_problems"),
])
def test_documented_examples_exist(name, function):
    assert any(t.name == function for t in examples(name))
