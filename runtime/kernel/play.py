"""Playing kernel games whole: bots, seeded simulation with a summary, logs and their replay.

The bots (bot.py's interface) are a random one, a rollout bot that explores clones, a greedy one (greedy.py) and
an ISMCTS one that sees only what its player sees (ismcts.py); the logs are JSON Lines."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
import json
from pathlib import Path
import random

from .draws import chooser
from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .rules import GameRules, KernelError
from .structure import KernelConfig, KernelGame
from .waits import bot_waits, waiting, waiting_drawer

LOG_VERSION = 1


class RandomBot:
    """A uniformly random legal action, but one the game says a bot waits with (waits.py)."""

    in_place = True  # it reads only the decision: play_game asks it where a question arises

    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)
        self._pick = chooser(self.rnd)  # rnd.choice, the same draws in one call (draws.py)

    def choose(self, decision, game: KernelGame) -> str:
        return self._pick(waiting(bot_waits(game.rules), decision.actions))


class RolloutBot:
    """For each legal action, a few random playouts from a clone of the game: the action
    whose playouts the deciding player wins most. Knows no game: only clones and results."""

    in_place = False  # it clones the game: asked only at a decision act() returns

    def __init__(self, seed: int = 0, playouts: int = 4) -> None:
        self.rnd = random.Random(seed)
        self.playouts = playouts

    def choose(self, decision, game: KernelGame) -> str:
        best, best_score = decision.actions[0], -1.0
        for action in decision.actions:
            score = 0.0
            for _ in range(self.playouts):
                trial = game.clone()
                d = trial.act(action)
                steps = 0
                while d is not None and steps < 2000:
                    d = trial.act(self.rnd.choice(d.actions))
                    steps += 1
                winners = (trial.state.result or {}).get("winners", [])
                score += 1.0 if decision.player in winners else 0.0
            if score > best_score:
                best, best_score = action, score
        return best


# greedy.py: one ply, scored; ismcts.py: a tree search over deals of what the player cannot see.
# Each keeps to bot.py's interface.
BOTS = {"random": RandomBot, "rollout": RolloutBot, "greedy": GreedyBot, "ismcts": IsmctsBot}


class _Draws(dict):
    """play_out's `pick` for seats all played by random bots: by player, the place of the
    answer its RandomBot draws among the answers (waits.waiting_drawer: the same bits as its
    `choose`), made when the player is first asked."""

    by_count = True  # each draw given the number of answers draws what it draws given them (counted.py)

    def __init__(self, seed: int, rules) -> None:
        super().__init__()
        self.seed, self.rules = seed, rules

    def __missing__(self, player: str):
        drawer = self[player] = waiting_drawer(self.rules, RandomBot(self.seed * 31 + int(player[1:]) - 1).rnd)
        return drawer


def make_bot(name: str, seed: int):
    if name not in BOTS:
        raise KernelError(f"no bot '{name}' for this game; bots: {', '.join(BOTS)}")
    return BOTS[name](seed)


def play_game(rules: GameRules, config: KernelConfig, bots: list[str]) -> KernelGame:
    """A whole game of bots, seat i played by bots[i % len(bots)] (seeded by the game's seed
    and the seat). Bots that read only the decision are asked where each question arises
    (KernelGame.play_out: no step replayed); the same game as decision by decision."""
    game = KernelGame(rules, config)
    seats = {}  # a seat -> its bot, and its index drawer (draws.index_drawer) when it is a RandomBot

    def seat_of(player: str) -> tuple:
        i = int(player[1:]) - 1
        bot = make_bot(bots[i % len(bots)], config.seed * 31 + i)
        seat = seats[player] = (bot, waiting_drawer(rules, bot.rnd) if type(bot) is RandomBot else None)
        return seat

    def choose(decision) -> str:
        seat = seats.get(decision.player) or seat_of(decision.player)
        draw = seat[1]
        if draw is None:
            return seat[0].choose(decision, game)
        actions = decision.actions  # a RandomBot's choice: random.Random.choice's bits, drawn here
        return actions[draw(actions)]

    def pick(decision) -> int:
        """choose(decision)'s place in decision.actions (play_out asks it: no search of the list)."""
        seat = seats.get(decision.player) or seat_of(decision.player)
        draw = seat[1]
        if draw is None:
            return decision.actions.index(seat[0].choose(decision, game))  # a ValueError if not legal
        return draw(decision.actions)

    if all(BOTS.get(name) is RandomBot for name in bots):  # each seat's draw by the number of answers
        game.play_out(choose, _Draws(config.seed, rules))
        return game
    if all(getattr(BOTS.get(name), "in_place", False) for name in bots):
        game.play_out(choose, pick)
        return game
    decision = game.start()
    while decision is not None:
        decision = game.act(choose(decision))
    return game


@dataclass
class Summary:
    games: int = 0
    decisions: int = 0
    wins: Counter = field(default_factory=Counter)  # seat -> games won
    deck_wins: Counter = field(default_factory=Counter)
    deck_games: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    turns: int = 0

    def add(self, other: Summary) -> None:
        """Count another run's games in (simulate_kernel's processes: each sums up its own seeds)."""
        self.games += other.games
        self.decisions += other.decisions
        self.turns += other.turns
        for mine, theirs in ((self.wins, other.wins), (self.deck_wins, other.deck_wins),
                             (self.deck_games, other.deck_games), (self.reasons, other.reasons)):
            mine.update(theirs)

    def as_dict(self) -> dict:
        return {"games": self.games, "decisions": self.decisions, "wins": dict(self.wins),
                "deck_wins": dict(self.deck_wins), "deck_games": dict(self.deck_games),
                "reasons": dict(self.reasons), "mean_turns": self.turns / max(self.games, 1)}

    def report(self) -> str:
        lines = [f"{self.games} games, {self.decisions} decisions, mean {self.turns / max(self.games, 1):.1f} turns"]
        for seat, n in sorted(self.wins.items()):
            lines.append(f"  {seat} won {n} ({100 * n / self.games:.0f}%)")
        for deck, n in sorted(self.deck_games.items()):
            lines.append(f"  {deck}: won {self.deck_wins[deck]} of {n} games played")
        lines.append("  ended: " + ", ".join(f"{r} {n}" for r, n in sorted(self.reasons.items())))
        return "\n".join(lines)


def default_decks(rules: GameRules, players: int) -> list[str]:
    """The decks simulate() deals when none is named: none (each game's seeded choice, a deck
    per player) while the box has a deck for each player, else its decks in sorted order, in
    turn, so that a player may share a deck's list."""
    decks = sorted(rules.decks)
    return [decks[i % len(decks)] for i in range(players)] if decks and len(decks) < players else []


def simulate(rules: GameRules, games: int, players: int, bots: list[str], seed: int = 0,
             decks: list[str] | None = None, log_dir: Path | None = None, progress=None) -> Summary:
    summary = Summary()
    for n in range(games):
        config = KernelConfig(players=players, seed=seed + n, decks=list(decks or []))
        game = play_game(rules, config, bots)
        result = game.state.result
        summary.games += 1
        summary.decisions += len(game.history)
        summary.reasons[result["reason"]] += 1
        summary.turns += result["turns"]
        for p, deck in game.state.decks.items():
            summary.deck_games[deck] += 1
            if p in result["winners"]:
                summary.deck_wins[deck] += 1
        for p in result["winners"]:
            summary.wins[p] += 1
        if log_dir is not None:
            write_log(game, Path(log_dir) / f"seed-{config.seed}.jsonl")
        if progress:
            progress()
    return summary


def write_log(game: KernelGame, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # `decks`: the ones the game was given (none: its seeded choice, which a replay makes again
    # with the same draws); `dealt`: the decks the players took, for a reader
    head = {"kernel_log": LOG_VERSION, "box": game.rules.box, "seed": game.config.seed,
            "players": game.config.players, "decks": list(game.config.decks),
            "dealt": [game.state.decks[p] for p in game.state.players if p in game.state.decks]}
    if game.config.dashboards:  # the figures' cards the game was given (dashboards.py)
        head["dashboards"] = game.config.dashboards
    if game.rules.mode is not None:  # the mode it was played in (modes.py)
        head["mode"] = game.rules.mode.id
    lines = [head] + [{"decision": h} for h in game.history] + [{"result": game.state.result},
                                                               {"state": game.state.to_json()}]
    path.write_text("".join(json.dumps(x, sort_keys=True) + "\n" for x in lines), encoding="utf-8")


@dataclass
class ReplayReport:
    ok: bool
    message: str
    decisions: int


class KernelLogError(KernelError):
    """A file that is no readable log of a kernel game (the message says where and why)."""


HEAD_KEYS = {"box": str, "seed": int, "players": int, "decks": list}


def is_kernel_log(path: str | Path) -> bool:
    """Does the file's first line open a log of a kernel game (write_log's header)?"""
    try:
        with open(path, encoding="utf-8") as fh:
            first = json.loads(fh.readline() or "{}")
    except (OSError, ValueError):
        return False
    return isinstance(first, dict) and "kernel_log" in first


def read_kernel_log(path: str | Path) -> tuple[dict, list[dict], dict | None, dict | None]:
    """The header, the decisions, the result and the final state of a log write_log wrote;
    KernelLogError (path:line:column: what is wrong) for a file that is not one."""
    head, taken, result, state = None, [], None, None
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise KernelLogError(f"{path}:{n}:{exc.colno}: not JSON: {exc.msg}") from None
            if not isinstance(item, dict) or len(item) != 1 and head is not None:
                raise KernelLogError(f"{path}:{n}:1: not a line of a kernel log: an object with one of "
                                     "'decision', 'result' or 'state' was expected")
            if head is None:
                if item.get("kernel_log") != LOG_VERSION:
                    raise KernelLogError(f"{path}:{n}:1: log format {item.get('kernel_log')!r}; this version "
                                         f"reads kernel logs of format {LOG_VERSION}")
                missing = [k for k, t in HEAD_KEYS.items() if not isinstance(item.get(k), t)]
                if missing:
                    raise KernelLogError(f"{path}:{n}:1: the header has no {missing[0]!r} "
                                         f"(a {HEAD_KEYS[missing[0]].__name__}); write_log writes "
                                         f"{', '.join(HEAD_KEYS)}")
                head = item
            elif "decision" in item and result is None:
                step = item["decision"]
                if not isinstance(step, dict) or not isinstance(step.get("action"), str):
                    raise KernelLogError(f"{path}:{n}:1: a decision without its action "
                                         '(\'{"decision": {"action": "...", ...}}\')')
                taken.append(step)
            elif "result" in item and result is None:
                result = item["result"]
            elif "state" in item and result is not None and state is None:
                state = item["state"]
            else:
                raise KernelLogError(f"{path}:{n}:1: a {next(iter(item))!r} line out of place; a kernel log is "
                                     "its header, its decisions, its result, then its final state")
    if head is None:
        raise KernelLogError(f"{path}:1:1: an empty file; a kernel log starts with its header")
    return head, taken, result, state


def replay(rules_for, path: Path) -> ReplayReport:
    """Play the log's decisions again from its seed; the same result and final state?
    `rules_for(box)` gives the rules of the log's box (a KernelError: the content has no such
    box), `rules_for(box, mode)` those of a log played in a mode; KernelLogError if the file is
    no readable log."""
    head, taken, result, state = read_kernel_log(path)
    try:  # a box, a mode, a number of players or a deck the content does not have
        rules = rules_for(head["box"], head["mode"]) if "mode" in head else rules_for(head["box"])
        game = KernelGame(rules, KernelConfig(players=head["players"], seed=head["seed"],
                                                               decks=head["decks"],
                                                               dashboards=head.get("dashboards")))
        decision = game.start()
    except KernelError as exc:
        return ReplayReport(False, f"the log's header: {exc}", 0)
    for n, step in enumerate(taken, 1):
        if decision is None or step["action"] not in decision.actions:
            return ReplayReport(False, f"decision {n}: '{step['action']}' is not legal in the replayed game", n)
        decision = game.act(step["action"])
    if result is None:
        return ReplayReport(False, "the log has no result line: it was cut short", len(taken))
    if result != game.state.result:
        return ReplayReport(False, f"the replay ends {game.state.result}, the log {result}", len(taken))
    if state is not None and json.loads(json.dumps(game.state.to_json())) != state:
        return ReplayReport(False, "the replay's final state differs from the log's", len(taken))
    return ReplayReport(True, "the same game", len(taken))
