"""`mayhem diff OLD NEW`: what a content change touches, between two content roots or git
revisions of one. Exit 0 without a change of meaning, 1 with one, 2 on errors."""
from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
import sys

import click

from mayhem.cli_common import _console

EXIT_SAME, EXIT_CHANGED, EXIT_ERROR = 0, 1, 2


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _compiled(side):
    from mayhem.compiler.diff import DiffError, compile_side
    from mayhem.dsl.diagnostics import format_all
    try:
        return compile_side(side.root)
    except DiffError as exc:
        comp = getattr(exc, "compilation", None)
        if comp is not None:
            click.echo(format_all(comp.diagnostics.sorted(), comp.sources, display=side.display, limit=20), err=True)
        _fail(f"{side.label}: the content does not compile"
              + (f" (`mayhem check {side.root}` shows it)" if side.revision is None else ""))


@click.command("diff")
@click.argument("old")
@click.argument("new")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text",
              show_default=True, help="text for a terminal, json for tools, markdown for a pull-request comment.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the report to this file instead of the terminal.")
@click.option("--scenarios", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="The scenario files to run on both sides (default: the new side's tests/scenarios, "
                   "else the old side's).")
@click.option("--no-scenarios", is_flag=True, help="Do not run the scenario files.")
@click.option("--games", type=int, default=0, show_default=True,
              help="Seeded games per box on each side, for the win-rate shifts (0: none).")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the first simulated game.")
@click.option("--bots", default="greedy", show_default=True, help="The bots of the simulations (comma-separated).")
@click.option("--content-path", default=None,
              help="Where the content root lies in the repository, for revisions (default: the one "
                   "around the current folder, else content).")
def diff(old, new, fmt, output, scenarios, no_scenarios, games, seed, bots, content_path):
    """Compare two versions of the content: OLD and NEW are content roots (a folder with
    mayhem.toml, or a checkout holding content/) or git revisions (HEAD~1, v1.0, a branch).

    Lists per component what was added, removed, renamed, moved, reworded, or changed in
    meaning (an effect changed under the same text is flagged loudly), with the difference in
    words; who uses a changed keyword, token or status; Competitive Mode applicability and
    consistency findings that change; scenario files whose outcome changes; with --games, the
    win-rate shift of every character (a kernel game's: of every deck) with its 95% confidence
    interval.

    Exits 0 when nothing changes meaning, 1 when something does, 2 on errors."""
    from mayhem.compiler.diff import DiffError, compare, open_side
    from mayhem.compiler.diff import report as diff_report
    from mayhem.compiler.diff.play import balance, changed_boxes, run_scenarios, stats_available

    if games < 0:
        raise click.UsageError("--games must be 0 or more")
    from mayhem.cli_play import _runtime
    _runtime()
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if games:
        from mayhem.runtime.bots import BOTS
        if not names or any(b not in BOTS for b in names):
            raise click.UsageError(f"--bots takes names of: {', '.join(BOTS)}")
        if not stats_available():
            _fail("--games needs statsmodels for the confidence intervals: "
                  "pip install 'mayhem-toolchain[balance]'")
    with ExitStack() as stack:
        try:
            a = open_side(old, stack, content_path=content_path)
            b = open_side(new, stack, content_path=content_path)
        except DiffError as exc:
            _fail(str(exc))
        ca, cb = _compiled(a), _compiled(b)
        result = compare(ca.ir, cb.ir, old_label=old, new_label=new,
                         old_diagnostics=ca.diagnostics.items, new_diagnostics=cb.diagnostics.items)
        folder = scenarios or b.scenarios or a.scenarios
        if folder is not None and not no_scenarios:
            result.scenarios = run_scenarios(ca.ir, cb.ir, folder)
        if games:
            from rich.progress import Progress
            boxes = len(changed_boxes(ca.ir, cb.ir))  # an unchanged box plays the same games: not played
            with Progress(console=_console(err=True), transient=True) as progress:
                task = progress.add_task(f"{games} games per box and side", total=games * boxes * 2)
                result.balance = balance(ca.ir, cb.ir, games, seed=seed, bots=tuple(names),
                                         progress=lambda: progress.advance(task))
    render = {"text": diff_report.text, "json": diff_report.as_json, "markdown": diff_report.markdown}[fmt]
    out = render(result)
    if output is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(out if out.endswith("\n") else out + "\n", encoding="utf-8")
    else:
        click.echo(out.rstrip("\n"))
    sys.exit(EXIT_CHANGED if result.semantic else EXIT_SAME)


def site_history(option: str | None, content: Path, comp):
    """The History that `mayhem site build --history` asks for (None without the option):
    the revisions given (comma-separated, oldest first), or `git`: the last commits that
    changed the content folder. Read from the git repository around `content`."""
    if not option:
        return None
    from mayhem.compiler.diff import DiffError
    from mayhem.compiler.diff.history import build_history
    from mayhem.compiler.diff.sources import commits_touching
    cwd = Path(content).resolve()
    try:
        if option.strip() == "git":
            versions = commits_touching(cwd)
            if not versions:
                _fail(f"--history git: no commit changed {content} (is it in a git repository?)")
        else:
            versions = [v.strip() for v in option.split(",") if v.strip()]
        missing = [v for v in versions if Path(v).is_dir()]
        if missing:
            _fail(f"--history takes git revisions, not folders: {', '.join(missing)}")
        return build_history(versions, comp.ir, cwd=cwd)
    except DiffError as exc:
        _fail(f"--history: {exc}")
