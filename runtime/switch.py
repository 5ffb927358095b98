"""The runtime setting (issue #11): the rules kernel plays every box; the Mayhem engine was removed.

A box that names no game is played by the rules kernel as naming the shared rules' game (the
one `game` of the content that no box declares: `game mayhem` of content/shared/game.mh):
`kernel_ir(ir)` is the IR with every such box naming it. The setting (`runtime=` of `Game`,
`simulate` and `run_scenario`, else the environment variable MAYHEM_RUNTIME) is still read for
the callers that name it: `kernel` is its one value; `engine`, the Mayhem engine that played
these boxes until December 4, 2026, is an error that names the last revision with it (29f6a0ed)."""
from __future__ import annotations

import json
import os

RUNTIMES = ("kernel",)
ENV = "MAYHEM_RUNTIME"
DEFAULT = "kernel"
ENGINE_REVISION = "29f6a0ed"  # the last revision of the toolchain that has the Mayhem engine


class RuntimeSettingError(ValueError):
    """A runtime setting that names no runtime (the message says where it came from and what to write)."""


def runtime_setting(value: str | None = None) -> str:
    """The runtime chosen: `value` if given, else MAYHEM_RUNTIME, else the default; always `kernel`
    (a RuntimeSettingError for any other value, `engine` included)."""
    where = "runtime=" if value is not None else f"the environment variable {ENV}"
    if value is None:
        value = os.environ.get(ENV) or DEFAULT
    chosen = value.strip().lower()
    if chosen == "engine":
        raise RuntimeSettingError(
            f"{where}: 'engine': the Mayhem engine was removed; the rules kernel plays every box "
            f"(hint: leave the setting out, or use the toolchain at revision {ENGINE_REVISION}, the last with the engine)")
    if chosen not in RUNTIMES:
        from ..dsl.diagnostics import did_you_mean
        hint = did_you_mean(chosen, list(RUNTIMES))
        raise RuntimeSettingError(f"{where}: no runtime '{value}'" + (f" ({hint})" if hint else "")
                                  + "; the one runtime is kernel (the rules kernel)")
    return chosen


def shared_game(ir: dict) -> str | None:
    """The id of the shared rules' game: the one `game` no box declares (None if there is not exactly one)."""
    games = [c["id"] for c in ir["components"] if c["kind"] == "game" and c["box"] is None]
    return games[0] if len(games) == 1 else None


_NAMED: dict[int, tuple[dict, dict]] = {}  # id(ir) -> (the IR, the IR whose boxes name the shared game)


def kernel_ir(ir: dict) -> dict:
    """The IR in which every box that names no game names the shared rules' game (the IR itself
    when there is none to name). Made once per IR (the same object each time: the kernel's
    loads are cached by the IR's id), a copy: `ir` is left as it is."""
    hit = _NAMED.get(id(ir))
    if hit is not None and hit[0] is ir:
        return hit[1]
    game = shared_game(ir)
    if game is None:
        return ir
    named = json.loads(json.dumps(ir))  # its own copy: the boxes' `game` is written into it, `ir` left as it is
    for c in named["components"]:
        if c["kind"] == "box" and "game" not in c["props"]:
            c["props"]["game"] = {"value": game, "source": {"kind": "authored"}}
    if len(_NAMED) > 8:
        _NAMED.clear()
    _NAMED[id(ir)] = (ir, named)
    return named


def names_no_game(ir: dict, box: str) -> bool:
    """Is `box` a box of the content that names no game of its own (a box the setting routes)?"""
    return any(c["kind"] == "box" and c["id"] == box and "game" not in c["props"] for c in ir["components"])


def switched(ir: dict, box: str, runtime: str | None = None) -> bool:
    """Is `box` a box that names no game, played by the rules kernel as naming the shared game?
    (`runtime`: checked, runtime_setting.)"""
    runtime_setting(runtime)
    return names_no_game(ir, box) and shared_game(ir) is not None


def ir_for(ir: dict, box: str, runtime: str | None = None) -> dict:
    """The IR that plays `box`: kernel_ir(ir) when it names no game, else `ir`."""
    return kernel_ir(ir) if switched(ir, box, runtime) else ir
