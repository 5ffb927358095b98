"""What the turn's menus cost by the clock: their share of a decision's CPU time, per action.

    .venv/bin/python bench/menus.py [--games N] [--box BOX ...] [--repeat R]

cProfile charges every small call its own cost, so it shows the menus (many small calls:
guards, domains, the printing of each value) at two or three times their share of the time.
This plays the seeded random games of bench/simulate.py twice: once as they are, for the CPU
time per decision, and once with each menu of the Mayhem engine's turn
(runtime/declared_actions.menu) also asked R times more in place, each action's own walk
(its Plan's `offer`) timed by itself, and the whole menu's function timed (the Active
Character's: its own, runtime/declared_actions._fig_menu), by CPU time. A
menu asks nothing and changes nothing but its own lists, so asking it again changes no game.
The figures are those of menus asked again at once (warm caches): a lower bound of their
cost in the game.

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime import declared_actions  # noqa: E402
from mayhem.runtime.engine import GameConfig  # noqa: E402
from mayhem.runtime.rules import load_rules  # noqa: E402
from mayhem.runtime.simulate import play_one  # noqa: E402


def measure(rules, box: str, games: int, repeat: int) -> None:
    clock = time.process_time
    play_one(rules, GameConfig(box, seed=games), ["random", "random"])  # warm up, as bench/simulate.py
    start, decisions = clock(), 0
    for seed in range(games):
        decisions += play_one(rules, GameConfig(box, seed=seed), ["random", "random"])["decisions"]
    total = clock() - start

    whole = [0.0]
    per_action, offered, asked = Counter(), Counter(), Counter()
    plain = declared_actions.menu

    def timed(eng, fig, env, starts_turn=False):
        key = fig.key if fig is not None else None
        if fig is not None and starts_turn is False:  # the character's own menu, as the game asks it
            own = declared_actions._fig_menu(eng, fig)[1]
            t = clock()
            for _ in range(repeat):
                own(eng, env)
        else:
            menu = declared_actions._menus(eng)[starts_turn]
            t = clock()
            for _ in range(repeat):
                menu(eng, env, env.locals, key, [], {})
        whole[0] += (clock() - t) / repeat
        for plan in declared_actions._plans(eng)[starts_turn]:
            out: list = []
            t = clock()
            for _ in range(repeat):
                out = []
                plan.offer(eng, env, env.locals, key, out, {})
            per_action[plan.decl.verb] += (clock() - t) / repeat
            offered[plan.decl.verb] += len(out)
            asked[plan.decl.verb] += 1
        return plain(eng, fig, env, starts_turn)

    declared_actions.menu = timed
    try:
        for seed in range(games):
            play_one(rules, GameConfig(box, seed=seed), ["random", "random"])
    finally:
        declared_actions.menu = plain
    print(f"{box}: {games} games, {decisions:,} decisions, {1e6 * total / decisions:.1f} µs of CPU per decision; "
          f"the menus {1e6 * whole[0] / decisions:.1f} µs per decision ({100 * whole[0] / total:.1f}%)")
    print("  action          menus   µs per menu   actions offered per menu")
    for verb, spent in per_action.most_common():
        print(f"  {verb:14s} {asked[verb]:6,d}   {1e6 * spent / asked[verb]:10.2f}   {offered[verb] / asked[verb]:10.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--box", action="append")
    ap.add_argument("--repeat", type=int, default=10, help="times each menu is asked again to be timed")
    args = ap.parse_args()
    comp = driver.compile_paths([ROOT / "content"])
    if not comp.ok:
        sys.exit("the content does not compile; run `mayhem check`")
    rules = load_rules(comp.ir)
    engine_boxes = sorted(b for b, c in rules.boxes.items() if "game" not in c["props"])  # not the kernel's
    for box in args.box or engine_boxes:
        measure(rules, box, args.games, max(1, args.repeat))


if __name__ == "__main__":
    main()
