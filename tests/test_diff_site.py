"""The site's history: with `site build --history`, a changelog page per release (grouped by
box, meaning changes apart from wording changes) and a History section on each component
page; without it, neither (the default build stays offline and deterministic)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.diff.history import build_history
from mayhem.site.model import SiteModel
from mayhem.site.render import render

from cli_helpers import invoke
from diff_helpers import edit, make_repo

ROBIN = "teen-titans-go/characters/robin/index.md"
CYBORG = "teen-titans-go/characters/cyborg/index.md"


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("repo"))
    # not committed: the content being built rewords Body Armor
    edit(root / "content", "teen-titans-go/cyborg.mh", 'text "Shield. Special: Melee Attack. Mayhem: +2 Damage."',
         'text "Shield. Special: make a Melee Attack. Mayhem: +2 Damage to it."')
    return root


@pytest.fixture(scope="module")
def built(repo):
    comp = driver.build([repo / "content"])
    assert comp.ir is not None
    return comp


def pages(comp, history=None) -> dict[str, str]:
    sources = {n: s.text for n, s in comp.sources.items()}
    return render(SiteModel(comp.ir, sources), history=history).pages


def test_changelog_per_release_grouped_by_box(repo, built):
    hist = build_history(["v1.0", "v2.0"], built.ir, cwd=repo / "content")
    assert [(r.label, r.previous) for r in hist.releases] == [("v2.0", "v1.0"), ("unreleased", "v2.0")]
    site = pages(built, hist)
    index = site["changelog/index.md"]
    assert index.index(">unreleased</a> | v2.0 | 0 | 1 | 0 |") < index.index(">v2.0</a> | v1.0 | 1 | 0 | 0 |")
    v2 = site["changelog/v2.0/index.md"]
    assert ("## Teen Titans GO! Mayhem\n\n### Meaning changed\n\n"
            "- <a href=\"../../teen-titans-go/characters/robin/index.html#") in v2
    assert "(ability): effect changed. Special: +2 Damage -&gt; +1 Damage" in v2
    assert "### Wording changed" not in v2
    unreleased = site["changelog/unreleased/index.md"]
    assert "### Wording changed" in unreleased and "### Meaning changed" not in unreleased
    assert "Cyborg › Body Armor</a> (ability): text changed." in unreleased


def test_component_history(repo, built):
    hist = build_history(["v1.0", "v2.0"], built.ir, cwd=repo / "content")
    site = pages(built, hist)
    robin = site[ROBIN]
    assert "## History\n\nThe versions in which its meaning changed (newest first):" in robin
    assert ('| <a href="../../../changelog/v2.0/index.html">v2.0</a> | Robin › Staff Meeting | '
            'effect changed: Special: +2 Damage -&gt; +1 Damage |') in robin
    # a rewording is not a change of meaning
    assert "## History\n\nIts meaning did not change since v1.0." in site[CYBORG]


def test_no_history_unless_asked(built):
    site = pages(built)
    assert not [p for p in site if p.startswith("changelog/")]
    assert "## History" not in site[ROBIN]
    assert pages(built) == site  # deterministic


def test_site_build_with_history(repo, tmp_path):
    out = tmp_path / "site"
    result = invoke("site", "build", "--content", repo / "content", "-o", out, "--history", "v1.0,v2.0")
    assert result.exit_code == 0, result.output
    html = (out / "changelog" / "v2.0" / "index.html").read_text(encoding="utf-8")
    assert "Special: +2 Damage -&gt; +1 Damage" in html
    assert "Changelog" in (out / "index.html").read_text(encoding="utf-8")  # in the navigation


def test_history_errors(repo, tmp_path):
    bad = invoke("site", "build", "--content", repo / "content", "-o", tmp_path / "s", "--history", "v1.0,nope")
    assert bad.exit_code == 2 and "error: --history: nope: no such folder, and not a revision" in bad.output
    assert not (tmp_path / "s").exists()


def test_history_from_git_log(repo, built):
    from mayhem.cli_diff import site_history
    hist = site_history("git", repo / "content", built)
    # the commits that changed content/ (the README commit did not), then the working tree
    assert hist.first == "v1.0"
    assert [r.label for r in hist.releases] == ["v2.0", "unreleased"]
    assert [c.name for _rel, c in hist.of("teen-titans-go/robin")] == ["Robin › Staff Meeting"]
    assert site_history(None, repo / "content", built) is None
