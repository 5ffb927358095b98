"""`mayhem site build --balance FILE`: the balance page of a small results file, with its plots
as SVG files of the site (text kept as text, the numbers in them), each beside its data table
and with alt text; no script or CDN; a file that is no results file is a clear error. The
default run writes the MkDocs project (the page and its SVG files, as the build writes them);
the whole build through the command (MkDocs, its link check: about a minute and a half on the
loaded machine) is `slow`."""
from __future__ import annotations

import re

import pytest

from mayhem.balance.results import write
from mayhem.balance.stats import all_tables

from cli_helpers import invoke
from test_balance_stats import game


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    rows = []
    for n in range(10):  # robin+raven win 8 of 10 against cyborg+starfire
        rows += game(n, "raven+robin", "cyborg+starfire", n < 8, length=10 + n % 3,
                     hand_a="teen-titans-go/booyah", hand_b="teen-titans-go/pizza-time")
    path = tmp_path_factory.mktemp("balance") / "sweep.csv"
    write(path, rows, all_tables(rows))
    return path


def test_the_project_holds_the_page_and_its_svg_files(results, ir, compiled, tmp_path):
    from mayhem.balance.results import read
    from mayhem.site.build import write_project
    from mayhem.site.model import SiteModel
    from mayhem.site.render import render
    site = render(SiteModel(ir, {n: sf.text for n, sf in compiled.sources.items()}), docs={},
                  balance=read(results))
    assert {"Balance": "balance/index.md"} in site.nav
    write_project(site, tmp_path / "src")
    docs = tmp_path / "src" / "docs" / "balance"
    page = (docs / "index.md").read_text(encoding="utf-8")
    for name in ("heatmap.svg", "win-rates.svg", "lengths.svg", "cards.svg"):
        assert (docs / name).read_text(encoding="utf-8").lstrip().startswith("<?xml")
        assert re.search(rf'<img src="{re.escape(name)}" alt="[^"]{{20,}}">', page), name
    heat = (docs / "heatmap.svg").read_text(encoding="utf-8")
    assert ">80</text>" in heat and ">20</text>" in heat and ">robin</text>" in heat
    assert "| robin | cyborg | 10 | 8 | 80.0% |" in page
    assert "| raven+robin | cyborg+starfire | 10 | 8 | 0 | 80.0% |" in page
    assert "| teen-titans-go/booyah | 10 | 80.0% | 10 | 20.0% | +60.0 |" in page
    assert "The first player won 8 of 10 games" in page


@pytest.fixture(scope="module")
def built(results, tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    result = invoke("site", "build", "--balance", results, "-o", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
def test_the_page_and_its_plots(built):
    page = (built / "balance" / "index.html").read_text(encoding="utf-8")
    for name in ("heatmap.svg", "win-rates.svg", "lengths.svg", "cards.svg"):
        svg = (built / "balance" / name).read_text(encoding="utf-8")
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg
        assert re.search(rf'<img src="{re.escape(name)}" alt="[^"]{{20,}}"', page), name
    heat = (built / "balance" / "heatmap.svg").read_text(encoding="utf-8")
    # robin against cyborg: 8 of 10 (80), cyborg against robin 20: the cells' numbers, as text
    assert re.search(r">80</text>", heat) and re.search(r">20</text>", heat)
    assert ">robin</text>" in heat and ">cyborg</text>" in heat
    assert ">pizza-time</text>" in (built / "balance" / "cards.svg").read_text(encoding="utf-8")
    # the data tables beside the plots hold the numbers
    assert "<td>robin</td>\n<td>cyborg</td>\n<td>10</td>\n<td>8</td>\n<td>80.0%</td>" in page
    assert "<td>raven+robin</td>\n<td>cyborg+starfire</td>\n<td>10</td>\n<td>8</td>\n<td>0</td>\n<td>80.0%</td>" in page
    assert "The first player won 8 of 10 games" in page
    assert not re.search(r'<script[^>]+src="https?://', page)
    nav = (built / "index.html").read_text(encoding="utf-8")
    assert "balance/index.html" in nav


def test_not_a_results_file(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    result = invoke("site", "build", "--balance", bad, "-o", tmp_path / "site")
    assert result.exit_code == 1
    assert "bad.csv:1:1: not a results file of `mayhem balance`: no column board" in result.output
    assert "Traceback" not in result.output
