"""A game's configuration (`GameConfig`): the box, the seed, the mode and what the game skips asking for."""
from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["GameConfig"]


@dataclass
class GameConfig:
    """What a game is set up with: the box and mode, the seed, the first game's set-up, the Teams'
    characters (`teams`: skips the draft) and sides (skips the choice), the round limit (the game
    stops at its first question past it), Competitive Mode's team lists
    (Team -> {"characters": ["box/id" or "box/id/side"], "hand": ["box/card"]})."""

    box: str
    seed: int = 0
    mode: str = "standard"
    first_game: bool = False
    teams: dict[str, list[str]] | None = None  # Team -> character ids (skips the draft)
    sides: dict[str, str] = field(default_factory=dict)  # character id -> "a" | "b" (skips the choice)
    max_rounds: int = 40
    team_lists: dict[str, dict] | None = None
