"""The bots judge cards by what their effects do, each primitive worth what the vocabulary
says (compiler/bot_values.py): runtime/bots.py names no rule of the game."""
import pytest

from mayhem.compiler import bot_values
from mayhem.compiler.builtins import PRIMITIVES
from mayhem.compiler.builtins_kernel import KERNEL_PRIMITIVES
from mayhem.runtime.actions import Action
from mayhem.runtime.bots import GreedyBot, make_bot

from game_helpers import after_setup


def test_every_weighted_word_is_a_primitive_of_the_vocabulary():
    known = set(PRIMITIVES) | set(KERNEL_PRIMITIVES)
    assert set(bot_values.BOT_VALUES) <= known, set(bot_values.BOT_VALUES) - known


def _call(name: str, amount: int | None = None) -> dict:
    args = {"amount": {"e": "num", "v": amount}} if amount is not None else {}
    return {"op": "primitive", "name": name, "args": args}


def test_a_primitive_is_worth_what_the_vocabulary_says(monkeypatch):
    bot = GreedyBot(0)
    assert bot.value_of_body([_call("attack")]) == bot_values.BOT_VALUES["attack"]
    assert bot.value_of_body([_call("no-such-word")]) == bot_values.DEFAULT
    monkeypatch.setitem(bot_values.BOT_VALUES, "attack", 9.0)
    # each point past the first adds half a point, whatever the primitive
    assert bot.value_of_body([_call("attack", 3)]) == 9.0 + 1.0


@pytest.mark.engine_only
def test_the_greedy_bot_puts_a_figure_where_it_has_the_most_neighbours(rules):
    """Wherever a figure is put on the board (the first placement, back after a KO), the
    greedy bot takes a Location with the most neighbours, when they differ. The engine's own:
    the greedy bot's judgement reads the engine's board (its adjacency and pieces); on the
    kernel the greedy bot chooses as the random bot does (docs/kernel.md, "The switch")."""
    seen = 0
    for seed in range(6):
        game = after_setup(rules, seed=seed)
        bot = make_bot("greedy", seed)
        while game.decision is not None:
            decision = game.decision
            chosen = bot.choose(decision, game)
            if decision.actions[0].startswith("place "):
                board = game.state.board
                counts = {a: len(board.adjacent(Action.parse(a).location)) for a in decision.actions}
                if len(set(counts.values())) > 1 and not any(board.locations[Action.parse(a).location].tokens
                                                             for a in counts):
                    assert counts[chosen] == max(counts.values()), (counts, chosen)
                    seen += 1
            game.act(chosen)
    assert seen > 0, "no placement among Locations of unlike neighbours in these games"
