"""Batch simulation: many seeded games between bots, on one or more processes."""
from __future__ import annotations

from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
import gc
import multiprocessing
from pathlib import Path
import threading
import time

from .bots import make_bot
from .config import GameConfig
from .game import Game
from .modes import load_mode
from .kernel.rules import names_a_game
from .rules import Rules, load_rules

_RULES: Rules | None = None


def _init_worker(ir: dict) -> None:
    global _RULES
    _RULES = load_rules(ir)
    settle_heap()


def seat_bots(rules: Rules, mode_id: str, bots: list[str]) -> list[str]:
    """One bot per player: as many names as players, one name for all, or (with two Teams)
    one name per Team for all its players."""
    mode = load_mode(rules, mode_id)
    seats = mode.players()
    if len(bots) == len(seats):
        return list(bots)
    if len(bots) == 1:
        return [bots[0]] * len(seats)
    if len(bots) == len(mode.seats):
        return [bots[t] for _p, t, _c in seats]
    counts = " or ".join(str(n) for n in sorted({1, len(mode.seats), len(seats)}))
    raise ValueError(f"mode '{mode_id}' has {len(seats)} players in {len(mode.seats)} Teams: give {counts} "
                     f"bots (one for all, one per Team or one per player), not {len(bots)}")


def play_one(rules: Rules, config: GameConfig, bots: list[str], log_dir: Path | None = None,
             runtime: str | None = None) -> dict:
    """One full game on the rules kernel; the result plus its number of decisions. With
    `log_dir`, its log is written there as `seed-<seed>.jsonl`. Seats all random are played by
    the kernel's random bots (runtime/kernel/play.py), else each seat by its named bot, seeded
    from the game's seed (the greedy bot reads the view: runtime/bot_seen.py)."""
    game = Game(rules, config, record=log_dir is not None, runtime=runtime)
    bots = seat_bots(rules, config.mode, bots)
    if all(name == "random" for name in bots):
        game.play_out(None, pick=True)
    else:
        players = seated(bots, config.seed)
        if all(getattr(bot, "in_place", True) for bot in players.values()):
            game.play_out(lambda decision: players[decision.player].choose(decision, game))
        else:  # a bot that clones the game (the ISMCTS bot): asked at each decision act() returns
            decision = game.start()
            while decision is not None:
                decision = game.act(players[decision.player].choose(decision, game))
    if log_dir is not None:
        game.write_log(Path(log_dir) / log_name(config.seed))
    result = game.result()
    result["decisions"] = game.decisions
    result["seed"] = config.seed
    result["bots"] = {p: name for name, players in game.teams().items() for p in players}
    result["bot_names"] = {f"p{i + 1}": name for i, name in enumerate(bots)}
    return result


def seated(bots: list[str], seed: int) -> dict:
    """Each seat's bot (`p1`, `p2`, ...), seeded from the game's seed."""
    return {f"p{i + 1}": make_bot(name, seed * 7919 + i) for i, name in enumerate(bots)}


def log_name(seed: int) -> str:
    return f"seed-{seed}.jsonl"


def _run(args) -> dict:
    config, bots, log_dir, runtime = args
    return play_one(_RULES, config, bots, log_dir, runtime)


@dataclass
class Summary:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    rounds: list[int] = field(default_factory=list)
    wins_by_team: Counter = field(default_factory=Counter)
    wins_by_bot: Counter = field(default_factory=Counter)
    endings: Counter = field(default_factory=Counter)
    character_games: Counter = field(default_factory=Counter)
    character_wins: Counter = field(default_factory=Counter)
    runtime: str = "kernel"  # who played the games: the report and the JSON name it

    def add(self, r: dict, bots: list[str]) -> None:
        self.games += 1
        self.decisions += r["decisions"]
        self.rounds.append(r["rounds"])
        self.endings[r["reason"] if r["winners"] else ("draw" if r["reason"] == "draw" else r["reason"])] += 1
        for w in r["winners"] or []:
            self.wins_by_team[w] += 1
            players = sorted(p for p, colour in r["bots"].items() if colour == w)
            self.wins_by_bot[" + ".join(f"{p} ({r['bot_names'][p]})" for p in players)] += 1
        for colour, chars in r["teams"].items():
            for c in chars:
                self.character_games[c] += 1
                if colour in (r["winners"] or []):
                    self.character_wins[c] += 1

    def as_dict(self) -> dict:
        """The counts behind the report, for tools (`mayhem simulate --format json`)."""
        return {"runtime": self.runtime, "games": self.games, "decisions": self.decisions, "rounds": list(self.rounds),
                "endings": dict(sorted(self.endings.items())),
                "wins_by_team": dict(sorted(self.wins_by_team.items())),
                "wins_by_player": dict(sorted(self.wins_by_bot.items())),
                "characters": {c: {"games": self.character_games[c], "wins": self.character_wins[c]}
                               for c in sorted(self.character_games)}}

    def report(self) -> str:
        n = max(self.games, 1)
        played = "   runtime: the rules kernel"
        lines = [f"games: {self.games}   decisions: {self.decisions}   "
                 f"time: {self.seconds:.1f} s   ({self.decisions / max(self.seconds, 1e-9):,.0f} decisions/s, "
                 f"{self.games / max(self.seconds, 1e-9):.1f} games/s){played}",
                 f"mean rounds: {sum(self.rounds) / n:.1f}"]
        lines.append("endings: " + ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in sorted(self.endings.items())))
        lines.append("wins by team: " + ", ".join(f"{k} {v / n:.0%}" for k, v in sorted(self.wins_by_team.items())))
        lines.append("wins by player: " + ", ".join(f"{k} {v / n:.0%}" for k, v in sorted(self.wins_by_bot.items())))
        lines.append("win rate by character (games played):")
        for c in sorted(self.character_games):
            g = self.character_games[c]
            lines.append(f"  {c:<24} {self.character_wins[c] / g:6.1%}  ({g})")
        return "\n".join(lines)


def simulate(ir: dict, box: str, games: int, bots: list[str], seed: int = 0, jobs: int = 1,
             first_game: bool = False, progress=None, mode: str = "standard",
             team_lists: dict[str, dict] | None = None, log_dir: Path | None = None,
             runtime: str | None = None) -> Summary:
    """`games` seeded games (seeds `seed`, `seed + 1`, ...) of a box and mode between the named
    bots, on `jobs` processes; each game's log goes to `log_dir` if given. A box that names a
    game of the rules kernel is played by the kernel (a player per bot: see simulate_kernel)
    and summed up by its Summary; a Mayhem box (one that names no game) is played game by game
    through Game (runtime/game.py) and summed up by this Summary. `runtime`: only `kernel`
    (runtime/switch.py: `engine` is a RuntimeSettingError, at once)."""
    from .switch import runtime_setting
    runtime = runtime_setting(runtime)
    if names_a_game(ir, box):
        return simulate_kernel(ir, box, games, bots, seed, progress, mode, log_dir, jobs)
    if log_dir is not None:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    configs = [(GameConfig(box, seed=seed + i, first_game=first_game, mode=mode, team_lists=team_lists), bots,
                log_dir, runtime) for i in range(games)]
    summary = Summary()
    start = time.perf_counter()
    if jobs <= 1:
        rules = load_rules(ir)
        with steady_heap() as settle:
            for cfg, b, logs, rt in configs:
                summary.add(play_one(rules, cfg, b, logs, rt), bots)
                settle()  # after the first game: the rules' compiled code is made by then
                if progress:
                    progress()
    else:
        with worker_pool(jobs, _init_worker, (ir,)) as pool:
            for result in pool.map(_run, configs, chunksize=max(1, games // (jobs * 8))):
                summary.add(result, bots)
                if progress:
                    progress()
    summary.seconds = time.perf_counter() - start
    return summary


def simulate_kernel(ir: dict, box: str, games: int, bots: list[str], seed: int = 0, progress=None,
                    mode: str = "standard", log_dir: Path | None = None, jobs: int = 1,
                    players: int | None = None, decks: list[str] | None = None):
    """simulate() of a box that names a game of the rules kernel, on `jobs` processes (the same
    games and summary on any number): `players` players (default: one per bot), seat i played by
    bots[i % len(bots)] (the kernel's bots: `random`, `rollout`), the named `decks` (one per
    player) or, without them, the decks dealt by kernel.play.default_decks (the game's seeded
    choice while the box has a deck per player); a ValueError says what does not fit (a mode, a
    bot, a number of players the game does not have, a deck). `progress()` is called once per game.
    `mode`: one the box declares for its game (runtime/kernel/modes.py), or standard, the game as declared."""
    from .kernel import load_game_rules
    from .kernel.play import BOTS, Summary, default_decks
    rules = load_game_rules(ir, box, mode=mode)  # a mode the game has not: a KernelError, a ValueError
    low, high = rules.seats
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        raise ValueError((f"no bot '{unknown[0]}'" if unknown else "no bot named") +
                         f" for box '{box}' (a game of the rules kernel); bots: {', '.join(BOTS)}")
    if players is None:
        players = len(bots)
        if not low <= players <= high:
            raise ValueError(f"box '{box}' plays {low} to {high} players: name a bot for each ({players} named)")
    elif not low <= players <= high:
        raise ValueError(f"box '{box}' plays {low} to {high} players, not {players}")
    if decks:
        wrong = [d for d in decks if d not in rules.decks]
        if wrong or len(decks) != players:
            raise ValueError(f"no deck '{wrong[0]}' in box '{box}'; decks: {', '.join(sorted(rules.decks))}" if wrong
                             else f"name one deck per player ({players}), not {len(decks)}")
    decks = list(decks or default_decks(rules, players))
    if log_dir is not None:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    if jobs <= 1:  # one run, its progress told game by game
        with steady_heap() as settle:
            settle()
            return _run_kernel((seed, games, players, bots, decks, log_dir), rules, progress)
    size = max(1, games // (jobs * 8))  # seeds per task: a few tasks per process, as simulate()'s chunks
    batches = [(seed + n, min(size, games - n), players, bots, decks, log_dir) for n in range(0, games, size)]
    pool = worker_pool(jobs, _init_kernel_worker, (ir, box, mode))
    results = pool.map(_run_kernel, batches)
    summary = Summary()
    try:
        for part in results:  # in the order of the seeds, whatever process played them
            summary.add(part)
            for _ in range(part.games if progress else 0):
                progress()
    finally:
        pool.shutdown()
    return summary


def settle_heap() -> None:
    """What is loaded so far (the rules, their IR and compiled code: about 110,000 objects) kept
    out of the collector's way for good: collected once, then frozen (`gc.freeze`), so the full
    collections that the games' own objects set off no longer walk it. A worker's policy, or
    steady_heap's within a run; measured by bench/simulate.py (a tenth of a decision's time in
    the Mayhem boxes went to collections that walked the rules)."""
    gc.collect()
    gc.freeze()


@contextmanager
def steady_heap():
    """A run of games with what was loaded before it frozen (settle_heap) from the first call
    of the function it gives, and thawed (`gc.unfreeze`) when the run ends, so that a caller
    that goes on gets its collector back as it was. A caller that has frozen objects of its own
    (the compiler's Workspace does) keeps its heap as it is: nothing frozen, nothing thawed."""
    mine = gc.get_freeze_count() == 0  # the heap is this run's to freeze (its caller froze none)
    frozen = False  # whether this run froze it (settle's first call)

    def settle() -> None:
        nonlocal frozen
        if mine and not frozen:
            settle_heap()
            frozen = True
    try:
        yield settle
    finally:
        if frozen:
            gc.unfreeze()


def start_method() -> str:
    """How worker processes start: forked while this process runs one thread (at once, and a
    caller's script needs no `if __name__ == "__main__":` guard), spawned while it runs more (a
    pytest worker, an editor's language server): a fork copies the locks the other threads held
    at that moment, and a child that takes one waits forever."""
    return "fork" if threading.active_count() == 1 else "spawn"


def worker_pool(jobs: int, initializer, initargs: tuple) -> ProcessPoolExecutor:
    """`jobs` worker processes started as start_method() says, each loading the rules once by
    `initializer`."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(start_method()),
                               initializer=initializer, initargs=initargs)


_KERNEL_RULES = None  # a worker's rules (simulate_kernel)


def _init_kernel_worker(ir: dict, box: str, mode: str = "standard") -> None:
    global _KERNEL_RULES
    from .kernel import load_game_rules
    _KERNEL_RULES = load_game_rules(ir, box, mode=mode)
    settle_heap()


def _run_kernel(batch: tuple, rules=None, progress=None):
    """The summary of a batch of consecutive seeds of a kernel game (a worker's rules unless given)."""
    from .kernel.play import simulate as run
    first, games, players, bots, decks, log_dir = batch
    return run(rules or _KERNEL_RULES, games, players, bots, seed=first, decks=decks, log_dir=log_dir,
               progress=progress)
