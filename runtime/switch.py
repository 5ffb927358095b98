"""The runtime setting (issue #11, the switch): which interpreter plays a box that names no game, the engine or the rules kernel.

`kernel` (the default since December 4, 2026): such a box is played by the rules kernel as
naming the shared rules' game (the one `game` of the content that no box declares: `game mayhem`
of content/shared/game.mh), as bench/trial.py's copy of the content names it, but without
copying files: `kernel_ir(ir)` is the IR with every such box naming it. `engine`: it is played
by the Mayhem engine (runtime/engine.py), until the engine is deleted. The setting is an argument (`runtime=`, the CLI's
`--runtime`) or, when none is given, the environment variable MAYHEM_RUNTIME. A box that names
a game of its own (Marvel Mayhem) is the kernel's whatever the setting says."""
from __future__ import annotations

from contextlib import contextmanager
import json
import os

RUNTIMES = ("engine", "kernel")
ENV = "MAYHEM_RUNTIME"
DEFAULT = "kernel"


class RuntimeSettingError(ValueError):
    """A runtime setting that names no runtime (the message says where it came from and what to write)."""


def runtime_setting(value: str | None = None) -> str:
    """The runtime chosen: `value` if given, else MAYHEM_RUNTIME, else the default (kernel)."""
    where = "--runtime" if value is not None else f"the environment variable {ENV}"
    if value is None:
        value = os.environ.get(ENV) or DEFAULT
    chosen = value.strip().lower()
    if chosen not in RUNTIMES:
        from ..dsl.diagnostics import did_you_mean
        hint = did_you_mean(chosen, list(RUNTIMES))
        raise RuntimeSettingError(f"{where}: no runtime '{value}'" + (f" ({hint})" if hint else "")
                                  + "; runtimes: kernel (the rules kernel, the default), engine (the Mayhem engine)")
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
    """Is `box`, a box that names no game, played by the rules kernel under this setting?"""
    return (runtime_setting(runtime) == "kernel" and names_no_game(ir, box) and shared_game(ir) is not None)


def ir_for(ir: dict, box: str, runtime: str | None = None) -> dict:
    """The IR that plays `box` under the setting: kernel_ir(ir) when it is switched, else `ir`."""
    return kernel_ir(ir) if switched(ir, box, runtime) else ir


@contextmanager
def using(runtime: str | None):
    """MAYHEM_RUNTIME set to `runtime` while the block runs, then as it was (None: left as it is):
    the setting of a command whose callees read it from the environment (`mayhem diff`)."""
    if runtime is None:
        yield
        return
    before = os.environ.get(ENV)
    os.environ[ENV] = runtime_setting(runtime)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = before
