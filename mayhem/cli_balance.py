"""`mayhem balance`: every pairing of a box (Competitive Mode: every team against every other
on every board) played by a bot, with the statistics printed and written to a file
(mayhem/balance/, docs/balance.md)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from mayhem.cli_common import ALLOW_ERRORS, CONTENT, EXIT_CONTENT, _console, compiled


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_CONTENT)


def _needs() -> None:
    """statsmodels, scipy and pandas: the `balance` extra."""
    try:
        import pandas  # noqa: F401
        import scipy.stats  # noqa: F401
        import statsmodels.stats.proportion  # noqa: F401
    except ImportError as exc:
        _fail(f"`mayhem balance` needs {(exc.name or 'a module').split('.')[0]} for its statistics: "
              "pip install 'mayhem-toolchain[balance]'")


@click.command("balance")
@click.option("--box", "--board", "box", default=None,
              help="The box to sweep (in a mode with team lists, Competitive Mode: the one board to play on; "
                   "default there: every Mayhem box's board).")
@click.option("--mode", default="standard", show_default=True,
              help="A mode of content/shared/modes.mh (competitive: every team of two from the collection), "
                   "or one a kernel game's box declares.")
@click.option("--games", type=int, required=True, help="Games per pairing (the lineups swap seats game by game).")
@click.option("--bot", default="greedy", show_default=True,
              help="The bot of every seat: a name of runtime/bots.py (Mayhem boxes) or runtime/kernel/play.py BOTS.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The sweep's seed: each game's derives from it, the pairing and the game's index alone.")
@click.option("--jobs", type=int, default=1, show_default=True,
              help="Workers on this machine: a local Ray of N CPUs (plain processes without Ray); 1: this process.")
@click.option("--address", default=None, metavar="ray://HOST:PORT",
              help="Run on this Ray cluster (`ray.init(address=...)`).")
@click.option("--backend", type=click.Choice(["auto", "ray", "processes", "inline"]), default="auto",
              show_default=True, help="Force where the games run (auto: as --jobs and --address say).")
@click.option("--batch", type=int, default=None, help="Games per batch (default: a few batches per worker, at most 50).")
@click.option("--limit", type=int, default=None,
              help="Play at most this many pairings, drawn by the seed (Competitive Mode has hundreds).")
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the games (one row per side) to FILE.csv or FILE.parquet, each table beside it.")
@click.option("--top", type=int, default=15, show_default=True, help="Cards shown in the printed table.")
@CONTENT
@ALLOW_ERRORS
def balance(box, mode, games, bot, seed, jobs, address, backend, batch, limit, out, top, content, allow_errors):
    """Play every character against every other (each pairing --games games, seats alternated;
    Competitive Mode: every legal team against every other on every board) and report per
    character, per card and per pairing the win rate with its 95% interval, the win rate with
    and without each card in hand, the first player's advantage, the games' lengths and end
    reasons, and the outliers (binomial tests, Holm-corrected). See docs/balance.md."""
    from mayhem.balance.pairings import SweepError, pairings, sample
    from mayhem.balance.play import bot_kind
    from mayhem.balance.results import ResultsError, _check, report, write
    from mayhem.balance.run import run
    from mayhem.balance.stats import all_tables
    from mayhem.cli_play import _runtime

    if games < 1 or jobs < 1 or (batch is not None and batch < 1) or (limit is not None and limit < 1):
        raise click.UsageError("--games, --jobs, --batch and --limit must be at least 1")
    _needs()
    _runtime()
    if out is not None:
        try:
            _check(out)
        except ResultsError as exc:
            raise click.UsageError(str(exc)) from None
    chosen = None if backend == "auto" else backend
    if chosen == "ray" or address:
        from mayhem.balance.run import ray_installed
        if not ray_installed():
            _fail("Ray is not installed: pip install 'mayhem-toolchain[balance]', or leave out --address and --backend ray")
    ir = compiled([content], allow_errors).ir
    try:
        found = pairings(ir, box, mode)
    except SweepError as exc:
        raise click.UsageError(str(exc)) from None
    if not found:
        _fail(f"nothing to pair in box '{box}', mode '{mode}'")
    kernel_game = found[0].kind == "decks"
    if bot_kind(bot, kernel_game) is None:
        from mayhem.runtime.bots import BOTS as MAYHEM
        from mayhem.runtime.kernel.play import BOTS as KERNEL
        names = sorted(set(KERNEL) if kernel_game else set(MAYHEM) | set(KERNEL))
        raise click.UsageError(f"no bot '{bot}'; --bot takes: {', '.join(names)}")
    found = sample(found, limit, seed)
    err = _console(err=True)
    err.print(f"{len(found)} pairings x {games} games, bot {bot}, seed {seed}")
    from rich.progress import Progress
    from mayhem.runtime.kernel import KernelError
    try:
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task("games", total=games * len(found))
            rows = run(ir, found, games, bot, seed=seed, jobs=jobs, address=address, size=batch, backend=chosen,
                       progress=lambda n: progress.advance(task, n))
    except KernelError as exc:  # content the rules kernel cannot set up or play
        _fail(f"the rules kernel cannot play this sweep: {exc}")
    tables = all_tables(rows)
    report(tables, _console(), top=top)
    if out is not None:
        written = write(out, rows, tables)
        err.print(f"wrote {written[0]} ({len(rows)} rows) and {len(written) - 1} tables beside it")


def read_results(path: Path):
    """The rows of a results file for `mayhem site build --balance` (an error, exit 1, if it is none)."""
    _needs()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        _fail("the balance page's plots need matplotlib: pip install 'mayhem-toolchain[balance]'")
    from mayhem.balance.results import ResultsError, read
    try:
        return read(path)
    except ResultsError as exc:
        _fail(str(exc))
