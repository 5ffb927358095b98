"""What the greedy bot reads of a game besides `game.view()`: whose the pieces on the board are
(runtime/game_view.py `owners`), the same on the engine and the kernel for the same set-up."""
import re

from mayhem.runtime.view_pieces import owners
from mayhem.runtime.scenario_setup import scenario_game

from conftest import REPO
from test_game_view import KNOWN, SCENARIOS, differences


def test_a_scenario_gives_the_same_owners_on_both_runtimes(rules):
    """Every Mayhem scenario's set-up, resumed to its first decision: the same pieces on each
    Location under the same Teams, the same Team behind each figure that stands for a piece."""
    found, owned = {}, 0
    for path in SCENARIOS:
        seen = []
        for runtime in ("engine", "kernel"):
            game = scenario_game(rules, path, runtime)
            game.start()
            seen.append(owners(game))
        name = f"{path.parent.name}/{path.name}"
        diff = differences(*seen)
        if diff:
            found[name] = diff
        owned += sum(1 for by in seen[0]["spaces"].values() for teams in by.values() if set(teams) - {None})
    assert {name for name in found} <= set(KNOWN), found
    assert owned > 10  # pieces of some Team were laid: the comparison compared something


def test_the_greedy_bot_reads_no_interpreter_state():
    """runtime/bots.py and runtime/bot_seen.py read a game through `view`, `owners` and the
    rules: neither the engine's nor the kernel's state (`game.engine`, `game.kernel`,
    `game.state`, `game.krules`), so that the same bot plays on either runtime."""
    for name in ("bots.py", "bot_seen.py"):
        source = (REPO / "runtime" / name).read_text(encoding="utf-8")
        found = re.findall(r"\.(engine|kernel|state|krules)\b(?!\.py)", source)
        assert found == [], (name, found)
