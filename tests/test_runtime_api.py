"""The runtime's public API (runtime/__init__.py): the names it promises, each documented,
each the object the runtime itself uses."""
from __future__ import annotations

import importlib

import mayhem.runtime as api
from mayhem.runtime import bots, decisions, rules, scenario

PROMISED = ["load_rules", "Game", "GameConfig", "Decision", "make_bot", "simulate", "replay", "run_scenario"]


def test_the_api_exports_the_promised_names_and_its_errors():
    assert set(PROMISED) <= set(api.__all__)
    assert set(api.__all__) - set(PROMISED) == {"Action", "IllegalAction", "ActionError", "LogError", "ScenarioError"}
    namespace: dict = {}
    exec("from mayhem.runtime import *", namespace)
    assert {k for k in namespace if not k.startswith("__")} == set(api.__all__)


def test_each_exported_name_is_documented():
    for name in api.__all__:
        assert (getattr(api, name).__doc__ or "").strip(), f"mayhem.runtime.{name} has no docstring"
        assert f"`{name}" in api.__doc__, f"the package's docstring does not present {name}"


def test_the_exports_are_the_runtime_s_own_objects_not_the_modules_of_the_same_name():
    # `simulate` and `replay` are also modules: importing them must not shadow the functions
    simulate_module = importlib.import_module("mayhem.runtime.simulate")
    replay_module = importlib.import_module("mayhem.runtime.replay")
    assert api.simulate is simulate_module.simulate and api.replay is replay_module.replay
    assert api.run_scenario is scenario.run
    for name in ("Game", "GameConfig"):  # each the object of the module the API names for it
        module = importlib.import_module(f"mayhem.runtime.{api._API[name]}")
        assert getattr(api, name) is getattr(module, name)
    assert api.GameConfig.__module__ == f"mayhem.runtime.{api._API['GameConfig']}"  # defined there, not imported
    assert api.Decision is decisions.Decision and api.make_bot is bots.make_bot
    assert api.load_rules is rules.load_rules
