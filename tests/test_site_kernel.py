"""The pages of games played on the rules kernel, read as a player reads them: the Ridge lab
game (tests/fixtures/kernel/ridge/) and Marvel Mayhem. Their parts (the game, its dice,
spaces, figures, counters and zones) are drawn by the generic card of site/templates: its
property labels and values are in the game's own words, not in the Mayhem words of a mode
("Characters start", "Teams and players"), ranges read "2 to 4", and the spaces a figure
starts on or a space touches are named and linked. Mayhem modes keep their words."""
from __future__ import annotations

import html as htmllib
from pathlib import Path
import re

import pytest
from playwright.sync_api import sync_playwright

from mayhem.site.build import build_site

from conftest import FIXTURES
from test_site_browser import ARGS, CHROMIUM, _serve

RIDGE = FIXTURES / "kernel" / "ridge"
MAYHEM_WORDS = ("Characters start", "Teams and players", "Mayhem cards drawn", "Mayhem deck")


@pytest.fixture(scope="module")
def ridge_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ridge") / "site"
    build_site(RIDGE, out)
    return out


@pytest.fixture(scope="module")
def content_site(site) -> Path:
    """The site of the real content (tests/conftest.py: built once per session)."""
    return site


def rows(html: str, kind: str) -> list[dict[str, str]]:
    """The property tables of every generic card of `kind` on a page: label -> value, as text."""
    out = []
    for card in re.findall(rf'<div class="mh-card mh-card-generic" data-kind="{kind}"[^>]*>(.*?)</tbody>', html, re.S):
        table = {}
        for label, value in re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td>", card, re.S):
            table[htmllib.unescape(label)] = htmllib.unescape(re.sub(r"<[^>]+>", "", value))
        out.append(table)
    return out


def test_a_kernel_game_alone_gets_only_its_own_pages(ridge_site):
    """A site of the Ridge lab game alone has no Competitive Mode (a Mayhem mode) and does not call
    itself the Mayhem rule reference: its name and descriptions are the game's."""
    assert not (ridge_site / "competitive").exists()
    pages = {p.relative_to(ridge_site).as_posix(): p.read_text(encoding="utf-8") for p in ridge_site.rglob("*.html")}
    assert len(pages) > 5
    toolchain_docs = ("guide/", "reference/", "consistency/")  # the toolchain's, whatever the content
    for path, html in pages.items():
        assert "competitive/index.html" not in html, path
        assert "Mayhem rule reference" not in html and "Mayhem games" not in html, path
        assert path.startswith(toolchain_docs) or "Competitive Mode" not in html, path
    home = pages["index.html"]
    assert "<title>Ridge (kernel lab) rule reference</title>" in home
    (description,) = re.findall(r'<meta name="description" content="([^"]*)"', home)
    assert description.startswith("Ridge (kernel lab) rule reference. The rules and components of Ridge (kernel lab)")
    game = pages["ridge/games/ridge/index.html"]
    (description,) = re.findall(r'<meta name="description" content="([^"]*)"', game)
    assert description.startswith("Ridge: game of Ridge (kernel lab).")


def test_ridge_game_page_uses_the_games_words(ridge_site):
    html = (ridge_site / "ridge" / "games" / "ridge" / "index.html").read_text(encoding="utf-8")
    for words in MAYHEM_WORDS:
        assert words not in html
    (game,) = rows(html, "game")
    assert game["Players"] == "2 to 4"
    assert game["Teams"] == "2"
    assert game["Turn order"] == "the Teams take turns"
    (climber,) = rows(html, "figure")
    assert climber["Starting spaces"] == "Camp of the first Team, Camp of the second Team"
    assert climber["Figures of"] == "each player"
    (points,) = rows(html, "counter")
    assert points["Kept for"] == "each Team"
    d6 = next(d for d in rows(html, "die") if "Faces" in d)
    assert d6["Faces"] == "1 to 6"
    summit = next(s for s in rows(html, "space") if s["Die slots"] == "1")
    assert summit["Adjacent spaces"] == "Lower ledge of the first Team, Lower ledge of the second Team"
    # the spaces are links to their cards on the same page
    assert re.search(r'<tr><td>Starting spaces</td><td><a href="(index.html)?#ridge-ridge-camp-1">Camp of the first Team</a>', html)


def test_ridge_game_page_in_a_browser(ridge_site):
    """Chromium shows the labels a player reads, and a starting space's link lands on its card."""
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: scripts/system-deps.sh --browser installs it"
    server, url = _serve(ridge_site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url + "ridge/games/ridge/index.html")
            figure = page.locator('.mh-card-generic[data-kind="figure"]')
            labels = figure.locator("tbody tr td:first-child").all_inner_texts()
            assert labels == ["Figures of", "Starting spaces"]
            game = page.locator('.mh-card-generic[data-kind="game"] > table tbody tr td:first-child')
            assert "Players" in game.all_inner_texts()
            assert "Teams and players" not in page.inner_text("body")
            figure.get_by_role("link", name="Camp of the second Team").click()
            assert page.url.endswith("#ridge-ridge-camp-2")
            assert page.locator("#ridge-ridge-camp-2").is_visible()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


def test_marvel_mayhem_game_page_uses_the_games_words(content_site):
    html = (content_site / "marvel-mayhem" / "games" / "marvel-mayhem" / "index.html").read_text(encoding="utf-8")
    for words in MAYHEM_WORDS:
        assert words not in html
    (game,) = rows(html, "game")
    assert re.fullmatch(r"\d+( to \d+)?", game["Players"])
    hit_points = [c for c in rows(html, "counter") if "Starts at" in c]
    assert hit_points and all(re.fullmatch(r"-?\d+", c["Starts at"]) for c in hit_points)
    assert {c["Back to its start at"] for c in rows(html, "counter") if "Back to its start at" in c} == \
        {"the end of every turn"}
    # a game's zones are named and linked where the game names them
    assert game["Draw from"] == "Deck" and game["Each player's deck goes to"] == "Deck"


def test_mode_pages_keep_the_mayhem_words(content_site):
    """A mode is a Mayhem rule: its seats read as Teams and players, in words."""
    html = (content_site / "shared" / "modes" / "modes" / "standard" / "index.html").read_text(encoding="utf-8")
    (mode,) = rows(html, "mode")
    assert mode["Teams and players"] == "Team 1: 1 player with 2 characters; Team 2: 1 player with 2 characters"
    assert mode["Characters start"] == "on their Team's Bases in the first round"


def test_marvel_card_type_prints_the_rulebooks_draw_and_play(content_site):
    """Marvel Mayhem, "The Cards": the symbol is "Draw & Play", on the card type's page (its
    property and its effect slot) and on every card that has it, never its id made a title."""
    page = content_site / "marvel-mayhem" / "card-types" / "marvel-card" / "index.html"
    html = page.read_text(encoding="utf-8")
    (card_type,) = rows(html, "card-type")
    assert card_type["Draw & Play"].startswith("a number")
    assert '<span class="mh-eff-label">Draw &amp; Play</span>' in html
    deck = (content_site / "marvel-mayhem" / "decks" / "iron-man" / "index.html").read_text(encoding="utf-8")
    assert any(card.get("Draw & Play") == "2" for card in rows(deck, "marvel-card"))
    for text in (html, deck):
        assert "Draw play" not in text and "Draw-play" not in text


def test_words_examples():
    """The examples in site/words.py's docstrings (tests/test_doctests.py covers dsl, compiler and runtime)."""
    import doctest

    import mayhem.site.words
    result = doctest.testmod(mayhem.site.words)
    assert result.attempted >= 5 and result.failed == 0


def test_a_marvel_decks_effect_graph_shows_its_cards_symbols(content_site):
    """The deck page's graph (For authors) leads from each card's symbols to the card type's
    effects that resolve them: a card that is only symbols is no longer a lone box."""
    html = (content_site / "marvel-mayhem" / "decks" / "black-panther" / "index.html").read_text(encoding="utf-8")
    graph = htmllib.unescape(html[html.index('class="mh-graph'):])
    assert "symbol: attack 2" in graph and "-->|resolves|" in graph
    assert "symbol: healing 1" in graph


def test_a_kernel_games_mode_page_names_the_game_it_changes(ridge_site):
    """A mode declared in a kernel box (Ridge's `scramble`) changes the box's game, not the shared
    one (the lab site has none): its rows say so, and its rule left out is listed."""
    html = (ridge_site / "ridge" / "modes" / "scramble" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", "", html)))
    assert "this mode's own, in place of the setup of the game Ridge)" in text
    assert "this mode's own, in place of the round start of the game Ridge)" in text
    assert "Left out of the gamethe rule `slide`" in text
