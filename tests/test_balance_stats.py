"""mayhem/balance/stats.py on a hand-made table of games: each figure checked against scipy
and statsmodels called directly (Wilson intervals, binomial tests against the mean with Holm's
correction, the cards' effects in hand), and the counts (first player, lengths, endings,
matchups) against the table."""
from __future__ import annotations

import math

import pytest
from scipy.stats import binomtest
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint
from statsmodels.stats.proportion import test_proportions_2indep as two_sample_test

from mayhem.balance.stats import all_tables


def game(n: int, a: str, b: str, a_won: bool | None, *, a_first: bool = True, length: int = 10,
         reason: str = "vp", hand_a: str = "", hand_b: str = "") -> list[dict]:
    """The two rows (sides) of one game of a pairing `a vs b`; a_won None: a draw."""
    key = f"box|standard|{a} vs {b}"
    base = {"board": "box", "mode": "standard", "pairing": key, "game": n, "seed": n, "reason": reason,
            "length": length, "decisions": 100, "draw": a_won is None}
    return [{**base, "side": 0, "lineup": a, "seat": 1, "first": a_first, "won": a_won is True, "hand": hand_a,
             "opponents": b},
            {**base, "side": 1, "lineup": b, "seat": 2, "first": not a_first, "won": a_won is False, "hand": hand_b,
             "opponents": a}]


@pytest.fixture(scope="module")
def table():
    rows = []
    # ann+bob vs cat+dan: ann+bob win 45 of 50 (an outlier pair), the card `x` with the winners
    for n in range(50):
        rows += game(n, "ann+bob", "cat+dan", n < 45, a_first=n % 2 == 0, length=8 + n % 5,
                     hand_a="box/x;box/y" if n < 40 else "box/y", hand_b="box/y")
    # ann+cat vs bob+dan: even, two draws at the round limit
    for n in range(20):
        won = None if n < 2 else n % 2 == 0
        rows += game(n, "ann+cat", "bob+dan", won, a_first=n % 4 < 2, length=41 if won is None else 12,
                     reason="max-rounds" if won is None else "ko")
    return rows, all_tables(rows)


def test_character_rates_and_wilson_intervals(table):
    rows, t = table
    chars = t["characters"].set_index("component")
    # ann: 45 wins with bob + 9 with cat (n 2..19 even: 9) of 70
    assert (chars.loc["ann", "games"], chars.loc["ann", "wins"]) == (70, 54)
    assert (chars.loc["dan", "games"], chars.loc["dan", "wins"]) == (70, 5 + 9)
    for name, r in chars.iterrows():
        low, high = proportion_confint(r["wins"], r["games"], alpha=0.05, method="wilson")
        assert r["low"] == pytest.approx(low) and r["high"] == pytest.approx(high)
        assert r["rate"] == pytest.approx(r["wins"] / r["games"])


def test_outliers_binomial_against_the_mean_holm_corrected(table):
    _rows, t = table
    chars = t["characters"]
    mean = chars["wins"].sum() / chars["games"].sum()
    p = [binomtest(int(w), int(n), mean).pvalue for w, n in zip(chars["wins"], chars["games"])]
    reject, adjusted, _s, _b = multipletests(p, alpha=0.05, method="holm")
    assert list(chars["p"]) == pytest.approx(p)
    assert list(chars["p_adjusted"]) == pytest.approx(list(adjusted))
    assert list(chars["outlier"]) == list(reject)
    flagged = set(chars.loc[chars["outlier"], "component"])
    assert flagged == {"ann", "bob", "cat", "dan"}  # 54 of 70 won, or 14: all far from the mean after Holm
    assert list(chars["p_adjusted"]) != pytest.approx(p)  # corrected: not the raw p-values


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # statsmodels' odds ratio at a rate of 1 (unused)
def test_card_effect_with_and_without(table):
    _rows, t = table
    cards = t["cards"].set_index("card")
    x = cards.loc["box/x"]
    # x: in ann+bob's hand in games 0..39, all won; without: 140 - 40 sides, 54 + 14 + 9 + ... wins
    assert (x["games_with"], x["wins_with"]) == (40, 40)
    total_wins = 45 + 5 + 18  # the sides that won: every game but the two draws
    assert (x["games_without"], x["wins_without"]) == (100, total_wins - 40)
    low, high = confint_proportions_2indep(40, 40, total_wins - 40, 100, method="newcomb", compare="diff")
    assert (x["low"], x["high"]) == (pytest.approx(low), pytest.approx(high))
    assert x["effect"] == pytest.approx(1 - (total_wins - 40) / 100)
    p = [two_sample_test(r["wins_with"], r["games_with"], r["wins_without"], r["games_without"],
                                 compare="diff").pvalue for _c, r in cards.iterrows()]
    assert list(cards["p_adjusted"]) == pytest.approx(list(multipletests(p, method="holm")[1]))
    assert bool(x["outlier"]) and not bool(cards.loc["box/y", "outlier"])


def test_first_player_lengths_endings_matchups(table):
    rows, t = table
    fp = t["first_player"].iloc[0]
    firsts = [r for r in rows if r["first"]]
    wins = sum(r["won"] for r in firsts)
    assert (fp["games"], fp["wins"], fp["expected"]) == (70, wins, 0.5)
    assert fp["p"] == pytest.approx(binomtest(wins, 70, 0.5).pvalue)
    endings = t["endings"].set_index("reason")["games"].to_dict()
    assert endings == {"vp": 50, "ko": 18, "max-rounds": 2}
    lengths = t["lengths"].set_index("length")["games"].to_dict()
    assert lengths[41] == 2 and lengths[12] == 18 + 10 and sum(lengths.values()) == 70
    m = t["matchups"].set_index(["character", "opponent"])
    assert (m.loc[("ann", "cat"), "games"], m.loc[("ann", "cat"), "wins"]) == (50, 45)
    assert ("ann", "bob") in m.index and ("ann", "ann") not in m.index
    pair = t["pairings"].set_index("lineup")
    assert (pair.loc["ann+cat", "games"], pair.loc["ann+cat", "draws"]) == (20, 2)
    assert not math.isnan(pair.loc["ann+bob", "low"])
