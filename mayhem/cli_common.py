"""What the `mayhem` commands share: exit codes, consoles, the findings report, common
options, and the one rule for errors in the content (they stop every command that uses it,
unless --allow-errors and only for consistency errors)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from rich.console import Console

from mayhem import report
from mayhem.compiler import driver

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2
DEFAULT_CONTENT = Path("content")


def _console(err: bool = False) -> Console:
    return Console(stderr=err, highlight=False, soft_wrap=True)


def default_content() -> Path:
    """`content/` in the working folder; else the content root the working folder is in (a box
    made by `mayhem init`: its mayhem.toml is the nearest above), as git finds its repository."""
    if DEFAULT_CONTENT.is_dir():
        return DEFAULT_CONTENT
    from mayhem.compiler.loader import find_root, has_marker
    root = find_root([Path.cwd()])
    return Path(os.path.relpath(root)) if has_marker(root) else DEFAULT_CONTENT


def _paths(paths: tuple[str, ...]) -> list[Path]:
    return [Path(p) for p in paths] if paths else [default_content()]


def _report(comp: driver.Compilation, fmt: str, limit: int | None, out=None, loaded: bool = False) -> None:
    """The findings; with `loaded`, also what was checked (said on the last line of a report
    without errors, and in the JSON form)."""
    diags = comp.diagnostics.sorted()
    # warnings and notes in the sets the root depends on are not its author's to fix (`check`
    # has sorted out those its files cause already); errors there stop it and show
    external = comp.external if comp.asked is None else set()
    theirs = [d for d in diags if d.severity != "error" and d.span is not None and d.span.file in external]
    diags = [d for d in diags if d not in theirs] if theirs else diags
    if fmt == "json":
        click.echo(report.as_json(diags, comp.root, checked=report.checked(comp) if loaded else None,
                                  sources=comp.sources), file=out)
    elif fmt == "sarif":
        click.echo(report.sarif(diags, comp.root, comp.sources), file=out)
    else:
        stream = out or sys.stderr
        color = stream.isatty() if hasattr(stream, "isatty") else False
        if diags or loaded or not theirs:
            click.echo(report.text(diags, comp.sources, comp.root, color=color, limit=limit,
                                   checked=report.checked(comp) if loaded else None), file=stream)
        if theirs:
            from mayhem.dsl.diagnostics import summary
            click.echo(f"(and {summary(theirs)} in the content sets it depends on)", file=stream)


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif"]), default="text",
                      show_default=True, help="How to print the findings.")
ROOT = click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
                    help="The content root (default: the nearest folder above the paths with mayhem.toml).")
LIMIT = click.option("--max-errors", "limit", type=int, default=50, show_default=True,
                     help="Print at most this many diagnostics in text form ('... and N more').")

CONTENT = click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
                       default=default_content, show_default="content/, or the content root around the "
                       "working folder", help="The content folder.")
ALLOW_ERRORS = click.option("--allow-errors", is_flag=True,
                            help="Go on despite errors of the consistency checks (C codes); errors of the "
                                 "compiler (E codes) always stop.")


def compiled(paths: list[Path], allow_errors: bool, *, root: Path | None = None, fmt: str = "text",
             limit: int | None = 50, quiet: bool = True) -> driver.Compilation:
    """Compile and check content for a command that uses it, under the one rule: errors stop
    it (exit 1, findings printed); with `allow_errors`, errors of the consistency checks are
    printed and the command goes on. Warnings and notes are printed unless `quiet`."""
    comp = driver.build(paths, root=root)
    out = sys.stdout if fmt != "text" else None
    if comp.ir is None:  # the compiler's own errors: nothing to go on with
        _report(comp, fmt, limit, out=out)
        sys.exit(EXIT_CONTENT)
    if not comp.ok:
        _report(comp, fmt, limit, out=out)
        n = len(comp.diagnostics.errors)
        if not allow_errors:
            click.echo(f"stopped: {n} error{'s' if n != 1 else ''} of the consistency checks "
                       "(--allow-errors goes on despite them)", err=True)
            sys.exit(EXIT_CONTENT)
        click.echo(f"going on despite {n} error{'s' if n != 1 else ''} (--allow-errors)", err=True)
    elif not quiet and comp.diagnostics.items:
        _report(comp, fmt, limit, out=out)
    return comp
