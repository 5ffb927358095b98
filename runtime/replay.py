"""Replaying a JSON Lines game log and checking that the same game comes out."""
from __future__ import annotations

from dataclasses import dataclass
import json
from pathlib import Path

from .decisions import IllegalAction
from .config import GameConfig
from .game import LOG_RUNTIME, LOG_VERSION, Game
from .kernel import load_game_rules
from .kernel.play import KernelLogError, is_kernel_log, replay as kernel_replay
from .rules import Rules
from .switch import ENGINE_REVISION


class LogError(ValueError):
    """A file that is no readable game log (the message says where and why)."""


@dataclass
class ReplayReport:
    ok: bool
    events: int
    decisions: int
    message: str


def read_log(path: str | Path) -> tuple[dict, list[dict], dict | None]:
    """The header, the events and the result line of a log. A log that does not end with
    its result line was cut short (the game's writer always ends with one)."""
    header, events, result = None, [], None
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise LogError(f"{path}:{n}:{exc.colno}: not JSON: {exc.msg}") from None
            if not isinstance(item, dict):
                raise LogError(f"{path}:{n}:1: not a log line: a JSON object was expected")
            if result is not None:
                raise LogError(f"{path}:{n}:1: a line after the result line; the result ends a log")
            if "header" in item and "event" not in item:  # (an event may have a field so named: a coin's `result`)
                if header is not None or events:
                    raise LogError(f"{path}:{n}:1: a header line that does not open the log")
                header = item["header"]
            elif "result" in item and "event" not in item:
                result = item["result"]
            else:
                events.append(item)
    if header is None:
        raise LogError(f"{path}:1:1: no header line; a game log starts with {{\"header\": ...}}")
    if header.get("mayhem_log") != LOG_VERSION:
        raise LogError(f"{path}:1:1: log format {header.get('mayhem_log')!r}; this mayhem reads format "
                       f"{LOG_VERSION}")
    return header, events, result


def config_from_header(header: dict) -> GameConfig:
    try:
        return GameConfig(header["box"], seed=header["seed"], mode=header.get("mode", "standard"),
                          first_game=header.get("first_game", False), teams=header.get("teams"),
                          sides=header.get("sides") or {}, max_rounds=header.get("max_rounds", 40),
                          team_lists=header.get("team_lists"))
    except KeyError as exc:
        raise LogError(f"the log's header has no {exc.args[0]!r}") from None


def replay(rules: Rules, path: str | Path) -> ReplayReport:
    """Plays a log's decisions again from its header and compares every event and the result;
    LogError if the file is no readable log, or a log of the Mayhem engine (a header that does
    not say `runtime: kernel`: the engine was removed). A log of a game of the rules kernel (a
    box that names a `game`) is replayed by the kernel, which compares the decisions, the result
    and the final state (its report's `events` is 0: such a log holds no events)."""
    if is_kernel_log(path):
        return _replay_kernel(rules, path)
    header, logged, result = read_log(path)
    if header.get("runtime") != LOG_RUNTIME:
        raise LogError(f"{path}:1:1: this log was written by the Mayhem engine, which was removed (its header "
                       f"does not say runtime: {LOG_RUNTIME}); hint: replay it with the toolchain at revision "
                       f"{ENGINE_REVISION}, the last with the engine")
    if header.get("ir_digest") != rules.digest:
        return ReplayReport(False, 0, 0, f"the log was made with other content (IR {header.get('ir_digest')}, "
                                         f"now {rules.digest})")
    return _replay_game(rules, header, logged, result)


def _compared(logged: list, replayed: list, actions: int, game, decision, result: dict | None,
              events: int) -> ReplayReport:
    """The logged events against the replayed, then the result line against the game's (`events`:
    the count a match reports)."""
    for k, (a, b) in enumerate(zip(logged, replayed)):
        if a != b:
            return ReplayReport(False, k, actions, f"event {k} differs:\n  logged:   {a}\n  replayed: {b}")
    if len(logged) != len(replayed):
        return ReplayReport(False, min(len(logged), len(replayed)), actions,
                            f"{len(logged)} events logged, {len(replayed)} replayed")
    if result is None:
        return ReplayReport(False, len(replayed), actions, "the log has no result line: it was cut short")
    if json.loads(json.dumps(game.result())) != result:
        return ReplayReport(False, len(replayed), actions, "the result differs")
    unfinished = "" if decision is None else " (the game was left unfinished)"
    return ReplayReport(True, events, actions, "replay matches the log" + unfinished)


def _replay_kernel(rules: Rules, path: str | Path) -> ReplayReport:
    """A kernel log of a game of a box that names a game (its boxes named as runtime/switch.py
    names them: the log of a kernel game of a Mayhem box written by runtime/kernel/play.py too)."""
    from .switch import kernel_ir
    try:
        report = kernel_replay(lambda box, mode=None: load_game_rules(kernel_ir(rules.ir), box, mode=mode), path)
    except KernelLogError as exc:
        raise LogError(str(exc)) from None
    return ReplayReport(report.ok, 0, report.decisions, report.message)


def _replay_game(rules: Rules, header: dict, logged: list[dict], result: dict | None) -> ReplayReport:
    """A log of a Mayhem box's Game (runtime/game.py: its header says `runtime: kernel`), played
    again on the kernel from its header: the same decisions, events and result?"""
    actions = [e.get("action") for e in logged if e.get("event") == "decision"]
    try:
        game = Game(rules, config_from_header(header))
        decision = game.start()
    except ValueError as exc:  # a box or mode the content does not have (a KernelError too)
        return ReplayReport(False, 0, 0, f"the log's header: {exc}")
    for i, action in enumerate(actions):
        if decision is None:
            return ReplayReport(False, 0, i, f"the game ended before decision {i + 1} ({action})")
        try:
            decision = game.act(action)
        except IllegalAction as exc:
            return ReplayReport(False, 0, i, f"decision {i + 1}: {exc}")
    lines = [e for e in logged if e.get("event") != "decision"]  # the kernel's own lines
    replayed = json.loads(json.dumps([e for e in game.events if e.get("event") != "decision"], default=str))
    return _compared(lines, replayed, len(actions), game, decision, result, len(game.events))
