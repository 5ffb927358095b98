"""`mayhem check --watch`: check again whenever a content file is saved (watchfiles)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import click
import watchfiles

WATCHED_SUFFIXES = (".mh", ".toml")


class ContentFilter(watchfiles.DefaultFilter):
    """Content files only (`.mh`, `mayhem.toml`), and none of the usual editor or VCS litter."""

    def __call__(self, change: watchfiles.Change, path: str) -> bool:
        return path.endswith(WATCHED_SUFFIXES) and super().__call__(change, path)


def watch(roots: list[Path], check_once: Callable[[], int], *, stop_event=None, debounce_ms: int = 300) -> int:
    """Run `check_once`, then again after every batch of saves under `roots`, until Ctrl-C
    (or `stop_event`); the status of the last run is returned."""
    missing = [r for r in roots if not Path(r).is_dir()]
    if missing:
        raise click.UsageError(f"cannot watch {missing[0]}: no such folder")
    status = check_once()
    shown = ", ".join(str(r) for r in roots)
    click.echo(f"watching {shown} for changes (Ctrl-C to stop)", err=True)
    for changes in watchfiles.watch(*roots, watch_filter=ContentFilter(), debounce=debounce_ms,
                                    stop_event=stop_event, raise_interrupt=False):
        names = sorted({Path(p).name for _change, p in changes})
        click.echo(f"\n[{time.strftime('%H:%M:%S')}] {', '.join(names)} changed; checking again", err=True)
        status = check_once()
    return status
