"""What the greedy bot reads of a game besides `game.view()`: whose the pieces on the board are
(runtime/view_pieces.py `owners`), the view's pieces by the Team they belong to."""
import re

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.view_pieces import owners


def test_the_owners_count_the_views_pieces_by_team(rules):
    """At every decision of seeded games of both boxes, `owners` counts on each Location the pieces
    the view shows there (the same tokens, as many), each under a Team of the game or None (no
    one's), and some piece is a Team's."""
    owned = 0
    for box, seed in (("teen-titans-go", 2), ("looney-tunes", 1), ("looney-tunes", 4)):
        game = Game(rules, GameConfig(box, seed=seed))
        bots = {"p1": make_bot("random", seed), "p2": make_bot("random", seed + 1)}
        decision = game.start()
        while decision is not None:
            seen, whose = game.view(), owners(game)
            teams = set(seen["teams"]) | {None}
            for loc in seen["locations"]:
                by = whose["spaces"].get(loc["label"], {})
                assert {t: sum(n.values()) for t, n in by.items()} == loc["tokens"], (box, seed, loc["label"])
                assert all(set(n) <= teams for n in by.values()), (box, seed, by)
                owned += sum(k for n in by.values() for team, k in n.items() if team is not None)
            decision = game.act(bots[decision.player].choose(decision, game))
    assert owned > 10  # pieces of some Team were laid: the comparison compared something


def test_the_greedy_bot_reads_no_interpreter_state():
    """The greedy bot's module (where make_bot finds it, runtime/bots.py) and runtime/bot_seen.py
    read a game through `view`, `owners` and the rules: not the kernel's state (`game.kernel`,
    `game.state`, `game.krules`)."""
    import inspect
    from mayhem.runtime import bot_seen
    for module in (inspect.getmodule(type(make_bot("greedy", 0))), bot_seen):
        source = inspect.getsource(module)
        found = re.findall(r"\.(engine|kernel|state|krules)\b(?!\.py)", source)
        assert found == [], (module.__name__, found)
