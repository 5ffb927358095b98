"""The switch's trial (issue #11, plan step 5): a Mayhem box that names `game mayhem`, the shared
rules' game, as Marvel Mayhem names its own, loaded and played by the rules kernel.

    .venv/bin/python bench/trial.py --box teen-titans-go [--mode M] [--games N] [--amend] [--json]

In a temporary copy of the content root (the shipped boxes are never changed), the box's
declaration gains `game mayhem`. The trial then reports, in order:
1. what naming the game brings to the compiler: the errors and check findings of the copy that
   the unchanged content does not have, each with its file:line and message;
2. every reason the kernel cannot load the box (runtime/kernel/gather.py: `load_game_rules(...,
   collect=[])`): the parts of the load that fail, the expressions its compiler cannot compile,
   and the words of what the game plays that the kernel lacks (primitives, functions, context
   names, events raised at no moment), grouped by word with their places;
3. if the box loads, seeded random games: how far each gets (its first error and the step it
   was in: the round, the turn, the phase), or how it ended.
With `--mode M`, the game is loaded in that mode (runtime/kernel/modes.py: its seats, setup, round
and end) and played by as many players as it seats, a mode with team lists given the example lists
(bench/parity.py `COMPETITIVE_TEAMS`, `--teams`); the words of the mode's own bodies the kernel lacks
are reasons too. `--modes` runs the trial of every mode of the content and prints one line each
(loads? how its seeded games got on). With `--amend`, the copy's shared game also gains the declarations the trial proposes (AMENDMENTS), to
show what blocks after them: none today (the Characters as figures and the zones of pieces it
proposed are declared in content/shared/game.mh).
Prints figures; asserts nothing (tests/test_switch_trial.py asserts on `trial()`)."""
from __future__ import annotations

import argparse
from collections import Counter
import json
from pathlib import Path
import re
import shutil
import sys
import tempfile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mayhem.compiler import driver  # noqa: E402
from mayhem.runtime.kernel.rules import KernelError, load_game_rules  # noqa: E402

GAME = "mayhem"  # the shared rules' game (content/shared/game.mh)
BOXES = ("teen-titans-go", "looney-tunes")
TEAMS = (ROOT / "examples/teams/titans-and-taz.mh", ROOT / "examples/teams/toons-and-raven.mh")  # as parity.py's


def name_the_game(root: Path, box: str, game: str = GAME) -> None:
    """The box's declaration in the content root `root` gains `game GAME` (its first line)."""
    opening = re.compile(rf'^box {re.escape(box)} "[^"]*" \{{\s*$', re.M)
    for path in sorted(root.rglob("*.mh")):
        text = path.read_text()
        found = opening.search(text)
        if found:
            path.write_text(text[:found.end()] + f"\n  game {game}" + text[found.end():])
            return
    raise SystemExit(f"no `box {box}` declaration under {root}")


# Declarations the shared game lacks for the kernel, which `--amend` adds to the copy's game.mh (the
# trial's proposals, docs/kernel.md plan step 5): (what it is for, the declaration's text). None
# today: the Characters as figures and the zones of pieces it proposed are in game.mh.
AMENDMENTS: tuple[tuple[str, str], ...] = ()


def amend(root: Path) -> list[str]:
    """The copy's shared game gains AMENDMENTS (before its counters); what each is for."""
    if not AMENDMENTS:
        return []
    path = root / "shared" / "game.mh"
    text = path.read_text()
    mark = "  # ---- counters"
    if mark not in text:
        raise SystemExit(f"{path}: no '{mark}' line to add the amendments before")
    path.write_text(text.replace(mark, "".join(block for _why, block in AMENDMENTS) + "\n" + mark, 1))
    return [why for why, _block in AMENDMENTS]


def findings(root: Path) -> tuple[list, dict | None]:
    """The compiler's errors and the checks' findings of a content root, and its IR (None when
    it does not compile)."""
    comp = driver.check([root], root=root)
    return comp.diagnostics.items, comp.ir


def _key(d) -> tuple:
    return (d.code, d.span.file if d.span else None, d.message)


def brought(before: list, after: list) -> list[dict]:
    """The findings of `after` that `before` does not have (by code, file and message: the line
    `game mayhem` was added on shifts the lines after it)."""
    left = Counter(_key(d) for d in before)
    out = []
    for d in after:
        if left[_key(d)] > 0:
            left[_key(d)] -= 1
            continue
        out.append({"code": d.code, "severity": d.severity, "where": str(d.span) if d.span else None,
                    "why": d.message})
    return out


def play(rules, games: int, seed: int = 0, ir: dict | None = None, teams: tuple = ()) -> list[dict]:
    """Seeded games of random bots: how far each got (its error and step), or how it ended. The
    players are those the mode seats (2 without one); a mode with team lists plays `teams`."""
    from mayhem.runtime.kernel.play import play_game
    from parity_kernel import kernel_config
    out = []
    for n in range(games):
        try:
            config = kernel_config(rules, ir or {}, seed + n, teams, max_turns=400)
            game = play_game(rules, config, ["random"])
            result = game.state.result or {}
            out.append({"seed": seed + n, "ended": result.get("reason"), "turns": result.get("turns"),
                        "rounds": game.state.round, "decisions": len(game.history)})
        except Exception as exc:  # noqa: BLE001 - the first error is the finding
            out.append({"seed": seed + n, "error": f"{type(exc).__name__}: {exc}", "step": _step(exc)})
    return out


def _step(exc: Exception) -> dict:
    """The step the game was in when it failed: read from the innermost KernelGame on the stack."""
    tb, step = exc.__traceback__, {}
    while tb is not None:
        run = tb.tb_frame.f_locals.get("self")
        state = getattr(run, "state", None)
        if state is not None and hasattr(state, "round") and hasattr(state, "phase"):
            step = {"phase": state.phase, "round": state.round, "turn": state.turn}
        tb = tb.tb_next
    return step


def trial(root: Path, box: str, mode: str | None = None, games: int = 5, seed: int = 0,
          amended: bool = False, teams: tuple = TEAMS) -> dict:
    """The trial of `box` naming the shared game, in a copy of `root`, in `mode` if given (a mode
    with team lists plays the lists `teams`): a dict of what it found (`amended`: with the
    shared game's AMENDMENTS too)."""
    with tempfile.TemporaryDirectory(prefix="mayhem-trial-") as tmp:
        copy = Path(tmp) / "content"
        shutil.copytree(root, copy)
        before, _ = findings(copy)
        name_the_game(copy, box)
        amendments = amend(copy) if amended else []
        after, ir = findings(copy)
    report: dict = {"box": box, "mode": mode, "amended": amendments, "compile": brought(before, after),
                    "load": [], "loads": False, "games": []}
    if ir is None:
        report["load"].append({"kind": "load", "word": None, "where": None,
                               "why": "the copy does not compile: the kernel has no IR to load"})
        return report
    reasons: list[dict] = []
    rules = None
    try:
        rules = load_game_rules(ir, box, mode=mode, collect=reasons)
    except KernelError as exc:  # no box, no game: nothing to load at all
        reasons.append({"kind": "load", "word": None, "where": None, "why": str(exc)})
    if mode is not None:
        reasons += _mode_reasons(ir, mode)
    report["load"] = reasons
    try:
        rules = load_game_rules(ir, box, mode=mode)
    except Exception as exc:  # noqa: BLE001 - a normal load's first error: the box does not load
        report["first"] = f"{type(exc).__name__}: {exc}"
        return report
    report["loads"] = True
    report["games"] = play(rules, games, seed, ir, teams)
    return report


def _mode_reasons(ir: dict, mode: str) -> list[dict]:
    """A mode the content does not declare, as a reason (the words of a declared mode's own
    bodies are gathered by the load in the mode)."""
    if any(c["kind"] == "mode" and c["id"] == mode for c in ir["components"]):
        return []
    return [{"kind": "load", "word": mode, "where": None, "why": f"no mode '{mode}' in the content"}]


def modes_of(root: Path) -> list[str]:
    """The modes of the shared rules (content/shared/modes.mh), in their order."""
    return re.findall(r"^mode ([\w-]+) ", (root / "shared" / "modes.mh").read_text(encoding="utf-8"), re.M)


def mode_line(report: dict) -> dict:
    """One mode's trial in a line: whether it loads, and how its games got on (the seeds that
    raised and the first error; the endings of those that did not)."""
    games = report["games"]
    errors = [g for g in games if "error" in g]
    return {"box": report["box"], "mode": report["mode"], "loads": report["loads"],
            "first": report.get("first"), "games": len(games), "raised": len(errors),
            "error": errors[0]["error"] if errors else None,
            "endings": dict(Counter(g["ended"] for g in games if "error" not in g))}


def by_word(reasons: list[dict]) -> list[tuple]:
    """(kind, word, why, places): the reasons grouped by word, the most said first."""
    groups: dict = {}
    for r in reasons:
        key = (r["kind"], r["word"] if r["kind"] not in ("load", "unread") else r["why"])
        groups.setdefault(key, []).append(r)
    rows = [(kind, word, rs[0]["why"], [r["where"] for r in rs if r["where"]]) for (kind, word), rs in groups.items()]
    return sorted(rows, key=lambda row: (row[0] != "load", -len(row[3]), row[0], str(row[1])))


def missing_words(report: dict) -> dict[str, set[str]]:
    """The words the trial found the kernel lacks, by the meter's category (bench/switch.py)."""
    cats = {"primitive": "primitive", "function": "function", "context": "context", "event": "event"}
    out: dict[str, set[str]] = {c: set() for c in cats.values()}
    for r in report["load"]:
        if r["kind"] in cats and r["word"] is not None:
            out[cats[r["kind"]]].add(r["word"])
    return out


def print_report(report: dict, show: int = 3) -> None:
    print(f"The trial: box '{report['box']}' names `game {GAME}`" + (f", mode {report['mode']}" if report["mode"] else ""))
    for why in report["amended"]:
        print(f"   amended (the copy's game.mh): {why}")
    print(f"1. what naming the game brings to the compiler: {len(report['compile'])} finding(s)")
    for f in report["compile"]:
        print(f"   {f['where']}: {f['severity']}[{f['code']}]: {f['why']}")
    rows = by_word(report["load"])
    print(f"2. why the kernel cannot load it: {len(report['load'])} reason(s), {len(rows)} distinct")
    for kind, word, why, places in rows:
        where = ", ".join(places[:show]) + (f", and {len(places) - show} more" if len(places) > show else "")
        label = kind if kind in ("load", "unread") else f"{kind} '{word}'"
        print(f"   {label}: {why}" + (f"  ({len(places)}: {where})" if places else ""))
    if not report["loads"]:
        print(f"3. it does not load: {report.get('first', 'no IR')}")
        return
    print(f"3. it loads: {len(report['games'])} seeded game(s)")
    for g in report["games"]:
        if "error" in g:
            print(f"   seed {g['seed']}: {g['error']}  (at {g['step']})")
        else:
            print(f"   seed {g['seed']}: ended '{g['ended']}' after {g['turns']} turns ({g['rounds']} rounds), "
                  f"{g['decisions']} decisions")


def print_modes(lines: list[dict]) -> None:
    print(f"The trial of every mode: each box names `game {GAME}`, the game loaded in the mode and played")
    for m in lines:
        head = f"  {m['box']:<16} {m['mode']:<14}"
        if not m["loads"]:
            print(f"{head} does not load: {m['first']}")
        elif m["raised"]:
            print(f"{head} loads; {m['raised']} of {m['games']} games raised, first: {m['error']}")
        else:
            print(f"{head} loads; {m['games']} games played: " + ", ".join(f"{k} {v}" for k, v in m["endings"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT / "content", help="the content root")
    parser.add_argument("--box", help="the Mayhem box that names the game (with --modes: default both boxes)")
    parser.add_argument("--mode", help="a mode of the shared rules: the game loaded in it and played")
    parser.add_argument("--modes", action="store_true", help="every mode of the shared rules, one line each")
    parser.add_argument("--teams", help="the team lists of a mode that takes them, A.mh,B.mh (default: the examples)")
    parser.add_argument("--games", type=int, default=5, help="seeded games to play if it loads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="places shown per word")
    parser.add_argument("--amend", action="store_true", help="add the declarations the trial proposes to the copy")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    if args.box is None and not args.modes:
        parser.error("--box is required (but with --modes)")
    teams = tuple(Path(t) for t in args.teams.split(",")) if args.teams else TEAMS
    if args.modes:
        lines = [mode_line(trial(args.root, box, m, args.games, args.seed, args.amend, teams))
                 for box in ([args.box] if args.box else BOXES) for m in modes_of(args.root)]
        print(json.dumps(lines, indent=1)) if args.json else print_modes(lines)
        return
    report = trial(args.root, args.box, args.mode, args.games, args.seed, args.amend, teams)
    if args.json:
        print(json.dumps(report, indent=1, default=str))
    else:
        print_report(report, args.show)


if __name__ == "__main__":
    main()
