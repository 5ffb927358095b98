"""What one use of each primitive of the effect language is worth to a bot that judges a
card by what its effects do (the greedy bot, runtime/bots.py), before context: the game's
vocabulary carries its worth, so that the bot names no rule of the game. A primitive not
listed is worth `DEFAULT`; tests/test_bots.py holds every key to a primitive the compiler
knows (compiler/builtins.py, compiler/builtins_kernel.py)."""
from __future__ import annotations

# authored: the rulebooks say nothing of how a player weighs a card; these weights make a
# bot that attacks, scores and fulfils its card in play before it shuffles pieces around
BOT_VALUES: dict[str, float] = {
    "attack": 3.0, "damage": 2.0, "remove-damage": 1.5, "place": 1.0, "remove": 0.3, "take": 1.0,
    "gain-vp": 6.0, "move-figure": 0.6, "place-figure": 0.8, "prevent": 1.5, "increase": 1.5, "bonus": 1.5,
    "complete-mission": 4.0, "roll-mayhem-die": 0.3, "reroll-dice": 0.5, "grant-mayhem-icon": 1.0,
    "off-board": 1.0, "draw-mayhem": 1.0, "shift": 0.3,
    # the general words the shorthands above stand for (compiler/shorthand.py), worth the same
    "card-done": 4.0, "grant-icon": 1.0,
}
DEFAULT = 0.2
