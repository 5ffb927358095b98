"""The kernel's lookahead bot offered to the Mayhem boxes' games: the ISMCTS bot, made from its seed.

runtime/bots.py's bots read a Mayhem game through its view and the rules; the ISMCTS bot
(runtime/kernel/ismcts.py) searches the kernel game the Mayhem game wraps, on deals of what its
player cannot see (runtime/kernel/determinize.py), and answers in the Mayhem words. It is kept
apart here so that runtime/bots.py names no part of the kernel (tests/test_bots_view.py)."""
from __future__ import annotations


def ismcts(seed: int = 0, **settings):
    """An ISMCTS bot (runtime/kernel/ismcts.py's IsmctsBot), seeded, with its settings."""
    from .kernel.ismcts import IsmctsBot
    return IsmctsBot(seed, **settings)
