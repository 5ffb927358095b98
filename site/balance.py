"""The site's balance page (`mayhem site build --balance FILE`): the results of a sweep of
`mayhem balance` (mayhem/balance/) as plots drawn by matplotlib into SVG files of the site (no
script, no CDN: the site stays offline), each with its alt text, its caption and the data table
beside it: the pairing heat map (each character's win rate against each opposing character),
the win rates with their 95% intervals as error bars, the game-length distribution, and the
cards' effects in hand."""
from __future__ import annotations

import io

PAGE = "balance/index.md"
FILES = {"heatmap": "balance/heatmap.svg", "win_rates": "balance/win-rates.svg",
         "lengths": "balance/lengths.svg", "cards": "balance/cards.svg"}


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    # text kept as text (the numbers are read by screen readers, search and tests), and the same
    # bytes for the same results (no date, fixed ids)
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "mayhem-balance", "font.size": 9})
    return plt


def svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": "mayhem site build"})
    _plt().close(fig)
    return buf.getvalue()


def pct(x) -> str:
    return "-" if x != x else f"{100 * x:.1f}%"


def heatmap(matchups) -> str:
    plt = _plt()
    names = sorted(set(matchups["character"]) | set(matchups["opponent"]))
    rate = {(r.character, r.opponent): r.rate for r in matchups.itertuples()}
    grid = [[rate.get((a, b), float("nan")) for b in names] for a in names]
    fig, ax = plt.subplots(figsize=(1.2 + 0.7 * len(names), 1.0 + 0.6 * len(names)))
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    ax.set_xticks(range(len(names)), labels=[short(n) for n in names], rotation=45, ha="right")
    ax.set_yticks(range(len(names)), labels=[short(n) for n in names])
    ax.set_xlabel("opposing character")
    ax.set_ylabel("character")
    for i, row in enumerate(grid):
        for j, x in enumerate(row):
            if x == x:
                ax.text(j, i, f"{100 * x:.0f}", ha="center", va="center", fontsize=7,
                        color="white" if abs(x - 0.5) > 0.3 else "black")
    fig.colorbar(image, ax=ax, label="win rate")
    ax.set_title("Win rate (%) against each opposing character")
    return svg(fig)


def win_rates(characters) -> str:
    plt = _plt()
    t = characters.sort_values("rate")
    fig, ax = plt.subplots(figsize=(6, 1.0 + 0.35 * len(t)))
    y = range(len(t))
    ax.errorbar(t["rate"], list(y), xerr=[t["rate"] - t["low"], t["high"] - t["rate"]], fmt="o", capsize=3)
    if len(t):
        ax.axvline(float(t["mean"].iloc[0]), color="grey", linestyle="--", label="mean")
        ax.legend(loc="lower right")
    ax.set_yticks(list(y), labels=[short(n) for n in t["component"]])
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title("Win rate per character")
    return svg(fig)


def length_plot(lengths) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar(lengths["length"], lengths["games"], color="#4c72b0")
    ax.set_xlabel("game length (rounds; a kernel game's: turns)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return svg(fig)


def card_plot(cards) -> str:
    plt = _plt()
    t = cards.dropna(subset=["effect"]).sort_values("effect")
    fig, ax = plt.subplots(figsize=(6, 1.0 + 0.25 * max(len(t), 1)))
    y = list(range(len(t)))
    ax.errorbar(t["effect"], y, xerr=[t["effect"] - t["low"], t["high"] - t["effect"]], fmt="o", capsize=2)
    ax.axvline(0, color="grey", linestyle="--")
    ax.set_yticks(y, labels=[short(n) for n in t["card"]])
    ax.set_xlabel("win rate with the card in hand, less without (95% Newcombe interval)")
    ax.set_title("Cards in hand")
    return svg(fig)


def short(name: str) -> str:
    """A component without its box (`teen-titans-go/robin` -> `robin`), for a plot's labels."""
    return "+".join(part.rsplit("/", 1)[-1] for part in str(name).split("+"))


def _table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _figure(file: str, alt: str, caption: str) -> str:
    name = file.rsplit("/", 1)[-1]
    return (f'<figure class="mayhem-balance-plot">\n<img src="{name}" alt="{alt}">\n'
            f"<figcaption>{caption}</figcaption>\n</figure>")


def page(tables: dict, rows) -> str:
    """The page's Markdown (the plots as figures, each followed by its data table)."""
    chars, fp, ends = tables["characters"], tables["first_player"].iloc[0], tables["endings"]
    games = rows.drop_duplicates(["pairing", "game"])
    boards = ", ".join(sorted(set(rows["board"])))
    modes = ", ".join(sorted(set(rows["mode"])))
    out = ["# Balance", "",
           f"{len(games)} games of {rows['pairing'].nunique()} pairings (board: {boards}; mode: {modes}), "
           "played by `mayhem balance`. Win rates carry their 95% Wilson interval; an outlier is a "
           "component whose binomial test against the mean win rate stays significant after Holm's "
           "correction for the number of tests (docs/balance.md).", "",
           f"The first player won {int(fp['wins'])} of {int(fp['games'])} games ({pct(fp['rate'])}; 95% interval "
           f"{pct(fp['low'])} to {pct(fp['high'])}; a fair share is {pct(fp['expected'])}).", "",
           "Games ended by: " + ", ".join(f"{r.reason} {r.games} ({pct(r.share)})" for r in ends.itertuples()) + ".",
           "", "## Pairings", "",
           _figure(FILES["heatmap"], "Heat map of each character's win rate against each opposing character; "
                   "the table below gives every cell.", "Win rate against each opposing character."), "",
           _table(["character", "opponent", "games", "wins", "win rate", "95% interval"],
                  [[r.character, r.opponent, r.games, r.wins, pct(r.rate), f"{pct(r.low)} to {pct(r.high)}"]
                   for r in tables["matchups"].itertuples()]), "",
           _table(["board", "lineup", "against", "games", "wins", "draws", "win rate", "95% interval"],
                  [[r.board, r.lineup, r.opponents, r.games, r.wins, r.draws, pct(r.rate),
                    f"{pct(r.low)} to {pct(r.high)}"] for r in tables["pairings"].itertuples()]), "",
           "## Win rate per character", "",
           _figure(FILES["win_rates"], "Each character's win rate as a point with its 95% interval as an "
                   "error bar, and the mean as a dashed line; the table below gives the numbers.",
                   "Win rate per character, with 95% intervals."), "",
           _table(["character", "games", "wins", "win rate", "95% interval", "p (Holm)", "outlier"],
                  [[r.component, r.games, r.wins, pct(r.rate), f"{pct(r.low)} to {pct(r.high)}",
                    f"{r.p_adjusted:.3g}", "yes" if r.outlier else "no"] for r in chars.itertuples()]), "",
           "## Game length", "",
           _figure(FILES["lengths"], "Bar chart of how many games lasted each number of rounds; the table "
                   "below gives the counts.", "Games by length."), "",
           _table(["length", "games"], [[r.length, r.games] for r in tables["lengths"].itertuples()]), ""]
    cards = tables["cards"]
    if len(cards):
        out += ["## Cards in hand", "",
                _figure(FILES["cards"], "Each card's effect in hand (win rate with it less without it) as a point "
                        "with its 95% interval; the table below gives the numbers.", "Cards in hand."), "",
                _table(["card", "with: games", "with: win rate", "without: games", "without: win rate",
                        "effect (points)", "95% interval", "p (Holm)", "outlier"],
                       [[r.card, r.games_with, pct(r.rate_with), r.games_without, pct(r.rate_without),
                         "-" if r.effect != r.effect else f"{100 * r.effect:+.1f}",
                         "-" if r.low != r.low else f"{100 * r.low:+.1f} to {100 * r.high:+.1f}",
                         "-" if r.p_adjusted != r.p_adjusted else f"{r.p_adjusted:.3g}",
                         "yes" if r.outlier else "no"] for r in cards.itertuples()]), ""]
    return "\n".join(out)


def write_balance(renderer, rows) -> str:
    """The balance page and its SVG files into the site's pages; the page's path (for the nav)."""
    from mayhem.balance.stats import all_tables
    tables = all_tables(rows)
    site = renderer.site
    site.pages[FILES["heatmap"]] = heatmap(tables["matchups"])
    site.pages[FILES["win_rates"]] = win_rates(tables["characters"])
    site.pages[FILES["lengths"]] = length_plot(tables["lengths"])
    if len(tables["cards"]):
        site.pages[FILES["cards"]] = card_plot(tables["cards"])
    text = page(tables, rows)
    site.pages[PAGE] = renderer.front_matter(PAGE, text, None) + text
    return PAGE
