"""Seeded random games of a Mayhem box, the Mayhem engine's next to the rules kernel's (the box naming `game mayhem`).

    .venv/bin/python bench/trial_compare.py --box teen-titans-go [--games 200] [--seed 0] [--json] [--engine REV]

For the same seeds, the Mayhem engine plays the box as shipped (`mayhem simulate --bots random`)
and the rules kernel plays it in bench/trial.py's temporary copy, where the box names the
shared rules' game. The engine was deleted after revision 29f6a0ed: its side is played by the
engine of revision --engine (default 29f6a0ed, exported with `git archive`, its own code and
content, MAYHEM_RUNTIME=engine) in a process of its own; the kernel's side by the working tree.
Both with random bots, both stopped after the engine's 40 rounds (a kernel game still going then
counts as `max-rounds`, its KOs and VP those of the 40 rounds). Per side: how many games end, by
which reason, the winners by Team, the mean rounds, Characters KO'd and VP per game, and
decisions per game. Prints figures; asserts nothing (the switch's oracle is bench/parity.py's
two-sample tests once the kernel plays the boxes)."""
from __future__ import annotations

import argparse
from collections import Counter
import json
from pathlib import Path
import shutil
import statistics
import sys
import tempfile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import trial  # noqa: E402
from mayhem.runtime.kernel.effects import Run  # noqa: E402
from mayhem.runtime.kernel.primitives import get_value  # noqa: E402
from parity import CHECKOUT_FINDER, ENGINE_REVISION  # noqa: E402

ROUNDS = 40  # the Mayhem engine's GameConfig.max_rounds

# The engine's side, run in a checkout of a revision that has the engine (argv: the checkout,
# then box, games, seed): its seeded games of random bots as JSON, one dict a game.
_ENGINE_GAMES = CHECKOUT_FINDER + r"""
import json
from mayhem.compiler import driver
from mayhem.runtime.game import Game, GameConfig
from mayhem.runtime.rules import load_rules
from mayhem.runtime.simulate import _picker, seat_bots
from mayhem.runtime.bots import make_bot
box, games, seed, rounds = sys.argv[1], *map(int, sys.argv[2:5])
rules = load_rules(driver.compile_paths([root / "content"]).ir)
out = []
for n in range(seed, seed + games):
    game = Game(rules, GameConfig(box, seed=n), record=True, runtime="engine")
    names = seat_bots(rules, "standard", ["random"])
    players = {f"p{i + 1}": make_bot(name, n * 7919 + i) for i, name in enumerate(names)}
    game.play_out(lambda d: players[d.player].choose(d, game), _picker(players))
    result = game.result()
    characters = {c for team in result["teams"].values() for c in team}
    kos = sum(1 for e in game.events if e.get("event") == "ko" and e.get("figure") in characters)
    out.append({"seed": n, "reason": result["reason"], "winners": sorted(result["winners"]),
                "rounds": min(result["rounds"], rounds), "kos": kos, "vp": sum(result.get("vp", {}).values()),
                "decisions": game.decisions})
print(json.dumps(out))
"""


def engine_games(box: str, games: int, seed: int, rev: str = ENGINE_REVISION) -> list[dict]:
    """The Mayhem engine's seeded games of random bots (reason, winners, rounds, KOs, VP, decisions),
    played by revision `rev`'s engine on its own content; a SystemExit saying why when it cannot."""
    import os
    import subprocess
    from side_by_side import export, revision
    sha = revision(rev, "bench/trial_compare.py")
    if sha is None:
        raise SystemExit(2)
    with tempfile.TemporaryDirectory(prefix="trial-compare-engine-") as tmp:
        export(sha, tmp)
        if not (Path(tmp) / "runtime" / "engine.py").is_file():
            raise SystemExit(f"bench/trial_compare.py: revision '{rev}' has no Mayhem engine (runtime/engine.py); "
                             f"it was removed after revision {ENGINE_REVISION} (hint: --engine {ENGINE_REVISION})")
        run = subprocess.run([sys.executable, "-c", _ENGINE_GAMES, tmp, box, str(games), str(seed), str(ROUNDS)],
                             cwd=tmp, text=True, capture_output=True, env={**os.environ, "MAYHEM_RUNTIME": "engine"})
    if run.returncode != 0:
        raise SystemExit(f"bench/trial_compare.py: the engine of {rev} failed:\n{run.stderr.strip()[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def kernel_rules(root: Path, box: str):
    """The kernel's rules of the box naming the shared game, in a temporary copy of `root`."""
    from mayhem.runtime.kernel.rules import load_game_rules
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "content"
        shutil.copytree(root, copy)
        trial.name_the_game(copy, box)
        _, ir = trial.findings(copy)
    return load_game_rules(ir, box)


def kernel_games(rules, games: int, seed: int) -> list[dict]:
    """The kernel's seeded games of random bots (seated as play.play_game seats them), decision by
    decision, stopped when the engine's round limit is passed."""
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.play import make_bot
    out = []
    for n in range(seed, seed + games):
        game = KernelGame(rules, KernelConfig(players=2, seed=n, max_turns=20 * ROUNDS))
        bots, error = {}, None
        try:
            decision = game.start()
            while decision is not None and game.state.round <= ROUNDS:
                bot = bots.get(decision.player) or bots.setdefault(
                    decision.player, make_bot("random", n * 31 + int(decision.player[1:]) - 1))
                decision = game.act(_choose(bot, decision, game))
        except Exception as exc:  # noqa: BLE001 - a failing game is a figure of the comparison
            error = f"error: {type(exc).__name__}: {str(exc)[:120]}"
        state = game.state
        result = state.result or {}
        kos = sum(1 for e in state.log if e.get("event") == "knock-out")
        out.append({"seed": n, "reason": error or result.get("reason") or "max-rounds",
                    "winners": _teams(state, result.get("winners", [])), "rounds": min(state.round, ROUNDS), "kos": kos,
                    "vp": sum(get_value(Run(game, []), "vp", t) for t in state.teams),  # kept as pieces
                    "decisions": len(game.history)})
    return out


def _teams(state, winners) -> list[str]:
    """The Teams of the winning players (the kernel's result names players, the engine's Teams)."""
    return sorted(team for team, players in state.teams.items() if set(players) & set(winners))


def _choose(bot, decision, game) -> str:
    """The kernel's random bot, as the Mayhem engine's RandomBot plays (runtime/bots.py): it does
    not finish a turn while it may still use its Ability (`resolve` offered)."""
    actions = decision.actions
    if "end-turn" in actions and any(a.startswith("resolve ") for a in actions):
        actions = [a for a in actions if a != "end-turn"]
    return bot.rnd.choice(actions)


def summary(rows: list[dict]) -> dict:
    n = len(rows) or 1
    return {"games": len(rows),
            "ended": sum(1 for r in rows if r["reason"] not in ("max-rounds", "turn-limit")
                         and not r["reason"].startswith("error")),
            "reasons": dict(Counter(r["reason"] for r in rows).most_common()),
            "winners": dict(Counter("+".join(r["winners"]) or "none" for r in rows).most_common()),
            "rounds": round(statistics.mean(r["rounds"] for r in rows), 1) if rows else 0,
            "kos": round(sum(r["kos"] for r in rows) / n, 2),
            "vp": round(sum(r["vp"] for r in rows) / n, 2),
            "decisions": round(sum(r["decisions"] for r in rows) / n, 1)}


def compare(root: Path, box: str, games: int, seed: int = 0, engine: str = ENGINE_REVISION) -> dict:
    return {"box": box, "seeds": [seed, seed + games - 1], "engine_revision": engine,
            "engine": summary(engine_games(box, games, seed, engine)),
            "kernel": summary(kernel_games(kernel_rules(root, box), games, seed))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT / "content",
                        help="the content the kernel's side plays (the engine's side plays its revision's own)")
    parser.add_argument("--box", required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--engine", metavar="REV", default=ENGINE_REVISION,
                        help=f"the revision whose Mayhem engine plays the engine's side (default {ENGINE_REVISION})")
    args = parser.parse_args()
    report = compare(args.root, args.box, args.games, args.seed, args.engine)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{args.box}: seeds {report['seeds'][0]}..{report['seeds'][1]}, random bots, {ROUNDS} rounds at most; "
          f"the engine of {args.engine}, the kernel of the working tree")
    for key in ("ended", "reasons", "winners", "rounds", "kos", "vp", "decisions"):
        print(f"  {key:<10} engine {report['engine'][key]}   kernel {report['kernel'][key]}")


if __name__ == "__main__":
    main()
