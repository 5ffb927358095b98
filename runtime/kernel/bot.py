"""The bot interface: a plain Python object whose `choose(decision, game)` answers a question with one of its actions.

Every bot of the runtime keeps to it (runtime/bots.py's random and greedy bots; play.py's
random and rollout bots, greedy.py's, ismcts.py's), so that a new one is a class and a line in a
registry (`BOTS` of play.py for kernel games, of runtime/bots.py for runtime/game.py's `Game`)."""
from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """A player of any game of the runtime.

    - `__init__(seed: int = 0)`: the registries make a bot from its seed alone (the game's seed
      and the seat, play.py and runtime/simulate.py); its draws are its own seeded generator's,
      so that the same seed plays the same game. Other settings are keyword arguments with
      defaults (the ISMCTS bot's `playouts`).
    - `choose(decision, game) -> str`: one of `decision.actions` (a Decision: `player`, `kind`,
      `prompt`, `actions`), for the game waiting on it. It may read the game and clone it
      (`game.clone()`, a copy acting on which leaves the game as it is), never act on the game
      itself. A fair bot reads only what `decision.player` can see: a clone holds the whole
      table (every hand, every deck's order); determinize.py deals a clone in which what the
      player cannot see is dealt again.
    - `in_place: bool`: True for a bot that reads only the decision (and the rules), which a
      game may ask in the middle of a step (KernelGame.play_out: faster); False for one that
      clones the game, asked only at a decision `act()` returns.
    """

    in_place: bool

    def choose(self, decision, game) -> str:
        ...
