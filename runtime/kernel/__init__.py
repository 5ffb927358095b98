"""The rules kernel: games whose rules are all content, played one decision at a time.

Their rules are zones, counters, card types, a turn structure and declared actions; their
state is cloneable."""
from .rules import GameRules, KernelError, load_game_rules
from .structure import KernelConfig, KernelGame

__all__ = ["GameRules", "KernelConfig", "KernelError", "KernelGame", "load_game_rules"]
