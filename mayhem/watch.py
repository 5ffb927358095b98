"""`mayhem check --watch`: check again whenever a content file is saved (watchfiles)."""
from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Callable

import click
import watchfiles

WATCHED_SUFFIXES = (".mh", ".toml")
SETUP_MS = 200  # how long the watcher waits for a change before it gives an empty batch


class ContentFilter(watchfiles.DefaultFilter):
    """Content files only (`.mh`, `mayhem.toml`), and none of the usual editor or VCS litter."""

    def __call__(self, change: watchfiles.Change, path: str) -> bool:
        return path.endswith(WATCHED_SUFFIXES) and super().__call__(change, path)


def watch(roots: list[Path], check_once: Callable[[], int], *, saw: Callable[[Path, bool], None] | None = None,
          stop_event=None, debounce_ms: int = 300) -> int:
    """Run `check_once`, then again after every batch of saves under `roots`, until Ctrl-C
    (or `stop_event`); the status of the last run is returned. `saw(path, added_or_removed)`
    is told of each change before the check that follows it (compiler.incremental.Workspace.saw:
    the check then reads those files alone). The watcher is set up before the first check,
    so that a save during it is seen too."""
    missing = [r for r in roots if not Path(r).is_dir()]
    if missing:
        raise click.UsageError(f"cannot watch {missing[0]}: no such folder")
    # yield_on_timeout: the generator gives an empty batch when nothing changed for
    # SETUP_MS, which is how the first check knows the watcher is set up
    batches = watchfiles.watch(*roots, watch_filter=ContentFilter(), debounce=debounce_ms, stop_event=stop_event,
                               raise_interrupt=False, rust_timeout=SETUP_MS, yield_on_timeout=True)
    pending = next(batches, None)
    status = check_once()
    if pending is None:  # stopped before it began
        return status
    shown = ", ".join(str(r) for r in roots)
    click.echo(f"watching {shown} for changes (Ctrl-C to stop)", err=True)
    for changes in itertools.chain([pending], batches):
        if not changes:
            continue
        if saw is not None:
            for change, path in changes:
                full = Path(path)  # a mayhem.toml can make a folder another root: walked again
                saw(full, change != watchfiles.Change.modified or full.name == "mayhem.toml")
        names = sorted({Path(p).name for _change, p in changes})
        click.echo(f"\n[{time.strftime('%H:%M:%S')}] {', '.join(names)} changed; checking again", err=True)
        status = check_once()
    return status
