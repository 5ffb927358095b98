"""The Mayhem runtime: plays compiled content (the IR) one decision at a time, on the rules kernel; its public API.

Everything a program needs to play, simulate, replay and test games is here; the
modules behind it (the rules kernel, runtime/kernel/, and the scenario format) may change
from one version to the next. The rules kernel plays every box: a Mayhem box (one that names
no `game`) as naming the shared rules' game. (The Mayhem engine that played those boxes until
December 4, 2026 was removed: revision 29f6a0ed is the last that has it.)

- `load_rules(ir)`: the compiled content (a dict, or an IR JSON file), validated.
- `Game(rules, config)`: one game on the kernel; `start()` and `act(action)` return the next
  `Decision` (None once the game is over); `clone()` copies it; `play_out(choose)` plays it to
  its end, each question answered by `choose(decision)` (the same game as act() by act()).
- `GameConfig(box, seed=0, mode="standard", ...)`: what a game is set up with (the
  Teams and sides it skips asking for, the round limit, Competitive Mode team lists).
- `game.view()`: the game as plain data (runtime/game_view.py): the round, the decision
  waiting, each Team's players, counters, hands and dice, each figure's space, Damage, Life
  and KO, the Locations and the pieces, the result once over.
- `Decision`: who must answer, what kind of question, and its legal actions.
- `Action`: an action as a typed value (`Action.parse("move hero L4").location == 3`).
- `make_bot(name, seed)`: a bot (`random`, `greedy`) whose `choose(decision, game)`
  returns a legal action.
- `simulate(ir, box, games, bots)`: many seeded games, summed up.
- `replay(rules, log_path)`: replays a JSON Lines log and says whether the same game came out.
- A box that names a `game` of its own (Marvel Mayhem) is played by `runtime.kernel` directly:
  `simulate` and `replay` hand it (and its logs) over, a player per bot (`random`, `rollout`),
  and `Game` of such a box is a ValueError that says to use `KernelGame(load_game_rules(ir,
  box), KernelConfig(...))`.
- The runtime setting (runtime/switch.py): `runtime=` of `Game`, `simulate` and `run_scenario`,
  and the environment variable MAYHEM_RUNTIME, are still accepted with the value `kernel`;
  `engine` is an error that names revision 29f6a0ed.
- `run_scenario(rules, path)`: runs a scenario file (docs/scenarios.md).
- The errors a caller may catch: `IllegalAction` (an answer that is not a legal action),
  `ActionError` (a string that is not an action at all), `LogError` (a log that cannot be
  read), `ScenarioError` (a scenario file with problems, each with file:line:col).

A whole game between two random bots, from the content of a checkout (run from its top):

>>> from mayhem.compiler.driver import compile_paths
>>> from mayhem.runtime import Game, GameConfig, load_rules, make_bot
>>> rules = load_rules(compile_paths(["content"]).ir)
>>> game = Game(rules, GameConfig("teen-titans-go", seed=7))
>>> decision = game.start()
>>> decision.player, decision.kind, len(decision.actions)
('p1', 'colour', 2)
>>> bots = {"p1": make_bot("random", 1), "p2": make_bot("random", 2)}
>>> while decision is not None:
...     decision = game.act(bots[decision.player].choose(decision, game))
>>> game.over, game.runtime, game.result()["rounds"] > 1, game.view()["result"] == game.result()
(True, 'kernel', True, True)
"""
from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

# The API is imported on first use (PEP 562): a program that needs one module of the runtime
# (the compiler's checks read runtime.board's layout and runtime.actions' forms) does not load
# the kernel, the bots, the scenarios and jsonschema with it (0.2 s of CPU of a check).
_API = {"load_rules": "rules", "Game": "game", "GameConfig": "config", "Decision": "decisions",
        "Action": "actions", "make_bot": "bots", "simulate": "simulate", "replay": "replay",
        "run_scenario": "scenario", "IllegalAction": "decisions", "ActionError": "actions",
        "LogError": "replay", "ScenarioError": "scenario"}
_RENAMED = {"run_scenario": "run"}  # the API's name -> the module's

__all__ = list(_API)

if TYPE_CHECKING:
    from .actions import Action, ActionError
    from .bots import make_bot
    from .decisions import Decision, IllegalAction
    from .config import GameConfig
    from .game import Game
    from .replay import LogError, replay
    from .rules import load_rules
    from .scenario import ScenarioError, run as run_scenario
    from .simulate import simulate


def __getattr__(name: str):
    """A name of the API, or a module of the runtime, imported when first asked for."""
    module = _API.get(name)
    if module is None:
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """The package, whose API names stay the API's: `simulate` and `replay` are also modules,
    and importing a module sets the package's attribute of its name to it (as the imports
    this file made at once used to set it back)."""

    def __setattr__(self, name: str, value) -> None:
        if name in _API and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
