"""The built site in a real browser: Debian's Chromium, headless, driven by Playwright.

The site is served by a local http.server on 127.0.0.1; any request for anything
else (a CDN, a font) fails the test: the site works offline. Screenshots go to
test-output/site/ at the top of the repository.

The default run opens one page of each type at a phone's width (overflow, page errors,
axe-core, served by the tests' server so that Chromium compiles it once); the sweep marked
`slow` opens every page. The links and anchors of every page are checked without a browser
(tests/test_site_links.py). The module runs first (tests/conftest.py FIRST), its tests shared
out by `--dist worksteal`: each worker that runs one starts its own Chromium, and the site is
built once for the run (tests/conftest.py `once`).
"""
from __future__ import annotations

from functools import partial
import gzip
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
import os
import re
from pathlib import Path
import threading
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

from conftest import REPO

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
SHOTS = REPO / "test-output" / "site"


# ---- fixtures ------------------------------------------------------------------------

@pytest.fixture(scope="session")
def built(site) -> Path:
    """The site of the real content (tests/conftest.py: built once for the run)."""
    return site


@pytest.fixture(scope="session")
def hostile(hostile_site) -> Path:
    return hostile_site


class _Quiet(SimpleHTTPRequestHandler):
    """A static server like the hosts a site is published on: text is sent gzip-compressed
    when the browser accepts it (GitHub Pages, Netlify and nginx's gzip_static all do)."""

    COMPRESS = (".html", ".js", ".css", ".json", ".svg", ".xml", ".txt")

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if urlsplit(path).path == AXE_URL:  # the tests' axe-core, beside the site (`axe_violations`)
            return str(AXE)
        return super().translate_path(path)

    def send_head(self):
        path = self.translate_path(self.path)
        if path == str(AXE):  # sent as a file (Last-Modified): the browser caches it, compiled once
            return super().send_head()
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not path.endswith(self.COMPRESS) \
                or not os.path.isfile(path):
            return super().send_head()
        import io
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def _serve(directory: Path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def base(built):
    server, url = _serve(built)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")  # one Playwright at a time in a process: other modules start their own
def browser():
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: scripts/system-deps.sh --browser installs it"
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Watch:
    """A page whose console errors, page errors, failed and outside requests are recorded."""

    def __init__(self, browser, *, width: int = 1280, init_script: Path | None = None) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        if init_script is not None:  # run in every page as it loads, before its own scripts
            self.context.add_init_script(path=str(init_script))
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.outside: list[str] = []
        self.dialogs: list[str] = []
        self.context.on("request", self._request)
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        # a request cut short by leaving the page (net::ERR_ABORTED) is no failure of the site
        self.page.on("requestfailed", lambda r: "ERR_ABORTED" not in (r.failure or "") and
                     self.problems.append(f"failed: {r.url} {r.failure}"))
        self.page.on("response", lambda r: r.status >= 400 and self.problems.append(f"{r.status}: {r.url}"))
        self.page.on("dialog", self._dialog)

    def _request(self, request):
        url = request.url
        if not (url.startswith(("file:", "data:", "blob:", "about:")) or urlsplit(url).hostname == "127.0.0.1"):
            self.outside.append(url)

    def _dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def goto(self, url: str):
        response = self.page.goto(url, wait_until="load")
        assert response is not None and response.ok, (url, response and response.status)
        return response

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        return path

    def close(self):
        self.context.close()

    def assert_clean(self):
        assert not self.problems, self.problems[:10]
        assert not self.outside, self.outside[:10]
        assert not self.dialogs, self.dialogs


@pytest.fixture
def watch(browser):
    w = Watch(browser)
    yield w
    w.close()


# Every element of the article whose content is wider than its box and does not scroll: text cut
# off (overflow hidden or clip) or spilling past its box. Screen-reader-only text (1 px, clipped on
# purpose) is not content a reader sees.
OVERFLOW_JS = """() => {
  const bad = [];
  const root = document.querySelector('article');
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1) bad.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
  for (const el of root.querySelectorAll('*')) {
    const st = getComputedStyle(el);
    if (st.display === 'none' || el.closest('details:not([open]) > :not(summary)')) continue;
    if (el.clientWidth <= 1 || st.position === 'absolute' && st.clip !== 'auto') continue;
    const scrolls = ['auto', 'scroll'].includes(st.overflowX);
    // 4 px of slack: the padding of a code span broken across lines (box-decoration-break) is no text
    if (!scrolls && el.scrollWidth > el.clientWidth + 4 && el.clientWidth > 0) {
      bad.push(el.tagName.toLowerCase() + '.' + el.className + ': ' + el.scrollWidth + ' > ' + el.clientWidth +
               ' ' + el.textContent.trim().slice(0, 40));
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > vw + 1 || r.left < -1) && !el.closest('.md-typeset__scrollwrap, .highlight, .mh-graph-view, .md-typeset__table')) {
      bad.push('past the screen: ' + el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  }
  return bad;
}"""

AXE = REPO / "site" / "vendor" / "axe.min.js"
AXE_URL = "/.tests/axe.min.js"  # where the tests' server (`_Quiet`) serves AXE, outside the site


def axe_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page (WCAG 2.1 A and AA, and best practice).
    axe is injected unless the context already adds it to every page (`add_init_script`): from the
    tests' server when the page came from one (the browser compiles the 650 KB script once and
    keeps it, a second a page less than sending its text into each page), else as text."""
    if not page.evaluate("() => !!window.axe"):
        if page.url.startswith("http://127.0.0.1:"):
            page.add_script_tag(url=AXE_URL)
        else:
            page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ['violations']});
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""")
    return found


def page_type(path: str) -> str:
    """What template made a page: a component page stands for its kind's pages, a box's pages for
    every box's (`BOX/setup/index.html`), other pages for themselves."""
    parts = path.split("/")
    if len(parts) == 5 and parts[0] == "shared":  # shared/core/keywords/flee/index.html
        return f"{parts[0]}/{parts[1]}/{parts[2]}/*"
    if len(parts) == 4 and parts[0] not in ("guide", "shared"):
        return f"BOX/{parts[1]}/*"
    if len(parts) == 4:
        return f"{parts[0]}/{parts[1]}/*"
    if len(parts) >= 2 and parts[0] not in ("guide", "glossary", "components", "competitive", "consistency",
                                              "reference", "shared"):
        return "BOX/" + "/".join(parts[1:])
    return path


def open_graph(page):
    """Open the 'for authors' section and wait for the effect graph to be drawn."""
    page.locator("details.mh-authors > summary").click()
    page.wait_for_selector("figure.mh-graph[data-drawn] svg", timeout=30_000)
    return page.locator("figure.mh-graph").first


# ---- tests ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, path, expect", [
    ("home", "index.html", "Teen Titans GO! Mayhem"),
    ("dashboard-robin", "teen-titans-go/characters/robin/index.html", "Staff Meeting"),
    ("dashboard-bugs-bunny", "looney-tunes/characters/bugs-bunny/index.html", "Slingshot"),
    ("card-pizza-time", "teen-titans-go/mayhem-cards/pizza-time/index.html", "Pizza Time"),
    ("acme-token", "looney-tunes/tokens/acme-heal-2/index.html", "Heal 2"),
    ("glossary", "glossary/index.html", "Melee Attack"),
    ("competitive", "competitive/index.html", "Cyborg"),
])
def test_page_renders_without_errors(watch, base, name, path, expect):
    watch.goto(base + path)
    watch.page.wait_for_load_state("networkidle")
    assert expect in watch.page.inner_text("article")
    assert watch.page.title().endswith("Mayhem rule reference")
    watch.shot(name)
    watch.assert_clean()


def test_dashboard_is_drawn(watch, base):
    watch.goto(base + "looney-tunes/characters/bugs-bunny/index.html")
    dashboards = watch.page.locator(".mh-dashboard")
    assert dashboards.count() == 2  # sides A and B
    box = dashboards.first.bounding_box()
    assert box["width"] > 300 and box["height"] > 200
    assert watch.page.locator(".mh-dashboard .mh-slot").count() >= 4
    watch.assert_clean()


@pytest.mark.parametrize("width", [1280, 360])
def test_effect_graph_is_drawn_on_demand_with_readable_labels(browser, base, width):
    """The graph is drawn only when the authors' section opens, at its natural size: every label
    at 12 px or more on screen, even for the widest graphs, on a phone too; the view scrolls."""
    watch = Watch(browser, width=width)
    try:
        for path in ("looney-tunes/characters/daffy-duck/index.html", "looney-tunes/characters/bugs-bunny/index.html",
                     "teen-titans-go/locations/titans-tower/index.html"):
            watch.goto(base + path)
            assert watch.page.evaluate("() => !window.mermaid")  # not loaded before it is wanted
            assert watch.page.locator("details.mh-authors").get_attribute("open") is None
            graph = open_graph(watch.page)
            sizes = watch.page.evaluate("""() => {
              const svg = document.querySelector('figure.mh-graph svg');
              const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              return [...svg.querySelectorAll('.nodeLabel, .edgeLabel, text')]
                .filter(e => e.textContent.trim())
                .map(e => parseFloat(getComputedStyle(e).fontSize) * scale);
            }""")
            assert len(sizes) >= 3, path
            assert min(sizes) >= 12, (path, width, min(sizes))
            view = watch.page.locator(".mh-graph-view").first
            assert view.evaluate("e => getComputedStyle(e).overflowX") == "auto"
            assert watch.page.locator(".mh-graph-button", has_text="Full screen").count() == 1
            if "daffy" in path:
                SHOTS.mkdir(parents=True, exist_ok=True)
                graph.scroll_into_view_if_needed()
                watch.page.screenshot(path=str(SHOTS / f"graph-daffy-duck-{width}.png"))
        watch.assert_clean()
    finally:
        watch.close()


PAGES_AT_WIDTHS = ["index.html", "looney-tunes/characters/bugs-bunny/index.html",
                   "looney-tunes/characters/daffy-duck/index.html", "teen-titans-go/characters/robin/index.html",
                   "teen-titans-go/go-cards/bring-the-pizza/index.html", "looney-tunes/mayhem-cards/flower-power/index.html",
                   "components/index.html", "competitive/index.html", "teen-titans-go/setup/index.html",
                   "looney-tunes/modes/index.html", "glossary/index.html",
                   # the rules text of a game's round and actions, and of a mode's own rules
                   "shared/game/games/mayhem/index.html", "shared/modes/modes/free-for-all/index.html",
                   # a deck-builder's cards (wide tables that scroll in their own box) and rules
                   "dc-teen-titans-go/cards/index.html", "dc-teen-titans-go/rules/index.html"]


@pytest.mark.parametrize("width", [360, pytest.param(768, marks=pytest.mark.slow), pytest.param(1280, marks=pytest.mark.slow)])  # the tablet's and the desktop's in the sweep
def test_pages_fit_every_screen(browser, base, width):
    """Screenshots at phone, tablet and desktop widths; no element of the article cuts off or
    spills its content (tables and code scroll in their own box)."""
    watch = Watch(browser, width=width)
    try:
        for path in PAGES_AT_WIDTHS:
            watch.goto(base + path)
            assert watch.page.evaluate(OVERFLOW_JS) == [], (path, width)
            watch.shot(f"{path.replace('/index.html', '').replace('/', '-').replace('.html', '')}-{width}")
        watch.assert_clean()
    finally:
        watch.close()


def test_the_board_reads_on_a_phone(browser, base):
    """The board of the setup page at 360 px: every tile's name at 12 px or more on screen, the
    whole board inside the screen, named for screen readers by its title and description."""
    watch = Watch(browser, width=360)
    try:
        for box in ("teen-titans-go", "looney-tunes"):
            watch.goto(base + f"{box}/setup/index.html")
            board = watch.page.locator("figure.mh-board-figure svg")
            assert board.get_attribute("role") == "img"
            info = watch.page.evaluate("""() => {
              const svg = document.querySelector('figure.mh-board-figure svg');
              const r = svg.getBoundingClientRect();
              const scale = r.width / svg.viewBox.baseVal.width;
              return {sizes: [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * scale),
                      names: [...svg.querySelectorAll('.mh-tile text[font-weight="700"]')].map(t => t.textContent),
                      left: r.left, right: r.right, vw: document.documentElement.clientWidth,
                      label: svg.querySelector('title').textContent};
            }""")
            assert min(info["sizes"]) >= 12, (box, min(info["sizes"]))
            assert info["left"] >= 0 and info["right"] <= info["vw"], info
            assert "Black Base" in info["names"] and "White Base" in info["names"]
            assert info["label"].startswith("The board of ") and "(3-4-3)" in info["label"]
            assert watch.page.evaluate(OVERFLOW_JS) == []
            SHOTS.mkdir(parents=True, exist_ok=True)
            board.screenshot(path=str(SHOTS / f"board-{box}-360.png"))
        watch.assert_clean()
    finally:
        watch.close()


def test_a_page_without_a_diagram_is_light(browser, base):
    """Bytes over the wire (a compressing server, as sites are hosted) for a cold page: under 300 KB
    for pages without a graph, and for a character page while its graph is closed."""
    for path in ("glossary/index.html", "reference/index.html", "looney-tunes/characters/bugs-bunny/index.html"):
        watch = Watch(browser, width=390)
        sizes: dict[str, int] = {}

        def done(request, sizes=sizes):
            s = request.sizes()
            sizes[request.url] = sizes.get(request.url, 0) + s["responseBodySize"] + s["responseHeadersSize"]

        watch.context.on("requestfinished", done)
        try:
            watch.goto(base + path)
            watch.page.wait_for_load_state("networkidle")
            total = sum(sizes.values())
            assert not [u for u in sizes if "mermaid" in u], path
            assert 50_000 < total < 300_000, (path, total, sorted(sizes.items(), key=lambda kv: -kv[1])[:5])
            print(f"{path}: {total} bytes transferred")
        finally:
            watch.close()


def test_index_tables_sort_and_filter(watch, base):
    """The index of components sorts by a column (tablesort) and filters by box, kind and keyword."""
    watch.goto(base + "components/index.html")
    rows = watch.page.locator("article table tbody tr")
    total = rows.count()
    assert total > 100

    def first_names():
        return [rows.nth(i).locator("td").first.inner_text() for i in range(3)]

    before = first_names()
    watch.page.locator("article table th", has_text="Name").click()
    watch.page.locator("article table th", has_text="Name").click()  # descending
    assert watch.page.locator("article table th[aria-sort='descending']").count() == 1
    assert first_names() != before
    box = watch.page.locator("select.mh-filter-choice[aria-label='Filter the table by box']")
    box.select_option("Looney Tunes Mayhem")
    shown = [rows.nth(i) for i in range(total) if rows.nth(i).is_visible()]
    assert 10 < len(shown) < total
    assert all(r.locator("td").nth(2).inner_text() == "Looney Tunes Mayhem" for r in shown)
    watch.page.locator("select.mh-filter-choice[aria-label='Filter the table by kind']").select_option("Mayhem card")
    watch.page.fill("input.mh-filter-text", "paint")
    visible = [rows.nth(i).inner_text() for i in range(total) if rows.nth(i).is_visible()]
    assert len(visible) == 1 and "Invisible Paint" in visible[0], visible
    assert watch.page.locator(".mh-filter-count").inner_text() == f"1 of {total} shown"
    watch.shot("index-filtered")
    watch.assert_clean()


def test_card_sheets_print_nine_real_size_cards_a_page(watch, base):
    watch.goto(base + "looney-tunes/print/index.html")
    watch.page.emulate_media(media="print")
    cards = watch.page.locator(".mh-sheet .mh-card")
    n = cards.count()
    assert n == 22 + 0  # the box's Mayhem cards (Looney Tunes has no GO! cards)
    mm = 96 / 25.4  # CSS pixels in a millimetre
    for i in (0, n - 1):
        box = cards.nth(i).bounding_box()
        assert abs(box["width"] - 63 * mm) < 2 and abs(box["height"] - 88 * mm) < 2, box
    pdf = watch.page.pdf(format="A4", print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == -(-n // 9), pages  # nine to a page: 22 cards on 3 pages
    watch.assert_clean()


def test_dark_mode(watch, base):
    watch.goto(base + "teen-titans-go/characters/robin/index.html")
    assert watch.page.get_attribute("body", "data-md-color-scheme") == "default"
    watch.page.locator("label[title='Dark mode']").first.click()
    assert watch.page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert axe_violations(watch.page) == []
    watch.shot("dark-robin")
    watch.assert_clean()


def test_search_finds_a_card_by_name(watch, base):
    watch.goto(base + "index.html")
    watch.page.click("label.md-search__icon, .md-search__input")
    watch.page.fill("input.md-search__input", "")
    watch.page.keyboard.type("Pizza Time", delay=30)
    first = watch.page.locator(".md-search-result__item").first
    first.wait_for(timeout=30_000)
    # the results are drawn again as each key arrives: wait for the whole query's, then read
    # them all in one evaluation (read one by one, a list drawn again between two reads
    # loses the item being read)
    watch.page.wait_for_function(
        "() => [...document.querySelectorAll('.md-search-result__link')].some(a => a.innerText.includes('Pizza Time'))",
        timeout=30_000)
    results = watch.page.locator(".md-search-result__link")
    texts = results.all_inner_texts()
    hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any("Pizza Time" in t for t in texts), texts
    assert any("Mayhem card" in t and "Teen Titans GO!" in t for t in texts), texts  # its kind and box
    assert any("mayhem-cards/pizza-time/" in (h or "") for h in hrefs), hrefs
    watch.shot("search-pizza-time")
    watch.assert_clean()


def test_search_results_carry_the_box_and_the_kind_as_labels(watch, base):
    """Two Mayhem cards named Invisible Paint, one in each box: each search result says which box
    and what kind it is, as labels (the theme draws a page's `tags`), and axe-core finds nothing
    serious in the open results."""
    watch.goto(base + "index.html")
    watch.page.click("label.md-search__icon, .md-search__input")
    watch.page.keyboard.type("Invisible Paint", delay=30)
    watch.page.locator(".md-search-result__item").first.wait_for(timeout=30_000)
    labels = watch.page.evaluate("""() => [...document.querySelectorAll('.md-search-result__item')]
      .map(li => [li.querySelector('a').getAttribute('href'),
                  [...li.querySelector('article').querySelectorAll('.md-tag')].map(t => t.textContent.trim())])""")
    found = {href.split("#")[0].rsplit("/", 3)[0].rsplit("/", 2)[-1] + "/" + href.split("/")[-2]: tags
             for href, tags in labels if "invisible-paint/" in href}
    assert found.get("looney-tunes/invisible-paint") == ["Looney Tunes Mayhem", "Mayhem card"], labels
    assert found.get("teen-titans-go/invisible-paint") == ["Teen Titans GO! Mayhem", "Mayhem card"], labels
    # a page of no component (a box's rules) carries no labels
    assert all(tags == [] for href, tags in labels if "/rules/" in href or "glossary" in href), labels
    assert axe_violations(watch.page) == []
    watch.shot("search-invisible-paint")
    watch.assert_clean()


def site_pages(built: Path) -> list[str]:
    """Every page of the built site (its assets aside), by path."""
    return sorted(p.relative_to(built).as_posix() for p in built.rglob("*.html")
                  if not p.relative_to(built).as_posix().startswith("assets/"))


def one_page_of_each_type(pages: list[str], built: Path | None = None) -> list[str]:
    """The first page (by path) of each type of page (`page_type`); a box of a game of the rules
    kernel (it has `games/`) has its own types, its pages being other templates' (its rules page
    is no Mayhem box's rules page). There a component page or a list of components (a card of
    any card type: the DC box has eleven, each with its folder) is typed by what its article is
    made of (the `mh-` classes in it, read from `built`): one Hero page stands for the Villains',
    but a Location's, with its rules, is checked apart."""
    kernel = {p.split("/")[0] for p in pages if p.split("/")[1:2] == ["games"]}
    first: dict[str, str] = {}
    for path in pages:
        kind = page_type(path)
        if kind.startswith("BOX/") and path.split("/")[0] in kernel:
            kind = f"kernel {kind}"
            made_of = _made_of(built / path) if built is not None else set()
            if made_of & {"mh-card", "mh-columns"}:
                kind = f"kernel {len(path.split('/'))} " + " ".join(sorted(made_of))
        first.setdefault(kind, path)
    return list(first.values())


def _made_of(page: Path) -> set[str]:
    """The `mh-` classes of a page's article."""
    html = page.read_text(encoding="utf-8")
    article = html[html.find("<article"):html.find("</article>")]
    return set(re.findall(r'class="(mh-[a-z-]+)', article))


def phone_check(watch: Watch, base: str, paths: list[str]) -> None:
    """Each page at a phone's width: it loads, nothing of its article is cut off or spills past the
    screen, axe-core finds no serious or critical violation; no page error, failed request or
    request leaving the machine on any of them."""
    overflow: dict[str, list[str]] = {}
    access: dict[str, list[str]] = {}
    for path in paths:
        watch.goto(base + path)
        overflow[path] = watch.page.evaluate(OVERFLOW_JS)
        access[path] = axe_violations(watch.page)
    assert not {u: v for u, v in overflow.items() if v}, list({u: v for u, v in overflow.items() if v}.items())[:5]
    assert not {u: v for u, v in access.items() if v}, list({u: v for u, v in access.items() if v}.items())[:5]
    watch.assert_clean()


TYPE_CHUNKS = 6  # the pages of each type in six tests (half a minute each), which two workers share out


@pytest.mark.parametrize("chunk", range(TYPE_CHUNKS))
def test_a_page_of_each_type_reads_on_a_phone_and_passes_axe_core(browser, base, built, chunk):
    """One page of each type (a component page stands for its kind's, a box's for every box's) at
    360 px: nothing cut off, no page error, axe-core finds nothing serious. Every page of the site
    in the sweep marked `slow` below; the links and anchors of every page in test_site_links.py."""
    types = one_page_of_each_type(site_pages(built), built)
    assert len(types) > 25
    watch = Watch(browser, width=360)
    try:
        phone_check(watch, base, types[chunk::TYPE_CHUNKS])
    finally:
        watch.close()


@pytest.mark.slow
def test_every_page_reads_on_a_phone_and_passes_axe_core(browser, base, built):
    """Every page of the site at a phone's width, in one pass: nothing of its article cut off, no
    page error or failed request, and no serious or critical axe-core violation. About 200 pages
    take minutes on two busy cores, so the default run checks one page of each type (above) and
    this sweep runs apart: `./scripts/test.sh -m slow`."""
    import time
    pages = site_pages(built)
    assert len(pages) > 150
    watch = Watch(browser, width=360, init_script=AXE)  # axe added to every page as it loads
    start = time.perf_counter()
    try:
        phone_check(watch, base, pages)
    finally:
        watch.close()
    print(f"{len(pages)} pages at 360 px with axe-core: {time.perf_counter() - start:.1f} s")


def test_hostile_names_do_not_run(browser, hostile):
    server, url = _serve(hostile)
    watch = Watch(browser)
    try:
        for path in ("hostile/mayhem-cards/script/index.html", "hostile/characters/bold/index.html",
                     "hostile/locations/tag-soup/index.html", "glossary/index.html", "index.html"):
            watch.goto(url + path)
            watch.page.wait_for_load_state("networkidle")
        watch.goto(url + "hostile/mayhem-cards/script/index.html")
        assert watch.page.inner_text("article h1").replace("\u00b6", "").strip() == "<script>alert(1)</script>"
        assert watch.page.locator("article .mh-card-name").inner_text() == "<script>alert(1)</script>"
        assert watch.page.title().startswith("<script>alert(1)</script>")
        watch.goto(url + "hostile/characters/bold/index.html")
        assert watch.page.inner_text("article h1").replace("\u00b6", "").strip() == "*bold* [x](y)"
        assert "*bold* [x](y)" in watch.page.inner_text("nav.md-nav--primary")
        open_graph(watch.page)
        watch.shot("hostile-bold")
        assert watch.dialogs == []
        watch.assert_clean()
    finally:
        watch.close()
        server.shutdown()
        server.server_close()


def test_site_works_from_the_file_system(browser, built):
    """Opened as files (no server at all): pages, the Mermaid graph and search all work."""
    watch = Watch(browser)
    try:
        watch.page.goto((built / "teen-titans-go" / "characters" / "robin" / "index.html").as_uri())
        open_graph(watch.page)
        watch.page.goto((built / "index.html").as_uri())
        watch.page.click("label.md-search__icon, .md-search__input")
        watch.page.keyboard.type("Bugs Bunny", delay=30)
        watch.page.locator(".md-search-result__item").first.wait_for(timeout=30_000)
        assert "Bugs Bunny" in watch.page.inner_text(".md-search-result")
        watch.shot("file-search-bugs-bunny")
        assert not watch.outside, watch.outside
        assert not [p for p in watch.problems if "pageerror" in p], watch.problems
    finally:
        watch.close()


def test_the_watch_sees_what_leaves_the_machine(browser, tmp_path):
    """The offline check itself: a page that asks a CDN for a script and logs an error is caught."""
    (tmp_path / "index.html").write_text(
        '<!doctype html><title>t</title><script src="https://cdn.invalid/lib.js"></script>'
        '<script>console.error("boom")</script>', encoding="utf-8")
    server, url = _serve(tmp_path)
    watch = Watch(browser)
    try:
        watch.goto(url + "index.html")
        assert watch.outside == ["https://cdn.invalid/lib.js"]
        assert any("boom" in p for p in watch.problems)
    finally:
        watch.close()
        server.shutdown()
        server.server_close()
