"""Scenario files: a starting state, a list of actions, the expected state (TOML).

A file is checked whole before it runs (its keys and value types, then the names it
uses against the content and the starting state): every problem is reported with its
file:line:col and a hint. The format is documented in docs/scenarios.md."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import re
import tomllib

from mayhem.dsl.diagnostics import Diagnostic, format_all
from mayhem.dsl.spans import SourceFile, Span

from .counters import logged_counters
from .effects import id_of
from .dice import dice_rules, logged_events
from .rules import Rules
from .scenario_keys import file_problems, game_keys
from .scenario_schema import SCALARS, TEAM_FIELDS, Names, Problem, action_problems, expectation_problems
from .scenario_setup import ScenarioError, build
from .scenario_toml import key_positions, position

__all__ = ["ScenarioError", "ScenarioResult", "load", "validate", "build", "run"]


@dataclass
class ScenarioResult:
    path: str
    name: str
    ok: bool
    failures: list[str] = field(default_factory=list)
    steps: int = 0


def _error(path: str, text: str, problems: list[Problem]) -> ScenarioError:
    """One error carrying every problem, each positioned at its key in the text."""
    found = key_positions(text)
    diags = []
    for p in problems:
        line, col = position(found, p.path)
        width = len(p.path[-1]) if p.path and isinstance(p.path[-1], str) else 1
        diags.append(Diagnostic("S100", "error", p.message, Span(path, line, col, line, col + width), p.hint))
    diags.sort(key=Diagnostic.sort_key)
    message = format_all(diags, {path: SourceFile(path, text)})
    return ScenarioError(message, problems=diags)


def load(path: str | Path) -> tuple[dict, str]:
    """The parsed file and its text."""
    path = str(path)
    try:
        with open(path, "rb") as fh:
            text = fh.read().decode("utf-8")
        return tomllib.loads(text), text
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc)) if m else str(exc)
        diag = Diagnostic("S100", "error", f"not valid TOML: {message}", Span(path, line, col, line, col + 1))
        raise ScenarioError(format_all([diag], {path: SourceFile(path, text)}), problems=[diag]) from None
    except OSError as exc:
        raise ScenarioError(f"{path}: {exc.strerror or exc}") from None


def logged_kinds(rules) -> dict[str, set[str]]:
    """The log events the game's zones give names to, with their fields: a card drawn into
    play (a zone marked `in-play`) is logged by its card type's id, a card done by `ZONE-complete`."""
    fields = {"team", "card"}
    out = {kind: set(fields) for kind in rules.in_play_kinds}
    out.update({f"{zone}-complete": set(fields) for zone in rules.in_play})
    return out


def names_of(game_rules: Rules, game, checks) -> Names:
    """The names an expectation may use in this scenario's game: the kernel `game` laid from its
    table, and what the `checks` of its table read (scenario_setup: the Teams, players, mode)."""
    keys = game_keys(game_rules)
    touching = game.rules.layout.touching
    mode_rules = checks.rules
    p = game.rules.pieces
    return Names(
        figures=sorted(game.state.figures),
        token_figures=sorted(id_of(q) for q in game_rules.tokens if game_rules.token_flag(q, "attackable")),
        teams=list(checks.order),
        players=[pl for c in checks.order for pl in checks.players[c]],
        tokens=sorted({id_of(q) for q in game_rules.tokens}),
        pools=sorted(p.fed) if p is not None else [],
        locations=len(game.state.board["tiles"]),
        edges={f"L{a + 1}-L{b + 1}" for a, b in touching} | {f"L{b + 1}-L{a + 1}" for a, b in touching},
        events={**logged_kinds(game_rules), **logged_events(dice_rules(mode_rules)), **logged_counters(game_rules)},
        zones=sorted(game_rules.zones),
        colours=checks.colours,
        team_fields={**TEAM_FIELDS, **keys.team_fields()},
        scalars={**SCALARS, **keys.scalars()},
    )


def validate(rules: Rules, spec: dict, text: str, path: str = "scenario", kernel_ir: dict | None = None):
    """A well-formed scenario laid on a kernel game of its box (runtime/scenario_setup.py): (the
    game, its starting phase, the checks of its table); a ScenarioError with every problem
    otherwise. `kernel_ir`: the content's IR with its boxes naming the shared rules' game
    (runtime/switch.py's `kernel_ir` of the rules' IR when not given)."""
    problems = file_problems(spec, game_keys(rules))
    if not problems:
        problems = action_problems(spec.get("steps", []))
    if problems:
        raise _error(path, text, problems)
    try:
        game, phase, checks = build(rules, spec, kernel_ir)
    except ScenarioError as exc:
        raise _error(path, text, [Problem(exc.at, str(exc), exc.hint)]) from None
    names = names_of(rules, game, checks)
    for n, step in enumerate(spec.get("steps", [])):
        problems += expectation_problems(("steps", n, "expect"), step.get("expect", {}), names)
    problems += expectation_problems(("expect",), spec.get("expect", {}), names)
    if problems:
        raise _error(path, text, problems)
    return game, phase, checks


def _same(want, got) -> bool:
    """Equal, and of the same kind: a boolean is no number (False == 0 in Python)."""
    if isinstance(want, bool) or isinstance(got, bool):
        return type(want) is type(got) and want == got
    return want == got


def _event_matches(event: dict, want) -> bool:
    """`want` is an event kind ("damage") or a table of fields the event must have
    ({ event = "damage", amount = 2 })."""
    if isinstance(want, str):
        return event["event"] == want
    return all(k in event and _same(v, event[k]) for k, v in want.items())


def _show(want) -> str:
    if isinstance(want, str):
        return repr(want)
    return "{" + ", ".join(f"{k} = {v!r}" for k, v in want.items()) + "}"


def event_failures(key: str, want: list, log: list[dict], where: str) -> list[str]:
    """What an `events` (in order) or `no_events` expectation finds wrong in `log`: the scenario
    runners' one reading of both (runtime/scenario_kernel_read.py's, runtime/kernel/scenario.py's)."""
    if key == "events":
        it = iter(log)
        missing = [w for w in want if not any(_event_matches(e, w) for e in it)]
        return [f"{where}events: expected {', '.join(_show(w) for w in want)} in order; "
                f"missing from {_show(missing[0])}; the log has {[e['event'] for e in log]}"] if missing else []
    present = [w for w in want if any(_event_matches(e, w) for e in log)]
    return [f"{where}events: {', '.join(_show(w) for w in present)} should not have happened"] if present else []


def run(rules: Rules, path: str | Path, runtime: str | None = None) -> ScenarioResult:
    """Runs a scenario file on the rules kernel: its steps, then its expectations. ScenarioError
    (every problem of the file, with file:line:col) if the file is not a well-formed scenario. A
    scenario of a Mayhem box is checked and laid on the kernel game of its box (`validate`) and
    played there (runtime/scenario_kernel.py); one of a box that names a game of its
    own by runtime/kernel/scenario.py. `runtime`: only `kernel` (runtime/switch.py)."""
    from .switch import runtime_setting
    runtime_setting(runtime)
    path = str(path)
    spec, text = load(path)
    name = spec.get("scenario", {}).get("box")
    box = rules.boxes.get(str(name))
    if box is not None and "game" in box["props"]:  # a game of the rules kernel (runtime/kernel)
        from .kernel.scenario import run as run_kernel
        return run_kernel(rules.ir, spec, text, path)
    from .scenario_kernel import run_switched
    return run_switched(rules, path)
