"""The kernel side of the switch's parity (bench/parity.py --kernel): the Mayhem boxes named `game
mayhem` and played by the rules kernel, each game read into the engine's fields (GameRecord).

The boxes are played from a temporary copy of the content root in which each box's declaration
names the shared rules' game (bench/trial.py `name_the_game`), the IR compiled once; a game is
`load_game_rules(ir, box, mode=...)` played by `play_out` with the random bots' seeded draws
(runtime/kernel/play.py `play_game`), in as many worker processes as `--jobs` (runtime/simulate.py's
`worker_pool`: forked, or spawned where a fork could hang; the IR handed to each worker once, its
rules loaded once).

What a game's result is in the engine's fields (`KERNEL_READING`, printed by parity.py):
- winners: the kernel's winners are players; each is read as its Team (`state.team_of`), the
  Teams joined by '+' as the engine's `result.winners`, 'none' for none;
- end reason: the reason `end-game` gives (`vp`, `double-ko`, `last-standing`, `draw`: the content's
  words, the engine's too); a game still going after round MAX_ROUNDS is stopped at its first
  question of the next round and read as the engine's `max-rounds` (the engine's GameConfig
  `max_rounds`, 40, checked as a round begins); `turn-limit` only if MAX_TURNS turns come first;
- rounds: the kernel's round counter at the end (the engine's `result.rounds`: 41 when capped);
- decisions: the questions answered (`game.history`), as the engine's `decision` log lines.
A game that raises is an error (its seed and first line), never a crash of the script."""
from __future__ import annotations

from dataclasses import dataclass
import re
from pathlib import Path
import shutil
import sys
import tempfile

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))

MAX_ROUNDS = 40  # GameConfig.max_rounds (runtime/config.py; the engine's `max-rounds`, to 29f6a0ed)
MAX_TURNS = 5000  # the kernel's own cap, far past MAX_ROUNDS rounds of turns
KERNEL_READING = (
    ("winners", "the Teams of the kernel's winning players (state.team_of), joined by '+'; 'none'; a Team of one "
                "player the game names not (Free-For-All's t1, t2, t3) named after its player, as the engine does"),
    ("end reasons", f"end-game's reason as the content says it; a game past round {MAX_ROUNDS} stopped at "
                    f"its next question: 'max-rounds'; 'turn-limit' after {MAX_TURNS} turns"),
    ("rounds", "the kernel's round counter at the end (the engine's: 41 when capped)"),
    ("decisions", "the questions the bots answered (game.history)"),
)


class RoundLimit(Exception):
    """A kernel game asked a question after round MAX_ROUNDS: stopped as the engine stops."""


@dataclass(frozen=True)
class KernelGameError:
    """A kernel game that raised: its seed and its first error."""
    seed: int
    error: str


def named_content(root: Path, boxes: tuple[str, ...] | list[str], into: Path) -> Path:
    """A copy of the content root `root` under `into` whose boxes `boxes` name `game mayhem`."""
    from trial import name_the_game
    copy = into / "content"
    shutil.copytree(root, copy)
    for box in boxes:
        name_the_game(copy, box)
    return copy


def compile_named(root: Path, boxes) -> dict:
    """The IR of the content root `root` with `boxes` naming the shared game (a RuntimeError with
    the first compiler error when the copy does not compile)."""
    from mayhem.compiler import driver
    with tempfile.TemporaryDirectory(prefix="mayhem-parity-kernel-") as tmp:
        copy = named_content(root, tuple(boxes), Path(tmp))
        comp = driver.check([copy], root=copy)
    if comp.ir is None:
        errors = [str(d) for d in comp.diagnostics.items if d.severity == "error"]
        raise RuntimeError("the content naming `game mayhem` does not compile: " + (errors[0] if errors else "?"))
    return comp.ir


def lists_as_dashboards(ir: dict, team_ids, teams: tuple[Path, ...]) -> tuple[dict, dict]:
    """The team-list files `teams` (one per Team, in the Teams' order `team_ids`) as the kernel's
    KernelConfig `dashboards` (each Team's Characters by id) and `sides` (a Character listed with
    its side, `box/id/side`)."""
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics
    if len(teams) != len(team_ids):
        raise ValueError(f"{len(team_ids)} Teams ({', '.join(team_ids)}) need as many team lists, not {len(teams)}")
    dashboards, sides = {}, {}
    for team, path in zip(team_ids, teams):
        diags = Diagnostics()
        listed = load_team(Path(path), ir, diags)
        if listed is None or diags.has_errors():
            raise ValueError(f"{path}: not a team list of this content: "
                             + "; ".join(d.message for d in diags.items if d.severity == "error"))
        dashboards[team] = []
        for qid in listed.characters:
            parts = qid.split("/")
            dashboards[team].append(parts[1])
            if len(parts) > 2:
                sides[parts[1]] = parts[2]
    return dashboards, sides


def kernel_config(rules, ir: dict, seed: int, teams: tuple[Path, ...] = (), max_turns: int = MAX_TURNS):
    """The KernelConfig of one game of `rules`: the players the mode seats (2 without a mode), and,
    for a mode whose setup takes team lists, the lists `teams` as its dashboards."""
    from mayhem.runtime.kernel.structure import KernelConfig
    mode = rules.mode
    players = len(mode.team_of) if mode is not None and mode.team_of else 2
    dashboards = sides = hands = None
    if _takes_team_lists(rules):
        dashboards, sides = lists_as_dashboards(ir, rules.team_ids, teams)
        hands = lists_hands(ir, rules.team_ids, teams)
    return KernelConfig(players=players, seed=seed, max_turns=max_turns, dashboards=dashboards, sides=sides,
                        hands=hands)


def lists_hands(ir: dict, team_ids, teams: tuple[Path, ...]) -> dict:
    """The team lists' hands, by Team (their cards as `box/id`: KernelConfig.hands; the kernel
    deals those its deck holds, the box's own: keeping.chosen_hands)."""
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics
    out = {}
    for team, path in zip(team_ids, teams):
        listed = load_team(Path(path), ir, Diagnostics())
        out[team] = list(listed.hand) if listed is not None else []
    return out


def _takes_team_lists(rules) -> bool:
    """The setup the game is played with says `take-team-lists()`."""
    return any(s.get("op") == "primitive" and s.get("name") == "take-team-lists"
               for s in (rules.slots.get("setup") or []) if isinstance(s, dict))


class _CappedDraws(dict):
    """play_out's draws of the random bots (runtime/kernel/play.py `_Draws`: seat i's RandomBot
    seeded seed * 31 + i), each first asking whether the game is past round MAX_ROUNDS."""

    def __init__(self, game, seed: int, max_rounds: int) -> None:
        super().__init__()
        self.game, self.seed, self.max_rounds = game, seed, max_rounds

    def __missing__(self, player: str):
        from mayhem.runtime.kernel.play import RandomBot
        from mayhem.runtime.kernel.waits import waiting_drawer
        draw = waiting_drawer(self.game.rules, RandomBot(self.seed * 31 + int(player[1:]) - 1).rnd)
        game, cap = self.game, self.max_rounds

        def capped(actions) -> int:  # the number of answers, or the actions (waits.py)
            if game.state.round > cap:
                raise RoundLimit()
            return draw(actions)
        self[player] = capped
        return capped


def play_capped(rules, config, max_rounds: int = MAX_ROUNDS):
    """A kernel game of random bots (play_game's draws), stopped at its first question after
    round `max_rounds`: (the game, its result in the engine's terms as a dict)."""
    from mayhem.runtime.kernel.structure import KernelGame
    game = KernelGame(rules, config)

    def choose(decision):  # play_out asks it only for a game stopped at a decision: never here
        raise RuntimeError("a fresh game is not stopped at a decision")
    try:
        game.play_out(choose, _CappedDraws(game, config.seed, max_rounds))
        result = dict(game.state.result or {"winners": [], "reason": "unfinished"})
    except RoundLimit:
        result = {"winners": [], "reason": "max-rounds"}
    return game, result


def record_of(game, result: dict, seed: int):
    """A kernel game's result as a GameRecord of bench/parity.py (the engine's fields)."""
    from parity import GameRecord
    state = game.state
    teams = sorted({_team_name(state, p) for p in result.get("winners") or []})
    return GameRecord(seed, "+".join(teams) or "none", str(result["reason"]), int(state.round), len(game.history))


def _team_name(state, player: str) -> str:
    """A winning player's Team as the engine names it: its id; a Team the game names not (the
    kernel's `t1`, `t2`... of Free-For-All) and of one player, after its player, as the engine
    names the Teams past its `team-names` (29f6a0ed's runtime/modes.py `Mode.team_ids`)."""
    team = state.team_of(player)
    if team is None or (re.fullmatch(r"t\d+", team) and len(state.teams.get(team, ())) == 1):
        return player
    return team


# ---- the worker processes: each loads the rules of a box and mode once --------------------------

_IR: dict | None = None
_RULES: dict = {}


def _init(ir: dict) -> None:
    """A worker's IR (play_kernel_side's pool)."""
    global _IR
    _IR = ir


def _rules(box: str, mode: str):
    from mayhem.runtime.kernel.rules import load_game_rules
    key = (id(_IR), box, mode)
    if key not in _RULES:
        if len(_RULES) > 16:
            _RULES.clear()
        _RULES[key] = load_game_rules(_IR, box, mode=mode)
    return _RULES[key]


def play_one(job: tuple) -> object:
    """One seed of a box and mode: its GameRecord, or a KernelGameError (the error's first line)."""
    box, mode, seed, teams, max_rounds = job
    try:
        rules = _rules(box, mode)
        game, result = play_capped(rules, kernel_config(rules, _IR, seed, teams), max_rounds)
        return record_of(game, result, seed)
    except Exception as exc:  # noqa: BLE001 - the error is the finding
        first = (str(exc).splitlines() or [""])[0]
        return KernelGameError(seed, f"{type(exc).__name__}: {first}"[:300])


def play_kernel_side(ir: dict, box: str, mode: str, seeds: range, *, jobs: int = 1,
                     teams: tuple[Path, ...] = (), max_rounds: int = MAX_ROUNDS) -> tuple[list, list]:
    """The seeds of a box and mode played by the kernel: (the GameRecords of the games that
    ended, the KernelGameErrors of those that raised), in seed order."""
    global _IR
    _IR = ir
    jobs_list = [(box, mode, seed, tuple(teams), max_rounds) for seed in seeds]
    if jobs > 1 and len(jobs_list) > 1:
        from mayhem.runtime.simulate import worker_pool
        with worker_pool(jobs, _init, (ir,)) as pool:
            out = list(pool.map(play_one, jobs_list, chunksize=max(1, len(jobs_list) // (jobs * 8))))
    else:
        out = [play_one(job) for job in jobs_list]
    return [r for r in out if not isinstance(r, KernelGameError)], [r for r in out if isinstance(r, KernelGameError)]


def heading(before: str, before_root: Path, bots: str) -> str:
    """What --kernel compares, and how a kernel game is read into the engine's fields."""
    lines = [f"engine (before): {before} ({before_root}), `mayhem simulate` with MAYHEM_RUNTIME=engine",
             "kernel (after):  the working tree's rules kernel, each box naming `game mayhem` in a copy of content/"]
    if bots != "random":
        lines.append(f"  (the kernel side plays random bots whatever --bots says: {bots} is the engine's only)")
    lines.append("a kernel game read as the engine's fields:")
    lines += [f"  {name:<12} {how}" for name, how in KERNEL_READING]
    return "\n".join(lines)


def kernel_row(ir: dict, box: str, mode: str, seeds: range, before: list, *, jobs: int = 1,
               teams: tuple[Path, ...] = (), alpha: float = 0.01, max_rounds: int = MAX_ROUNDS):
    """The kernel's games of a box and mode, and their Comparison with the engine's `before`:
    the two-sample tests on the games that ended, the games that raised as its `errors` (an
    ERROR verdict naming the first)."""
    from parity import Comparison, compare
    after, errors = play_kernel_side(ir, box, mode, seeds, jobs=jobs, teams=teams, max_rounds=max_rounds)
    if after and before:
        cmp = compare(before, after, alpha)
    else:
        cmp = Comparison(len(seeds), None, None, [], alpha)
    cmp.games, cmp.errors = len(seeds), errors
    return after, cmp
