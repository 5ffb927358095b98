"""Mayhem scenario files played by the rules kernel: the switch's oracle (docs/kernel.md, "Mayhem scenarios played by the kernel").

A Mayhem scenario (docs/scenarios.md) is checked and laid first (runtime/scenario.py `validate`:
its keys, names and expectations against the Mayhem rules of the content, its table on a kernel
game of the same box naming the shared rules' game: scenario_setup.py, scenario_kernel_setup.py)
and played: its steps' actions said in the kernel's words (a Location `L4` is the tile laid
fourth), `expect_options` and `forbid_options` read back in the scenario's (a tile is its
label), step `rolls` forced, and every expectation and event read from the kernel's state and
log by meaning (scenario_kernel_read.py). The result says PASS, FAIL (the first reason first)
or SETUP (what the translation could not lay)."""
from __future__ import annotations

from dataclasses import dataclass
import re

from .decisions import IllegalAction, slug
from .scenario import ScenarioError, ScenarioResult, load, validate
from .scenario_kernel_read import check, kernel_kind
from .scenario_kernel_setup import CannotSetUp
from .scenario_toml import key_positions, position


@dataclass
class KernelScenarioResult(ScenarioResult):
    status: str = "PASS"  # PASS, FAIL or SETUP (the scenario could not be laid on the kernel)


_LOADED: dict = {}  # (id of the IR, box, mode) -> (the IR, the kernel's rules of the box)


def kernel_rules(ir: dict, box: str, mode: str | None):
    """The kernel's rules of `box` in `mode` (None: as declared), loaded once per IR."""
    from .kernel.rules import load_game_rules
    key = (id(ir), box, mode)
    hit = _LOADED.get(key)
    if hit is None or hit[0] is not ir:
        hit = _LOADED[key] = (ir, load_game_rules(ir, box, mode=mode))
    return hit[1]


def to_kernel(text: str, tiles: list[str]) -> str:
    """An action in the scenario's words, in the kernel's: a Location label `L4` (not an edge's
    `L1-L4`) is the tile laid on that position."""
    def tile(m):
        n = int(m.group(1))
        return tiles[n - 1] if 1 <= n <= len(tiles) else m.group(0)
    return re.sub(r"(?<![-\w])L(\d+)(?![-\w])", tile, text)


def to_scenario(text: str, tiles: list[str], verbs: dict | None = None) -> str:
    """An action in the kernel's words, in the scenario's: a tile is its position's label, a verb
    the scenario says otherwise (`verbs`) renamed. (A `do` or `choose` option is compared by its
    slug: `same`.)"""
    for verb, said in (verbs or {}).items():
        text = re.sub(rf"^{re.escape(verb)}(?= |$)", said, text)
    where = {t: f"L{i + 1}" for i, t in enumerate(tiles)}
    return re.sub(r"[^ ]+", lambda m: where.get(m.group(0), m.group(0)), text)


def same(a: str, b: str) -> bool:
    """The same action in the kernel's and the scenario's words: equal once both are slugs, as a
    scenario names a `do` or `choose` option by its label's slug (runtime/decisions.py: `do Run Away` is
    `do run-away`, `choose +1 Life` `choose 1-life`)."""
    return slug(a) == slug(b)


def run_switched(mrules, path) -> KernelScenarioResult:
    """A Mayhem scenario on the kernel under the runtime setting `kernel` (runtime/switch.py): the
    content's IR with its boxes naming the shared rules' game, the log read through
    compiler/scenario_log_lines.py's table."""
    from ..compiler.scenario_log_lines import LOG_LINES
    from .switch import kernel_ir
    return run(kernel_ir(mrules.ir), mrules, path, LOG_LINES)


def run(kernel_ir: dict, mrules, path, aliases: dict | None = None) -> KernelScenarioResult:
    """Runs a Mayhem scenario file on the kernel (the module's docstring). `kernel_ir` is the IR
    of the content whose box names the shared game; `mrules` the Mayhem rules of the content
    (what the scenario's keys and names are checked against); `aliases` the kernel's log lines
    in the scenario's words (scenario_kernel_read.events). A ScenarioError if the file is no
    well-formed scenario; a SETUP result if the kernel cannot lay its table."""
    path = str(path)
    spec, text = load(path)
    result = KernelScenarioResult(path, spec.get("scenario", {}).get("name", ""), True)
    try:
        game, _phase, _checks = validate(mrules, spec, text, path, kernel_ir)
    except ScenarioError:
        raise
    except CannotSetUp as exc:
        return _setup_failed(result, str(exc))
    except Exception as exc:  # noqa: BLE001 - any error of the kernel's load or setup: the finding
        return _setup_failed(result, f"{type(exc).__name__}: {exc}")
    tiles = game.state.board["tiles"]
    start = len(game.state.log)
    found = key_positions(text)

    def at(*keys) -> str:  # where the file writes a key path: `file:line:col`
        line, col = position(found, keys)
        return f"{path}:{line}:{col}"
    try:
        game.start()
        for n, step in enumerate(spec.get("steps", []), 1):
            if not _step(game, step, n, tiles, start, result, mrules, aliases,
                         lambda key, n=n: at("steps", n - 1, "expect", key)):
                break
            result.steps = n
        result.failures += check(game, spec.get("expect", {}), "", start, tiles, mrules, aliases,
                                 lambda key: at("expect", key))
    except Exception as exc:  # noqa: BLE001 - the kernel failing in play: the scenario fails with it
        result.failures.append(f"step {result.steps + 1}: the kernel raised {type(exc).__name__}: {exc}")
    result.ok = not result.failures
    result.status = "PASS" if result.ok else "FAIL"
    return result


def _step(game, step: dict, n: int, tiles: list[str], start: int, result, mrules, aliases, at=None) -> bool:
    """One step: its options checked, its rolls forced, its action taken, its expectations
    checked (`at(key)`: where the file writes one); False when play cannot go on."""
    action, since = step.get("action"), len(game.state.log)
    if action is not None and game.decision is None:
        result.failures.append(f"step {n}: the game is over, but the scenario still plays {action!r}")
        return False
    verbs = {k[5:]: v for k, v in (aliases or {}).items() if k.startswith("verb:")}
    options = [to_scenario(a, tiles, verbs) for a in game.decision.actions] if game.decision is not None else []
    keys = [slug(o) for o in options]
    missing = [a for a in step.get("expect_options", []) if slug(a) not in keys]
    if missing:
        result.failures.append(f"step {n}: {missing} not among the legal actions {options}")
    present = [a for a in step.get("forbid_options", []) if slug(a) in keys]
    if present:
        result.failures.append(f"step {n}: {present} should not be legal here")
    game.force([str(r) if str(r).endswith("*") else int(r) for r in step.get("rolls", [])], [])
    if action is not None:
        try:
            said = keys.index(slug(action)) if slug(action) in keys else None  # the kernel's own words for it
            game.act(game.decision.actions[said] if said is not None else to_kernel(action, tiles))
        except IllegalAction as exc:
            shown = ", ".join(options[:12]) + (" ..." if len(options) > 12 else "")
            result.failures.append(f"step {n}: '{action}' is not a legal action (kind "
                                   f"{kernel_kind(game)}); legal: {shown}" if game.decision else f"step {n}: {exc}")
            return False
    result.failures += check(game, step.get("expect", {}), f"step {n}: ", since if action else start, tiles, mrules,
                             aliases, at)
    return True


def _setup_failed(result: KernelScenarioResult, why: str) -> KernelScenarioResult:
    result.ok, result.status = False, "SETUP"
    result.failures.append(f"setup: {why}")
    return result


__all__ = ["KernelScenarioResult", "ScenarioError", "kernel_rules", "run", "run_switched", "same", "to_kernel", "to_scenario"]
