"""The site says the content's identifiers in the rulebooks' words: a mode's properties
(`hand-draw` is "Mayhem cards drawn at setup", never "Hand draw") on every page that lists them.
The pages are rendered to Markdown, without MkDocs: what is checked is what the templates write."""
from __future__ import annotations

import re

import pytest

from mayhem.compiler import driver
from mayhem.dsl import schema
from mayhem.site.model import SiteModel
from mayhem.site.render import render
from mayhem.site.words import mode_label

from conftest import CONTENT

MODE_PROPS = [p.name for p in schema.KINDS["mode"].props if p.name not in ("text", "source")]


def as_title(ident: str) -> str:
    return ident.replace("-", " ").lower()


@pytest.fixture(scope="module")
def pages(compiled) -> dict[str, str]:
    comp = compiled  # tests/conftest.py: the content, compiled once per session
    assert comp.ok, "the content compiles"
    return render(SiteModel(comp.ir, {n: sf.text for n, sf in comp.sources.items()}), docs={}).pages


@pytest.mark.parametrize("name", MODE_PROPS)
def test_every_mode_property_has_a_label_in_words(name):
    assert as_title(mode_label(name)) != as_title(name), f"{name!r} is labelled by its id"


def test_no_mode_page_shows_a_property_id_as_its_label(pages):
    ids = {as_title(n): n for n in MODE_PROPS}
    modes = [text for path, text in pages.items() if path.endswith("/modes/index.md")]
    assert modes, "the boxes have modes pages"
    labels = [label for text in modes for label in re.findall(r"^\| (.+?) \| ", text, re.M)]
    for mode_page in (text for path, text in pages.items() if "/modes/" in path and path.count("/") > 2):
        labels += re.findall(r"<tr><td>(.*?)</td>", mode_page)
    assert "Setup, step by step" in labels and "Left out of the game" in labels and "To win" in labels
    shown = [label for label in labels if as_title(label) in ids]
    assert not shown, f"labels that are property ids: {sorted(set(shown))}"


def win_rows(page: str) -> dict[str, str]:
    """The "To win" row of each mode of a box's modes page, by the mode's heading."""
    rows = {}
    for section in page.split("\n## ")[1:]:
        heading = section.split("\n", 1)[0]
        found = re.findall(r"^\| To win \| (.+) \|$", section, re.M)
        if found:
            rows[heading] = found[0]
    return rows


def test_the_modes_page_says_how_each_mode_is_won(pages):
    # the `win` property is gone: the row shows the mode's own `end when`, or the game's
    # (content/shared/game.mh, "The 1st Team to collect 5 Victory Points or successfully KO both
    # opposing Characters in the same round immediately wins the game")
    for box in ("teen-titans-go", "looney-tunes"):
        rows = win_rows(pages[f"{box}/modes/index.md"])
        assert set(rows) == {"Standard game", "3 players", "4 players", "Free-For-All Mayhem", "Competitive Mode"}
        page = pages[f"{box}/modes/index.md"]
        # the mode's own End of Round (Free-For-All: the board shrinks), said once, in its section
        [row] = [line for line in page.splitlines() if line.startswith("| At the end of each round | ")]
        assert "remove-location" in row and "activated-this-round" in row
        ffa = rows.pop("Free-For-All Mayhem")
        # "The last player left is the winner!"
        assert ffa.startswith("the game ends when count(all team where standing(it)) &lt;&#61; 1: ")
        assert "&#8220;last-standing&#8221;" in ffa and "this mode's own" in ffa and "win-vp" not in ffa
        for mode, row in rows.items():
            assert row.startswith("the game ends when count(all team where value(vp, of: it) &gt;&#61; "
                                  "box-property(&#8220;win-vp&#8221;) or all-ko-this-round(it)) &gt; 0"), mode
            assert "&#8220;double-ko&#8221;" in row and "the game's, <a href=" in row and ">Mayhem</a>" in row


def test_a_mode_without_its_own_end_when_shows_the_games(tmp_path):
    import shutil
    shutil.copytree(CONTENT, tmp_path / "content")
    modes = tmp_path / "content" / "shared" / "modes.mh"
    text = modes.read_text(encoding="utf-8")
    start = text.index("  end when count(all team where standing(it))")
    end = text.index("  }\n", start) + 4
    modes.write_text(text[:start] + text[end:], encoding="utf-8")
    comp = driver.compile_paths([tmp_path / "content"])
    assert comp.ok, [d.message for d in comp.diagnostics.items]
    site = render(SiteModel(comp.ir, {n: sf.text for n, sf in comp.sources.items()}), docs={}).pages
    ffa = win_rows(site["teen-titans-go/modes/index.md"])["Free-For-All Mayhem"]
    assert "win-vp" in ffa and "the game's" in ffa and "standing(it)" not in ffa
