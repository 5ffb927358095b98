"""Every link of the built site resolves, read from its HTML without a browser.

Every page of the site (html.parser over the built files): every link to a page or file of the
site leads to a file that exists, every `#anchor` to an id of its page, and everything a page
loads (scripts, stylesheets, images, icons, the `url()`s of its stylesheets) comes from the site
itself: the site works offline. What needs a browser (page errors, overflow at a phone's width,
axe-core) is tests/test_site_browser.py's.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
import re
from urllib.parse import unquote, urljoin, urlsplit

import pytest

ORIGIN = "http://site.invalid/"  # where the pages are read as served from: the site's root
LOADS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "audio": "src",
         "video": "src", "embed": "src", "object": "data"}
LOADED_LINKS = {"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")


@dataclass
class Page:
    """What a page of the site holds: its ids, the links it offers and what it loads."""

    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)
    loads: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag, attrs):
        a = {k: v for k, v in attrs if v is not None}
        if a.get("id"):
            self.page.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.page.ids.add(a["name"])
        if tag == "a" and "href" in a:
            self.page.links.append(a["href"])
        elif tag == "link" and "href" in a:
            rels = set(a.get("rel", "").lower().split())
            (self.page.loads if rels & LOADED_LINKS else self.page.links).append(a["href"])
        elif tag in LOADS and a.get(LOADS[tag]):
            self.page.loads.append(a[LOADS[tag]])
        if a.get("srcset"):
            self.page.loads += [part.split()[0] for part in a["srcset"].split(",") if part.strip()]


def read_page(path: Path) -> Page:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader.page


def _target(root: Path, url: str) -> tuple[Path | None, str]:
    """The file of the site an absolute URL names (None when it points outside the site) and its
    anchor. A folder, with or without its closing slash, stands for its index.html."""
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}/" != ORIGIN:
        return None, ""
    path = unquote(parts.path).lstrip("/")
    file = root / path
    if path == "" or path.endswith("/") or file.is_dir():
        file = file / "index.html"
    return file, unquote(parts.fragment)


def problems(root: Path) -> tuple[int, int, list[str]]:
    """The pages of a built site, how many of them a reader reaches from its home page by its
    links, and every link that leads nowhere, anchor missing from its page or file loaded from
    outside the site (each a line naming the page it is on)."""
    pages = {p: read_page(p) for p in sorted(root.rglob("*.html"))}
    found: list[str] = []
    reached, queue = set(), [root / "index.html"]
    while queue:
        path = queue.pop()
        if path in reached or path not in pages:
            continue
        reached.add(path)
        here = ORIGIN + path.relative_to(root).as_posix()
        queue += [file for file, _ in (_target(root, urljoin(here, href)) for href in pages[path].links) if file]
    for path, page in pages.items():
        here = ORIGIN + path.relative_to(root).as_posix()
        name = path.relative_to(root).as_posix()
        for href in page.links:
            if href.startswith(("javascript:", "data:")):
                found.append(f"{name}: a link runs code or holds data: {href[:60]}")
                continue
            file, anchor = _target(root, urljoin(here, href))
            if file is None:
                continue  # a link to another site: the reader's choice, nothing the page loads
            if not file.is_file():
                found.append(f"{name}: {href} leads to no file of the site")
            elif anchor and file.suffix == ".html" and anchor not in pages[file].ids:
                found.append(f"{name}: {href}: no id {anchor!r} on {file.relative_to(root).as_posix()}")
        for src in page.loads:
            found += _load_problem(root, name, here, src)
    for css in sorted(root.rglob("*.css")):
        here = ORIGIN + css.relative_to(root).as_posix()
        for src in CSS_URL.findall(css.read_text(encoding="utf-8")):
            found += _load_problem(root, css.relative_to(root).as_posix(), here, src)
    return len(pages), len(reached), found


def _load_problem(root: Path, name: str, here: str, src: str) -> list[str]:
    if src.startswith(("data:", "#")):
        return []
    file, _ = _target(root, urljoin(here, src))
    if file is None:
        return [f"{name}: loads {src} from outside the site"]
    if not file.is_file():
        return [f"{name}: loads {src}, which is no file of the site"]
    return []


def test_every_internal_link_resolves(site):
    """Every page of the site: its links lead to files of the site, its anchors to ids of their
    pages, and all it loads is the site's own; a reader reaches the pages from the home page."""
    count, reached, found = problems(site)
    assert count > 150 and reached > 150
    assert found == [], found[:10]


def test_the_link_check_catches_a_broken_link_a_missing_anchor_and_an_outside_load(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">A</h2><a name="old"></a>', encoding="utf-8")
    (tmp_path / "style.css").write_text("body{background:url(https://cdn.invalid/x.png)}"
                                        " p{background:url('a/index.html')}", encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<link rel="stylesheet" href="style.css"><link rel="next" href="a/">'
        '<a href="a/#here">ok</a><a href="a#old">ok</a><a href="/a/index.html">ok</a>'
        '<a href="https://example.org/x">elsewhere</a><a href="#">top</a>'
        '<a href="b/">no page</a><a href="a/#there">no anchor</a><a href="a%20b.html">no file</a>'
        '<script src="https://cdn.invalid/lib.js"></script><img src="missing.png">'
        '<img srcset="a/index.html 1x, gone.png 2x">', encoding="utf-8")
    count, reached, found = problems(tmp_path)
    assert count == 2 and reached == 2
    assert found == [
        "index.html: b/ leads to no file of the site",
        "index.html: a/#there: no id 'there' on a/index.html",
        "index.html: a%20b.html leads to no file of the site",
        "index.html: loads https://cdn.invalid/lib.js from outside the site",
        "index.html: loads missing.png, which is no file of the site",
        "index.html: loads gone.png, which is no file of the site",
        "style.css: loads https://cdn.invalid/x.png from outside the site",
    ]
