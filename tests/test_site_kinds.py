"""Components of a kind the site has no template for (card types of other games, which content
may declare): rendered on a generic page with their name, printed text, a properties table with
the source of each fact, their parts, and their effect for authors; never dropped, never a failure.

The fixture is the rulings box (tests/fixtures/site/rulings/) with, added to its IR, a Super Hero
card of a kind no template knows, holding a part of another unknown kind.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
import re

import pytest

from mayhem.compiler import driver
from mayhem.site.build import build_from
from mayhem.site.model import KIND_ORDER

from conftest import FIXTURES

KIND = "super-hero-card"


def hero_card(ir: dict) -> dict:
    """A component of an unknown kind, with the effect and span of the fixture's Mayhem card."""
    shield = next(c for c in ir["components"] if c["qid"] == "faq-box/shield-up")
    rulebook = {"kind": "rulebook", "section": "Cards"}
    return {
        "qid": "faq-box/whatever-it-takes", "kind": KIND, "id": "whatever-it-takes", "name": "Whatever it Takes",
        "scope": "faq-box", "box": "faq-box", "span": shield["span"], "source": {"kind": "authored"},
        "props": {
            "text": {"value": "Deal 2 damage to each opponent at the end of your turn.", "source": {"kind": "authored"}},
            "attack": {"value": 2, "source": rulebook},
            "copies": {"value": 3, "source": {"kind": "authored"}},
            "symbols": {"value": ["attack", "draw-play"], "source": {"kind": "authored"}},
        },
        "effects": {"super-power": copy.deepcopy(shield["effects"]["effect"])},
        "triggers": [],
        "children": [{
            "qid": "faq-box/whatever-it-takes/flip", "kind": "card-face", "id": "flip", "name": "Flip side",
            "scope": "faq-box", "box": "faq-box", "span": shield["span"], "source": {"kind": "authored"},
            "props": {"defense": {"value": 4, "source": {"kind": "authored"}}},
            "effects": {}, "triggers": [], "children": [],
        }],
    }


@pytest.fixture(scope="module")
def kinds_site(tmp_path_factory) -> Path:
    comp = driver.compile_paths([FIXTURES / "site" / "rulings"])
    assert comp.ok
    assert KIND not in KIND_ORDER
    comp.ir["components"].append(hero_card(comp.ir))
    out = tmp_path_factory.mktemp("kinds") / "site"
    build_from(comp, out, docs={})
    return out


def article(site: Path, path: str) -> str:
    html = (site / path).read_text(encoding="utf-8")
    return re.search(r'<article class="md-content__inner[^"]*">(.*?)</article>', html, re.S).group(1)


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_component_of_an_unknown_kind_gets_a_generic_page(kinds_site):
    page = article(kinds_site, "faq-box/super-hero-cards/whatever-it-takes/index.html")
    assert re.search(r"<h1[^>]*>Whatever it Takes", page)
    card = page.split('<div class="mh-card mh-card-generic" data-kind="super-hero-card">', 1)[1]
    assert 'class="mh-card-name">Whatever it Takes<' in card and ">Super hero card<" in card
    # the printed text first, before the properties
    assert card.index("Deal 2 damage to each opponent") < card.index("mh-props-table")
    table = re.search(r'<table class="mh-props-table">(.*?)</table>', card, re.S).group(1)
    rows = [text(r) for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)]
    assert rows == ["Property Value Source", "Attack 2 Rulebook: Cards", "Copies 3 Authored",
                    "Symbols attack, draw-play Authored"]
    assert '<a href="../../rules/index.html">Cards</a>' in table  # the rulebook section links to the rules
    # its part, of another unknown kind, drawn the same way inside it
    assert 'data-kind="card-face" id="faq-box-whatever-it-takes-flip"' in card
    assert "Defense 4 Authored" in text(card)
    # the effect as the rules read it (the site's `mh-kernel` block): collapsed, for authors, out of search
    reading = re.search(r'<details class="mh-kernel"[^>]*>(.*?)</details>', card, re.S).group(1)
    assert "For authors: the effect as the rules kernel plays it" in reading and "Super power" in text(reading) and "Guard" in text(reading)
    authors = page.split('id="for-authors"', 1)[1]
    assert '<div class="highlight"' in authors and "shield-up" in authors  # the DSL source, as for every page
    assert "flowchart" not in authors and "No effect graph" in authors  # the compiler drew it none


def test_the_unknown_kind_is_listed_like_the_others(kinds_site):
    overview = article(kinds_site, "faq-box/index.html")
    assert '<a href="super-hero-cards/index.html">Super hero cards</a>: 1' in overview
    listing = article(kinds_site, "faq-box/super-hero-cards/index.html")
    assert "whatever-it-takes/index.html" in listing
    index = article(kinds_site, "components/index.html")
    assert "Whatever it Takes" in index
    nav = (kinds_site / "index.html").read_text(encoding="utf-8")
    assert "Super hero cards" in nav
    docs = json.loads((kinds_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    hit = next(d for d in docs if d["location"] == "faq-box/super-hero-cards/whatever-it-takes/index.html")
    assert hit["tags"] == ["FAQ Mayhem", "Super hero card"]
    assert "Deal 2 damage" in hit["text"] and "Super power" not in hit["text"]  # the rules' reading is not searched


def test_a_box_of_another_game_gets_no_mayhem_pages(tmp_path):
    """A box of another game (it names its `game`; Marvel Mayhem: no Victory Points, no board) has
    its overview, its components' pages and its FAQ, and none of the Mayhem system's pages (setup,
    round, rules, modes, card sheets), which would say rules it does not play; no link leads to one."""
    comp = driver.compile_paths([FIXTURES / "site" / "rulings"])
    ir = comp.ir
    box = next(c for c in ir["components"] if c["kind"] == "box")
    box["props"] = {"text": box["props"]["text"], "game": {"value": "duel", "source": None, "span": None}}
    box["children"] = [c for c in box["children"] if c["kind"] == "ruling"]
    ir["components"] = [c for c in ir["components"] if c["box"] is None or c["kind"] == "box"] + [hero_card(ir)]
    out = tmp_path / "site"
    build_from(comp, out, docs={})  # raises on a broken link
    assert sorted(p.name for p in (out / "faq-box").iterdir()) == ["faq", "index.html", "super-hero-cards"]
    overview = article(out, "faq-box/index.html")
    assert "Victory Points to win" not in overview and '<a href="faq/index.html">FAQ</a>' in overview
    home = article(out, "index.html")
    assert 'href="faq-box/setup/index.html"' not in home and 'href="faq-box/faq/index.html"' in home
    card = article(out, "faq-box/super-hero-cards/whatever-it-takes/index.html")
    assert "Rulebook: Cards" in text(card) and 'href="../../rules/index.html"' not in card


def test_a_name_in_a_property_links_to_a_sibling_never_to_the_component_itself():
    """game.mh's `figure character { card-type character }`: the card type is no part of the
    game, so the value is its word, not a link from the figure to its own card; a name that is a
    sibling (a zone's `draws-from`) still links to it."""
    from types import SimpleNamespace

    from markupsafe import Markup

    from mayhem.site.crosslinks import CrossLinks

    class Stub(CrossLinks):
        m = SimpleNamespace(by_qid={"g/game:mayhem/character": {}, "g/game:mayhem/go-deck": {}})

        def link(self, qid, label=None):
            return Markup(f"<a {qid}>")

    figure = {"kind": "figure", "qid": "g/game:mayhem/character"}
    zone = {"kind": "zone", "qid": "g/game:mayhem/mission"}
    assert str(Stub().prop_value(figure, "card-type", "character")) == "character"
    assert str(Stub().prop_value(zone, "draws-from", "go-deck")) == "<a g/game:mayhem/go-deck>"
