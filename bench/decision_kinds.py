"""What a decision costs, by the kind of answer before it: bytecodes between two decisions of the Mayhem boxes' random games, and RLCard UNO's a decision for comparison.

    .venv/bin/python bench/decision_kinds.py [--games N] [--box BOX] [--top K] [--uno-games M]

Plays seeds 0 .. N-1 of each box as bench/kernel_mayhem.py does (random bots) under
`sys.settrace` (bench/opcodes.py's way of counting) and charges the bytecodes run between one
decision and the next to the first one's kind and verb (`action:resolve`, `target:target`,
`action:move`): the answer's own work (an Ability resolved, a figure moved, the events it raised
and their listeners) and the next question's menu. Then RLCard's UNO (random agents, the
reference of bench/simulate.py) counted the same way over M games, when RLCard is installed
(the `bench` extra). UNO's numpy work is C and not counted, as the kernel's builtins are not:
bytecodes are the firm figure, the same on any machine and under any load; the clock ratio is
bench/simulate.py's.

Prints figures; asserts nothing (DESIGN.md: speed is measured, not tested)."""
from __future__ import annotations

import argparse
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from kernel_mayhem import BOXES, load_here  # noqa: E402


# the answers to the kernel's own questions (effects.Run.ask and the structure's), printed as a verb and a value
ANSWERS = frozenset({"target", "skip", "do", "choose", "return", "play", "pass", "react", "discard", "pick", "place",
                     "colour", "reroll", "done"})


@contextmanager
def games_seen(structure):
    """The kernel games made inside the block, in a list (KernelGame.__init__ wrapped, then restored)."""
    made: list = []
    init = structure.KernelGame.__init__

    def wrapped(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)
    structure.KernelGame.__init__ = wrapped
    try:
        yield made
    finally:
        structure.KernelGame.__init__ = init


def verb(text: str, verbs) -> str:
    """An answer's verb: the longest of the rules' declared actions (`verbs`) that the text is
    or starts with (the verb before its arguments), else the text's kind alone (`-`)."""
    return max((v for v in verbs if text == v or text.startswith(v + " ")), key=len, default="-")


def kinds_of(box: str, games: int, space: dict) -> tuple[Counter, Counter, int, int]:
    """(bytecodes by kind, decisions by kind, all bytecodes, all decisions) of seeds 0 .. games-1."""
    from mayhem.runtime.kernel import structure
    from mayhem.runtime.kernel.play import play_game
    from parity_kernel import kernel_config

    space["play"](box, 10**6, 2)  # the rules loaded and their code made, outside the count
    rules, ir = space["RULES"][box], space["IR"]
    verbs = set(rules.actions) | ANSWERS
    cost, count = Counter(), Counter()
    total = decisions = 0
    for seed in range(games):
        seen = {"n": 0, "ops": 0, "last": 0}
        with games_seen(structure) as made:

            def tracer(frame, event, _arg):
                if event == "opcode":
                    seen["ops"] += 1
                elif event == "call":
                    frame.f_trace_opcodes = True
                    if made:
                        history = made[0].history
                        if len(history) != seen["n"]:  # answers given since the last call
                            if seen["n"]:
                                before = history[seen["n"] - 1]
                                kind = f"{before['kind']}:{verb(before['action'], verbs)}"
                                cost[kind] += seen["ops"] - seen["last"]
                                count[kind] += 1
                            seen["n"], seen["last"] = len(history), seen["ops"]
                return tracer

            sys.settrace(tracer)
            try:
                game = play_game(rules, kernel_config(rules, ir, seed, max_turns=400), ["random"])
            finally:
                sys.settrace(None)
        total += seen["ops"]
        decisions += len(game.history)
    return cost, count, total, decisions


def uno_bytecodes(games: int) -> tuple[int, int, int] | None:
    """(bytecodes, decisions, steps) of `games` games of RLCard's UNO between random agents, or
    None without RLCard: its decisions are its steps with two or more legal actions, as a
    kernel game counts its own (bench/uno.py), counted after the trace."""
    try:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    from opcodes import traced
    from uno import choices_in

    np.random.seed(0)
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    env.run(is_training=False)  # its imports and first calls outside the count
    steps = env.timestep
    out, ops, _calls = traced(lambda: [env.run(is_training=False)[0] for _ in range(games)])
    return sum(ops.values()), sum(map(choices_in, out)), env.timestep - steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games a box (default 6)")
    parser.add_argument("--box", choices=BOXES, action="append", help="a box (default: both)")
    parser.add_argument("--top", type=int, default=12, help="kinds printed a box (default 12)")
    parser.add_argument("--uno-games", type=int, default=50, help="UNO games counted (default 50; 0: none)")
    args = parser.parse_args(argv)
    space = load_here()
    for box in args.box or BOXES:
        cost, count, total, decisions = kinds_of(box, args.games, space)
        print(f"{box}: {args.games} games, {decisions:,} decisions, {total / decisions:,.0f} bytecodes a decision")
        print(f"  {'answer before':<24} {'a decision':>10} {'bytecodes each':>15} {'share':>6}")
        for kind, ops in cost.most_common(args.top):
            print(f"  {kind:<24} {count[kind] / decisions:>10.3f} {ops / count[kind]:>15,.0f} {ops / total:>6.1%}")
    if args.uno_games > 0:
        uno = uno_bytecodes(args.uno_games)
        if uno is None:
            print("RLCard UNO: not installed (pip install -e '.[bench]')")
        else:
            ops, decisions, steps = uno
            print(f"RLCard UNO: {args.uno_games} games, {decisions:,} decisions, {ops / decisions:,.0f} bytecodes a decision"
                  f" (a choice of two or more actions); {steps:,} steps, {ops / steps:,.0f} bytecodes a step (its forced"
                  " draws too); its numpy work is C, not counted")


if __name__ == "__main__":
    main()
