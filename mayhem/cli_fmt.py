"""`mayhem fmt`: rewrite content files in the one canonical layout (dsl/format.py)."""
from __future__ import annotations

import difflib
import os
from pathlib import Path
import sys
import tempfile

import click

from mayhem.cli_common import EXIT_CONTENT, EXIT_OK, default_content
from mayhem.compiler.loader import discover
from mayhem.dsl.diagnostics import Diagnostics, format_all
from mayhem.dsl.format import FormatError, format_source
from mayhem.dsl.parser import read_source
from mayhem.dsl.spans import SourceFile


def write_atomically(path: Path, text: str) -> None:
    """Replace a file's text in one step: written to a temporary file beside it (same
    permissions), then renamed over it, so that a crash leaves the old file or the new one,
    never half of one."""
    mode = path.stat().st_mode & 0o7777
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".fmt", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _diff(name: str, before: str, after: str) -> str:
    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        fromfile=f"{name} (original)", tofile=f"{name} (formatted)"))


@click.command("fmt")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--check", is_flag=True, help="Write nothing; list the files that would change and exit 1 if any "
                                            "would (for CI).")
@click.option("--diff", "show_diff", is_flag=True, help="Write nothing; print a unified diff of what would "
                                                        "change and exit 1 if anything would.")
def fmt(paths, check, show_diff):
    """Rewrite content files (.mh) or the folders that hold them (default: content/) in the one
    canonical layout, keeping every comment. `-` formats standard input to standard output.

    A file that does not parse is left as it is and its errors are printed. Exits 0 when
    every file is formatted (or was rewritten), 1 when --check or --diff finds a file to
    change or a file does not parse, 2 on usage errors."""
    if list(paths) == [Path("-")]:
        sys.exit(_stdin(check, show_diff))
    diags = Diagnostics()
    files = discover(list(paths) or [default_content()], diags)
    if not files and not diags.has_errors():
        raise click.UsageError("no content files (.mh) in " + ", ".join(str(p) for p in paths or [default_content()]))
    sources: dict[str, SourceFile] = {}
    changed: list[str] = []
    status = EXIT_OK
    failed = 0
    for path in files:
        name = str(path)
        src = read_source(path, name, diags)
        out = None
        if src is not None:
            sources[name] = src
            try:
                out = format_source(src, diags)
            except FormatError as exc:
                click.echo(f"error: {exc}", err=True)
                status = EXIT_CONTENT
        if out is None:
            failed += 1
            continue
        original = path.read_bytes().decode("utf-8")  # as it is on disk: a BOM or CRLF is a change
        if out == original:
            continue
        changed.append(name)
        if show_diff:
            click.echo(_diff(name, original, out), nl=False)
        elif check:
            click.echo(f"would reformat {name}")
        else:
            write_atomically(path, out)
    if diags.items:
        click.echo(format_all(diags.sorted(), sources), err=True)
        status = EXIT_CONTENT
    verb = "would reformat" if check or show_diff else "reformatted"
    summary = f"{len(changed)} file{'s' if len(changed) != 1 else ''} {verb}, " \
              f"{len(files) - len(changed) - failed} already formatted"
    if failed:
        summary += f", {failed} left as {'they are' if failed != 1 else 'it is'} (errors above)"
    click.echo(summary, err=True)
    if (check or show_diff) and changed:
        status = EXIT_CONTENT
    sys.exit(status)


def _stdin(check: bool, show_diff: bool) -> int:
    text = sys.stdin.read()
    diags = Diagnostics()
    src = SourceFile("<stdin>", text[1:] if text.startswith("\ufeff") else text, None)
    try:
        out = format_source(src, diags)
    except FormatError as exc:
        click.echo(f"error: {exc}", err=True)
        return EXIT_CONTENT
    if out is None:
        click.echo(format_all(diags.sorted(), {"<stdin>": src}), err=True)
        click.echo(text, nl=False)  # an editor piping through fmt keeps its text
        return EXIT_CONTENT
    if show_diff:
        click.echo(_diff("<stdin>", text, out), nl=False)
    elif not check:
        click.echo(out, nl=False)
    return EXIT_CONTENT if (check or show_diff) and out != text else EXIT_OK
