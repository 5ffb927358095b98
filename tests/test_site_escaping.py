"""The site's escaping as a property: any name, over every character that means something to
Markdown, HTML or Mermaid, reads back as itself on every page that shows it.

The hostile fixture's IR is given generated names; the pages that show names (the component's
page, its kind's index, the index of components, the glossary, the box page) are rendered by the
templates and converted by Python-Markdown with the site's extensions, and the text of each element
that shows a name is compared with the name. The Mermaid label of the graph is decoded and
compared too, and the nav title as the theme writes it.
"""
from __future__ import annotations

import copy
import html
from html.parser import HTMLParser
from pathlib import Path
import re

from hypothesis import given, settings, strategies as st
import markdown
import pytest
import yaml

from mayhem.compiler import driver
from mayhem.site import escape
from mayhem.site.build import MARKDOWN_EXTENSIONS, nav_yaml
from mayhem.site.graph import label as mermaid_label
from mayhem.site.model import SiteModel
from mayhem.site.render import GLOSSARY, INDEX, Renderer

from conftest import FIXTURES

TEMPLATES = Path(__file__).resolve().parent.parent / "site" / "templates"
# Markdown (emphasis, code, links, lists, headings, tables, attribute lists, the pymdownx marks),
# HTML (tags, entities, attributes) and Mermaid (shapes, edges, entity codes, comments)
SPECIAL = "\\`*_{}[]()#+-.!|~^=<>&\"';:%/@$?,"
NAMES = st.text(alphabet=SPECIAL + "ab1 ", min_size=1, max_size=24).map(lambda s: " ".join(s.split())).filter(bool)
TARGETS = {"hostile/script": "mayhem-card", "hostile/bold": "character", "rules:keyword:guard": "keyword",
           "rules:token:shield": "token", "hostile/tag-soup": "location"}


class _Node:
    def __init__(self, tag: str, attrs: dict, parent: "_Node | None") -> None:
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        for c in self.children:
            if isinstance(c, _Node):
                yield c
                yield from c.walk()


class _Tree(HTMLParser):
    VOID = {"br", "img", "hr", "input", "meta", "link", "col", "wbr"}

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = self.cur = _Node("root", {}, None)
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        node = _Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        if tag not in self.VOID:
            self.cur = node

    def handle_endtag(self, tag):
        node = self.cur
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.cur = node.parent

    def handle_data(self, data):
        self.cur.children.append(data)


@pytest.fixture(scope="module")
def hostile_ir():
    comp = driver.compile_paths([FIXTURES / "site" / "hostile"])
    assert comp.ok and comp.ir is not None
    return comp.ir


def _md():
    config = yaml.load(MARKDOWN_EXTENSIONS, Loader=yaml.Loader)["markdown_extensions"]
    names, configs = [], {}
    for ext in config:
        if isinstance(ext, str):
            names.append(ext)
        else:
            (name, conf), = ext.items()
            names.append(name)
            configs[name] = conf
    return markdown.Markdown(extensions=names, extension_configs=configs)


def _rename(ir: dict, names: dict[str, str]) -> dict:
    ir = copy.deepcopy(ir)

    def visit(x):
        if isinstance(x, dict):
            if x.get("qid") in names:
                x["name"] = names[x["qid"]]
            for v in x.values():
                visit(v)
        elif isinstance(x, list):
            for v in x:
                visit(v)

    visit(ir)
    return ir


def _pages(model: SiteModel, qids) -> dict[str, str]:
    r = Renderer(model)
    r.write(GLOSSARY, "glossary.md.j2", entries=r.glossary_entries())
    r.write(INDEX, "index.md.j2")
    for qid in qids:
        c = model.by_qid[qid]
        page = model.page_of(qid)
        if page and c["kind"] not in ("tag", "icon"):
            r.write(page, "component.md.j2", c=c, box=model.box(c["box"]) if c.get("box") else None)
            kind_index = page.rsplit("/", 2)[0] + "/index.md"
            r.write(kind_index, "kind.md.j2", scope=page.split("/")[0], kind=c["kind"],
                    comps=model.of_kind(c["kind"], page.split("/")[0]), box=model.box(c.get("box") or ""))
    return r.site.pages


def _texts_of(tree: _Tree, page: str, model: SiteModel, qid: str) -> list[str]:
    """The texts that show the component's name on a page: headings, the card's name, links to it."""
    c = model.by_qid[qid]
    out = []
    own = model.page_of(qid)
    anchor_id = re.sub(r"[^a-z0-9]+", "-", qid.lower()).strip("-")
    for n in tree.root.walk():
        cls = n.attrs.get("class", "") or ""
        if n.tag == "h1" and page == own:
            out.append(n.text().replace("\u00b6", "").strip())
        elif "mh-card-name" in cls.split() or "mh-dash-name" in cls.split():
            if page == own:
                out.append(n.text())
        elif n.tag == "h3" and n.attrs.get("id") == anchor_id:
            out.append(n.text().replace("\u00b6", "").strip())
        elif n.tag == "a" and own and (n.attrs.get("href", "").endswith(own.rsplit("/", 1)[0].split("/")[-1] + "/index.html")
                                       and c["kind"] not in ("keyword", "token") or
                                       n.attrs.get("href", "").endswith("#" + anchor_id)):
            out.append(n.text())
    return out


@settings(max_examples=25, deadline=None)
@given(names=st.fixed_dictionaries({qid: NAMES for qid in TARGETS}))
def test_any_name_reads_as_itself_on_every_page(hostile_ir, names):
    model = SiteModel(_rename(hostile_ir, names))
    md = _md()
    pages = _pages(model, list(TARGETS))
    seen = {qid: 0 for qid in TARGETS}
    for path, text in pages.items():
        md.reset()
        body = md.convert(re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S))  # the front matter is MkDocs'
        tree = _Tree(body)
        for qid, name in names.items():
            for shown in _texts_of(tree, path, model, qid):
                assert shown == name or shown.startswith(name + " (") or shown == "page", (path, qid, name, shown)
                seen[qid] += shown != "page"
        # no element of content's making: the only tags are the templates' own
        tags = {n.tag for n in tree.root.walk()}
        assert not tags & {"script", "svg", "u", "b", "i", "img", "iframe", "style"}, (path, tags)
    assert all(seen.values()), seen  # each name was found somewhere


@settings(max_examples=200, deadline=None)
@given(name=NAMES)
def test_mermaid_labels_and_nav_titles_read_as_the_name(name):
    decoded = re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), mermaid_label(name))
    assert decoded == name
    assert not set(mermaid_label(name)) & set("\"<>[]{}()|`;&") - set("();")  # no Mermaid syntax left bare
    (title,) = nav_yaml([{name: "x.md"}])[0].keys()
    assert html.unescape(title) == name and "<" not in title and '"' not in title


@pytest.mark.parametrize("char", list("\\`*_{}[]#|~^=<>&\"'"))
def test_markdown_escaper_escapes_every_special_character(char):
    """`\\ _ { } ~ ^` and the rest: a raw one left in a name would be read as syntax."""
    out = str(escape.text(f"a{char}b{char}c"))
    assert char not in re.sub(r"&#?\w+;", "", out), out
    assert html.unescape(out) == f"a{char}b{char}c"


def test_underscores_do_not_become_emphasis():
    md = _md()
    body = md.convert(f"x {escape.text('_under_ score__ and ~~gone~~ ^^up^^')} y")
    assert "<em>" not in body and "<strong>" not in body and "<del>" not in body and "<sup>" not in body
    assert html.unescape(re.sub(r"<[^>]+>", "", body)) == "x _under_ score__ and ~~gone~~ ^^up^^ y"


def test_no_template_marks_content_safe():
    """Content reaches the page only through the escaping `finalize`: no template opts out."""
    for path in sorted(TEMPLATES.rglob("*.j2")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\|\s*safe\b|\bMarkup\s*\(|autoescape\s+false", text), path
