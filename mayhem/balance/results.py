"""A balance sweep's results: its rows written to a file (CSV, or Parquet when pyarrow is
installed) with each statistics table beside it, read back (`mayhem site build --balance`),
and printed as tables."""
from __future__ import annotations

from pathlib import Path

FORMATS = (".csv", ".parquet")


class ResultsError(ValueError):
    """A results file that cannot be written or read (the message says why and what to do)."""


def parquet_available() -> bool:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


def _check(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ResultsError(f"{path}: a results file ends in .csv or .parquet, not '{suffix or '(none)'}'")
    if suffix == ".parquet" and not parquet_available():
        raise ResultsError(f"{path}: Parquet needs pyarrow: pip install 'mayhem-toolchain[balance]' (or write .csv)")
    return suffix


def table_path(path: Path, name: str) -> Path:
    """Where a statistics table goes: beside the rows, `RESULTS.NAME.csv` (or .parquet)."""
    return path.with_name(f"{path.stem}.{name}{path.suffix}")


def write(path: Path, rows, tables: dict) -> list[Path]:
    """The rows to `path` and each table beside it (table_path); the files written."""
    from .stats import frame
    path = Path(path)
    suffix = _check(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for target, df in [(path, frame(rows))] + [(table_path(path, n), t) for n, t in tables.items()]:
        if suffix == ".csv":
            df.to_csv(target, index=False)
        else:
            df.to_parquet(target, index=False)
        written.append(target)
    return written


COLUMNS = {"board": str, "mode": str, "pairing": str, "game": int, "seed": int, "side": int, "lineup": str,
           "seat": int, "first": bool, "won": bool, "draw": bool, "reason": str, "length": int,
           "decisions": int, "hand": str, "opponents": str}


def read(path: Path):
    """The rows of a results file `write` wrote, as a DataFrame; ResultsError if it is none."""
    import pandas as pd
    path = Path(path)
    suffix = _check(path)
    try:
        df = pd.read_csv(path, keep_default_na=False) if suffix == ".csv" else pd.read_parquet(path)
    except Exception as exc:  # a file pandas cannot parse: said, never a traceback
        raise ResultsError(f"{path}: not a results file of `mayhem balance`: {exc}") from None
    missing = [c for c in COLUMNS if c not in df.columns]
    if missing:
        raise ResultsError(f"{path}:1:1: not a results file of `mayhem balance`: no column "
                           f"{', '.join(missing)} (write it with `mayhem balance --out`)")
    for column, kind in COLUMNS.items():
        if kind is bool and df[column].dtype != bool:
            df[column] = df[column].astype(str).str.lower().isin(("true", "1"))
        elif kind is str:
            df[column] = df[column].astype(str).replace("nan", "")
    return df


def _pct(x) -> str:
    return "-" if x != x else f"{100 * x:.1f}%"


def _interval(low, high) -> str:
    return "-" if low != low else f"[{100 * low:.1f}, {100 * high:.1f}]"


def _signed(x) -> str:
    return "-" if x != x else f"{100 * x:+.1f}"


def report(tables: dict, console, top: int = 15) -> None:
    """The tables in the terminal (rich): characters, first player, lengths and endings,
    pairings and the cards (the `top` largest effects)."""
    from rich.table import Table
    t = Table(title="Win rate per character (95% Wilson interval; outlier: binomial test against the "
                    "mean, Holm-corrected)")
    for col in ("character", "games", "wins", "rate", "95% CI", "p (Holm)", "outlier"):
        t.add_column(col)
    for r in tables["characters"].itertuples():
        t.add_row(r.component, str(r.games), str(r.wins), _pct(r.rate), _interval(r.low, r.high),
                  f"{r.p_adjusted:.3g}", "yes" if r.outlier else "")
    console.print(t)
    fp = tables["first_player"].iloc[0]
    console.print(f"first player: won {int(fp['wins'])} of {int(fp['games'])} games ({_pct(fp['rate'])}, "
                  f"95% CI {_interval(fp['low'], fp['high'])}; a fair share {_pct(fp['expected'])}, "
                  f"binomial test p={fp['p']:.3g})")
    lengths = tables["lengths"]
    if len(lengths):
        n = lengths["games"].sum()
        mean = (lengths["length"] * lengths["games"]).sum() / n
        console.print(f"game length: mean {mean:.1f}, from {lengths['length'].min()} to {lengths['length'].max()} "
                      f"({n} games)")
    console.print("end reasons: " + ", ".join(f"{r.reason} {r.games} ({_pct(r.share)})"
                                              for r in tables["endings"].itertuples()))
    t = Table(title="Win rate per pairing (95% Wilson interval)")
    for col in ("board", "lineup", "against", "games", "wins", "draws", "rate", "95% CI"):
        t.add_column(col)
    for r in tables["pairings"].itertuples():
        t.add_row(r.board, r.lineup, r.opponents, str(r.games), str(r.wins), str(r.draws), _pct(r.rate),
                  _interval(r.low, r.high))
    console.print(t)
    cards = tables["cards"]
    if len(cards):
        shown = cards.reindex(cards["effect"].abs().sort_values(ascending=False).index).head(top)
        t = Table(title=f"Cards in hand: win rate with and without (the {len(shown)} largest effects of "
                        f"{len(cards)}; 95% Newcombe interval, Holm-corrected test)")
        for col in ("card", "with", "without", "effect (points)", "95% CI", "p (Holm)", "outlier"):
            t.add_column(col)
        for r in shown.itertuples():
            t.add_row(r.card, f"{_pct(r.rate_with)} ({r.games_with})", f"{_pct(r.rate_without)} ({r.games_without})",
                      _signed(r.effect), "-" if r.low != r.low else f"[{100 * r.low:+.1f}, {100 * r.high:+.1f}]",
                      "-" if r.p_adjusted != r.p_adjusted else f"{r.p_adjusted:.3g}", "yes" if r.outlier else "")
        console.print(t)
