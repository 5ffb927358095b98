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

from .cards_in_play import logged_kinds
from .counters import logged_counters
from .decisions import IllegalAction
from .effects import id_of
from .game import Game
from .dice import logged_events
from .rules import Rules
from .scenario_keys import file_problems, game_keys
from .scenario_schema import SCALARS, TEAM_FIELDS, Names, Problem, action_problems, expectation_problems
from .scenario_setup import ScenarioError, build, location_index, token_qid
from .scenario_toml import key_positions, position
from .state import zone_key

__all__ = ["ScenarioError", "ScenarioResult", "load", "validate", "build", "check", "run"]


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


def names_of(game_rules: Rules, eng) -> Names:
    """The names an expectation may use in this scenario's game."""
    st = eng.state
    board = st.board
    keys = game_keys(game_rules)
    return Names(
        figures=sorted(st.figures),
        token_figures=sorted(id_of(q) for q in game_rules.tokens if game_rules.token_flag(q, "attackable")),
        teams=list(st.order),
        players=[p for c in st.order for p in st.teams[c].players],
        tokens=sorted({id_of(q) for q in game_rules.tokens}),
        pools=sorted(st.pools),
        locations=len(board.locations),
        edges={f"L{a + 1}-L{b + 1}" for a, b in board.graph.edges} | {f"L{b + 1}-L{a + 1}" for a, b in board.graph.edges},
        events={**logged_kinds(game_rules), **logged_events(eng.dice_rules), **logged_counters(game_rules)},
        zones=sorted(game_rules.zones),
        colours=eng.team_names,
        team_fields={**TEAM_FIELDS, **keys.team_fields()},
        scalars={**SCALARS, **keys.scalars()},
    )


def validate(rules: Rules, spec: dict, text: str, path: str = "scenario"):
    """The engine of a well-formed scenario and its starting phase; a ScenarioError with
    every problem otherwise."""
    problems = file_problems(spec, game_keys(rules))
    if not problems:
        problems = action_problems(spec.get("steps", []))
    if problems:
        raise _error(path, text, problems)
    try:
        eng, phase = build(rules, spec)
    except ScenarioError as exc:
        raise _error(path, text, [Problem(exc.at, str(exc), exc.hint)]) from None
    names = names_of(rules, eng)
    for n, step in enumerate(spec.get("steps", [])):
        problems += expectation_problems(("steps", n, "expect"), step.get("expect", {}), names)
    problems += expectation_problems(("expect",), spec.get("expect", {}), names)
    if problems:
        raise _error(path, text, problems)
    return eng, phase


class _Absent(Exception):
    """A token figure that is not in play: never placed, or defeated."""


def _actual(game: Game, key: str):
    """The game's value for an expectation path (checked by validate() beforehand)."""
    st = game.state
    eng = game.engine
    parts = key.split(".")
    head = parts[0]
    tok = (lambda: token_qid(game.rules, parts[3], ())) if len(parts) > 3 else None
    if head == "figures":
        fig = st.figures.get(parts[1])
        attr = parts[2]
        if fig is None:  # a token figure (validated): off the board
            if attr == "location":
                return None
            raise _Absent(parts[1])
        if attr == "tokens":
            return eng.count_tokens(tok(), fig, None)
        if attr == "location":
            return f"L{fig.location + 1}" if fig.location is not None else None
        if attr == "remaining":
            return (fig.life or 0) - fig.damage
        if attr == "activated":
            return list(fig.activations)
        return getattr(fig, attr)
    if head == "teams":
        team = st.teams[parts[1]]
        attr = parts[2]
        keys = game_keys(game.rules)
        if attr in keys.team_counters:  # a counter kept per Team
            return eng.counter_value(attr, parts[1])
        zone = keys.team_zones.get(attr)
        if zone is not None:
            return _team_zone(game, zone, team)
        return eng.count_tokens(tok(), parts[1], None)
    if head == "players":
        team = next(t for t in st.teams.values() if parts[1] in t.players)
        return sorted(id_of(c) for c in team.hands.get(parts[1], []))
    if head == "locations":
        i = location_index(parts[1], st.board, ())
        if parts[2] == "tokens":
            return eng.count_tokens(tok(), i, None)
        if parts[2] == "figures":
            return sorted(st.board.locations[i].figures)
        return st.board.locations[i].removed
    if head == "edges":
        a, _, b = parts[1].partition("-")
        edge = st.board.edge(location_index(a, st.board, ()), location_index(b, st.board, ()))
        return eng.count_tokens(tok(), edge, None)
    if head == "zones":
        return [id_of(q) for q in st.zones.get(".".join(parts[1:]), [])]
    if head == "pools":
        pool = st.pools[parts[1]]
        colour = parts[2] if len(parts) >= 3 else None
        return sum(n for (_face, c), n in pool.items() if colour is None or c == colour)
    if head.endswith("_die") and head[:-4] in eng.dice_rules.dice:  # the face a die of the game shows
        return st.shown.get(head[:-4], "1")
    if head == eng.dice_rules.lead_called:  # the Team that leads the round
        return st.lead
    if head == "over":
        return st.over
    if head == "decision":
        d = game.decision
        if d is None:
            return None
        return {"kind": d.kind, "player": d.player, "actions": d.actions}[parts[1]]
    return getattr(st, head)  # round, winners


def _team_zone(game: Game, zone: str, team):
    """What a Team holds in a zone kept per Team (its cards in order; the card, or None, of a
    zone of capacity 1), or per player (the cards of all its players, sorted)."""
    decl = game.rules.zones[zone]
    if decl.per == "player":
        return sorted(id_of(c) for p in team.players for c in game.state.zones.get(zone_key(zone, p), ()))
    cards = [id_of(c) for c in game.state.zones.get(zone_key(zone, team.colour), ())]
    if decl.capacity == 1:
        return cards[0] if cards else None
    return cards


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
    runners' one reading of both (the Mayhem engine's, the kernel's, the switch's)."""
    if key == "events":
        it = iter(log)
        missing = [w for w in want if not any(_event_matches(e, w) for e in it)]
        return [f"{where}events: expected {', '.join(_show(w) for w in want)} in order; "
                f"missing from {_show(missing[0])}; the log has {[e['event'] for e in log]}"] if missing else []
    present = [w for w in want if any(_event_matches(e, w) for e in log)]
    return [f"{where}events: {', '.join(_show(w) for w in present)} should not have happened"] if present else []


def check(game: Game, expect: dict, where: str, since: int = 0) -> list[str]:
    """The differences between the game and an expectation table; `events` and
    `no_events` look at the events from index `since` on."""
    failures = []
    for key, want in expect.items():
        if key == "events":
            failures += event_failures(key, want, [e for e in game.events[since:] if e["event"] != "decision"], where)
            continue
        if key == "no_events":
            failures += event_failures(key, want, game.events[since:], where)
            continue
        try:
            got = _actual(game, key)
        except _Absent as absent:
            failures.append(f"{where}{key}: {absent} is not in play (never placed, or defeated)")
            continue
        if want == "none":  # TOML has no null: "none" is no value (off the board, no card, game over)
            want = None
        if key == "decision.actions" and got is not None:  # these must be among the legal actions
            missing = [w for w in want if w not in got]
            if missing:
                failures.append(f"{where}{key}: {missing} not among the legal actions {got}")
        elif not _same(want, got):
            failures.append(f"{where}{key}: expected {want!r}, got {got!r}")
    return failures


def run(rules: Rules, path: str | Path, runtime: str | None = None) -> ScenarioResult:
    """Runs a scenario file: its steps, then its expectations. ScenarioError (every problem of
    the file, with file:line:col) if the file is not a well-formed scenario. Under the runtime
    setting `kernel` (`runtime`, else MAYHEM_RUNTIME: runtime/switch.py) a scenario of a Mayhem
    box is played by the rules kernel (runtime/scenario_kernel.py)."""
    from .switch import runtime_setting, switched
    runtime = runtime_setting(runtime)
    path = str(path)
    spec, text = load(path)
    name = spec.get("scenario", {}).get("box")
    box = rules.boxes.get(str(name))
    if box is not None and "game" in box["props"]:  # a game of the rules kernel (runtime/kernel)
        from .kernel.scenario import run as run_kernel
        return run_kernel(rules.ir, spec, text, path)
    if box is not None and switched(rules.ir, str(name), runtime):
        from .scenario_kernel import run_switched
        return run_switched(rules, path)
    eng, phase = validate(rules, spec, text, path)
    name = spec["scenario"]["name"]
    game = Game(rules, eng.config, engine=eng, start_phase=phase, restart=lambda: build(rules, spec)[0])
    result = ScenarioResult(path, name, True)
    start = len(game.events)  # the events of the setup itself are not checked
    game.start()
    for n, step in enumerate(spec.get("steps", []), 1):
        action = step.get("action")
        since = len(game.events)
        if action is not None and game.decision is None:
            result.failures.append(f"step {n}: the game is over, but the scenario still plays {action!r}")
            break
        options = game.decision.actions if game.decision is not None else []
        if "expect_options" in step:
            missing = [a for a in step["expect_options"] if a not in options]
            if missing:
                result.failures.append(f"step {n}: {missing} not among the legal actions {options}")
        if "forbid_options" in step:
            present = [a for a in step["forbid_options"] if a in options]
            if present:
                result.failures.append(f"step {n}: {present} should not be legal here")
        if action is not None:
            try:
                game.act(action)
            except IllegalAction as exc:
                result.failures.append(f"step {n}: {exc}")
                break
        if "expect" in step:
            result.failures.extend(check(game, step["expect"], f"step {n}: ", since if action else start))
        result.steps = n
    result.failures.extend(check(game, spec.get("expect", {}), "", start))
    result.ok = not result.failures
    return result
