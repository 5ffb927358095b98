"""Rulings and FAQ answers on the site: the `ruling` declaration, the "Rulings" section of a
component's page and the box's FAQ page, from the fixture content root tests/fixtures/site/rulings/
(a small box with rulings on the box, a character's Ability, a Mayhem card and a shared keyword).
"""
from __future__ import annotations

import html
import json
from pathlib import Path
import re
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.site.build import build_site

from conftest import FIXTURES

RULINGS = FIXTURES / "site" / "rulings"


@pytest.fixture(scope="module")
def faq_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rulings") / "site"
    build_site(RULINGS, out)
    return out


def article(site: Path, path: str) -> str:
    html = (site / path).read_text(encoding="utf-8")
    m = re.search(r'<article class="md-content__inner[^"]*">(.*?)</article>', html, re.S)
    assert m, path
    return m.group(1)


def rulings(html: str) -> list[tuple[str, str, str]]:
    """(question, answer, source badge text) of every ruling on a page, in order."""
    out = []
    for block in re.findall(r'<div class="mh-ruling" id="[^"]+">(.*?)</div>\s*(?=<div class="mh-ruling"|</div>)',
                            html, re.S):
        q = re.sub(r"<[^>]+>", "", re.search(r'mh-ruling-q">(.*?)</p>', block, re.S).group(1))
        a = re.sub(r"<[^>]+>", "", re.search(r'mh-ruling-a">(.*?)</p>', block, re.S).group(1))
        src = re.sub(r"<[^>]+>", "", re.search(r'mh-ruling-src">(.*?)</p>', block, re.S).group(1))
        out.append((" ".join(q.split()), " ".join(a.split()), " ".join(src.split())))
    return out


def test_a_ruling_compiles_into_the_ir_as_a_child_of_its_component():
    comp = driver.build([RULINGS]) if hasattr(driver, "build") else driver.compile_paths([RULINGS])
    assert comp.ok, [d.message for d in comp.diagnostics.items if d.severity == "error"]
    card = next(c for c in comp.ir["components"] if c["qid"] == "faq-box/shield-up")
    twice = next(ch for ch in card["children"] if ch["kind"] == "ruling" and ch["id"] == "twice")
    assert twice["name"] == "Can I play Shield Up twice in one turn?"
    assert twice["props"]["answer"]["value"] == "Yes, if you hold two; each is played on its own."
    assert twice["source"] == {"kind": "rulebook", "section": "Frequently Asked Questions"}
    # a ruling is no component of the box: the component list's counts do not see it
    assert not [d for d in comp.diagnostics.items if d.code == "C101"]


@pytest.mark.parametrize("body, code, hint", [
    ('ruling no-answer "Does it stack?" {\n    source authored\n  }', "E205", "answer"),
    ('ruling bad "Q?" {\n    answer "A."\n    answr "B."\n  }', "E202", "answer"),
])
def test_a_broken_ruling_is_a_positioned_error(tmp_path, body, code, hint):
    root = tmp_path / "rulings"
    shutil.copytree(RULINGS, root)
    card = root / "components.mh"
    text = card.read_text(encoding="utf-8").replace('  ruling after-ko "Does Guard last after a KO?" {\n'
                                                   '    answer "No."\n  }', "  " + body)
    card.write_text(text, encoding="utf-8")
    comp = driver.compile_paths([root])
    errors = [d for d in comp.diagnostics.items if d.severity == "error"]
    assert [d.code for d in errors] == [code], [(d.code, d.message) for d in errors]
    assert errors[0].span.file.endswith("components.mh") and errors[0].span.line > 20
    assert hint in (errors[0].hint or "") + errors[0].message


def test_rulings_stand_on_the_page_of_their_component(faq_site):
    card = article(faq_site, "faq-box/mayhem-cards/shield-up/index.html")
    assert re.search(r"<h2[^>]*>Rulings", card)
    assert card.index("Rulings") > card.index('class="mh-card mh-card-mayhem"')  # after the card's face
    assert rulings(card) == [
        ("Q. Can I play Shield Up twice in one turn?", "A. Yes, if you hold two; each is played on its own.",
         "Rulebook: Frequently Asked Questions"),
        ("Q. Does Guard last after a KO?", "A. No.", "Authored"),
    ]
    hero = article(faq_site, "faq-box/characters/hero/index.html")
    assert [r[0] for r in rulings(hero)] == ["Q. Can Jab hit a Character in an adjacent Location? (on Jab)"]
    keyword = article(faq_site, "rules/keywords/melee-attack/index.html")
    assert [r[0] for r in rulings(keyword)] == ["Q. Does a Melee Attack reach an adjacent Location?"]
    # a component without rulings has no such section
    assert "Rulings" not in article(faq_site, "faq-box/locations/market/index.html")


def test_the_box_has_a_faq_page(faq_site):
    faq = article(faq_site, "faq-box/faq/index.html")
    headings = [html.unescape(re.sub(r"<[^>]+>", "", h)).replace("¶", "").strip() for h in re.findall(r"<h2[^>]*>(.*?)</h2>", faq, re.S)]
    assert headings == ["About the game", "Hero", "Shield Up", "Melee Attack"]
    assert [r[0] for r in rulings(faq)] == [
        "Q. Can a Character heal above its Life Points?",
        "Q. Can Jab hit a Character in an adjacent Location? (on Jab)",
        "Q. Can I play Shield Up twice in one turn?", "Q. Does Guard last after a KO?",
        "Q. Does a Melee Attack reach an adjacent Location?",
    ]
    assert '<a href="../mayhem-cards/shield-up/index.html">' in faq
    overview = article(faq_site, "faq-box/index.html")
    assert '<a href="faq/index.html">FAQ</a>' in overview
    nav = (faq_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="faq-box/faq/index.html"[^>]*>\s*(<span[^>]*>\s*)?FAQ', nav)


def test_rulings_are_found_by_search(faq_site):
    docs = json.loads((faq_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    hits = [d["location"] for d in docs if "twice in one turn" in d["text"]]
    assert "faq-box/mayhem-cards/shield-up/index.html#rulings" in hits
    assert any(h.startswith("faq-box/faq/index.html") for h in hits)
