"""The menus of the Mayhem boxes on the kernel, replayed: Python calls and CPU time per menu, by kind.

    .venv/bin/python bench/kernel_menus.py [--games N] [--root CHECKOUT]

Plays seeds 0 .. N-1 of each box (random bots, as bench/kernel_mayhem.py does), keeps a clone of
the state at every menu the turn asks (actions.menu), then asks each menu again: the Python
calls per menu under cProfile, and the CPU time per menu, the best of 7 passes, by kind
(`place-die`, the Active figure's, the fallback's). `--root` runs another checkout (a revision
exported with `git archive REV | tar -x -C DIR`): its packages are imported from there. With
the same seeds, the two checkouts' figures compare menu for menu; it prints a digest of the
menus' texts to check that they are the same.

Prints figures; asserts nothing (speed is measured, not tested)."""
from __future__ import annotations

import argparse
import cProfile
import hashlib
from pathlib import Path
import pstats
import sys
import time

ROOT = Path(__file__).resolve().parent.parent


def _checkout(root: Path) -> None:
    """The project's packages imported from `root`: bench/parity.py's CHECKOUT_FINDER, which
    takes the checkout's path from argv[1]; then `root`'s bench/ scripts."""
    from parity import CHECKOUT_FINDER  # imports nothing of the project
    sys.argv.insert(1, str(root))
    exec(CHECKOUT_FINDER, {})
    sys.path.insert(0, str(root / "bench"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    _checkout(args.root.resolve())
    from kernel_mayhem import BOXES, load_here
    from parity_kernel import kernel_config
    from mayhem.runtime.kernel import actions, in_place
    from mayhem.runtime.kernel.play import play_game
    from mayhem.runtime.kernel.structure import KernelGame
    g = load_here()
    print(f"menus replayed, {args.root}: seeds 0..{args.games - 1} of each box")
    for box in BOXES:
        rules, ir = g["RULES"][box], g["IR"]
        caught: list = []
        bound = getattr(in_place, "bound_menu", None)  # the loop's menu bound to the game (menus.py), or menu()
        asked = in_place.menu if bound is None else actions.menu

        def kept(game, fallback=False):
            out = asked(game, fallback)
            other = KernelGame(game.rules, game.config, game.state.clone())
            other._plans, other._ids = game._plans, game._ids
            verb = out[0][0].verb if out[0] else "(none)"  # the first option's verb (an Action, runtime/actions.py)
            kind = verb if verb in ("place-die", "forfeit", "(none)") else "active figure"
            caught.append((other, fallback, kind, out[1]))
            return out
        if bound is None:
            in_place.menu = kept
        else:
            in_place.bound_menu = lambda game: lambda: kept(game)
        try:
            for seed in range(args.games):
                play_game(rules, kernel_config(rules, ir, seed, max_turns=400), ["random"])
        finally:
            if bound is None:
                in_place.menu = asked
            else:
                in_place.bound_menu = bound
        texts = "\n".join("|".join(actions.menu(game, fallback)[1]) for game, fallback, _k, _t in caught)
        same = all(actions.menu(game, fallback)[1] == t for game, fallback, _k, t in caught)
        print(f"  {box}: {len(caught)} menus, texts digest {hashlib.sha256(texts.encode()).hexdigest()[:12]}"
              f"{'' if same else ' (a menu replayed differs from the one asked in play)'}")
        for kind in sorted({k for _g, _f, k, _t in caught}):
            menus = [(game, fallback) for game, fallback, k, _t in caught if k == kind]
            prof = cProfile.Profile()
            prof.enable()
            for game, fallback in menus:
                actions.menu(game, fallback)
            prof.disable()
            calls = sum(v[1] for v in pstats.Stats(prof).stats.values())
            best = None
            for _ in range(7):
                cpu = time.process_time()
                for game, fallback in menus:
                    actions.menu(game, fallback)
                cpu = time.process_time() - cpu
                best = cpu if best is None else min(best, cpu)
            print(f"    {kind:<14} {len(menus):>6} menus: {calls / len(menus):6.1f} Python calls, "
                  f"{best / len(menus) * 1e6:6.1f} µs CPU a menu (best of 7)")


if __name__ == "__main__":
    main()
