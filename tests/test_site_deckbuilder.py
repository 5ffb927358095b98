"""A deck-builder on the site, read from the kernel's lab game Market (tests/fixtures/kernel/market/):
its cards page (a table per card type, its columns the card type's own properties in the words
of their declarations, then copies, text and provenance), its card types' pages (the same table),
and its rules page (the zones, who sees each, the setup, a turn in order with the steps that end
it, the events, the end and the scoring). The Markdown the templates write is read without
MkDocs; the built site is opened in Chromium at a phone's width (nothing spills past the
screen, wide tables scroll in their own box, axe-core finds nothing serious) and a card table
sorts by a column."""
from __future__ import annotations

import html as htmllib
from pathlib import Path
import re

import pytest

from mayhem.compiler import driver
from mayhem.site.build import build_site
from mayhem.site.model import SiteModel
from mayhem.site.render import render

from conftest import FIXTURES, once

MARKET = FIXTURES / "kernel" / "market"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    comp = driver.compile_paths([MARKET])
    assert comp.ok
    return render(SiteModel(comp.ir, {n: sf.text for n, sf in comp.sources.items()}), docs={}).pages


def section(page: str, heading: str) -> str:
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", page, re.S | re.M)
    assert found, heading
    return found.group(1)


def plain(cell: str) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", "", cell))).strip()


def table(text: str) -> list[dict[str, str]]:
    """The first Markdown table of a text, as rows of heading -> cell (tags taken out)."""
    lines = [ln for ln in text.split("\n") if ln.startswith("| ")]
    heads = [h.strip() for h in lines[0].strip("|").split(" | ")]
    return [dict(zip(heads, (plain(c) for c in ln[2:-2].split(" | ")))) for ln in lines[2:]]


def test_the_cards_page_lists_each_card_type_with_its_own_columns(pages):
    """Market cards: cost, VP and the card type's other properties in the order it declares
    them, headed by its declarations' words ("Attack: each foe ..." heads "Attack"; `vp` is
    "VP"), with copies, text and provenance. Mutation: the kind page's generic table (Name,
    Text, Provenance) back, or the columns sorted by name: fails."""
    page = pages["market/cards/index.md"]
    market = table(section(page, "Market card"))
    assert list(market[0]) == ["Card", "Copies", "Power", "Draw", "Attack", "Ongoing", "Cost", "VP", "Text",
                               "Provenance"]
    hammer = next(r for r in market if r["Card"] == "Hammer")
    assert (hammer["Copies"], hammer["Cost"], hammer["VP"], hammer["Power"]) == ("5", "3", "1", "2")
    assert hammer["Text"] == "+2 Power." and hammer["Provenance"] == "Authored"
    assert "<strong>Attack</strong>: each foe gains this many Bruises" in section(page, "Market card")
    # a column no card gives, whose default prints nothing, is left out: a Bruise is never bought
    bruises = table(section(page, "Bruise"))
    assert list(bruises[0]) == ["Card", "Copies", "VP", "Text", "Provenance"] and bruises[0]["VP"] == "-1"
    # a card type's effect slot that its cards have is a column, in its declaration's words
    villains = {r["Card"]: r for r in table(section(page, "Villain"))}
    assert villains["Warlord"]["First Appearance"] == "yes" and villains["Rat King"]["First Appearance"] == "\u2014"
    # the cards of the starter decks, each with its deck, counted with their copies
    starters = table(section(page, "Starter card"))
    assert {r["Deck"] for r in starters} == {"North starter", "East starter", "South starter", "West starter"}
    assert "40 cards, counted with their copies" in section(page, "Starter card")


def test_a_card_types_own_page_lists_its_cards_in_the_same_table(pages):
    """The index of a kind that is a card type of the box (market-cards/) is its cards' table.
    Mutation: the `card_type` branch of kind.md.j2 taken out: fails."""
    page = pages["market/market-cards/index.md"]
    rows = table(page)
    assert [r["Card"] for r in rows] == ["Hammer", "Jab", "Rummage", "Scout", "Windfall", "Workshop"]
    assert next(r for r in rows if r["Card"] == "Windfall")["Cost"] == "6"
    assert "20 cards in all, counted with their copies." in page


def test_the_rules_page_says_where_the_cards_lie_and_who_sees_them(pages):
    """The zones, in the order declared: whose, who sees them (the default, public, in words
    too), what lies there at setup and what the game does with them. Mutation: `visibility`
    taken out of site/words.py's PART_WORDS: fails."""
    zones = {r["Zone"]: r for r in table(section(pages["market/rules/index.md"], "Where the cards lie"))}
    assert list(zones)[:3] == ["Deck", "Hand", "Cards played this turn"]
    assert zones["Deck"]["Whose"] == "each player" and zones["Main deck"]["Whose"] == "shared"
    assert zones["Deck"]["Who sees its cards"] == "no one: its cards lie face down"
    assert zones["Hand"]["Who sees its cards"] == "its owner only"
    assert zones["Line-up"]["Who sees its cards"] == "everyone: its cards lie face up"
    assert zones["Main deck"]["At setup"] == "the cards of: Market card, Defense card, shuffled"
    assert zones["Kick stack"]["At setup"] == "the cards of: Kick (card type)"
    assert zones["Deck"]["At setup"] == "each player's starting deck goes here"
    assert "Discard pile is shuffled into it" in zones["Deck"]["How the game uses it"]
    lair = zones["Villain in play"]["How the game uses it"]
    assert "holds at most 1" in lair and "comes from Villain stack" in lair and "runs its First Appearance" in lair


def test_the_rules_page_plays_a_turn_in_order(pages):
    """A turn: its start, the actions, then the steps that end it in the order the game runs
    them, and Power lost (a counter reset at the turn's end). Mutation: the turn-end steps
    rendered as an inline block (`Phrases.block`) or the reset counters left out: fails."""
    turn = section(pages["market/rules/index.md"], "A turn")
    assert re.findall(r"^### (.+)$", turn, re.M) == ["1. At the start of your turn", "2. During your turn",
                                                      "3. Ending your turn"]
    ending = turn.split("### 3. Ending your turn")[1]
    steps = re.findall(r"<li>(.*?)(?=<li>|</ol>)", ending)
    said = [plain(s) for s in steps]
    order = [next(i for i, s in enumerate(said) if s.startswith(start)) for start in
             ("for each c in cards-in(hand)", "for each c in cards-in(played)", "draw(me, 5)",
              "repeat 5 - size(cards-in(lineup)) times", "draw-into(lair)")]
    assert order == sorted(order)
    assert "Then these go back to their start: Power (0)." in plain(ending)
    assert "Buy a card of the line-up" in turn.split("### 2.")[1].split("### 3.")[0]


def test_the_rules_page_ends_with_the_scoring_and_lists_the_events(pages):
    page = pages["market/rules/index.md"]
    end = plain(section(page, "End of the game and scoring"))
    assert end.startswith("AuthoredThe game ends when value(ended) > 0:")
    assert "gain(score, prop(c, vp), on: p)" in end
    assert "An Attack: repeat amount times" in plain(section(page, "Rules that act at any time"))
    played = plain(section(page, "The cards"))
    assert "Market card: Power added when played; then Cards drawn from your deck when played; then Attack" in played
    assert "Defense card: Power added when played in your own turn; then its own effect, as its text says; " \
           "it may also answer what it hears from the Hand." in played


def test_the_box_page_links_its_rules_and_cards(pages):
    """Mutation: `card_game_pages` returning nothing: fails (and the pages are missing)."""
    box = section(pages["market/index.md"], "The rules")
    assert '<a href="rules/index.html">Rules</a>' in box and '<a href="cards/index.html">Cards</a>' in box


# ---- in a browser ---------------------------------------------------------------------

PHONE_PAGES = ["market/cards/index.html", "market/rules/index.html", "market/market-cards/index.html",
               "market/villain-cards/index.html", "market/index.html"]


@pytest.fixture(scope="module")
def market_site(tmp_path_factory) -> Path:
    return once(tmp_path_factory, "market-site", lambda out: build_site(MARKET, out))


@pytest.fixture(scope="module")
def served(market_site):
    from test_site_browser import _serve
    server, url = _serve(market_site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    from test_site_browser import ARGS, CHROMIUM
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def test_the_deck_builders_pages_read_on_a_phone(chromium, served):
    """At 360 px the wide card tables scroll inside their own box (the page itself never scrolls
    sideways), nothing is cut off, and axe-core finds nothing serious. Mutation: the card table
    written as an HTML table outside Material's scrolling wrapper (`<table>` with a class): the
    page scrolls sideways and fails."""
    from test_site_browser import Watch, phone_check
    watch = Watch(chromium, width=360)
    try:
        phone_check(watch, served, PHONE_PAGES)
        watch.goto(served + "market/cards/index.html")
        wrap = watch.page.locator("article .md-typeset__scrollwrap").nth(1)  # the Market cards' table
        assert wrap.evaluate("el => el.querySelector('.md-typeset__table').scrollWidth > el.clientWidth")
        watch.shot("market-cards-360")
    finally:
        watch.close()


def test_a_card_table_sorts_by_cost(chromium, served):
    """tablesort on a card table: Cost heading clicked, the rows run cheapest first."""
    from test_site_browser import Watch
    watch = Watch(chromium)
    try:
        watch.goto(served + "market/market-cards/index.html")
        heads = watch.page.locator("article table thead th").all_inner_texts()
        cost = heads.index("Cost")
        watch.page.locator("article table th", has_text="Cost").click()
        rows = watch.page.locator("article table tbody tr")
        costs = [int(rows.nth(i).locator("td").nth(cost).inner_text()) for i in range(rows.count())]
        assert costs == sorted(costs) and costs != [3, 4, 3, 3, 6, 5]
        watch.assert_clean()
    finally:
        watch.close()


# ---- the DC deck-builder of the real content (content/dc-teen-titans-go/) ------------------------

DC = "dc-teen-titans-go"


@pytest.fixture(scope="module")
def dc_pages(compiled) -> dict[str, str]:
    return render(SiteModel(compiled.ir, {n: sf.text for n, sf in compiled.sources.items()}), docs={}).pages


def test_the_dc_cards_page_shows_a_printed_cards_cost_and_vp(dc_pages):
    """Birdarangs: its cost printed ("Sample Turn Sequence": 3), its VP authored and marked so;
    Control Freak's cost printed (8, "Nemesis Cards") beside the other Nemeses' 10; the main
    deck's 64 cards counted by type. Mutation: the cell's provenance mark (`p.mark`) taken out
    of `cards.cell`: fails."""
    page = dc_pages[f"{DC}/cards/index.md"]
    equipment = section(page, "Equipment")
    birdarangs = next(r for r in table(equipment) if r["Card"] == "Birdarangs")
    assert birdarangs["Cost"] == "3" and birdarangs["VP"] == "1 authored"
    assert birdarangs["Provenance"] == "Rulebook: Sample Turn Sequence"
    nemeses = {r["Card"]: r for r in table(section(page, "Nemesis"))}
    assert len(nemeses) == 9 and nemeses["Control Freak"]["Cost"] == "8"
    # the others authored cards, their cost printed: marked so
    assert {r["Cost"] for name, r in nemeses.items() if name != "Control Freak"} == {"10 rulebook"}
    # the First Appearance of each Nemesis but Control Freak, a column headed in its declaration's words
    assert nemeses["Control Freak"]["First Appearance - Attack"] == "\u2014"
    assert sum(r["First Appearance - Attack"] == "yes" for r in nemeses.values()) == 8
    counted = {t: int(re.search(r"(\d+) cards, counted", section(page, t)).group(1))
               for t in ("Hero", "Villain", "Super Power", "Equipment", "Location")}
    assert sum(counted.values()) == 64


def test_the_dc_super_heroes_show_both_sides(dc_pages):
    """Each oversized card: its Super Hero row, then its Sidekick row with the Recruit condition.
    Mutation: `partners` finding none (the Sidekicks a table of their own): fails."""
    heroes = table(section(dc_pages[f"{DC}/cards/index.md"], "Super Hero"))
    assert len(heroes) == 10
    assert [r["Side"] for r in heroes] == ["Super Hero", "Sidekick"] * 5
    for hero, sidekick in zip(heroes[::2], heroes[1::2]):
        assert hero["Card"] == sidekick["Card"] and hero["Number"].split()[0] == sidekick["Number"].split()[0]
        assert sidekick["Text"].startswith("Recruit:") and sidekick["Kind"] == "sidekick"
    assert "Sidekick" not in [h.strip() for h in re.findall(r"^## (.+)$", dc_pages[f"{DC}/cards/index.md"], re.M)]


def test_the_dc_rules_page_ends_a_turn_in_the_rulebooks_order(dc_pages):
    """"Ending Your Turn": the hand discarded, "at the end of your turn" effects, the cards
    played discarded, five drawn, the Line-Up refilled, the next Nemesis flipped; the unspent
    Power lost. Mutation: the turn-end steps said inline (`Phrases.block` for `guarded`'s
    steps): fails."""
    page = dc_pages[f"{DC}/rules/index.md"]
    ending = section(page, "A turn").split("Ending your turn")[1]
    said = [plain(s) for s in re.findall(r"<li>(.*?)(?=<li>|</ol>)", ending)]
    order = [next(i for i, s in enumerate(said) if mark in s) for mark in
             ("for each c in cards-in(hand)", "raise(turn-over", "for each c in cards-in(played)", "draw(me, 5)",
              "size(cards-in(lineup))", "draw-into(nemesis)")]
    assert order == sorted(order) and len(set(order)) == 6
    assert "Power (0)" in plain(ending)
    zones = {r["Zone"]: r for r in table(section(page, "Where the cards lie"))}
    assert zones["Line-Up"]["Who sees its cards"] == "everyone: its cards lie face up"
    assert zones["Nemesis stack"]["Who sees its cards"] == "no one: its cards lie face down"
    assert "runs its First Appearance - Attack" in zones["Face-up Nemesis"]["How the game uses it"]
    assert "Rulings" in re.findall(r"^## (.+)$", page, re.M)


def test_the_dc_modes_are_listed_and_the_events_played_under_the_advanced_game(dc_pages):
    """The Advanced Game and the two Challenge Variants on the rules page, each with its own
    rules and not the game's end again; the Events a table of their own, played only in the
    Advanced Game (the mode names their pile, the game's own blocks never do), on the cards page
    and in the zones. Mutations: `mode_brings` finding nothing, or the modes' rows with the
    game's "To win" again (`own_end_only` False): each fails."""
    rules = dc_pages[f"{DC}/rules/index.md"]
    modes = section(rules, "Modes")
    assert re.findall(r"^### (.+)$", modes, re.M) == ["Additional Weaknesses", "Advanced Game", "Marathon"]
    advanced = modes.split("### Advanced Game")[1].split("### Marathon")[0]
    assert [r["Rule"] for r in table(advanced)] == ["Setup, step by step", "Rule: Defeating a Nemesis removes an Event"]
    assert "To win" not in modes
    events = section(dc_pages[f"{DC}/cards/index.md"], "Event")
    assert "Played only in the mode Advanced Game." in plain(events) and len(table(events)) == 6
    zones = {r["Zone"]: r for r in table(section(rules, "Where the cards lie"))}
    assert zones["Event cards"]["At setup"] == "the cards of: Event; played only in the mode Advanced Game"
    assert "played only" not in zones["Main deck"]["At setup"]
