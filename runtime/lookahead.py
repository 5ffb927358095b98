"""The kernel's lookahead bot offered to the Mayhem boxes' games: the ISMCTS bot, made from its seed, guided by the greedy bot.

runtime/bots.py's bots read a Mayhem game through its view and the rules; the ISMCTS bot
(runtime/kernel/ismcts.py) searches the kernel game the Mayhem game wraps, on deals of what its
player cannot see (runtime/kernel/determinize.py), and answers in the Mayhem words. On a
Mayhem box it is guided by runtime/bots.py's greedy bot (its `policy`): each node of the tree
tries the greedy bot's answer first, the playouts past the tree are the greedy bot's answers
(`depth` of them), and a question in the middle of a step (a target, a Reaction window) is the
greedy bot's to answer on the real game (`mid_step=False`), so that the search never replays a
step whose dice are still to roll. The budget (`MAYHEM`) is the one docs/bots.md measures.
It is kept apart here so that runtime/bots.py names no part of the kernel (tests/test_bots_view.py)."""
from __future__ import annotations

# the ISMCTS bot's settings on a Mayhem box (docs/bots.md, "Strength"); a keyword given wins
MAYHEM = {"playouts": 12, "depth": 4, "mid_step": False}


def ismcts(seed: int = 0, **settings):
    """An ISMCTS bot (runtime/kernel/ismcts.py's IsmctsBot), seeded, with its settings: by default
    `MAYHEM`'s budget and runtime/bots.py's greedy bot (seeded alike) as its policy
    (`policy=None`: unguided, its random playouts)."""
    from .bots import GreedyBot
    from .kernel.ismcts import IsmctsBot
    made = dict(MAYHEM, **settings)
    if "policy" not in made:
        made["policy"] = GreedyBot(seed)
    return IsmctsBot(seed, **made)
