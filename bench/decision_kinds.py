"""What a decision costs, by the kind of answer before it: bytecodes between two decisions of the Mayhem boxes' random games, and RLCard UNO's a decision for comparison.

    .venv/bin/python bench/decision_kinds.py [--games N] [--box BOX] [--top K] [--uno-games M]
    .venv/bin/python bench/decision_kinds.py --split action:move [--games N] [--box BOX]

Plays seeds 0 .. N-1 of each box as bench/kernel_mayhem.py does (random bots; the DC
deck-builder, `--box dc-teen-titans-go`, two players as `mayhem simulate` deals them) under
`sys.settrace` (bench/opcodes.py's way of counting) and charges the bytecodes run between one
decision and the next to the first one's kind and verb (`action:resolve`, `target:target`,
`action:move`): the answer's own work (an Ability resolved, a figure moved, the events it raised
and their listeners) and the next question's menu. Then RLCard's UNO (random agents, the
reference of bench/simulate.py) counted the same way over M games, when RLCard is installed
(the `bench` extra). UNO's numpy work is C and not counted, as the kernel's builtins are not:
bytecodes are the firm figure, the same on any machine and under any load; the clock ratio is
bench/simulate.py's. `--split KIND` prints, for that kind alone, its bytecodes by where they
ran (split_of: the frame each ran in and the frames under which it ran): the next menu, the
update event after the step, the listeners' work, the search for who hears, the landers' own code,
the functions that move figures, the action's take, and the rest.

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

GAME_BOXES = ("dc-teen-titans-go",)  # boxes that name a game of their own, taken by --box (rules_of)


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


def traced_games(box: str, games: int, space: dict, tracer_of):
    """Seeds 0 .. games-1 of `box` played by random bots under `sys.settrace`, each game yielded
    once played. `tracer_of(made, verbs)` gives each game's tracer: `made` holds the game once it
    is made (games_seen), `verbs` are the rules' declared actions and the answers."""
    from mayhem.runtime.kernel import structure
    from mayhem.runtime.kernel.play import play_game
    from parity_kernel import kernel_config

    rules, ir = rules_of(box, space)  # the rules loaded and their code made, outside the count
    verbs = set(rules.actions) | ANSWERS
    for seed in range(games):
        with games_seen(structure) as made:
            sys.settrace(tracer_of(made, verbs))
            try:
                game = play_game(rules, kernel_config(rules, ir, seed, max_turns=400), ["random"])
            finally:
                sys.settrace(None)
        yield game


def rules_of(box: str, space: dict):
    """(rules, IR) of a box, its code made by two games outside the count: a Mayhem box's as
    bench/kernel_mayhem.py loads it, a box of GAME_BOXES (one that names a game of its own) from
    content/ by load_game_rules."""
    if box in BOXES:
        space["play"](box, 10**6, 2)
        return space["RULES"][box], space["IR"]
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import KernelConfig, load_game_rules
    from mayhem.runtime.kernel.play import play_game
    if "GAME_IR" not in space:
        space["GAME_IR"] = driver.compile_paths([ROOT / "content"]).ir
    rules = load_game_rules(space["GAME_IR"], box)
    for seed in (10**6, 10**6 + 1):
        play_game(rules, KernelConfig(players=2, seed=seed), ["random"])
    return rules, space["GAME_IR"]


def kinds_of(box: str, games: int, space: dict) -> tuple[Counter, Counter, int, int]:
    """(bytecodes by kind, decisions by kind, all bytecodes, all decisions) of seeds 0 .. games-1."""
    cost, count = Counter(), Counter()
    seen: dict = {}

    def tracer_of(made, verbs):
        seen.update(n=0, ops=0, last=0)

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
        return tracer

    total = decisions = 0
    for game in traced_games(box, games, space, tracer_of):
        total += seen["ops"]
        decisions += len(game.history)
    return cost, count, total, decisions


# split_of's parts, by the frames on the stack (innermost last); the first that fits, in this order
MOVING, SEARCH = ("movement.py", "seen.py", "writers.py", "placing.py"), ("heard.py", "spaces.py")


def part_of(names: list) -> str:
    """The part a bytecode ran in, from the names (`file:function`) of the frames on the stack."""
    inner = names[-1]
    if "finish.py:in_play_only" in names:
        return "the update event after the step (finish.in_play_only)"
    if "<string>:pick" in names or "<string>:menu" in names:
        return "the next menu (the generated pick or menu)"
    heard = [i for i, n in enumerate(names) if n.startswith("<lander")]
    if heard:
        if inner.startswith("<lander"):
            return "the landers' own code"
        if inner.partition(":")[0] in SEARCH and not any(n.startswith("<string>") for n in names[heard[-1]:]):
            return "who hears: the search (heard.py, spaces.controller)"
        return "the listeners' work (their whens, bodies, what those raise)"
    if inner.partition(":")[0] in MOVING:
        return "moving figures (movement, seen, writers, placing)"
    if inner == "<string>:take":
        return "the action's take (its own code)"
    return "the rest (the step loop, the answer)"


def split_of(box: str, games: int, space: dict, want: str) -> tuple[Counter, int, int]:
    """(bytecodes by part, answers of the kind `want`, all decisions) of the intervals after the
    answers of that kind, seeds 0 .. games-1 (kinds_of's intervals)."""
    parts, answers = Counter(), 0

    def tracer_of(made, verbs):
        seen = {"n": 0, "on": False, "stack": []}

        def tracer(frame, event, _arg):
            nonlocal answers
            if event == "opcode":
                if seen["on"]:
                    parts[part_of(seen["stack"])] += 1
            elif event == "call":
                frame.f_trace_opcodes = True
                if made and len(made[0].history) != seen["n"]:  # an answer given: the next interval
                    history = made[0].history
                    seen["n"] = len(history)
                    seen["on"] = f"{history[-1]['kind']}:{verb(history[-1]['action'], verbs)}" == want
                    answers += seen["on"]
                seen["stack"].append(f"{frame.f_code.co_filename.rpartition('/')[2]}:{frame.f_code.co_name}")
            elif event == "return" and seen["stack"]:
                seen["stack"].pop()
            return tracer
        return tracer

    decisions = sum(len(game.history) for game in traced_games(box, games, space, tracer_of))
    return parts, answers, decisions


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
    parser.add_argument("--box", choices=BOXES + GAME_BOXES, action="append",
                        help="a box (default: both Mayhem boxes; the DC deck-builder by name)")
    parser.add_argument("--top", type=int, default=12, help="kinds printed a box (default 12)")
    parser.add_argument("--uno-games", type=int, default=50, help="UNO games counted (default 50; 0: none)")
    parser.add_argument("--split", metavar="KIND", help="one kind's bytecodes by where they ran (action:move)")
    args = parser.parse_args(argv)
    space = load_here()
    if args.split:
        for box in args.box or BOXES:
            parts, answers, decisions = split_of(box, args.games, space, args.split)
            total = sum(parts.values())
            print(f"{box}: {args.split}, {answers:,} answers ({answers / max(decisions, 1):.3f} a decision), "
                  f"{total / max(answers, 1):,.0f} bytecodes each")
            for part, ops in parts.most_common():
                print(f"  {part:<64} {ops / answers:>7,.0f} {ops / total:>6.1%}")
        return
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
