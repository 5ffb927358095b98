"""The statistics of a balance sweep, from its rows (play.play's: one per side of each game),
by statsmodels and scipy:

- `characters`: per character (a kernel game's: per deck) the games its side played and won,
  the win rate with its 95% Wilson interval (statsmodels proportion_confint), and whether it is
  an outlier: a two-sided binomial test (scipy binomtest) of its wins against the table's mean
  rate, the p-values corrected for the many tests by Holm's step-down method (statsmodels
  multipletests, `holm`: the chance of any false outlier kept under 5%);
- `cards`: per Mayhem card, the win rate of the sides that had it in hand at any of their
  players' turns and of those that did not, the difference with its 95% interval (Newcombe's
  hybrid score, as `mayhem diff --games`) and the test of a difference (statsmodels
  test_proportions_2indep), Holm-corrected alike;
- `pairings`: per pairing and side, the win rate with its Wilson interval;
- `matchups`: per character and opposing character, the win rate (the heat map's cells);
- `first_player`: the win rate of the side that took the first turn, its interval, and a
  binomial test against a fair share (1 / sides);
- `lengths` (rounds; a kernel game's: turns) and `endings` (end reasons): counts.
A draw (no winner: the round limit) is a game no side won."""
from __future__ import annotations

import warnings

ALPHA = 0.05  # the intervals' and tests' level: 95%
CORRECTION = "holm"  # statsmodels multipletests' method for the outliers


def frame(rows):
    import pandas as pd
    return rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows)


def wilson(wins, games) -> tuple:
    from statsmodels.stats.proportion import proportion_confint
    import numpy as np
    wins, games = np.asarray(wins, dtype=float), np.asarray(games, dtype=float)
    low, high = proportion_confint(wins, np.maximum(games, 1), alpha=ALPHA, method="wilson")
    return np.where(games > 0, low, np.nan), np.where(games > 0, high, np.nan)


def corrected(pvalues) -> tuple:
    """Holm-corrected p-values and whether each is rejected at ALPHA (NaN: not tested)."""
    import numpy as np
    from statsmodels.stats.multitest import multipletests
    p = np.asarray(pvalues, dtype=float)
    adjusted, reject = np.full(len(p), np.nan), np.zeros(len(p), dtype=bool)
    tested = ~np.isnan(p)
    if tested.any():
        r, a, _s, _b = multipletests(p[tested], alpha=ALPHA, method=CORRECTION)
        adjusted[tested], reject[tested] = a, r
    return adjusted, reject


def _rated(table, wins: str = "wins", games: str = "games"):
    table["rate"] = table[wins] / table[games].where(table[games] > 0)
    table["low"], table["high"] = wilson(table[wins], table[games])
    return table


def _components(df):
    """One row per side and component of its lineup (a character, or a deck)."""
    out = df.assign(component=df["lineup"].str.split("+")).explode("component")
    return out


def characters(df):
    import pandas as pd
    from scipy.stats import binomtest
    parts = _components(df)
    table = parts.groupby("component").agg(games=("won", "size"), wins=("won", "sum")).reset_index()
    table["wins"] = table["wins"].astype(int)
    _rated(table)
    mean = table["wins"].sum() / max(table["games"].sum(), 1)
    table["mean"] = mean
    table["p"] = [binomtest(int(w), int(n), mean).pvalue if n else float("nan")
                  for w, n in zip(table["wins"], table["games"])]
    table["p_adjusted"], table["outlier"] = corrected(table["p"])
    return pd.DataFrame(table)


def cards(df):
    import numpy as np
    import pandas as pd
    from statsmodels.stats.proportion import confint_proportions_2indep, test_proportions_2indep
    hands = df["hand"].fillna("").str.split(";").apply(lambda xs: {x for x in xs if x})
    names = sorted(set().union(*hands)) if len(hands) else []
    won = df["won"].to_numpy(dtype=bool)
    rows = []
    for card in names:
        has = hands.apply(lambda h, c=card: c in h).to_numpy(dtype=bool)
        gw, ww = int(has.sum()), int((won & has).sum())
        go, wo = int((~has).sum()), int((won & ~has).sum())
        row = {"card": card, "games_with": gw, "wins_with": ww, "games_without": go, "wins_without": wo,
               "rate_with": ww / gw if gw else np.nan, "rate_without": wo / go if go else np.nan,
               "effect": np.nan, "low": np.nan, "high": np.nan, "p": np.nan}
        if gw and go:
            with warnings.catch_warnings():  # a rate of 0 or 1: statsmodels' odds ratio divides by 0 (unused)
                warnings.simplefilter("ignore", RuntimeWarning)
                low, high = confint_proportions_2indep(ww, gw, wo, go, method="newcomb", compare="diff", alpha=ALPHA)
                p = float(test_proportions_2indep(ww, gw, wo, go, compare="diff").pvalue)
            row.update(effect=ww / gw - wo / go, low=float(low), high=float(high), p=p)
        rows.append(row)
    table = pd.DataFrame(rows, columns=["card", "games_with", "wins_with", "games_without", "wins_without",
                                        "rate_with", "rate_without", "effect", "low", "high", "p"])
    table["p_adjusted"], table["outlier"] = corrected(table["p"]) if len(table) else ([], [])
    return table


def pairings(df):
    table = df.groupby(["pairing", "board", "side", "lineup", "opponents"], sort=False).agg(
        games=("won", "size"), wins=("won", "sum"), draws=("draw", "sum")).reset_index()
    table[["wins", "draws"]] = table[["wins", "draws"]].astype(int)
    return _rated(table)


def matchups(df):
    """Per character and opposing character (any lineup the game's other sides fielded)."""
    import pandas as pd
    rows = []
    for (_p, _g), game in df.groupby(["pairing", "game"], sort=False):
        sides = list(zip(game["lineup"], game["won"]))
        for lineup, won in sides:
            for other, _w in sides:
                if other == lineup:
                    continue
                for c in lineup.split("+"):
                    for o in other.split("+"):
                        rows.append((c, o, bool(won)))
    raw = pd.DataFrame(rows, columns=["character", "opponent", "won"])
    table = raw.groupby(["character", "opponent"]).agg(games=("won", "size"), wins=("won", "sum")).reset_index()
    table["wins"] = table["wins"].astype(int)
    return _rated(table)


def first_player(df):
    import pandas as pd
    from scipy.stats import binomtest
    firsts = df[df["first"].astype(bool)]
    sides = df.groupby(["pairing", "game"]).size()
    share = float((1 / sides).mean()) if len(sides) else float("nan")
    games, wins = len(firsts), int(firsts["won"].sum())
    low, high = wilson([wins], [games])
    p = binomtest(wins, games, share).pvalue if games else float("nan")
    return pd.DataFrame([{"games": games, "wins": wins, "rate": wins / games if games else float("nan"),
                          "low": float(low[0]), "high": float(high[0]), "expected": share, "p": p}])


def _games(df):
    return df.drop_duplicates(["pairing", "game"])


def lengths(df):
    games = _games(df)
    table = games.groupby("length").size().rename("games").reset_index()
    return table


def endings(df):
    games = _games(df)
    table = games.groupby("reason").size().rename("games").reset_index()
    table["share"] = table["games"] / max(len(games), 1)
    return table


TABLES = ("characters", "cards", "pairings", "matchups", "first_player", "lengths", "endings")


def all_tables(rows) -> dict:
    """Every table of the module docstring, by name, from the sweep's rows."""
    df = frame(rows)
    return {name: globals()[name](df) for name in TABLES}
