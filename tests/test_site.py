"""The rule-reference site: pages, escaping, the lexer, the generated reference, determinism.

The site of the real content is built once per worker (xdist group "site"); the
browser tests are in tests/test_site_browser.py.
"""
from __future__ import annotations

import filecmp
from html.parser import HTMLParser
import json
from pathlib import Path
import re
import shutil

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Keyword, Name

from mayhem.compiler import builtins as B
from mayhem.compiler.mayhem_events import shipped
from mayhem.dsl import codes, schema
from mayhem.site import escape
from mayhem.site.build import broken_links, build_site
from mayhem.site.lexer import MayhemLexer
from mayhem.site.model import SiteModel
from mayhem.site.reference import grammar_sections
from mayhem.site.render import render

from conftest import CONTENT, FIXTURES

HOSTILE = FIXTURES / "site" / "hostile"


# content_copy, docs, site and hostile_site: tests/conftest.py (one build per session)


def page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def main_text(html: str) -> str:
    """The article of a page (the theme's navigation aside)."""
    m = re.search(r'<article class="md-content__inner[^"]*">(.*?)</article>', html, re.S)
    assert m, "no article"
    return m.group(1)


# ---- the lexer -----------------------------------------------------------------------

def test_lexer_is_registered_with_pygments():
    for name in ("mayhem", "mh"):
        assert isinstance(get_lexer_by_name(name), MayhemLexer)
    assert isinstance(get_lexer_for_filename("robin.mh"), MayhemLexer)


def test_lexer_tokens_follow_the_grammar_and_the_vocabulary():
    src = 'in box teen-titans-go\ncharacter robin "Robin" {\n  life 12\n  ability a "A" {\n' \
          '    standard { attack(one foe in here) }\n    on enter when open(here) { move }\n  }\n}\n'
    tokens = [(t, v) for t, v in MayhemLexer().get_tokens(src) if v.strip()]
    kinds = dict((v, t) for t, v in tokens)
    assert kinds["character"] in Keyword.Declaration and kinds["robin"] in Name.Class
    assert kinds["life"] in Name.Attribute
    assert kinds["standard"] in Name.Tag
    assert kinds["attack"] in Name.Builtin
    assert kinds["open"] in Name.Function
    assert kinds["here"] in Name.Variable.Magic
    assert kinds["foe"] in Keyword.Type
    assert kinds["enter"] in Name.Label
    assert kinds["when"] in Keyword


def test_lexer_never_fails_on_any_content_file():
    lexer = MayhemLexer(stripnl=False, ensurenl=False)
    for path in sorted(list(CONTENT.rglob("*.mh")) + list(HOSTILE.rglob("*.mh"))):
        text = path.read_text(encoding="utf-8")
        tokens = list(lexer.get_tokens(text))
        assert "".join(v for _, v in tokens) == text, path  # every character is kept, in order
        assert not [v for t, v in tokens if "Error" in str(t)], path


# ---- escaping ------------------------------------------------------------------------

@pytest.mark.parametrize("raw", ["<script>alert(1)</script>", "*bold* [x](y)", "a | b", ":smile:", "`x`",
                                 '"><img src=x onerror=alert(1)>', "==mark==", "# h", "&amp;"])
def test_escape_leaves_no_markup(raw):
    out = str(escape.text(raw))
    assert not set("<>\"'`*[]|=#&") & set(re.sub(r"&#?\w+;", "", out))
    import html
    assert html.unescape(out) == raw


class _Elements(HTMLParser):
    """Every element with its attributes, and the text inside <script> elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if tag == "script":
            self.scripts.append("")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts[-1] += data


def test_hostile_names_render_as_text(hostile_site):
    card = page(hostile_site, "hostile/mayhem-cards/script/index.html")
    assert "&lt;script&gt;alert&#40;1&#41;&lt;/script&gt;" in card or "&lt;script&gt;alert(1)&lt;/script&gt;" in card
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; - Mayhem rule reference</title>" in card
    bold = page(hostile_site, "hostile/characters/bold/index.html")
    article = main_text(bold)
    assert "&#42;bold&#42; &#91;x&#93;(y)" in article  # *bold* [x](y), as text
    assert "<em>bold</em>" not in bold and 'href="y"' not in bold
    for path in sorted(hostile_site.rglob("*.html")):
        parser = _Elements()
        parser.feed(path.read_text(encoding="utf-8"))
        for tag, attrs in parser.elements:
            assert not [a for a in attrs if a.startswith("on")], (path, tag, attrs)
            assert tag not in ("img", "svg", "u", "b", "i") or "onerror" not in attrs, (path, tag)
        for text in parser.scripts:
            assert "alert(" not in text, (path, text[:200])
        raw = path.read_text(encoding="utf-8")
        assert 'src="x"' not in raw
        # the setup page's board is the one SVG of the site's making: the names in it are text
        board = re.search(r'<figure class="mh-board-figure" id="board">.*?</figure>', raw, re.S)
        if board:
            assert board.group(0).count("<svg") == 1 and "<svg onload" not in board.group(0)
            assert board.group(0).count("<text") == board.group(0).count("</text>")
            raw = raw.replace(board.group(0), "")
        # no element, attribute or URL of the content's making: the names hold <b>, <u>, <i>, <em>,
        # <svg onload>, <script>, a Markdown link and emphasis
        article = _Elements()
        article.feed(main_text(raw) if "<article" in raw else "")
        tags = [t for t, _ in article.elements]
        assert not {"script", "svg", "img", "iframe", "u", "b", "i"} & set(tags), (path, set(tags))
        for tag, attrs in article.elements:
            assert not (attrs.get("href") or "").lower().startswith(("javascript:", "data:", "y")), (path, attrs)
            assert "style" not in attrs or tag in ("div", "span", "td", "th"), (path, tag, attrs)
        for bad in ("<u>X</u>", "<em>co</em>", "<b>Mayhem</b>", "<i>module</i>", "<em>bold</em>", "<svg", "<script>"):
            assert bad not in main_text(raw) if "<article" in raw else True, (path, bad)


def test_hostile_names_are_escaped_in_the_nav_and_the_search_index(hostile_site):
    index = page(hostile_site, "index.html")
    assert "Hostile &lt;b&gt;Mayhem&lt;/b&gt;" in index  # a box name, in the navigation
    search = json.loads(page(hostile_site, "search/search_index.json"))
    titles = [d["title"] for d in search["docs"]]
    assert not [t for t in titles if "<script" in t or "<b>" in t]


# ---- pages ---------------------------------------------------------------------------

def test_every_component_has_its_stable_page(site, ir):
    model = SiteModel(ir)
    for path, comp in model.pages.items():
        assert (site / path.replace(".md", ".html")).is_file(), path
    for url in ("teen-titans-go/characters/robin", "looney-tunes/characters/bugs-bunny",
                "teen-titans-go/mayhem-cards/pizza-time", "teen-titans-go/go-cards/bring-the-pizza",
                "looney-tunes/locations/desert-road", "looney-tunes/tokens/acme-heal-2",
                "shared/core/keywords/melee-attack", "shared/core/tokens/stun",
                "teen-titans-go/npcs/out-of-control-cyborg"):
        assert (site / url / "index.html").is_file(), url


def test_box_pages(site):
    for box, term in (("teen-titans-go", "Character"), ("looney-tunes", "Toon")):
        for sub in ("", "components/", "setup/", "round/", "rules/", "modes/"):
            assert (site / box / sub / "index.html").is_file()
        rules = main_text(page(site, f"{box}/rules/index.html"))
        assert f"{term}s and their dashboards" in rules
        other = "Toon" if term == "Character" else "Character"
        assert f"{other}s and their dashboards" not in rules
    comps = main_text(page(site, "looney-tunes/components/index.html"))
    row = re.search(r"<td>Mayhem cards</td>(.*?)</tr>", comps, re.S)
    assert row, "no Mayhem cards row"
    assert re.findall(r"<td>(\d+)", row.group(1))[-1] == "22"  # the content holds 22 Mayhem cards
    rnd = main_text(page(site, "teen-titans-go/round/index.html"))
    assert "Fire" in rnd  # Fire burns at Recovery
    setup = main_text(page(site, "looney-tunes/setup/index.html"))
    assert "Desert Road" in setup and "Wrong Instructions" in setup


def test_dashboard_of_a_character(site):
    robin = main_text(page(site, "teen-titans-go/characters/robin/index.html"))
    assert 'class="mh-dashboard"' in robin
    assert "Staff Meeting" in robin and "Hero Reflexes" in robin and "Team Leader" in robin
    assert re.search(r'class="mh-slot-value">4\+<', robin)
    assert 'class="mh-eff-label">Mayhem<' in robin
    assert re.search(r'title="Life Points">12', robin)
    bugs = main_text(page(site, "looney-tunes/characters/bugs-bunny/index.html"))
    assert 'data-side="a"' in bugs and 'data-side="b"' in bugs


def test_card_renderings(site):
    pizza = main_text(page(site, "teen-titans-go/mayhem-cards/pizza-time/index.html"))
    assert 'class="mh-card mh-card-mayhem"' in pizza
    assert 'class="mh-timing"' in pizza and 'class="mh-duration"' in pizza and "mh-ffa" in pizza
    flower = main_text(page(site, "looney-tunes/mayhem-cards/flower-power/index.html"))
    assert "Reaction" in flower
    acme = main_text(page(site, "looney-tunes/tokens/acme-heal-2/index.html"))
    assert "mh-usable" in acme
    assert "mh-card-location" in main_text(page(site, "looney-tunes/locations/desert-road/index.html"))
    assert "mh-card-go" in main_text(page(site, "teen-titans-go/go-cards/bring-the-pizza/index.html"))


def test_provenance_on_components_and_differing_facts(site):
    robin = main_text(page(site, "teen-titans-go/characters/robin/index.html"))
    # the rulebook section links to the box's rules page
    assert 'Rulebook: <a href="../../rules/index.html">Basic Concepts &gt; Character Dashboard</a>' in robin
    assert robin.count('class="mh-legend"') == 1  # what the badges mean, once a page
    bugs = main_text(page(site, "looney-tunes/characters/bugs-bunny/index.html"))
    for side in ("a", "b"):  # both sides of a two-sided dashboard carry their badge
        head = bugs.split(f'data-side="{side}"', 1)[1].split('class="mh-dash-text"', 1)[0]
        assert "mh-prov-" in head, side
    assert "Name in the rulebook: Components" in robin
    # Staff Meeting's text is printed, its slot is authored: the slot is marked
    assert re.search(r"Slot: 4 <sup class=\"mh-prov-mark mh-prov-authored\"", robin)
    # Body Armor is printed, its standard and Mayhem effects are authored: both are marked
    cyborg = main_text(page(site, "teen-titans-go/characters/cyborg/index.html"))
    armor = cyborg.split("Body Armor", 1)[1].split('class="mh-ability"', 1)[0]
    assert armor.count('mh-prov-mark mh-prov-authored') >= 2
    assert "<td>Mayhem effect</td>" in cyborg
    index = main_text(page(site, "components/index.html"))
    assert index.count("mh-prov-authored") + index.count("mh-prov-rulebook") >= 100


def test_glossary_links_every_user(site, ir):
    glossary = main_text(page(site, "glossary/index.html"))
    model = SiteModel(ir)
    for comp in model.components:
        if comp["kind"] in ("keyword", "token"):
            assert f'id="{re.sub("[^a-z0-9]+", "-", comp["qid"].lower()).strip("-")}"' in glossary, comp["qid"]
    entry = glossary.split('id="shared-core-keyword-melee-attack"')[1].split("<h3")[0]
    assert "../teen-titans-go/characters/robin/index.html" in entry
    entry = glossary.split('id="teen-titans-go-token-fire"')[1].split("<h3")[0]
    assert "starfire" in entry  # through FIRE X


def test_dsl_source_is_highlighted_and_the_graph_is_mermaid(site):
    robin = page(site, "teen-titans-go/characters/robin/index.html")
    assert re.search(r'<span class="kd">character</span>', robin)
    assert re.search(r'<span class="nc">robin</span>', robin)
    authors = robin.split('<details class="mh-authors"', 1)[1].split("</details>", 1)[0]
    assert '<pre class="mh-graph-src"><code>flowchart TD' in authors  # drawn in the browser when opened
    assert '<span class="nc">robin</span>' in authors  # the DSL is for authors, collapsed
    assert "mermaid.min.js" not in robin  # loaded only when a graph is opened


def test_competitive_mode(site):
    comp = main_text(page(site, "competitive/index.html"))
    row = re.search(r'characters/cyborg/index.html">Cyborg[^<]*</a></td>(.*?)</tr>', comp.split("What applies")[1], re.S)
    assert row and "Fire" in row.group(1) and "all provided" in row.group(1)


def test_reference_is_generated_from_the_definitions(site):
    ref = main_text(page(site, "reference/index.html"))
    for kind in schema.KINDS:
        assert f"<code>{kind}</code>" in ref, kind
    for name in list(B.PRIMITIVES) + list(B.FUNCTIONS) + list(B.CONTEXT_NAMES) + list(shipped()[0]):
        assert f"<code>{escape.html(name)}" in ref, name
    for code in codes.CODES:
        assert f'id="{code.lower()}"' in ref, code
    for section in grammar_sections():
        for name, _ in section.rules:
            if not name.startswith("%"):
                assert re.search(rf"(^|\n|>)[?!]?{re.escape(name)}", ref), name


def test_guide_and_docs_pages(site):
    guide = main_text(page(site, "guide/index.html"))
    assert "beast-boy" in guide  # the README's tutorial, included
    assert (site / "guide" / "language" / "index.html").is_file()


def test_consistency_report_hook(ir, compiled):
    model = SiteModel(ir)
    site = render(model, report="# Consistency report\n\nEverything *checked*.\n")
    front, body = site.pages["consistency/index.md"].split("---\n\n", 1)
    assert front.startswith("---\ndescription: ")  # every page has its own meta description
    assert body.startswith("# Consistency report\n\nEverything *checked*.")
    plain = render(model, diagnostics=[])
    assert "No problems" in plain.pages["consistency/index.md"]


def test_site_is_offline(site):
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        assert not re.findall(r'(?:src|href)="(?:https?:)?//[^"]*\.(?:js|css|woff2?)', text), path
        assert "fonts.googleapis" not in text and "unpkg.com" not in text, path
    assert (site / "assets" / "vendor" / "mermaid.min.js").stat().st_size > 1_000_000
    assert (site / "assets" / "vendor" / "iframe-worker-shim.js").is_file()
    assert (site / "search" / "search_index.js").is_file()  # the offline plugin's search


def test_no_broken_links(site):
    assert broken_links(site) == []


def test_two_builds_are_identical(site, content_copy, docs, tmp_path):
    """The same content, copied to another folder and built into another folder: the same bytes."""
    elsewhere = tmp_path / "elsewhere" / "content"
    shutil.copytree(content_copy, elsewhere)
    again = tmp_path / "again"
    build_site(elsewhere, again, docs=docs)
    first = sorted(p.relative_to(site).as_posix() for p in site.rglob("*"))
    second = sorted(p.relative_to(again).as_posix() for p in again.rglob("*"))
    assert first == second
    files = [p for p in first if (site / p).is_file()]
    match, mismatch, errors = filecmp.cmpfiles(site, again, files, shallow=False)
    assert not mismatch and not errors, mismatch[:10]
    assert not (site / "sitemap.xml").exists()  # no site_url, no sitemap (its dates would differ)


def test_site_build_command_with_relative_paths_and_a_report(tmp_path, monkeypatch):
    from click.testing import CliRunner
    from mayhem.cli import main

    monkeypatch.chdir(tmp_path)
    Path("report.md").write_text("# Consistency report\n\nA report from elsewhere: *all clear*.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["site", "build", "-o", "out/site", "--content", str(HOSTILE),
                                       "--report", "report.md"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "site" / "index.html").is_file()
    assert (tmp_path / "out" / "site-src" / "mkdocs.yml").is_file()
    consistency = main_text(page(tmp_path / "out" / "site", "consistency/index.html"))
    assert "A report from elsewhere: <em>all clear</em>." in consistency
    again = CliRunner().invoke(main, ["site", "build", "-o", "out/site", "--content", str(HOSTILE)])
    assert again.exit_code == 0, again.output  # a folder it wrote before is rebuilt
    Path("mine").mkdir()
    Path("mine", "notes.txt").write_text("keep me", encoding="utf-8")
    refused = CliRunner().invoke(main, ["site", "build", "-o", "mine", "--content", str(HOSTILE)])
    assert refused.exit_code == 1 and Path("mine", "notes.txt").exists()


def test_main_job_builds_the_site_beside_the_ir(tmp_path):
    from click.testing import CliRunner
    from mayhem.cli import main

    result = CliRunner().invoke(main, ["build", "-o", str(tmp_path / "build"), "--content", str(HOSTILE)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "build" / "ir.json").is_file()
    assert (tmp_path / "build" / "site" / "hostile" / "characters" / "bold" / "index.html").is_file()
    assert "wrote the site" in result.output


@pytest.mark.parametrize("name", ["mayhem.site.escape", "mayhem.site.lexer"])
def test_doctests(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_site_serve_previews_the_site(tmp_path):
    """`mayhem site serve` renders the site and serves it (MkDocs' live-reload server)."""
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "mayhem.cli", "site", "serve", "--content", str(HOSTILE),
                             "--src", str(tmp_path / "src"), "--dev-addr", f"127.0.0.1:{port}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        body = None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/hostile/characters/bold/", timeout=5) as r:
                    body = r.read().decode("utf-8")
                    break
            except OSError:
                time.sleep(0.5)
        assert body is not None, proc.stdout.read().decode() if proc.poll() is not None else "no answer"
        assert "&#42;bold&#42; &#91;x&#93;(y)" in body
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_sitemap_with_a_site_url_is_deterministic(tmp_path):
    import gzip

    outs = []
    for name in ("a", "b"):
        out = tmp_path / name / "site"
        build_site(HOSTILE, out, site_url="https://rules.example.invalid/mayhem/")
        outs.append(out)
    first, second = ((o / "sitemap.xml.gz").read_bytes() for o in outs)
    assert first == second
    xml = gzip.decompress(first).decode("utf-8")
    assert "<loc>https://rules.example.invalid/mayhem/hostile/characters/bold/index.html</loc>" in xml
    assert "lastmod" not in xml
    assert (outs[0] / "sitemap.xml").read_bytes() == (outs[1] / "sitemap.xml").read_bytes()


def test_same_named_components_are_told_apart(site):
    """Two Invisible Paint cards, four Black Bases: titles and the nav carry the box and number."""
    lt = main_text(page(site, "looney-tunes/mayhem-cards/invisible-paint/index.html"))
    ttg = main_text(page(site, "teen-titans-go/mayhem-cards/invisible-paint/index.html"))
    assert re.search(r"<h1[^>]*>Invisible Paint \(Looney Tunes Mayhem\)<", lt)
    assert re.search(r"<h1[^>]*>Invisible Paint \(Teen Titans GO! Mayhem\)<", ttg)
    base = main_text(page(site, "looney-tunes/locations/black-base-2/index.html"))
    assert re.search(r"<h1[^>]*>Black Base 2 \(Looney Tunes Mayhem\)<", base)
    nav = page(site, "index.html")
    assert nav.count("Invisible Paint (") == 2 and "Black Base 1 (Teen Titans GO! Mayhem)" in nav
    titles = [d["title"] for d in json.loads(page(site, "search/search_index.json"))["docs"]]
    assert "Invisible Paint (Looney Tunes Mayhem)" in titles


def test_players_see_names_not_identifiers(site):
    modes = main_text(page(site, "looney-tunes/modes/index.html"))
    assert "lowest-dice" not in modes and "&#91;2&#93;" not in modes
    assert "on the corners of the board" in modes  # Free-For-All's `start corners`
    assert "Team 1: 2 players, 1 character each; Team 2: 1 player with 2 characters" in modes
    lab = main_text(page(site, "teen-titans-go/locations/the-lab/index.html"))
    card = lab.split('class="mh-card ', 1)[1].split("</details>", 1)[0]
    assert ">clue-spot<" not in card and ">Clue</a>" in card
    comp = main_text(page(site, "competitive/index.html"))
    provides = comp.split("What each board provides", 1)[1]
    assert "trap-stun" not in provides and "Trap/Stun tokens" in provides
    stun = main_text(page(site, "shared/core/tokens/stun/index.html")).split("<details", 1)[0]
    assert "move-or-ability" not in stun and "its free Move or its Ability, not both" in stun
    assert "On: a character" in stun
    paint = main_text(page(site, "looney-tunes/mayhem-cards/flower-power/index.html"))
    assert "<td>free-for-all</td>" not in paint


def test_authors_code_is_not_searched(site):
    index = page(site, "search/search_index.json")
    assert "flowchart" not in index
    robin = [d for d in json.loads(index)["docs"] if d["location"].startswith("teen-titans-go/characters/robin/")]
    assert robin and not [d for d in robin if "ability staff-meeting" in d["text"] or "For authors" in d["text"]]


def test_search_index_labels_components_with_their_box_and_kind(site):
    """Every section of a component's page carries its box and kind as tags (the search results'
    labels); the site's own pages carry none."""
    docs = json.loads(page(site, "search/search_index.json"))["docs"]
    paint = {d["location"].split("/")[0]: d["tags"] for d in docs
             if d["location"].endswith("mayhem-cards/invisible-paint/index.html")}
    assert paint == {"looney-tunes": ["Looney Tunes Mayhem", "Mayhem card"],
                     "teen-titans-go": ["Teen Titans GO! Mayhem", "Mayhem card"]}
    robin = [d for d in docs if d["location"].startswith("teen-titans-go/characters/robin/")]
    assert robin and all(d["tags"] == ["Teen Titans GO! Mayhem", "Character"] for d in robin)
    assert not [d for d in docs if d["location"].startswith(("glossary/", "teen-titans-go/rules/")) and "tags" in d]


def test_boxes_without_rulings_have_no_faq_page(site):
    """The Mayhem rulebooks print no FAQ: no empty FAQ page, no link to one (tests/test_site_rulings.py
    has a box with rulings)."""
    assert not (site / "teen-titans-go" / "faq").exists() and not (site / "looney-tunes" / "faq").exists()
    html = page(site, "teen-titans-go/index.html")
    assert 'href="faq/index.html"' not in html and not re.search(r"(?<![\w-])teen-titans-go/faq/", html)
    # Marvel Mayhem prints an FAQ: its page exists, and the navigation leads to it
    assert (site / "marvel-mayhem" / "faq" / "index.html").exists() and "marvel-mayhem/faq/index.html" in html


def test_round_summary_says_the_printed_rules_first(site):
    """What acts in each phase reads as the cards print it; the rules' reading (the site's
    `mh-kernel` block) is collapsed for authors (issue 14, point 4)."""
    rnd = main_text(page(site, "teen-titans-go/round/index.html"))
    recovery = rnd.split("Recovery (from the second round)", 1)[1].split("3. Activation", 1)[0]
    players, authors = recovery.split('<details class="mh-kernel"', 1)
    assert "if Raven is alone in her Location, she Heals 2" in players
    assert "count(" not in players and "mayhem-die" not in players
    assert "count(" in authors and "For authors: these rules as the rules kernel plays them" in authors
    assert "engine" not in rnd  # the engine was deleted: the rules kernel plays the boxes


def test_small_things(site, hostile_site):
    setup = page(site, "looney-tunes/setup/index.md".replace(".md", ".html"))
    src = (site.parent / "site-src" / "docs" / "looney-tunes" / "setup" / "index.md").read_text(encoding="utf-8")
    steps = src.split("## Teams and hands", 1)[1].split("##", 1)[0]
    assert re.findall(r"^(\d+)\. ", steps, re.M) == ["1"] * len(re.findall(r"^\d+\. ", steps, re.M))
    assert "<th></th>" not in main_text(page(site, "looney-tunes/index.html"))
    assert ".);" not in main_text(page(site, "teen-titans-go/rules/index.html"))
    descriptions = set()
    for path in ("index.html", "glossary/index.html", "teen-titans-go/characters/robin/index.html",
                 "looney-tunes/characters/bugs-bunny/index.html"):
        m = re.search(r'<meta name="description" content="([^"]*)">', page(site, path))
        descriptions.add(m.group(1))
    assert len(descriptions) == 4  # one of its own a page
    # the DC deck-builder's Robin shares the name: the site names which Robin it is
    assert "Robin (character, Teen Titans GO! Mayhem): character of Teen Titans GO! Mayhem." in page(site, "teen-titans-go/characters/robin/index.html")
    hostile = page(hostile_site, "hostile/mayhem-cards/script/index.html")
    assert '<meta name="description" content="&lt;script&gt;alert(1)&lt;/script&gt;: Mayhem card' in hostile
    assert setup


def test_consistency_report_links_findings_and_checks(site):
    report = main_text(page(site, "consistency/index.html"))
    ids = re.findall(r'<h3 id="([^"]+)"', report)
    assert ids and all(re.fullmatch(r"c\d{3}", i) for i in ids)  # anchors that do not hold counts
    assert '<a href="../reference/index.html#c703">how C703 works</a>' in report
    findings = re.findall(r"<li><strong>\w+</strong> <code>[^<]+</code>(.{0,200})", report)
    assert findings and all(f.startswith(' (<a href="../') for f in findings), findings[:3]
    assert '(<a href="../looney-tunes/characters/daffy-duck/index.html">Daffy Duck</a>)' in report


def test_related_cards(site):
    pizza = main_text(page(site, "teen-titans-go/mayhem-cards/pizza-time/index.html"))
    related = pizza.split('id="related-cards"', 1)[1].split("<h2", 1)[0]
    links = re.findall(r'<a href="([^"]+)">', related)
    assert 1 <= len(links) <= 6 and not [h for h in links if "pizza-time" in h]
    assert "../../characters/robin/index.html" in links  # a Teen Titans card first lists its own box


def test_rules_are_numbered_with_a_permalink_each(site):
    rules = main_text(page(site, "teen-titans-go/rules/index.html"))
    numbers = re.findall(r'<a class="mh-rule" href="#rule-(\d+)-(\d+)" id="rule-\1-\2"|'
                         r'<a class="mh-rule" id="rule-(\d+)-(\d+)" href="#rule-\3-\4"', rules)
    assert len(numbers) >= 10
    assert re.search(r'<h2 id="[^"]+">1\. Characters and their dashboards', rules)
    assert 'id="rule-3-1"' in rules and 'href="#rule-3-1"' in rules


def test_reference_links_examples_from_the_content(site):
    ref = main_text(page(site, "reference/index.html"))
    rows = re.findall(r"<tr>\s*<td><code>([\w-]+)</code></td>(.*?)</tr>", ref, re.S)
    with_examples = [name for name, row in rows if re.search(r'<td>(<a href="\.\./[^"]+/index\.html">)', row)]
    assert len(with_examples) >= 15, with_examples
    robin_kind = ref.split('<h3 id="character">', 1)[1].split("<h3", 1)[0]
    assert "In the content: " in robin_kind and "characters/" in robin_kind
