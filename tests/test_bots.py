"""The bots judge cards by what their effects do, each primitive worth what the vocabulary
says (compiler/bot_values.py): runtime/bots.py names no rule of the game."""
import pytest

from mayhem.compiler import bot_values
from mayhem.compiler.builtins import PRIMITIVES
from mayhem.compiler.builtins_kernel import KERNEL_PRIMITIVES
from mayhem.runtime.actions import Action
from mayhem.runtime import Game, GameConfig, make_bot


def test_every_weighted_word_is_a_primitive_of_the_vocabulary():
    known = set(PRIMITIVES) | set(KERNEL_PRIMITIVES)
    assert set(bot_values.BOT_VALUES) <= known, set(bot_values.BOT_VALUES) - known


def _call(name: str, amount: int | None = None) -> dict:
    args = {"amount": {"e": "num", "v": amount}} if amount is not None else {}
    return {"op": "primitive", "name": name, "args": args}


def test_a_primitive_is_worth_what_the_vocabulary_says(monkeypatch):
    bot = make_bot("greedy", 0)
    assert bot.value_of_body([_call("attack")]) == bot_values.BOT_VALUES["attack"]
    assert bot.value_of_body([_call("no-such-word")]) == bot_values.DEFAULT
    monkeypatch.setitem(bot_values.BOT_VALUES, "attack", 9.0)
    # each point past the first adds half a point, whatever the primitive
    assert bot.value_of_body([_call("attack", 3)]) == 9.0 + 1.0


def test_the_greedy_bot_puts_a_figure_where_it_has_the_most_neighbours(rules):
    """Wherever a figure is put on the board (the first placement, back after a KO), the
    greedy bot takes a Location with the most neighbours (its sides in play, none blocked:
    the view's `sides` and `blocked`), when they differ and none of them holds pieces: the bot
    reads the view (runtime/bot_seen.py)."""
    seen = 0
    for seed in range(6):
        game = Game(rules, GameConfig("teen-titans-go", seed=seed))
        bot = make_bot("greedy", seed)
        decision = game.start()
        while decision is not None:
            chosen = bot.choose(decision, game)
            if decision.actions[0].startswith("place "):
                view = game.view()
                blocked = {tuple(e.split("-")) for e in view["blocked"]}
                spaces = {a: f"L{Action.parse(a).location + 1}" for a in decision.actions}
                counts = {a: sum(1 for n in view["sides"][s] if (s, n) not in blocked and (n, s) not in blocked)
                          for a, s in spaces.items()}
                laid = {x["label"]: x["tokens"] for x in view["locations"]}
                if len(set(counts.values())) > 1 and not any(laid[s] for s in spaces.values()):
                    assert counts[chosen] == max(counts.values()), (counts, chosen)
                    seen += 1
            decision = game.act(chosen)
    assert seen > 0, "no placement among Locations of unlike neighbours in these games"
