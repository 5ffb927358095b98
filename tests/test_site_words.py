"""The site says the content's identifiers in the rulebooks' words: a mode's properties
(`non-player-figure` is "A non-player figure in the centre", never "Non player figure") on every page that lists them.
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

pytestmark = pytest.mark.xdist_group("site")
MODE_PROPS = [p.name for p in schema.KINDS["mode"].props if p.name not in ("text", "source")]


def as_title(ident: str) -> str:
    return ident.replace("-", " ").lower()


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    comp = driver.compile_paths([CONTENT])
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
    assert "A non-player figure in the centre" in labels and "No GO! cards" in labels
    shown = [label for label in labels if as_title(label) in ids]
    assert not shown, f"labels that are property ids: {sorted(set(shown))}"
